"""The contract: new_game, current_player, legal_actions, apply, outcome, returns.

``apply`` checks the action directly (``illegal_reason``) and then lets the
phase modules work on a working copy; the core driver plays on until somebody
must decide: ``Icon`` (an effect code, ``icons``), ``Step`` (an action's step:
asked, done or dropped, ``turn``), ``FileRaxxon``, ``EndOfDay`` (``end_of_day``);
an ``Ask`` on top of the stack is the pending decision. ``advance`` is the turn
order: the next player who has not passed, and the end of the day when all have.
"""

from __future__ import annotations

from typing import Any, Callable

from wasteland.core.driver import Driver, scratch_class
from wasteland.core.records import replace
from wasteland.core.game import TRUNCATED, ConfigError, IllegalAction, Outcome, check_table, returns_of, short
from wasteland.raxxon import turn
from wasteland.raxxon.actions import (
    ACT, DECLINE, LINE, OPTION, PASS, PLACE, TAKE, TARGET, TURN, Act, Action, Decline, Line, Option, Pass, Place,
    Take, Target, Turn,
)
from wasteland.raxxon.cards import LOOK, POWER_LIMIT, SHEETS
from wasteland.raxxon.end_of_day import end_of_day
from wasteland.raxxon.icons import file_raxxon, healthy_left, resolve_icon
from wasteland.raxxon.setup import initial_state, make_options
from wasteland.raxxon.state import (
    CELL_KINDS, CELLS, CHOOSE, DONE, EMPTY, K_OPTION, K_OPTIONAL, K_PLACE, LINE_KINDS, START, Ask, DayEnded,
    EndOfDay, FileRaxxon, Icon, Looked, Phase, State, Step,
)

__all__ = [
    "new_game", "current_player", "legal_actions", "apply", "outcome", "returns", "num_players", "ending",
    "illegal_reason", "actions_of", "Work", "DRIVER", "advance", "settle", "ready", "pending", "on_work",
    "DECISION_LIMIT", "max_decisions",
]

#: The most decisions a game may take (*design*): the published game has no bound on its length
#: (no last day, and a turn's consequences may add cards to look at), so the engine ends a game
#: that reaches it, with the outcome ``decision_limit`` (nobody wins: a truncation, not a loss).
#: The longest of thousands of games under any bot or policy took a small fraction of it.
DECISION_LIMIT = 5_000


def max_decisions(state: State) -> int:
    """The most decisions a whole game with ``state``'s options can take: ``DECISION_LIMIT``."""
    _check(state)
    return DECISION_LIMIT

#: The working copy of a State that the rules change in place.
Work = scratch_class(State)


def new_game(seed: int, **options: Any) -> State:
    """A new game: ``players`` 1-4, ``difficulty`` ("intro", "regular", "hard", "expert"),
    ``characters`` (a sheet key per seat, or None: dealt), ``cards`` (None: the default set).
    Bad options raise ConfigError."""
    if type(seed) is not int:
        raise ConfigError(f"seed must be an int, got {short(seed)}")
    return settle(initial_state(seed, make_options(options)))


def _check(state: object) -> State:
    if type(state) is not State:
        raise IllegalAction(f"not a Raxxon state: {short(state)}")
    return state


def num_players(state: State) -> int:
    return _check(state).options.players


def current_player(state: State) -> int | None:
    """Who decides now (the active player: every choice is theirs); None once over."""
    if _check(state).phase is Phase.OVER:
        return None
    return state.active


def outcome(state: State) -> Outcome | None:
    """How the game ended (None while it runs); IllegalAction on a view."""
    check_table(_check(state))
    return ending(state)


def ending(state: State) -> Outcome | None:
    """``outcome`` without the check for the table (everything it reads is public)."""
    if state.phase is not Phase.OVER:
        return None
    if state.cut:
        return Outcome(winners=(), reason=f"the game reached the engine's limit of {DECISION_LIMIT} decisions",
                       code=TRUNCATED)
    everyone = range(state.options.players)
    if healthy_left(state) == 0:
        return Outcome(winners=everyone, reason="every healthy card was evacuated", code="evacuated")
    if state.power >= POWER_LIMIT:
        return Outcome(winners=(), reason="Raxxon power reached 8", code="power")
    return Outcome(winners=(), reason="the infection supply ran out", code="infection")


def returns(state: State) -> tuple[float, ...]:
    """The team's result for every player: 1 won, 0 lost."""
    result = outcome(state)
    if result is None:
        raise IllegalAction("the game is not over: returns come at the end")
    return returns_of(result, state.options.players)


# -- what may be done ----------------------------------------------------------------------------

def pending(state: Any) -> Ask | None:
    """The decision waiting on top of the stack, if any."""
    stack = state.stack
    if stack:
        top = stack[-1]
        if type(top) is Ask:
            return top
    return None


_LAST: list[Any] = [None, ()]


def _choices(state: State, ask: Ask) -> list[int]:
    """``turn.choices`` for the pending step, kept for the last state asked about (listing the legal
    actions and then checking one of them asks twice about the same state)."""
    if _LAST[0] is state:
        cached: list[int] = _LAST[1]
        return cached
    found = turn.choices(state, ask.kind, ask.arg)
    _LAST[0], _LAST[1] = state, found
    return found


def legal_actions(state: State) -> tuple[Action, ...]:
    """The legal actions, in a stable order; IllegalAction on a view."""
    if type(state) is not State or state.viewer is not None:
        check_table(_check(state))
    return actions_of(state)


def actions_of(state: State) -> tuple[Action, ...]:
    """The legal actions, listed (on a view as well: they depend only on what everyone sees)."""
    if state.phase is Phase.OVER:
        return ()
    ask = pending(state)
    if ask is not None:
        options = _choices(state, ask)
        kind = ask.kind
        if kind in CELL_KINDS:
            return tuple(TARGET[c] for c in options)
        if kind in LINE_KINDS:
            return tuple(LINE[i] for i in options)
        if kind == K_PLACE:
            return tuple(PLACE[c] for c in options)
        if kind == K_OPTION:
            return tuple(OPTION[i] for i in options)
        return (TAKE, DECLINE)
    if state.stage == START:
        can = turn.available(state)
        if any(state.tokens[state.active]):
            return (TURN, PASS) if can else (PASS,)
        return (*(ACT[k] for k in can), PASS)
    if state.stage == CHOOSE:
        return tuple(ACT[k] for k in turn.available(state))
    return ()


_ANSWERS: dict[type, str] = {Target: "a crowd card (r2c3)", Line: "a row or column", Place: "a cell for the card",
                             Option: "an option of the Raxxon card", Take: "take or decline",
                             Decline: "take or decline"}


def illegal_reason(state: State, action: object) -> str | None:
    """Why ``action`` is not legal now, or None if it is (checked directly, without listing)."""
    if state.phase is Phase.OVER:
        return "the game is over"
    kind = type(action)
    a: Any = action
    ask = pending(state)
    if ask is not None:
        k = ask.kind
        want: type
        if k in CELL_KINDS:
            want, field = Target, "cell"
        elif k in LINE_KINDS:
            want, field = Line, "index"
        elif k == K_PLACE:
            want, field = Place, "cell"
        elif k == K_OPTION:
            want, field = Option, "index"
        else:
            if kind is Take or kind is Decline:
                return None
            return "the optional effect is pending: take or decline"
        if kind is not want:
            return f"a step is pending: answer with {_ANSWERS[want]}, not {short(kind.__name__)}"
        value = getattr(a, field)
        if type(value) is not int:
            return f"{field} is an int, got {short(value)}"
        if value not in _choices(state, ask):
            return f"{short(value)} is not a choice of the pending step"
        return None
    if kind is Pass:
        return None if state.stage == START else "the turn is taken: choose an action"
    if kind is Turn:
        if state.stage != START:
            return "the turn is already taken"
        if not any(state.tokens[state.active]):
            return "no token on the sheet: choose an action or pass"
        return None if turn.available(state) else "no action is available: pass"
    if kind is Act:
        if state.stage == START and any(state.tokens[state.active]):
            return "take the turn first (the consequences trigger) or pass"
        index = a.index
        if type(index) is not int:
            return f"an action index is an int, got {short(index)}"
        if index not in turn.available(state):
            return f"action {short(index)} has no empty token slot (or is not on the sheet)"
        return None
    if kind in _ANSWERS:
        return "no step is pending"
    return f"{short(kind.__name__)} is not a Raxxon action"


# -- doing it ------------------------------------------------------------------------------------

def apply(state: State, action: object) -> State:
    """The state after ``action``; IllegalAction (with the reason) for anything not legal now,
    a view, or what is not a Raxxon state."""
    if type(state) is not State or state.viewer is not None:
        if type(state) is not State:
            raise IllegalAction(f"not a Raxxon state: {short(state)}")
        check_table(state)
    reason = illegal_reason(state, action)
    if reason is not None:
        raise IllegalAction(reason)
    quick = _QUICK.get(type(action)) if state.decisions < DECISION_LIMIT - 1 else None
    if quick is not None:
        done = quick(state, action)
        if done is not None:
            return done
    return on_work(state, action)


def on_work(state: State, action: Any) -> State:
    """A checked action done on a working copy, the driver playing on after it (``apply`` takes
    a shortcut for a pass, a turn and an action that change little: the same result, tested)."""
    work = Work(state)
    work.events = []
    _DO[type(action)](work, action)
    DRIVER.run(work)
    work.decisions += 1
    if work.decisions >= DECISION_LIMIT and work.phase is not Phase.OVER:
        work.phase, work.stack, work.cut = Phase.OVER, [], True
    return work.finish()


def _quick_pass(state: State, _: object) -> State | None:
    """A pass that leaves another player in the day: the next one's turn, without a working copy."""
    passed = state.passed | {state.active}
    n = state.options.players
    for step in range(1, n):
        seat = (state.active + step) % n
        if seat not in passed:
            return replace(state, passed=passed, active=seat, stage=START, events=(),
                           decisions=state.decisions + 1)
    return None


def _quick_turn(state: State, _: object) -> State | None:
    """A turn whose tokens all lie on free slots: nothing triggers, the action is chosen next."""
    if turn.consequences(state, state.active):
        return None
    return replace(state, stage=CHOOSE, events=(), decisions=state.decisions + 1)


def _quick_act(state: State, action: Act) -> State | None:
    """An action whose first step has a choice: the token and the question, without a working copy
    (what ``turn.choose_action`` and the driver would do)."""
    sheet = SHEETS[state.characters[state.active]]
    index = action.index
    if index == 0:
        verb, count = sheet.investigate
        extra: tuple[Step, ...] = ()
        tokens = state.tokens
    else:
        chosen = sheet.actions[index - 1]
        verb, count = chosen.verb, chosen.count
        extra = () if chosen.optional is None else (Step(K_OPTIONAL, chosen.optional[1], chosen.optional[0]),)
        mine = list(state.tokens[state.active])
        mine[index - 1] += 1
        tokens = (*state.tokens[:state.active], tuple(mine), *state.tokens[state.active + 1:])
    if len(turn.choices(state, verb, -1)) < 2:
        return None
    return replace(state, tokens=tokens, stage=DONE, stack=(*state.stack, *extra, Ask(verb, count, -1)),
                   events=(), decisions=state.decisions + 1)


def _quick_look(state: State, action: Target) -> State | None:
    """A look at one card, when what follows is another question or the next player's turn."""
    ask = state.stack[-1]
    if type(ask) is not Ask or ask.kind != LOOK:
        return None
    seat, cell = state.active, action.cell
    seen = state.seen[seat] | {cell}
    everyone = (*state.seen[:seat], seen, *state.seen[seat + 1:])
    events = (Looked(seat, cell, state.crowd[cell]),)
    rest = state.stack[:-1]
    if ask.count > 1:
        crowd, up = state.crowd, state.face_up
        left = sum(1 for c in range(CELLS) if crowd[c] != EMPTY and crowd[c] not in up and c not in seen)
        if left < 2:
            return None
        return replace(state, seen=everyone, stack=(*rest, Ask(LOOK, ask.count - 1, -1)), events=events,
                       decisions=state.decisions + 1)
    if rest or state.stage != DONE:
        return None
    n = state.options.players
    after = next(s for s in ((seat + k) % n for k in range(1, n + 1)) if s not in state.passed)
    return replace(state, seen=everyone, stack=(), active=after, stage=START, events=events,
                   decisions=state.decisions + 1)


_QUICK: dict[type, Callable[[State, Any], State | None]] = {Pass: _quick_pass, Turn: _quick_turn,
                                                            Act: _quick_act, Target: _quick_look}


def _answer(field: str) -> Callable[[Any, Any], None]:
    def do(work: Any, action: Any) -> None:
        ask = work.stack.pop()
        turn.answer(work, ask.kind, ask.count, ask.arg, getattr(action, field))

    return do


def _optional(take: bool) -> Callable[[Any, Any], None]:
    def do(work: Any, action: Any) -> None:
        ask = work.stack.pop()
        turn.answer(work, K_OPTIONAL, ask.count, ask.arg, int(take))

    return do


_DO: dict[type, Callable[[Any, Any], None]] = {
    Turn: lambda work, action: turn.take_turn(work),
    Pass: lambda work, action: turn.pass_turn(work),
    Act: lambda work, action: turn.choose_action(work, action.index),
    Target: _answer("cell"),
    Line: _answer("index"),
    Place: _answer("cell"),
    Option: _answer("index"),
    Take: _optional(True),
    Decline: _optional(False),
}


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


def advance(work: Any) -> bool:
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


DRIVER: Driver[Any] = Driver(
    effects={
        Icon: resolve_icon,
        Step: turn.resolve_step,
        FileRaxxon: file_raxxon,
        EndOfDay: end_of_day,
    },
    advance=advance,
)


def settle(state: State) -> State:
    """``state`` played on until somebody must decide."""
    return DRIVER.settle(state, Work, ready)
