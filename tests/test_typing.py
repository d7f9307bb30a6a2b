"""mypy --strict is part of the test suite: the library is typed, everywhere."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent


def _mypy_strict(path: str) -> subprocess.CompletedProcess[str]:
    """``mypy --strict path`` from the repository's root."""
    pytest.importorskip("mypy")
    return subprocess.run([sys.executable, "-m", "mypy", "--strict", path], cwd=ROOT, capture_output=True, text=True)


def test_mypy_strict_passes_on_the_library() -> None:
    done = _mypy_strict("src/wasteland")
    assert done.returncode == 0, done.stdout + done.stderr


def test_a_user_sees_each_game_s_real_types() -> None:
    """``tests/typecheck/games.py`` asserts the types mypy infers through ``wasteland.<key>``."""
    done = _mypy_strict("tests/typecheck/games.py")
    assert done.returncode == 0, done.stdout + done.stderr


def test_a_working_copy_has_its_state_s_fields_with_their_types() -> None:
    """``tests/typecheck/working_copy.py``: the toy game's working copy names five fields; mypy sees
    the State's others on it, typed and writable (and refuses a str where an int belongs)."""
    done = _mypy_strict("tests/typecheck/working_copy.py")
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_examples_type_check_as_a_user_s_code_would() -> None:
    """The examples are what users copy: written against the library's types, they pass
    mypy --strict (``determinize(view, 0, seed=7)`` on a game's bundle once did not)."""
    done = _mypy_strict("examples")
    assert done.returncode == 0, done.stdout + done.stderr
