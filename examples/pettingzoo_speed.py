"""How fast PettingZoo's loop (or Gymnasium's, or OpenSpiel's) runs against the bare rules, game by game.

Two loops of random play, side by side in one run, on the same seeds:

* the bare rules: ``legal_actions``, a random choice, ``apply``;
* PettingZoo's documented loop: ``env.reset(seed)``, then for each agent of
  ``env.agent_iter()``: ``obs, reward, terminated, truncated, info = env.last()``, the action
  ``None`` once the agent is done and otherwise a random id of ``np.flatnonzero(mask)``,
  ``env.step(action)``.

With ``--gymnasium``, the second loop is instead the Gymnasium environment's, on the tables of
one seat: ``obs, info = env.reset(seed)``, then a random id of ``np.flatnonzero(mask)`` of
``info["action_mask"]`` to ``env.step`` until ``terminated`` or ``truncated``.

With ``--open-spiel``, it is a pyspiel state's (``load_game``): ``new_initial_state(seed)`` and
its deal, then ``legal_actions()``, the observation of ``current_player()`` through OpenSpiel's
``make_observation(game)`` (``set_from``, then its numpy ``tensor``) and a random id of them to
``apply_action`` until ``is_terminal()``.

Both count decisions (the steps that play an action) per second of the whole loop, in the
process's CPU time (``time.process_time``, so that other work on the machine counts less);
the ratio is the environment's speed over the bare rules'. The two loops take turns, one game
each, so a machine whose load changes slows both alike. ``--profile`` prints instead the functions the
PettingZoo loop of one table spends its time in (cProfile); ``--breakdown`` the microseconds
of a decision: the bare rules', PettingZoo's, and of PettingZoo's the part that writes the
observation (the loop run a third time on the same game with a writer that writes nothing,
in turn with the others) and the rest; and, last, what the loop alone costs: the same loop
on an environment that does nothing (the table's spaces, a fresh zero observation and a mask
of three ids at each step, no game), the least any environment of that size pays; then the
environment's own cost beyond that loop (the rest less the loop alone), and the observation's
and the environment's costs as fractions of a bare decision (the targets: at most 0.5 and 1); with
``--writers-from SRC``, also the observation of the game's writer in another source tree (the
code before a change, say), timed in turn with the others, e.g.::

    python examples/pettingzoo_speed.py                      # every table, about a second each
    python examples/pettingzoo_speed.py arctic_scavengers --players 4 --seconds 3
    python examples/pettingzoo_speed.py raxxon --players 2 --profile
    python examples/pettingzoo_speed.py lucky_seven --breakdown
    python examples/pettingzoo_speed.py lucky_seven --breakdown --writers-from ../before/src
    python examples/pettingzoo_speed.py --gymnasium           # the one-seat tables, Gymnasium's loop
    python examples/pettingzoo_speed.py --open-spiel          # every table, through pyspiel

Needs the ``rl`` extra (``pip install -e ".[rl]"``).
"""

from __future__ import annotations

import argparse
import cProfile
import importlib.util
import pstats
import random
import sys
import time
from pathlib import Path
from typing import Any, Callable

import attrs
import numpy as np
from open_spiel.python.observation import make_observation  # type: ignore[import-untyped, import-not-found, unused-ignore]
from pettingzoo import AECEnv  # type: ignore[import-untyped, unused-ignore]

from wasteland import GAMES
from wasteland.core.game import Game
from wasteland.core.observation import FloatBuffer, Layout, Observer
from wasteland.rl import gymnasium, open_spiel
from wasteland.rl.pettingzoo import WastelandEnv, env


def tables(keys: list[str], players: int | None) -> list[tuple[str, dict[str, Any]]]:
    """Every game of ``keys`` at every player count (or at ``players``); The Lucky Seven's
    cooperative variant besides its competitive one."""
    out: list[tuple[str, dict[str, Any]]] = []
    for key in keys:
        for n in GAMES[key].player_counts:
            if players is None or n == players:
                out.append((key, {"players": n}))
                if key == "lucky_seven" and n == 2:
                    out.append((key, {"players": 2, "variant": "cooperative"}))
    return out


def bare_game(key: str, options: dict[str, Any], seed: int) -> tuple[int, float]:
    """One game of random play on the rules alone: (decisions, seconds)."""
    game = GAMES[key]
    legal_actions, apply, current = game.legal_actions, game.apply, game.current_player
    pick = random.Random(seed)
    start = time.process_time()
    table = game.new_game(seed, **options)
    decisions = 0
    while current(table) is not None:
        table = apply(table, pick.choice(legal_actions(table)))
        decisions += 1
    return decisions, time.process_time() - start


def pettingzoo_game(e: Any, seed: int) -> tuple[int, float]:
    """One game of PettingZoo's documented loop on ``e``: (decisions, seconds)."""
    pick = random.Random(seed)
    start = time.process_time()
    e.reset(seed=seed)
    decisions = 0
    for _agent in e.agent_iter():
        obs, _reward, terminated, truncated, _info = e.last()
        if terminated or truncated:
            action = None
        else:
            ids = np.flatnonzero(obs["action_mask"])
            action = ids[pick.randrange(len(ids))]
            decisions += 1
        e.step(action)
    return decisions, time.process_time() - start


def gymnasium_game(e: Any, seed: int) -> tuple[int, float]:
    """One game of the Gymnasium environment's loop on ``e``: (decisions, seconds)."""
    pick = random.Random(seed)
    start = time.process_time()
    _obs, info = e.reset(seed=seed)
    decisions = 0
    done = False
    while not done:
        ids = np.flatnonzero(info["action_mask"])
        _obs, _reward, terminated, truncated, info = e.step(ids[pick.randrange(len(ids))])
        decisions += 1
        done = terminated or truncated
    return decisions, time.process_time() - start


def open_spiel_game(g: Any, seed: int) -> tuple[int, float]:
    """One game of OpenSpiel's loop on the pyspiel game ``g``: (decisions, seconds)."""
    pick = random.Random(seed)
    start = time.process_time()
    observation = make_observation(g)
    state = g.new_initial_state(seed)
    state.apply_action(state.chance_outcomes()[0][0])  # the deal
    decisions = 0
    while not state.is_terminal():
        ids = state.legal_actions()
        observation.set_from(state, state.current_player())
        _tensor = observation.tensor
        state.apply_action(ids[pick.randrange(len(ids))])
        decisions += 1
    return decisions, time.process_time() - start


#: The loops measured against the bare rules: how to make the environment, how to play a game.
LOOPS: dict[str, tuple[Callable[..., Any], Callable[[Any, int], tuple[int, float]]]] = {
    "PettingZoo": (env, pettingzoo_game),
    "Gymnasium": (gymnasium.env, gymnasium_game),
    "OpenSpiel": (open_spiel.load_game, open_spiel_game),
}


def measure(key: str, options: dict[str, Any], seconds: float, seed: int, loop: str = "PettingZoo"
            ) -> tuple[float, float, int]:
    """(bare decisions/s, the environment's decisions/s, games each), the loops taking turns:
    ``loop`` names the environment's (a key of :data:`LOOPS`)."""
    make, play = LOOPS[loop]
    e = make(key, **options)
    bare = [0, 0.0]
    zoo = [0, 0.0]
    games = 0
    while bare[1] + zoo[1] < 2 * seconds or games < 2:
        for total, (decisions, spent) in ((bare, bare_game(key, options, seed + games)),
                                          (zoo, play(e, seed + games))):
            total[0] += decisions
            total[1] += spent
        games += 1
    return bare[0] / bare[1], zoo[0] / zoo[1], games


def _write_nothing(state: object, seat: int, layout: Layout, out: FloatBuffer) -> None:
    """A writer that leaves the observation all zeros."""


def blank(game: Game[Any, Any]) -> Game[Any, Any]:
    """``game`` with an observation that its writer leaves all zeros: the same rules, the same
    spaces, the same loop, without the cost of writing the vector."""
    observe = game.observe
    assert isinstance(observe, Observer), f"{game.key}'s observe is not an Observer"
    return attrs.evolve(game, observe=Observer(observe.layout_of, observe.viewer_of, observe.seats_of,
                                               _write_nothing))


def breakdown(key: str, options: dict[str, Any], seconds: float, seed: int,
              other: Observer[Any] | None = None) -> tuple[float, ...]:
    """Microseconds a decision: (bare rules, PettingZoo, PettingZoo with a blank observation),
    and with ``other``, PettingZoo with that writer instead of the game's; the loops taking
    turns."""
    game = GAMES[key]
    envs = [env(key, **options), env(blank(game), **options)]
    if other is not None:
        envs.append(env(attrs.evolve(game, observe=other), **options))
    totals = [[0, 0.0] for _ in range(len(envs) + 1)]
    games = 0
    while sum(t[1] for t in totals) < len(totals) * seconds or games < 2:
        runs = [bare_game(key, options, seed + games)] + [pettingzoo_game(e, seed + games) for e in envs]
        for total, (decisions, spent) in zip(totals, runs):
            total[0] += decisions
            total[1] += spent
        games += 1
    return tuple(1e6 * spent / decisions for decisions, spent in totals)


def writer_from(source: str, key: str) -> Observer[Any]:
    """The ``observe`` of ``key``'s ``view.py`` in the source tree ``source`` (the directory
    holding ``wasteland``), e.g. the code before a change, to time beside the installed one.
    Its module is loaded on its own; it imports the rest of the game from the installed code."""
    path = Path(source) / "wasteland" / key / "view.py"
    spec = importlib.util.spec_from_file_location(f"_writer_of_{key}", path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"no view.py at {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    observe = module.observe
    assert isinstance(observe, Observer), f"{path}: observe is not an Observer"
    return observe


class Idle(AECEnv):  # type: ignore[misc]
    """An AEC environment with a table's spaces that does nothing: its agents (the table's
    first two) take turns for ``length`` decisions, each observation is a new zero vector
    and a mask of three ids."""

    metadata = {"name": "idle", "render_modes": [], "is_parallelizable": False}

    def __init__(self, like: WastelandEnv, length: int = 200) -> None:
        super().__init__()
        self.possible_agents = like.possible_agents[:2]
        self.observation_spaces, self.action_spaces = like.observation_spaces, like.action_spaces
        self._size, self._count, self._length = like.encoding.observation_size, like.encoding.action_count, length

    def observation_space(self, agent: str) -> Any:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.agents[0]
        self._played = 0

    def observe(self, agent: str) -> dict[str, Any]:
        mask = np.zeros(self._count, np.int8)
        mask[:3] = 1
        return {"observation": np.zeros(self._size, np.float32), "action_mask": mask}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent]:
            self._was_dead_step(action)
            return
        self._played += 1
        if self._played >= self._length:
            self.terminations = dict.fromkeys(self.agents, True)
        self.agent_selection = self.possible_agents[self._played % len(self.possible_agents)]


def idle(key: str, options: dict[str, Any], seconds: float, seed: int) -> float:
    """Microseconds a decision of PettingZoo's loop on an :class:`Idle` environment with the
    spaces of ``key`` with ``options``, in the order-enforcing wrapper the environment has."""
    table = env(key, **options)
    e = type(table)(Idle(table.unwrapped))  # the environment's own wrapper, around Idle
    decisions, spent = 0, 0.0
    games = 0
    while spent < seconds or games < 2:
        d, s = pettingzoo_game(e, seed + games)
        decisions, spent, games = decisions + d, spent + s, games + 1
    return 1e6 * spent / decisions


def label(key: str, options: dict[str, Any]) -> str:
    extra = "".join(f", {k}={v}" for k, v in options.items() if k != "players")
    return f"{key} {options['players']}p{extra}"


def profile(key: str, options: dict[str, Any], seconds: float, seed: int, lines: int) -> None:
    e = env(key, **options)
    profiler = cProfile.Profile()
    start = time.perf_counter()
    games = 0
    profiler.enable()
    while time.perf_counter() - start < seconds or games < 1:
        pettingzoo_game(e, seed + games)
        games += 1
    profiler.disable()
    print(f"{label(key, options)}: {games} games of PettingZoo's loop")
    pstats.Stats(profiler, stream=sys.stdout).sort_stats("tottime").print_stats(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", metavar="game",
                        help=f"games to measure (default: all of {', '.join(GAMES)})")
    parser.add_argument("--players", type=int, help="only this player count")
    parser.add_argument("--seconds", type=float, default=1.0, help="seconds of each loop per table (default 1)")
    parser.add_argument("--seed", type=int, default=0, help="the first game's seed (default 0)")
    parser.add_argument("--profile", action="store_true", help="profile PettingZoo's loop instead")
    parser.add_argument("--breakdown", action="store_true",
                        help="microseconds a decision, and how many of PettingZoo's write the observation")
    parser.add_argument("--lines", type=int, default=25, help="functions the profile lists (default 25)")
    parser.add_argument("--gymnasium", action="store_true",
                        help="the Gymnasium environment's loop instead, on the tables of one seat")
    parser.add_argument("--open-spiel", action="store_true", help="OpenSpiel's loop instead (pyspiel)")
    parser.add_argument("--writers-from", metavar="SRC",
                        help="with --breakdown: also time the observation writers of the source tree SRC "
                             "(the directory holding wasteland/, e.g. the code before a change), in turn")
    args = parser.parse_args(argv)
    unknown = [key for key in args.games if key not in GAMES]
    if unknown:
        parser.error(f"unknown game {unknown[0]!r}: the games are {', '.join(GAMES)}")
    chosen = tables(list(args.games) or list(GAMES), args.players)
    if args.gymnasium or args.open_spiel:
        flag = "--gymnasium" if args.gymnasium else "--open-spiel"
        if args.profile or args.breakdown or (args.gymnasium and args.open_spiel):
            parser.error(f"{flag} measures the ratio only, not with --profile, --breakdown or another loop")
    if args.gymnasium:
        chosen = [(key, options) for key, options in chosen if options["players"] == 1]
    if not chosen:
        parser.error("no table has that player count" + (" and one seat" if args.gymnasium else ""))
    if args.profile:
        for key, options in chosen:
            profile(key, options, args.seconds, args.seed, args.lines)
        return 0
    if args.writers_from and not args.breakdown:
        parser.error("--writers-from goes with --breakdown")
    if args.breakdown:
        print(f"{'table (µs a decision)':<40} {'bare rules':>11} {'PettingZoo':>11} {'observation':>12} "
              f"{'the rest':>9} {'loop alone':>11} {'environment':>12} {'observation/bare':>17} "
              f"{'environment/bare':>17}" + (f" {'SRC observation':>16}" if args.writers_from else ""))
        for key, options in chosen:
            other = writer_from(args.writers_from, key) if args.writers_from else None
            bare_us, zoo_us, empty_us, *before = breakdown(key, options, args.seconds, args.seed, other)
            alone_us = idle(key, options, args.seconds / 3, args.seed)
            observation_us, own_us = zoo_us - empty_us, empty_us - bare_us - alone_us
            print(f"{label(key, options):<40} {bare_us:>11.1f} {zoo_us:>11.1f} {observation_us:>12.1f} "
                  f"{empty_us - bare_us:>9.1f} {alone_us:>11.1f} {own_us:>12.1f} {observation_us / bare_us:>17.2f} "
                  f"{own_us / bare_us:>17.2f}"
                  + "".join(f" {us - empty_us:>16.1f}" for us in before), flush=True)
        return 0
    loop = "Gymnasium" if args.gymnasium else "OpenSpiel" if args.open_spiel else "PettingZoo"
    print(f"{'table':<40} {'bare rules':>12} {loop:>12} {'ratio':>6} {'games':>6}")
    for key, options in chosen:
        bare, zoo, games = measure(key, options, args.seconds, args.seed, loop)
        print(f"{label(key, options):<40} {bare:>12,.0f} {zoo:>12,.0f} {zoo / bare:>6.2f} {games:>6}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
