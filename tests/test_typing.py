"""mypy --strict is part of the test suite: the library is typed, everywhere."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent


def test_mypy_strict_passes_on_the_library() -> None:
    pytest.importorskip("mypy")
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "src/wasteland"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_a_user_sees_each_game_s_real_types() -> None:
    """``tests/typecheck/games.py`` asserts the types mypy infers through ``wasteland.<key>``."""
    pytest.importorskip("mypy")
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "tests/typecheck/games.py"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_examples_type_check_as_a_user_s_code_would() -> None:
    """The examples are what users copy: written against the library's types, they pass
    mypy --strict (``determinize(view, 0, seed=7)`` on a game's bundle once did not)."""
    pytest.importorskip("mypy")
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "examples"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stdout + done.stderr
