"""Piles of cards.

A pile is a ``PVector`` or a tuple; **its top is index 0**. Every function
returns piles of the same kind as it was given and never changes its
arguments, so draws and moves cannot create or lose a card: what leaves one
pile is returned to be put somewhere else. Tuples suit small piles of card ids
(they are the fastest to slice and compare); ``PVector`` suits long piles of
records.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, Sequence, TypeVar

from pyrsistent import PVector, pvector

from wasteland.core.rng import Rng

__all__ = [
    "Pile",
    "draw",
    "draw_upto",
    "draw_reshuffling",
    "put_top",
    "put_bottom",
    "remove",
    "remove_at",
    "find",
    "shuffle",
    "move",
]

C = TypeVar("C")
#: A pile: a persistent vector or a tuple. Functions hand back the kind they were given.
Pile = TypeVar("Pile", PVector[Any], tuple[Any, ...])


def _like(pile: Pile, items: Iterable[Any]) -> Pile:
    """``items`` as a pile of the same kind as ``pile``."""
    if isinstance(pile, tuple):
        return tuple(items)
    return pvector(items)


def draw(pile: Pile, n: int) -> tuple[tuple[Any, ...], Pile]:
    """The top ``n`` cards (top first) and the rest; ValueError if the pile is short."""
    if n < 0:
        raise ValueError(f"cannot draw a negative number of cards ({n})")
    if n > len(pile):
        raise ValueError(f"cannot draw {n} cards from a pile of {len(pile)}")
    return tuple(pile[:n]), pile[n:]


def draw_upto(pile: Pile, n: int) -> tuple[tuple[Any, ...], Pile]:
    """Like :func:`draw`, but takes what there is when the pile holds fewer than ``n``."""
    return draw(pile, min(max(n, 0), len(pile)))


def draw_reshuffling(deck: Pile, discard: Pile, n: int, rng: Rng) -> tuple[tuple[Any, ...], Pile, Pile, Rng]:
    """Draw ``n`` from ``deck``; when it runs out, shuffle ``discard`` into a new deck and go on.

    Stops early only when both piles are empty. Returns the drawn cards (in draw
    order), the deck, the discard and the advanced ``Rng`` (advanced only when
    a reshuffle happened).
    """
    if len(deck) >= n:
        return tuple(deck[:n]), deck[n:], discard, rng
    drawn = tuple(deck)
    deck = _like(deck, ())
    if discard:
        shuffled, rng = rng.shuffle(discard)
        more, deck = draw_upto(_like(deck, shuffled), n - len(drawn))
        drawn += more
        discard = _like(discard, ())
    return drawn, deck, discard, rng


def put_top(pile: Pile, cards: Iterable[Any]) -> Pile:
    """Put ``cards`` on top, the first of them ending up topmost."""
    if isinstance(pile, tuple):
        return tuple(cards) + pile
    return pvector(cards).extend(pile)


def put_bottom(pile: Pile, cards: Iterable[Any]) -> Pile:
    """Put ``cards`` under the pile, in order (the last of them at the very bottom)."""
    if isinstance(pile, tuple):
        return pile + tuple(cards)
    return pile.extend(cards)


def remove_at(pile: Pile, index: int) -> tuple[Any, Pile]:
    """The card at ``index`` and the pile without it."""
    card = pile[index]
    if isinstance(pile, tuple):
        at = index % len(pile)
        return card, pile[:at] + pile[at + 1 :]
    return card, pile.delete(index)


def remove(pile: Pile, card: Any) -> Pile:
    """The pile without (the first copy of) ``card``; ValueError if it is not there."""
    if isinstance(pile, tuple):
        index = pile.index(card)
        return pile[:index] + pile[index + 1 :]
    return pile.remove(card)


def find(pile: Sequence[C], predicate: Callable[[C], bool]) -> int | None:
    """The index of the topmost card matching ``predicate``, or None."""
    for index, card in enumerate(pile):
        if predicate(card):
            return index
    return None


def shuffle(pile: Sequence[C], rng: Rng) -> tuple[PVector[C], Rng]:
    """The pile in a uniformly random order as a ``PVector``, and the advanced ``Rng``.

    (``Rng.shuffle`` gives the same order as a tuple.)
    """
    shuffled, rng = rng.shuffle(pile)
    return pvector(shuffled), rng


def move(source: Pile, target: Pile, card: Any, *, to_top: bool = True) -> tuple[Pile, Pile]:
    """Take ``card`` out of ``source`` and put it on top (or bottom) of ``target``."""
    source = remove(source, card)
    target = put_top(target, (card,)) if to_top else put_bottom(target, (card,))
    return source, target
