"""The map grid (seed: "adyacente ... solo se refiere a cartas que están una al lado de la otra
horizontal o verticalmente, no en diagonal"; the cooperative grids meet at their top rows)."""

from __future__ import annotations

from wasteland.lucky_seven.board import GEOMETRY, GRID, PLACEMENT_ORDER, cell_of, column_of, row_of, side_of


def _reference(sides: int) -> tuple[list[list[int]], list[list[int]], list[list[tuple[int, int, int]]]]:
    """The tables worked out cell by cell from the rulebook's words, without the core's help."""
    cells = sides * GRID
    adjacent: list[list[int]] = [[] for _ in range(cells)]
    diagonal: list[list[int]] = [[] for _ in range(cells)]
    steps: list[list[tuple[int, int, int]]] = [[] for _ in range(cells)]
    for side in range(sides):
        for row in range(4):
            for column in range(1, 7):
                here = cell_of(side, row, column)
                for dr in (-1, 0, 1):
                    for dc in (-1, 0, 1):
                        r, c = row + dr, column + dc
                        if not (dr or dc) or not (0 <= r < 4 and 1 <= c <= 6):
                            continue
                        there = cell_of(side, r, c)
                        if dr and dc:
                            diagonal[here].append(there)
                            steps[here].append((there, cell_of(side, r, column), cell_of(side, row, c)))
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
    return ([sorted(a) for a in adjacent], [sorted(d) for d in diagonal], [sorted(s) for s in steps])


def test_adjacent_is_orthogonal_and_the_geometry_is_the_rulebooks() -> None:
    for sides in (1, 2):
        adjacent, diagonal, steps = _reference(sides)
        tables = GEOMETRY[sides]
        assert [list(a) for a in tables.adjacent] == adjacent
        assert [list(d) for d in tables.diagonal] == diagonal
        assert [list(s) for s in tables.steps] == steps


def test_the_tank_column_touches_nothing() -> None:
    for sides in (1, 2):
        tables = GEOMETRY[sides]
        for cell in range(sides * GRID):
            if column_of(cell) == 0:
                assert tables.adjacent[cell] == () and tables.diagonal[cell] == () and tables.steps[cell] == ()
            assert all(column_of(n) != 0 for n in tables.adjacent[cell] + tables.diagonal[cell])


def test_cooperative_top_rows_meet_column_over_column() -> None:
    tables = GEOMETRY[2]
    for column in range(1, 7):
        here = cell_of(0, 0, column)
        across = [n for n in tables.adjacent[here] if side_of(n) == 1]
        assert across == [cell_of(1, 0, 7 - column)]
        assert all(row_of(n) == 0 for n in tables.diagonal[here] if side_of(n) == 1)
        assert all(side_of(t) == 0 for t, _, _ in tables.steps[here]), "nothing moves across"


def test_placement_goes_to_the_nearest_cell_then_toward_the_centre() -> None:
    assert PLACEMENT_ORDER[1] == (1, 2, 3, 4, 5, 6)
    assert PLACEMENT_ORDER[3] == (3, 4, 2, 5, 1, 6)
    assert PLACEMENT_ORDER[4] == (4, 3, 5, 2, 6, 1)
    assert PLACEMENT_ORDER[2][:3] == (2, 3, 1)
