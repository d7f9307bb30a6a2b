"""The Gymnasium environment of the one-seat tables: Gymnasium's own check_env, whole games,
masks, rewards, seeds, bad actions and the refusal of tables of several seats."""

from __future__ import annotations

import random
from typing import Any

import pytest

pytest.importorskip("gymnasium")

import numpy as np  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402

from wasteland import GAMES, ConfigError, IllegalAction  # noqa: E402
from wasteland.rl import seed_for  # noqa: E402
from wasteland.rl.gymnasium import ActionOutOfSpace, WastelandSoloEnv, env  # noqa: E402

#: Every one-seat table: The Lucky Seven solo (with and without the Depot), Raxxon solo, every
#: game whose player counts include 1 (Terror Below solo among them).
SOLO: list[tuple[str, dict[str, Any]]] = [
    ("lucky_seven", {}), ("lucky_seven", {"players": 1, "depot": True}),
    *((key, {"players": 1}) for key in GAMES if key != "lucky_seven" and 1 in GAMES[key].player_counts),
]


def _id(case: tuple[str, dict[str, Any]]) -> str:
    return case[0] + "".join(f"-{k}={v}" for k, v in case[1].items())


@pytest.mark.parametrize("case", SOLO, ids=_id)
def test_gymnasium_check_env_passes(case: tuple[str, dict[str, Any]]) -> None:
    key, options = case
    check_env(env(key, **options), skip_render_check=True)
    check_env(env(key, render_mode="ansi", **options), skip_render_check=False)


@pytest.mark.parametrize("case", SOLO, ids=_id)
def test_a_whole_game_with_the_mask_ends_with_the_game_s_return(case: tuple[str, dict[str, Any]]) -> None:
    key, options = case
    game = GAMES[key]
    e = env(key, **options)
    chooser = random.Random(4)
    obs, info = e.reset(seed=4)
    rewards = []
    for _ in range(5000):
        table = e.table
        assert obs.dtype == np.float32 and obs.shape == e.observation_space.shape
        assert np.array_equal(obs, np.asarray(game.observe(game.view(table, 0)), np.float32))
        legal = sorted(game.action_id(table, a) for a in game.legal_actions(table))
        assert np.flatnonzero(info["action_mask"]).tolist() == legal
        assert np.array_equal(e.action_masks(), info["action_mask"])
        obs, reward, terminated, truncated, info = e.step(chooser.choice(legal))
        rewards.append(reward)
        assert not truncated
        if terminated:
            break
    assert game.current_player(e.table) is None
    assert rewards[-1] == game.returns(e.table)[0] and set(rewards[:-1]) <= {0.0}
    assert not info["action_mask"].any()


def test_reset_with_a_seed_starts_that_game_and_without_one_follows_the_stream() -> None:
    game = GAMES["raxxon"]
    e = env("raxxon")
    e.reset(seed=9)
    assert e.table == game.new_game(9)
    e.reset()
    assert e.table == game.new_game(seed_for(9, 1))
    with pytest.raises(TypeError):
        e.reset(seed=True)


def test_tables_of_several_seats_are_refused_with_a_pointer_to_pettingzoo() -> None:
    for key, options in (("lucky_seven", {"players": 2}), ("raxxon", {"players": 3}),
                         ("arctic_scavengers", {})):
        with pytest.raises(ConfigError, match="one seat.*pettingzoo"):
            env(key, **options)
    with pytest.raises(ConfigError, match="players"):
        env("raxxon", players=9)


def test_bad_actions_are_refused_as_the_pettingzoo_environment_refuses_them() -> None:
    e = env("lucky_seven")
    _, info = e.reset(seed=1)
    before = e.table
    for bad in (10**5000, np.array([3]), -1, 2.5, None, "1", True):
        with pytest.raises(ActionOutOfSpace, match="not in action space"):
            e.step(bad)
        assert e.table is before
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    obs, reward, terminated, truncated, info = e.step(illegal)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-1.0, True, False, True)
    assert e.table is before and not info["action_mask"].any()
    with pytest.raises(Exception, match="reset"):
        e.step(0)
    strict = env("lucky_seven", illegal_reward=None)
    strict.reset(seed=1)
    with pytest.raises(IllegalAction):
        strict.step(illegal)
    assert strict.table == before


def test_render_modes() -> None:
    e = env("raxxon", render_mode="rgb_array")
    e.reset(seed=2)
    picture = e.render()
    assert picture.dtype == np.uint8 and picture.ndim == 3 and picture.shape[2] == 3
    assert (picture == 255).all(axis=2).mean() < 0.95
    text = env("lucky_seven", render_mode="ansi")
    text.reset(seed=2)
    assert "The Lucky Seven" in text.render()
    with pytest.raises(ValueError, match="render_mode"):
        WastelandSoloEnv("lucky_seven", render_mode="pixels")
