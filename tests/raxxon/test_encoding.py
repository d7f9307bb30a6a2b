"""Action ids and observations: a fixed space, arithmetic ids, vectors that read only the view."""

from __future__ import annotations

import pytest

from wasteland.core.game import IllegalAction
from wasteland.core.rng import Rng
from wasteland.raxxon import (
    GAME, action_count, action_from_id, action_id, apply, legal_actions, new_game, observation_size, observe, view,
)
from wasteland.raxxon.actions import ACT, Action, DECLINE, LINE, OPTION, PASS, PLACE, TAKE, TARGET, TURN
from wasteland.raxxon.view import OBSERVATION_SIZE


def test_the_id_layout_of_the_rules_page() -> None:
    state = new_game(1)
    assert action_count(state) == 124 and observation_size(state) == OBSERVATION_SIZE == 601
    expected: dict[Action, int] = {TURN: 0, PASS: 1, TAKE: 2, DECLINE: 3, ACT[0]: 4, ACT[3]: 7, OPTION[2]: 11,
                                   TARGET[0]: 12, TARGET[35]: 47, LINE[0]: 48, LINE[11]: 59, PLACE[0]: 60,
                                   PLACE[63]: 123}
    for action, i in expected.items():
        assert action_id(state, action) == i


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
