"""A game the engine cuts at its decision limit is a truncation in the RL adapters, never a loss."""

from __future__ import annotations

from typing import Any

import pytest

from wasteland import GAMES
from wasteland.core.game import TRUNCATED, Outcome
from wasteland.core.records import replace

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

from wasteland.raxxon.rules import DECISION_LIMIT  # noqa: E402
from wasteland.rl import gymnasium as gym_env  # noqa: E402
from wasteland.rl import pettingzoo as pz  # noqa: E402
from wasteland.rl.open_spiel import load_game  # noqa: E402


def _near_the_limit(table: Any) -> Any:
    """``table`` with its decision count one short of the limit: the next decision is cut."""
    return replace(table, decisions=DECISION_LIMIT - 1)


def test_an_outcome_at_the_limit_says_truncated() -> None:
    assert Outcome(winners=(), reason="cut", code=TRUNCATED).truncated
    assert not Outcome(winners=(), reason="lost", code="power").truncated


@pytest.mark.parametrize("players", [1, 2])
def test_pettingzoo_truncates_every_agent_at_the_limit(players: int) -> None:
    env: Any = pz.raw_env("raxxon", players=players)
    env.reset(seed=3)
    env.table = _near_the_limit(env.table)
    agent = env.agent_selection
    env.step(int(env.observe(agent)["action_mask"].nonzero()[0][0]))
    assert GAMES["raxxon"].outcome(env.table).truncated
    assert all(env.truncations.values()) and not any(env.terminations.values())
    assert all(value == 0.0 for value in env.rewards.values())


def test_gymnasium_returns_truncated_at_the_limit() -> None:
    env: Any = gym_env.env("raxxon")
    _, info = env.reset(seed=3)
    env.table = _near_the_limit(env.table)
    _, reward, terminated, truncated, info = env.step(int(info["action_mask"].nonzero()[0][0]))
    assert truncated and not terminated and reward == 0.0
    assert info["action_mask"].sum() == 0


def test_open_spiel_max_game_length_is_the_game_s_bound() -> None:
    for key in ("lucky_seven", "arctic_scavengers", "raxxon"):
        game = GAMES[key]
        assert load_game(key).max_game_length() == game.max_decisions(game.new_game(0)) + 1
