"""Piles of cards as persistent vectors.

A pile is a ``PVector``; **its top is index 0**. Every function returns new
piles and never changes its arguments, so draws and moves cannot create or
lose a card: what leaves one pile is returned to be put somewhere else.
"""

from __future__ import annotations

from typing import Callable, Iterable, Sequence, TypeVar

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
Pile = PVector


def draw(pile: PVector[C], n: int) -> tuple[tuple[C, ...], PVector[C]]:
    """The top ``n`` cards (top first) and the rest; ValueError if the pile is short."""
    if n < 0:
        raise ValueError(f"cannot draw a negative number of cards ({n})")
    if n > len(pile):
        raise ValueError(f"cannot draw {n} cards from a pile of {len(pile)}")
    return tuple(pile[:n]), pile[n:]


def draw_upto(pile: PVector[C], n: int) -> tuple[tuple[C, ...], PVector[C]]:
    """Like :func:`draw`, but takes what there is when the pile holds fewer than ``n``."""
    return draw(pile, min(max(n, 0), len(pile)))


def draw_reshuffling(
    deck: PVector[C], discard: PVector[C], n: int, rng: Rng
) -> tuple[tuple[C, ...], PVector[C], PVector[C], Rng]:
    """Draw ``n`` from ``deck``; whenever it runs out, shuffle ``discard`` into a new deck.

    Stops early only when both piles are empty. Returns the drawn cards (in draw
    order), the deck, the discard and the advanced ``Rng``.
    """
    drawn, deck = draw_upto(deck, n)
    if len(drawn) < n and discard:
        shuffled, rng = rng.shuffle(discard)
        more, deck = draw_upto(pvector(shuffled), n - len(drawn))
        drawn += more
        discard = pvector()
    return drawn, deck, discard, rng


def put_top(pile: PVector[C], cards: Iterable[C]) -> PVector[C]:
    """Put ``cards`` on top, the first of them ending up topmost."""
    return pvector(cards).extend(pile)


def put_bottom(pile: PVector[C], cards: Iterable[C]) -> PVector[C]:
    """Put ``cards`` under the pile, in order (the last of them at the very bottom)."""
    return pile.extend(cards)


def remove_at(pile: PVector[C], index: int) -> tuple[C, PVector[C]]:
    """The card at ``index`` and the pile without it."""
    return pile[index], pile.delete(index)


def remove(pile: PVector[C], card: C) -> PVector[C]:
    """The pile without (the first copy of) ``card``; ValueError if it is not there."""
    return pile.remove(card)


def find(pile: Sequence[C], predicate: Callable[[C], bool]) -> int | None:
    """The index of the topmost card matching ``predicate``, or None."""
    for index, card in enumerate(pile):
        if predicate(card):
            return index
    return None


def shuffle(pile: Sequence[C], rng: Rng) -> tuple[PVector[C], Rng]:
    """The pile in a uniformly random order, and the advanced ``Rng``."""
    shuffled, rng = rng.shuffle(pile)
    return pvector(shuffled), rng


def move(
    source: PVector[C], target: PVector[C], card: C, *, to_top: bool = True
) -> tuple[PVector[C], PVector[C]]:
    """Take ``card`` out of ``source`` and put it on top (or bottom) of ``target``."""
    source = remove(source, card)
    target = put_top(target, (card,)) if to_top else target.append(card)
    return source, target
