"""Draw-phase clauses: discard the last round, draw five (reshuffling), the initiator's peek."""

from __future__ import annotations

from wasteland.arctic_scavengers import EndGathering, events, new_game
from wasteland.arctic_scavengers.cards import HIDDEN
from wasteland.arctic_scavengers.draw_phase import peeked_card
from wasteland.arctic_scavengers.state import Reshuffled, RoundStarted
from wasteland.arctic_scavengers.view import view

from .tables import draw_phase, ids, one, play, table


def test_discard_all_cards_of_the_last_round() -> None:
    hand = ids("pills", 2)
    played = ids("scavenger", 1)
    deck = ids("junk", 5)
    state = table(players=2, hands={0: hand, 1: ()}, played={0: played}, decks={0: deck})
    state = draw_phase(state)
    assert set(hand + played) <= set(state.discards[0]) and state.played[0] == ()
    assert state.hands[0] == deck


def test_draw_five_reshuffling_the_discard_when_the_deck_runs_out() -> None:
    deck = ids("junk", 2)
    discard = ids("pills", 6)
    state = table(players=2, hands={0: ()}, decks={0: deck}, discards={0: discard})
    state = draw_phase(state)
    assert state.hands[0][:2] == deck and set(state.hands[0][2:]) <= set(discard)
    assert len(state.decks[0]) == 3 and state.discards[0] == ()
    # The events: the round starting, and the reshuffle (which names no card).
    assert state.events[0] == RoundStarted(2, 0) and Reshuffled(0) in state.events
    assert "seat 0 shuffles its discard into a new deck" in events(view(state, 1))


def test_unrevealed_force_enters_the_discard_unseen() -> None:
    brawler = one("brawler")
    state = table(players=2, round=1, hands={0: (brawler,), 1: ()}, decks={0: ids("junk", 5)},
                  discards={0: ()}, turn=1)
    state = play(state, EndGathering())
    assert state.round == 2 and state.discards[0] == (brawler,)
    assert view(state, 1).discards[0] == (-1,) and view(state, 0).discards[0] == (brawler,)


def test_peek_from_round_three_only_the_initiator_sees_it() -> None:
    top = one("field_crew")
    early = table(players=3, round=2, contested=(top,))
    assert peeked_card(early) is None and view(early, 0).contested[0] == -1
    state = table(players=3, round=3, contested=(top,))
    assert peeked_card(state) == top
    assert view(state, 0).contested[0] == top
    assert view(state, 1).contested[0] == -1 and view(state, 2).contested[0] == -1
    assert all(c == -1 for c in view(state, 0).contested[1:])


def test_two_players_the_initiator_does_not_peek() -> None:
    # The two-player clause "eliminate all contested-resource peeking", read (by default) as: the
    # initiator does not look at the top contested resource.
    top = one("field_crew")
    state = table(players=2, round=3, contested=(top,))
    assert peeked_card(state) is None
    assert view(state, 0).contested[0] == HIDDEN and view(state, 1).contested[0] == HIDDEN
    # The other reading (peek_rule="remove_marked") keeps the peek and removes marked cards instead.
    marked = table(players=2, round=3, contested=(top,), options=new_game(1, peek_rule="remove_marked").options)
    assert peeked_card(marked) == top and view(marked, 0).contested[0] == top
    # With three players or more the initiator always peeks.
    assert peeked_card(table(players=3, round=3, contested=(top,))) == top


def test_round_started_event_names_the_initiator() -> None:
    state = new_game(3, players=4)
    assert state.events[0] == RoundStarted(1, state.initiator)
    assert events(state)[0] == f"round 1 begins; seat {state.initiator} is the initiator"
