"""Draw-phase clauses: discard the last round, draw five (reshuffling), the initiator's peek."""

from __future__ import annotations

from wasteland.arctic_scavengers import EndGathering
from wasteland.arctic_scavengers.draw_phase import draw_phase, peeked_card
from wasteland.arctic_scavengers.view import view

from .tables import ids, one, play, table


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


def test_unrevealed_force_enters_the_discard_unseen() -> None:
    brawler = one("brawler")
    state = table(players=2, round=1, hands={0: (brawler,), 1: ()}, decks={0: ids("junk", 5)},
                  discards={0: ()}, turn=1)
    state = play(state, EndGathering(1))
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
