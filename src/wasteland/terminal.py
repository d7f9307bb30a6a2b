"""What the ``wasteland`` command draws with rich: its consoles, the progress bar's columns, and
``play``'s framed table and list of moves.

:mod:`wasteland.cli` imports this module when it draws something (``play``, a progress bar on a
terminal), not when it starts: rich is a good part of a start's time, and a command run in a
script or a pipe (``wasteland simulate ... > out.txt``) draws nothing with it.
"""

from __future__ import annotations

import re
from typing import Any, Sequence, TextIO

from rich import box
from rich.console import Console
from rich.errors import StyleSyntaxError
from rich.panel import Panel
from rich.progress import BarColumn, MofNCompleteColumn, Progress, ProgressColumn, Task, TaskID, TextColumn
from rich.style import Style
from rich.table import Table
from rich.text import Text

from wasteland.core.game import Game

__all__ = ["console", "progress", "highlights", "board", "choices", "text"]

#: A compiled pair of a game's ``HIGHLIGHTS``: what to colour, and how.
Highlight = tuple[re.Pattern[str], Style]


class _Console(Console):
    def on_broken_pipe(self) -> None:
        """A closed pipe ends the command as everywhere else here (rich's own way exits with 1)."""
        self.quiet = True
        raise BrokenPipeError


def console(stream: TextIO, tty: bool, plain_width: int) -> Console:
    """A rich console writing to ``stream``: colour and the terminal's width on a terminal (``tty``);
    elsewhere plain text (no escape codes whatever the environment says) at ``plain_width``."""
    return _Console(file=stream, force_terminal=tty, force_interactive=tty, force_jupyter=False,
                    color_system="auto" if tty else None, no_color=None if tty else True,
                    width=None if tty else plain_width, markup=False, emoji=False, highlight=False)


class _Rate(ProgressColumn):
    """Games per second since the bar was made (the run's start)."""

    def render(self, task: Task) -> Text:
        elapsed = task.elapsed
        if not task.completed or not elapsed:
            return Text("? games/s", style="progress.data.speed")
        rate = task.completed / elapsed
        shown = f"{rate:.2f}" if rate < 10 else f"{rate:.1f}" if rate < 100 else f"{rate:.0f}"
        return Text(f"{shown} games/s", style="progress.data.speed")


class _Time(ProgressColumn):
    """The time left at the rate so far; once done, the time the run took."""

    def render(self, task: Task) -> Text:
        elapsed = task.elapsed or 0.0
        if task.finished:
            return Text(f"took {_clock(elapsed)}", style="progress.elapsed")
        if not task.completed or task.total is None:
            return Text("left -:--:--", style="progress.remaining")
        left = (task.total - task.completed) * elapsed / task.completed
        return Text(f"left {_clock(left)}", style="progress.remaining")


def _clock(seconds: float) -> str:
    whole = int(seconds + 0.5)
    return f"{whole // 3600}:{whole // 60 % 60:02d}:{whole % 60:02d}"


def progress(label: str, on: Console) -> tuple[Progress, TaskID]:
    """A progress bar on ``on`` (games done of all, games per second, time left), its clock
    started, and its one task."""
    bar = Progress(
        TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), _Rate(), _Time(),
        console=on, redirect_stdout=False, redirect_stderr=False, transient=False,
    )
    return bar, bar.add_task(label, total=None)


def highlights(pairs: Sequence[Any]) -> tuple[Highlight, ...]:
    """A game's ``HIGHLIGHTS`` (pairs of a regular expression and a rich style), compiled; a pair
    that does not compile is left out rather than stopping the game."""
    found: list[Highlight] = []
    for pair in pairs:
        try:
            pattern, style = pair
            found.append((re.compile(pattern, re.M), Style.parse(style)))
        except (TypeError, ValueError, re.error, StyleSyntaxError):
            continue
    return tuple(found)


def board(folded: str, colours: Sequence[Highlight]) -> Panel:
    """The table's text (folded to the frame's width) in a frame, coloured by ``colours``."""
    drawn = Text(folded)
    for pattern, style in colours:
        drawn.highlight_regex(pattern, style)
    return Panel(drawn, box=box.ROUNDED, expand=False, border_style="bright_black")


def choices(game: Game[Any, Any], state: Any, legal: Sequence[Any]) -> Table:
    """The legal actions, numbered from 1, with their notation and what each does."""
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, header_style="bold")
    table.add_column("#", justify="right", style="cyan")
    table.add_column("move", style="bold")
    table.add_column("what it does")
    for i, action in enumerate(legal, 1):
        table.add_row(str(i), Text(game.notation(state, action)), Text(game.describe(state, action)))
    return table


def text(line: str, style: str | None) -> Text:
    """A line of text in ``style`` (none: the console's own)."""
    return Text(line, style=style or "")
