"""Small functions shared by the phases: tuple edits, seats, refusals."""

from __future__ import annotations

from typing import NoReturn, TypeVar

from wasteland.arctic_scavengers.state import Cards
from wasteland.core.game import IllegalAction

__all__ = ["set_at", "illegal", "without", "next_seat"]

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
