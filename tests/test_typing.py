"""mypy --strict is part of the test suite: the library is typed, everywhere."""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

from wasteland.registry import GAME_KEYS, package_of

ROOT = Path(__file__).parent.parent


def _mypy_strict(path: str, *packages: str) -> subprocess.CompletedProcess[str]:
    """``mypy --strict path`` from the repository's root (not the copies a build leaves in a
    ``build/`` folder: ``pip install ./examples/salvage`` makes one beside the example's source),
    with the folders ``packages`` on mypy's path (a package the checkout holds but need not install)."""
    pytest.importorskip("mypy")
    return subprocess.run([sys.executable, "-m", "mypy", "--strict", "--exclude", "/build/", path], cwd=ROOT,
                          capture_output=True, text=True, env={**os.environ, "MYPYPATH": os.pathsep.join(packages)})


def test_mypy_strict_passes_on_the_library() -> None:
    done = _mypy_strict("src/wasteland")
    assert done.returncode == 0, done.stdout + done.stderr


#: What a user's code sees through a game's package, for mypy to check (never run): each
#: ``assert_type`` fails the type check if the game's functions lose their precise types (``Any``
#: where its ``State`` should be), and the assignment to ``GameModule`` fails if the package stops
#: providing the contract. Written once for every registered game, in a function of its own.
TYPED_USE = """
def {key}() -> None:
    import {package} as g

    state = g.new_game(1)
    assert_type(state, g.State)
    action = g.legal_actions(state)[0]
    assert_type(action, g.Action)
    assert_type(g.apply(state, action), g.State)
    assert_type(g.outcome(state), Outcome | None)
    assert_type(g.returns(state), tuple[float, ...])
    assert_type(g.view(state, 0), g.State)
    assert_type(g.determinize(g.view(state, 0), 0, 5), g.State)
    assert_type(g.GAME.determinize(g.view(state, 0), 0, seed=5), g.State)  # as the docs write it
    assert_type(g.notation(state, action), str)
    assert_type(g.parse(state, "end"), g.Action)
    assert_type(g.svg(state, 0), str)
    assert_type(g.GAME, Game[g.State, g.Action])
    assert_type(g.GAME.apply(state, action), g.State)
    assert_type(g.GAME.legal_actions(state), tuple[g.Action, ...])
    assert_type(g.GAME.parse(state, "end"), g.Action)
    assert_type(g.action_from_id(state, 0), g.Action)
    assert_type(g.observe(g.view(state, 0)), tuple[float, ...])
    module: GameModule[g.State, g.Action] = g
"""


def test_a_user_sees_each_game_s_real_types(tmp_path: Path) -> None:
    """For every registered game, the types mypy infers through its package (``wasteland.<key>``,
    or a game's own package) are its own: ``TYPED_USE`` on each, checked with ``--strict``."""
    pytest.importorskip("mypy")
    text = "from typing import assert_type\n\nfrom wasteland.core.game import Game, GameModule, Outcome\n"
    paths = []
    for key in GAME_KEYS:
        text += "\n" + TYPED_USE.format(key=key, package=package_of(key))
        where = Path(importlib.import_module(package_of(key)).__file__ or "").parent.parent
        if not package_of(key).startswith("wasteland."):
            paths.append(str(where))  # a registered package that is not installed, as the tests' example
    (tmp_path / "games.py").write_text(text)
    done = subprocess.run([sys.executable, "-m", "mypy", "--strict", str(tmp_path / "games.py")], cwd=ROOT,
                          capture_output=True, text=True, env={**os.environ, "MYPYPATH": os.pathsep.join(paths)})
    assert done.returncode == 0, done.stdout + done.stderr


def test_a_working_copy_has_its_state_s_fields_with_their_types() -> None:
    """``tests/typecheck/working_copy.py``: the toy game's working copy names five fields; mypy sees
    the State's others on it, typed and writable (and refuses a str where an int belongs)."""
    done = _mypy_strict("tests/typecheck/working_copy.py", "examples/salvage/src")
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_examples_type_check_as_a_user_s_code_would() -> None:
    """The examples are what users copy: written against the library's types, they pass
    mypy --strict (``determinize(view, 0, seed=7)`` on a game's bundle once did not)."""
    done = _mypy_strict("examples")
    assert done.returncode == 0, done.stdout + done.stderr
