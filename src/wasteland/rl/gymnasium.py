"""The one-seat games as Gymnasium environments: ``env(game, **options)``.

>>> from wasteland.rl.gymnasium import env
>>> e = env("lucky_seven")                       # solo; raxxon with players=1 too
>>> obs, info = e.reset(seed=7)
>>> done = False
>>> while not done:
...     action = e.action_space.sample(info["action_mask"])
...     obs, reward, terminated, truncated, info = e.step(action)
...     done = terminated or truncated

For a game one seat plays alone (The Lucky Seven solo, Raxxon solo) a single-agent
environment is what single-agent learners take; tables of several seats are refused with
``ConfigError`` pointing to :mod:`wasteland.rl.pettingzoo`.

* the observation is ``observe(view(state, 0))`` as ``float32[observation_size]`` (a ``Box``),
  written straight into a new numpy array;
* the action is an id (``Discrete(action_count)``); ``info["action_mask"]`` (``int8``, a 1 at
  each legal id) comes with every observation, and ``action_masks()`` gives the same mask (the
  name maskable learners such as sb3-contrib's ``MaskablePPO`` ask for);
* the reward is 0 until the end, then the game's ``returns``: 1.0 for a win, 0.0 for a loss;
* a bad action is refused as :mod:`wasteland.rl.pettingzoo` refuses it: anything not in the
  action space raises ``ActionOutOfSpace`` and changes nothing; an id that names no legal
  action ends the episode (``terminated``) with ``illegal_reward`` (-1) and
  ``info["illegal_action"] = True``, or raises ``IllegalAction`` with ``illegal_reward=None``;
* ``reset(seed=s)`` starts ``new_game(s, **options)``; ``reset()`` takes the next seed of a
  stream seeded by the last seed given (at random if none was ever given);
* ``render_mode``: ``"ansi"`` (the text, returned), ``"human"`` (printed after each step) or
  ``"rgb_array"`` (the SVG drawing as a ``uint8`` array of shape (height, width, 3)).

Importing this module also registers each game that has a table of one seat with Gymnasium as
``wasteland/<key>-v<rules_version>`` (:data:`IDS`), its one-seat table by default, so
``gymnasium.make("wasteland/raxxon-v2")`` and ``gymnasium.make_vec`` work too; the version
is the game's ``rules_version``, which rises whenever the rules change.
"""

from __future__ import annotations

import math
import operator
import random
from typing import Any

from wasteland.core.game import ConfigError, Game, RulesError, short
from wasteland.registry import GAME_KEYS, get_game
from wasteland.rl import MISSING_EXTRA, Encoding, encoding, seed_for

try:
    import gymnasium  # type: ignore[import-not-found, unused-ignore]
    import numpy as np  # type: ignore[import-not-found, unused-ignore]
except ImportError as exc:  # pragma: no cover - the base install
    raise ImportError(MISSING_EXTRA) from exc

from wasteland.rl.pettingzoo import ActionOutOfSpace, action_index
from wasteland.rl.table import IdTable

__all__ = ["env", "WastelandSoloEnv", "ActionOutOfSpace", "RENDER_MODES", "IDS"]

RENDER_MODES = ("ansi", "human", "rgb_array")


def env(game: str | Game[Any, Any], render_mode: str | None = None, illegal_reward: float | None = -1.0,
        **options: Any) -> WastelandSoloEnv:
    """The Gymnasium environment of ``game`` (a registered key) with ``options`` as in
    ``new_game``, for a table of one seat; ConfigError for a table of several."""
    return WastelandSoloEnv(game, render_mode=render_mode, illegal_reward=illegal_reward, **options)


class WastelandSoloEnv(gymnasium.Env):  # type: ignore[misc, unused-ignore]
    """One seat's game as a single-agent Gymnasium environment (see the module's text)."""

    # On the class, where gymnasium.make reads the render modes before making the environment.
    metadata = {"render_modes": list(RENDER_MODES), "render_fps": 4}

    def __init__(self, game: str | Game[Any, Any], render_mode: str | None = None,
                 illegal_reward: float | None = -1.0, **options: Any) -> None:
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ConfigError(f"render_mode must be None or one of {', '.join(RENDER_MODES)}, got {short(render_mode)}")
        if illegal_reward is not None and (isinstance(illegal_reward, bool)
                                           or not isinstance(illegal_reward, (int, float))
                                           or not math.isfinite(illegal_reward)):
            raise ConfigError(f"illegal_reward must be a finite number or None, got {short(illegal_reward)}")
        try:
            self.encoding: Encoding = encoding(game, options)
        except RulesError:
            raise
        except (TypeError, ValueError) as exc:  # an unknown game, an option new_game does not take
            raise ConfigError(short(str(exc), 300)) from None
        self.game = self.encoding.game
        if self.encoding.players != 1:
            given = ", ".join(f"{k}={v!r}" for k, v in options.items()) or "its default options"
            raise ConfigError(f"the Gymnasium environment is for a table of one seat; {self.game.key} with "
                              f"{given} has {self.encoding.players}: use wasteland.rl.pettingzoo.env")
        self.illegal_reward = None if illegal_reward is None else float(illegal_reward)
        self.render_mode = render_mode
        limit = float(np.finfo(np.float32).max)
        self.observation_space = gymnasium.spaces.Box(-limit, limit, (self.encoding.observation_size,), np.float32)
        self.action_space = gymnasium.spaces.Discrete(self.encoding.action_count)
        self._seeds: tuple[int, int] | None = None  # (the last seed given, games started since)
        # The table, played by ids: its legal ids, mask and vector worked out once a table.
        self._ids = IdTable(self.encoding)
        self._done = False  # the episode is over (the game, or an illegal id)

    @property
    def table(self) -> Any:
        """The game's state, None before reset; it may be set to another state of the game."""
        return self._ids.table

    @table.setter
    def table(self, table: Any) -> None:
        self._ids.table = table

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[Any, dict[str, Any]]:
        """A new game: ``new_game(seed, **options)`` (the options given at construction;
        ``options`` here is Gymnasium's per-reset argument, and no game uses one)."""
        if seed is not None:
            if isinstance(seed, bool) or not hasattr(type(seed), "__index__"):
                raise ConfigError(f"seed must be a whole number or None, got {short(seed)}")
            seed = operator.index(seed)
            super().reset(seed=seed % 2**64)
            self._seeds = (seed, 0)
        elif self._seeds is None:
            self._seeds = (random.SystemRandom().getrandbits(63), 1)
            seed = seed_for(*self._seeds)
        else:
            base, count = self._seeds
            self._seeds = (base, count + 1)
            seed = seed_for(base, count + 1)
        self._ids.start(seed)
        self._done = False
        return self._ids.vector(0), {"action_mask": self._ids.mask(0)}

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """Play the id ``action``; see the module's text for a bad one."""
        ids = self._ids
        if ids.table is None:
            raise gymnasium.error.ResetNeeded("call reset() before step()")
        count = self.encoding.action_count
        i = action if type(action) is int and 0 <= action < count else action_index(action, count)
        if self._done:
            raise gymnasium.error.ResetNeeded("the episode is over: call reset()")
        played = ids.play(i)
        if played is None:
            if self.illegal_reward is not None:
                self._done = True
                return ids.vector(0), self.illegal_reward, True, False, {
                    "action_mask": ids.no_mask(), "illegal_action": True}
            played = ids.play_checked(i)  # raises IllegalAction saying why; nothing changes
        table, player = played[0], played[1]
        observation, info = ids.vector(0), {"action_mask": ids.mask(0)}
        if self.render_mode == "human":
            self.render()
        if player is not None:
            return observation, 0.0, False, False, info
        self._done = True
        game = self.game
        result = game.outcome(table)
        cut = result is not None and result.truncated  # the engine's decision limit: truncated
        return observation, float(game.returns(table)[0]), not cut, cut, info

    def action_masks(self) -> Any:
        """The legal-action mask of the table (``int8``, a 1 at each legal id); all zeros once
        the episode is over."""
        return self._ids.no_mask() if self._done else self._ids.mask(0)

    def render(self) -> Any:
        """The table as the seat sees it: text with ``"ansi"`` (printed with ``"human"``), the
        drawing as a ``uint8`` array with ``"rgb_array"``."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode: say render_mode='ansi', "
                                  "'human' or 'rgb_array'")
            return None
        if self.table is None:
            raise gymnasium.error.ResetNeeded("call reset() before render()")
        seen = self.game.view(self.table, 0)
        if self.render_mode == "rgb_array":
            from wasteland.rl.raster import rasterize

            return rasterize(self.game.svg(seen, 0))
        text = self.game.render(seen, 0)
        if self.render_mode == "human":
            print(text)
            return None
        return text


def _env_id(key: str) -> str:
    """Gymnasium's id of game ``key``: ``wasteland/<key>-v<rules_version>``."""
    return f"wasteland/{key}-v{get_game(key).rules_version}"


def _register() -> dict[str, str]:
    """Register with Gymnasium each game that has a table of one seat (its one-seat table by
    default; ``gymnasium.make(id, **options)`` passes other options); its id by key."""
    ids: dict[str, str] = {}
    for key in GAME_KEYS:
        if 1 in get_game(key).player_counts:
            ids[key] = _env_id(key)
            if ids[key] not in gymnasium.envs.registry:
                gymnasium.register(id=ids[key], entry_point=f"{__name__}:WastelandSoloEnv",
                                   kwargs={"game": key, "players": 1})
    return ids


#: Gymnasium's id of each game with a table of one seat, by key (registered on import).
IDS: dict[str, str] = _register()
