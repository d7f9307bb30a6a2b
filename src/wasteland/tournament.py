"""Tournaments: bots play many seeded games, and the results say who is better, with error bars.

Two formats, chosen by the table (``mode="auto"``):

* **versus** (a table of two seats or more): the bots share tables. With ``B``
  bots named for ``P`` seats (``B >= P``; a name may repeat, as in
  ``ismcts,heuristic,heuristic,heuristic`` for one search bot against three
  heuristic ones), the *lineups* are every choice of ``P`` of the ``B`` entries,
  each turned through the ``P`` cyclic seatings, so each entry sits in each
  seat equally often. Every deal (a game seed) is played once per lineup,
  as in duplicate bridge, which takes the luck of the deal out of the
  comparison; the number of games is rounded up to whole cycles of lineups.
* **paired** (a table of one seat, such as the solo Lucky Seven, or asked for
  with ``mode="paired"``): each bot plays every seat of its own table, on the
  same deals as every other bot, and the bots are compared deal by deal.
  ``games`` is then the number of deals each bot plays.

Per bot (per entry, so a name that repeats gets a row per entry, numbered):
games, wins, the win rate with its 95% Wilson score interval, the mean return
and a rating: openskill's Plackett-Luce model, updated game by game in the
order of the games (a versus game is a match of the seated entries, a paired
deal a match of all the bots), ranked by its ordinal ``mu - 3 sigma``. Paired
tournaments add, for each two bots, the deals one won and the other lost and
the mean difference of their returns with a 95% interval.

Everything is reproducible from the seed whatever the number of processes:
each game's table and bots are seeded from the deal and the seat, games are
independent, results come back in game order, and the ratings are updated in
that order. (Bots with a budget in seconds are not reproducible: their
searches depend on the machine's speed.)
"""

from __future__ import annotations

import math
from itertools import combinations
from typing import Any, Callable, Iterator, Mapping, Sequence

from attrs import frozen

from wasteland.agents import is_fair, make_bot, parse_bot
from wasteland.agents.search import mean_and_error
from wasteland.core.rng import Rng
from wasteland.core.words import plural
from wasteland.parallel import check_backend, default_workers, run_jobs
from wasteland.registry import get_game
from wasteland.simulate import play

__all__ = ["MODES", "Match", "Standing", "Pair", "Tournament", "tournament", "lineups", "wilson"]

#: The formats; "auto" is paired for a table of one seat and versus otherwise.
MODES: tuple[str, ...] = ("auto", "versus", "paired")

#: The normal quantile of a two-sided 95% interval.
Z95 = 1.959963984540054


def wilson(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a win rate (95% by default); (0, 1) with no games."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    z2 = z * z
    centre = (p + z2 / (2 * games)) / (1 + z2 / games)
    half = z * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games)) / (1 + z2 / games)
    low = 0.0 if wins == 0 else max(0.0, centre - half)
    high = 1.0 if wins == games else min(1.0, centre + half)
    return low, high


@frozen
class Match:
    """One game of a tournament: the deal, who sat where (entry indices by seat), and how it went."""

    index: int
    deal: int
    seats: tuple[int, ...]
    returns: tuple[float, ...]
    decisions: int
    code: str
    #: The winning seats and the outcome's reason (as ``Outcome``), and, when the tournament was
    #: asked to keep them, the moves in notation (a replay of the game).
    winners: tuple[int, ...] = ()
    reason: str = ""
    moves: tuple[str, ...] = ()


@frozen
class Standing:
    """One entry's results: games, wins, win rate and its 95% interval, mean return, rating."""

    entry: int
    label: str
    bot: str
    games: int
    wins: int
    win_low: float
    win_high: float
    mean_return: float
    mu: float
    sigma: float
    seat_games: tuple[int, ...]

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def ordinal(self) -> float:
        """The rating's conservative value, ``mu - 3 sigma``: what the ranking sorts by."""
        return self.mu - 3.0 * self.sigma


@frozen
class Pair:
    """Two bots on the same deals (paired format): who won where the other lost, and the mean
    difference of returns (first minus second) with its 95% interval (unbounded, ``-inf`` to
    ``inf``, on a single deal: one difference has no spread to measure)."""

    first: str
    second: str
    deals: int
    first_only: int
    second_only: int
    mean_difference: float
    low: float
    high: float


@frozen
class Tournament:
    game: str
    mode: str
    players: int
    seed: int
    options: tuple[tuple[str, str], ...]
    bots: tuple[str, ...]
    games: tuple[Match, ...]
    standings: tuple[Standing, ...]
    pairs: tuple[Pair, ...]
    note: str = ""

    def ranking(self) -> tuple[Standing, ...]:
        """The standings, best rating first (ties by entry order)."""
        return tuple(sorted(self.standings, key=lambda s: (-s.ordinal, s.entry)))

    def format(self) -> str:
        shown = plural(len(self.games), "game") if self.mode == "versus" else (
            f"{plural(len(self.games) // max(1, len(self.bots)), 'deal')} for each bot")
        opts = "".join(f", {k}={v}" for k, v in self.options)
        lines = [f"{self.game} ({plural(self.players, 'player')}{opts}), "
                 f"{self.mode}: {shown}, seed {self.seed}"]
        if self.note:
            lines.append(f"  {self.note}")
        marked = not all(is_fair(b) for b in self.bots)  # "!" after a bot that is not fair
        width = max(len(s.label) + marked for s in self.standings)
        lines.append(f"  {'rank':>4}  {'bot':<{width}}  {'games':>6}  {'wins':>6}  {'win rate [95% CI]':<24}"
                     f"  {'mean return':>11}  {'rating: mu-3σ (mu ± σ)':>22}")
        rank, previous = 0, math.inf
        for place, s in enumerate(self.ranking(), 1):
            if s.ordinal < previous - 1e-9:  # equal ratings share a rank
                rank, previous = place, s.ordinal
            rate = f"{s.win_rate:6.1%} [{s.win_low:5.1%}, {s.win_high:5.1%}]"
            rating = f"{s.ordinal:6.2f} ({s.mu:.2f} ± {s.sigma:.2f})"
            label = s.label if is_fair(self.bots[s.entry]) else s.label + "!"
            lines.append(f"  {rank:>4}  {label:<{width}}  {s.games:>6}  {s.wins:>6}  {rate:<24}"
                         f"  {s.mean_return:>11.3f}  {rating:>22}")
        for p in self.pairs:
            spread = f"[{p.low:+.3f}, {p.high:+.3f}]" if p.deals > 1 else "(one deal gives no interval)"
            lines.append(f"  {p.first} vs {p.second}: on {plural(p.deals, 'deal')}, {p.first_only} won only by "
                         f"{p.first}, {p.second_only} only by {p.second}; mean difference of returns "
                         f"{p.mean_difference:+.3f} {spread}")
        return "\n".join(lines)


def lineups(entries: int, seats: int) -> tuple[tuple[int, ...], ...]:
    """Every choice of ``seats`` of the ``entries`` (in order), each turned through the cyclic
    seatings: seat ``s`` of turn ``r`` gets the choice's ``(s + r) % seats``-th entry."""
    if seats < 1 or entries < seats:
        raise ValueError(f"{entries} bots cannot fill {seats} seats")
    out = []
    for chosen in combinations(range(entries), seats):
        for r in range(seats):
            out.append(tuple(chosen[(s + r) % seats] for s in range(seats)))
    return tuple(out)


def _labels(bots: Sequence[str]) -> tuple[str, ...]:
    seen: dict[str, int] = {}
    for b in bots:
        seen[b] = seen.get(b, 0) + 1
    counts: dict[str, int] = {}
    out = []
    for b in bots:
        if seen[b] == 1:
            out.append(b)
        else:
            counts[b] = counts.get(b, 0) + 1
            out.append(f"{b}#{counts[b]}")
    return tuple(out)


#: One game to play: (game key, options, game index, deal seed, bot names by seat, keep the moves).
_Job = tuple[str, dict[str, Any], int, int, tuple[str, ...], bool]
#: What a game gives back: returns, decisions, outcome code, winners, reason, moves (or none).
_Played = tuple[tuple[float, ...], int, str, tuple[int, ...], str, tuple[str, ...]]


def _play_one(key: str, options: Mapping[str, Any], index: int, deal: int,
              names: Sequence[str], keep_moves: bool = False) -> _Played:
    game = get_game(key)
    state = game.new_game(deal, **options)
    # Each game's bots get their own streams: from the game's index and the seat.
    base = Rng.from_seed(deal).fork(index + 1)
    seats = game.num_players(state)
    bots = [make_bot(names[s % len(names)], key, base.fork(s + 1).key, seats) for s in range(seats)]
    moves: list[str] | None = [] if keep_moves else None
    final, decisions = play(game, state, bots, moves=moves)
    outcome = game.outcome(final)
    assert outcome is not None
    return (tuple(game.returns(final)), decisions, outcome.code, tuple(sorted(outcome.winners)), outcome.reason,
            tuple(moves or ()))


def _play_chunk(jobs: list[_Job]) -> list[_Played]:
    return [_play_one(key, options, index, deal, names, keep) for key, options, index, deal, names, keep in jobs]


def _chunks(jobs: Sequence[_Job], size: int) -> Iterator[list[_Job]]:
    for start in range(0, len(jobs), size):
        yield list(jobs[start:start + size])


def tournament(
    key: str,
    bots: Sequence[str],
    games: int,
    *,
    players: int | None = None,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    mode: str = "auto",
    workers: int | None = None,
    backend: str = "process",
    address: str | None = None,
    progress: Callable[[int, int], None] | None = None,
    keep_moves: bool = False,
    allow_unfair: bool = False,
) -> Tournament:
    """Play a tournament of ``bots`` at game ``key`` (see the module's text) and rate them.

    ``games`` is the number of games (versus; rounded up to whole cycles of
    lineups) or of deals each bot plays (paired). ``players`` is the
    ``players`` option. ``workers`` defaults to every core; ``backend`` and
    ``address`` are passed to :func:`wasteland.parallel.run_jobs`. With ``keep_moves`` each
    ``Match`` holds its moves in notation (a replay of it is ``Replay(key, m.deal, options,
    m.moves, ...)``, its bots seeded from the deal and the game's index). A bot that is not a fair
    player (the oracle: it sees the referee's table) is refused beside fair bots unless
    ``allow_unfair``; then the report says which rows are not fair.
    """
    if type(games) is not int or games < 1:
        raise ValueError(f"the number of games must be a whole number of at least 1, got {games!r}")
    if mode not in MODES:
        raise ValueError(f"mode must be one of {', '.join(MODES)}, got {mode!r}")
    if workers is not None and (type(workers) is not int or workers < 1):
        raise ValueError(f"workers must be a whole number of at least 1, got {workers!r}")
    check_backend(backend, address)
    names = tuple(parse_bot(b, key).text for b in bots)
    if not names:
        raise ValueError("name at least one bot")
    unfair = _unfair(names, allow_unfair)
    opts = dict(options or {})
    if players is not None:
        opts["players"] = players
    game = get_game(key)
    table = game.num_players(game.new_game(seed, **opts))  # a bad option fails here, once
    said = unfair + _tuned(key, names, table)
    if mode == "auto":
        mode = "paired" if table == 1 else "versus"
    note = ""
    jobs: list[_Job] = []
    seatings: list[tuple[int, ...]] = []
    deals: list[int] = []
    if mode == "versus":
        if table == 1:
            raise ValueError("a table of one seat has no opponents: use the paired format")
        if len(names) < table:
            raise ValueError(f"{len(names)} bots named for {table} seats: name at least {table} "
                             f"(repeat a name to give it more seats, e.g. {names[0]},"
                             f"{','.join([names[-1]] * (table - 1))})")
        cycle = lineups(len(names), table)
        if games < len(cycle):
            raise ValueError(f"{len(names)} bots over {table} seats take {len(cycle)} games to sit each in each "
                             f"seat equally often: ask for at least {len(cycle)} games, or name fewer bots")
        total = -(-games // len(cycle)) * len(cycle)
        if total != games:
            note = (f"{games} games rounded up to {total}: {len(cycle)} lineups, each entry in each seat "
                    "equally often")
        for index in range(total):
            seating = cycle[index % len(cycle)]
            deal = seed + index // len(cycle)
            seatings.append(seating)
            deals.append(deal)
            jobs.append((key, opts, index, deal, tuple(names[e] for e in seating), keep_moves))
    else:
        for d in range(games):
            for e, name in enumerate(names):
                index = d * len(names) + e
                seatings.append((e,) * table)
                deals.append(seed + d)
                jobs.append((key, opts, index, seed + d, (name,), keep_moves))
    results = _run(jobs, workers, backend, address, progress)
    played = tuple(
        Match(i, deals[i], seatings[i], r, n, code, winners, reason, moves)
        for i, (r, n, code, winners, reason, moves) in enumerate(results)
    )
    standings = _standings(names, table, mode, played)
    pairs = _pairs(names, played) if mode == "paired" else ()
    shown_opts = tuple((k, _show(v)) for k, v in sorted(opts.items()) if k != "players")
    note = "\n  ".join(x for x in (note, *said) if x)
    return Tournament(key, mode, table, seed, shown_opts, names, played, standings, pairs, note)


def _unfair(names: Sequence[str], allow_unfair: bool) -> list[str]:
    """Refuse an unfair bot beside fair ones unless allowed; the lines the report adds about them."""
    unfair = sorted({n for n in names if not is_fair(n)})
    if unfair and len(unfair) < len(set(names)) and not allow_unfair:
        raise ValueError(f"{unfair[0]} sees the referee's table (hidden cards, deck order): it is not a fair player "
                         "and is kept out of a ranking with fair bots; allow it explicitly (--allow-unfair) to "
                         "compare them anyway")
    said = [f"{n}! is not a fair player: it sees the referee's table (hidden cards, deck order); its row is an "
            "upper bound, not a rank among fair bots" for n in unfair]
    return said


def _tuned(key: str, names: Sequence[str], players: int) -> list[str]:
    """The lines the report adds about the bots that take the game's tuned settings (at ``players`` seats)."""
    return [f"{n} plays as {parse_bot(n).spelled(key, players)} (the game's tuned settings)"
            for n in dict.fromkeys(names) if parse_bot(n).tuned]


def _show(value: Any) -> str:
    text = repr(value) if not isinstance(value, str) else value
    return text if len(text) <= 30 else text[:27] + "..."


def _run(jobs: list[_Job], workers: int | None, backend: str, address: str | None,
         progress: Callable[[int, int], None] | None) -> list[_Played]:
    # Small chunks: a search bot's game takes seconds, and the workers should finish together.
    size = max(1, min(20, len(jobs) // ((workers or default_workers()) * 16)))
    results: list[_Played] = []
    for chunk in run_jobs(_play_chunk, list(_chunks(jobs, size)), workers=workers, backend=backend,
                          address=address):
        results.extend(chunk)
        if progress:
            progress(len(results), len(jobs))
    return results


def _standings(names: tuple[str, ...], table: int, mode: str, played: tuple[Match, ...]) -> tuple[Standing, ...]:
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    ratings = [model.rating(name=str(e)) for e in range(len(names))]
    games = [0] * len(names)
    wins = [0] * len(names)
    total = [0.0] * len(names)
    seat_games = [[0] * table for _ in names]
    if mode == "versus":
        for g in played:
            for seat, e in enumerate(g.seats):
                games[e] += 1
                wins[e] += g.returns[seat] > 0
                total[e] += g.returns[seat]
                seat_games[e][seat] += 1
            teams = [[ratings[e]] for e in g.seats]
            rated = model.rate(teams, scores=list(g.returns))
            for e, [r] in zip(g.seats, rated):
                ratings[e] = r
    else:
        for start in range(0, len(played), len(names)):
            deal = played[start:start + len(names)]
            scores = []
            for g in deal:
                e = g.seats[0]
                value = sum(g.returns) / len(g.returns)  # a team's result (every seat the same bot)
                games[e] += 1
                wins[e] += min(g.returns) > 0  # the team won (every seat)
                total[e] += value
                for seat in range(table):
                    seat_games[e][seat] += 1
                scores.append(value)
            if len(names) > 1:
                rated = model.rate([[ratings[g.seats[0]]] for g in deal], scores=scores)
                for g, [r] in zip(deal, rated):
                    ratings[g.seats[0]] = r
    labels = _labels(names)
    out = []
    for e, name in enumerate(names):
        low, high = wilson(wins[e], games[e])
        out.append(Standing(e, labels[e], name, games[e], wins[e], low, high,
                            total[e] / games[e] if games[e] else 0.0,
                            float(ratings[e].mu), float(ratings[e].sigma), tuple(seat_games[e])))
    return tuple(out)


def _pairs(names: tuple[str, ...], played: tuple[Match, ...]) -> tuple[Pair, ...]:
    labels = _labels(names)
    b = len(names)
    value = [[sum(g.returns) / len(g.returns) for g in played[e::b]] for e in range(b)]
    out = []
    for i, j in combinations(range(b), 2):
        diffs = [x - y for x, y in zip(value[i], value[j])]
        n = len(diffs)
        mean, error = mean_and_error(diffs)
        half = Z95 * error
        first_only = sum(1 for x, y in zip(value[i], value[j]) if x > y)
        second_only = sum(1 for x, y in zip(value[i], value[j]) if y > x)
        out.append(Pair(labels[i], labels[j], n, first_only, second_only, mean, mean - half, mean + half))
    return tuple(out)
