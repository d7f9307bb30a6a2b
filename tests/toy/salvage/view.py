"""What a player may see, a table drawn at random among those that fit, and the observation.

Hidden until the game is over: the other hands, the deck's cards and the random generator (a view's
hidden cards are ``HIDDEN``). Another player's draw loses its card.
"""

from __future__ import annotations

from tests.toy.salvage.cards import DECK, HIDDEN
from tests.toy.salvage.rules import ENGINE
from tests.toy.salvage.state import Drew, Phase, State
from wasteland.core.game import IllegalAction, check_determinize, check_viewer
from wasteland.core.records import replace
from wasteland.core.rng import HIDDEN_RNG, Rng

__all__ = ["view", "determinize", "observation_size", "observe"]


def view(state: State, player: int) -> State:
    """``state`` as ``player`` sees it; IllegalAction for a seat not at the table or a view."""
    if ENGINE.state(state).viewer is not None:
        raise IllegalAction(f"this is already player {state.viewer}'s view: a view is made from the table")
    seat = check_viewer(player, state.options.players)
    if state.phase is Phase.OVER:  # the hands are shown at the end
        return replace(state, rng=HIDDEN_RNG, viewer=seat)
    hands = tuple(h if p == seat else (HIDDEN,) * len(h) for p, h in enumerate(state.hands))
    events = tuple(Drew(e.player, HIDDEN) if type(e) is Drew and e.player != seat else e for e in state.events)
    return replace(state, hands=hands, deck=(HIDDEN,) * len(state.deck), events=events, rng=HIDDEN_RNG,
                   viewer=seat)


def determinize(view: State, player: int, seed: int) -> State:
    """A table whose view for ``player`` is ``view``: the unseen cards dealt at random."""
    seat = check_determinize(ENGINE.state(view), player, seed)
    if view.phase is Phase.OVER:  # everything is shown at the end
        return replace(view, rng=Rng.from_seed(seed), viewer=None)
    seen = set(view.hands[seat]) | set(view.discard)
    unseen, rng = Rng.from_seed(seed).shuffle(sorted(set(range(DECK)) - seen))
    if len(unseen) != sum(len(h) for p, h in enumerate(view.hands) if p != seat) + len(view.deck):
        raise IllegalAction("this view does not count twelve cards")
    deal = iter(unseen)
    hands = tuple(h if p == seat else tuple(next(deal) for _ in h) for p, h in enumerate(view.hands))
    deck = tuple(deal)
    # another player's draw is the last card of its hand (it has not played since)
    events = tuple(Drew(e.player, hands[e.player][-1]) if type(e) is Drew and e.card == HIDDEN else e
                   for e in view.events)
    return replace(view, hands=hands, deck=deck, events=events, rng=rng, viewer=None)


def observation_size(state: State) -> int:
    return 2 * DECK + 2


def observe(view: State) -> tuple[float, ...]:
    """Own hand (one flag a card), the discard pile (likewise), cards left in the deck, whose turn."""
    ENGINE.state(view)
    if view.viewer is None:
        raise IllegalAction("observe reads a seat's view, not the table")
    out = [0.0] * observation_size(view)
    for c in view.hands[view.viewer]:
        out[c] = 1.0
    for c in view.discard:
        out[DECK + c] = 1.0
    out[2 * DECK] = float(len(view.deck))
    out[2 * DECK + 1] = 1.0 if view.active == view.viewer else 0.0
    return tuple(out)
