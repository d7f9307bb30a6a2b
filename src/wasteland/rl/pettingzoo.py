"""Every game as a PettingZoo AEC environment: ``env(game, **options)``.

>>> from wasteland.rl.pettingzoo import env
>>> e = env("lucky_seven", players=2)
>>> e.reset(seed=7)
>>> for agent in e.agent_iter():
...     obs, reward, terminated, truncated, info = e.last()
...     action = None if terminated or truncated else e.action_space(agent).sample(obs["action_mask"])
...     e.step(action)

* agents are ``"player_0"``, ``"player_1"``...: seat ``i`` of the game;
* an observation is ``{"observation": float32[observation_size], "action_mask": int8[action_count]}``,
  the vector ``observe(view(state, seat))``, so it holds only what that seat may see; the mask
  has a 1 at the id of each legal action of the agent to move, and is all zeros for the others;
* an action is an id (``Discrete(action_count)``), the game's ``action_from_id``; an id that
  names no legal action raises ``IllegalAction`` and changes nothing;
* rewards are 0 until the end, then the game's ``returns`` (1.0 to each winner);
* ``reset(seed=s)`` starts ``new_game(s, **options)``; ``reset()`` without a seed takes the next
  seed of a stream seeded by the last seed given (or at random, if none was ever given);
* ``render()`` is the game's text of the table as the agent to move sees it.

The options are the game's (as in ``new_game``) and are fixed for the environment's life,
since the sizes of the spaces depend on them. The environment is thin: it holds the game's
state and asks the game everything.
"""

from __future__ import annotations

import operator
import random
from typing import Any

from wasteland.core.game import Game
from wasteland.rl import MISSING_EXTRA, Encoding, action_for, encoding, legal_ids, seed_for

try:
    import gymnasium  # type: ignore[import-not-found, unused-ignore]
    import numpy as np  # type: ignore[import-not-found, unused-ignore]
    from pettingzoo import AECEnv  # type: ignore[import-untyped, import-not-found, unused-ignore]
    from pettingzoo.utils.wrappers import OrderEnforcingWrapper  # type: ignore[import-untyped, import-not-found, unused-ignore]
except ImportError as exc:  # pragma: no cover - the base install
    raise ImportError(MISSING_EXTRA) from exc

__all__ = ["env", "raw_env", "WastelandEnv", "agent_name", "RENDER_MODES"]

RENDER_MODES = ("ansi", "human")
Observation = dict[str, Any]


def agent_name(seat: int) -> str:
    """The PettingZoo name of seat ``seat``: ``"player_<seat>"``."""
    return f"player_{seat}"


def env(game: str | Game[Any, Any], render_mode: str | None = None, **options: Any) -> Any:
    """The AEC environment of ``game`` (a registered key) with ``options`` as in ``new_game``,
    wrapped as PettingZoo's own environments are (calls out of order are refused).
    ``.unwrapped`` is the :class:`WastelandEnv` itself."""
    return OrderEnforcingWrapper(WastelandEnv(game, render_mode=render_mode, **options))


def raw_env(game: str | Game[Any, Any], render_mode: str | None = None, **options: Any) -> WastelandEnv:
    """The environment without PettingZoo's order-enforcing wrapper."""
    return WastelandEnv(game, render_mode=render_mode, **options)


class WastelandEnv(AECEnv):  # type: ignore[misc]
    """One game of a wasteland game as an AEC environment (see the module's text)."""

    def __init__(self, game: str | Game[Any, Any], render_mode: str | None = None, **options: Any) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be None or one of {', '.join(RENDER_MODES)}, got {render_mode!r}")
        self.encoding: Encoding = encoding(game, options)
        self.game = self.encoding.game
        self.render_mode = render_mode
        self.metadata = {
            "name": f"{self.game.key}_v{self.game.rules_version}",
            "render_modes": list(RENDER_MODES),
            "is_parallelizable": False,
        }
        self.possible_agents: list[str] = [agent_name(p) for p in range(self.encoding.players)]
        self._seat = {name: p for p, name in enumerate(self.possible_agents)}
        limit = float(np.finfo(np.float32).max)
        self.observation_spaces = {
            name: gymnasium.spaces.Dict({
                "observation": gymnasium.spaces.Box(-limit, limit, (self.encoding.observation_size,), np.float32),
                "action_mask": gymnasium.spaces.Box(0, 1, (self.encoding.action_count,), np.int8),
            })
            for name in self.possible_agents
        }
        self.action_spaces = {name: gymnasium.spaces.Discrete(self.encoding.action_count)
                              for name in self.possible_agents}
        self.table: Any = None  # the game's state (the referee's), None before reset
        self._seeds: tuple[int, int] | None = None  # (the last seed given, games started since)

    # -- spaces -----------------------------------------------------------------------------

    def observation_space(self, agent: str) -> Any:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        return self.action_spaces[agent]

    # -- the AEC interface ------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game: ``new_game(seed, **options)`` (the options given at construction;
        ``options`` here is PettingZoo's per-reset argument, and no game uses one)."""
        if seed is not None:
            if isinstance(seed, bool):
                raise TypeError(f"seed must be an int, got {seed!r}")
            seed = operator.index(seed)
            self._seeds = (seed, 0)
        elif self._seeds is None:
            self._seeds = (random.SystemRandom().getrandbits(63), 1)
            seed = seed_for(*self._seeds)
        else:
            base, count = self._seeds
            self._seeds = (base, count + 1)
            seed = seed_for(base, count + 1)
        self.table = self.encoding.new_game(seed)
        self.agents = self.possible_agents[:]
        self.rewards = {name: 0.0 for name in self.agents}
        self._cumulative_rewards = {name: 0.0 for name in self.agents}
        self.terminations = {name: False for name in self.agents}
        self.truncations = {name: False for name in self.agents}
        self.infos: dict[str, dict[str, Any]] = {name: {} for name in self.agents}
        self._skip_agent_selection = None
        self._select()

    def step(self, action: Any) -> None:
        """Play the id ``action`` for the agent to move (``None`` for an agent whose game is
        over, as PettingZoo's loop does)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        table = self.table
        move = action_for(self.encoding, table, action)  # IllegalAction here leaves everything as it was
        table = self.game.apply(table, move)
        self.table = table
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        if self.game.current_player(table) is None:
            for name, value in zip(self.possible_agents, self.game.returns(table)):
                self.rewards[name] = float(value)
                self.terminations[name] = True
        else:
            self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _select(self) -> None:
        player = self.game.current_player(self.table)
        assert player is not None
        self.agent_selection = self.possible_agents[player]

    def observe(self, agent: str) -> Observation:
        """What ``agent`` sees now: its view's vector and its legal-action mask."""
        seat = self._seat[agent]
        table = self.table
        vector = np.asarray(self.encoding.observation(table, seat), dtype=np.float32)
        mask = np.zeros(self.encoding.action_count, dtype=np.int8)
        if self.game.current_player(table) == seat:
            mask[legal_ids(self.encoding, table)] = 1
        return {"observation": vector, "action_mask": mask}

    def render(self) -> str | None:
        """The table as the agent to move sees it (the game's ``render`` of its view):
        returned with ``render_mode="ansi"``, printed with ``"human"``."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode: say render_mode='ansi' or 'human'")
            return None
        seat = self._seat[self.agent_selection]
        text = self.game.render(self.game.view(self.table, seat), seat)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release: the environment holds no window, file or process."""
