"""Plots of batch playouts and tournaments (the ``plot`` extra: matplotlib).

* :func:`plot_summary`: a :class:`~wasteland.simulate.Summary` in three panels: the win
  rate of each seat with its 95% Wilson interval, the distribution of game lengths
  (decisions per game) and how the games ended (games per outcome code).
* :func:`plot_tournament`: a :class:`~wasteland.tournament.Tournament`: each entry's win rate
  with its interval (best rating first), game lengths and endings (per bot in the paired format).
* :func:`plot_balance`: summaries of the same seeds side by side (one per card set, as in
  ``examples/balance.py``): win rates by seat, game lengths and the mix of endings.
* :func:`plot_balance_table`: a :class:`~wasteland.balance.Balance` (``wasteland balance``): the win
  rate of each bot at each team table (difficulty) with its 95% interval, and each seat's at each
  versus table, a panel per bot; the oracle's marked as not fair (:func:`balance_panels`).

matplotlib is imported when a plot is drawn, never at import, and only through its
Agg canvas: no window opens, and the global pyplot state and backend are left alone. Drawings
use matplotlib's default style whatever the local settings, and the file carries no date or
version, so the same data give the same bytes. The format follows the path's suffix: ``.png``
(also for a path without a suffix), ``.svg`` or ``.pdf``. The file is written as a replay is
(:func:`wasteland.replay.write_atomic`): only a regular file is replaced, never a symbolic
link, a FIFO or a device, and a reader never sees half a plot.
"""

from __future__ import annotations

import io
import math
import os
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterator, Sequence

from attrs import frozen

from wasteland.core.words import plural
from wasteland.replay import write_atomic
from wasteland.simulate import Summary
from wasteland.tournament import Tournament, wilson

if TYPE_CHECKING:
    from matplotlib.axes import Axes

    from wasteland.balance import Balance
    from matplotlib.figure import Figure

__all__ = ["plot_summary", "plot_tournament", "plot_balance", "plot_balance_table", "balance_panels", "BalancePanel",
           "MISSING", "INSTALL"]

#: How to install matplotlib: from a package index, or into a checkout of the source.
INSTALL = """pip install 'wasteland[plot]' (in a checkout of the source: pip install -e ".[plot]")"""

#: The error when matplotlib is not installed.
MISSING = f"plots need matplotlib: {INSTALL}"

#: Series colours, in order (matplotlib's ten, without relying on the user's style).
COLOURS = ("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd",
           "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf")

#: Metadata that would change from run to run (dates, versions), left out of each format.
_METADATA: dict[str, dict[str, Any]] = {
    "png": {"Software": None},
    "svg": {"Date": None, "Creator": None},
    "pdf": {"CreationDate": None, "Creator": None, "Producer": None},
}

#: The most bars of a length histogram.
_MOST_BINS = 30


def plot_summary(summary: Summary, path: str | os.PathLike[str]) -> None:
    """Draw ``summary`` to ``path``: win rate by seat (95% Wilson intervals), game lengths, endings."""
    labels = [f"seat {i}\n{_bot(summary.bots, i)}" for i in range(len(summary.wins_by_seat))]
    with _figure(3) as (fig, axes):
        fig.suptitle(_summary_title(summary), fontsize=11)
        _rate_panel(axes[0], labels, [(summary.wins_by_seat, [summary.games] * len(labels), "")])
        axes[0].set_title("win rate by seat (95% Wilson interval)", fontsize=10)
        _length_panel(axes[1], [("", _lengths(summary))])
        _ending_panel(axes[2], [("", _endings(summary))])
        _save(fig, path)


def plot_tournament(result: Tournament, path: str | os.PathLike[str]) -> None:
    """Draw ``result`` to ``path``: each entry's win rate with its 95% Wilson interval (best
    rating first), the game lengths and the endings (each bot's own in the paired format)."""
    ranked = result.ranking()
    labels = [s.label for s in ranked]
    if result.mode == "paired":  # each bot plays its own deals: its lengths and endings are its own
        series = [(s.label, [g for g in result.games if g.seats[0] == s.entry]) for s in result.standings]
    else:
        series = [("", list(result.games))]
    with _figure(3) as (fig, axes):
        fig.suptitle(_tournament_title(result), fontsize=11)
        _rate_panel(axes[0], labels, [([s.wins for s in ranked], [s.games for s in ranked], "")])
        axes[0].set_title("win rate by bot, best rating first (95% Wilson interval)", fontsize=10)
        _length_panel(axes[1], [(label, _counted(g.decisions for g in games)) for label, games in series])
        _ending_panel(axes[2], [(label, _by_count(_counted(g.code for g in games))) for label, games in series])
        _save(fig, path)


def plot_balance(rows: Sequence[tuple[str, Summary]], path: str | os.PathLike[str]) -> None:
    """Draw summaries of the same game side by side to ``path``, one series per ``(label,
    summary)`` (a card set each, say): win rate by seat with 95% Wilson intervals, game
    lengths and the mix of endings."""
    if not rows:
        raise ValueError("plot_balance needs at least one (label, summary) row")
    first = rows[0][1]
    seats = max(len(s.wins_by_seat) for _, s in rows)
    labels = [f"seat {i}\n{_bot(first.bots, i)}" for i in range(seats)]
    with _figure(3) as (fig, axes):
        fig.suptitle(f"{_summary_title(first)}\n" + " vs ".join(label for label, _ in rows), fontsize=11)
        _rate_panel(axes[0], labels, [(list(s.wins_by_seat) + [0] * (seats - len(s.wins_by_seat)),
                                       [s.games] * seats, label) for label, s in rows])
        axes[0].set_title("win rate by seat (95% Wilson interval)", fontsize=10)
        _length_panel(axes[1], [(label, _lengths(s)) for label, s in rows])
        _ending_panel(axes[2], [(label, _endings(s)) for label, s in rows])
        _save(fig, path)


def plot_balance_table(result: Balance, path: str | os.PathLike[str]) -> None:
    """Draw a balance table to ``path``. The tables a team plays (cooperative, solo) get one panel:
    a group of bars per table, a bar per bot, each its win rate with the 95% Wilson interval. The
    versus tables, where every game has a winner, get a panel per bot instead: a group per table,
    a bar per seat, each seat's win rate with its interval, and a dashed mark at an even share.
    A bot that is not fair says so."""
    if not result.rows:
        raise ValueError("a balance table with no rows has nothing to draw")
    panels = balance_panels(result)
    tables = max(len(panel.labels) for panel in panels)
    with _figure(len(panels)) as (fig, axes):
        fig.set_size_inches(len(panels) * max(5.0, 1.6 * tables + 2.0), 4.8)
        fig.suptitle(_balance_title(result), fontsize=11)
        for ax, panel in zip(axes, panels):
            _rate_panel(ax, [t.replace(" ", "\n") for t in panel.labels], panel.series, panel.even)
            ax.set_title(panel.title, fontsize=10)
        _save(fig, path)


@frozen
class BalancePanel:
    """One panel of a balance plot: its title, its groups' labels, its series of bars ``(wins,
    games, name)`` (a bar of no games is not drawn) and, for a versus panel, each group's even
    share (one in the number of seats)."""

    title: str
    labels: tuple[str, ...]
    series: tuple[tuple[tuple[int, ...], tuple[int, ...], str], ...]
    even: tuple[float, ...] = ()


def balance_panels(result: Balance) -> list[BalancePanel]:
    """What :func:`plot_balance_table` draws: a panel of the team tables' win rates, bot by bot,
    if there are any; then, if there are versus tables, a panel per bot of their rates seat by seat."""
    tables = result.tables()
    team = [t for t in tables if all(r.summary.team_play() for r in result.rows if r.table == t)]
    versus = [t for t in tables if t not in team]
    rows_of = {bot: {r.table: r for r in result.rows if r.bot == bot} for bot in result.bots}
    named = {bot: bot if rows[tables[0]].fair else f"{bot} (not fair: sees the table)" for bot, rows in rows_of.items()}
    panels = []
    if team:
        series = tuple((tuple(rows_of[bot][t].wins for t in team), tuple(rows_of[bot][t].games for t in team),
                        named[bot]) for bot in result.bots)
        panels.append(BalancePanel("games won (95% Wilson interval)", tuple(team), series))
    for bot in result.bots if versus else ():
        rows = rows_of[bot]
        seats = [rows[t].summary.wins_by_seat for t in versus]
        by_seat = tuple((tuple(w[k] if k < len(w) else 0 for w in seats),
                         tuple(rows[t].games if k < len(w) else 0 for t, w in zip(versus, seats)), f"seat {k}")
                        for k in range(max(len(w) for w in seats)))
        panels.append(BalancePanel(f"{named[bot]}: games won by each seat (95% interval)", tuple(versus), by_seat,
                                   tuple(1 / len(w) if w else 0.0 for w in seats)))
    return panels


# --- the figure ------------------------------------------------------------------------------


@contextmanager
def _figure(panels: int) -> Iterator[tuple[Figure, list[Axes]]]:
    """A figure of ``panels`` panels side by side on an Agg canvas, in matplotlib's default style."""
    try:
        import matplotlib.style
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure
    except ImportError:
        raise ImportError(MISSING) from None
    with matplotlib.style.context("default"), matplotlib.rc_context(
        {"svg.hashsalt": "wasteland", "svg.fonttype": "path"}
    ):
        fig = Figure(figsize=(5.0 * panels, 4.8), dpi=100, layout="constrained")
        FigureCanvasAgg(fig)
        yield fig, [fig.add_subplot(1, panels, i + 1) for i in range(panels)]


def _save(fig: Figure, path: str | os.PathLike[str]) -> None:
    suffix = Path(path).suffix.lower().lstrip(".") or "png"
    if suffix not in _METADATA:
        raise ValueError(f"a plot is written as .png, .svg or .pdf, not .{suffix}")
    drawn = io.BytesIO()
    fig.savefig(drawn, format=suffix, metadata=_METADATA[suffix])
    write_atomic(path, drawn.getvalue())


# --- the panels ------------------------------------------------------------------------------


def _rate_panel(ax: Axes, labels: Sequence[str], series: Sequence[tuple[Sequence[int], Sequence[int], str]],
                even: Sequence[float] = ()) -> None:
    """Bars of win rates with Wilson intervals: one group per label, one bar per series
    ``(wins, games, name)``; each bar says its rate and, for up to three series, its games; a bar
    of no games is left out. ``even``: a dashed mark across each group at that rate (an even share of its seats)."""
    n = len(series)
    width = 0.8 / n
    for k, (wins, games, name) in enumerate(series):
        drawn = [(i, w, g) for i, (w, g) in enumerate(zip(wins, games)) if g]
        rates = [w / g for _, w, g in drawn]
        bounds = [wilson(w, g) for _, w, g in drawn]
        xs = [i + (k - (n - 1) / 2) * width for i, _, _ in drawn]
        errors = [[r - lo for r, (lo, _) in zip(rates, bounds)], [hi - r for r, (_, hi) in zip(rates, bounds)]]
        ax.bar(xs, rates, width * 0.9, yerr=errors, capsize=4, color=COLOURS[k % len(COLOURS)],
               edgecolor="#1f2937", linewidth=0.6, label=name or None, error_kw={"elinewidth": 1.0})
        for x, r, (_, hi), (_, w, g) in zip(xs, rates, bounds, drawn):
            said = f"{r:.0%}" if n > 3 else f"{r:.0%}\n{w}/{g}"  # more bars than that: no room for the games
            ax.annotate(said, (x, hi), xytext=(0, 3), textcoords="offset points",
                        ha="center", va="bottom", fontsize=7 if n > 2 else 8)
    for i, share in enumerate(even):
        ax.hlines(share, i - 0.45, i + 0.45, colors="#374151", linestyles="dashed", linewidth=1.0)
    ax.set_xticks(range(len(labels)), labels, fontsize=8)
    named = any(name for _, _, name in series)
    ax.set_ylim(0, 1.34 if named else 1.18)  # with names, a row of them above the bars' labels
    ax.set_yticks([0, 0.25, 0.5, 0.75, 1.0], ["0%", "25%", "50%", "75%", "100%"])
    ax.set_ylabel("win rate")
    ax.grid(axis="y", color="#d1d5db", linewidth=0.6)
    ax.set_axisbelow(True)
    if named:
        ax.legend(fontsize=8, loc="upper center", ncol=min(n, 3))


def _length_panel(ax: Axes, series: Sequence[tuple[str, Sequence[tuple[int, int]]]]) -> None:
    """A histogram of decisions per game from ``(decisions, games)`` counts: filled for one
    series, outlines for several (on the same bins), with each series' mean marked."""
    from matplotlib.ticker import MaxNLocator
    ax.set_title("game length", fontsize=10)
    ax.set_xlabel("decisions per game")
    ax.set_ylabel("games")
    values = [v for _, counts in series for v, _ in counts]
    if not values:
        ax.text(0.5, 0.5, "no game lengths recorded", ha="center", va="center", transform=ax.transAxes)
        return
    low, high = min(values), max(values)
    games = max(sum(c for _, c in counts) for _, counts in series)
    bins = min(_MOST_BINS, max(5, math.ceil(2 * math.sqrt(games))))
    step = max(1, -(-(high - low + 1) // bins))  # whole decisions per bin
    edges = [low - 0.5 + step * i for i in range((high - low) // step + 2)]
    single = len(series) == 1
    for k, (name, counts) in enumerate(series):
        if not counts:
            continue
        colour = COLOURS[k % len(COLOURS)]
        xs = [v for v, _ in counts]
        ws = [c for _, c in counts]
        total = sum(ws)
        mean = sum(v * c for v, c in counts) / total
        label = f"{name + ': ' if name else ''}mean {mean:.1f}, {min(xs)}-{max(xs)}"
        ax.hist(xs, bins=edges, weights=ws, color=colour, edgecolor="#1f2937" if single else colour,
                linewidth=0.6 if single else 1.6, histtype="bar" if single else "step", label=label)
        ax.axvline(mean, color="#1f2937" if single else colour, linestyle="--", linewidth=1.0)
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    ax.legend(fontsize=8, loc="best")
    ax.grid(axis="y", color="#d1d5db", linewidth=0.6)
    ax.set_axisbelow(True)


def _ending_panel(ax: Axes, series: Sequence[tuple[str, Sequence[tuple[str, int]]]]) -> None:
    """Horizontal bars of games per ending (outcome code), grouped by series; each bar says its count."""
    from matplotlib.ticker import MaxNLocator
    ax.set_title("how games ended", fontsize=10)
    ax.set_xlabel("games")
    codes: list[str] = []
    for _, counts in series:
        codes.extend(c for c, _ in counts if c not in codes)
    if not codes:
        ax.text(0.5, 0.5, "no endings recorded", ha="center", va="center", transform=ax.transAxes)
        return
    n = len(series)
    height = 0.8 / n
    most = max((c for _, counts in series for _, c in counts), default=0)
    for k, (name, counts) in enumerate(series):
        found = dict(counts)
        ys = [i + (k - (n - 1) / 2) * height for i in range(len(codes))]
        widths = [found.get(code, 0) for code in codes]
        ax.barh(ys, widths, height * 0.9, color=COLOURS[k % len(COLOURS)], edgecolor="#1f2937",
                linewidth=0.6, label=name or None)
        for y, w in zip(ys, widths):
            ax.annotate(str(w), (w, y), xytext=(3, 0), textcoords="offset points", va="center", fontsize=8)
    ax.set_yticks(range(len(codes)), [c.replace("_", " ") for c in codes], fontsize=8)
    ax.set_ylim(max(len(codes), 3) - 0.5, -0.5)  # the most frequent first, at the top; bars no wider than a third
    ax.set_xlim(0, most * 1.15 + 1)
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.grid(axis="x", color="#d1d5db", linewidth=0.6)
    ax.set_axisbelow(True)
    if any(name for name, _ in series):
        ax.legend(fontsize=8, loc="best")


# --- data ------------------------------------------------------------------------------------


def _bot(bots: Sequence[str], seat: int) -> str:
    return bots[seat] if seat < len(bots) else (bots[-1] if bots else "?")


def _summary_title(s: Summary) -> str:
    return f"{s.table()}: {plural(s.games, 'game')}, bots {', '.join(s.bots)}, seeds {s.seed}-{s.seed + s.games - 1}"


def _balance_title(result: Balance) -> str:
    """The game (and its players, when every table has the same number) and the deals a table."""
    first = result.rows[0].summary
    same = len({r.summary.players for r in result.rows}) == 1  # else the tables' labels say the players
    where = first.table() if same else first.table().split(",")[0]
    return f"{where}: balance, {plural(result.games, 'deal')} a table"


def _tournament_title(t: Tournament) -> str:
    shown = (f"{len(t.games)} games" if t.mode == "versus"
             else f"{len(t.games) // max(1, len(t.bots))} deals for each bot")
    opts = "".join(f", {k}={v}" for k, v in t.options)
    seats = plural(t.players, "player")
    return f"{t.game} ({seats}{opts}), {t.mode}: {shown}, seed {t.seed}\nbots {', '.join(t.bots)}"


def _counted(items: Any) -> list[tuple[Any, int]]:
    counts: dict[Any, int] = {}
    for item in items:
        counts[item] = counts.get(item, 0) + 1
    return list(counts.items())


def _lengths(s: Summary) -> list[tuple[int, int]]:
    """A summary's ``(decisions, games)``; from its kept games if it has no counts of lengths."""
    return list(s.lengths) if s.lengths else sorted(_counted(r.decisions for r in s.results))


def _endings(s: Summary) -> list[tuple[str, int]]:
    """A summary's ``(ending, games)``: its outcome codes, else its kept games' codes, else its reasons."""
    if s.codes:
        return list(s.codes)
    if s.results:
        return _by_count(_counted(r.outcome.code for r in s.results))
    return list(s.reasons)


def _by_count(counts: list[tuple[str, int]]) -> list[tuple[str, int]]:
    return sorted(counts, key=lambda kv: (-kv[1], kv[0]))
