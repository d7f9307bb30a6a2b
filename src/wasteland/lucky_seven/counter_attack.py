"""Counter-attack and the end of the turn.

Infantry discards every adjacent squad member, a Machine Gun every adjacent
member that is up, a Tank every member of its row that is up and then leaves.
While the last threats are dealt the helicopter is called: that turn is
finished and one more is played without a deal; then the game ends.
"""

from __future__ import annotations

from attrs import evolve

from wasteland.lucky_seven.board import COLUMNS, GRID
from wasteland.lucky_seven.cards import INFANTRY, KIND, MACHINE_GUN, TANK
from wasteland.lucky_seven.encounter import begin_turn
from wasteland.lucky_seven.state import Phase, State
from wasteland.lucky_seven.table import discard_members, layout

__all__ = ["counter_attack", "end_of_turn", "helicopter_called", "helicopter_leaves"]


def counter_attack(state: State) -> State:
    """Resolve the active grid's Infantry, Machine Guns and Tanks (all at once), then the
    Tanks leave."""
    geometry = layout(state)
    squad, threats, down = state.squad, state.threats, state.down
    victims: set[int] = set()
    tanks: list[int] = []
    first = state.active * GRID
    for cell in range(first, first + GRID):
        card = threats[cell]
        if card < 0:
            continue
        kind = KIND[card]
        if kind == INFANTRY:
            victims.update(n for n in geometry.adjacent[cell] if squad[n] >= 0)
        elif kind == MACHINE_GUN:
            victims.update(n for n in geometry.adjacent[cell] if squad[n] >= 0 and squad[n] not in down)
        elif kind == TANK:
            row = (cell - first) // COLUMNS
            victims.update(n for n in geometry.row_cells[state.active * 4 + row]
                           if squad[n] >= 0 and squad[n] not in down)
            tanks.append(cell)
    if tanks:
        new = list(threats)
        for cell in tanks:
            new[cell] = -1
        state = evolve(state, threats=tuple(new), discard=state.discard + tuple(threats[c] for c in tanks))
    return discard_members(state, victims)


def helicopter_called(state: State) -> bool:
    """The active grid's last threats have been dealt: the helicopter is on its way."""
    return not state.decks[state.active]


def helicopter_leaves(state: State) -> bool:
    """The final turn (no deal) of the last grid to play is over."""
    return state.final and state.active == len(state.decks) - 1 and not any(state.decks)


def end_of_turn(state: State) -> State:
    """Flipped Depots are discarded; the game ends when the helicopter leaves, else the next
    grid (or the same one) starts a turn."""
    if state.depots:
        state = evolve(state, discard=state.discard + state.depots, depots=())
    if state.phase is Phase.OVER:
        return state
    if helicopter_leaves(state):
        return evolve(state, phase=Phase.OVER, selected=-1, moved=False, attacks=())
    side = state.active + 1
    if side == len(state.decks):
        return begin_turn(state, 0, state.turn + 1)
    return begin_turn(state, side, state.turn)
