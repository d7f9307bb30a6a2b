"""The contract's rules: what each action means, the draw, the end.

Everything passes through the engine (``wasteland.core.engine``): ``RULES`` says
for the one action when it is legal and what it does; the ``Draw`` effect is
the driver's; the engine does the rest.
"""

from __future__ import annotations

from typing import Any

from tests.toy.salvage.actions import ACTION_TYPES, Action, Discard, action_count, decode, notation
from tests.toy.salvage.cards import DECK, HAND, HIDDEN, VALUES
from tests.toy.salvage.setup import initial_state, make_options
from tests.toy.salvage.state import Discarded, Draw, Drew, Ending, Options, Phase, State, Work
from wasteland.core.bounds import Bounds, check_loaded
from wasteland.core.driver import Driver
from wasteland.core.engine import Engine, Rule
from wasteland.core.game import Outcome
from wasteland.core.rng import HIDDEN_RNG

__all__ = [
    "ENGINE", "new_game", "current_player", "legal_actions", "moves", "apply", "outcome", "returns", "num_players",
    "parse", "action_from_id", "max_decisions", "score",
]


# -- the decision --------------------------------------------------------------------------------

def discard_reason(state: State, action: Discard) -> str | None:
    if action.card not in state.hands[state.active]:
        return f"card {action.card} is not in your hand"
    return None


def discard(work: Work, action: Discard) -> None:
    """The card goes face up on the discard pile; the next player draws."""
    seat = work.active
    work.hands[seat] = tuple(c for c in work.hands[seat] if c != action.card)
    work.discard.append(action.card)
    work.events.append(Discarded(seat, action.card))
    work.active = (seat + 1) % work.options.players
    work.stack.append(Draw())


RULES: dict[type, Rule[State, Work, Any]] = {Discard: Rule(discard_reason, discard)}


# -- what needs nobody -----------------------------------------------------------------------------

def draw(work: Work, _: Draw) -> None:
    """The active player draws the top card; with the deck empty, the game is over."""
    if not work.deck:
        work.phase = Phase.OVER
        return
    card = work.deck.pop(0)
    work.hands[work.active] = (*work.hands[work.active], card)
    work.events.append(Drew(work.active, card))


def ready(state: State) -> bool:
    return not state.stack


def over(state: State) -> bool:
    return state.phase is Phase.OVER


def actions_of(state: State) -> tuple[Action, ...]:
    if state.phase is Phase.OVER:
        return ()
    return tuple(Discard(c) for c in sorted(state.hands[state.active]))


def score(state: State, player: int) -> int:
    return sum(VALUES[c] for c in state.hands[player])


def ending(state: State) -> Outcome | None:
    """How the game ended: the highest hand wins, a tie shares; None while it runs."""
    if state.phase is not Phase.OVER:
        return None
    scores = tuple(score(state, p) for p in range(state.options.players))
    best = max(scores)
    winners = [p for p, s in enumerate(scores) if s == best]
    if len(winners) == 1:
        code, reason = Ending.HIGHEST_HAND, "the highest hand won"
    else:
        code, reason = Ending.SHARED, "the highest hands tied and share the win"
    return Outcome(winners=winners, reason=reason, code=code, scores=scores)


ENGINE: Engine[State, Action, Work, Options] = Engine(
    title="Salvage", state_type=State, work_type=Work, rules=RULES, actions_of=actions_of, ready=ready,
    driver=Driver(effects={Draw: draw}, advance=lambda work: False), make_options=make_options,
    setup=initial_state, notation=notation, over=over, ending=ending,
    action_count=action_count, decode=decode,
)
assert set(RULES) == set(ACTION_TYPES)


# -- what a file may hold (checked when the codec reads a State: ``wasteland.core.bounds``) --------

def check_places(state: State) -> None:
    """Every card in one place; two cards a hand, three in the hand deciding; a view hides the other
    hands, the deck, the other seats' draws and the generator until the game is over, and nothing else."""
    n, viewer, playing = state.options.players, state.viewer, state.phase is Phase.PLAY
    cards = [*(c for hand in state.hands for c in hand), *state.deck, *state.discard]
    known = [c for c in cards if c != HIDDEN]
    if len(state.hands) != n or [len(h) for h in state.hands] != [HAND + (playing and p == state.active)
                                                                    for p in range(n)] or state.stack:
        raise ValueError("each seat holds two cards (three while it decides) and nothing waits on the stack")
    if len(cards) != DECK or len(set(known)) != len(known):
        raise ValueError("every card is in exactly one place")
    hide = [playing and viewer is not None and p != viewer for p in range(n)]
    if [c == HIDDEN for c in cards] != [*(hide[p] for p, h in enumerate(state.hands) for _ in h),
                                        *(playing and viewer is not None for _ in state.deck),
                                        *(False for _ in state.discard)] \
            or any(type(e) is Drew and (e.card == HIDDEN) != hide[e.player] for e in state.events) \
            or (viewer is not None) != (state.rng == HIDDEN_RNG):
        raise ValueError("a view hides the other hands, the deck and the generator until the end, and only a view")


BOUNDS = Bounds(lambda state: {"card": range(DECK), "seat": range(state.options.players)})
check_loaded(ENGINE, check_places, bounds=BOUNDS)


# -- the contract ---------------------------------------------------------------------------------

new_game = ENGINE.new_game
legal_actions = ENGINE.legal_actions
moves = ENGINE.moves
apply = ENGINE.apply
parse = ENGINE.parse
outcome = ENGINE.outcome
returns = ENGINE.returns
action_from_id = ENGINE.action_from_id
num_players = ENGINE.num_players


def current_player(state: State) -> int | None:
    return None if ENGINE.state(state).phase is Phase.OVER else state.active


def max_decisions(state: State) -> int:
    """Every decision follows a draw: at most the cards left after the deal."""
    return DECK - HAND * ENGINE.state(state).options.players
