"""The map grid: cells, adjacency and movement, precomputed once per table layout.

A grid has 4 rows (row 0 is the top) and 7 columns: column 0 is the tank
column at the left end of each row, outside the map; columns 1-6 are the map
columns under the six column cards. A cell is a number::

    cell = side * 28 + row * 7 + column

``side`` is 0 in the solo and competitive games; in the cooperative game the
second player's grid is side 1. The two grids face each other at their top
rows, so column ``c`` of one top row touches column ``7 - c`` of the other.
"Adjacent" in the rules means orthogonally adjacent; the diagonal tables serve
the Leader and the Natural.
"""

from __future__ import annotations

from attrs import frozen

__all__ = ["ROWS", "COLUMNS", "GRID", "Layout", "LAYOUTS", "cell_of", "side_of", "row_of",
           "column_of", "PLACEMENT_ORDER"]

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
class Layout:
    """Precomputed geometry of one table (one grid, or two facing grids)."""

    sides: int
    cells: int
    map_cells: tuple[tuple[int, ...], ...]
    row_cells: tuple[tuple[int, ...], ...]
    adjacent: tuple[tuple[int, ...], ...]
    diagonal: tuple[tuple[int, ...], ...]
    steps: tuple[tuple[tuple[int, int, int], ...], ...]
    is_map: tuple[bool, ...]


def _inside(row: int, column: int) -> bool:
    return 0 <= row < ROWS and 1 <= column <= 6


def _layout(sides: int) -> Layout:
    cells = sides * GRID
    adjacent: list[list[int]] = [[] for _ in range(cells)]
    diagonal: list[list[int]] = [[] for _ in range(cells)]
    steps: list[list[tuple[int, int, int]]] = [[] for _ in range(cells)]
    for side in range(sides):
        for row in range(ROWS):
            for column in range(1, 7):
                here = cell_of(side, row, column)
                for dr in (-1, 0, 1):
                    for dc in (-1, 0, 1):
                        if (dr or dc) and _inside(row + dr, column + dc):
                            there = cell_of(side, row + dr, column + dc)
                            if dr and dc:
                                diagonal[here].append(there)
                                steps[here].append(
                                    (there, cell_of(side, row + dr, column), cell_of(side, row, column + dc)))
                            else:
                                adjacent[here].append(there)
                                steps[here].append((there, -1, -1))
    if sides == 2:
        for column in range(1, 7):
            a, b = cell_of(0, 0, column), cell_of(1, 0, 7 - column)
            adjacent[a].append(b)
            adjacent[b].append(a)
            for dc in (-1, 1):
                if 1 <= 7 - column + dc <= 6:
                    d = cell_of(1, 0, 7 - column + dc)
                    diagonal[a].append(d)
                    diagonal[d].append(a)
    return Layout(
        sides=sides,
        cells=cells,
        map_cells=tuple(tuple(cell_of(s, r, c) for r in range(ROWS) for c in range(1, 7)) for s in range(sides)),
        row_cells=tuple(tuple(cell_of(s, r, c) for c in range(1, 7)) for s in range(sides) for r in range(ROWS)),
        adjacent=tuple(tuple(sorted(a)) for a in adjacent),
        diagonal=tuple(tuple(sorted(d)) for d in diagonal),
        steps=tuple(tuple(sorted(s)) for s in steps),
        is_map=tuple(1 <= column_of(c) <= 6 for c in range(cells)),
    )


#: Layouts by number of grids on the table.
LAYOUTS: dict[int, Layout] = {1: _layout(1), 2: _layout(2)}
