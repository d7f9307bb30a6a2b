"""The ``wasteland`` command: list games, play at the terminal, check replays and books, simulate, rank bots, bench.

On a terminal the table of ``play`` is drawn in a frame, coloured by its game's
``HIGHLIGHTS`` (pairs of a regular expression and a rich style, in the game's
``render`` module; a game without them is drawn uncoloured), and the legal
actions are listed in a table; ``simulate``, ``tournament`` and ``demo`` show a
progress bar (games done, games per second, time left) on standard error.
Elsewhere (a pipe, a file) the same text is written without colour or
terminal codes, at a fixed width, and standard error gets no progress bar.

Exit codes: 0 done; 1 a check failed (a replay that does not verify, a book with a problem); 2 the
command was used wrongly (an unknown option, a bad value, a file that cannot
be read or written); 70 an internal error (a bug of the library's own; set
WASTELAND_DEBUG=1 to see its traceback); 130 interrupted (Ctrl-C or SIGTERM);
141 the reader of the output went away (``wasteland demo | head``), quietly.
Every error is one line on standard error that starts ``wasteland:``, never a
traceback.

Every command reads bot names the same way (:func:`wasteland.agents.parse_bot`), and
``--workers`` on this machine is capped at the cores the command may use.
"""

from __future__ import annotations

import argparse
import csv
import io
import importlib.util
import math
import os
import re
import secrets
import shlex
import signal
import sys
import textwrap
import time
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any, Callable, NoReturn, Sequence, TextIO

import attrs
from attrs import frozen

from wasteland import __version__
from wasteland import replay as replays
from wasteland.agents import BOT_NAMES, Bot, bot_input, make_bot, parse_bot
from wasteland.bench import bench_game
from wasteland.core.codec import CodecError
from wasteland.core.data import MAX_JSON_BYTES, read_json
from wasteland.core.game import ConfigError, Game, Outcome, RulesError, short
from wasteland.core.words import plural
from wasteland.parallel import BACKENDS
from wasteland.registry import GAME_KEYS, GAMES, broken, get_game
from wasteland.simulate import Summary, bot_seed, seat_roles, simulate
from wasteland.tournament import MODES, tournament

if TYPE_CHECKING:  # rich is imported when something is drawn (wasteland.terminal), not at start
    from rich.console import Console
    from rich.panel import Panel
    from rich.progress import Progress, TaskID
    from rich.table import Table

    from wasteland.terminal import Highlight

__all__ = ["main", "parse_options", "UsageError", "ProgressBar", "console_for", "EXIT_FAILED", "EXIT_USAGE",
           "EXIT_INTERNAL"]

EXIT_FAILED = 1
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130
EXIT_PIPE_CLOSED = 141  # 128 + SIGPIPE, as the shell reports a command stopped by a closed pipe
EXIT_INTERNAL = 70  # EX_SOFTWARE: a bug of the library's own, not the user's input
#: Set (to anything) to see the traceback of an internal error instead of its one line.
DEBUG_VARIABLE = "WASTELAND_DEBUG"

#: Columns of the output when it is not a terminal: fixed, so that a file or a pipe gets the
#: same text wherever the command runs.
PLAIN_WIDTH = 100

#: The command's name, at the start of every error it prints.
PROG = "wasteland"


def description() -> str:
    """What ``wasteland --help`` says first: the games there are today (each game is imported to
    give its title, so it is asked for only when the help is printed)."""
    return (f"Rules engines for survival board games ({', '.join(GAMES[key].title for key in GAME_KEYS)}): "
            "play them, let bots play them, check replays.")


def _needs_matplotlib() -> str:
    """What ``--plot`` says without matplotlib (how to install the plot extra)."""
    from wasteland.plot import INSTALL  # only a run asked to plot imports the plots

    return f"--plot needs matplotlib: {INSTALL}"


def _cut(text: str, limit: int) -> str:
    """A message, cut short: it may quote what a stranger gave."""
    return text if len(text) <= limit else text[: limit - 3] + "..."


class UsageError(Exception):
    """The command was used wrongly; the message is printed as one line and the exit code is 2."""


class _Formatter(argparse.HelpFormatter):
    """argparse's help, with every help text printed as written: argparse would read a ``%`` in
    it (``95% intervals``) as a format code and fail; no help here uses ``%(default)s`` and the
    like."""

    def _expand_help(self, action: argparse.Action) -> str:
        return self._get_help_string(action) or ""


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line (and exit code 2), as every other error here, and
    help texts are printed as written (:class:`_Formatter`). The message names the subcommand
    without the program's name: ``main`` puts ``wasteland:`` in front of every error, once."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _Formatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        command = self.prog.removeprefix(PROG).strip()
        where = f"{command}: " if command else ""
        chosen = re.search(r"invalid choice: '([a-zA-Z0-9_-]+)'", message)
        why = broken().get(chosen.group(1)) if chosen else None
        if why is not None:  # an installed game that could not be loaded: say why, not just "invalid"
            message = f"game {why}"
        raise UsageError(f"{where}{message} (see {self.prog} --help)")


def _parse_value(text: str) -> Any:
    low = text.lower()
    if low in ("true", "yes", "on"):
        return True
    if low in ("false", "no", "off"):
        return False
    if low in ("null", "none"):
        return None
    if text.isascii() and text.lstrip("-").isdigit() and len(text) <= 30:
        return int(text)
    return text


def _read_json(path: str) -> Any:
    raw = replays.read_bytes(path, MAX_JSON_BYTES, UsageError)
    try:
        return read_json(raw)
    except ConfigError as exc:
        raise UsageError(f"cannot read the JSON of {short(path, 80)}: {_cut(str(exc), 100)}") from None


def parse_options(pairs: Sequence[str], players: int | None) -> dict[str, Any]:
    """``["variant=competitive", "depot=true"]`` → ``{"variant": "competitive", "depot": True}``.

    A value ``@FILE`` is the JSON read from FILE (a card set, for example).
    """
    options: dict[str, Any] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise UsageError(f"options are NAME=VALUE, got {short(pair)}")
        value = value.strip()
        options[name.strip()] = _read_json(value[1:]) if value.startswith("@") else _parse_value(value)
    if players is not None:
        options["players"] = players
    return options


#: What a bot name may be, for the help of every option that takes one.
BOT_HELP = (f"{', '.join(BOT_NAMES)}, with settings after colons for the search bots (ismcts:200, "
            "ismcts:100:heuristic, flat:50, ismcts:0.5s, ismcts:50:heuristic:w0.5)")


def _bot_name(text: str) -> str:
    """A bot name on the command line (``--bot``), read as everywhere else (:func:`parse_bot`)."""
    try:
        return parse_bot(text).text
    except ValueError as exc:
        raise argparse.ArgumentTypeError(_cut(str(exc), 300)) from None


def _bot_names(text: str) -> list[str]:
    """``--bots``: bot names separated by commas, each read by :func:`_bot_name`."""
    names = [name.strip() for name in text.split(",")]
    if not all(names):
        raise argparse.ArgumentTypeError(f"bot names separated by commas, such as ismcts:200,heuristic,random; "
                                         f"got {short(text)}")
    return [_bot_name(name) for name in names]


def check_bots(names: Sequence[str], game_key: str) -> list[str]:
    """``names`` checked for the game ``game_key`` (a heuristic bot needs one for that game) before
    anything is played; a name that does not fit is a usage error."""
    try:
        return [parse_bot(name, game_key).text for name in names]
    except ValueError as exc:
        raise UsageError(_cut(str(exc), 300)) from None


def cmd_games(args: argparse.Namespace) -> int:
    """The registered games in aligned columns: key, title, player counts, the default count; then,
    on standard error, one line for each installed plugin that could not be loaded."""
    rows = [("key", "game", "players", "default")]
    for key in GAME_KEYS:
        game = GAMES[key]
        counts = game.player_counts
        shown = f"{counts[0]}-{counts[-1]}" if counts == tuple(range(counts[0], counts[-1] + 1)) and len(counts) > 1 \
            else ", ".join(map(str, counts))
        rows.append((key, game.title, shown, str(game.num_players(game.new_game(0)))))
    print(_columns(rows))
    for why in broken().values():
        print(f"{PROG}: game {why}", file=sys.stderr)
    return 0


def _columns(rows: Sequence[Sequence[str]]) -> str:
    """Rows of words as aligned columns, two spaces apart, no space at the ends of lines."""
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    return "\n".join("  ".join(word.ljust(width) for word, width in zip(row, widths)).rstrip() for row in rows)


def _best_bot(key: str, name: str | None = None) -> str:
    """``name`` (the heuristic bot when None) if the game ``key`` has it, else the random bot."""
    try:
        return check_bots([name or "heuristic"], key)[0]
    except UsageError:
        return "random"


def cmd_demo(args: argparse.Namespace) -> int:
    if args.bot is None:
        print("Bots play every game (heuristic bots where a game has one):\n")
    else:
        print(f"{args.bot} bots play every game (random bots where a game has no {args.bot}):\n")
    for key in GAME_KEYS:
        game = GAMES[key]
        bot = _best_bot(key, args.bot)
        played: list[Summary] = []
        for players in game.player_counts:
            started = time.perf_counter()
            with ProgressBar(f"{game.title}, {plural(players, 'player')}", quiet=args.quiet) as bar:
                summary = simulate(key, args.games, [bot], seed=args.seed, options={"players": players}, progress=bar)
            print(_demo_row(summary, played, time.perf_counter() - started))
            print()
            played.append(summary)
    return 0


def _same_games(one: Summary, other: Summary) -> bool:
    """Two runs that played the same games: the same wins, endings and lengths, game for game in
    sum (Aftermath's one player and two players field the same two characters and deal the same
    cards: only who holds the characters differs)."""
    return (one.games, one.team_wins, one.reasons, one.codes, one.lengths) == \
        (other.games, other.team_wins, other.reasons, other.codes, other.lengths)


def _demo_row(summary: Summary, before: Sequence[Summary], seconds: float) -> str:
    """A row of the demo: the summary (or, where a smaller table played the very same games, a
    line that says so), then how long the run took, piped or not."""
    took = f"  time: {seconds:.1f} s ({seconds / summary.games:.2f} s a game)"
    same = next((other for other in before if _same_games(summary, other)), None)
    if same is None:
        return summary.format() + "\n" + took
    return (f"{summary.table()}: the same {plural(summary.games, 'game')} as with "
            f"{plural(same.players, 'player')} (the same table, dealt the same; only the seats differ)\n{took}")


# -- the terminal ------------------------------------------------------------------------------------

def _isatty(stream: TextIO) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError, OSError):  # no such method, or a closed stream
        return False


def console_for(stream: TextIO) -> Console:
    """A rich console writing to ``stream``: colour and the terminal's width on a terminal;
    elsewhere plain text (no escape codes whatever the environment says) at ``PLAIN_WIDTH``."""
    from wasteland import terminal  # rich: only a command that draws imports it (see terminal)

    return terminal.console(stream, _isatty(stream), PLAIN_WIDTH)


class ProgressBar:
    """The ``progress(done, total)`` callback of ``simulate`` and ``tournament``, drawn as a bar
    (games done of all, games per second, time left) on a terminal, and nothing at all elsewhere
    or when ``quiet``. Use it as a context manager: the bar is closed (the cursor shown again)
    however the run ends.

    The clock starts when the bar is made; the bar appears at the first finished game. ``console``
    is standard error's by default.
    """

    def __init__(self, label: str, *, quiet: bool = False, console: Console | None = None) -> None:
        self.shown = not quiet and (console.is_terminal if console is not None else _isatty(sys.stderr))
        #: The bar and its task, made only to be shown (rich is not imported for a bar never drawn).
        self._bar: tuple[Progress, TaskID] | None = None
        if self.shown:
            from wasteland import terminal  # rich: only a bar on a terminal imports it (see terminal)

            self._bar = terminal.progress(label, console if console is not None else console_for(sys.stderr))
        self._live = False
        self._closed = False

    def __call__(self, done: int, total: int) -> None:
        if self._bar is None or self._closed:
            return
        bar, task = self._bar
        bar.update(task, completed=done, total=total)
        if not self._live:
            self._live = True
            bar.start()
        if done >= total:
            self.close()

    def close(self) -> None:
        """Stop the clock and leave the bar as it stands."""
        if self._closed:
            return
        self._closed = True
        if self._bar is not None:
            bar, task = self._bar
            bar.stop_task(task)
            if self._live:
                bar.stop()

    def __enter__(self) -> ProgressBar:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.close()


def _highlights(game: Game[Any, Any]) -> tuple[Highlight, ...]:
    """The game's ``HIGHLIGHTS`` (in its render module), compiled; a pair that does not compile
    is left out rather than stopping the game."""
    from wasteland import terminal  # rich: only play imports it (see terminal)

    module = sys.modules.get(getattr(game.render, "__module__", "") or "")
    return terminal.highlights(getattr(module, "HIGHLIGHTS", ()) or ())


def _fold(text: str, width: int) -> str:
    """``text`` with each line longer than ``width`` folded at spaces, the rest of it indented
    under the line's own start, so that a long hand or list stays readable in a narrow frame."""
    out: list[str] = []
    for line in text.splitlines():
        if len(line) <= width:
            out.append(line)
            continue
        indent = " " * min(len(line) - len(line.lstrip(" ")) + 4, width // 2)
        out += textwrap.wrap(line, width, subsequent_indent=indent, break_on_hyphens=False) or [""]
    return "\n".join(out)


def _board(text: str, highlights: Sequence[Highlight], width: int) -> Panel:
    from wasteland import terminal  # rich: only play imports it (see terminal)

    # the frame takes two columns a side
    return terminal.board(_fold(text.expandtabs(), max(20, width - 4)), highlights)


def _choices(game: Game[Any, Any], state: Any, legal: Sequence[Any]) -> Table:
    from wasteland import terminal  # rich: only play imports it (see terminal)

    return terminal.choices(game, state, legal)


def _start_game(game: Game[Any, Any], seed: int, options: dict[str, Any]) -> Any:
    try:
        replays.check_options(options)  # a game started can always be saved and resumed
        return game.new_game(seed, **options)
    except RulesError as exc:
        raise UsageError(_cut(str(exc), 300)) from None
    except TypeError as exc:  # a keyword the game's new_game does not take at all
        raise UsageError(_cut(str(exc), 300)) from None


def _check_plot_path(path: str | None) -> Path | None:
    """``--plot FILE``, checked before the run: matplotlib is there, the format is known and the
    folder exists."""
    if path is None:
        return None
    if importlib.util.find_spec("matplotlib") is None:
        raise UsageError(_needs_matplotlib())
    if path == replays.STDOUT:
        raise UsageError("--plot -: a plot is written to a file, not to standard output")
    target = Path(path)
    if target.suffix.lower() not in ("", ".png", ".svg", ".pdf"):
        raise UsageError(f"--plot {short(path, 80)}: a plot is written as .png, .svg or .pdf")
    if target.is_dir():
        raise UsageError(f"--plot {short(path, 80)} is a directory; name a file")
    if not target.parent.is_dir():
        raise UsageError(f"--plot {short(path, 80)}: the folder {short(str(target.parent), 80)} does not exist")
    return _writable("--plot", target)


def _writable(option: str, target: Path) -> Path:
    """``target`` if a save may replace what is there (nothing, or a regular file); a usage error
    for a symbolic link, a FIFO, a device or a socket."""
    try:
        return replays.writable(target)
    except replays.WriteRefused as exc:
        raise UsageError(f"{option} {exc}") from None


def _write_plot(draw: Callable[[Any, Path], None], result: Any, target: Path) -> None:
    try:
        draw(result, target)
    except ImportError:
        raise UsageError(_needs_matplotlib()) from None
    except OSError as exc:
        raise UsageError(f"cannot write the plot {short(str(target), 80)}: {_cut(str(exc.strerror or exc), 100)}") \
            from None
    except ValueError as exc:
        raise UsageError(f"cannot write the plot {short(str(target), 80)}: {_cut(str(exc), 100)}") from None
    print(f"plot: {target}")


def machine_cores() -> int:
    """The cores this process may run on (its CPU affinity where the system tells it, as in a
    container or under ``taskset``; else every core of the machine)."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except (AttributeError, OSError):  # no affinity on this system (macOS, Windows)
        return os.cpu_count() or 1


def _cap_workers(args: argparse.Namespace) -> None:
    """``--workers`` on this machine (a process pool, or a private Ray) is at most its cores: more
    processes than cores only cost memory. Capping is said in one line on standard error. A Ray
    cluster (``--address``) has cores of its own and is left alone."""
    if args.workers is None or args.address is not None:
        return
    cores = machine_cores()
    if args.workers > cores:
        print(f"{PROG}: --workers {args.workers} is more than the {cores} cores this machine gives; using {cores}",
              file=sys.stderr)
        args.workers = cores


@frozen
class _Played:
    """One game of a batch, for ``--save-games`` and ``--csv``: its index, seed, the bot of each
    seat, the winning seats, how it ended, its length in decisions, its moves and (where known)
    its outcome, which its replay file then expects."""

    index: int
    seed: int
    bots: tuple[str, ...]
    winners: tuple[int, ...]
    reason: str
    code: str
    decisions: int
    moves: tuple[str, ...]
    outcome: Outcome | None


@frozen
class _GamesOut:
    """Where ``--save-games`` and ``--csv`` write (None: not asked), checked before the run."""

    folder: Path | None
    table: Path | None

    @property
    def moves(self) -> bool:
        """The games' moves are needed (a replay file a game)."""
        return self.folder is not None

    @property
    def games(self) -> bool:
        """Each game is needed, not only the counts (``simulate`` keeps them with their moves)."""
        return self.folder is not None or self.table is not None

    def write(self, key: str, options: dict[str, Any], games: Sequence[_Played]) -> None:
        """Every game as a replay file in the folder, one row a game in the table."""
        if self.folder is not None:
            _write_replays(self.folder, key, options, games)
        if self.table is not None:
            _write_csv(self.table, games)


def _check_games_out(args: argparse.Namespace) -> _GamesOut:
    folder = table = None
    if args.save_games is not None:
        folder = Path(args.save_games)
        if folder.exists() and not folder.is_dir():
            raise UsageError(f"--save-games {short(args.save_games, 80)} is not a folder")
        if not folder.exists():
            _folder_to_make("--save-games", folder / "game.json")
    if args.csv is not None:
        if args.csv == replays.STDOUT:
            raise UsageError("--csv -: the rows are written to a file (standard output has the summary)")
        table = Path(args.csv)
        if table.is_dir():
            raise UsageError(f"--csv {short(args.csv, 80)} is a directory; name a file")
        table = _folder_to_make("--csv", table) if not table.parent.is_dir() else _writable("--csv", table)
    return _GamesOut(folder, table)


def _write_replays(folder: Path, key: str, options: dict[str, Any], games: Sequence[_Played]) -> None:
    """``<key>-<index>.json`` a game in ``folder`` (made if missing), each a replay that
    ``wasteland replay`` checks (its outcome expected where the batch knew it) and shows."""
    game = get_game(key)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        digits = len(str(max(len(games) - 1, 0)))
        for played in games:
            title = (f"{game.title}: game {played.index} of the batch, seed {played.seed}, bots "
                     f"{', '.join(played.bots)}")
            record = replays.Replay(key, played.seed, options, played.moves, played.outcome, None, title,
                                    game.rules_version)
            if played.outcome is None:  # a tournament keeps no Outcome: the moves give it again
                record = attrs.evolve(record, expect_outcome=game.outcome(replays.final_state(record)))
            replays.write_atomic(folder / f"{key}-{played.index:0{digits}d}.json", replays.to_json(record))
    except (OSError, replays.WriteError) as exc:
        raise UsageError(f"--save-games {short(str(folder), 80)}: {_cut(str(exc), 200)}") from None
    print(f"games: {plural(len(games), 'replay')} in {folder} (wasteland replay {shlex.quote(str(folder))}/*.json)")


#: The columns of ``--csv``.
CSV_COLUMNS = ("index", "seed", "seats", "bots", "winners", "reason", "code", "length")


def _write_csv(target: Path, games: Sequence[_Played]) -> None:
    """One row a game: the bots of the seats and the winning seats separated by ``;``."""
    text = io.StringIO()
    writer = csv.writer(text, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for g in games:
        writer.writerow((g.index, g.seed, len(g.bots), ";".join(g.bots), ";".join(map(str, g.winners)), g.reason,
                         g.code, g.decisions))
    try:
        _make_folder(target)
        replays.write_atomic(target, text.getvalue())
    except (OSError, replays.WriteError) as exc:
        raise UsageError(f"--csv {short(str(target), 80)}: {_cut(str(exc), 200)}") from None
    print(f"csv: {target} ({plural(len(games), 'row')})")


def cmd_simulate(args: argparse.Namespace) -> int:
    options = parse_options(args.option, args.players)
    plot_path = _check_plot_path(args.plot)
    bots = check_bots(args.bot or [_best_bot(args.game)], args.game)
    games_out = _check_games_out(args)
    _cap_workers(args)
    _start_game(get_game(args.game), args.seed, options)  # a bad option is a usage error, said once
    try:
        with ProgressBar(args.game, quiet=args.quiet) as bar:
            summary = simulate(
                args.game,
                args.n,
                bots,
                seed=args.seed,
                options=options,
                workers=args.workers,
                progress=bar,
                backend=args.backend,
                address=args.address,
                keep_moves=games_out.games,
                allow_unfair=args.allow_unfair,
            )
    except (RulesError, ValueError) as exc:
        raise UsageError(_cut(str(exc), 300)) from None
    print(summary.format())
    if games_out.games:
        games_out.write(args.game, options, [
            _Played(i, r.seed, summary.bots, tuple(sorted(r.outcome.winners)), r.outcome.reason, r.outcome.code,
                    r.decisions, r.moves, r.outcome) for i, r in enumerate(summary.results)])
    if plot_path is not None:
        from wasteland.plot import plot_summary

        _write_plot(plot_summary, summary, plot_path)
    return 0


def cmd_balance(args: argparse.Namespace) -> int:
    """``wasteland balance``: the table of :func:`wasteland.balance.balance`, and its plot."""
    from wasteland.balance import balance, default_bots

    options = parse_options(args.option, args.players)
    plot_path = _check_plot_path(args.plot)
    names = check_bots(args.bots or list(default_bots(args.game)), args.game)
    vary: dict[str, list[Any]] = {}
    for pair in args.vary:
        name, sep, values = pair.partition("=")
        if not sep or not name.strip() or not all(v.strip() for v in values.split(",")):
            raise UsageError(f"--vary takes NAME=V1,V2,..., got {short(pair)}")
        vary[name.strip()] = [_parse_value(v.strip()) for v in values.split(",")]
    args.address = None  # this machine's cores only
    _cap_workers(args)
    bars: list[ProgressBar] = []

    def bar(label: str) -> ProgressBar:
        bars.append(ProgressBar(label, quiet=args.quiet))
        return bars[-1]
    try:
        result = balance(args.game, names, args.n, seed=args.seed, options=options, vary=vary, workers=args.workers,
                         progress=bar)
    except (RulesError, ValueError, TypeError) as exc:
        raise UsageError(_cut(str(exc), 300)) from None
    finally:
        for each in bars:
            each.close()
    print(result.format())
    if plot_path is not None:
        from wasteland.plot import plot_balance_table

        _write_plot(plot_balance_table, result, plot_path)
    return 0


def cmd_tournament(args: argparse.Namespace) -> int:
    options = parse_options(args.option, args.players)
    plot_path = _check_plot_path(args.plot)
    _start_game(get_game(args.game), args.seed, options)  # a bad option is a usage error, said once
    names = check_bots(args.bots, args.game)
    games_out = _check_games_out(args)
    _cap_workers(args)
    try:
        with ProgressBar(f"{args.game} tournament", quiet=args.quiet) as bar:
            result = tournament(
                args.game,
                names,
                args.n,
                seed=args.seed,
                options=options,
                mode=args.mode,
                workers=args.workers,
                backend=args.backend,
                address=args.address,
                progress=bar,
                keep_moves=games_out.moves,
                allow_unfair=args.allow_unfair,
            )
    except (RulesError, ValueError) as exc:
        raise UsageError(_cut(str(exc), 300)) from None
    print(result.format())
    if games_out.games:
        games_out.write(args.game, options, [
            _Played(m.index, m.deal, tuple(result.bots[e] for e in m.seats), m.winners, m.reason, m.code,
                    m.decisions, m.moves, None) for m in result.games])
    if plot_path is not None:
        from wasteland.plot import plot_tournament

        _write_plot(plot_tournament, result, plot_path)
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    keys = args.games or list(GAME_KEYS)
    for key in keys:
        counts = get_game(key).player_counts
        if args.players is not None and args.players not in counts:
            raise UsageError(f"{key} is played by {', '.join(map(str, counts))} players, not {args.players}")
    print(f"One core, random play, about {args.seconds:g} s per game and player count; each decision timed "
          "through moves + play_at (the listed action, unchecked: what bots and simulations play) and, on the "
          "same table, through legal_actions + apply (each action checked: the README's loop).")
    for key in keys:
        game = get_game(key)
        counts = (args.players,) if args.players else game.player_counts
        for players in counts:
            print(bench_game(key, seconds=args.seconds, players=players, seed=args.seed).format())
    return 0


def _html_target(html: str | None, files: list[str]) -> Callable[[str], Path] | None:
    """Where ``--html`` writes each replay's page: the path itself for one replay, or
    ``<folder>/<name>.html`` for several; checked before anything is played."""
    if html is None:
        return None
    if html == replays.STDOUT:
        if len(files) > 1:
            raise UsageError("--html - writes one page to standard output; give one replay")
        return lambda path: Path(replays.STDOUT)
    target = Path(html)
    if len(files) > 1:
        if not target.is_dir():
            raise UsageError(f"--html with several replays names a folder to write them in; {short(html)} is not one")
        return lambda path: target / (Path(path).stem + ".html")
    if target.is_dir():
        raise UsageError(f"--html {short(html)} is a folder; name the page to write, such as game.html")
    if not target.parent.is_dir():
        raise UsageError(f"--html {short(html)}: the folder {short(str(target.parent))} does not exist")
    _writable("--html", target)
    return lambda path: target


def cmd_replay(args: argparse.Namespace) -> int:
    status = 0
    page_for = _html_target(args.html, args.files)
    # with --html -, standard output carries the page and the report goes to standard error
    report = sys.stderr if args.html == replays.STDOUT else sys.stdout
    for path in args.files:
        try:
            replay = replays.load(path)
            game = get_game(replay.game)

            def show(step: replays.Step, game: Game[Any, Any] = game) -> None:
                player = game.current_player(step.before)
                said = game.describe(step.before, step.action)
                print(f"  {step.index + 1:4d}. seat {player}: {step.move:<14} {said}", file=report)
                for line in game.events(step.after):
                    print(f"        · {line}", file=report)

            final = replays.verify(replay, show if args.steps else None)
        except replays.ReplayError as exc:
            print(f"FAIL {path}: {exc}", file=report)
            status = EXIT_FAILED
            continue
        outcome = game.outcome(final)
        ended = outcome.reason if outcome else "still running"
        print(f"ok   {path}: {replay.game}, {len(replay.moves)} moves, {ended}", file=report)
        if args.steps:
            print(game.render(final, None), file=report)
        if page_for is not None:
            from wasteland import viewer  # only --html imports the replay page's writer

            try:
                written = viewer.write(replay, page_for(path))
            except (ValueError, OSError) as exc:
                print(f"FAIL {path}: no page written: {_cut(str(exc), 200)}", file=report)
                status = EXIT_FAILED
                continue
            if str(written) != replays.STDOUT:
                print(f"page: {written} (open it in a browser)", file=report)
    return status


def cmd_book_check(args: argparse.Namespace) -> int:
    """Check an Aftermath book (the starter book when no file is given): each problem on its own
    line, warnings included; exit 1 when there is an error, 2 when the file is not a book."""
    from wasteland.aftermath.book import DEFAULT_BOOK_PATH
    from wasteland.aftermath.card_set import read_card_set
    from wasteland.aftermath.check import check_book, read_for_check

    path = args.file or str(DEFAULT_BOOK_PATH)
    shown = short(path if len(path) <= 80 else "..." + path[-77:], 90)  # the file's name is at the end
    cards = None
    if args.cards is not None:
        try:
            cards = read_card_set(_read_json(args.cards))
        except ConfigError as exc:
            raise UsageError(f"--cards {short(args.cards, 80)}: {_cut(str(exc), 200)}") from None
    try:
        book = read_for_check(_read_json(path), cards)
    except ConfigError as exc:
        raise UsageError(f"{shown}: {_cut(str(exc), 300)}") from None
    problems = check_book(book, cards)
    for problem in problems:
        print(problem)
    errors = sum(not p.warning for p in problems)
    warnings = len(problems) - errors
    if errors:
        print(f"{plural(errors, 'error')}, {plural(warnings, 'warning')}")
        return EXIT_FAILED
    entries = sum(len(p.entries) for p in book.pages)
    also = f" ({plural(warnings, 'warning')})" if warnings else ""
    print(f"ok: {plural(len(book.pages), 'page')}, {plural(entries, 'entry', 'entries')}{also}")
    return 0


_HELP = ("Type an action's number or its notation (the short word beside the number); "
         "u takes back your last decision, r redraws, s saves, q quits (saving when --save is given), "
         "? shows the rules in short and this.")
#: Where ``s`` saves when no ``--save FILE`` was given: in the folder ``play`` was started from.
_DEFAULT_SAVE = "wasteland-save.json"


class _Screen:
    """Where ``play`` writes: a rich console, and lines of text that a pipe gets unwrapped."""

    def __init__(self, out: TextIO) -> None:
        self.console = console_for(out)
        self.tty = self.console.is_terminal
        self._held: list[Callable[[], None]] | None = None
        #: On a terminal, what happened since the seat's last decision (the bots' moves and the
        #: events), told above the table when it is drawn again; elsewhere it is said at once.
        self.since: list[tuple[str, str | None]] = []
        self._cleared = False  # the first table is drawn under the game's introduction

    def tell(self, text: str, style: str | None = None) -> None:
        """A bot's move or an event: said now on a pipe; on a terminal kept for :meth:`fresh`."""
        if self.tty:
            self.since.append((text, style))
        else:
            self.say(text, style)

    def fresh(self) -> None:
        """On a terminal, before the table is drawn for a decision: clear the screen (the table is
        drawn in place, not scrolled away) and say what changed since the seat's last decision.
        Elsewhere nothing: the plain text goes on line after line."""
        if not self.tty:
            self.say("")
            return
        if self._cleared:
            self.console.clear()
        self._cleared = True
        if self.since:
            self.say("Since your last decision:", "bold")
            for text, style in self.since:
                self.say(text, style)
        self.since = []

    def flush_since(self) -> None:
        """What is kept for the next redraw, said now (the game is over: no table follows)."""
        for text, style in self.since:
            self.say(text, style)
        self.since = []

    def hold(self) -> None:
        """Keep what is said from now until :meth:`release` (the game's introduction, until the
        command's seats are known to be right: a refusal comes alone)."""
        self._held = []

    def release(self) -> None:
        """Say what was held, in order."""
        held, self._held = self._held or [], None
        for told in held:
            told()

    @property
    def width(self) -> int:
        return self.console.width

    def say(self, text: str, style: str | None = None) -> None:
        if self._held is not None:
            self._held.append(lambda: self.say(text, style))
            return
        # On a terminal rich wraps at word boundaries; elsewhere a line stays one line.
        from wasteland import terminal  # rich: only play imports it (see terminal)

        self.console.print(terminal.text(text, style), soft_wrap=not self.tty)

    def show(self, thing: Panel | Table) -> None:
        if self._held is not None:
            self._held.append(lambda: self.show(thing))
            return
        if self.tty:
            self.console.print(thing)
            return
        with self.console.capture() as drawn:  # elsewhere, without the padding at the ends of lines
            self.console.print(thing)
        self.console.file.write("".join(line.rstrip() + "\n" for line in drawn.get().splitlines()))


class _Table:
    """A game at the terminal: the state, its moves so far, and where to save it."""

    def __init__(self, game: Game[Any, Any], seed: int, options: dict[str, Any], state: Any,
                 moves: list[str], save_path: Path | None, screen: _Screen, campaign: str | None = None) -> None:
        self.game, self.seed, self.options, self.state = game, seed, options, state
        self.moves, self.save_path, self.screen, self.campaign = moves, save_path, screen, campaign

    def save(self) -> None:
        target = self.save_path or Path(_DEFAULT_SAVE)
        if str(target) != replays.STDOUT:
            target = target.absolute()
        draft = replays.Replay(self.game.key, self.seed, self.options, tuple(self.moves), None, None, "saved game",
                               self.game.rules_version)
        try:
            _make_folder(target)
            replays.save(draft, target)
        except OSError as exc:
            self.screen.say(f"Could not save to {target}: {exc.strerror or exc}. The game goes on.", "yellow")
            return
        if str(target) == replays.STDOUT:
            self.screen.say("Saved to standard output.", "green")
            return
        where = shlex.quote(str(target))
        also = f" --campaign {shlex.quote(str(Path(self.campaign).absolute()))}" if self.campaign else ""
        self.screen.say(f"Saved to {target}; resume with: wasteland play --resume {where}{also}", "green")

    def play(self, action: Any) -> None:
        self.moves.append(self.game.notation(self.state, action))
        self.state = self.game.apply(self.state, action)


def _goal(game: Game[Any, Any], state: Any) -> str:
    """The first line of the game's rules in short: the goal and how the game ends."""
    return game.summary(state).split("\n", 1)[0]


def _check_save_path(path: str | None) -> Path | None:
    if not path:
        return None
    target = Path(path)
    if target.is_dir():
        raise UsageError(f"--save {short(path, 80)} is a directory; name a file")
    if path != replays.STDOUT and not target.parent.is_dir():
        return _folder_to_make("--save", target)
    return target if path == replays.STDOUT else _writable("--save", target)


def _folder_to_make(option: str, target: Path) -> Path:
    """``target`` in a folder that does not exist yet, which the first write makes (the README's
    ``--save games/raxxon.json`` on a fresh clone: naming where a file goes is asking for its
    folder, as ``mkdir -p`` would, and a refusal would only send the user to make it by hand;
    nothing is made before the first save). Refused at once (one line) when a part of the path
    that does exist is not a folder, which no write could get past."""
    for folder in (target.parent, *target.parent.parents):
        if folder.exists() or folder.is_symlink():
            if not folder.is_dir():
                raise UsageError(f"{option} {short(str(target), 80)}: {short(folder.name, 40)} on that path is not a "
                                 "folder")
            break
    return target


def _make_folder(target: Path) -> None:
    """The folder of ``target`` and those above it, where missing (see :func:`_folder_to_make`)."""
    if str(target) != replays.STDOUT:
        target.parent.mkdir(parents=True, exist_ok=True)


def _human_seats(seats: list[int] | None, players: int) -> set[int]:
    """The seats people play (``--seat``, seat 0 by default), checked against the table's."""
    humans = set(seats) if seats else {0}
    bad = sorted(s for s in humans if not 0 <= s < players)
    if bad:
        numbers = "0" if players == 1 else f"0 to {players - 1}"
        raise UsageError(f"the table has {plural(players, 'seat')} ({numbers}); --seat "
                         f"{', '.join(map(str, bad))} is not one of them")
    return humans


def cmd_play(args: argparse.Namespace) -> int:
    screen = _Screen(sys.stdout)
    save_path = _check_save_path(args.save)
    _check_campaign_path(args)
    screen.hold()
    game, seed, options, state, moves = _open_game(args, screen)
    screen.say(_goal(game, state), "bold")
    players = game.num_players(state)
    humans = _human_seats(args.seat, players)
    screen.release()
    bot_name = check_bots([args.bot], game.key)[0] if args.bot is not None else _best_bot(game.key)
    bots: dict[int, Bot] = {
        seat: make_bot(bot_name, game.key, bot_seed(seed, seat), players) for seat in range(players)
        if seat not in humans
    }
    watcher = min(humans)  # whose eyes the bots' moves and the events are told through
    roles = seat_roles(game, state)
    if roles:
        screen.say("; ".join(f"seat {seat}: {roles[seat]} ({'you' if seat in humans else bots[seat].name})"
                             for seat in range(players)) + ".")
    table = _Table(game, seed, options, state, moves, save_path, screen, args.campaign)
    highlights = _highlights(game)
    shown = None
    while True:
        state = table.state
        player = game.current_player(state)
        if player is None:
            outcome = game.outcome(state)
            screen.flush_since()
            screen.show(_board(game.render(state, None), highlights, screen.width))
            assert outcome is not None
            won = ", ".join(f"seat {w}" for w in sorted(outcome.winners)) or "nobody"
            screen.say(f"Game over: {outcome.reason}. Winners: {won}.", "bold")
            if args.campaign:
                from wasteland.aftermath.dashboard import record_mission
                try:
                    screen.say(record_mission(args.campaign, state))
                except RulesError as exc:
                    raise UsageError(_cut(str(exc), 300)) from None
            return 0
        legal = game.legal_actions(state)
        if player not in humans:
            action = bots[player].choose(game, bot_input(bots[player], game, state, player), legal)
            seen = game.view(state, watcher)
            screen.tell(f"seat {player} ({bots[player].name}): {game.describe(seen, action)}", "cyan")
        else:
            if shown is not state:
                screen.fresh()
                screen.show(_board(game.render(game.view(state, player), player), highlights, screen.width))
                screen.say(f"Seat {player}, choose:", "bold")
                screen.show(_choices(game, state, legal))
                shown = state
            answer = _ask(table, legal, highlights)
            if answer is _QUIT:
                return 0
            if answer is _UNDO:
                _undo(table, humans)
                shown = None
                continue
            if answer is _AGAIN or answer is _REDRAW:
                shown = None if answer is _REDRAW else shown
                continue
            action = answer
        table.play(action)
        for line in game.events(game.view(table.state, watcher)):
            screen.tell(f"  · {line}", "italic")


def _check_campaign_path(args: argparse.Namespace) -> None:
    """``--campaign FILE`` (and its drawing, ``FILE.svg``), checked before anything is played, with
    the rules of ``--save``: an Aftermath game, nothing there or a regular file, in a folder that
    exists."""
    if not args.campaign:
        return
    if not args.resume and args.game != "aftermath":
        raise UsageError("--campaign FILE continues an Aftermath campaign: wasteland play aftermath --campaign FILE")
    from wasteland.aftermath.dashboard import campaign_targets
    try:
        campaign_targets(args.campaign)
    except replays.WriteRefused as exc:
        raise UsageError(f"--campaign {exc}") from None
    if not args.save:  # q saves a campaign's mission there: it must be writable too
        _writable("--campaign (q saves the mission to)", Path(_DEFAULT_SAVE))


def _campaign_mission(args: argparse.Namespace, options: dict[str, Any], screen: _Screen) -> dict[str, Any]:
    """``--campaign FILE``: the options of the campaign's next mission (Aftermath only)."""
    from wasteland.aftermath.dashboard import next_mission
    try:
        options, told = next_mission(args.campaign, options)
    except RulesError as exc:
        raise UsageError(_cut(str(exc), 300)) from None
    screen.say(told)
    return options


def _resumed_mission(args: argparse.Namespace, game: Game[Any, Any], options: dict[str, Any],
                     screen: _Screen) -> None:
    """A saved game resumed: with ``--campaign FILE``, it must be that campaign's next mission
    (checked now, not after it is played); without, a campaign's mission is told how to be
    recorded."""
    if game.key != "aftermath":
        if args.campaign:
            raise UsageError("--campaign FILE continues an Aftermath campaign; this saved game is "
                             f"{game.title}")
        return
    from wasteland.aftermath.dashboard import check_resumed_mission, is_campaign_mission
    if args.campaign:
        try:
            screen.say(check_resumed_mission(args.campaign, options))
        except RulesError as exc:
            raise UsageError(_cut(str(exc), 300)) from None
    elif is_campaign_mission(options):
        screen.say("This is a campaign's mission: resume it with --campaign FILE (the campaign it was started "
                   "from) to record it there when it ends.", "yellow")


def _open_game(
    args: argparse.Namespace, screen: _Screen
) -> tuple[Game[Any, Any], int, dict[str, Any], Any, list[str]]:
    """The game ``play`` starts: a saved one resumed, or a new one from the command's options."""
    if args.resume:
        try:
            saved = replays.load(args.resume)
            game = get_game(saved.game)
            state = replays.final_state(saved)
        except replays.ReplayError as exc:
            raise UsageError(f"cannot resume {short(args.resume, 80)}: {exc}") from None
        _resumed_mission(args, game, dict(saved.options), screen)
        screen.say(f"Resumed {game.title} after {len(saved.moves)} moves.")
        return game, saved.seed, dict(saved.options), state, list(saved.moves)
    if not args.game:
        raise UsageError("name a game (wasteland games lists them) or --resume FILE")
    game = get_game(args.game)
    # A human game starts from a seed nobody at the terminal sees: anyone who knows the seed
    # can work out every hidden card. The save file keeps it; --seed chooses one openly.
    seed = args.seed if args.seed is not None else secrets.randbelow(2**63)
    options = parse_options(args.option, args.players)
    if args.campaign:
        options = _campaign_mission(args, options, screen)
    state = _start_game(game, seed, options)
    shown_seed = f", seed {seed}" if args.seed is not None else ""
    screen.say(f"{game.title}{shown_seed}. {_HELP}")
    return game, seed, options, state, []


#: What ``_ask`` answers besides an action: leave, ask again, draw the table again.
_QUIT, _AGAIN, _REDRAW = object(), object(), object()
#: ... and take back the last decision of a person at the table.
_UNDO = object()


def _undo(table: _Table, humans: set[int]) -> None:
    """``u``: take back the last decision a person at the table made, and every move after it.

    The table is played again from the seed and the recorded moves, up to that decision: every
    card dealt, every die rolled and every draw of the bots' hidden cards is what it was, so the
    seat is shown again a table it has seen already and learns nothing it could not know (a
    table rebuilt from the seat's own view would deal the hidden cards anew). The bots play on
    from there."""
    game = table.game
    state = game.new_game(table.seed, **table.options)
    tables: list[Any] = []
    last = None
    for index, move in enumerate(table.moves):
        tables.append(state)
        if game.current_player(state) in humans:
            last = index
        state = game.apply(state, game.parse(state, move))
    if last is None:
        table.screen.say("Nothing to take back: no decision of yours has been made yet.", "yellow")
        return
    taken = table.moves[last]
    table.state = tables[last]
    del table.moves[last:]
    table.screen.since = []  # what followed the decision taken back did not happen
    table.screen.tell(f"Took back {taken} and what followed it; decide again.", "green")


def _ask(table: _Table, legal: tuple[Any, ...], highlights: Any) -> object:
    """One answer typed at the prompt: a legal action (by number or notation), or what to do instead
    (quit, after saving where a save path was given; save; redraw; help)."""
    game, state, screen = table.game, table.state, table.screen
    try:
        answer = input("> ").strip()
    except EOFError:
        answer = "q"
    word = answer.lower()
    if word in ("u", "undo"):
        return _UNDO
    if word in ("q", "quit", "exit"):
        if table.save_path or table.campaign:  # a campaign's mission is never dropped unsaved
            table.save()
        if table.campaign:
            screen.say(f"The campaign in {table.campaign} is unchanged: a mission is recorded there when it "
                       "ends.", "yellow")
        screen.say("Bye.")
        return _QUIT
    if word in ("s", "save"):
        table.save()
        return _AGAIN
    if word in ("r", "redraw"):
        return _REDRAW
    if word in ("?", "h", "help", ""):
        screen.show(_board(game.summary(state), highlights, screen.width))
        screen.say(_HELP)
        screen.say(f"s saves to {(table.save_path or Path(_DEFAULT_SAVE)).absolute()} (--save FILE chooses).")
        return _AGAIN
    if answer.isascii() and answer.isdigit() and len(answer) <= 6:
        if not 1 <= int(answer) <= len(legal):
            screen.say(f"Please type a number from 1 to {len(legal)} (? for help).", "yellow")
            return _AGAIN
        return legal[int(answer) - 1]
    try:
        return game.parse(state, answer)
    except RulesError:
        screen.say(f"{short(answer)} is neither a number from 1 to {len(legal)} nor the notation "
                   "of a legal action (? for help).", "yellow")
        return _AGAIN


def _game_key(text: str) -> str:
    """A game's key, refused in argparse's own words for a choice (as ``play GAME`` and ``simulate GAME`` are)."""
    if text not in GAME_KEYS:
        raise argparse.ArgumentTypeError(
            f"invalid choice: {short(text)} (choose from {', '.join(repr(key) for key in GAME_KEYS)})")
    return text


def _positive_int(text: str) -> int:
    if not (text.isascii() and text.isdigit() and len(text) <= 9) or int(text) < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of at least 1, got {short(text)}")
    return int(text)


def _seed(text: str) -> int:
    if not (text.isascii() and text.isdigit() and len(text) <= 19) or int(text) >= 2**63:
        raise argparse.ArgumentTypeError(f"expected a whole number from 0 to 2**63 - 1, got {short(text)}")
    return int(text)


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, got {short(text)}") from None
    if not math.isfinite(value) or not 0 < value <= 3600:
        raise argparse.ArgumentTypeError(f"expected a number of seconds above 0 and at most 3600, got {short(text)}")
    return value


def _batch_arguments(p: argparse.ArgumentParser) -> None:
    """Where and how the games of ``simulate`` and ``tournament`` run."""
    p.add_argument("--workers", type=_positive_int,
                   help="games at once (default and most: every core this machine gives; with --address, every CPU "
                        "of the cluster)")
    p.add_argument("--backend", choices=BACKENDS, default="process",
                   help="process: this machine's cores; ray: a local Ray, or the cluster at --address")
    p.add_argument("--address", metavar="ADDR",
                   help="join this running Ray cluster (auto, HOST:PORT or ray://HOST:PORT; needs --backend ray)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")


def _games_out_arguments(p: argparse.ArgumentParser) -> None:
    """``--save-games DIR`` and ``--csv FILE``: every game of the batch, as replays and as rows."""
    p.add_argument("--save-games", metavar="DIR",
                   help="write every game as a replay file in DIR (made if missing): wasteland replay checks and "
                        "shows them")
    p.add_argument("--csv", metavar="FILE",
                   help="write one row a game to FILE (CSV): index, seed, seats, bots, winners, reason, code, length "
                        "(decisions)")


def _plot_argument(p: argparse.ArgumentParser) -> None:
    p.add_argument("--plot", metavar="FILE",
                   help="after the run, draw win rates, game lengths and endings to FILE (.png, .svg or .pdf; "
                        "needs matplotlib: the plot extra)")


def _command(sub: argparse._SubParsersAction[_Parser], name: str, about: str) -> _Parser:
    """A subcommand, its line in ``wasteland --help`` also the first line of its own help."""
    return sub.add_parser(name, help=about, description=about[0].upper() + about[1:] + ".")


#: ``--players``, wherever it is taken.
PLAYERS_HELP = ("how many players sit at the table (default: the game's own; wasteland games lists each game's "
                "player counts and default)")
#: ``--seed`` of the batch commands: where the seeds start.
SEED_HELP = ("the first seed (default {default}): {what} are seeded seed, seed+1, ..., so the same command "
             "gives the same results")


def _version() -> str:
    """``wasteland --version``: the package's version and the rules version of each game."""
    rules = ", ".join(f"{key} {GAMES[key].rules_version}" for key in GAME_KEYS)
    return f"{PROG} {__version__} (rules versions: {rules})"


class _Version(argparse._VersionAction):
    """``--version``: argparse's own version action, with the text made when it is asked for
    (it imports every game for its rules version, which no other command needs)."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any,
                 option_string: str | None = None) -> None:
        self.version = _version()
        super().__call__(parser, namespace, values, option_string)


class _TopParser(_Parser):
    """The parser of ``wasteland`` itself: its description (:func:`description`, which imports
    every game for its title) is made when its help is printed, not when a command is parsed."""

    def format_help(self) -> str:
        self.description = description()
        return super().format_help()


def build_parser() -> argparse.ArgumentParser:
    parser = _TopParser(prog=PROG)
    parser.add_argument("--version", action=_Version,
                        help="the version of wasteland and of each game's rules, then exit")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    p = _command(sub, "games", "list the registered games")
    p.set_defaults(run=cmd_games)

    p = _command(sub, "demo", "bots play every game; a summary is printed")
    p.add_argument("-n", "--games", type=_positive_int, default=20, help="games per game and player count")
    p.add_argument("--bot", type=_bot_name, metavar="BOT",
                   help=f"the bot of every seat (default: heuristic where a game has one, else random): {BOT_HELP}")
    p.add_argument("--seed", type=_seed, default=1,
                   help=SEED_HELP.format(default=1, what="the games of each game and player count"))
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(run=cmd_demo)

    p = _command(sub, "play", "play at the terminal against bots")
    p.add_argument("game", nargs="?", choices=GAME_KEYS)
    p.add_argument("--players", type=_positive_int, metavar="N", help=PLAYERS_HELP)
    p.add_argument("--seat", type=int, action="append", help="a seat a human plays (repeatable; default 0)")
    p.add_argument("--bot", type=_bot_name, metavar="BOT",
                   help=f"the bot for the other seats (default: heuristic where a game has one, else random): "
                        f"{BOT_HELP}")
    p.add_argument("--seed", type=_seed, help="start from this seed (shown; by default a hidden random one)")
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                   help="a game option (VALUE @FILE reads JSON)")
    p.add_argument("--save", metavar="FILE", help="where s and q save the game (- for standard output)")
    p.add_argument("--resume", metavar="FILE", help="continue a saved game")
    p.add_argument("--campaign", metavar="FILE",
                   help="aftermath: play the next mission of the campaign saved in FILE (a new one if there is "
                        "none), and save the campaign there after it")
    p.set_defaults(run=cmd_play)

    p = _command(sub, "replay", "verify replay files (and print their steps)")
    p.add_argument("files", nargs="+")
    p.add_argument("--steps", action="store_true", help="print every move, what happened, and the final table")
    p.add_argument("--html", metavar="OUT.html",
                   help="also write the replay as a web page that steps through the game (one self-contained "
                        "file; with several replays, a folder to write them in; - for standard output)")
    p.set_defaults(run=cmd_replay)

    p = _command(sub, "simulate", "bots play many games; win rates and lengths")
    p.add_argument("game", choices=GAME_KEYS)
    p.add_argument("-n", type=_positive_int, default=100, help="number of games")
    p.add_argument("--bot", action="append", type=_bot_name, metavar="BOT",
                   help=f"the bot of every seat, or given once per seat (default: heuristic where a game has one, "
                        f"else random, as demo and play): {BOT_HELP}")
    p.add_argument("--seed", type=_seed, default=0, help=SEED_HELP.format(default=0, what="the games"))
    p.add_argument("--players", type=_positive_int, metavar="N", help=PLAYERS_HELP)
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                   help="a game option (VALUE @FILE reads JSON)")
    p.add_argument("--allow-unfair", action="store_true",
                   help="seat the oracle (it sees the hidden table: not a fair player) beside fair bots")
    _plot_argument(p)
    _games_out_arguments(p)
    _batch_arguments(p)
    p.set_defaults(run=cmd_simulate)

    p = _command(sub, "tournament", "bots play each other in rotated seats; win rates with 95% intervals "
                       "and a rating")
    p.add_argument("game", choices=GAME_KEYS)
    p.add_argument("--bots", required=True, type=_bot_names, metavar="BOT,BOT,...",
                   help=f"bot names separated by commas; repeat a name for more seats. A name is {BOT_HELP}")
    p.add_argument("-n", type=_positive_int, default=100,
                   help="games (versus; rounded up to whole rotations) or deals each bot plays (paired)")
    p.add_argument("--players", type=_positive_int, metavar="N", help=PLAYERS_HELP)
    p.add_argument("--seed", type=_seed, default=0, help=SEED_HELP.format(default=0, what="the games"))
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                   help="a game option (VALUE @FILE reads JSON)")
    p.add_argument("--mode", choices=MODES, default="auto",
                   help="versus: bots share tables; paired: each bot alone on the same deals (auto: paired for "
                        "one seat)")
    p.add_argument("--allow-unfair", action="store_true",
                   help="rank the oracle (it sees the hidden table: not a fair player) beside fair bots")
    _plot_argument(p)
    _games_out_arguments(p)
    _batch_arguments(p)
    p.set_defaults(run=cmd_tournament)

    p = _command(sub, "balance", "the best fair bot and the oracle at each difficulty: win rates with 95% intervals")
    p.add_argument("game", choices=GAME_KEYS)
    p.add_argument("--bots", type=_bot_names, metavar="BOT,BOT,...", default=None,
                   help="the bots (default: the game's best fair bot and its oracle, ismcts:200:best,"
                        "oracle:200:best; for lucky_seven lookahead,oracle:lookahead; for raxxon "
                        "ismcts:50:best and two oracles, oracle:50:heuristic,oracle:50:best)")
    p.add_argument("-n", type=_positive_int, default=20, help="deals each bot plays at each table (default 20)")
    p.add_argument("--players", type=_positive_int, metavar="N", help=PLAYERS_HELP)
    p.add_argument("--seed", type=_seed, default=0, help=SEED_HELP.format(default=0, what="the deals"))
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                   help="a game option of every table (VALUE @FILE reads JSON)")
    p.add_argument("--vary", action="append", default=[], metavar="NAME=V1,V2,...",
                   help="one table per value of this option (repeat for every combination; default: the game's "
                        "default table and its typical tables)")
    p.add_argument("--workers", type=_positive_int, help="games at once (default and most: every core)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    _plot_argument(p)
    p.set_defaults(run=cmd_balance)

    p = _command(sub, "book", "tools for Aftermath's adventure books")
    books = p.add_subparsers(dest="book_command", metavar="COMMAND", required=True, parser_class=_Parser)
    p = _command(books, "check", "check an Aftermath book: every reference lands, every page and entry can be "
                                 "reached, each mission can be won")
    p.add_argument("file", nargs="?", metavar="FILE", help="the book (JSON; default: the starter book)")
    p.add_argument("--cards", metavar="FILE", help="the card set to check the names against (JSON, as the cards "
                                                   "option; default: the game's)")
    p.set_defaults(run=cmd_book_check)

    p = _command(sub, "serve", "a game server: people play in the browser, against bots or each other")
    p.add_argument("--host", default="127.0.0.1",
                   help="the address to listen on (default 127.0.0.1: this machine only; 0.0.0.0 for every network)")
    p.add_argument("--port", type=_port, default=8000, help="the port (default 8000)")
    p.add_argument("--db", metavar="FILE|URL", default=None,
                   help="where matches are kept: an SQLite file (default wasteland-games.sqlite) or a "
                        "postgresql://user@host/database address")
    p.add_argument("--bot-seconds", type=_seconds, default=1.0,
                   help="the most time a search bot takes for one move (default 1)")
    p.add_argument("--replays", metavar="FOLDER", help="also write each finished match there as a replay file")
    p.add_argument("--max-matches", type=_positive_int, default=8,
                   help="matches not over yet that one client address may have made (default 8)")
    p.add_argument("--max-connections", type=_positive_int, default=16,
                   help="live connections one client address may hold at once (default 16)")
    p.add_argument("--max-rate", type=_positive_int, default=20,
                   help="requests and moves a second one client address may send, on average (default 20; "
                        "bursts of three times as many)")
    p.add_argument("--poll", type=_seconds, default=0.5,
                   help="how often a seat's connection asks the database for moves another server made "
                        "(seconds, default 0.5; only matters with several servers on one database)")
    p.set_defaults(run=cmd_serve)

    p = _command(sub, "bench", "decisions per second of each game's rules")
    p.add_argument("games", nargs="*", type=_game_key, metavar="GAME", help="the games to time (default: every game)")
    p.add_argument("--seconds", type=_seconds, default=2.0)
    p.add_argument("--players", type=_positive_int, metavar="N", help=PLAYERS_HELP)
    p.add_argument("--seed", type=_seed, default=0, help=SEED_HELP.format(default=0, what="the games played"))
    p.set_defaults(run=cmd_bench)
    return parser


def _port(text: str) -> int:
    if not (text.isascii() and text.isdigit() and 0 < int(text) < 65536):
        raise argparse.ArgumentTypeError(f"a port is a number from 1 to 65535, got {short(text)}")
    return int(text)


def cmd_serve(args: argparse.Namespace) -> int:
    """``wasteland serve``: the game server (the serve extra: Starlette, uvicorn, psycopg)."""
    if importlib.util.find_spec("starlette") is None or importlib.util.find_spec("uvicorn") is None:
        raise UsageError('the server needs the serve extra: pip install "wasteland[serve]"')
    folder = None
    if args.replays is not None:  # made where missing, as --save and --save-games make theirs
        folder = Path(args.replays)
        if folder.exists() and not folder.is_dir():
            raise UsageError(f"--replays {short(args.replays, 80)} is not a folder")
        _folder_to_make("--replays", folder / "match.json")
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise UsageError(f"--replays {short(args.replays, 80)}: {_cut(str(exc), 200)}") from None
    from wasteland.serve.lobby import Limits
    from wasteland.serve.main import DEFAULT_DB, run

    limits = Limits(open_matches=args.max_matches, connections=args.max_connections, rate=float(args.max_rate),
                    burst=3 * args.max_rate)
    return run(args.host, args.port, args.db or DEFAULT_DB, bot_seconds=args.bot_seconds, replays_folder=folder,
               poll=args.poll, limits=limits)


def _terminate(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def _silence_stdout() -> None:
    """Point standard output at the null device, so that the interpreter's last flush of what is
    left in its buffer does not fail again on the closed pipe."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # not a real file (a test's capture): nothing to flush
        pass


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; returns the exit code (see the module's text)."""
    try:  # a stop from `timeout`, CI or a container ends like Ctrl-C: workers and all
        previous: Any = signal.signal(signal.SIGTERM, _terminate)
    except ValueError:  # not the main thread: leave signals alone
        previous = None
    try:
        args = build_parser().parse_args(argv)
        code: int = args.run(args)
    except UsageError as exc:
        print(f"{PROG}: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except (CodecError, replays.ReplayError) as exc:
        print(f"{PROG}: {_cut(str(exc), 300)}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        newline = "\n" if _isatty(sys.stderr) else ""  # on a terminal, after the ^C the user typed
        print(f"{newline}{PROG}: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        _silence_stdout()
        return EXIT_PIPE_CLOSED
    except OSError as exc:  # a path the system refuses (a name too long, a folder that may not be read)
        where = f"{short(str(exc.filename), 80)}: " if exc.filename is not None else ""
        print(f"wasteland: {where}{_cut(str(exc.strerror or exc), 200)}", file=sys.stderr)
        return EXIT_FAILED
    except Exception as exc:  # noqa: BLE001 - a bug, not the user's input: one line, the traceback on request
        if os.environ.get(DEBUG_VARIABLE):
            raise
        print(f"{PROG}: internal error ({type(exc).__name__}: {_cut(str(exc), 200)}); {DEBUG_VARIABLE}=1 shows "
              "the traceback; please report it", file=sys.stderr)
        return EXIT_INTERNAL
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)
    return code


if __name__ == "__main__":
    sys.exit(main())
