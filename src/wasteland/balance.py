"""Balance tables: how winnable each difficulty of a game is, for the strongest bots we have.

A designer asks how hard a setup is. ``balance(key, ...)`` answers with a table: for each
*table* (a difficulty: a set of ``new_game`` options) and each bot, the bot plays every seat of
the same deals (seeds ``seed, seed+1, ...``) and the games won are counted, with a 95% Wilson
interval. By default the bots are the best fair bot and the oracle (:func:`default_bots`): for
most games ``ismcts:200:best`` (information-set MCTS with the game's tuned settings) and
``oracle:200:best`` (the same search on the referee's table; **not a fair player**, it sees the
hidden cards and the deck order, so its rate is an upper bound of how winnable the deals are);
a game whose bots module names others (``BALANCE_BOTS``: The Lucky Seven's ``lookahead`` and
``oracle:lookahead``, Raxxon's ``ismcts:50:best`` and two oracles, ``oracle:50:heuristic`` and
``oracle:50:best``, the bound being the higher of them) has those. The
tables are the game's default table and its ``option_sets`` (the typical tables the game lists),
or the values of one or more options given to vary
(``vary={"difficulty": ["intro", "regular", "hard", "expert"]}``, every combination when there
are several).

A game won is a game the bot's team won: in a cooperative or solo game the team's result, in a
competitive game every game has a winner, so what says something there is the rate of each
seat (the advantage of playing first), shown beside it. The command is ``wasteland balance``
(docs/agents.md); ``--plot`` draws the table (:func:`wasteland.plot.plot_balance_table`).
"""

from __future__ import annotations

import itertools
from typing import Any, Callable, Mapping, Sequence

from attrs import field, frozen

from wasteland.agents import is_fair, parse_bot
from wasteland.registry import bots_of, get_game
from wasteland.simulate import Summary, simulate
from wasteland.tournament import wilson

__all__ = ["BalanceRow", "Balance", "balance", "balance_tables", "default_bots", "DEFAULT_BOTS"]

#: The bots of a balance table by default: the best fair bot and the oracle, with the game's
#: tuned settings and a budget in iterations (reproducible on any machine).
DEFAULT_BOTS: tuple[str, ...] = ("ismcts:200:best", "oracle:200:best")


def default_bots(key: str) -> tuple[str, ...]:
    """The bots of a balance table of game ``key`` by default: the ones its bots module names
    (``BALANCE_BOTS``, where the search and the oracle at 200 iterations are not the strongest
    measured there), or :data:`DEFAULT_BOTS`."""
    return tuple(getattr(bots_of(key), "BALANCE_BOTS", DEFAULT_BOTS))


def _label(options: Mapping[str, Any]) -> str:
    """``players=2 difficulty=expert``; ``default`` for no options. A value that is not a number,
    a word or a truth value (a card set) is shown as ``NAME=…``."""
    if not options:
        return "default"
    parts = []
    for name, value in options.items():
        plain = value is None or isinstance(value, (bool, int, float)) or (isinstance(value, str) and len(value) <= 24)
        parts.append(f"{name}={str(value).lower() if isinstance(value, bool) else value}" if plain else f"{name}=…")
    return " ".join(parts)


def balance_tables(key: str, options: Mapping[str, Any] | None = None,
                   vary: Mapping[str, Sequence[Any]] | None = None) -> list[tuple[str, dict[str, Any]]]:
    """The tables of a balance study of game ``key``, as ``(label, options)``: ``options`` with every
    combination of the values in ``vary``; without ``vary``, ``options`` (the default table) and
    then each of the game's ``option_sets`` with ``options`` laid over it (what the user gave holds
    at every table), each table once."""
    base = dict(options or {})
    if vary:
        names = list(vary)
        for name in names:
            if not vary[name]:
                raise ValueError(f"give at least one value of {name} to vary")
        out = []
        for values in itertools.product(*(vary[n] for n in names)):
            chosen = dict(zip(names, values))
            out.append((_label({**{k: v for k, v in base.items() if k not in chosen}, **chosen}), {**base, **chosen}))
        return out
    out = [(_label(base), base)]
    for extra in get_game(key).option_sets:
        table = {**base, **{name: value for name, value in extra.items() if name not in base}}
        if all(table != listed for _, listed in out):
            out.append((_label(table), table))
    return out


@frozen
class BalanceRow:
    """One table and one bot: the games it played there and what they gave."""

    table: str
    options: Mapping[str, Any] = field(eq=False)
    bot: str
    summary: Summary

    @property
    def fair(self) -> bool:
        return is_fair(self.bot)

    @property
    def wins(self) -> int:
        return self.summary.team_wins

    @property
    def games(self) -> int:
        return self.summary.games

    @property
    def rate(self) -> float:
        return self.summary.win_rate

    def interval(self) -> tuple[float, float]:
        """The 95% Wilson interval of the win rate."""
        return wilson(self.wins, self.games)


@frozen
class Balance:
    """A balance table: every row of :func:`balance`, in table order then bot order."""

    game: str
    games: int
    seed: int
    bots: tuple[str, ...]
    rows: tuple[BalanceRow, ...]

    def tables(self) -> list[str]:
        seen: list[str] = []
        for row in self.rows:
            if row.table not in seen:
                seen.append(row.table)
        return seen

    def format(self) -> str:
        title = get_game(self.game).title
        lines = [f"{title}, balance: {self.games} deals a table for each bot, seeds {self.seed}–"
                 f"{self.seed + self.games - 1}"]
        width = max([len("table")] + [len(r.table) for r in self.rows])
        bot_width = max([len("bot")] + [len(r.bot) + 2 for r in self.rows])
        lines.append(f"  {'table':<{width}}  {'bot':<{bot_width}}  games   won  win rate [95% CI]")
        last = None
        for row in self.rows:
            low, high = row.interval()
            name = row.bot if row.fair else f"{row.bot} !"
            shown = row.table if row.table != last else ""
            last = row.table
            line = (f"  {shown:<{width}}  {name:<{bot_width}}  {row.games:5d}  {row.wins:4d}  "
                    f"{row.rate:6.1%} [{low:6.1%}, {high:6.1%}]")
            if not row.summary.team_play():
                line += "  by seat: " + ", ".join(_seat_rates(row.summary))
            lines.append(line)
        if any(not row.summary.team_play() for row in self.rows):
            lines.append("  by seat: each seat's win rate and 95% interval; + or - where the interval lies above or "
                         "below an even share (1 in the number of seats)")
        oracles = {row.bot for row in self.rows if not row.fair}
        if oracles:
            lines.append("  ! not a fair player: it sees the referee's table (hidden cards, deck order), so its rate "
                         "is an upper bound of how winnable the deals are, not a player's")
        if len(oracles) > 1:  # no one search on the referee's table is the strongest everywhere
            lines.append("  ! with several such bots, a table's bound is the highest of their rates there")
        return "\n".join(lines)


def _seat_rates(summary: Summary) -> list[str]:
    """Each seat's rate with its 95% interval, marked + or - where the interval lies wholly above
    or below an even share: a seat the game favours or holds back."""
    games, seats = summary.games, summary.wins_by_seat
    even = 1 / len(seats) if seats else 0.0
    out = []
    for wins in seats:
        low, high = wilson(wins, games)
        mark = "+" if low > even else "-" if high < even else ""
        out.append(f"{wins / games if games else 0.0:.0%} [{low:.0%}, {high:.0%}]{mark}")
    return out


def balance(
    key: str,
    bots: Sequence[str] | None = None,
    games: int = 20,
    *,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    vary: Mapping[str, Sequence[Any]] | None = None,
    workers: int | None = None,
    progress: Callable[[str], Callable[[int, int], None] | None] | None = None,
) -> Balance:
    """The balance table of game ``key``: each bot of ``bots`` (the game's :func:`default_bots` if
    None) plays every seat of ``games`` deals
    (seeds ``seed, seed+1, ...``) at each table of :func:`balance_tables` (``options``, ``vary``).
    ``workers`` as :func:`wasteland.simulate.simulate`; ``progress(label)`` may give a progress
    callback for each run. Reproducible with budgets in iterations, whatever ``workers``."""
    if bots is None:
        bots = default_bots(key)
    if isinstance(bots, str) or not bots:
        raise ValueError("name at least one bot for the balance table")
    names = tuple(parse_bot(b, key).text for b in bots)
    tables = balance_tables(key, options, vary)
    game = get_game(key)
    for _, table in tables:  # every table checked before anything is played
        game.new_game(seed, **table)
    rows = []
    for label, table in tables:
        for bot in names:
            callback = progress(f"{label} · {bot}") if progress is not None else None
            summary = simulate(key, games, [bot], seed=seed, options=table, workers=workers, progress=callback)
            rows.append(BalanceRow(label, table, bot, summary))
    return Balance(key, games, seed, names, tuple(rows))
