"""The referee: what each decision means, the automatic steps, the end; everything through the engine.

``RULES`` gives each action type its :class:`Rule`: the check (``*_reason`` in its
phase module: why it is not legal now, or None) and the rule that changes the
working copy (:class:`state.Work`). ``apply`` is the engine's
(:mod:`wasteland.core.engine`): its own checks of the state and of the action's
fields, the check, the rule, then the driver, which plays the automatic steps
that follow from the effects on the state's ``stack``: the end of the gathering
phase, the reveal of the forces, the offer of each seat's declarations (passing
over seats with nothing to declare), the skirmish's resolution, the next draw
phase, the end of the game. The small decisions (begin, commit, equip, resolve,
hire, keep, and the end of a seat's gathering when another seat gathers next)
push no effect, and the driver then has nothing to do.
"""

from __future__ import annotations

from typing import Any

from wasteland.arctic_scavengers import actions as A
from wasteland.arctic_scavengers.card_set import card_set_data, table_of
from wasteland.arctic_scavengers.draw_phase import draw_phase
from wasteland.arctic_scavengers.end import end_of_game, outcome_of
from wasteland.arctic_scavengers.gathering import (
    begin_action, begin_reason, commit_card, commit_reason, end_gathering, end_gathering_reason,
    equip_modifier, equip_reason, gathering_actions, gathering_over, hire_mercenary, hire_reason, keep_actions,
    keep_dug_card, keep_reason, resolve_action, resolve_reason,
)
from wasteland.arctic_scavengers.loaded import check_state_content
from wasteland.arctic_scavengers.setup import initial_state, make_options
from wasteland.arctic_scavengers.skirmish import (
    declaration_actions, declare, declare_sabotage, declare_snipe, end_declarations, end_declarations_reason,
    resolve_skirmish, reveal_forces, sabotage_reason, snipe_reason,
)
from wasteland.arctic_scavengers.state import (
    FIRST_SKIRMISH_ROUND, TASKS, Declare, Declaring, DrawPhase, EndOfGame, GatheringOver, Options, Phase,
    ResolveSkirmish, RevealForces, State, Work,
)
from wasteland.core.bounds import check_loaded
from wasteland.core.driver import Driver
from wasteland.core.engine import Engine, Rule
from wasteland.core.game import IllegalAction, Outcome

__all__ = [
    "ENGINE", "RULES", "new_game", "current_player", "legal_actions", "moves", "apply", "outcome", "returns",
    "num_players", "parse", "action_from_id", "illegal_reason", "max_decisions",
]

_GATHERING, _KEEP, _SKIRMISH, _OVER = Phase.GATHERING, Phase.KEEP, Phase.SKIRMISH, Phase.OVER


# -- the decisions ---------------------------------------------------------------------------------

RULES: dict[type, Rule[State, Work, Any]] = {
    A.Begin: Rule(begin_reason, begin_action),
    A.Commit: Rule(commit_reason, commit_card),
    A.Equip: Rule(equip_reason, equip_modifier),
    A.Resolve: Rule(resolve_reason, resolve_action),
    A.Hire: Rule(hire_reason, hire_mercenary),
    A.EndGathering: Rule(end_gathering_reason, end_gathering),
    A.Keep: Rule(keep_reason, keep_dug_card),
    A.Sabotage: Rule(sabotage_reason, declare_sabotage),
    A.Snipe: Rule(snipe_reason, declare_snipe),
    A.EndDeclarations: Rule(end_declarations_reason, end_declarations),
}


# -- what needs nobody -----------------------------------------------------------------------------

def _nothing_automatic(work: Work) -> bool:
    """Every automatic step is an effect on the stack: with the stack empty, somebody decides."""
    return False


def ready(state: State) -> bool:
    """Nothing to resolve before a decision: the stack is empty or a declaration waits on top."""
    stack = state.stack
    return not stack or stack[-1].__class__ is Declaring


def over(state: State) -> bool:
    return state.phase is _OVER


def actions_of(state: State) -> tuple[A.Action, ...]:
    """The legal actions, on the table or the deciding seat's view (another seat's view: none it
    could know)."""
    phase = state.phase
    viewer = state.viewer
    if viewer is not None and viewer != state.turn:
        return ()
    if phase is _GATHERING:
        return tuple(gathering_actions(state))
    if phase is _SKIRMISH:
        return tuple(declaration_actions(state))
    if phase is _KEEP:
        return tuple(keep_actions(state))
    return ()


def ending(state: State) -> Outcome | None:
    """None while running. At the end the most people wins; a tie goes to the tied tribe holding
    the most contested resources; if still tied, they share the win."""
    return None if state.phase is not _OVER else outcome_of(state)


ENGINE: Engine[State, A.Action, Work, Options] = Engine(
    title="Arctic Scavengers", state_type=State, work_type=Work, rules=RULES, actions_of=actions_of, ready=ready,
    driver=Driver(
        effects={
            GatheringOver: gathering_over,
            RevealForces: reveal_forces,
            Declare: declare,
            ResolveSkirmish: resolve_skirmish,
            DrawPhase: draw_phase,
            EndOfGame: end_of_game,
        },
        advance=_nothing_automatic,
    ),
    make_options=make_options, setup=initial_state, notation=A.notation, over=over, ending=ending,
    action_count=A.action_count, decode=A.decode,
)
assert set(RULES) == set(A.ACTION_TYPES)


def _options_read_back(options: Options) -> None:
    """Options read from a file are checked as ``new_game`` checks them, the card set included:
    a set of a billion cards, or a type whose name or ability was rewritten, is refused."""
    data = None if options.cards is None else card_set_data(options.cards)
    again = make_options(players=options.players, peek_rule=options.peek_rule, peeking=list(options.peeking),
                         cards=data)
    if again != options:
        raise ValueError("the options do not read back as new_game would make them")


check_loaded(ENGINE, check_state_content, options=_options_read_back, answer=False)


# -- the contract ---------------------------------------------------------------------------------

new_game = ENGINE.new_game
legal_actions = ENGINE.legal_actions
moves = ENGINE.moves
apply = ENGINE.apply
parse = ENGINE.parse
illegal_reason = ENGINE.illegal_reason
outcome = ENGINE.outcome
returns = ENGINE.returns
num_players = ENGINE.num_players


def current_player(state: State) -> int | None:
    """The seat deciding now, or None once the game is over (also on a view)."""
    return None if ENGINE.state(state).phase is _OVER else state.turn


def action_from_id(state: State, i: int) -> A.Action:
    """The legal action numbered ``i`` now (``ENGINE.action_from_id``). On a view it answers as on
    the table when the viewer is the seat deciding (everything its legal actions depend on is in
    its own view); a view of another seat is refused, since the decider's legal actions depend on
    its hidden hand."""
    viewer = ENGINE.state(state).viewer
    if viewer is not None and state.phase is not _OVER and viewer != state.turn:
        raise IllegalAction(f"seat {state.turn} decides now: its legal actions are not known from "
                            f"seat {viewer}'s view")
    return ENGINE.action_from_id(state, i)


def max_decisions(state: State) -> int:
    """The most decisions a whole game with ``state``'s options can take, from the rules (see the
    rules page, "How long a game lasts"): every round from the third has a skirmish, which takes
    the top contested resource (won, or to the junkyard in a stalemate), so there are at most
    2 + K rounds for K contested resources; in a round each seat begins, resolves and keeps at
    most once per action (T actions), commits or equips each of the C cards of the set at most
    once, and ends its gathering once; the skirmish's declarations spend a unit each (at most C)
    and each seat ends them once."""
    table = table_of(ENGINE.state(state))
    cards = len(table.ids)
    rounds = FIRST_SKIRMISH_ROUND - 1 + sum(table.is_contested)
    n = state.options.players
    return rounds * (n * (3 * len(TASKS) + 2 * cards + 1) + cards + n)
