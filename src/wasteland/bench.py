"""Speed of each game's rules: decisions per second and random games per second.

Every decision of random play is timed through both paths, on the same table and
the same action, in turn (which goes first alternates): the bots' path, one
``moves(state)`` (the legal actions, listed once) plus one ``play_at`` of the
action chosen from them, what a search bot or a simulation pays per move; and the
*checked* path the README teaches, ``legal_actions(state)`` plus ``apply``, which
checks the action as it would one typed by a user. At every ``SAMPLE``-th decision the bench
also times, apart, what a search bot pays on top: ``determinize(view(state, p), p, seed)`` for the seat
deciding, and ``notation`` + ``parse`` of the action taken (what a replay or a
typed move costs). Timing uses one process (one core) and ``time.perf_counter_ns``.
"""

from __future__ import annotations

import statistics
import time
from typing import Any

from attrs import frozen

from wasteland.core.game import Game
from wasteland.core.rng import Rng
from wasteland.registry import get_game

__all__ = ["BenchResult", "bench_game"]


@frozen
class BenchResult:
    game: str
    players: int
    decisions: int
    games: int
    decision_ns: tuple[int, ...]
    wall_seconds: float
    determinize_ns: tuple[int, ...] = ()
    notation_ns: tuple[int, ...] = ()
    checked_ns: tuple[int, ...] = ()

    @property
    def decisions_per_second(self) -> float:
        """Through ``moves`` + ``play_at`` (the bots' path)."""
        total = sum(self.decision_ns)
        return self.decisions / (total / 1e9) if total else 0.0

    @property
    def checked_per_second(self) -> float:
        """Through ``legal_actions`` + ``apply`` (the checked path)."""
        total = sum(self.checked_ns)
        return len(self.checked_ns) / (total / 1e9) if total else 0.0

    @property
    def checked_cost(self) -> float:
        """What a decision costs through the checked path over what the same decision costs through
        the bots' (1.05: 5 % more), the median over the decisions (a decision the machine paused in
        moves the median little)."""
        pairs = [c / m for c, m in zip(self.checked_ns, self.decision_ns) if m]
        return statistics.median(pairs) if pairs else 0.0

    @property
    def median_us(self) -> float:
        return statistics.median(self.decision_ns) / 1000 if self.decision_ns else 0.0

    @property
    def checked_median_us(self) -> float:
        return statistics.median(self.checked_ns) / 1000 if self.checked_ns else 0.0

    @property
    def determinize_us(self) -> float:
        """Median µs of one view + determinize."""
        return statistics.median(self.determinize_ns) / 1000 if self.determinize_ns else 0.0

    @property
    def notation_us(self) -> float:
        """Median µs of one notation + parse."""
        return statistics.median(self.notation_ns) / 1000 if self.notation_ns else 0.0

    @property
    def games_per_second(self) -> float:
        return self.games / self.wall_seconds if self.wall_seconds else 0.0

    def format(self) -> str:
        return (
            f"{self.game:<20} {self.players:>2}p  {self.decisions_per_second:>10,.0f} decisions/s  "
            f"median {self.median_us:6.1f} µs  {self.games_per_second:8.1f} games/s  "
            f"({self.games} games, {self.decisions} decisions)\n"
            f"{'':<24}checked {self.checked_per_second:>10,.0f} decisions/s  "
            f"median {self.checked_median_us:6.1f} µs  (×{self.checked_cost:.2f} the time of moves + play_at)\n"
            f"{'':<24}view+determinize median {self.determinize_us:7.1f} µs   "
            f"notation+parse median {self.notation_us:6.1f} µs"
        )


#: Every how many decisions determinize and notation are timed.
SAMPLE = 10


def _random_game(game: Game[Any, Any], seed: int, players: int, out: list[int], checked_out: list[int],
                 determinize: list[int], notation: list[int], aside: list[int]) -> int:
    state = game.new_game(seed, players=players)
    pick = Rng.from_seed(seed ^ 0x5EED)
    clock = time.perf_counter_ns
    moves, legal_actions, apply, current = game.moves, game.legal_actions, game.apply, game.current_player
    count = 0
    while current(state) is not None:
        t = clock()
        index, pick = pick.below(len(legal_actions(state)))  # the choice is the bot's cost, not the rules'
        aside.append(clock() - t)
        for checked in (False, True) if count % 2 else (True, False):  # which goes first alternates
            if checked:
                t0 = clock()
                legal = legal_actions(state)
                t1 = clock()
                action = legal[index]
                t2 = clock()
                after = apply(state, action)
                checked_out.append(clock() - t2 + t1 - t0)
            else:
                t0 = clock()
                listed = moves(state)
                t1 = clock()
                action = listed.actions[index]
                t2 = clock()
                after = listed.play_at(index)
                out.append(clock() - t2 + t1 - t0)
        count += 1
        if count % SAMPLE == 0:
            player = current(state)
            assert player is not None
            t3 = clock()
            game.determinize(game.view(state, player), player, count)
            t4 = clock()
            game.parse(state, game.notation(state, action))
            t5 = clock()
            determinize.append(t4 - t3)
            notation.append(t5 - t4)
        state = after
    return count


def bench_game(key: str, *, seconds: float = 2.0, players: int | None = None, seed: int = 0) -> BenchResult:
    """Play random games of ``key`` for about ``seconds`` and time every decision through both
    paths (``moves`` + ``play_at``, and ``legal_actions`` + ``apply``)."""
    game = get_game(key)
    n = players if players is not None else game.player_counts[0]
    durations: list[int] = []
    checked: list[int] = []
    aside: list[int] = []
    determinize: list[int] = []
    notation: list[int] = []
    games = decisions = 0
    start = time.perf_counter()
    while True:
        decisions += _random_game(game, seed + games, n, durations, checked, determinize, notation, aside)
        games += 1
        if time.perf_counter() - start >= seconds:
            break
    # games/s: the bots' path alone (the checked path, the untimed listing of the choice,
    # determinize and notation left out)
    wall = time.perf_counter() - start - (sum(checked) + sum(determinize) + sum(notation) + sum(aside)) / 1e9
    return BenchResult(key, n, decisions, games, tuple(durations), wall, tuple(determinize), tuple(notation),
                       tuple(checked))
