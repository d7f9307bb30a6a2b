"""The PettingZoo environment keeps PettingZoo's conventions: a bad action is refused as its
classic games refuse it (never another Python error), an illegal id ends the game with a
penalty, and ``render_mode="rgb_array"`` draws the table as an RGB array."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("pettingzoo")

import numpy as np  # noqa: E402

from wasteland import GAMES, IllegalAction  # noqa: E402
from wasteland.rl.pettingzoo import ActionOutOfSpace, action_index, env, raw_env  # noqa: E402

#: Objects that are not an element of Discrete(n), whatever n.
NOT_IN_SPACE: list[Any] = [
    10**5000, -10**5000, -1, 2.0, "3", True, None, np.array([3]), np.array([[1]]), np.float32(1), np.bool_(True),
    np.uint64(2**64 - 1), [1], (1,), object(), b"1", 1j,
]


@pytest.mark.parametrize("bad", NOT_IN_SPACE, ids=lambda b: type(b).__name__)
def test_an_action_out_of_the_space_is_refused_as_pettingzoo_s_out_of_bounds_check_does(bad: Any) -> None:
    for e in (env("lucky_seven"), raw_env("lucky_seven")):
        e.reset(seed=1)
        before = e.unwrapped.table
        with pytest.raises(ActionOutOfSpace, match="action is not in action space") as caught:
            e.step(bad)
        assert isinstance(caught.value, AssertionError) and isinstance(caught.value, IllegalAction)
        assert e.unwrapped.table is before and e.agents == e.possible_agents


def test_numpy_integers_and_zero_dimensional_arrays_are_ids() -> None:
    assert action_index(np.int64(3), 5) == 3
    assert action_index(np.array(4, dtype=np.int16), 5) == 4
    assert action_index(np.uint8(0), 5) == 0
    for i in (5, np.int64(5), np.array(-1)):
        with pytest.raises(ActionOutOfSpace):
            action_index(i, 5)


def test_an_illegal_id_ends_the_game_with_the_penalty_to_the_mover(caplog: pytest.LogCaptureFixture) -> None:
    e = env("arctic_scavengers", players=3)
    e.reset(seed=2)
    obs, *_ = e.last()
    mover = e.agent_selection
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    e.step(illegal)
    assert "Illegal move made" in caplog.text  # PettingZoo's own warning
    final: dict[str, float] = {}
    for agent in e.agent_iter():
        _, reward, terminated, truncated, _ = e.last()
        assert terminated and truncated
        final[agent] = reward
        e.step(None)
    assert final == {name: (-1.0 if name == mover else 0.0) for name in e.possible_agents}


def test_illegal_reward_none_raises_and_changes_nothing() -> None:
    e = env("raxxon", players=2, illegal_reward=None)
    e.reset(seed=3)
    obs, *_ = e.last()
    before = e.unwrapped.table
    with pytest.raises(IllegalAction):
        e.step(int(np.flatnonzero(obs["action_mask"] == 0)[0]))
    assert e.unwrapped.table is before
    with pytest.raises(TypeError, match="illegal_reward"):
        env("raxxon", illegal_reward="lose")


def test_a_finished_agent_steps_only_with_none() -> None:
    e = raw_env("lucky_seven", illegal_reward=-1)
    e.reset(seed=1)
    obs = e.observe(e.agent_selection)
    e.step(int(np.flatnonzero(obs["action_mask"] == 0)[0]))
    assert not e.observe(e.agent_selection)["action_mask"].any()  # nobody moves in an ended game
    with pytest.raises(ActionOutOfSpace, match="game is over"):
        e.step(0)
    e.step(None)
    assert e.agents == []


@pytest.mark.parametrize("key", list(GAMES))
def test_rgb_array_draws_the_mover_s_view(key: str) -> None:
    game = GAMES[key]
    e = env(key, render_mode="rgb_array", players=2)
    e.reset(seed=5)
    picture = e.render()
    assert isinstance(picture, np.ndarray) and picture.dtype == np.uint8
    assert picture.ndim == 3 and picture.shape[2] == 3 and picture.shape[0] > 200 and picture.shape[1] > 200
    assert (picture == 255).all(axis=2).mean() < 0.95  # not blank: text, cards, lines
    assert len(np.unique(picture.reshape(-1, 3), axis=0)) > 8  # the palette's colours
    assert e.unwrapped.metadata["render_modes"] == ["ansi", "human", "rgb_array"]
    seat = game.current_player(e.unwrapped.table)
    svg = game.svg(game.view(e.unwrapped.table, seat), seat)
    width = float(svg.split('width="', 1)[1].split('"', 1)[0])
    assert picture.shape[1] == round(width)


def test_the_observation_is_a_fresh_array_each_time() -> None:
    e = raw_env("arctic_scavengers", players=4)
    e.reset(seed=1)
    first = e.observe("player_0")["observation"]
    second = e.observe("player_0")["observation"]
    assert first is not second and np.array_equal(first, second)
    first[:] = 7
    assert not np.array_equal(e.observe("player_0")["observation"], first)


def test_the_wrapper_still_enforces_pettingzoo_s_order() -> None:
    """agent_iter, last and step go to the environment directly, with the wrapper's checks."""
    e = env("raxxon", players=2)
    for call in (lambda: e.step(0), lambda: e.agent_iter(), lambda: e.last()):
        with pytest.raises(AssertionError, match="reset"):
            call()
    e.reset(seed=1)
    agents = iter(e.agent_iter())
    next(agents)
    with pytest.raises(AssertionError, match="need to call step"):
        next(agents)  # the loop must step before asking for the next agent
    e.reset(seed=1)
    seen = []
    for agent in e.agent_iter(max_iter=3):
        seen.append(agent)
        obs, _, terminated, truncated, _ = e.last()
        e.step(None if terminated or truncated else int(np.flatnonzero(obs["action_mask"])[0]))
    assert len(seen) == 3  # max_iter is kept
