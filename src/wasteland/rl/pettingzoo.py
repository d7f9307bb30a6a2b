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
  the vector ``observe(view(state, seat))`` written straight into a new numpy array, so it
  holds only what that seat may see; the mask has a 1 at the id of each legal action of the
  agent to move, and is all zeros for the others;
* an action is an id (``Discrete(action_count)``), the game's ``action_from_id``;
* a bad action follows PettingZoo's classic games: anything that is not an element of the
  action space raises :class:`ActionOutOfSpace` (an ``AssertionError``, as PettingZoo's
  ``AssertOutOfBoundsWrapper`` raises, and an ``IllegalAction``) and changes nothing; with
  ``env``, an id of the space that names no legal action ends the game with ``illegal_reward``
  (-1) to the mover and 0 to the others (what PettingZoo's ``TerminateIllegalWrapper`` does);
  ``illegal_reward=None``, and ``raw_env``, raise ``IllegalAction`` instead;
* rewards are 0 until the end, then the game's ``returns`` (1.0 to each winner);
* ``reset(seed=s)`` starts ``new_game(s, **options)``; ``reset()`` without a seed takes the next
  seed of a stream seeded by the last seed given (or at random, if none was ever given);
* ``render()`` draws the table as the agent to move sees it: the game's text
  (``render_mode="ansi"``, or printed with ``"human"``) or its SVG drawing as an RGB array
  (``"rgb_array"``).

The options are the game's (as in ``new_game``) and are fixed for the environment's life,
since the sizes of the spaces depend on them. The environment is thin: it holds the game's
state and asks the game everything.
"""

from __future__ import annotations

import operator
import random
from typing import Any

from wasteland.core.game import Game, IllegalAction
from wasteland.rl import MISSING_EXTRA, Encoding, encoding, seed_for
from wasteland.rl.table import IdTable

try:
    import gymnasium  # type: ignore[import-not-found, unused-ignore]
    import numpy as np  # type: ignore[import-not-found, unused-ignore]
    from pettingzoo import AECEnv  # type: ignore[import-untyped, import-not-found, unused-ignore]
    from pettingzoo.utils.env_logger import EnvLogger  # type: ignore[import-untyped, import-not-found, unused-ignore]
    from pettingzoo.utils.wrappers import OrderEnforcingWrapper  # type: ignore[import-untyped, import-not-found, unused-ignore]
    from pettingzoo.utils.wrappers.order_enforcing import (  # type: ignore[import-untyped, import-not-found, unused-ignore]
        AECOrderEnforcingIterable, AECOrderEnforcingIterator,
    )
except ImportError as exc:  # pragma: no cover - the base install
    raise ImportError(MISSING_EXTRA) from exc

__all__ = ["env", "raw_env", "WastelandEnv", "ActionOutOfSpace", "agent_name", "action_index", "RENDER_MODES"]

RENDER_MODES = ("ansi", "human", "rgb_array")
Observation = dict[str, Any]


class ActionOutOfSpace(IllegalAction, AssertionError):
    """An action that is not an element of the action space ``Discrete(action_count)``: an
    ``IllegalAction``, and the ``AssertionError`` PettingZoo's own out-of-bounds check raises."""


def agent_name(seat: int) -> str:
    """The PettingZoo name of seat ``seat``: ``"player_<seat>"``."""
    return f"player_{seat}"


def action_index(action: object, count: int) -> int:
    """``action`` as an id of ``Discrete(count)``: a Python int or a numpy integer scalar (an
    array of shape ``()`` included) from 0 to ``count - 1``, as gymnasium's ``Discrete.contains``
    takes them; :class:`ActionOutOfSpace` for anything else (a bool, a float, a text, an array
    of one id, an int of any size out of range)."""
    if type(action) is int:
        i = action
    elif isinstance(action, np.integer) or (
            isinstance(action, np.ndarray) and action.shape == () and np.issubdtype(action.dtype, np.integer)):
        i = int(action)
    else:
        kind = f"an array of shape {action.shape}" if isinstance(action, np.ndarray) else type(action).__name__
        raise ActionOutOfSpace(f"action is not in action space: an action is an id from 0 to {count - 1}, got {kind}")
    if not 0 <= i < count:
        shown = str(i) if -10**12 < i < 10**12 else f"an int of {i.bit_length()} bits"
        raise ActionOutOfSpace(f"action is not in action space: an action is an id from 0 to {count - 1}, got {shown}")
    return i


class _Ordered(OrderEnforcingWrapper):  # type: ignore[misc]
    """PettingZoo's ``OrderEnforcingWrapper``, with the calls of the loop (``agent_iter``,
    ``last``, ``step``) passed to the environment directly, with the same checks, rather than
    attribute by attribute through the wrapper's ``__getattr__``."""

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        if not self._has_reset:
            EnvLogger.error_observe_before_reset()
        return self.env.last(observe)  # type: ignore[no-any-return]

    def step(self, action: Any) -> None:
        if not self._has_reset:
            EnvLogger.error_step_before_reset()
        self._has_updated = True
        if self.env.agents:
            self.env.step(action)
        else:
            EnvLogger.warn_step_after_terminated_truncated()

    def agent_iter(self, max_iter: int = 2**63) -> Any:
        if not self._has_reset:
            EnvLogger.error_agent_iter_before_reset()
        return _OrderedAgents(self, max_iter)

    def __str__(self) -> str:
        return str(self.env)


class _OrderedAgents(AECOrderEnforcingIterable):  # type: ignore[misc]
    def __iter__(self) -> Any:
        return _OrderedAgentIterator(self.env, self.max_iter)


class _OrderedAgentIterator(AECOrderEnforcingIterator):  # type: ignore[misc]
    """PettingZoo's order-enforcing agent iterator, reading the environment itself."""

    def __next__(self) -> str:
        wrapper = self.env
        inner = wrapper.env
        if not inner.agents or self.iters_til_term <= 0:
            raise StopIteration
        self.iters_til_term -= 1
        assert wrapper._has_updated, "need to call step() or reset() in a loop over `agent_iter`"
        wrapper._has_updated = False
        return inner.agent_selection  # type: ignore[no-any-return]


def env(game: str | Game[Any, Any], render_mode: str | None = None, illegal_reward: float | None = -1.0,
        **options: Any) -> Any:
    """The AEC environment of ``game`` (a registered key) with ``options`` as in ``new_game``,
    as PettingZoo's classic environments are: an id that names no legal action ends the game
    with ``illegal_reward`` to the mover (``None``: raise ``IllegalAction`` instead), an action
    out of the space raises :class:`ActionOutOfSpace`, calls out of order are refused (PettingZoo's
    ``OrderEnforcingWrapper``). ``.unwrapped`` is the :class:`WastelandEnv` itself."""
    return _Ordered(WastelandEnv(game, render_mode=render_mode, illegal_reward=illegal_reward, **options))


def raw_env(game: str | Game[Any, Any], render_mode: str | None = None, illegal_reward: float | None = None,
            **options: Any) -> WastelandEnv:
    """The environment without PettingZoo's order-enforcing wrapper; by default a bad action
    raises ``IllegalAction`` (:class:`ActionOutOfSpace` out of the space) and changes nothing."""
    return WastelandEnv(game, render_mode=render_mode, illegal_reward=illegal_reward, **options)


class WastelandEnv(AECEnv):  # type: ignore[misc]
    """One game of a wasteland game as an AEC environment (see the module's text).
    ``illegal_reward``: ``None`` to raise ``IllegalAction`` for an id that names no legal action,
    or the reward of a mover whose illegal id ends the game (PettingZoo's
    ``TerminateIllegalWrapper``, built in)."""

    agent_selection: str  # set by reset

    def __init__(self, game: str | Game[Any, Any], render_mode: str | None = None,
                 illegal_reward: float | None = None, **options: Any) -> None:
        super().__init__()
        if illegal_reward is not None and (isinstance(illegal_reward, bool)
                                           or not isinstance(illegal_reward, (int, float))):
            raise TypeError(f"illegal_reward must be a number or None, got {illegal_reward!r}")
        self.illegal_reward = None if illegal_reward is None else float(illegal_reward)
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
        self._seeds: tuple[int, int] | None = None  # (the last seed given, games started since)
        # The table, played by ids: its legal ids, masks and vectors worked out once a table.
        self._ids = IdTable(self.encoding)

    @property
    def table(self) -> Any:
        """The game's state (the referee's), None before reset; it may be set to another
        state of the game."""
        return self._ids.table

    @table.setter
    def table(self, table: Any) -> None:
        self._ids.table = table

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
        self._ids.start(seed)
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
        over, as PettingZoo's loop does). A bad action raises ``IllegalAction`` and changes
        nothing: :class:`ActionOutOfSpace` out of the action space."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                raise ActionOutOfSpace(f"action is not in action space: {agent}'s game is over, its action is None")
            self._was_dead_step(action)
            return
        count = self.encoding.action_count
        i = action if type(action) is int and 0 <= action < count else action_index(action, count)
        played = self._ids.play(i)
        if played is None:
            if self.illegal_reward is not None:
                self._end_illegal(agent)
                return
            played = self._ids.play_checked(i)  # raises IllegalAction saying why; nothing changes
        table, player = played[0], played[1]
        # Every reward is 0 while the game runs (the end and an illegal id end it), so only
        # the mover's cumulative reward, returned by last(), is reset.
        self._cumulative_rewards[agent] = 0.0
        if player is None:
            game = self.game
            cut = game.outcome(table)
            ended = self.truncations if cut is not None and cut.truncated else self.terminations
            for name, value in zip(self.possible_agents, game.returns(table)):
                self.rewards[name] = float(value)
                ended[name] = True  # cut at the decision limit: truncated, not a loss
            self._accumulate_rewards()
        else:
            self.agent_selection = self.possible_agents[player]
        if self.render_mode == "human":
            self.render()

    def _end_illegal(self, agent: str) -> None:
        """What PettingZoo's ``TerminateIllegalWrapper`` does: warn, end the game for every
        agent (terminated and truncated), ``illegal_reward`` to the mover, 0 to the others."""
        EnvLogger.warn_on_illegal_move()
        assert self.illegal_reward is not None
        self._cumulative_rewards[agent] = 0.0
        self.terminations = dict.fromkeys(self.agents, True)
        self.truncations = dict.fromkeys(self.agents, True)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self.rewards[agent] = self.illegal_reward
        self._accumulate_rewards()
        self._deads_step_first()

    def _select(self) -> None:
        player = self._ids.known()[1]
        assert player is not None
        self.agent_selection = self.possible_agents[player]

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """PettingZoo's ``last``: the observation, cumulative reward, termination, truncation
        and info of the agent to move."""
        agent = self.agent_selection
        return (self.observe(agent) if observe else None, self._cumulative_rewards[agent],
                self.terminations[agent], self.truncations[agent], self.infos[agent])

    def observe(self, agent: str) -> Observation:
        """What ``agent`` sees now: its view's vector and its legal-action mask."""
        seat = self._seat[agent]
        ids = self._ids
        mask = ids.no_mask() if self.terminations.get(agent, False) else ids.mask(seat)
        return {"observation": ids.vector(seat), "action_mask": mask}

    def render(self) -> Any:
        """The table as the agent to move sees it (the game's ``render`` of its view):
        returned with ``render_mode="ansi"``, printed with ``"human"``; with ``"rgb_array"``,
        the game's SVG drawing of that view as a ``uint8`` array of shape (height, width, 3)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode: say render_mode='ansi', "
                                  "'human' or 'rgb_array'")
            return None
        seat = self._seat[self.agent_selection]
        seen = self.game.view(self.table, seat)
        if self.render_mode == "rgb_array":
            from wasteland.rl.raster import rasterize

            return rasterize(self.game.svg(seen, seat))
        text = self.game.render(seen, seat)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release: the environment holds no window, file or process."""
