"""What a Salvage table, or a seat's view, read from a file must hold beyond the bounds its
records declare (``Within`` marks: the cards and the seats): registered from ``rules`` with
``check_loaded``, which also reads Options back and asks for a legal answer.

Nothing here runs in ``apply``: a table made by the rules holds all of it by construction. A
file is a stranger's: each card once, hands of the sizes the turn gives, the events of the last
decision only, and a view exactly what ``view`` makes for its seat (its hidden places, no
generator), so that every contract function can answer whatever loads.
"""

from __future__ import annotations

from wasteland_salvage.cards import DECK, HAND, HIDDEN
from wasteland_salvage.state import Discarded, Drew, Phase, State
from wasteland.core.rng import HIDDEN_RNG

__all__ = ["check_state"]


def check_state(state: State) -> None:
    """Seats, hand sizes, every card once, the events, and a view's hidden places."""
    players = state.options.players
    if len(state.hands) != players:
        raise ValueError(f"a table of {players} players has {players} hands")
    if state.stack:
        raise ValueError("a table read from a file has no draw pending")
    for p, hand in enumerate(state.hands):
        size = HAND + (state.phase is Phase.PLAY and p == state.active)
        if len(hand) != size:
            raise ValueError(f"player {p}'s hand holds {size} cards now, not {len(hand)}")
    if state.phase is Phase.OVER and state.deck:
        raise ValueError("a game ends when the deck runs out")
    places = [c for hand in state.hands for c in hand] + list(state.deck) + list(state.discard)
    shown = [c for c in places if c != HIDDEN]
    if len(places) != DECK or len(set(shown)) != len(shown):
        raise ValueError(f"each of the {DECK} cards is in one place: a hand, the deck or the discard pile")
    if state.viewer is None:
        if len(shown) != DECK:
            raise ValueError("the table hides no card")
    else:
        _check_view(state, state.viewer)
    _check_events(state)


def _check_view(state: State, seat: int) -> None:
    """What ``view`` makes: no generator; while the game runs, the other hands and the deck hidden
    and the seat's own hand and the discard pile shown; at the end, every card shown."""
    if state.rng != HIDDEN_RNG:
        raise ValueError("a view holds no generator")
    running = state.phase is Phase.PLAY
    for p, hand in enumerate(state.hands):
        if any((c == HIDDEN) != (running and p != seat) for c in hand):
            raise ValueError(f"player {p}'s hand is {'hidden' if running and p != seat else 'shown'} in this view")
    if any(c != HIDDEN for c in state.deck) or HIDDEN in state.discard:
        raise ValueError("a view hides the deck and shows the discard pile")


def _check_events(state: State) -> None:
    """The events of the last decision: the discard of the player before, then the active
    player's draw (the last card of that hand; hidden from another seat's view), or the first
    draw alone; at the end, the last discard alone."""
    events = state.events
    players = state.options.players
    before = (state.active - 1) % players
    discard = (Discarded(before, state.discard[-1]),) if state.discard else ()
    drawn = state.hands[state.active][-1]
    if state.viewer is not None and state.viewer != state.active and state.phase is Phase.PLAY:
        drawn = HIDDEN
    draw = (Drew(state.active, drawn),)
    allowed = (discard,) if state.phase is Phase.OVER else ((*discard, *draw),) if discard else (draw,)
    if events not in allowed:
        raise ValueError("the events are not those of the last decision")
