"""What the ``wasteland`` command imports to start: a command imports the games it is asked about,
not every game there is (each game's package is most of a start's time)."""

from __future__ import annotations

import json
import subprocess
import sys

from wasteland.registry import BUILT_IN

#: Runs ``wasteland.cli.main`` on the arguments given and prints, as JSON, the exit code and the
#: library's games whose package the run imported.
_PROBE = """
import contextlib, io, json, sys
from wasteland.cli import main
with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
    try:
        code = main(sys.argv[1:])
    except SystemExit as exc:
        code = exc.code
games = sorted(key for key in {games!r} if "wasteland." + key in sys.modules)
print(json.dumps([code, games]))
"""


def _games_imported(*argv: str) -> tuple[int, list[str]]:
    done = subprocess.run([sys.executable, "-c", _PROBE.format(games=BUILT_IN), *argv], capture_output=True,
                          text=True, timeout=300, check=True)
    code, games = json.loads(done.stdout)
    return code, games


def test_a_command_s_help_imports_no_game() -> None:
    for command in ("simulate", "tournament", "play", "replay", "bench", "demo"):
        assert _games_imported(command, "--help") == (0, []), command


def test_simulate_imports_the_game_it_plays_and_no_other() -> None:
    assert _games_imported("simulate", "raxxon", "-n", "1", "--bot", "random", "--quiet") == (0, ["raxxon"])


def test_a_usage_error_imports_no_game() -> None:
    assert _games_imported("simulate", "no_such_game") == (2, [])


def test_the_command_s_own_help_and_version_name_every_game() -> None:
    assert _games_imported("--help") == (0, list(sorted(BUILT_IN)))
    assert _games_imported("--version") == (0, list(sorted(BUILT_IN)))
