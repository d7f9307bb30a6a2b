"""Bad input to apply, parse and the action ids: IllegalAction with a short reason, never anything else."""

from __future__ import annotations

import pytest

from tests.support import assert_illegal
from wasteland.core.game import IllegalAction
from wasteland.raxxon import GAME, action_from_id, apply, legal_actions, new_game, notation, parse, view
from wasteland.raxxon.actions import ACT, DECLINE, LINE, OPTION, PASS, PLACE, TAKE, TARGET, TURN, Act, Target

from tests.raxxon.tables import HOSTILE, cell, table


def test_actions_out_of_turn_are_refused_with_the_reason() -> None:
    state = table(crowd={cell(1, 1): HOSTILE[0], cell(1, 2): HOSTILE[1]})
    assert_illegal(GAME, state, TURN, "no token")
    assert_illegal(GAME, state, TARGET[0], "no step is pending")
    assert_illegal(GAME, state, TAKE, "no step is pending")
    assert_illegal(GAME, state, Act(9), "no empty token slot")
    assert_illegal(GAME, state, Act("1"), "int")  # type: ignore[arg-type]
    looking = apply(state, ACT[0])
    assert_illegal(GAME, looking, PASS, "pending")
    assert_illegal(GAME, looking, TARGET[cell(5, 5)], "not a choice")
    assert_illegal(GAME, looking, Target(None), "int")  # type: ignore[arg-type]
    assert_illegal(GAME, looking, LINE[0], "crowd card")
    assert_illegal(GAME, looking, object(), "not a Raxxon action")


def test_a_view_refuses_play_and_parse_reads_it() -> None:
    state = new_game(3, players=2)
    seen = view(state, 0)
    with pytest.raises(IllegalAction, match="view"):
        apply(seen, legal_actions(state)[0])
    for action in legal_actions(state):
        assert parse(seen, notation(state, action)) == action


def test_action_ids_refuse_what_is_not_legal() -> None:
    state = new_game(3)
    with pytest.raises(IllegalAction, match="no step is pending"):
        action_from_id(state, 12)
    for bad in (-1, 124, "4", None, 4.0):
        with pytest.raises(IllegalAction):
            action_from_id(state, bad)  # type: ignore[arg-type]


def test_notation_round_trip_over_every_kind_of_decision() -> None:
    for action in (TURN, PASS, TAKE, DECLINE, ACT[0], ACT[2], OPTION[1], TARGET[7], LINE[3], LINE[9], PLACE[10]):
        text = notation(table(), action)
        assert text and text == " ".join(text.split())
    assert notation(table(), LINE[9]) == "col 4" and notation(table(), PLACE[10]) == "add r1c2"
