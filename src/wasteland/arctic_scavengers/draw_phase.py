"""The draw phase: discard the last round's cards, draw five, and (round 3 on) the initiator's peek."""

from __future__ import annotations

from wasteland.arctic_scavengers.state import (
    FIRST_SKIRMISH_ROUND, HAND_SIZE, DrawPhase, Phase, Reshuffled, RoundStarted, State,
)
from wasteland.core.deck import draw_reshuffling
from wasteland.core.driver import Scratch

__all__ = ["draw_phase", "peeked_card", "peeks"]


def draw_phase(work: Scratch[State], effect: DrawPhase) -> None:
    """The effect that starts the next round: every tribe discards the cards of the last
    round (played and kept in hand) and draws 5, shuffling its discard into a new deck
    when the deck runs out. A force never revealed (rounds 1 and 2 have no skirmish)
    enters the discard unseen by the others. The initiator then gathers first."""
    rng = work.rng
    unrevealed = work.round < FIRST_SKIRMISH_ROUND
    players = work.options.players
    hands, decks, discards, secrets = work.hands, work.decks, work.discards, work.secret
    work.round += 1
    events = work.events
    events.append(RoundStarted(work.round, work.initiator))
    for p in range(players):
        hand = hands[p]
        if hand:
            secret = secrets[p]
            secrets[p] = secret | frozenset(hand) if unrevealed else secret - frozenset(hand)
        discard = discards[p] + work.played[p] + hand
        deck = decks[p]
        if len(deck) < HAND_SIZE and discard:
            events.append(Reshuffled(p))
        hands[p], decks[p], discards[p], rng = draw_reshuffling(deck, discard, HAND_SIZE, rng)
    work.rng = rng
    work.phase = Phase.GATHERING
    work.turn = work.initiator
    work.played = [()] * players
    work.used = 0
    work.food = 0
    work.task = None
    work.committed = []
    work.equipped = []
    work.dug = []
    work.spent = []


def peeks(state: State) -> bool:
    """Whether initiators look at the top contested resource in this game: always, except
    with two players under the default reading of the two-player rule (``peek_rule="no_peek"``)."""
    options = state.options
    return options.players != 2 or options.peek_rule != "no_peek"


def peeked_card(state: State) -> int | None:
    """The contested resource the initiator has looked at this round, if any (round 3 on)."""
    if state.round >= FIRST_SKIRMISH_ROUND and state.contested and state.phase is not Phase.OVER and peeks(state):
        return state.contested[0]
    return None
