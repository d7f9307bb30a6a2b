"""Small functions shared by the phases: ability totals, tuple edits, seats, refusals."""

from __future__ import annotations

from typing import NoReturn, TypeVar

from wasteland.arctic_scavengers.state import Cards
from wasteland.arctic_scavengers.table import Table
from wasteland.core.game import IllegalAction

__all__ = ["best_total", "set_at", "illegal", "without", "next_seat"]

T = TypeVar("T")


def set_at(items: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """``items`` with position ``index`` replaced by ``value``."""
    return items[:index] + (value,) + items[index + 1:]


def without(cards: Cards, gone: Cards | frozenset[int]) -> Cards:
    """``cards`` minus every card in ``gone``, order kept."""
    return tuple(c for c in cards if c not in gone)


def next_seat(seat: int, players: int) -> int:
    """The seat to the left (clockwise)."""
    return (seat + 1) % players


def illegal(reason: str) -> NoReturn:
    raise IllegalAction(reason)


def best_total(table: Table, cards: Cards, ability: int) -> int:
    """The highest total ``cards`` can reach for ``ability`` (persons plus modifiers)."""
    base, bonus, is_leader = table.base[ability], table.bonus[ability], table.is_leader
    persons = total = 0
    tools: list[int] = []
    leaders: list[int] = []
    for c in cards:
        b = base[c]
        if b >= 0:
            persons += 1
            total += b
        elif bonus[c]:
            (leaders if is_leader[c] else tools).append(bonus[c])
    if not persons:
        return 0
    tools.sort(reverse=True)
    leaders.sort(reverse=True)
    return total + sum(tools[:persons]) + sum(leaders[:persons])
