"""The contract: what each action means, playing on until somebody decides, the end.

Everything passes through the engine (``wasteland.core.engine``): ``RULES`` pairs
each action type with its reason (why it is not legal now, in the phase module
it belongs to) and its rule (what it does to the working copy, ``state.Work``).
What needs no decision goes through the core driver (``wasteland.core.driver``):
``advance`` is each phase's own progression (deal the threats, take a choice that
has a single option, end a maneuver in which nobody can act, end an attack phase
in which nobody can attack), and the end of the attack leaves three effects on
the stack, resolved in turn: ``ResolveAttack``, ``CounterAttack``, ``EndOfTurn``.
"""

from __future__ import annotations

from typing import Any

from wasteland.core.bounds import Bounds, check_loaded
from wasteland.core.driver import Driver
from wasteland.core.engine import Engine, Rule
from wasteland.core.game import Outcome, Utility
from wasteland.lucky_seven import attack as atk
from wasteland.lucky_seven import encounter as enc
from wasteland.lucky_seven import maneuver as man
from wasteland.lucky_seven.actions import (
    ACTION_TYPES, CHOOSE_ROW, DESELECT, DISCARD, END_PHASE, Action, Attack, ChooseRow, Deselect, Discard, EndPhase,
    GetDown, GetUp, Move, Select, Stop, action_count, decode, notation,
)
from wasteland.lucky_seven.board import phase_reason, squad_eliminated, threats_left
from wasteland.lucky_seven.card_set import table_of
from wasteland.lucky_seven.cards import SQUAD_SIZE
from wasteland.lucky_seven.counter_attack import counter_attack, end_of_turn
from wasteland.lucky_seven.loaded import check_state_content
from wasteland.lucky_seven.setup import initial_state, make_options
from wasteland.lucky_seven.state import (
    AFTER_ATTACK, CounterAttack, EndOfTurn, Ending, Options, Phase, ResolveAttack, State, Work,
)

__all__ = [
    "ENGINE", "RULES", "new_game", "current_player", "legal_actions", "moves", "apply", "outcome", "returns", "utility",
    "num_players", "parse", "action_from_id", "ending", "illegal_reason", "actions_of", "advance", "ready", "over",
    "max_decisions",
]


# -- ending a phase (the maneuver or the attack) ----------------------------------------------------

def end_phase_reason(state: State, action: EndPhase) -> str | None:
    reason = phase_reason(state, action)
    if reason is not None:
        return reason
    if state.phase is Phase.MANEUVER and state.selected >= 0:
        return "finish the selected member's action first"
    return None


def end_phase(work: Work, _: EndPhase) -> None:
    """The maneuver ends (the attack begins), or the assigned attacks resolve and the turn ends."""
    if work.phase is Phase.MANEUVER:
        man.end_maneuver(work)
    else:
        work.stack.extend(AFTER_ATTACK)


RULES: dict[type, Rule[State, Work, Any]] = {
    Select: Rule(man.select_reason, man.select),
    Move: Rule(man.move_reason, man.move),
    GetUp: Rule(man.get_up_reason, man.get_up),
    GetDown: Rule(man.get_down_reason, man.get_down),
    Stop: Rule(man.stop_reason, man.stop),
    Deselect: Rule(man.deselect_reason, man.deselect),
    EndPhase: Rule(end_phase_reason, end_phase),
    Attack: Rule(atk.attack_reason, atk.assign),
    Discard: Rule(enc.discard_reason, enc.discard),
    ChooseRow: Rule(enc.choose_row_reason, enc.choose_row_rule),
}


# -- what may be done ---------------------------------------------------------------------------

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


def advance(work: Work) -> bool:
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


def over(state: State) -> bool:
    return state.phase is Phase.OVER


#: The competitive game's seats (the variant's rule: one player commands the squad, the other
#: chooses each drawn threat's row): seat 0 the squad, seat 1 the threats.
SQUAD_SEAT = 0
THREAT_SEAT = 1


def ending(state: State) -> Outcome | None:
    """``outcome`` without the check for the table: the drawing of a view tells how it ended too
    (everything the outcome reads is in sight)."""
    if state.phase is not Phase.OVER:
        return None
    coop = state.options.variant == "cooperative"
    if squad_eliminated(state):
        won, code = False, Ending.SQUAD_ELIMINATED
        reason = "a squad was eliminated" if coop else "the squad was eliminated"
    elif threats_left(state):
        won, code, reason = False, Ending.THREATS_LEFT, "threats were left on the map when the helicopter came"
    else:
        won, code, reason = True, Ending.LANDING_ZONE_CLEAR, "the landing zone was clear when the helicopter came"
    if state.options.variant == "competitive":
        return Outcome(winners={SQUAD_SEAT} if won else {THREAT_SEAT}, reason=reason, code=code)
    return Outcome(winners=range(state.options.players) if won else (), reason=reason, code=code)


ENGINE: Engine[State, Action, Work, Options] = Engine(
    title="Lucky Seven", state_type=State, work_type=Work, rules=RULES, actions_of=actions_of, ready=ready,
    driver=Driver(effects={ResolveAttack: atk.resolve_attack, CounterAttack: counter_attack,
                           EndOfTurn: end_of_turn}, advance=advance),
    make_options=make_options, setup=initial_state, notation=notation, over=over, ending=ending,
    action_count=action_count, decode=decode,
)
assert set(RULES) == set(ACTION_TYPES)


# -- the contract ---------------------------------------------------------------------------------

new_game = ENGINE.new_game
legal_actions = ENGINE.legal_actions
moves = ENGINE.moves
apply = ENGINE.apply
parse = ENGINE.parse
illegal_reason = ENGINE.illegal_reason
outcome = ENGINE.outcome
returns = ENGINE.returns
action_from_id = ENGINE.action_from_id
num_players = ENGINE.num_players


def current_player(state: State) -> int | None:
    """Who decides now (on a view too); None once the game is over."""
    if ENGINE.state(state).phase is Phase.OVER:
        return None
    if state.options.variant == "competitive":
        return THREAT_SEAT if state.pending >= 0 and state.pending_row < 0 else SQUAD_SEAT
    return state.active


def utility(state: State) -> Utility:
    """Solo and cooperative, every seat gets the team's result; competitive, exactly one of
    the two seats wins: the returns add up to 1 (on a view too)."""
    variant = ENGINE.state(state).options.variant
    return Utility.CONSTANT_SUM if variant == "competitive" else Utility.IDENTICAL


def max_decisions(state: State) -> int:
    """The most decisions a whole game with ``state``'s options can take, from the rules (see the
    rules page, "How long a game lasts"): every turn but a side's final one deals at least one
    threat of its deck (D threats and the Depot), so a side has at most D + 2 turns; in a turn
    at most 4 threats wait for a row and a discard (8), each of the m squad members acts once
    (select and up to two more steps), between two actions each member is put back at most once
    (select and back), each attacks once, and each phase ends once (2)."""
    table = table_of(ENGINE.state(state))
    sides = len(state.decks)
    members = SQUAD_SIZE * sides
    turn = 8 + 3 * members + 2 * members * (members + 1) + members + 2
    return sides * (table.threat_ids + 2) * turn


# -- what a file may hold (checked when a record is read: see ``wasteland.core.bounds``) -------------

def _limits(state: State) -> dict[str, range]:
    """The ids a table of ``state``'s options has (its records' ``Within`` marks name them)."""
    sides = 2 if state.options.variant == "cooperative" else 1
    table = table_of(state)
    return {"member": range(8 * sides), "threat": range(table.stride * sides), "card": range(len(table.kind)),
            "cell": range(28 * sides), "row": range(4 * sides), "side": range(sides),
            "seat": range(state.options.players)}


BOUNDS = Bounds(_limits)
check_loaded(ENGINE, check_state_content, bounds=BOUNDS)
