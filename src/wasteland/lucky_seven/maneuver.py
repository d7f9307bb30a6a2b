"""Maneuver: each squad member that is not rotated takes one action, then rotates.

Actions: move one cell orthogonally or diagonally (never diagonally between two
threats) into an empty cell, or swap with a squad member there; get up with
the help of an adjacent up member; get down. Only up members move, except the
Mouse. The Athlete moves twice when moving; the Mouse may get down after
moving; the Leader helps diagonally and gets up alone. A flare pins the member
in its cell and keeps others out. At the end of the phase every member is
reset and the flares are discarded.

Each decision of one member has its reason (``select_reason``, ``move_reason``...:
why it is not legal now, or None) and its rule (``select``, ``move``...), which
changes the working copy (``state.Work``); ``rules.RULES`` pairs them.
"""

from __future__ import annotations

from wasteland.lucky_seven.actions import (
    GET_DOWN, GET_UP, MOVE, SELECT, STOP, Action, Deselect, GetDown, GetUp, Move, Select, Stop,
)
from wasteland.lucky_seven.board import (
    Board, can_get_up, cell_reason, flare_cells, geometry, member_reason, phase_reason,
)
from wasteland.lucky_seven.cards import ATHLETE, MOUSE, SQUAD_SIZE
from wasteland.lucky_seven.state import Phase, State, Work

__all__ = [
    "can_move", "move_targets", "can_act", "actors", "member_actions", "select", "move",
    "get_up", "get_down", "stop", "deselect", "select_reason", "move_reason", "get_up_reason", "get_down_reason",
    "stop_reason", "deselect_reason", "end_maneuver", "follow_up", "any_actor", "select_actions",
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


# -- the decisions of one member: why each is not legal now, and what it does ------------------

def _selected_reason(state: State, action: object) -> str | None:
    """What every action of the selected member needs: the maneuver, and a member selected."""
    reason = phase_reason(state, action)
    if reason is not None:
        return reason
    return "select a squad member first" if state.selected < 0 else None


def _follow_up_only(state: State) -> str:
    """Why an action that is not a follow-up is refused after the selected member moved."""
    if state.selected % SQUAD_SIZE == ATHLETE:
        return "the Athlete may only take a second step or stop"
    return "the Mouse may only get down or stop"


def select_reason(state: State, action: Select) -> str | None:
    reason = phase_reason(state, action)
    if reason is not None:
        return reason
    if state.selected >= 0:
        return "a squad member is already selected"
    member = action.member
    reason = member_reason(state, member)
    if reason is not None:
        return reason
    if member in state.rotated:
        return "that squad member has already acted this turn"
    if member in state.backed:
        return "that squad member was put back: another must act before it is chosen again"
    if not can_act(state, member, state.squad.index(member)):
        return "that squad member has nothing it can do"
    return None


def select(work: Work, action: Select) -> None:
    work.selected = action.member
    work.moved = False


def move_reason(state: State, action: Move) -> str | None:
    reason = _selected_reason(state, action)
    if reason is not None:
        return reason
    member = state.selected
    if state.moved and member % SQUAD_SIZE != ATHLETE:
        return _follow_up_only(state)
    cell = state.squad.index(member)
    target = action.cell
    reason = cell_reason(state, target)
    if reason is not None:
        return reason
    if not can_move(state, member, cell):
        return "that squad member cannot move (it is down or pinned by a flare)"
    if target not in move_targets(state, member, cell):
        return "that squad member cannot move there"
    return None


def _acted(work: Work, member: int) -> None:
    """``member`` has acted: it rotates, nobody is selected, and the members put back may be
    selected again."""
    work.rotated.add(member)
    work.selected = -1
    work.moved = False
    work.backed = set()


def move(work: Work, action: Move) -> None:
    """The selected member moves to the action's cell, swapping with the member there if any;
    both rotate. The Athlete (first step) and the up Mouse keep the turn for their follow-up."""
    member = work.selected
    squad = work.squad
    target = action.cell
    here = squad.index(member)
    partner = squad[target]
    squad[here], squad[target] = partner, member
    if partner >= 0:
        work.rotated.add(partner)
    kind = member % SQUAD_SIZE
    if not work.moved and (kind == ATHLETE or (kind == MOUSE and member not in work.down)):
        work.rotated.add(member)
        work.moved = True
        work.backed = set()
    else:
        _acted(work, member)


def get_up_reason(state: State, action: GetUp) -> str | None:
    reason = _selected_reason(state, action)
    if reason is not None:
        return reason
    if state.moved:
        return _follow_up_only(state)
    member = state.selected
    if member not in state.down:
        return "that squad member is already up"
    return None if can_get_up(state, member, state.squad.index(member)) else "no adjacent squad member is up to help"


def get_up(work: Work, _: GetUp) -> None:
    member = work.selected
    work.down.discard(member)
    _acted(work, member)


def get_down_reason(state: State, action: GetDown) -> str | None:
    reason = _selected_reason(state, action)
    if reason is not None:
        return reason
    if state.moved:
        return _follow_up_only(state) if state.selected % SQUAD_SIZE == ATHLETE else None
    return None if state.selected not in state.down else "that squad member is already down"


def get_down(work: Work, _: GetDown) -> None:
    member = work.selected
    work.down.add(member)
    _acted(work, member)


def stop_reason(state: State, action: Stop) -> str | None:
    reason = _selected_reason(state, action)
    if reason is not None:
        return reason
    return None if state.moved else "the selected member has not moved yet"


def stop(work: Work, _: Stop) -> None:
    work.selected = -1
    work.moved = False


def deselect_reason(state: State, action: Deselect) -> str | None:
    reason = _selected_reason(state, action)
    if reason is not None:
        return reason
    return "the selected member has moved: it may only finish its action or stop" if state.moved else None


def deselect(work: Work, _: Deselect) -> None:
    """The selected member goes back unused (it has not acted, so it stays unrotated); it cannot be
    selected again until another member acts (*design*: a choice taken back is not made again
    in the same step, so select and back cannot alternate for ever)."""
    work.backed.add(work.selected)
    work.selected = -1


def end_maneuver(work: Work) -> None:
    """Reset every squad member and discard the flares; the attack phase begins."""
    work.phase = Phase.ATTACK
    work.rotated = set()
    work.backed = set()
    work.discard += [card for _, card in work.flares]
    work.flares = []
    work.attacks = []


def select_actions(state: Board) -> list[Action]:
    return [SELECT[m] for m in actors(state)]
