"""The map grid, and the questions every phase asks about the table.

**Geometry.** A grid has 4 rows (row 0 is the top) and 7 columns: column 0 is
the tank column at the left end of each row, outside the map; columns 1-6 are
the map columns under the six column cards. A cell is a number::

    cell = side * 28 + row * 7 + column

``side`` is 0 in the solo and competitive games; in the cooperative game the
second player's grid is side 1. The two grids face each other at their top
rows, so column ``c`` of one top row touches column ``7 - c`` of the other
(and, diagonally, that column's neighbours). "Adjacent" in the rules means
orthogonally adjacent; the diagonal tables serve the Leader and the Natural.
The tables come from ``wasteland.core.board`` (``grid`` and ``join``), built
once per number of grids: :data:`GEOMETRY` (defined with the cards, in ``cards``, so
that the setup reads it too; this module names it for the rules).

**Questions.** The rules read a table through :class:`Board`: a frozen
``State`` or the mutable working copy of ``rules.Work`` (lists and sets where
the state has tuples and frozensets). The questions here only read:
``can_get_up``, ``squad_eliminated``, ``threats_left``, ``flare_cells``...
"""

from __future__ import annotations

from typing import AbstractSet, Protocol, Sequence

from wasteland.core.game import short
from wasteland.lucky_seven.actions import (
    Attack, ChooseRow, Deselect, Discard, EndPhase, GetDown, GetUp, Move, Select, Stop,
)
from wasteland.lucky_seven.cards import (
    COLUMNS, GEOMETRY, GRID, LEADER, PLACEMENT_ORDER, ROWS, SQUAD_SIZE, Geometry, cell_of, column_of, row_of, side_of,
)
from wasteland.lucky_seven.state import Options, Phase, State

__all__ = [
    "ROWS", "COLUMNS", "GRID", "Geometry", "GEOMETRY", "geometry", "cell_of", "side_of", "row_of", "column_of",
    "PLACEMENT_ORDER", "Board", "flare_cells", "squad_eliminated", "threats_left", "can_get_up",
    "helicopter_called", "helicopter_leaves", "phase_reason", "member_reason", "cell_reason",
]

class Board(Protocol):
    """What the rules read from a table: a ``State`` or its working copy ``rules.Work``."""

    @property
    def options(self) -> Options: ...
    @property
    def phase(self) -> Phase: ...
    @property
    def turn(self) -> int: ...
    @property
    def active(self) -> int: ...
    @property
    def final(self) -> bool: ...
    @property
    def squad(self) -> Sequence[int]: ...
    @property
    def threats(self) -> Sequence[int]: ...
    @property
    def flares(self) -> Sequence[tuple[int, int]]: ...
    @property
    def down(self) -> AbstractSet[int]: ...
    @property
    def rotated(self) -> AbstractSet[int]: ...
    @property
    def backed(self) -> AbstractSet[int]: ...
    @property
    def selected(self) -> int: ...
    @property
    def moved(self) -> bool: ...
    @property
    def attacks(self) -> Sequence[tuple[int, int]]: ...
    @property
    def pending(self) -> int: ...
    @property
    def pending_row(self) -> int: ...
    @property
    def dealt_rows(self) -> AbstractSet[int]: ...
    @property
    def decks(self) -> Sequence[tuple[int, ...]]: ...
    @property
    def fallen(self) -> Sequence[int]: ...
    @property
    def depots(self) -> Sequence[int]: ...


def geometry(board: Board) -> Geometry:
    """The geometry of this table (one grid, or two facing grids)."""
    return GEOMETRY[len(board.decks)]


def flare_cells(board: Board) -> frozenset[int]:
    """The cells a flare lies in."""
    return frozenset(cell for cell, _ in board.flares)


def squad_eliminated(board: Board) -> bool:
    """A squad is gone when all its members are discarded (in the cooperative game, either squad)."""
    fallen = board.fallen
    if len(fallen) < SQUAD_SIZE:
        return False
    counts = [0] * len(board.decks)
    for member in fallen:
        counts[member // SQUAD_SIZE] += 1
    return SQUAD_SIZE in counts


def threats_left(board: Board) -> int:
    """How many threats lie on the grids (flares included, flipped Depots not)."""
    return sum(1 for t in board.threats if t >= 0) + len(board.flares)


def can_get_up(board: Board, member: int, cell: int) -> bool:
    """A down member gets up with the help of an adjacent up member; the up Leader also helps
    diagonally; the Leader gets up alone."""
    down = board.down
    if member not in down:
        return False
    if member % SQUAD_SIZE == LEADER:
        return True
    squad = board.squad
    tables = GEOMETRY[len(board.decks)]
    for near in tables.adjacent[cell]:
        helper = squad[near]
        if helper >= 0 and helper not in down:
            return True
    for near in tables.diagonal[cell]:
        helper = squad[near]
        if helper >= 0 and helper % SQUAD_SIZE == LEADER and helper not in down:
            return True
    return False


def helicopter_called(board: Board) -> bool:
    """The active grid's last threats have been dealt: the helicopter is on its way."""
    return not board.decks[board.active]


def helicopter_leaves(board: Board) -> bool:
    """The final turn (no deal) of the last grid to play is over."""
    return board.final and board.active == len(board.decks) - 1 and not any(board.decks)


# -- what every reason asks first ------------------------------------------------------------------

#: The action types each phase decides (the encounter's depend on what waits: see ``phase_reason``).
_MANEUVER_ACTIONS = frozenset({Select, Move, GetUp, GetDown, Stop, Deselect, EndPhase})
_ATTACK_ACTIONS = frozenset({Attack, EndPhase})


def phase_reason(state: State, action: object) -> str | None:
    """Why an action of this type is not a decision of the phase in play, or None: the maneuver
    selects and moves members, the attack assigns attacks, the encounter waits for a row
    (``ChooseRow``) or for a member to discard from a full row (``Discard``)."""
    kind = type(action)
    phase = state.phase
    if phase is Phase.MANEUVER:
        return None if kind in _MANEUVER_ACTIONS else f"{short(kind.__name__)} is not a maneuver action"
    if phase is Phase.ATTACK:
        return None if kind in _ATTACK_ACTIONS else f"{short(kind.__name__)} is not an attack action"
    if state.pending < 0:
        return "no decision is pending: the threats are being dealt"
    if state.pending_row < 0:
        return None if kind is ChooseRow else "the second player must choose a row for the drawn threat"
    return None if kind is Discard else "the row is full: discard a squad member in it"


def member_reason(state: State, member: int) -> str | None:
    """Why ``member`` is not a squad member standing on the grid in play, or None."""
    if not 0 <= member < SQUAD_SIZE * len(state.decks) or member // SQUAD_SIZE != state.active:
        return f"{short(member)} is not a squad member of the grid in play"
    if member not in state.squad:
        return f"squad member {member} has been discarded"
    return None


def cell_reason(state: State, cell: int) -> str | None:
    """Why ``cell`` is not a cell of the table, or None."""
    return None if 0 <= cell < len(state.squad) else f"cell {short(cell)} is off the map"
