"""The contract: new_game, current_player, legal_actions, apply, outcome.

``apply`` checks the action directly (``illegal_reason``) and then lets the
phase modules do the work; ``settle`` carries the game on through everything
that needs no decision (dealing, the counter-attack, a phase with nothing left
to do but end, a choice with a single option) until somebody must decide.
"""

from __future__ import annotations

from typing import Any

from wasteland.core.game import ConfigError, IllegalAction, Outcome
from wasteland.lucky_seven import attack as atk
from wasteland.lucky_seven import encounter as enc
from wasteland.lucky_seven import maneuver as man
from wasteland.lucky_seven.actions import (
    CHOOSE_ROW, DISCARD, END_PHASE, Action, Attack, ChooseRow, Discard, EndPhase, GetDown, GetUp, Move,
    Select, Stop,
)
from wasteland.lucky_seven.cards import ATHLETE, SQUAD_SIZE
from wasteland.lucky_seven.counter_attack import counter_attack, end_of_turn
from wasteland.lucky_seven.setup import initial_state, make_options
from wasteland.lucky_seven.state import Phase, State
from wasteland.lucky_seven.table import Board, Work, can_get_up, squad_eliminated, threats_left

__all__ = [
    "new_game", "current_player", "legal_actions", "apply", "outcome", "num_players", "illegal_reason",
    "settle", "waiting", "run", "finish_turn",
]


def new_game(seed: int, **options: Any) -> State:
    """A new game: ``players`` 1 or 2, ``variant`` ("solo"; "competitive" or "cooperative"),
    ``depot`` (False), ``cards`` (None: the public set; or a set of one's own as plain data,
    see ``card_set``). Bad options raise ConfigError."""
    if type(seed) is not int:
        raise ConfigError(f"seed must be an int, got {seed!r}")
    return settle(initial_state(seed, make_options(options)))


def num_players(state: State) -> int:
    return state.options.players


def current_player(state: State) -> int | None:
    if state.phase is Phase.OVER:
        return None
    if state.options.variant == "competitive":
        return 1 if state.pending >= 0 and state.pending_row < 0 else 0
    return state.active


def outcome(state: State) -> Outcome | None:
    if state.phase is not Phase.OVER:
        return None
    coop = state.options.variant == "cooperative"
    if squad_eliminated(state):
        won, reason = False, "a squad was eliminated" if coop else "the squad was eliminated"
    elif threats_left(state):
        won, reason = False, "threats were left on the map when the helicopter came"
    else:
        won, reason = True, "the landing zone was clear when the helicopter came"
    if state.options.variant == "competitive":
        return Outcome(winners={0} if won else {1}, reason=reason)
    return Outcome(winners=range(state.options.players) if won else (), reason=reason)


# -- what may be done ---------------------------------------------------------------------------

def legal_actions(state: State) -> tuple[Action, ...]:
    phase = state.phase
    if phase is Phase.MANEUVER:
        if state.selected >= 0:
            return tuple(man.member_actions(state))
        return (*man.select_actions(state), END_PHASE)
    if phase is Phase.ATTACK:
        return (*atk.attack_actions(state), END_PHASE)
    if phase is Phase.ENCOUNTER:
        if state.pending_row < 0:
            return tuple(CHOOSE_ROW[r] for r in enc.free_rows(state))
        return tuple(DISCARD[m] for m in enc.row_candidates(state, state.active, state.pending_row))
    return ()


def _member(value: object, state: State) -> int | str:
    """A squad member id of the active grid standing on it, or the reason it is not."""
    if type(value) is not int:
        return f"a squad member must be an int id, got {value!r}"
    if not 0 <= value < SQUAD_SIZE * len(state.decks) or value // SQUAD_SIZE != state.active:
        return f"{value} is not a squad member of the grid in play"
    if value not in state.squad:
        return f"squad member {value} has been discarded"
    return value


def _cell(value: object, state: State) -> int | str:
    if type(value) is not int:
        return f"a cell must be an int, got {value!r}"
    if not 0 <= value < len(state.squad):
        return f"cell {value} is off the map"
    return value


def illegal_reason(state: State, action: Any) -> str | None:
    """Why ``action`` is not legal now, or None if it is (checked directly, without listing)."""
    phase = state.phase
    if phase is Phase.OVER:
        return "the game is over"
    kind = type(action)
    if phase is Phase.MANEUVER:
        if kind is EndPhase:
            return None if state.selected < 0 else "finish the selected member's action first"
        if kind is Select:
            if state.selected >= 0:
                return "a squad member is already selected"
            member = _member(action.member, state)
            if isinstance(member, str):
                return member
            if member in state.rotated:
                return "that squad member has already acted this turn"
            if not man.can_act(state, member, state.squad.index(member)):
                return "that squad member has nothing it can do"
            return None
        if kind in (Move, GetUp, GetDown, Stop):
            if state.selected < 0:
                return "select a squad member first"
            return _member_action(state, action)
        return f"{_name(action)} is not a maneuver action"
    if phase is Phase.ATTACK:
        if kind is EndPhase:
            return None
        if kind is not Attack:
            return f"{_name(action)} is not an attack action"
        member = _member(action.member, state)
        if isinstance(member, str):
            return member
        cell = _cell(action.cell, state)
        if isinstance(cell, str):
            return cell
        if any(m == member for m, _ in state.attacks):
            return "that squad member has already attacked"
        if not atk.can_attack(state, member):
            return "that squad member cannot attack"
        if cell not in atk.reach(state, member, state.squad.index(member)):
            return "there is no threat it can attack in that cell"
        return None
    # encounter
    if state.pending_row < 0:
        if kind is not ChooseRow:
            return "the second player must choose a row for the drawn threat"
        row = action.row
        if type(row) is not int or not 0 <= row < 4:
            return f"row must be 0-3, got {row!r}"
        return None if row not in state.dealt_rows else "that row already got a threat this turn"
    if kind is not Discard:
        return "the row is full: discard a squad member in it"
    member = _member(action.member, state)
    if isinstance(member, str):
        return member
    if member not in enc.row_candidates(state, state.active, state.pending_row):
        return "that squad member is not in the full row"
    return None


def _member_action(state: State, action: Any) -> str | None:
    member = state.selected
    cell = state.squad.index(member)
    kind = type(action)
    if state.moved:
        if kind is Stop:
            return None
        if member % SQUAD_SIZE == ATHLETE:
            if kind is Move:
                return _check_move(state, member, cell, action.cell)
            return "the Athlete may only take a second step or stop"
        if kind is GetDown:
            return None
        return "the Mouse may only get down or stop"
    if kind is Stop:
        return "the selected member has not moved yet"
    if kind is GetDown:
        return None if member not in state.down else "that squad member is already down"
    if kind is GetUp:
        if member not in state.down:
            return "that squad member is already up"
        return None if can_get_up(state, member, cell) else "no adjacent squad member is up to help"
    return _check_move(state, member, cell, action.cell)


def _check_move(state: State, member: int, cell: int, target: object) -> str | None:
    checked = _cell(target, state)
    if isinstance(checked, str):
        return checked
    if not man.can_move(state, member, cell):
        return "that squad member cannot move (it is down or pinned by a flare)"
    if checked not in man.move_targets(state, member, cell):
        return "that squad member cannot move there"
    return None


def _name(action: object) -> str:
    return type(action).__name__


# -- doing it -----------------------------------------------------------------------------------

def apply(state: State, action: Any) -> State:
    """The state after ``action``; IllegalAction (with the reason) for anything not legal now."""
    if not isinstance(state, State):
        raise IllegalAction(f"not a Lucky Seven state: {type(state).__name__}")
    reason = illegal_reason(state, action)
    if reason is not None:
        raise IllegalAction(reason)
    kind = type(action)
    if kind is Select:
        return settle(man.select(state, action.member))
    if kind is Move:
        return settle(man.move(state, action.cell))
    if kind is GetUp:
        return settle(man.get_up(state))
    if kind is GetDown:
        return settle(man.get_down(state))
    if kind is Stop:
        return settle(man.stop(state))
    if kind is Attack:
        return settle(atk.assign(state, action.member, action.cell))
    work = Work(state)
    if kind is EndPhase:
        if state.phase is Phase.MANEUVER:
            man.end_maneuver(work)
        else:
            finish_turn(work)
    elif kind is Discard:
        enc.discard_for_threat(work, action.member)
    else:
        enc.choose_row(work, action.row)
    run(work)
    return work.finish(state)


def finish_turn(work: Work) -> None:
    """Resolve the attack, counter-attack, end the turn."""
    atk.resolve_attack(work)
    counter_attack(work)
    end_of_turn(work)


def waiting(board: Board) -> bool:
    """Whether somebody must decide now (or the game is over)."""
    phase = board.phase
    if phase is Phase.MANEUVER:
        selected = board.selected
        if selected >= 0:
            return not (board.moved and selected % SQUAD_SIZE == ATHLETE
                        and not man.move_targets(board, selected, board.squad.index(selected)))
        return man.any_actor(board)
    if phase is Phase.ATTACK:
        return atk.any_attack(board)
    if phase is Phase.ENCOUNTER:
        if board.pending < 0:
            return False
        if board.pending_row < 0:
            return len(enc.free_rows(board)) > 1
        return len(enc.row_candidates(board, board.active, board.pending_row)) > 1
    return True


def run(work: Work) -> None:
    """Play on through everything that needs no decision."""
    while not waiting(work):
        phase = work.phase
        if phase is Phase.MANEUVER:
            if work.selected >= 0:
                work.selected = -1
                work.moved = False
            else:
                man.end_maneuver(work)
        elif phase is Phase.ATTACK:
            finish_turn(work)
        elif work.pending >= 0:
            if work.pending_row < 0:
                enc.choose_row(work, enc.free_rows(work)[0])
            else:
                enc.discard_for_threat(work, enc.row_candidates(work, work.active, work.pending_row)[0])
        else:
            enc.encounter(work)


def settle(state: State) -> State:
    """``state``, played on until somebody must decide."""
    if waiting(state):
        return state
    work = Work(state)
    run(work)
    return work.finish(state)
