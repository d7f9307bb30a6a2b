"""What one player may see: hidden cards become the placeholder id ``HIDDEN`` (-1).

Hidden from player ``p``: the other hands (until the skirmish reveals the
forces), every deck's order (``p``'s own deck is shown sorted; the others' as
placeholders), the cards that entered another tribe's discard unseen, the
junkyard and the contested pile (except the top card for the initiator who
peeked at it), another player's dug cards, and the Rng. Counts stay visible.
"""

from __future__ import annotations

from wasteland.arctic_scavengers.cards import HIDDEN
from wasteland.core.records import replace
from wasteland.arctic_scavengers.draw_phase import peeked_card
from wasteland.arctic_scavengers.state import Cards, Phase, State
from wasteland.core.rng import Rng

__all__ = ["view", "HIDDEN_RNG"]

#: The Rng every view carries instead of the real one.
HIDDEN_RNG = Rng(0, 0)


def _hidden(cards: Cards) -> Cards:
    return (HIDDEN,) * len(cards)


def view(state: State, player: int) -> State:
    """``state`` as seat ``player`` sees it."""
    n = state.options.players
    if player.__class__ is not int or not 0 <= player < n:
        raise ValueError(f"player must be a seat 0..{n - 1}, got {player!r}")
    revealed = state.phase is Phase.SKIRMISH or state.phase is Phase.OVER
    hands, decks, discards, secrets = [], [], [], []
    for q in range(n):
        if q == player:
            hands.append(state.hands[q])
            decks.append(tuple(sorted(state.decks[q])))
            discards.append(state.discards[q])
            secrets.append(state.secret[q])
            continue
        hands.append(state.hands[q] if revealed else _hidden(state.hands[q]))
        decks.append(_hidden(state.decks[q]))
        secret = state.secret[q]
        discards.append(tuple(HIDDEN if c in secret else c for c in state.discards[q]))
        secrets.append(frozenset())
    contested = _hidden(state.contested)
    if player == state.initiator:
        top = peeked_card(state)
        if top is not None:
            contested = (top,) + contested[1:]
    return replace(
        state,
        hands=tuple(hands),
        decks=tuple(decks),
        discards=tuple(discards),
        secret=tuple(secrets),
        junkyard=_hidden(state.junkyard),
        contested=contested,
        dug=state.dug if player == state.turn else _hidden(state.dug),
        rng=HIDDEN_RNG,
    )
