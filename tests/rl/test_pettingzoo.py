"""The PettingZoo adapter: PettingZoo's own api_test and seed_test for every game and player
count, and what the adapter promises beyond them (views only, ids, rewards, seeds, render)."""

from __future__ import annotations

import random
import warnings
from typing import Any

import pytest

pytest.importorskip("pettingzoo")

import numpy as np  # noqa: E402
from pettingzoo import AECEnv  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

from tests.rl.cases import CASES, case_id  # noqa: E402
from wasteland import GAMES, ConfigError, IllegalAction  # noqa: E402
from wasteland.rl import seed_for  # noqa: E402
from wasteland.rl.pettingzoo import WastelandEnv, env, raw_env  # noqa: E402

#: What api_test says of every environment with a dict observation and an action mask (its
#: own classic environments are excused by name): nothing else may come up.
EXPECTED_WARNINGS = (
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be gymnasium.spaces.box or gymnasium.spaces.discrete",
    "Action mask numpy array is all zeros (no legal actions).",  # the agents not to move
)


def _checked(run: Any) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        run()
    unexpected = {str(w.message) for w in caught} - set(EXPECTED_WARNINGS)
    assert not unexpected


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_pettingzoo_api_test_passes(case: tuple[str, dict[str, Any]]) -> None:
    key, options = case
    _checked(lambda: api_test(env(key, **options), num_cycles=40))


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_pettingzoo_seed_test_passes(case: tuple[str, dict[str, Any]]) -> None:
    key, options = case
    _checked(lambda: seed_test(lambda: env(key, **options), num_cycles=40))


def _play_out(e: Any, seed: int) -> dict[str, float]:
    """A whole game with random legal ids; each agent's reward as ``last`` gives it at its end."""
    chooser = random.Random(seed)
    final: dict[str, float] = {}
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        if terminated or truncated:
            final[agent] = reward
            e.step(None)
        else:
            e.step(int(chooser.choice(np.flatnonzero(obs["action_mask"]))))
    return final


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_a_whole_game_ends_with_the_game_s_returns_as_rewards(case: tuple[str, dict[str, Any]]) -> None:
    key, options = case
    game = GAMES[key]
    e = raw_env(key, **options)
    e.reset(seed=3)
    final = _play_out(e, 3)
    table = e.table
    assert game.current_player(table) is None
    assert final == {f"player_{p}": r for p, r in enumerate(game.returns(table))}
    assert e.agents == []


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_each_agent_sees_its_own_view_and_only_the_mover_has_a_mask(case: tuple[str, dict[str, Any]]) -> None:
    key, options = case
    game = GAMES[key]
    e = raw_env(key, **options)
    e.reset(seed=11)
    chooser = random.Random(11)
    for _ in range(30):
        table = e.table
        if game.current_player(table) is None:
            break
        mover = game.current_player(table)
        legal = sorted(game.action_id(table, a) for a in game.legal_actions(table))
        for p, agent in enumerate(e.possible_agents):
            obs = e.observe(agent)
            assert obs["observation"].dtype == np.float32 and obs["action_mask"].dtype == np.int8
            assert np.array_equal(obs["observation"], np.asarray(game.observe(game.view(table, p)), np.float32))
            assert np.flatnonzero(obs["action_mask"]).tolist() == (legal if p == mover else [])
            assert e.observation_space(agent).contains(obs)
        assert e.agent_selection == f"player_{mover}"
        e.step(chooser.choice(legal))


def test_the_spaces_have_the_game_s_sizes() -> None:
    for key, options in CASES:
        game = GAMES[key]
        table = game.new_game(0, **options)
        e = raw_env(key, **options)
        assert e.possible_agents == [f"player_{p}" for p in range(game.num_players(table))]
        for agent in e.possible_agents:
            assert e.action_space(agent).n == game.action_count(table)
            space = e.observation_space(agent)
            assert space["observation"].shape == (game.observation_size(table),)
            assert space["action_mask"].shape == (game.action_count(table),)


def test_env_is_an_aec_env_wrapped_as_pettingzoo_s_own() -> None:
    e = env("lucky_seven", players=2)
    assert isinstance(e, AECEnv)
    assert isinstance(e.unwrapped, WastelandEnv)
    with pytest.raises(AttributeError):
        e.agent_selection  # noqa: B018 - nothing before reset


def test_reset_with_a_seed_starts_new_game_with_that_seed() -> None:
    game = GAMES["arctic_scavengers"]
    e = raw_env("arctic_scavengers", players=3)
    e.reset(seed=42)
    assert e.table == game.new_game(42, players=3)
    e.reset(seed=np.int64(42))
    assert e.table == game.new_game(42, players=3)
    with pytest.raises(TypeError):
        e.reset(seed=True)


def test_resets_without_a_seed_follow_the_last_seed_given() -> None:
    game = GAMES["lucky_seven"]
    e = raw_env("lucky_seven", players=2)
    e.reset(seed=5)
    e.reset()
    assert e.table == game.new_game(seed_for(5, 1), players=2)
    e.reset()
    assert e.table == game.new_game(seed_for(5, 2), players=2)
    other = raw_env("lucky_seven", players=2)
    other.reset()  # never seeded: at random
    other.reset()


def test_an_id_that_names_no_legal_action_is_refused_and_changes_nothing() -> None:
    e = raw_env("lucky_seven", players=1)
    e.reset(seed=1)
    before = e.table
    mask = e.observe(e.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    for bad in (illegal, -1, len(mask), 2.0, "3", True, None):
        with pytest.raises(IllegalAction):
            e.step(bad)
        assert e.table is before
    e.step(np.int64(np.flatnonzero(mask)[0]))  # a numpy integer is an id
    assert e.table is not before


def test_render_shows_the_mover_s_view() -> None:
    game = GAMES["arctic_scavengers"]
    e = raw_env("arctic_scavengers", render_mode="ansi", players=2)
    e.reset(seed=2)
    seat = game.current_player(e.table)
    assert e.render() == game.render(game.view(e.table, seat), seat)
    quiet = raw_env("arctic_scavengers", players=2)
    quiet.reset(seed=2)
    with pytest.warns(UserWarning, match="render_mode"):
        assert quiet.render() is None


def test_human_render_prints_after_each_step(capsys: pytest.CaptureFixture[str]) -> None:
    e = raw_env("lucky_seven", render_mode="human", players=1)
    e.reset(seed=4)
    assert e.render() is None
    e.step(int(np.flatnonzero(e.observe(e.agent_selection)["action_mask"])[0]))
    assert "The Lucky Seven" in capsys.readouterr().out


def test_bad_arguments_are_refused_in_the_game_s_words() -> None:
    with pytest.raises(ConfigError, match="players"):
        env("lucky_seven", players=3)
    with pytest.raises(ConfigError, match="unknown option"):
        env("arctic_scavengers", colour="red")
    with pytest.raises(ValueError, match="unknown game"):
        env("chess")
    with pytest.raises(ValueError, match="render_mode"):
        env("lucky_seven", render_mode="pixels")


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_each_step_gives_the_table_apply_gives(case: tuple[str, dict[str, Any]]) -> None:
    """The environment plays a listed legal action without checking it again (the game's
    moves): the table it reaches is the one apply reaches, step after step."""
    key, options = case
    game = GAMES[key]
    e = env(key, **options)
    e.reset(seed=5)
    chooser = random.Random(5)
    table = e.unwrapped.table
    for _ in range(200):
        obs, _, terminated, truncated, _ = e.last()
        if terminated or truncated:
            break
        i = int(chooser.choice(np.flatnonzero(obs["action_mask"])))
        e.step(i)
        table = game.apply(table, game.action_from_id(table, i))
        assert e.unwrapped.table == table
