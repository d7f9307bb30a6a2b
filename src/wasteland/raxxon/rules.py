"""The contract: new_game, current_player, legal_actions, apply, outcome, returns.

Everything passes through the engine (``wasteland.core.engine``): ``RULES`` says
for each decision when it is legal (the reasons, in ``turn``) and what it does;
the driver plays on until somebody must decide: ``Icon`` (an effect code,
``icons``), ``Step`` (an action's step: asked, done or dropped, ``turn``),
``FileRaxxon``, ``EndOfDay`` (``end_of_day``); an ``Ask`` on top of the stack is
the pending decision. ``advance`` is the turn order: the next player who has not
passed, and the end of the day when all have. Every decision is counted
(``State.decisions``); the one that reaches ``DECISION_LIMIT`` ends the game
once its consequences are played (``cut``).
"""

from __future__ import annotations

from typing import Any, cast

from wasteland.core.bounds import Bounds, check_loaded
from wasteland.core.driver import Driver
from wasteland.core.engine import Engine, Rule
from wasteland.core.game import Outcome
from wasteland.raxxon import turn
from wasteland.raxxon.actions import (
    ACT, DECLINE, LINE, OPTION, PASS, PLACE, TAKE, TARGET, TURN, Act, Action, Decline, Line, Option, Pass,
    Place, Take, Target, Turn, action_count, decode, notation,
)
from wasteland.raxxon.card_set import table_of
from wasteland.raxxon.cards import EFFECT_NAMES, POWER_LIMIT
from wasteland.raxxon.end_of_day import end_of_day
from wasteland.raxxon.icons import file_raxxon, healthy_left, resolve_icon
from wasteland.raxxon.loaded import check_state_content
from wasteland.raxxon.setup import initial_state, make_options
from wasteland.raxxon.state import (
    CELL_KINDS, CHOOSE, DECISION_LIMIT, DONE, K_OPTIONAL, K_PLACE, LINE_KINDS, START, Ask, DayEnded, EndOfDay,
    Ending, FileRaxxon, Icon, Options, Phase, State, Step, Work,
)
from wasteland.raxxon.turn import pending

__all__ = [
    "ENGINE", "RULES", "new_game", "current_player", "legal_actions", "moves", "apply", "outcome", "returns",
    "num_players",
    "parse", "action_from_id", "ending", "illegal_reason", "actions_of", "Work", "advance", "settle", "ready",
    "pending", "over", "DECISION_LIMIT", "max_decisions",
]


# -- the decisions -------------------------------------------------------------------------------

def decided(work: Work) -> None:
    """A decision was taken: count it. The one that reaches ``DECISION_LIMIT`` ends the game once
    the driver has played its consequences (unless they ended it by the rules): the game is cut."""
    work.decisions += 1
    if work.decisions >= DECISION_LIMIT:
        ENGINE.driver.run(work)
        if work.phase is not Phase.OVER:
            work.phase, work.stack, work.cut = Phase.OVER, [], True


def _answered(work: Work) -> Ask:
    """The pending step, off the stack (the rule's check found it there)."""
    return cast(Ask, work.stack.pop())


def take_turn(work: Work, _: Turn) -> None:
    turn.take_turn(work)
    decided(work)


def pass_turn(work: Work, _: Pass) -> None:
    turn.pass_turn(work)
    decided(work)


def choose_action(work: Work, action: Act) -> None:
    turn.choose_action(work, action.index)
    decided(work)


def answer_cell(work: Work, action: Target | Place) -> None:
    """The pending step answered with a crowd card or a cell of the frame."""
    ask = _answered(work)
    turn.answer(work, ask.kind, ask.count, ask.arg, action.cell)
    decided(work)


def answer_index(work: Work, action: Line | Option) -> None:
    """The pending step answered with a row or column, or an option of the Raxxon card."""
    ask = _answered(work)
    turn.answer(work, ask.kind, ask.count, ask.arg, action.index)
    decided(work)


def take(work: Work, _: Take) -> None:
    ask = _answered(work)
    turn.answer(work, K_OPTIONAL, ask.count, ask.arg, 1)
    decided(work)


def decline(work: Work, _: Decline) -> None:
    ask = _answered(work)
    turn.answer(work, K_OPTIONAL, ask.count, ask.arg, 0)
    decided(work)


RULES: dict[type, Rule[State, Work, Any]] = {
    Turn: Rule(turn.turn_reason, take_turn),
    Pass: Rule(turn.pass_reason, pass_turn),
    Act: Rule(turn.act_reason, choose_action),
    Target: Rule(turn.target_reason, answer_cell),
    Line: Rule(turn.line_reason, answer_index),
    Place: Rule(turn.place_reason, answer_cell),
    Option: Rule(turn.option_reason, answer_index),
    Take: Rule(turn.optional_reason, take),
    Decline: Rule(turn.optional_reason, decline),
}


# -- what may be done ----------------------------------------------------------------------------

def actions_of(state: State) -> tuple[Action, ...]:
    """The legal actions, listed (on a view as well: they depend only on what everyone sees)."""
    if state.phase is Phase.OVER:
        return ()
    ask = pending(state)
    if ask is not None:
        kind = ask.kind
        if kind == K_OPTIONAL:
            return (TAKE, DECLINE)
        options = turn.choices(state, kind, ask.arg)
        if kind in CELL_KINDS:
            return tuple([TARGET[c] for c in options])
        if kind in LINE_KINDS:
            return tuple([LINE[i] for i in options])
        if kind == K_PLACE:
            return tuple([PLACE[c] for c in options])
        return tuple([OPTION[i] for i in options])
    if state.stage == START:
        can = turn.available(state)
        if any(state.tokens[state.active]):
            return (TURN, PASS) if can else (PASS,)
        return (*(ACT[k] for k in can), PASS)
    if state.stage == CHOOSE:
        return tuple([ACT[k] for k in turn.available(state)])
    return ()


# -- playing on until somebody must decide -------------------------------------------------------

def ready(state: State) -> bool:
    """Whether nothing is to be done before a decision (or the game is over)."""
    if state.phase is Phase.OVER:
        return True
    if state.stack:
        return type(state.stack[-1]) is Ask
    if state.stage == CHOOSE:
        return bool(turn.available(state))
    return state.stage != DONE


def advance(work: Work) -> bool:
    """The turn order: after a turn (or a pass) the next player who has not passed; when all have
    passed, the end of the day; a turn whose consequences left no action available ends. False
    when somebody must decide (or the game is over)."""
    if work.phase is Phase.OVER:
        return False
    if work.stage == CHOOSE and not work.stack and not turn.available(work):
        work.stage = DONE
    if work.stage != DONE:
        return False
    seat = turn.next_player(work)
    if seat < 0:
        work.events.append(DayEnded(False))
        work.stack.append(EndOfDay())
        return True
    work.active = seat
    work.stage = START
    return True


def over(state: State) -> bool:
    return state.phase is Phase.OVER


def ending(state: State) -> Outcome | None:
    """``outcome`` without the check for the table (everything it reads is public)."""
    if state.phase is not Phase.OVER:
        return None
    if state.cut:
        return Outcome(winners=(), reason=f"the game reached the engine's limit of {DECISION_LIMIT} decisions",
                       code=Ending.DECISION_LIMIT)
    everyone = range(state.options.players)
    if healthy_left(state) == 0:
        return Outcome(winners=everyone, reason="every healthy card was evacuated", code=Ending.EVACUATED)
    if state.power >= POWER_LIMIT:
        return Outcome(winners=(), reason="Raxxon power reached 8", code=Ending.POWER)
    return Outcome(winners=(), reason="the infection supply ran out", code=Ending.INFECTION)


ENGINE: Engine[State, Action, Work, Options] = Engine(
    title="Raxxon", state_type=State, work_type=Work, rules=RULES, actions_of=actions_of, ready=ready,
    driver=Driver(effects={Icon: resolve_icon, Step: turn.resolve_step, FileRaxxon: file_raxxon,
                           EndOfDay: end_of_day}, advance=advance),
    make_options=make_options, setup=initial_state, notation=notation, over=over, ending=ending,
    action_count=action_count, decode=decode,
)


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
settle = ENGINE.settle


def current_player(state: State) -> int | None:
    """Who decides now (the active player: every choice is theirs); None once over."""
    if ENGINE.state(state).phase is Phase.OVER:
        return None
    return state.active


def max_decisions(state: State) -> int:
    """The most decisions a whole game with ``state``'s options can take: ``DECISION_LIMIT``."""
    ENGINE.state(state)
    return DECISION_LIMIT


# -- what a file may hold (checked when a record is read: see ``wasteland.core.bounds``) -------------

def _limits(state: State) -> dict[str, range]:
    """The ids a table of ``state``'s options has (its event records' ``Within`` marks name them)."""
    table = table_of(state)
    return {"population": range(table.population), "raxxon": range(table.raxxon),
            "seat": range(state.options.players), "effect": range(len(EFFECT_NAMES))}


BOUNDS = Bounds(_limits)
check_loaded(ENGINE, check_state_content, bounds=BOUNDS)
