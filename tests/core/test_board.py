"""Board layouts: integer cells whose geometry is answered by table lookups."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wasteland.core.board import grid, join


def test_a_grid_numbers_cells_row_by_row() -> None:
    board = grid(3, 4)
    assert board.size == 12
    assert board.cell(1, 2) == 6 and (board.row[6], board.column[6]) == (1, 2)
    assert board.rows[1] == (4, 5, 6, 7) and board.columns[2] == (2, 6, 10)
    with pytest.raises(ValueError, match="no cell"):
        board.cell(3, 0)


def test_adjacent_is_orthogonal_and_diagonal_the_corners() -> None:
    board = grid(3, 3)
    assert board.adjacent[4] == (1, 3, 5, 7)
    assert board.diagonal[4] == (0, 2, 6, 8)
    assert board.adjacent[0] == (1, 3) and board.diagonal[0] == (4,)
    assert board.neighbours(0) == (1, 3, 4)


def test_a_diagonal_step_names_the_two_cells_it_passes_between() -> None:
    board = grid(3, 3)
    assert (8, 7, 5) in board.steps[4]  # to row 2 col 2: between (2, 1) = 7 and (1, 2) = 5
    assert (1, -1, -1) in board.steps[4]
    for here in range(9):
        for there, a, b in board.steps[here]:
            if a >= 0:
                assert there in board.diagonal[here]
                assert {a, b} <= set(board.adjacent[here]) & set(board.adjacent[there])


def test_unlinked_cells_touch_nothing_but_keep_their_row() -> None:
    board = grid(4, 7, lambda r, c: c >= 1)  # The Lucky Seven: the tank column beside each row
    assert board.adjacent[0] == () and board.diagonal[0] == () and board.steps[0] == ()
    assert 0 not in board.adjacent[1]
    assert board.rows[0][0] == 0
    assert board.distance[1][0] == -1


def test_distances_count_orthogonal_steps() -> None:
    board = grid(6, 6)  # Terror Below's board
    assert board.distance[0][35] == 10
    assert board.distance[14][14] == 0
    assert all(board.distance[a][b] == board.distance[b][a] for a in range(36) for b in range(36))


@given(st.integers(1, 8), st.integers(1, 8))
def test_distance_is_the_manhattan_distance_on_a_full_rectangle(rows: int, columns: int) -> None:
    board = grid(rows, columns)
    for a in range(board.size):
        for b in range(board.size):
            assert board.distance[a][b] == abs(board.row[a] - board.row[b]) + abs(board.column[a] - board.column[b])


def test_join_numbers_on_and_links_across() -> None:
    one = grid(2, 3)
    both = join([one, one], adjacent=[(0, 6)], diagonal=[(1, 6)])
    assert both.size == 12 and both.part[6] == 1 and (both.row[7], both.column[7]) == (0, 1)
    assert 6 in both.adjacent[0] and 0 in both.adjacent[6]
    assert 6 in both.diagonal[1] and 1 in both.diagonal[6]
    assert all(t < 6 for t, _, _ in both.steps[0]), "steps stay within a part"
    assert both.distance[2][8] == 2 + 1 + 2
    assert both.rows[2] == (6, 7, 8)
    with pytest.raises(ValueError, match="cannot link"):
        join([one], adjacent=[(0, 99)])


@pytest.mark.parametrize(("rows", "columns"), [(0, 3), (3, 0), (65, 1), (True, 2), (2.0, 2)])
def test_impossible_grids_are_refused(rows: object, columns: object) -> None:
    with pytest.raises(ValueError):
        grid(rows, columns)  # type: ignore[arg-type]
