"""What the ``wasteland`` command imports to start: a command imports the games it is asked about,
not every game there is (each game's package is most of a start's time), and rich only to draw
on a terminal."""

from __future__ import annotations

import json
import subprocess
import sys

from wasteland.registry import BUILT_IN

#: Runs ``wasteland.cli.main`` on the arguments given (standard error not a terminal) and prints,
#: as JSON, the exit code and the library's games whose package the run imported.
_PROBE = """
import contextlib, io, json, sys
from wasteland.cli import main
with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
    try:
        code = main(sys.argv[1:])
    except SystemExit as exc:
        code = exc.code
found = sorted(name.removeprefix("wasteland.") for name in {modules!r} if name in sys.modules)
print(json.dumps([code, found]))
"""


def _run(argv: tuple[str, ...], modules: tuple[str, ...]) -> tuple[int, list[str]]:
    done = subprocess.run([sys.executable, "-c", _PROBE.format(modules=modules), *argv], capture_output=True,
                          text=True, timeout=300, check=True)
    code, found = json.loads(done.stdout)
    return code, found


def _games_imported(*argv: str) -> tuple[int, list[str]]:
    return _run(argv, tuple(f"wasteland.{key}" for key in BUILT_IN))


def _imported(*argv: str, modules: tuple[str, ...]) -> list[str]:
    code, found = _run(argv, modules)
    assert code == 0
    return found


def test_a_command_s_help_imports_no_game() -> None:
    for command in ("simulate", "tournament", "play", "replay", "bench", "demo"):
        assert _games_imported(command, "--help") == (0, []), command


def test_simulate_imports_the_game_it_plays_and_no_other() -> None:
    assert _games_imported("simulate", "raxxon", "-n", "1", "--bot", "random", "--quiet") == (0, ["raxxon"])


def test_a_run_that_draws_nothing_on_a_terminal_does_not_import_rich() -> None:
    for argv in (("simulate", "--help"), ("simulate", "lucky_seven", "-n", "2", "--bot", "random"),
                 ("tournament", "lucky_seven", "--bots", "random,random", "-n", "2"), ("games",)):
        assert _imported(*argv, modules=("rich",)) == [], argv


def test_a_usage_error_imports_no_game() -> None:
    assert _games_imported("simulate", "no_such_game") == (2, [])


def test_the_command_s_own_help_and_version_name_every_game() -> None:
    assert _games_imported("--help") == (0, list(sorted(BUILT_IN)))
    assert _games_imported("--version") == (0, list(sorted(BUILT_IN)))
