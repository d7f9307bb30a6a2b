"""The records of a game of The Lucky Seven.

The state is one flat record of tuples indexed by cell (see ``board``) and
small sets of card ids, so that a decision copies little. Card ids are those
of ``cards`` (offset for the second set in the cooperative game). Every card
is in exactly one zone:

* squad members: on a cell of ``squad`` or in ``fallen``;
* threats: in a deck, on a cell of ``threats`` (the tank column included), in
  ``flares`` (a flare lies on top of whatever is in its cell), ``pending`` (drawn
  and waiting for a decision), ``depots`` (a defeated Depot, flipped over until
  the end of the turn) or ``discard``;
* map cards: in ``row_cards`` or ``column_cards``.

The card facts (kinds, strengths, columns) are those of ``options.cards``, read
through ``table.cards_of``.
"""

from __future__ import annotations

import enum

from attrs import frozen

from wasteland.core.codec import register
from wasteland.core.rng import Rng
from wasteland.lucky_seven.card_set import CardSet

__all__ = ["Options", "Phase", "State", "NONE"]

#: The "nobody / nothing" value of the int fields.
NONE = -1


@register
@frozen
class Options:
    """``players`` 1 or 2; ``variant`` "solo" (1 player), "competitive" or "cooperative"
    (2 players); ``depot`` adds the Depot card; ``cards`` a card set of one's own (None: the
    public set; see ``card_set``)."""

    players: int = 1
    variant: str = "solo"
    depot: bool = False
    cards: CardSet | None = None


@register
class Phase(enum.Enum):
    ENCOUNTER = "encounter"
    MANEUVER = "maneuver"
    ATTACK = "attack"
    OVER = "over"


@register
@frozen(cache_hash=True)
class State:
    """A whole table.

    ``active`` is the side (grid) whose turn it is; ``turn`` counts that side's
    turns from 1. ``final`` marks the turn after the helicopter was called (no
    deal). ``selected``/``moved`` track the squad member acting in the
    maneuver; ``attacks`` the (member, target cell) assignments of the attack
    phase; ``pending``/``pending_row`` a drawn threat that waits for a row
    (competitive) or for the player to discard a squad member (full row);
    ``dealt_rows`` the rows of the active grid that got a threat this turn.
    ``down`` and ``rotated`` hold ids of squad members on the grid.
    """

    options: Options
    phase: Phase
    turn: int
    active: int
    final: bool
    row_cards: tuple[int, ...]
    column_cards: tuple[int, ...]
    squad: tuple[int, ...]
    threats: tuple[int, ...]
    flares: tuple[tuple[int, int], ...]
    down: frozenset[int]
    rotated: frozenset[int]
    selected: int
    moved: bool
    attacks: tuple[tuple[int, int], ...]
    pending: int
    pending_row: int
    dealt_rows: frozenset[int]
    decks: tuple[tuple[int, ...], ...]
    discard: tuple[int, ...]
    fallen: tuple[int, ...]
    depots: tuple[int, ...]
    rng: Rng

