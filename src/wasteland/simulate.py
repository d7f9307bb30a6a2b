"""Batch playouts: bots play many seeded games and the results are summed up.

Every game is reproducible from ``(game, options, seed, bot names)``: seat ``i``'s
bot is seeded from the game seed and ``i``. ``simulate`` spreads games over
processes when asked (``workers``), on this machine or on a Ray cluster
(``backend="ray"``), and the summary depends on neither: each game is played
from its own seed, and the workers' counts are added up in whole numbers.
"""

from __future__ import annotations

import os
import sys
from collections import Counter
from contextlib import closing
from typing import Any, Callable, Iterator, Mapping, Sequence

import attrs
from attrs import frozen

from wasteland.agents import Bot, bot_input, is_fair, make_bot
from wasteland.core.game import Game, Outcome
from wasteland.core.words import plural
from wasteland.core.rng import Rng
from wasteland.parallel import check_backend, run_jobs
from wasteland.registry import get_game

__all__ = ["GameResult", "Summary", "play", "play_seeded", "simulate", "summarise", "seat_roles"]


class GameTooLong(RuntimeError):
    """A playout passed its step limit: a rules bug, since every game must end."""


@frozen
class GameResult:
    """One game: its seed, table size, outcome, length and (when asked for) its moves in notation."""

    seed: int
    players: int
    outcome: Outcome
    decisions: int
    moves: tuple[str, ...] = ()


@frozen
class Summary:
    game: str
    bots: tuple[str, ...]
    games: int
    team_wins: int
    wins_by_seat: tuple[int, ...]
    reasons: tuple[tuple[str, int], ...]
    mean_decisions: float
    min_decisions: int
    max_decisions: int
    results: tuple[GameResult, ...] = ()
    #: The first game's seed (the games are seeded ``seed, seed+1, ...``).
    seed: int = 0
    #: How many games took each number of decisions: ``(decisions, games)``, shortest first.
    lengths: tuple[tuple[int, int], ...] = ()
    #: How many games ended with each outcome code: ``(code, games)``, most frequent first.
    codes: tuple[tuple[str, int], ...] = ()
    #: What each seat plays, where the seats differ (The Lucky Seven's competitive game: "the
    #: squad", "the threats"); empty where they do not.
    roles: tuple[str, ...] = ()

    @property
    def win_rate(self) -> float:
        """Share of games with at least one winner (the team's rate in co-op games)."""
        return self.team_wins / self.games if self.games else 0.0

    def seat_rates(self) -> tuple[float, ...]:
        return tuple(w / self.games if self.games else 0.0 for w in self.wins_by_seat)

    def _role(self, seat: int) -> str:
        return f" ({self.roles[seat]})" if seat < len(self.roles) and self.roles[seat] else ""

    @property
    def players(self) -> int:
        """The seats at each table."""
        return len(self.wins_by_seat) or len(self.bots)

    def table(self) -> str:
        """The game's title, its players and, where the seats differ, what each plays: "The Lucky
        Seven, 2 players (seat 0 the squad, seat 1 the threats)"."""
        try:
            title = get_game(self.game).title
        except ValueError:  # a game not in the registry (one a test made): its key
            title = self.game
        seats = f"{title}, {plural(self.players, 'player')}"
        if self.roles:
            seats += " (" + ", ".join(f"seat {i} {role}" for i, role in enumerate(self.roles)) + ")"
        return seats

    def team_play(self) -> bool:
        """Every game won was won by every seat (a cooperative game, or one seat): a rate by seat
        would only repeat the team's."""
        return all(wins == self.team_wins for wins in self.wins_by_seat)

    def format(self) -> str:
        lines = [
            f"{self.table()}: {plural(self.games, 'game')}, bots {', '.join(self.bots)}",
            f"  games with a winner: {self.team_wins} ({self.win_rate:.1%})",
        ]
        lines[1:1] = [f"  {b} is not a fair player: it sees the referee's table (hidden cards, deck order)"
                      for b in sorted(set(self.bots)) if not is_fair(b)]
        if len(self.wins_by_seat) > 1 and not self.team_play():
            seats = ", ".join(f"seat {i}{self._role(i)}: {r:.1%}" for i, r in enumerate(self.seat_rates()))
            lines.append(f"  wins by seat: {seats}")
        lines.append(
            f"  decisions per game: mean {self.mean_decisions:.1f}, "
            f"min {self.min_decisions}, max {self.max_decisions}"
        )
        lines.append("  how games ended:")
        for reason, count in self.reasons:
            lines.append(f"    {count:6d}  {reason}")
        return "\n".join(lines)


def play(
    game: Game[Any, Any],
    state: Any,
    bots: Sequence[Bot],
    *,
    max_decisions: int = 1_000_000,
    moves: list[str] | None = None,
) -> tuple[Any, int]:
    """Let ``bots`` (one per seat) play ``state`` to the end; each sees only its own view.

    A bot whose ``reads_view`` attribute is false (the random bot: it looks at
    the legal actions only) is handed ``None`` instead of a view, so no view is
    built for it; a bot without the attribute gets its view; a bot that sees the
    table (the oracle, not a fair player) gets the referee's table. Returns the final
    state and the number of decisions; when ``moves`` is a list, each
    decision's notation is appended to it (a replay's moves).
    """
    decisions = 0
    while True:
        player = game.current_player(state)
        if player is None:
            return state, decisions
        if decisions >= max_decisions:
            raise GameTooLong(f"{game.key} did not end within {max_decisions} decisions")
        listed = game.moves(state)
        action = bots[player].choose(game, bot_input(bots[player], game, state, player), listed.actions)
        if moves is not None:
            moves.append(game.notation(state, action))
        state = listed.play(action)
        decisions += 1


def bot_seed(seed: int, seat: int) -> int:
    """The seed of seat ``seat``'s bot in the game seeded ``seed``."""
    return Rng.from_seed(seed).fork(seat + 1).key


def play_seeded(
    key: str, seed: int, bot_names: Sequence[str], options: Mapping[str, Any], keep_moves: bool = False
) -> GameResult:
    """One reproducible game: ``new_game(seed, **options)`` with the named bots; ``keep_moves``
    keeps its moves in notation (``replay.Replay`` takes them as they are)."""
    game = get_game(key)
    state = game.new_game(seed, **options)
    players = game.num_players(state)
    names = _names_for(bot_names, players)
    bots = [make_bot(name, key, bot_seed(seed, seat), players) for seat, name in enumerate(names)]
    moves: list[str] | None = [] if keep_moves else None
    final, decisions = play(game, state, bots, moves=moves)
    outcome = game.outcome(final)
    assert outcome is not None
    return GameResult(seed, players, outcome, decisions, tuple(moves or ()))


def _names_for(bot_names: Sequence[str], players: int) -> tuple[str, ...]:
    if not bot_names:
        raise ValueError("name at least one bot")
    if len(bot_names) == 1:
        return tuple(bot_names) * players
    if len(bot_names) != players:
        raise ValueError(f"{len(bot_names)} bots named for {players} players")
    return tuple(bot_names)


class _Tally:
    """What some games add to a summary, in whole numbers, so that tallies add up exactly
    whichever games were counted where."""

    __slots__ = ("games", "team_wins", "wins", "reasons", "codes", "lengths", "decisions", "shortest", "longest")

    def __init__(self) -> None:
        self.games = 0
        self.team_wins = 0
        self.wins: list[int] = []
        self.reasons: Counter[str] = Counter()
        self.codes: Counter[str] = Counter()
        self.lengths: Counter[int] = Counter()
        self.decisions = 0
        self.shortest: int | None = None
        self.longest = 0

    def add(self, result: GameResult) -> None:
        self.games += 1
        if len(self.wins) < result.players:
            self.wins.extend([0] * (result.players - len(self.wins)))
        for w in result.outcome.winners:
            self.wins[w] += 1
        self.team_wins += 1 if result.outcome.winners else 0
        self.reasons[result.outcome.reason] += 1
        self.codes[result.outcome.code] += 1
        self.lengths[result.decisions] += 1
        self.decisions += result.decisions
        self.shortest = result.decisions if self.shortest is None else min(self.shortest, result.decisions)
        self.longest = max(self.longest, result.decisions)

    def merge(self, other: _Tally) -> None:
        self.games += other.games
        self.team_wins += other.team_wins
        if len(self.wins) < len(other.wins):
            self.wins.extend([0] * (len(other.wins) - len(self.wins)))
        for seat, w in enumerate(other.wins):
            self.wins[seat] += w
        self.reasons.update(other.reasons)
        self.codes.update(other.codes)
        self.lengths.update(other.lengths)
        self.decisions += other.decisions
        if other.shortest is not None:
            self.shortest = other.shortest if self.shortest is None else min(self.shortest, other.shortest)
        self.longest = max(self.longest, other.longest)

    def summary(self, key: str, bots: Sequence[str], seed: int = 0) -> Summary:
        return Summary(
            game=key,
            bots=tuple(bots),
            games=self.games,
            team_wins=self.team_wins,
            wins_by_seat=tuple(self.wins),
            reasons=tuple(sorted(self.reasons.items(), key=lambda kv: (-kv[1], kv[0]))),
            mean_decisions=self.decisions / self.games if self.games else 0.0,
            min_decisions=self.shortest or 0,
            max_decisions=self.longest,
            seed=seed,
            lengths=tuple(sorted(self.lengths.items())),
            codes=tuple(sorted(self.codes.items(), key=lambda kv: (-kv[1], kv[0]))),
        )


#: A chunk of games for a worker: game key, seeds, bot names, options, keep the moves.
_Job = tuple[str, list[int], tuple[str, ...], dict[str, Any], bool]


def _play_chunk(job: _Job) -> tuple[int, _Tally, tuple[GameResult, ...]]:
    """Play a chunk; back comes its table size, its tally and (only when moves are kept) its games."""
    key, seeds, names, options, keep = job
    tally = _Tally()
    kept: list[GameResult] = []
    players = 0
    for seed in seeds:
        result = play_seeded(key, seed, names, options, keep)
        players = result.players
        tally.add(result)
        if keep:
            kept.append(result)
    return players, tally, tuple(kept)


def _chunks(seeds: Sequence[int], size: int) -> Iterator[list[int]]:
    for start in range(0, len(seeds), size):
        yield list(seeds[start : start + size])


def chunk_size(games: int, workers: int, backend: str = "process") -> int:
    """Games per job: at least four jobs per worker, so that the workers finish together, and
    at most 50 games per job on this machine's processes or 500 on Ray, where a task costs
    more to send; the summary does not depend on it."""
    most = 500 if backend == "ray" else 50
    return max(1, min(most, games // (workers * 4)))


#: Workers assumed when sizing chunks for a Ray cluster of unknown size (``--address``, no ``--workers``).
CLUSTER_WORKERS = 256


def simulate(
    key: str,
    games: int,
    bot_names: Sequence[str],
    *,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    workers: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    keep_moves: bool = False,
    backend: str = "process",
    address: str | None = None,
    allow_unfair: bool = False,
) -> Summary:
    """Play ``games`` games with seeds ``seed, seed+1, ...`` and summarise them.

    ``workers`` defaults to every core (on a Ray cluster joined with
    ``address``: every CPU of the cluster); with the process backend, 1 plays
    in this process. ``backend`` is ``"process"`` or ``"ray"`` and ``address``
    an existing Ray cluster (see :mod:`wasteland.parallel`); the summary is the
    same whatever the backend and the number of workers. With ``keep_moves``
    the summary's ``results`` hold every game with its moves in notation (a
    replay of any of them is ``Replay(key, r.seed, options, r.moves, ...)``);
    without it, only counts come back from the workers, so the memory used does
    not grow with the number of games. A bot that is not a fair player (the oracle: it sees the
    referee's table) is refused beside fair bots at one table unless ``allow_unfair``; the summary
    says which bots are not fair.
    """
    unfair = sorted({n for n in bot_names if not is_fair(n)})
    if unfair and len(unfair) < len(set(bot_names)) and not allow_unfair:
        raise ValueError(f"{unfair[0]} sees the referee's table (hidden cards, deck order): it is not a fair player "
                         "and is kept from a table with fair bots; allow it explicitly (--allow-unfair) to mix them")
    if type(games) is not int or games < 1:
        raise ValueError(f"the number of games must be a whole number of at least 1, got {games!r}")
    if workers is not None and (type(workers) is not int or workers < 1):
        raise ValueError(f"workers must be a whole number of at least 1, got {workers!r}")
    check_backend(backend, address)
    opts = dict(options or {})
    game = get_game(key)
    first = game.new_game(seed, **opts)  # validate the options once, here, with a clear error
    seeds = list(range(seed, seed + games))
    names = tuple(bot_names)
    tally = _Tally()
    results: list[GameResult] = []
    players = 0
    local = os.cpu_count() or 1
    if backend == "process" and ((workers or local) == 1 or games < 8):
        for s in seeds:  # here, one game a chunk, so that the progress counts every game
            players, chunk_tally, chunk_results = _play_chunk((key, [s], names, opts, keep_moves))
            tally.merge(chunk_tally)
            results.extend(chunk_results)
            if progress:
                progress(tally.games, games)
    else:
        sizing = workers or (local if address is None else CLUSTER_WORKERS)
        size = chunk_size(games, sizing, backend)
        jobs: list[_Job] = [(key, chunk, names, opts, keep_moves) for chunk in _chunks(seeds, size)]
        run = run_jobs(
            _play_chunk, jobs, workers=workers or (None if address else local), backend=backend, address=address
        )
        with closing(run):  # stopped for any reason: the workers stop now, not when collected
            for chunk_players, chunk_tally, chunk_results in run:
                players = chunk_players
                tally.merge(chunk_tally)
                results.extend(chunk_results)
                if progress:
                    progress(tally.games, games)
    summary = attrs.evolve(tally.summary(key, _names_for(names, players), seed), roles=seat_roles(game, first))
    return attrs.evolve(summary, results=tuple(results)) if keep_moves else summary


def seat_roles(game: Game[Any, Any], state: Any) -> tuple[str, ...]:
    """What each seat of ``state`` plays, where a game's seats differ: its render module's
    ``seat_role(state, seat)`` when it has one (The Lucky Seven), else nothing."""
    role = getattr(sys.modules.get(getattr(game.render, "__module__", "") or ""), "seat_role", None)
    if role is None:
        return ()
    roles = tuple(str(role(state, seat)) for seat in range(game.num_players(state)))
    return roles if len(set(roles)) > 1 else ()


def summarise(key: str, bots: Sequence[str], results: Sequence[GameResult]) -> Summary:
    """The summary of ``results`` (games of ``key`` played by ``bots``), without the games themselves;
    its ``seed`` is the smallest of their seeds."""
    tally = _Tally()
    for r in results:
        tally.add(r)
    return tally.summary(key, bots, min((r.seed for r in results), default=0))
