"""Every ``wasteland`` command in a shell block of the README and the docs runs as written, from
a new folder that holds what a fresh clone does (``examples/``), in the order a reader meets them.

The work is bounded, not the words: the command line is read as printed (argparse, options,
files, globs, bot names), while ``simulate``, ``tournament`` and ``demo`` play one game per run
(a tournament the fewest that seat every bot in every seat) with search bots thinking one
simulation a decision, ``bench`` times for a moment, ``serve`` starts the real server on a free
loopback port and stops it once it listens, and ``play`` is driven by typed answers (the rules,
a decision, a save, then quit). A command that cannot run here is listed below
with why.
"""

from __future__ import annotations

import builtins
import glob
import json
import re
import shlex
import shutil
import threading
import time
from pathlib import Path
from typing import Any, Iterator

import pytest
import uvicorn

from tests.test_docs import run_blocks
from wasteland import balance as balance_module
from wasteland import cli

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", ROOT / "CONTRIBUTING.md", *sorted((ROOT / "docs").rglob("*.md"))]

#: A fenced block of commands (``sh``, ``bash``, ``console`` or no language), indented or not.
_BLOCK = re.compile(r"^( *)```(sh|bash|console|shell|)\n(.*?)^\1```$", re.MULTILINE | re.DOTALL)
#: A command of this project, alone or after ``&&``.
_COMMAND = re.compile(r"^(?:\.venv/bin/)?wasteland(?:\s|$)|^python3? -m wasteland(?:\s|$)")

#: Commands printed as a pattern to fill in, not to run as they stand.
SYNOPSES = {
    "wasteland tournament GAME --bots ismcts:200,heuristic,random -n 400 [--players N] [--seed S]",
    "wasteland balance GAME [--bots BOT,BOT,...] [-n DEALS] [--players N] [--option NAME=VALUE]",
}
#: Commands that need what a test cannot have.
ELSEWHERE = {
    "wasteland simulate arctic_scavengers --players 4 -n 1000000 --bot random --seed 0 --backend ray "
    "--address HEAD:6379 --quiet": "a running Ray cluster (docs/scaling.md)",
    **{f"wasteland serve --port {port} --db postgresql://games@db.internal/wasteland":
       "a PostgreSQL server of one's own (tests/serve uses the one .ci/run starts)" for port in (8001, 8002)},
}


def commands(page: Path) -> list[str]:
    """The page's commands of this project, in order, a line continued with ``\\`` read as one."""
    found: list[str] = []
    for indent, _, body in _BLOCK.findall(page.read_text(encoding="utf-8")):
        body = re.sub(r"\\\n\s*", " ", body)
        for line in body.splitlines():
            line = line[len(indent):] if line.startswith(indent) else line.strip()
            for part in line.split("&&"):
                if _COMMAND.match(part.strip()):
                    found.append(" ".join(shlex.split(part, comments=True)))
    return found


ALL = [(page, command) for page in PAGES for command in commands(page)]


def test_the_pages_have_the_commands_a_reader_meets() -> None:
    """The collector finds the README's commands and those of the tutorial and the book format
    (a change that hid them from this test would fail here), and every command set aside is
    still on a page."""
    named = {page.name for page, _ in ALL}
    assert {"README.md", "tutorial.md", "book-format.md", "index.md"} <= named
    assert sum(page.name == "README.md" for page, _ in ALL) >= 15
    printed = {command for _, command in ALL}
    assert SYNOPSES <= printed and set(ELSEWHERE) <= printed


def _one_simulation_a_decision(bot: str) -> str:
    """A search bot's name (read and checked as written by then) with a budget of one simulation
    a decision: ``ismcts:50:heuristic:w0.5`` plays as ``ismcts:1:heuristic:w0.5``."""
    return re.sub(r"^(ismcts|flat|oracle):(\d+(?:\.\d+)?s|\d+)", r"\1:1", bot)


class Bounded:
    """What a command runs, bounded: one game per batch, a moment per bench, answers at the prompt."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.played: list[tuple[str, int]] = []
        simulate, tournament, bench = cli.simulate, cli.tournament, cli.bench_game

        def one_simulation(key: str, n: int, bots: Any, **kwargs: Any) -> Any:
            self.played.append((key, n))
            bots = [_one_simulation_a_decision(name) for name in bots]
            return simulate(key, 1, bots, **{**kwargs, "workers": 1, "backend": "process", "address": None})

        def one_tournament(key: str, bots: Any, n: int, **kwargs: Any) -> Any:
            self.played.append((key, n))
            bots = [_one_simulation_a_decision(name) for name in bots]
            kwargs = {**kwargs, "workers": 1, "backend": "process", "address": None}
            try:
                return tournament(key, bots, 1, **kwargs)
            except ValueError as exc:  # versus: the fewest games that seat every bot in every seat
                fewest = re.search(r"at least (\d+) games", str(exc))
                if fewest is None:
                    raise
                return tournament(key, bots, int(fewest.group(1)), **kwargs)

        def a_moment(key: str, **kwargs: Any) -> Any:
            return bench(key, **{**kwargs, "seconds": 0.02})

        def serve_a_moment(app: Any, **kwargs: Any) -> None:
            """The real server on a free loopback port, stopped as soon as it listens."""
            server = uvicorn.Server(uvicorn.Config(app, **{**kwargs, "host": "127.0.0.1", "port": 0}))

            def stop_once_started() -> None:
                deadline = time.monotonic() + 60
                while not server.started and time.monotonic() < deadline:
                    time.sleep(0.05)
                server.should_exit = True

            threading.Thread(target=stop_once_started, daemon=True).start()
            server.run()
            self.served += 1
            assert server.started, "the server never listened"

        self.served = 0
        monkeypatch.setattr(uvicorn, "run", serve_a_moment)
        monkeypatch.setattr(cli, "simulate", one_simulation)
        monkeypatch.setattr(balance_module, "simulate", one_simulation)
        monkeypatch.setattr(cli, "tournament", one_tournament)
        monkeypatch.setattr(cli, "bench_game", a_moment)
        self.answers: Iterator[str] = iter(())

        def typed(prompt: str = "") -> str:
            try:
                return next(self.answers)
            except StopIteration:
                raise EOFError from None  # then play quits, as on Ctrl-D

        monkeypatch.setattr(builtins, "input", typed)

    def run(self, command: str) -> int:
        words = shlex.split(command)
        words = words[3:] if words[0].startswith("python") else words[1:]
        argv = [match for word in words for match in (sorted(glob.glob(word)) if "*" in word else [word])]
        if argv and argv[0] == "play":
            self.answers = iter(["?", "1", "s", "q"])
        return cli.main(argv)


def _clone(where: Path) -> None:
    """What a fresh clone holds that the commands read."""
    shutil.copytree(ROOT / "examples", where / "examples")


def _prepare(page: Path, where: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The files a page's commands read that the reader made before them: the tutorial's Python
    blocks (my_game.json, my_cards.json), the book format's mission, the README's own book."""
    if page.name == "tutorial.md":
        run_blocks(page, where, monkeypatch)  # links examples/, as a checkout has it
    else:
        _clone(where)
    monkeypatch.chdir(where)
    if page.name == "book-format.md":
        section = page.read_text(encoding="utf-8").split("\n## Write your own mission\n", 1)[1]
        (book,) = re.findall(r"^```json\n(.*?)^```$", section.split("\n## ", 1)[0], re.MULTILINE | re.DOTALL)
        Path("first_mission.json").write_text(book, encoding="utf-8")
    if page.name == "README.md":
        from wasteland.aftermath.book import DEFAULT_BOOK_PATH

        data = json.loads(DEFAULT_BOOK_PATH.read_text(encoding="utf-8"))
        Path("my_book.json").write_text(json.dumps(data), encoding="utf-8")


@pytest.mark.parametrize("page", sorted({page for page, _ in ALL}), ids=lambda page: page.name)
def test_every_command_of_the_page_runs_as_written_in_a_new_folder(
    page: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    _prepare(page, tmp_path, monkeypatch)
    bounded = Bounded(monkeypatch)
    for command in commands(page):
        if command in SYNOPSES or command in ELSEWHERE:
            continue
        code = bounded.run(command)
        out = capsys.readouterr()
        assert code == 0, f"{page.name}: {command}\n{out.err[-800:]}"
        assert "Traceback" not in out.err and "internal error" not in out.err, command
        if "--save " in command:
            saved = Path(command.split("--save ", 1)[1].split()[0])
            assert saved.is_file(), f"{command} saved nothing at {saved}"
        if "--html " in command or "--plot " in command:
            written = Path(command.split("--html " if "--html " in command else "--plot ", 1)[1].split()[0])
            assert written.is_file() and written.stat().st_size > 0, command
