"""The records of a game of The Lucky Seven: options, the table, its effects and its events.

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
through ``card_set.table_of``.

The last four fields are those of every game: ``stack`` (the effects the
driver still has to resolve; empty whenever somebody must decide, see
``wasteland.core.driver``), ``events`` (what happened without a decision since
the last one, as the small records below), ``rng`` and ``viewer`` (None for
the table, the seat for a view).
"""

from __future__ import annotations

import enum
from typing import Annotated

from attrs import frozen

from wasteland.core.bounds import Within
from wasteland.core.codec import register_records
from wasteland.core.engine import WorkingCopy, working_copy
from wasteland.core.rng import Rng
from wasteland.lucky_seven.card_set import CardSet

__all__ = [
    "Options", "Phase", "Ending", "State", "Work", "NONE",
    "ResolveAttack", "CounterAttack", "EndOfTurn", "Effect", "RESOLVE_ATTACK", "COUNTER_ATTACK", "END_OF_TURN",
    "AFTER_ATTACK",
    "Placed", "MortarHit", "NoRoom", "Displaced", "Attacked", "CounterAttacked", "HelicopterCalled",
    "TurnBegan", "HelicopterLeaves", "SquadEliminated", "Event",
]

#: The "nobody / nothing" value of the int fields.
NONE = -1

#: What an int field names, for the checks of a file (``core.bounds``; ``rules.BOUNDS`` gives the ranges
#: of a table): a squad member, a threat of the table, a card of the card table, a cell, a row, a grid.
Member = Annotated[int, Within("member")]
MemberOrNone = Annotated[int, Within("member", also=(NONE,))]
Threat = Annotated[int, Within("threat")]
ThreatOrNone = Annotated[int, Within("threat", also=(NONE,))]
Card = Annotated[int, Within("card")]
Cell = Annotated[int, Within("cell")]
Row = Annotated[int, Within("row")]
Side = Annotated[int, Within("side")]


@frozen
class Options:
    """``players`` 1 or 2; ``variant`` "solo" (1 player), "competitive" or "cooperative"
    (2 players); ``depot`` adds the Depot card; ``cards`` a card set of one's own (None: the
    public set; see ``card_set``)."""

    players: int = 1
    variant: str = "solo"
    depot: bool = False
    cards: CardSet | None = None


class Phase(enum.Enum):
    ENCOUNTER = "encounter"
    MANEUVER = "maneuver"
    ATTACK = "attack"
    OVER = "over"


class Ending(enum.StrEnum):
    """How a game ends (``Outcome.code``)."""

    SQUAD_ELIMINATED = "squad_eliminated"
    THREATS_LEFT = "threats_left"
    LANDING_ZONE_CLEAR = "landing_zone_clear"


# -- effects: the automatic steps that follow one another (on the stack, top last) ---------------

@frozen
class ResolveAttack:
    """Discard every attacked threat whose attackers are strong enough."""


@frozen
class CounterAttack:
    """The threats still in play strike (Infantry, Machine Guns, Tanks)."""


@frozen
class EndOfTurn:
    """Flipped Depots leave; the helicopter leaves or the next turn begins."""


Effect = ResolveAttack | CounterAttack | EndOfTurn
RESOLVE_ATTACK = ResolveAttack()
COUNTER_ATTACK = CounterAttack()
END_OF_TURN = EndOfTurn()
#: What follows the attack phase, as stack entries (top last: the attack resolves first).
AFTER_ATTACK: tuple[Effect, ...] = (END_OF_TURN, COUNTER_ATTACK, RESOLVE_ATTACK)


# -- events: what happened without a decision (text is made only by render.events) ---------------

@frozen
class Placed:
    """Threats ``cards`` were dealt to ``cells`` (in the same order; a flare lies on top of what
    is there): one event for the threats a deal placed in a row of decisions-free steps."""

    cards: tuple[Card, ...]
    cells: tuple[Cell, ...]


@frozen
class MortarHit:
    """Mortar ``card`` fell on ``cell``: ``hit`` the member there (flipped down and rotated, or -1),
    ``downed`` the adjacent members it flipped down."""

    card: Card
    cell: Cell
    hit: MemberOrNone
    downed: tuple[Member, ...]


@frozen
class NoRoom:
    """Threat ``card`` was discarded: row ``row`` (``side * 4 + row``) holds only threats."""

    card: Card
    row: Row


@frozen
class Displaced:
    """A full row: ``member`` was discarded and threat ``card`` took its ``cell``."""

    member: Member
    card: Card
    cell: Cell


@frozen
class Attacked:
    """The attack on threat ``card`` in ``cell``: the attackers' ``total`` against its strength
    ``needed`` (after the Joker); ``defeated`` if it fell."""

    card: Card
    cell: Cell
    total: int
    needed: int
    defeated: bool


@frozen
class CounterAttacked:
    """The counter-attack: the members who ``fell``, those a flipped Depot ``saved``, the
    ``tanks`` that left."""

    fell: tuple[Member, ...]
    saved: tuple[Member, ...]
    tanks: tuple[Card, ...]


@frozen
class HelicopterCalled:
    """The last threat of grid ``side``'s deck was dealt: one more turn after this one."""

    side: Side


@frozen
class TurnBegan:
    """Turn ``turn`` of grid ``side`` began; ``final``: the turn without a deal."""

    side: Side
    turn: int
    final: bool


@frozen
class HelicopterLeaves:
    """The final turn is over: the game ends."""


@frozen
class SquadEliminated:
    """The last member of grid ``side``'s squad was discarded: the game ends."""

    side: Side


Event = (Placed | MortarHit | NoRoom | Displaced | Attacked | CounterAttacked | HelicopterCalled | TurnBegan
         | HelicopterLeaves | SquadEliminated)


@frozen(cache_hash=True, weakref_slot=False)
class State:
    """A whole table (or a player's view of it: ``viewer`` is then that seat).

    ``active`` is the side (grid) whose turn it is; ``turn`` counts that side's
    turns from 1. ``final`` marks the turn after the helicopter was called (no
    deal). ``selected``/``moved`` track the squad member acting in the
    maneuver; ``attacks`` the (member, target cell) assignments of the attack
    phase; ``pending``/``pending_row`` a drawn threat that waits for a row
    (competitive) or for the player to discard a squad member (full row);
    ``dealt_rows`` the rows of the active grid that got a threat this turn.
    ``backed`` the members put back (``Deselect``) since a member last acted: they
    cannot be selected again until one does.
    ``down`` and ``rotated`` hold ids of squad members on the grid.
    """

    options: Options
    phase: Phase
    turn: Annotated[int, Within("turn", fixed=range(1, 10_001))]
    active: Side
    final: bool
    row_cards: tuple[int, ...]
    column_cards: tuple[int, ...]
    squad: tuple[MemberOrNone, ...]
    threats: tuple[ThreatOrNone, ...]
    flares: tuple[tuple[Cell, Threat], ...]
    down: frozenset[Member]
    rotated: frozenset[Member]
    backed: frozenset[Member]
    selected: MemberOrNone
    moved: bool
    attacks: tuple[tuple[Member, Cell], ...]
    pending: ThreatOrNone
    pending_row: Annotated[int, Within("row", also=(NONE,), fixed=range(4))]
    dealt_rows: frozenset[Annotated[int, Within("row", fixed=range(4))]]
    decks: tuple[tuple[Threat, ...], ...]
    discard: tuple[Threat, ...]
    fallen: tuple[Member, ...]
    depots: tuple[Threat, ...]
    stack: tuple[Effect, ...]
    events: tuple[Event, ...]
    rng: Rng
    viewer: Annotated[int, Within("seat")] | None


@working_copy(State)
class Work(WorkingCopy[State]):
    """The mutable working copy of a State that the rules change in place (lists and sets where
    the State has tuples and frozensets; the map cards never change)."""

    squad: list[int]
    threats: list[int]
    flares: list[tuple[int, int]]
    down: set[int]
    rotated: set[int]
    backed: set[int]
    attacks: list[tuple[int, int]]
    dealt_rows: set[int]
    decks: list[tuple[int, ...]]
    discard: list[int]
    fallen: list[int]
    depots: list[int]
    stack: list[Effect]
    events: list[Event]


#: Every record the State holds (options, effects, events), registered with the codec as
#: ``lucky_seven.<ClassName>``.
register_records("lucky_seven", State)
