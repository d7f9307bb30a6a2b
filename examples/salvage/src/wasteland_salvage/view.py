"""What a player may see, a table drawn at random among those that fit, and the observation.

Hidden until the game is over: the other hands, the deck's cards and the random generator (a view's
hidden cards are ``HIDDEN``). Another player's draw loses its card.
"""

from __future__ import annotations

from wasteland_salvage.cards import DECK, HIDDEN
from wasteland_salvage.rules import ENGINE
from wasteland_salvage.state import Drew, Phase, State
from wasteland.core.game import IllegalAction, check_determinize, check_viewer
from wasteland.core.observation import FloatBuffer, Layout, Observer, layout
from wasteland.core.records import replace
from wasteland.core.rng import HIDDEN_RNG, Rng

__all__ = ["view", "determinize", "observation_size", "observe", "LAYOUT"]


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


#: The observation, section by section (``core.observation``).
LAYOUT = layout(
    ("hand", DECK, "1 for each card in the seat's hand"),
    ("discard", DECK, "1 for each card on the discard pile"),
    ("deck", 1, "the cards left in the deck"),
    ("to_play", 1, "1 when the seat is the one to play"),
)


def _layout(state: State) -> Layout:
    ENGINE.state(state)
    return LAYOUT


def observation_size(state: State) -> int:
    return _layout(state).size


def _write(state: State, seat: int, shape: Layout, out: FloatBuffer) -> None:
    """What ``seat`` sees of ``state`` (the table or the seat's view): the same numbers either way."""
    hand, discard = shape.start["hand"], shape.start["discard"]
    for c in state.hands[seat]:
        out[hand + c] = 1.0
    for c in state.discard:
        out[discard + c] = 1.0
    out[shape.start["deck"]] = float(len(state.deck))
    if state.active == seat and state.phase is Phase.PLAY:
        out[shape.start["to_play"]] = 1.0


#: ``observe(view)``: own hand, the discard pile, the deck's size, whose turn.
observe: Observer[State] = Observer(_layout, lambda state: state.viewer, lambda state: state.options.players,
                                    _write)
