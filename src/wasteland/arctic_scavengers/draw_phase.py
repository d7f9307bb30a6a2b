"""The draw phase: discard the last round's cards, draw five, and (round 3 on) the initiator's peek
(:func:`peeked_card`, a function of the table, lives beside the State so that a view read from a
file can be checked with it)."""

from __future__ import annotations

from wasteland.arctic_scavengers.state import (
    FIRST_SKIRMISH_ROUND, HAND_SIZE, DrawPhase, Phase, Reshuffled, RoundStarted, Work, peeked_card, peeks,
)
from wasteland.core.deck import draw_reshuffling

__all__ = ["draw_phase", "peeked_card", "peeks"]


def draw_phase(work: Work, effect: DrawPhase) -> None:
    """The effect that starts the next round: every tribe discards the cards of the last
    round (played and kept in hand) and draws 5, shuffling its discard into a new deck
    when the deck runs out. A force never revealed (rounds 1 and 2 have no skirmish)
    enters the discard unseen by the others. The initiator then gathers first."""
    rng = work.rng
    unrevealed = work.round < FIRST_SKIRMISH_ROUND
    players = work.options.players
    hands, discards = work.hands, work.discards
    decks, secrets = list(work.decks), list(work.secret)
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
    work.decks = tuple(decks)
    work.secret = tuple(secrets)
    work.phase = Phase.GATHERING
    work.turn = work.initiator
    work.played = [()] * players
    work.used = 0
    work.food = 0
    work.task = None
    work.committed = ()
    work.equipped = ()
    work.dug = ()
    work.spent = ()
