"""Boards of integer cells with every geometric question answered once, as tables.

A state holds a board as flat tuples indexed by cell (who or what stands in
each cell); the rules ask geometric questions thousands of times a second:
which cells touch this one, which are diagonal, may a figure step there
without squeezing between two blockers, how far is it. A :class:`Layout`
answers them all by lookup: it is built once per board shape and never
stored in a state.

* :func:`grid` makes a rectangle of ``rows`` × ``columns`` cells; cells may be
  left out of the geometry (``linked``), such as the Lucky Seven's tank column
  beside each row, which belongs to the row but touches nothing.
* :func:`join` puts several layouts side by side (cell numbers follow on) and
  links chosen cells across them: two facing grids, a crowd beside a
  quarantine.

Cells are numbered ``offset + row * columns + column``, where ``offset`` is the
number of cells of the parts before. ``adjacent`` is orthogonal, as "adjacent"
means in every rulebook here; ``diagonal`` the four corners; ``steps`` the
one-cell moves within a part, each with the two cells a diagonal step passes
between (-1, -1 for an orthogonal step); ``distance`` counts orthogonal steps
over the whole layout (-1 where there is no way).

Used by The Lucky Seven's grid (one, or two facing grids), and made for the
boards to come: Raxxon's crowd (a grid that grows, up to 6 × 6) and Terror
Below's 6 × 6 board.
"""

from __future__ import annotations

from collections import deque
from typing import Callable, Sequence

from attrs import frozen

__all__ = ["Layout", "grid", "join"]

Cells = tuple[int, ...]


@frozen
class Layout:
    """A board's cells and their geometry, as tables indexed by cell (see the module's text)."""

    size: int
    part: tuple[int, ...]
    row: tuple[int, ...]
    column: tuple[int, ...]
    linked: tuple[bool, ...]
    adjacent: tuple[Cells, ...]
    diagonal: tuple[Cells, ...]
    steps: tuple[tuple[tuple[int, int, int], ...], ...]
    rows: tuple[Cells, ...]
    columns: tuple[Cells, ...]
    distance: tuple[Cells, ...]

    def cell(self, row: int, column: int, part: int = 0) -> int:
        """The cell at ``row``, ``column`` of ``part``; ValueError if there is none."""
        for c in range(self.size):
            if self.part[c] == part and self.row[c] == row and self.column[c] == column:
                return c
        raise ValueError(f"no cell at row {row}, column {column} of part {part}")

    def neighbours(self, cell: int) -> Cells:
        """The eight surrounding cells (orthogonal then diagonal), those that exist and are linked."""
        return self.adjacent[cell] + self.diagonal[cell]


def _distances(size: int, adjacent: Sequence[Sequence[int]]) -> tuple[Cells, ...]:
    table = []
    for start in range(size):
        far = [-1] * size
        far[start] = 0
        queue = deque([start])
        while queue:
            here = queue.popleft()
            for there in adjacent[here]:
                if far[there] < 0:
                    far[there] = far[here] + 1
                    queue.append(there)
        table.append(tuple(far))
    return tuple(table)


def grid(rows: int, columns: int, linked: Callable[[int, int], bool] | None = None) -> Layout:
    """A ``rows`` × ``columns`` rectangle; cells where ``linked(row, column)`` is False belong to
    their row and column but touch no other cell."""
    if type(rows) is not int or type(columns) is not int or not (1 <= rows <= 64 and 1 <= columns <= 64):
        raise ValueError(f"a grid has 1 to 64 rows and columns, got {rows!r} x {columns!r}")
    size = rows * columns
    live = [linked(r, c) if linked else True for r in range(rows) for c in range(columns)]
    adjacent: list[list[int]] = [[] for _ in range(size)]
    diagonal: list[list[int]] = [[] for _ in range(size)]
    steps: list[list[tuple[int, int, int]]] = [[] for _ in range(size)]
    for r in range(rows):
        for c in range(columns):
            here = r * columns + c
            if not live[here]:
                continue
            for dr in (-1, 0, 1):
                for dc in (-1, 0, 1):
                    rr, cc = r + dr, c + dc
                    if not (dr or dc) or not (0 <= rr < rows and 0 <= cc < columns):
                        continue
                    there = rr * columns + cc
                    if not live[there]:
                        continue
                    if dr and dc:
                        diagonal[here].append(there)
                        a, b = rr * columns + c, r * columns + cc
                        steps[here].append((there, a, b) if live[a] and live[b] else (there, -1, -1))
                    else:
                        adjacent[here].append(there)
                        steps[here].append((there, -1, -1))
    return Layout(
        size=size,
        part=(0,) * size,
        row=tuple(c // columns for c in range(size)),
        column=tuple(c % columns for c in range(size)),
        linked=tuple(live),
        adjacent=tuple(tuple(sorted(a)) for a in adjacent),
        diagonal=tuple(tuple(sorted(d)) for d in diagonal),
        steps=tuple(tuple(sorted(s)) for s in steps),
        rows=tuple(tuple(r * columns + c for c in range(columns)) for r in range(rows)),
        columns=tuple(tuple(r * columns + c for r in range(rows)) for c in range(columns)),
        distance=_distances(size, adjacent),
    )


def join(
    parts: Sequence[Layout],
    adjacent: Sequence[tuple[int, int]] = (),
    diagonal: Sequence[tuple[int, int]] = (),
) -> Layout:
    """``parts`` side by side, cells numbered on; ``adjacent`` and ``diagonal`` list extra links
    between cells of the joined layout (each pair both ways). Steps stay within each part."""
    size = sum(p.size for p in parts)
    offsets = []
    first = 0
    for p in parts:
        offsets.append(first)
        first += p.size
    adj: list[set[int]] = []
    diag: list[set[int]] = []
    steps: list[tuple[tuple[int, int, int], ...]] = []
    for offset, p in zip(offsets, parts):
        adj += [{c + offset for c in cells} for cells in p.adjacent]
        diag += [{c + offset for c in cells} for cells in p.diagonal]
        steps += [tuple((t + offset, a + offset if a >= 0 else -1, b + offset if b >= 0 else -1)
                        for t, a, b in cells) for cells in p.steps]
    for table, links in ((adj, adjacent), (diag, diagonal)):
        for a, b in links:
            if not (0 <= a < size and 0 <= b < size) or a == b:
                raise ValueError(f"cannot link cells {a} and {b} of a board of {size}")
            table[a].add(b)
            table[b].add(a)
    adjacent_table = tuple(tuple(sorted(a)) for a in adj)
    return Layout(
        size=size,
        part=tuple(k for k, p in enumerate(parts) for _ in range(p.size)),
        row=tuple(r for p in parts for r in p.row),
        column=tuple(c for p in parts for c in p.column),
        linked=tuple(x for p in parts for x in p.linked),
        adjacent=adjacent_table,
        diagonal=tuple(tuple(sorted(d)) for d in diag),
        steps=tuple(steps),
        rows=tuple(tuple(c + o for c in line) for o, p in zip(offsets, parts) for line in p.rows),
        columns=tuple(tuple(c + o for c in line) for o, p in zip(offsets, parts) for line in p.columns),
        distance=_distances(size, adjacent_table),
    )
