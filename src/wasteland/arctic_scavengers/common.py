"""Small functions shared by the phases: record updates, tuple edits, pile draws."""

from __future__ import annotations

from typing import Any, NoReturn, TypeVar

from wasteland.arctic_scavengers.state import Cards, State
from wasteland.core.game import IllegalAction
from wasteland.core.rng import Rng

__all__ = ["change", "set_at", "illegal", "draw_cards", "without", "next_seat"]

T = TypeVar("T")


def change(s: State, **changes: Any) -> State:
    """A copy of ``s`` with ``changes`` applied (``attrs.evolve``, spelled out for speed)."""
    g = changes.get
    return State(
        g('options', s.options),
        g('round', s.round),
        g('phase', s.phase),
        g('initiator', s.initiator),
        g('turn', s.turn),
        g('hands', s.hands),
        g('decks', s.decks),
        g('discards', s.discards),
        g('played', s.played),
        g('secret', s.secret),
        g('junkyard', s.junkyard),
        g('contested', s.contested),
        g('piles', s.piles),
        g('removed', s.removed),
        g('used', s.used),
        g('food', s.food),
        g('task', s.task),
        g('committed', s.committed),
        g('equipped', s.equipped),
        g('dug', s.dug),
        g('spent', s.spent),
        g('rng', s.rng),
    )


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
