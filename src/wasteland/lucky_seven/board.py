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
once per number of grids: :data:`GEOMETRY`.

**Questions.** The rules read a table through :class:`Board`: a frozen
``State`` or the mutable working copy of ``rules.Work`` (lists and sets where
the state has tuples and frozensets). The questions here only read:
``can_get_up``, ``squad_eliminated``, ``threats_left``, ``flare_cells``...
"""

from __future__ import annotations

from typing import AbstractSet, Protocol, Sequence

from attrs import frozen

from wasteland.core.board import Layout, grid, join
from wasteland.lucky_seven.cards import LEADER, SQUAD_SIZE
from wasteland.lucky_seven.state import Options, Phase

__all__ = [
    "ROWS", "COLUMNS", "GRID", "Geometry", "GEOMETRY", "geometry", "cell_of", "side_of", "row_of", "column_of",
    "PLACEMENT_ORDER", "Board", "flare_cells", "squad_eliminated", "threats_left", "can_get_up",
    "helicopter_called", "helicopter_leaves",
]

ROWS = 4
COLUMNS = 7
GRID = ROWS * COLUMNS


def cell_of(side: int, row: int, column: int) -> int:
    return side * GRID + row * COLUMNS + column


def side_of(cell: int) -> int:
    return cell // GRID


def row_of(cell: int) -> int:
    return cell % GRID // COLUMNS


def column_of(cell: int) -> int:
    return cell % COLUMNS


def _placement(target: int) -> tuple[int, ...]:
    """Infantry and Machine Guns: the nearest empty cell in the row, ties toward the centre."""
    return tuple(sorted(range(1, 7), key=lambda c: (abs(c - target), abs(2 * c - 7))))


#: For each printed column 1-6, the map columns to try in order (index 0 unused).
PLACEMENT_ORDER: tuple[tuple[int, ...], ...] = ((),) + tuple(_placement(c) for c in range(1, 7))


@frozen
class Geometry:
    """The tables of one table layout (one grid, or two facing grids), read by cell.

    ``adjacent``, ``diagonal`` and ``steps`` are the core layout's (a step is
    ``(target, a, b)`` with the two cells a diagonal step passes between, -1
    for an orthogonal one); ``map_cells[side]`` are the 24 map cells of a grid
    (row by row), ``row_cells[side * 4 + row]`` the six map cells of a row.
    """

    sides: int
    layout: Layout
    adjacent: tuple[tuple[int, ...], ...]
    diagonal: tuple[tuple[int, ...], ...]
    steps: tuple[tuple[tuple[int, int, int], ...], ...]
    map_cells: tuple[tuple[int, ...], ...]
    row_cells: tuple[tuple[int, ...], ...]


def _geometry(sides: int) -> Geometry:
    one = grid(ROWS, COLUMNS, lambda r, c: c >= 1)  # the tank column touches nothing
    if sides == 1:
        layout = one
    else:
        edge = [(c, GRID + COLUMNS - c) for c in range(1, 7)]  # top rows face each other: c meets 7 - c
        corners = [(c, GRID + COLUMNS - c + d) for c in range(1, 7) for d in (-1, 1) if 1 <= COLUMNS - c + d <= 6]
        layout = join([one, one], adjacent=edge, diagonal=corners)
    return Geometry(
        sides=sides,
        layout=layout,
        adjacent=layout.adjacent,
        diagonal=layout.diagonal,
        steps=layout.steps,
        map_cells=tuple(tuple(cell_of(s, r, c) for r in range(ROWS) for c in range(1, 7)) for s in range(sides)),
        row_cells=tuple(tuple(cell_of(s, r, c) for c in range(1, 7)) for s in range(sides) for r in range(ROWS)),
    )


#: The geometry by number of grids on the table.
GEOMETRY: dict[int, Geometry] = {1: _geometry(1), 2: _geometry(2)}


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
