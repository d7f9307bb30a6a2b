"""The Gymnasium environment of the one-seat tables: Gymnasium's own check_env, whole games,
masks, rewards, seeds, bad actions and the refusal of tables of several seats."""

from __future__ import annotations

import contextlib
import io
import random
import re
import warnings
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("gymnasium")

import gymnasium  # noqa: E402
import numpy as np  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402

from wasteland import GAMES, ConfigError, IllegalAction  # noqa: E402
from wasteland.testing import tables  # noqa: E402
from wasteland.rl import seed_for  # noqa: E402
from wasteland.rl.gymnasium import IDS, ActionOutOfSpace, WastelandSoloEnv, env  # noqa: E402

#: Every one-seat table: each game whose player counts include 1, alone and with each of its
#: option sets of one seat (The Lucky Seven with the Depot).
SOLO: list[tuple[str, dict[str, Any]]] = [
    (key, options) for key in GAMES if 1 in GAMES[key].player_counts for options in tables(key)
    if options.get("players", GAMES[key].num_players(GAMES[key].new_game(0))) == 1
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
    with pytest.raises(ConfigError):
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


def test_each_game_with_a_table_of_one_seat_is_registered_for_gymnasium_make() -> None:
    assert IDS == {key: f"wasteland/{key}-v{game.rules_version}"
                   for key, game in GAMES.items() if 1 in game.player_counts}
    assert "arctic_scavengers" not in IDS, "no table of one seat"
    for key, env_id in IDS.items():
        made = gymnasium.make(env_id)
        assert made.spec is not None and made.spec.id == env_id
        inner = made.unwrapped
        assert isinstance(inner, WastelandSoloEnv) and inner.encoding.players == 1
        made.reset(seed=3)
        assert inner.table == GAMES[key].new_game(3, players=1)
        with warnings.catch_warnings(record=True) as caught, contextlib.redirect_stdout(io.StringIO()):
            warnings.simplefilter("always")
            check_env(made.unwrapped)  # with a spec, its render modes are checked too
        assert [str(w.message) for w in caught] == []


def test_gymnasium_make_passes_the_game_s_options_and_a_render_mode() -> None:
    made = gymnasium.make(IDS["lucky_seven"], depot=True, render_mode="ansi")
    made.reset(seed=1)
    assert made.unwrapped.table.options.depot is True
    assert "The Lucky Seven" in made.render()
    with pytest.raises(ConfigError, match="one seat"):
        gymnasium.make(IDS["raxxon"], players=2)


def test_gymnasium_make_vec_plays_several_tables_at_once() -> None:
    envs = gymnasium.make_vec(IDS["raxxon"], num_envs=3, vectorization_mode="sync")
    obs, info = envs.reset(seed=5)
    assert obs.shape == (3, envs.single_observation_space.shape[0]) and info["action_mask"].shape[0] == 3
    chooser = random.Random(5)
    ended = 0
    for _ in range(400):
        # After an episode ends, the next step resets that table and ignores its action.
        actions = [chooser.choice(np.flatnonzero(mask).tolist() or [0]) for mask in info["action_mask"]]
        obs, rewards, terminated, truncated, info = envs.step(np.array(actions))
        ended += int(terminated.sum() + truncated.sum())
        assert set(rewards.tolist()) <= {0.0, 1.0}
    assert ended > 0
    envs.close()


def test_the_ids_docs_rl_md_names_are_the_registered_ones() -> None:
    page = (Path(__file__).resolve().parents[2] / "docs" / "rl.md").read_text(encoding="utf-8")
    named = re.findall(r"wasteland/([a-z_]+)-v(\d+)", page)
    assert named, "docs/rl.md names the Gymnasium ids"
    for key, version in named:
        assert IDS[key] == f"wasteland/{key}-v{version}", f"docs/rl.md names {key}-v{version}"


def test_bad_arguments_are_the_library_s_one_line_config_errors_not_python_s_own() -> None:
    import gymnasium

    from wasteland.rl.gymnasium import IDS

    for call, words in [
        (lambda: gymnasium.make(IDS["lucky_seven"], render_mode="x"), "render_mode must be None or one of"),
        (lambda: gymnasium.make(IDS["lucky_seven"], illegal_reward="x"), "illegal_reward must be a finite number"),
        (lambda: gymnasium.make(IDS["lucky_seven"], game="nope"), "unknown game 'nope'"),
        (lambda: env("lucky_seven", illegal_reward=float("nan")), "illegal_reward must be a finite number"),
        (lambda: env(3), "a game is a registered key"),
        (lambda: env("lucky_seven").reset(seed="x"), "seed must be a whole number or None, got 'x'"),
        (lambda: env("lucky_seven").reset(seed=1.5), "seed must be a whole number or None, got 1.5"),
        (lambda: env("lucky_seven").reset(seed=True), "seed must be a whole number or None, got True"),
    ]:
        with pytest.raises(ConfigError) as caught:
            call()
        assert words in str(caught.value) and "\n" not in str(caught.value), str(caught.value)
