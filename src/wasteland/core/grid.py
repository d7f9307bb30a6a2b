"""Boards: rectangular grids of cells (graphs of spaces with typed borders are in
:mod:`wasteland.core.spaces`).

Rectangular grids
-----------------
A cell is a ``(row, col)`` tuple of ints (:data:`Coord`), row 0 at the top,
column 0 at the left. A :class:`Grid` record knows its size and answers
bounds, neighbours and paths; the free functions (:func:`manhattan`,
:func:`chebyshev`, :func:`flanking`, :func:`cells_between` ...) need no bounds.

Every list of cells comes in **reading order** (by row, then column), so
results are deterministic. Paths are found by breadth-first search; among all
shortest paths :meth:`Grid.shortest_path` returns the one whose sequence of
cells is smallest in reading order. Path searches take:

* ``blocked`` — cells that may not be entered (the start may be one of them:
  a figure can always leave the cell it stands in);
* ``diagonal`` — whether diagonal steps are allowed;
* ``corner_blockers`` — a diagonal step is refused when *both* cells flanking
  it (see :func:`flanking`) are in this set: "never move diagonally between
  two threats".

Everything here is immutable; neighbour tables are computed once per grid
size or graph and cached.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Collection, Hashable, Iterable, Mapping
from functools import lru_cache
from typing import TypeVar

from attrs import field, frozen
from pyrsistent import PMap, pmap

from wasteland.core.codec import register

__all__ = [
    "Coord",
    "Grid",
    "manhattan",
    "chebyshev",
    "is_orthogonal_step",
    "is_diagonal_step",
    "is_adjacent",
    "flanking",
    "squeezed",
    "cells_between",
]

Coord = tuple[int, int]
N = TypeVar("N", bound=Hashable)

_NONE: frozenset[Coord] = frozenset()


def _as_set(cells: Collection[Coord]) -> Collection[Coord]:
    """``cells`` ready for fast membership tests (lists and tuples become frozensets)."""
    return cells if isinstance(cells, (set, frozenset)) else frozenset(cells)


# ---------------------------------------------------------------------------
# Geometry that needs no bounds


def manhattan(a: Coord, b: Coord) -> int:
    """Orthogonal steps between ``a`` and ``b`` on an open grid: ``|dr| + |dc|``."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def chebyshev(a: Coord, b: Coord) -> int:
    """King steps (orthogonal or diagonal) between ``a`` and ``b``: ``max(|dr|, |dc|)``."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def is_orthogonal_step(a: Coord, b: Coord) -> bool:
    """``b`` is directly above, below, left or right of ``a``."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


def is_diagonal_step(a: Coord, b: Coord) -> bool:
    """``b`` touches ``a`` only at a corner."""
    return abs(a[0] - b[0]) == 1 and abs(a[1] - b[1]) == 1


def is_adjacent(a: Coord, b: Coord, *, diagonal: bool = False) -> bool:
    """``b`` is one step from ``a``: orthogonally, or also diagonally when ``diagonal``."""
    if diagonal:
        return a != b and chebyshev(a, b) == 1
    return is_orthogonal_step(a, b)


def flanking(a: Coord, b: Coord) -> tuple[Coord, Coord]:
    """The two cells beside a diagonal step from ``a`` to ``b``, in reading order.

    They are the cells orthogonally adjacent to both ``a`` and ``b``: the step
    from (2, 2) to (1, 3) passes between (1, 2) and (2, 3). ValueError unless
    ``a`` and ``b`` are diagonal neighbours.
    """
    if not is_diagonal_step(a, b):
        raise ValueError(f"{a} to {b} is not a diagonal step")
    first, second = (a[0], b[1]), (b[0], a[1])
    return (first, second) if first < second else (second, first)


def squeezed(a: Coord, b: Coord, occupied: Collection[Coord]) -> bool:
    """A diagonal step from ``a`` to ``b`` passes between two ``occupied`` cells.

    False for any step that is not diagonal.
    """
    if not is_diagonal_step(a, b):
        return False
    return (a[0], b[1]) in occupied and (b[0], a[1]) in occupied


def cells_between(a: Coord, b: Coord) -> tuple[Coord, ...]:
    """The cells strictly between ``a`` and ``b`` on a row, column or diagonal, from ``a``.

    Empty for neighbours and for ``a == b``. ValueError when ``a`` and ``b`` are
    on no common straight line (knight-like offsets have no cells between).
    """
    dr, dc = b[0] - a[0], b[1] - a[1]
    if dr and dc and abs(dr) != abs(dc):
        raise ValueError(f"{a} and {b} share no row, column or diagonal")
    steps = max(abs(dr), abs(dc))
    if steps == 0:
        return ()
    sr, sc = (dr > 0) - (dr < 0), (dc > 0) - (dc < 0)
    return tuple((a[0] + sr * k, a[1] + sc * k) for k in range(1, steps))


# ---------------------------------------------------------------------------
# Rectangular grids


def _positive(_instance: object, attribute: object, value: int) -> None:
    if type(value) is not int or value < 1:
        name = getattr(attribute, "name", "size")
        raise ValueError(f"a grid needs a positive integer {name}, got {value!r}")


@lru_cache(maxsize=64)
def _neighbour_table(rows: int, cols: int, kind: str) -> Mapping[Coord, tuple[Coord, ...]]:
    if kind == "orthogonal":
        offsets: tuple[Coord, ...] = ((-1, 0), (0, -1), (0, 1), (1, 0))
    elif kind == "diagonal":
        offsets = ((-1, -1), (-1, 1), (1, -1), (1, 1))
    else:
        offsets = ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1))
    table: dict[Coord, tuple[Coord, ...]] = {}
    for r in range(rows):
        for c in range(cols):
            table[(r, c)] = tuple(
                (r + dr, c + dc)
                for dr, dc in offsets
                if 0 <= r + dr < rows and 0 <= c + dc < cols
            )
    return table


@register
@frozen
class Grid:
    """A ``rows`` × ``cols`` board of cells ``(row, col)``, row 0 at the top."""

    rows: int = field(validator=_positive)
    cols: int = field(validator=_positive)

    # -- cells and bounds --------------------------------------------------

    def contains(self, cell: object) -> bool:
        """``cell`` is a ``(row, col)`` pair of ints inside the grid; False for anything else."""
        return (
            type(cell) is tuple
            and len(cell) == 2
            and type(cell[0]) is int
            and type(cell[1]) is int
            and 0 <= cell[0] < self.rows
            and 0 <= cell[1] < self.cols
        )

    def cells(self) -> tuple[Coord, ...]:
        """Every cell, in reading order."""
        return tuple((r, c) for r in range(self.rows) for c in range(self.cols))

    def row(self, r: int) -> tuple[Coord, ...]:
        """The cells of row ``r``, left to right."""
        self._check((r, 0))
        return tuple((r, c) for c in range(self.cols))

    def column(self, c: int) -> tuple[Coord, ...]:
        """The cells of column ``c``, top to bottom."""
        self._check((0, c))
        return tuple((r, c) for r in range(self.rows))

    def _check(self, cell: object) -> None:
        if not self.contains(cell):
            raise ValueError(f"{cell!r} is not a cell of the {self.rows}x{self.cols} grid")

    # -- neighbours --------------------------------------------------------

    def orthogonal(self, cell: Coord) -> tuple[Coord, ...]:
        """The cells above, left, right and below ``cell`` that exist, in reading order."""
        self._check(cell)
        return _neighbour_table(self.rows, self.cols, "orthogonal")[cell]

    def diagonal(self, cell: Coord) -> tuple[Coord, ...]:
        """The cells touching ``cell`` only at a corner, in reading order."""
        self._check(cell)
        return _neighbour_table(self.rows, self.cols, "diagonal")[cell]

    def neighbours(self, cell: Coord, *, diagonal: bool = False) -> tuple[Coord, ...]:
        """Orthogonal neighbours, or all eight around ``cell`` when ``diagonal``; reading order."""
        self._check(cell)
        return _neighbour_table(self.rows, self.cols, "king" if diagonal else "orthogonal")[cell]

    # -- paths -------------------------------------------------------------

    def _steps(
        self,
        cell: Coord,
        diagonal: bool,
        blocked: Collection[Coord],
        corner_blockers: Collection[Coord],
    ) -> Iterable[Coord]:
        """Cells one legal step from ``cell`` (not blocked, not squeezed), reading order."""
        table = _neighbour_table(self.rows, self.cols, "king" if diagonal else "orthogonal")
        r, c = cell
        for nb in table[cell]:
            if nb in blocked:
                continue
            if corner_blockers and nb[0] != r and nb[1] != c:
                if (r, nb[1]) in corner_blockers and (nb[0], c) in corner_blockers:
                    continue
            yield nb

    def distances(
        self,
        start: Coord,
        *,
        blocked: Collection[Coord] = _NONE,
        diagonal: bool = False,
        corner_blockers: Collection[Coord] = _NONE,
        max_steps: int | None = None,
    ) -> PMap[Coord, int]:
        """Fewest steps from ``start`` to every cell it can reach (``start`` itself at 0).

        Cells further than ``max_steps`` are left out when it is given.
        """
        self._check(start)
        blocked, corner_blockers = _as_set(blocked), _as_set(corner_blockers)
        dist = {start: 0}
        queue = deque((start,))
        while queue:
            cell = queue.popleft()
            d = dist[cell] + 1
            if max_steps is not None and d > max_steps:
                continue
            for nb in self._steps(cell, diagonal, blocked, corner_blockers):
                if nb not in dist:
                    dist[nb] = d
                    queue.append(nb)
        return pmap(dist)

    def reachable(
        self,
        start: Coord,
        steps: int,
        *,
        blocked: Collection[Coord] = _NONE,
        diagonal: bool = False,
        corner_blockers: Collection[Coord] = _NONE,
    ) -> frozenset[Coord]:
        """The cells reachable from ``start`` in at most ``steps`` steps, ``start`` included."""
        if steps < 0:
            raise ValueError(f"steps must not be negative, got {steps}")
        return frozenset(
            self.distances(
                start,
                blocked=blocked,
                diagonal=diagonal,
                corner_blockers=corner_blockers,
                max_steps=steps,
            )
        )

    def shortest_path(
        self,
        start: Coord,
        goal: Coord,
        *,
        blocked: Collection[Coord] = _NONE,
        diagonal: bool = False,
        corner_blockers: Collection[Coord] = _NONE,
    ) -> tuple[Coord, ...] | None:
        """A shortest path from ``start`` to ``goal``, both included; None if there is none.

        Among shortest paths it is the one smallest in reading order (compare
        the cells one by one). ``(start,)`` when ``start == goal``. A blocked
        ``goal`` cannot be reached.
        """
        self._check(start)
        self._check(goal)
        if start == goal:
            return (start,)
        blocked, corner_blockers = _as_set(blocked), _as_set(corner_blockers)
        if goal in blocked:
            return None
        # Distances to the goal, searching backwards; a blocked cell may be
        # the start, so it gets a distance but is never passed through.
        to_goal = {goal: 0}
        queue = deque((goal,))
        while queue and start not in to_goal:
            cell = queue.popleft()
            d = to_goal[cell] + 1
            for nb in self._steps(cell, diagonal, _NONE, corner_blockers):
                if nb not in to_goal:
                    to_goal[nb] = d
                    if nb not in blocked:
                        queue.append(nb)
        if start not in to_goal:
            return None
        path = [start]
        cell = start
        while cell != goal:
            want = to_goal[cell] - 1
            for nb in self._steps(cell, diagonal, blocked, corner_blockers):
                if to_goal.get(nb) == want:
                    cell = nb
                    break
            path.append(cell)
        return tuple(path)

    def nearest(
        self,
        start: Coord,
        targets: Iterable[Coord],
        *,
        blocked: Collection[Coord] = _NONE,
        diagonal: bool = False,
        corner_blockers: Collection[Coord] = _NONE,
    ) -> Coord | None:
        """The reachable target fewest steps away (ties: first in reading order), or None.

        Targets may be among the ``blocked`` cells (a figure walking up to an
        enemy): they can still be reached.
        """
        wanted = set(targets)
        if not wanted:
            return None
        dist = self.distances(
            start,
            blocked=frozenset(blocked) - wanted,
            diagonal=diagonal,
            corner_blockers=corner_blockers,
        )
        found = [(dist[t], t) for t in wanted if t in dist]
        return min(found)[1] if found else None
