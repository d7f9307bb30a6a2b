"""Batch playouts: bots play many seeded games and the results are summed up.

Every game is reproducible from ``(game, options, seed, bot names)``: seat ``i``'s
bot is seeded from the game seed and ``i``. ``simulate`` spreads games over
processes when asked (``workers``), and the summary does not depend on how
many were used.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
import time
from collections import Counter
from typing import Any, Callable, Iterator, Mapping, Sequence

import attrs
from attrs import frozen

from wasteland.agents import Bot, make_bot
from wasteland.core.game import Game, Outcome
from wasteland.core.rng import Rng
from wasteland.registry import get_game

__all__ = ["GameResult", "Summary", "play", "play_seeded", "simulate", "summarise"]


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

    @property
    def win_rate(self) -> float:
        """Share of games with at least one winner (the team's rate in co-op games)."""
        return self.team_wins / self.games if self.games else 0.0

    def seat_rates(self) -> tuple[float, ...]:
        return tuple(w / self.games if self.games else 0.0 for w in self.wins_by_seat)

    def format(self) -> str:
        lines = [
            f"{self.game}: {self.games} games, bots {', '.join(self.bots)}",
            f"  games with a winner: {self.team_wins} ({self.win_rate:.1%})",
        ]
        if len(self.wins_by_seat) > 1:
            seats = ", ".join(f"seat {i}: {r:.1%}" for i, r in enumerate(self.seat_rates()))
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

    Returns the final state and the number of decisions; when ``moves`` is a
    list, each decision's notation is appended to it (a replay's moves).
    """
    decisions = 0
    while True:
        player = game.current_player(state)
        if player is None:
            return state, decisions
        if decisions >= max_decisions:
            raise GameTooLong(f"{game.key} did not end within {max_decisions} decisions")
        legal = game.legal_actions(state)
        action = bots[player].choose(game, game.view(state, player), legal)
        if moves is not None:
            moves.append(game.notation(state, action))
        state = game.apply(state, action)
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
    bots = [make_bot(name, key, bot_seed(seed, seat)) for seat, name in enumerate(names)]
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


def _play_chunk(args: tuple[str, list[int], tuple[str, ...], dict[str, Any], bool]) -> list[GameResult]:
    key, seeds, names, options, keep = args
    return [play_seeded(key, seed, names, options, keep) for seed in seeds]


def _watch_parent(parent: int) -> None:
    while True:
        time.sleep(0.5)
        if os.getppid() != parent:  # the parent died (even by SIGKILL): nobody wants the results
            os._exit(1)


def _worker_start(parent: int) -> None:
    """In each worker: Ctrl-C is the parent's to handle, and an orphaned worker exits by itself."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    threading.Thread(target=_watch_parent, args=(parent,), daemon=True).start()


def _chunks(seeds: Sequence[int], size: int) -> Iterator[list[int]]:
    for start in range(0, len(seeds), size):
        yield list(seeds[start : start + size])


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
) -> Summary:
    """Play ``games`` games with seeds ``seed, seed+1, ...`` and summarise them.

    ``workers`` defaults to every core; 1 plays in this process. With
    ``keep_moves`` the summary's ``results`` hold every game with its moves in
    notation (a replay of any of them is ``Replay(key, r.seed, options, r.moves, ...)``).
    """
    if type(games) is not int or games < 1:
        raise ValueError(f"the number of games must be a whole number of at least 1, got {games!r}")
    if workers is not None and (type(workers) is not int or workers < 1):
        raise ValueError(f"workers must be a whole number of at least 1, got {workers!r}")
    opts = dict(options or {})
    game = get_game(key)
    game.new_game(seed, **opts)  # validate the options once, here, with a clear error
    seeds = list(range(seed, seed + games))
    names = tuple(bot_names)
    workers = workers or os.cpu_count() or 1
    results: list[GameResult] = []
    if workers == 1 or games < 8:
        for s in seeds:
            results.append(play_seeded(key, s, names, opts, keep_moves))
            if progress:
                progress(len(results), games)
    else:
        size = max(1, min(50, games // (workers * 4)))
        jobs = [(key, chunk, names, opts, keep_moves) for chunk in _chunks(seeds, size)]
        # Leaving the block for any reason (the last result, Ctrl-C, SIGTERM turned into an
        # exception by the command) terminates the workers at once.
        with multiprocessing.Pool(workers, initializer=_worker_start, initargs=(os.getpid(),)) as pool:
            for chunk_results in pool.imap(_play_chunk, jobs):
                results.extend(chunk_results)
                if progress:
                    progress(len(results), games)
    players = results[0].players if results else 0
    summary = summarise(key, _names_for(names, players) if results else names, results)
    return attrs.evolve(summary, results=tuple(results)) if keep_moves else summary


def summarise(key: str, bots: Sequence[str], results: Sequence[GameResult]) -> Summary:
    players = max((r.players for r in results), default=0)
    wins = [0] * players
    reasons: Counter[str] = Counter()
    for r in results:
        for w in r.outcome.winners:
            wins[w] += 1
        reasons[r.outcome.reason] += 1
    lengths = [r.decisions for r in results]
    return Summary(
        game=key,
        bots=tuple(bots),
        games=len(results),
        team_wins=sum(1 for r in results if r.outcome.winners),
        wins_by_seat=tuple(wins),
        reasons=tuple(sorted(reasons.items(), key=lambda kv: (-kv[1], kv[0]))),
        mean_decisions=sum(lengths) / len(lengths) if lengths else 0.0,
        min_decisions=min(lengths, default=0),
        max_decisions=max(lengths, default=0),
    )
