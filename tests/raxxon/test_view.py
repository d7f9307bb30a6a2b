"""Hidden information: what each seat sees, determinize, and drawings that leak nothing."""

from __future__ import annotations

import pytest

from wasteland.core import codec
from wasteland.raxxon import GAME, apply, determinize, new_game, svg, view
from wasteland.raxxon.actions import ACT, PASS, TARGET
from wasteland.raxxon.render import summary
from wasteland.raxxon.state import HIDDEN, Looked

from tests.raxxon.tables import positions, HOSTILE, INNOCENT, cell, table


def test_face_down_cards_and_piles_are_hidden_from_every_seat() -> None:
    state = new_game(2, players=2)
    for seat in range(2):
        seen = view(state, seat)
        assert all(c == HIDDEN for c in seen.crowd if c >= -2 and c != -1)
        assert set(seen.draw) == {HIDDEN} and set(seen.supply) == {HIDDEN}
        assert seen.raxxon_draw == tuple(sorted(state.raxxon_draw))
        assert len(seen.unknown) == 60


def test_a_card_looked_at_is_seen_by_that_player_only() -> None:
    state = table(players=2, crowd={cell(1, 1): HOSTILE[0], cell(1, 2): INNOCENT[0]})
    state = apply(state, ACT[0])  # Thomas Heart looks at 2
    state = apply(state, TARGET[cell(1, 1)])
    mine, theirs = view(state, 0), view(state, 1)
    assert mine.crowd[cell(1, 1)] == HOSTILE[0] and theirs.crowd[cell(1, 1)] == HIDDEN
    both = frozenset({cell(1, 1), cell(1, 2)})  # the second look had one card left: done at once
    assert mine.seen == theirs.seen == (both, frozenset()), "who looked where is public"
    assert Looked(0, cell(1, 1), HOSTILE[0]) in mine.events
    assert Looked(0, cell(1, 1), HIDDEN) in theirs.events
    texts = [GAME.render(state, seat).split("\nkey:")[0] for seat in (0, 1)]  # the table, not the key
    assert "[Hos+]" in texts[0] and "[Hos" not in texts[1]
    assert "##'0" in GAME.render(state, 1), "the other seat sees where player 0 looked"


def test_with_table_talk_a_look_is_told_to_the_whole_team() -> None:
    """*design* ``table_talk``: every seat knows what any seat looked at, and the next seat's
    Investigate has nothing left to look at where the team has looked at every face-down card."""
    crowd = {cell(1, 1): HOSTILE[0], cell(1, 2): INNOCENT[0]}
    for talk in (False, True):
        state = table(players=3, crowd=crowd, table_talk=talk)
        state = apply(apply(state, ACT[0]), TARGET[cell(1, 1)])  # Thomas Heart looks at both cards
        both = frozenset({cell(1, 1), cell(1, 2)})
        assert state.seen == ((both,) * 3 if talk else (both, frozenset(), frozenset()))
        theirs = view(state, 2)
        assert theirs.crowd[cell(1, 1)] == (HOSTILE[0] if talk else HIDDEN)
        assert Looked(0, cell(1, 1), HOSTILE[0] if talk else HIDDEN) in theirs.events
        assert ("[Hos+]" in GAME.render(state, 2).split("\nkey:")[0]) is talk
        assert ("the team looked at (table talk)" in svg(state, 2)) is talk
        assert state.active == 1 and PASS in GAME.legal_actions(state), "the look ended the turn"
        assert (ACT[0] in GAME.legal_actions(state)) is not talk, "Investigate: a card the team has not looked at"
        told = "look at 2 face-down cards, told to the team" if talk else "look at 2 face-down cards, yourself only"
        assert f"investigate: {told}" in GAME.render(state, 1)
        assert ("Table talk: every look is told to the whole team." in summary(state)) is talk
        for seat in range(3):
            assert view(determinize(view(state, seat), seat, 5), seat) == view(state, seat)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_what_a_seat_cannot_see_does_not_change_its_view_nor_its_drawing(players: int) -> None:
    for state in positions(players, 30 + players)[::6]:
        for seat in range(players):
            seen = view(state, seat)
            for k in range(3):
                other = determinize(seen, seat, k)
                assert view(other, seat) == seen
                assert svg(other, seat) == svg(state, seat)
                assert GAME.render(other, seat) == GAME.render(state, seat)


def test_views_read_back_from_json() -> None:
    for state in positions(3, 9, 40)[::5]:
        for seat in range(3):
            seen = view(state, seat)
            assert codec.loads(codec.dumps(seen)) == seen
