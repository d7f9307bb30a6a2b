"""The referee: a new game, who decides, what is legal, applying a decision, the outcome.

``apply`` checks the action directly against the state (:func:`illegal_reason`,
never by listing the legal actions) and raises IllegalAction with that reason;
otherwise the decision's rule (in its phase module) makes the new state, and
the driver plays the automatic steps that follow from the effects on the
state's ``stack`` (see :mod:`wasteland.core.driver`): the end of the gathering
phase, the reveal of the forces, the offer of each seat's declarations
(passing over seats with nothing to declare), the skirmish's resolution, the
next draw phase, the end of the game. The small decisions (begin, commit,
equip, resolve, hire, keep, and the end of a seat's gathering when another
seat gathers next) push no effect, and the driver then has nothing to do.
"""

from __future__ import annotations

from typing import Any, Callable

from wasteland.arctic_scavengers import actions as A
from wasteland.arctic_scavengers.draw_phase import draw_phase
from wasteland.arctic_scavengers.end import end_of_game, outcome_of
from wasteland.arctic_scavengers.gathering import (
    begin_action, begin_reason, commit_card, commit_reason, end_gathering, end_gathering_reason,
    equip_modifier, equip_reason, gathering_actions, gathering_over, hire_mercenary, hire_reason, keep_actions,
    keep_dug_card, keep_reason, resolve_action, resolve_reason,
)
from wasteland.arctic_scavengers.setup import initial_state, make_options
from wasteland.arctic_scavengers.skirmish import (
    declaration_actions, declare, declare_sabotage, declare_snipe, end_declarations, end_declarations_reason,
    resolve_skirmish, reveal_forces, sabotage_reason, snipe_reason,
)
from wasteland.arctic_scavengers.card_set import table_of
from wasteland.arctic_scavengers.state import (
    FIRST_SKIRMISH_ROUND, TASKS, Declare, Declaring, DrawPhase, EndOfGame, GatheringOver, Phase, ResolveSkirmish,
    RevealForces, State,
)
from wasteland.core.driver import Driver, Scratch, scratch_class
from wasteland.core.game import IllegalAction, Outcome, check_table, need_state, returns_of, short

__all__ = [
    "new_game", "current_player", "legal_actions", "apply", "outcome", "returns", "num_players",
    "illegal_reason", "Work", "DRIVER", "settle", "check_state", "max_decisions",
]

_GATHERING, _KEEP, _SKIRMISH, _OVER = Phase.GATHERING, Phase.KEEP, Phase.SKIRMISH, Phase.OVER

def max_decisions(state: State) -> int:
    """The most decisions a whole game with ``state``'s options can take, from the rules (see the
    rules page, "How long a game lasts"): every round from the third has a skirmish, which takes
    the top contested resource (won, or to the junkyard in a stalemate), so there are at most
    2 + K rounds for K contested resources; in a round each seat begins, resolves and keeps at
    most once per action (T actions), commits or equips each of the C cards of the set at most
    once, and ends its gathering once; the skirmish's declarations spend a unit each (at most C)
    and each seat ends them once."""
    table = table_of(need_state(state, State, "an Arctic Scavengers"))
    cards = len(table.ids)
    rounds = FIRST_SKIRMISH_ROUND - 1 + sum(table.is_contested)
    n = state.options.players
    return rounds * (n * (3 * len(TASKS) + 2 * cards + 1) + cards + n)


#: The mutable working copy of a State the driver plays on.
Work: type[Scratch[State]] = scratch_class(State)


def _nothing_automatic(work: Scratch[State]) -> bool:
    """Every automatic step is an effect on the stack: with the stack empty, somebody decides."""
    return False


DRIVER: Driver[Any] = Driver(
    effects={
        GatheringOver: gathering_over,
        RevealForces: reveal_forces,
        Declare: declare,
        ResolveSkirmish: resolve_skirmish,
        DrawPhase: draw_phase,
        EndOfGame: end_of_game,
    },
    advance=_nothing_automatic,
)


def _ready(state: State) -> bool:
    stack = state.stack
    return not stack or stack[-1].__class__ is Declaring


def settle(state: State) -> State:
    """``state`` with every pending effect resolved, up to the next decision."""
    return DRIVER.settle(state, Work, _ready)


def new_game(seed: int, **options: Any) -> State:
    """A new game: setup done and the first draw phase played; the initiator gathers first.

    Options: ``players`` (2–5, default 2), ``peek_rule`` (``"no_peek"``, the default, or
    ``"remove_marked"``), ``peeking`` (contested-resource keys, with ``"remove_marked"``),
    ``cards`` (a card set of one's own; see :mod:`card_set`).
    """
    return settle(initial_state(seed, make_options(**options)))


def check_state(state: object) -> State:
    """``state`` if it is an Arctic Scavengers state; IllegalAction otherwise."""
    return need_state(state, State, "an Arctic Scavengers")


def num_players(state: State) -> int:
    return check_state(state).options.players


def current_player(state: State) -> int | None:
    """The seat deciding now, or None once the game is over (also on a view)."""
    if type(state) is not State:
        check_state(state)
    return None if state.phase is _OVER else state.turn


def legal_actions(state: State) -> tuple[A.Action, ...]:
    """Every legal decision now, in a stable order; empty once the game is over."""
    if type(state) is not State or state.viewer is not None:
        check_table(check_state(state))
    phase = state.phase
    if phase is _GATHERING:
        return tuple(gathering_actions(state))
    if phase is _SKIRMISH:
        return tuple(declaration_actions(state))
    if phase is _KEEP:
        return tuple(keep_actions(state))
    return ()


_Check = Callable[[State, Any], "str | None"]
_Rule = Callable[[State, Any], State]


def _settled(rule: _Rule) -> _Rule:
    """``rule``, then the driver for the effects it pushed."""
    def run(state: State, action: Any) -> State:
        return DRIVER.settle(rule(state, action), Work, _ready)

    return run


#: Each action class: the phase it belongs to, its word for messages and its check.
_CHECKS: dict[type, tuple[Phase, str, _Check]] = {
    A.Begin: (_GATHERING, "beginning an action", begin_reason),
    A.Commit: (_GATHERING, "committing a card", commit_reason),
    A.Equip: (_GATHERING, "equipping", equip_reason),
    A.Resolve: (_GATHERING, "resolving an action", resolve_reason),
    A.Hire: (_GATHERING, "hiring", hire_reason),
    A.EndGathering: (_GATHERING, "ending the gathering", end_gathering_reason),
    A.Keep: (_KEEP, "keeping a dug card", keep_reason),
    A.Sabotage: (_SKIRMISH, "disarming", sabotage_reason),
    A.Snipe: (_SKIRMISH, "sniping", snipe_reason),
    A.EndDeclarations: (_SKIRMISH, "ending the declarations", end_declarations_reason),
}

#: Each action class's rule (the check has passed), followed by the driver where effects may follow.
_DO: dict[type, _Rule] = {
    A.Begin: begin_action,
    A.Commit: commit_card,
    A.Equip: equip_modifier,
    A.Resolve: resolve_action,
    A.Hire: hire_mercenary,
    A.EndGathering: _settled(end_gathering),
    A.Keep: keep_dug_card,
    A.Sabotage: _settled(declare_sabotage),
    A.Snipe: _settled(declare_snipe),
    A.EndDeclarations: _settled(end_declarations),
}

_PHASE_WORDS = {
    _GATHERING: "gathering", _KEEP: "choosing a dug card to keep", _SKIRMISH: "skirmish declarations",
}


def illegal_reason(state: State, action: object) -> str | None:
    """Why ``action`` is not legal in ``state`` (a table), or None when it is: the direct
    check, which agrees with :func:`legal_actions` (a property test holds it to that)."""
    entry = _CHECKS.get(type(action))
    if entry is None:
        return f"not an Arctic Scavengers action: {short(action)}"
    phase = state.phase
    need, word, check = entry
    if need is not phase:
        if phase is _OVER:
            return "the game is over"
        return f"{word} is not possible now ({_PHASE_WORDS[phase]})"
    return check(state, action)


def apply(state: State, action: object) -> State:
    """The state after ``action``; IllegalAction (with a reason) for anything not legal now."""
    if type(state) is not State or state.viewer is not None:  # one test on the common path
        if type(state) is not State:
            raise IllegalAction(f"not an Arctic Scavengers state: {short(state)}")
        check_table(state)
    reason = illegal_reason(state, action)
    if reason is not None:
        raise IllegalAction(reason)
    return _DO[type(action)](state, action)


def outcome(state: State) -> Outcome | None:
    """None while running. At the end the most people wins; a tie goes to the tied
    tribe holding the most contested resources; if still tied, they share the win."""
    check_table(check_state(state))
    if state.phase is not _OVER:
        return None
    return outcome_of(state)


def returns(state: State) -> tuple[float, ...]:
    """1.0 for each winner (each sharer of a shared win), 0.0 for everyone else."""
    result = outcome(state)
    if result is None:
        raise IllegalAction("the game is still running: returns are known at the end")
    return returns_of(result, state.options.players)
