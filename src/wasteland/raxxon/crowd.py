"""The crowd: its grid, adjacency ("Proximidad"), the crowd setup and where an added card may go.

The crowd lies in a 6 × 6 frame (``core.board.grid(6, 6)``: adjacency is
orthogonal, and an empty cell between two cards breaks it, since only cells that
hold cards count). A card added to the crowd goes beside as many cards as
possible, never making the crowd wider or taller than 6; its cell may lie one
step outside the frame (the 8 × 8 frame of ``actions.Place``), and then the
whole crowd shifts one step back inside (cells of what players have seen shift
with it). An empty crowd takes the card in the middle (row 3, column 3).
"""

from __future__ import annotations

from typing import Sequence

from wasteland.core.board import grid
from wasteland.raxxon.setup import CROWD_SIZES
from wasteland.raxxon.state import CELLS, COLUMNS, EMPTY, ROWS, Work

__all__ = [
    "GEOMETRY", "ADJACENT", "ROW_CELLS", "COLUMN_CELLS", "CROWD_SIZES", "crowd_size", "placements",
    "place_card", "MIDDLE",
]

GEOMETRY = grid(ROWS, COLUMNS)
ADJACENT: tuple[tuple[int, ...], ...] = GEOMETRY.adjacent
ROW_CELLS: tuple[tuple[int, ...], ...] = GEOMETRY.rows
COLUMN_CELLS: tuple[tuple[int, ...], ...] = GEOMETRY.columns
#: Where a card added to an empty crowd goes (a cell of the 8 × 8 frame: row 3, column 3 of the crowd).
MIDDLE = 3 * 8 + 3
_FRAME = 8


def crowd_size(players: int) -> tuple[int, int]:
    return CROWD_SIZES[players]


def placements(crowd: Sequence[int]) -> list[int]:
    """The cells of the 8 × 8 frame where an added card may go: beside as many cards as possible,
    the crowd at most 6 wide and tall; ``[MIDDLE]`` for an empty crowd, [] for a full one."""
    occupied = [c for c in range(CELLS) if crowd[c] != EMPTY]
    if not occupied:
        return [MIDDLE]
    if len(occupied) == CELLS:
        return []
    rows = [c // COLUMNS for c in occupied]
    columns = [c % COLUMNS for c in occupied]
    top, bottom, left, right = min(rows), max(rows), min(columns), max(columns)
    near: dict[int, int] = {}
    for r, c in zip(rows, columns):
        for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if 0 <= rr < ROWS and 0 <= cc < COLUMNS and crowd[rr * COLUMNS + cc] != EMPTY:
                continue
            if max(bottom, rr) - min(top, rr) >= ROWS or max(right, cc) - min(left, cc) >= COLUMNS:
                continue
            frame = (rr + 1) * _FRAME + cc + 1
            near[frame] = near.get(frame, 0) + 1
    if not near:
        return []
    best = max(near.values())
    return sorted(f for f, n in near.items() if n == best)


def place_card(work: Work, frame_cell: int, card: int) -> int:
    """Put ``card`` face down in ``frame_cell`` (of the 8 × 8 frame), shifting the crowd back into
    the 6 × 6 frame if it lies outside; returns the crowd cell it ends in."""
    r, c = divmod(frame_cell, _FRAME)
    r, c = r - 1, c - 1
    dr = 1 if r < 0 else -1 if r >= ROWS else 0
    dc = 1 if c < 0 else -1 if c >= COLUMNS else 0
    if dr or dc:
        crowd = work.crowd
        moved = [EMPTY] * CELLS
        for cell in range(CELLS):
            if crowd[cell] != EMPTY:
                moved[(cell // COLUMNS + dr) * COLUMNS + cell % COLUMNS + dc] = crowd[cell]
        work.crowd = moved
        work.seen = tuple(frozenset((s // COLUMNS + dr) * COLUMNS + s % COLUMNS + dc for s in seen)
                          for seen in work.seen)
        r, c = r + dr, c + dc
    cell = r * COLUMNS + c
    work.crowd[cell] = card
    return cell
