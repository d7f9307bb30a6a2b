"""The contract: new_game, current_player, legal_actions, apply, outcome, returns.

``apply`` checks the action directly (``illegal_reason``, never by listing)
and then lets the phase modules do the work. What needs no decision goes
through the core driver (``wasteland.core.driver``): ``advance`` is each
phase's own progression (deal the threats, take a choice that has a single
option, end a maneuver in which nobody can act, end an attack phase in which
nobody can attack), and the end of the attack leaves three effects on the
stack, resolved in turn: ``ResolveAttack``, ``CounterAttack``, ``EndOfTurn``.
``settle`` plays a state on until somebody must decide.
"""

from __future__ import annotations

from typing import Any, Callable

from wasteland.core.driver import Driver, scratch_class
from wasteland.core.game import ConfigError, IllegalAction, Outcome, Utility, check_table, returns_of, short
from wasteland.lucky_seven import attack as atk
from wasteland.lucky_seven import encounter as enc
from wasteland.lucky_seven import maneuver as man
from wasteland.lucky_seven.actions import (
    CHOOSE_ROW, DESELECT, DISCARD, END_PHASE, Action, Attack, ChooseRow, Deselect, Discard, EndPhase, GetDown,
    GetUp, Move, Select, Stop,
)
from wasteland.lucky_seven.board import can_get_up, squad_eliminated, threats_left
from wasteland.lucky_seven.card_set import table_of
from wasteland.lucky_seven.cards import ATHLETE, SQUAD_SIZE
from wasteland.lucky_seven.counter_attack import counter_attack, end_of_turn
from wasteland.lucky_seven.setup import initial_state, make_options
from wasteland.lucky_seven.state import (
    AFTER_ATTACK, CounterAttack, EndOfTurn, Phase, ResolveAttack, State,
)

__all__ = [
    "new_game", "current_player", "legal_actions", "apply", "outcome", "returns", "utility", "num_players",
    "ending", "illegal_reason", "actions_of", "Work", "DRIVER", "advance", "settle", "ready", "max_decisions",
]

def max_decisions(state: State) -> int:
    """The most decisions a whole game with ``state``'s options can take, from the rules (see the
    rules page, "How long a game lasts"): every turn but a side's final one deals at least one
    threat of its deck (D threats and the Depot), so a side has at most D + 2 turns; in a turn
    at most 4 threats wait for a row and a discard (8), each of the m squad members acts once
    (select and up to two more steps), between two actions each member is put back at most once
    (select and back), each attacks once, and each phase ends once (2)."""
    table = table_of(_check(state))
    sides = len(state.decks)
    members = SQUAD_SIZE * sides
    turn = 8 + 3 * members + 2 * members * (members + 1) + members + 2
    return sides * (table.threat_ids + 2) * turn


#: The working copy of a State (lists and sets) that the automatic steps change in place.
Work = scratch_class(State)


def new_game(seed: int, **options: Any) -> State:
    """A new game: ``players`` 1 or 2, ``variant`` ("solo"; "competitive" or "cooperative"),
    ``depot`` (False), ``cards`` (None: the public set; or a set of one's own as plain data,
    see ``card_set``). Bad options raise ConfigError."""
    if type(seed) is not int:
        raise ConfigError(f"seed must be an int, got {short(seed)}")
    return settle(initial_state(seed, make_options(options)))


def _check(state: object) -> State:
    if type(state) is not State:
        raise IllegalAction(f"not a Lucky Seven state: {short(state)}")
    return state


def num_players(state: State) -> int:
    return _check(state).options.players


def current_player(state: State) -> int | None:
    """Who decides now (on a view too); None once the game is over."""
    if type(state) is not State:
        _check(state)
    if state.phase is Phase.OVER:
        return None
    if state.options.variant == "competitive":
        return 1 if state.pending >= 0 and state.pending_row < 0 else 0
    return state.active


def outcome(state: State) -> Outcome | None:
    """How the game ended (None while it runs); IllegalAction on a view."""
    check_table(_check(state))
    return ending(state)


def ending(state: State) -> Outcome | None:
    """``outcome`` without the check for the table: the drawing of a view tells how it ended too
    (everything the outcome reads is in sight)."""
    if state.phase is not Phase.OVER:
        return None
    coop = state.options.variant == "cooperative"
    if squad_eliminated(state):
        won, code = False, "squad_eliminated"
        reason = "a squad was eliminated" if coop else "the squad was eliminated"
    elif threats_left(state):
        won, code, reason = False, "threats_left", "threats were left on the map when the helicopter came"
    else:
        won, code, reason = True, "landing_zone_clear", "the landing zone was clear when the helicopter came"
    if state.options.variant == "competitive":
        return Outcome(winners={0} if won else {1}, reason=reason, code=code)
    return Outcome(winners=range(state.options.players) if won else (), reason=reason, code=code)


def returns(state: State) -> tuple[float, ...]:
    """1 for each winner, 0 for the others: competitive, the winning seat 1 and the other 0;
    solo and cooperative, the team's result for every player."""
    result = outcome(state)
    if result is None:
        raise IllegalAction("the game is not over: returns come at the end")
    return returns_of(result, state.options.players)


def utility(state: State) -> Utility:
    """Solo and cooperative, every seat gets the team's result; competitive, exactly one of
    the two seats wins: the returns add up to 1 (on a view too)."""
    variant = _check(state).options.variant
    return Utility.CONSTANT_SUM if variant == "competitive" else Utility.IDENTICAL


# -- what may be done ---------------------------------------------------------------------------

def legal_actions(state: State) -> tuple[Action, ...]:
    """The legal actions, in a stable order; IllegalAction on a view."""
    if type(state) is not State or state.viewer is not None:
        check_table(_check(state))
    return actions_of(state)


def actions_of(state: State) -> tuple[Action, ...]:
    """The legal actions, listed (on a view as well: what is legal depends only on what every
    player sees). ``legal_actions`` is this on the table."""
    phase = state.phase
    if phase is Phase.MANEUVER:
        if state.selected >= 0:
            actions = man.member_actions(state)
            if not state.moved:
                actions.append(DESELECT)
            return tuple(actions)
        return (*man.select_actions(state), END_PHASE)
    if phase is Phase.ATTACK:
        return (*atk.attack_actions(state), END_PHASE)
    if phase is Phase.ENCOUNTER and state.pending >= 0:
        if state.pending_row < 0:
            return tuple(CHOOSE_ROW[r] for r in enc.free_rows(state))
        return tuple(DISCARD[m] for m in enc.row_candidates(state, state.active, state.pending_row))
    return ()


def _member(value: object, state: State) -> int | str:
    """A squad member id of the active grid standing on it, or the reason it is not."""
    if type(value) is not int:
        return f"a squad member is an int id, got {short(value)}"
    if not 0 <= value < SQUAD_SIZE * len(state.decks) or value // SQUAD_SIZE != state.active:
        return f"{short(value)} is not a squad member of the grid in play"
    if value not in state.squad:
        return f"squad member {value} has been discarded"
    return value


def _cell(value: object, state: State) -> int | str:
    if type(value) is not int:
        return f"a cell is an int, got {short(value)}"
    if not 0 <= value < len(state.squad):
        return f"cell {short(value)} is off the map"
    return value


def illegal_reason(state: State, action: object) -> str | None:
    """Why ``action`` is not legal now, or None if it is (checked directly, without listing)."""
    phase = state.phase
    if phase is Phase.OVER:
        return "the game is over"
    kind = type(action)
    a: Any = action  # any object may arrive: every field is checked before use
    if phase is Phase.MANEUVER:
        if kind is EndPhase:
            return None if state.selected < 0 else "finish the selected member's action first"
        if kind is Select:
            if state.selected >= 0:
                return "a squad member is already selected"
            member = _member(a.member, state)
            if isinstance(member, str):
                return member
            if member in state.rotated:
                return "that squad member has already acted this turn"
            if member in state.backed:
                return "that squad member was put back: another must act before it is chosen again"
            if not man.can_act(state, member, state.squad.index(member)):
                return "that squad member has nothing it can do"
            return None
        if kind in _MEMBER_ACTIONS:
            if state.selected < 0:
                return "select a squad member first"
            return _member_action(state, a)
        return f"{_name(action)} is not a maneuver action"
    if phase is Phase.ATTACK:
        if kind is EndPhase:
            return None
        if kind is not Attack:
            return f"{_name(action)} is not an attack action"
        member = _member(a.member, state)
        if isinstance(member, str):
            return member
        cell = _cell(a.cell, state)
        if isinstance(cell, str):
            return cell
        if any(m == member for m, _ in state.attacks):
            return "that squad member has already attacked"
        if not atk.can_attack(state, member):
            return "that squad member cannot attack"
        if cell not in atk.reach(state, member, state.squad.index(member)):
            return "there is no threat it can attack in that cell"
        return None
    # encounter: a drawn threat waits for a row, or for a member to make room
    if state.pending < 0:
        return "no decision is pending: the threats are being dealt"
    if state.pending_row < 0:
        if kind is not ChooseRow:
            return "the second player must choose a row for the drawn threat"
        row = a.row
        if type(row) is not int or not 0 <= row < 4:
            return f"a row is an int from 0 (the top) to 3, got {short(row)}"
        return None if row not in state.dealt_rows else "that row already got a threat this turn"
    if kind is not Discard:
        return "the row is full: discard a squad member in it"
    member = _member(a.member, state)
    if isinstance(member, str):
        return member
    if member not in enc.row_candidates(state, state.active, state.pending_row):
        return "that squad member is not in the full row"
    return None


_MEMBER_ACTIONS = (Move, GetUp, GetDown, Stop, Deselect)


def _member_action(state: State, action: Any) -> str | None:
    member = state.selected
    cell = state.squad.index(member)
    kind = type(action)
    if state.moved:
        if kind is Stop:
            return None
        if kind is Deselect:
            return "the selected member has moved: it may only finish its action or stop"
        if member % SQUAD_SIZE == ATHLETE:
            if kind is Move:
                return _check_move(state, member, cell, action.cell)
            return "the Athlete may only take a second step or stop"
        if kind is GetDown:
            return None
        return "the Mouse may only get down or stop"
    if kind is Deselect:
        return None
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
    return short(type(action).__name__)


# -- doing it -----------------------------------------------------------------------------------

def apply(state: State, action: object) -> State:
    """The state after ``action``; IllegalAction (with the reason) for anything not legal now,
    a view, or what is not a Lucky Seven state."""
    if type(state) is not State or state.viewer is not None:  # one test on the common path
        if type(state) is not State:
            raise IllegalAction(f"not a Lucky Seven state: {short(state)}")
        check_table(state)
    reason = illegal_reason(state, action)
    if reason is not None:
        raise IllegalAction(reason)
    return _DO[type(action)](state, action)  # each rule starts the events afresh


def _on_work(rule: Callable[[Any, Any], None]) -> Callable[[State, Any], State]:
    """A decision whose rule works on the working copy; the driver plays on after it."""

    def do(state: State, action: Any) -> State:
        work = Work(state)
        work.events = []
        rule(work, action)
        DRIVER.run(work)
        return work.finish()

    return do


def _end_phase(work: Any, _: EndPhase) -> None:
    if work.phase is Phase.MANEUVER:
        man.end_maneuver(work)
    else:
        work.stack.extend(AFTER_ATTACK)


_DO: dict[type, Callable[[State, Any], State]] = {
    Select: lambda state, action: settle(man.select(state, action.member)),
    Move: lambda state, action: settle(man.move(state, action.cell)),
    GetUp: lambda state, action: settle(man.get_up(state)),
    GetDown: lambda state, action: settle(man.get_down(state)),
    Stop: lambda state, action: settle(man.stop(state)),
    Deselect: lambda state, action: settle(man.deselect(state)),
    Attack: lambda state, action: settle(atk.assign(state, action.member, action.cell)),
    EndPhase: _on_work(_end_phase),
    Discard: _on_work(lambda work, action: enc.discard_for_threat(work, action.member)),
    ChooseRow: _on_work(lambda work, action: enc.choose_row(work, action.row)),
}


# -- playing on until somebody must decide --------------------------------------------------------

def ready(state: State) -> bool:
    """Whether nothing is to be done before a decision (or the game is over)."""
    if state.stack:
        return False
    phase = state.phase
    if phase is Phase.MANEUVER:
        return man.waiting(state)
    if phase is Phase.ATTACK:
        return atk.any_attack(state)
    if phase is Phase.ENCOUNTER:
        return enc.waiting(state)
    return True


def advance(work: Any) -> bool:
    """The current phase's next automatic step; False when somebody must decide (or it is over)."""
    phase = work.phase
    if phase is Phase.ENCOUNTER:
        return enc.step(work)
    if phase is Phase.MANEUVER:
        if man.waiting(work):
            return False
        if work.selected >= 0:  # the Athlete's second step has nowhere to go
            work.selected = -1
            work.moved = False
        else:
            man.end_maneuver(work)
        return True
    if phase is Phase.ATTACK:
        if atk.any_attack(work):
            return False
        work.stack.extend(AFTER_ATTACK)
        return True
    return False


DRIVER: Driver[Any] = Driver(
    effects={
        ResolveAttack: atk.resolve_attack,
        CounterAttack: counter_attack,
        EndOfTurn: end_of_turn,
    },
    advance=advance,
)


def settle(state: State) -> State:
    """``state``, played on until somebody must decide (no copy at all when nothing is to be
    done, the common case after a small decision)."""
    return DRIVER.settle(state, Work, ready)
