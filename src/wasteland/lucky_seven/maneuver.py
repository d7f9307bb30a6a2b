"""Maneuver: each squad member that is not rotated takes one action, then rotates.

Actions: move one cell orthogonally or diagonally (never diagonally between two
threats) into an empty cell, or swap with a squad member there; get up with
the help of an adjacent up member; get down. Only up members move, except the
Mouse. The Athlete moves twice when moving; the Mouse may get down after
moving; the Leader helps diagonally and gets up alone. A flare pins the member
in its cell and keeps others out. At the end of the phase every member is
reset and the flares are discarded.

The decisions of one member (``select``, ``move``, ``get_up``...) are small
changes of a ``State`` (a view too: the bot plays them out on its view), which
start a new, empty list of events; the end of the phase works on the working
copy of ``rules.Work``.
"""

from __future__ import annotations

from typing import Any

from wasteland.core.driver import Scratch
from wasteland.core.records import replace
from wasteland.lucky_seven.actions import GET_DOWN, GET_UP, MOVE, SELECT, STOP, Action
from wasteland.lucky_seven.board import Board, can_get_up, flare_cells, geometry
from wasteland.lucky_seven.cards import ATHLETE, MOUSE, SQUAD_SIZE
from wasteland.lucky_seven.state import Phase, State

__all__ = [
    "can_move", "move_targets", "can_act", "actors", "member_actions", "select", "move",
    "get_up", "get_down", "stop", "deselect", "end_maneuver", "follow_up", "any_actor", "select_actions",
    "waiting",
]


def can_move(state: Board, member: int, cell: int) -> bool:
    """Up members move; the Mouse also while down; nobody leaves a flare's cell."""
    if member in state.down and member % SQUAD_SIZE != MOUSE:
        return False
    return not state.flares or cell not in flare_cells(state)


def move_targets(state: Board, member: int, cell: int) -> list[int]:
    """The cells ``member`` (in ``cell``) may move to: empty, or holding a squad member who
    can swap (not rotated, able to move). Never diagonally between two threats."""
    if not can_move(state, member, cell):
        return []
    squad, threats, down, rotated = state.squad, state.threats, state.down, state.rotated
    flares = flare_cells(state) if state.flares else frozenset()
    out: list[int] = []
    for there, a, b in geometry(state).steps[cell]:
        if threats[there] >= 0 or there in flares:
            continue
        if a >= 0 and (threats[a] >= 0 or a in flares) and (threats[b] >= 0 or b in flares):
            continue
        partner = squad[there]
        if partner >= 0 and (partner in rotated or (partner in down and partner % SQUAD_SIZE != MOUSE)):
            continue
        out.append(there)
    return out


def can_act(state: Board, member: int, cell: int) -> bool:
    """Whether an unrotated member has any action at all."""
    if member not in state.down:
        return True  # it can always get down
    if can_get_up(state, member, cell):
        return True
    return member % SQUAD_SIZE == MOUSE and bool(move_targets(state, member, cell))


def actors(state: Board) -> list[int]:
    """The members of the active grid that may be selected, in cell order."""
    squad, rotated, backed = state.squad, state.rotated, state.backed
    out: list[int] = []
    for cell in geometry(state).map_cells[state.active]:
        member = squad[cell]
        if member >= 0 and member not in rotated and member not in backed and can_act(state, member, cell):
            out.append(member)
    return out


def any_actor(state: Board) -> bool:
    squad, rotated, backed = state.squad, state.rotated, state.backed
    for cell in geometry(state).map_cells[state.active]:
        member = squad[cell]
        if member >= 0 and member not in rotated and member not in backed and can_act(state, member, cell):
            return True
    return False


def waiting(state: Board) -> bool:
    """Whether the maneuver waits for a decision: a member to select, or the selected member's
    action (an Athlete who has taken one step and has nowhere to go stops by himself)."""
    selected = state.selected
    if selected >= 0:
        return not (state.moved and selected % SQUAD_SIZE == ATHLETE
                    and not move_targets(state, selected, state.squad.index(selected)))
    return any_actor(state)


def member_actions(state: Board) -> list[Action]:
    """The actions of the selected member (its first step, or its follow-up after moving);
    ``Deselect`` is the rules' to add."""
    member = state.selected
    cell = state.squad.index(member)
    if state.moved:
        return follow_up(state, member, cell)
    out: list[Action] = [MOVE[t] for t in move_targets(state, member, cell)]
    if member in state.down:
        if can_get_up(state, member, cell):
            out.append(GET_UP)
    else:
        out.append(GET_DOWN)
    return out


def follow_up(state: Board, member: int, cell: int) -> list[Action]:
    """After moving: the Athlete may take a second step; the up Mouse may get down."""
    kind = member % SQUAD_SIZE
    if kind == ATHLETE:
        out: list[Action] = [MOVE[t] for t in move_targets(state, member, cell)]
        out.append(STOP)
        return out
    return [GET_DOWN, STOP]


def select(state: State, member: int) -> State:
    return replace(state, selected=member, moved=False, events=())


def move(state: State, target: int) -> State:
    """The selected member moves to ``target``, swapping with the member there if any; both
    rotate. The Athlete (first step) and the up Mouse keep the turn for their follow-up."""
    member = state.selected
    squad = list(state.squad)
    here = squad.index(member)
    partner = squad[target]
    squad[here], squad[target] = partner, member
    rotated = state.rotated | ({member, partner} if partner >= 0 else {member})
    kind = member % SQUAD_SIZE
    again = not state.moved and (kind == ATHLETE or (kind == MOUSE and member not in state.down))
    if again:
        return replace(state, squad=tuple(squad), rotated=rotated, moved=True, backed=frozenset(), events=())
    return replace(state, squad=tuple(squad), rotated=rotated, selected=-1, moved=False, backed=frozenset(),
                   events=())


def get_up(state: State) -> State:
    member = state.selected
    return replace(state, down=state.down - {member}, rotated=state.rotated | {member}, selected=-1, moved=False,
                   backed=frozenset(), events=())


def get_down(state: State) -> State:
    member = state.selected
    return replace(state, down=state.down | {member}, rotated=state.rotated | {member}, selected=-1, moved=False,
                   backed=frozenset(), events=())


def stop(state: State) -> State:
    return replace(state, selected=-1, moved=False, events=())


def deselect(state: State) -> State:
    """The selected member goes back unused (it has not acted, so it stays unrotated); it cannot be
    selected again until another member acts (*design*: a choice taken back is not made again
    in the same step, so select and back cannot alternate for ever)."""
    return replace(state, selected=-1, backed=state.backed | {state.selected}, events=())


def end_maneuver(work: Scratch[Any]) -> None:
    """Reset every squad member and discard the flares; the attack phase begins."""
    work.phase = Phase.ATTACK
    work.rotated = set()
    work.backed = set()
    work.discard += [card for _, card in work.flares]
    work.flares = []
    work.attacks = []


def select_actions(state: Board) -> list[Action]:
    return [SELECT[m] for m in actors(state)]
