"""Action ids and observations: a fixed space, arithmetic ids, vectors that read only the view."""

from __future__ import annotations

import pytest

from wasteland.core.game import IllegalAction
from wasteland.core.rng import Rng
from wasteland.raxxon import (
    GAME, action_count, action_from_id, action_id, apply, legal_actions, new_game, observation_size, observe, view,
)
from wasteland.raxxon.actions import (
    ACT, DECLINE, LINE, OPTION, PASS, PLACE, TAKE, TARGET, TURN, Act, Action, Line, Option, Place, Target,
)
from wasteland.raxxon.view import OBSERVATION_SIZE


def test_the_id_layout_of_the_rules_page() -> None:
    state = new_game(1)
    assert action_count(state) == 124 and observation_size(state) == OBSERVATION_SIZE == 601
    expected: dict[Action, int] = {TURN: 0, PASS: 1, TAKE: 2, DECLINE: 3, ACT[0]: 4, ACT[3]: 7, OPTION[2]: 11,
                                   TARGET[0]: 12, TARGET[35]: 47, LINE[0]: 48, LINE[11]: 59, PLACE[0]: 60,
                                   PLACE[63]: 123}
    for action, i in expected.items():
        assert action_id(state, action) == i


def test_an_action_made_anew_has_the_id_of_the_listed_one_and_a_look_alike_has_none() -> None:
    """The listed actions are looked up; one made anew is worked out from its fields, the same
    way; one that only compares equal (a bool for an int) is refused."""
    state = new_game(1)
    for made, listed in ((Act(3), ACT[3]), (Option(1), OPTION[1]), (Target(35), TARGET[35]), (Line(11), LINE[11]),
                         (Place(0), PLACE[0])):
        assert made is not listed and action_id(state, made) == action_id(state, listed)
    for stranger in (Act(True), Option(False), Target(36), Line(-1), Place(2**70), "Act(1)", None):
        with pytest.raises(IllegalAction, match="no action id"):
            action_id(state, stranger)  # type: ignore[arg-type]
    with pytest.raises(IllegalAction, match="not a Raxxon state"):
        action_id("a table", ACT[0])  # type: ignore[arg-type]


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_ids_round_trip_and_every_id_but_act_4_is_legal_somewhere(players: int) -> None:
    seen: set[int] = set()
    for seed in range(25):
        state = new_game(seed, players=players, difficulty="intro")
        pick = Rng.from_seed(seed)
        while GAME.outcome(state) is None:
            legal = legal_actions(state)
            ids = [action_id(state, a) for a in legal]
            assert len(set(ids)) == len(ids)
            assert [action_from_id(state, i) for i in ids] == list(legal)
            seen.update(ids)
            action, pick = pick.choice(legal)
            state = apply(state, action)
    assert 8 not in seen, "a sheet has three actions: Act(4) is never legal"
    assert {0, 1, 4, 5, 6, 7, 12 + 7, 48 + 1} <= seen


def test_observe_refuses_the_table_and_reads_only_the_view() -> None:
    state = new_game(3, players=2)
    with pytest.raises(IllegalAction, match="view"):
        observe(state)
    vector = observe(view(state, 0))
    assert len(vector) == 601 and all(isinstance(x, float) for x in vector)
    assert vector[16] == float(state.active == 0)
