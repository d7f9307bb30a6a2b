"""The draw phase: discard the last round's cards, draw five, and (round 3 on) the initiator's peek."""

from __future__ import annotations

from wasteland.core.deck import draw_reshuffling
from wasteland.core.records import replace
from wasteland.arctic_scavengers.state import ROUND_START, FIRST_SKIRMISH_ROUND, HAND_SIZE, Phase, State

__all__ = ["draw_phase", "peeked_card"]


def draw_phase(state: State) -> State:
    """Start the next round: every tribe discards the cards of the last round and draws 5.

    A force never revealed (rounds 1 and 2 have no skirmish) enters the discard
    unseen by the others. The initiator then gathers first.
    """
    rng = state.rng
    hands, decks, discards, secrets = [], [], [], []
    unrevealed = state.round < FIRST_SKIRMISH_ROUND
    for p in range(state.options.players):
        hand = state.hands[p]
        secret = state.secret[p]
        if hand:
            secret = secret | frozenset(hand) if unrevealed else secret - frozenset(hand)
        discard = state.discards[p] + state.played[p] + hand
        drawn, deck, discard, rng = draw_reshuffling(state.decks[p], discard, HAND_SIZE, rng)
        hands.append(drawn)
        decks.append(deck)
        discards.append(discard)
        secrets.append(secret)
    empty: tuple[tuple[int, ...], ...] = ((),) * state.options.players
    return replace(
        state,
        round=state.round + 1,
        phase=Phase.GATHERING,
        turn=state.initiator,
        hands=tuple(hands),
        decks=tuple(decks),
        discards=tuple(discards),
        played=empty,
        secret=tuple(secrets),
        **ROUND_START,
        rng=rng,
    )


def peeked_card(state: State) -> int | None:
    """The contested resource the initiator has looked at this round, if any (round 3 on)."""
    if state.round >= FIRST_SKIRMISH_ROUND and state.contested and state.phase is not Phase.OVER:
        return state.contested[0]
    return None
