"""Small questions about the table that every phase asks, and discarding squad members."""

from __future__ import annotations

from attrs import evolve

from wasteland.lucky_seven.board import GRID, LAYOUTS, Layout
from wasteland.lucky_seven.cards import DEPOT_KIND, KIND, LEADER, SQUAD_SIZE
from wasteland.lucky_seven.state import Phase, State

__all__ = [
    "layout", "flare_cells", "member_cell", "is_up", "squad_eliminated", "threats_left",
    "discard_members", "can_get_up",
]


def layout(state: State) -> Layout:
    """The geometry of this table (one grid, or two facing grids)."""
    return LAYOUTS[len(state.decks)]


def flare_cells(state: State) -> frozenset[int]:
    """The cells a flare lies in."""
    return frozenset(cell for cell, _ in state.flares)


def member_cell(state: State, member: int) -> int:
    """The cell of a squad member on the grid, or -1 if it has fallen."""
    try:
        return state.squad.index(member)
    except ValueError:
        return -1


def is_up(state: State, member: int) -> bool:
    return member not in state.down


def squad_eliminated(state: State) -> bool:
    """A squad is gone when all its members are discarded (in the cooperative game, either squad)."""
    fallen = state.fallen
    if len(fallen) < SQUAD_SIZE:
        return False
    counts = [0] * len(state.decks)
    for member in fallen:
        counts[member // SQUAD_SIZE] += 1
    return SQUAD_SIZE in counts


def threats_left(state: State) -> int:
    """How many threats lie on the grids (flares included, flipped Depots not)."""
    return sum(1 for t in state.threats if t >= 0) + len(state.flares)


def can_get_up(state: State, member: int, cell: int) -> bool:
    """A down member gets up with the help of an adjacent up member; the up Leader also helps
    diagonally; the Leader gets up alone."""
    if member not in state.down:
        return False
    if member % SQUAD_SIZE == LEADER:
        return True
    squad, down = state.squad, state.down
    geometry = LAYOUTS[len(state.decks)]
    for near in geometry.adjacent[cell]:
        helper = squad[near]
        if helper >= 0 and helper not in down:
            return True
    for near in geometry.diagonal[cell]:
        helper = squad[near]
        if helper >= 0 and helper % SQUAD_SIZE == LEADER and helper not in down:
            return True
    return False


def discard_members(state: State, cells: set[int] | frozenset[int]) -> State:
    """Discard the squad members in ``cells`` (a flipped Depot saves its owner's members);
    the game ends at once if a squad is eliminated."""
    if not cells:
        return state
    shielded = {t // 29 for t in state.depots if KIND[t] == DEPOT_KIND}
    squad = list(state.squad)
    gone: list[int] = []
    for cell in sorted(cells):
        member = squad[cell]
        if member >= 0 and cell // GRID not in shielded:
            squad[cell] = -1
            gone.append(member)
    if not gone:
        return state
    state = evolve(
        state,
        squad=tuple(squad),
        fallen=state.fallen + tuple(gone),
        down=state.down.difference(gone),
        rotated=state.rotated.difference(gone),
    )
    if squad_eliminated(state):
        state = evolve(state, phase=Phase.OVER, selected=-1, moved=False, attacks=())
    return state
