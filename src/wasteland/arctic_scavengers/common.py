"""Small helpers shared by the phases: record updates, tuple edits, pile draws."""

from __future__ import annotations

from typing import Any, NoReturn, TypeVar

import attrs

from wasteland.arctic_scavengers.state import Cards, State
from wasteland.core.game import IllegalAction
from wasteland.core.rng import Rng

__all__ = ["change", "set_at", "illegal", "draw_cards", "without", "next_seat"]

T = TypeVar("T")


def change(state: State, **changes: Any) -> State:
    """A copy of ``state`` with ``changes`` applied."""
    return attrs.evolve(state, **changes)


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


def draw_cards(deck: Cards, discard: Cards, n: int, rng: Rng) -> tuple[Cards, Cards, Cards, Rng]:
    """Draw ``n`` from the top of ``deck``, shuffling ``discard`` into a new deck when it runs out.

    Returns (drawn, deck, discard, rng); draws fewer only when both piles are empty.
    """
    if len(deck) >= n:
        return deck[:n], deck[n:], discard, rng
    drawn = deck
    deck = ()
    if discard:
        shuffled, rng = rng.shuffle(discard)
        need = n - len(drawn)
        drawn = drawn + shuffled[:need]
        deck = shuffled[need:]
        discard = ()
    return drawn, deck, discard, rng
