"""Every game package has the one skeleton: the same files, with the same jobs, checking and applying
the same way (docs/architecture.md, "Adding a game"). A new game that strays fails here."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import attrs
import pytest

from wasteland.core.driver import Driver, Scratch
from wasteland.registry import GAME_KEYS

SRC = Path(__file__).parent.parent / "src" / "wasteland"

#: Each file of the skeleton and the names it must define (its job).
SKELETON: dict[str, tuple[str, ...]] = {
    "__init__.py": ("GAME",),
    "cards.py": ("CardTable", "PUBLIC_TABLE"),
    "card_set.py": ("CardSet", "read_card_set", "card_table", "table_of"),
    "state.py": ("Options", "State"),
    "actions.py": ("Action", "ACTION_TYPES", "notation", "parse", "action_count", "action_id", "action_from_id"),
    "setup.py": ("make_options",),
    "rules.py": ("new_game", "current_player", "legal_actions", "apply", "outcome", "returns", "num_players",
                 "illegal_reason", "settle", "Work", "DRIVER"),
    "view.py": ("view", "determinize", "observation_size", "observe"),
    "render.py": ("render", "svg", "describe", "events"),
}
#: Names that meant different things in different games; none may come back.
FORBIDDEN = ("table.py", "common.py", "card_sets.py", "util.py", "utils.py", "helpers.py")


@pytest.mark.parametrize("key", GAME_KEYS)
def test_every_file_of_the_skeleton_is_there_with_its_job(key: str) -> None:
    folder = SRC / key
    for name, defines in SKELETON.items():
        assert (folder / name).is_file(), f"{key}/{name} is missing"
        module = importlib.import_module(f"wasteland.{key}" + ("" if name == "__init__.py" else f".{name[:-3]}"))
        for symbol in defines:
            assert hasattr(module, symbol), f"{key}/{name} must define {symbol}"
    for name in FORBIDDEN:
        assert not (folder / name).exists(), f"{key}/{name}: that name has no job in the skeleton"


@pytest.mark.parametrize("key", GAME_KEYS)
def test_init_holds_the_contract_names_and_nothing_else(key: str) -> None:
    tree = ast.parse((SRC / key / "__init__.py").read_text())
    for node in tree.body:
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            continue  # the docstring
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            continue
        targets = [node.target] if isinstance(node, ast.AnnAssign) else getattr(node, "targets", [])
        names = [t.id for t in targets if isinstance(t, ast.Name)]
        assert names and set(names) <= {"__all__", "GAME"}, f"{key}/__init__.py line {node.lineno} does more"


@pytest.mark.parametrize("key", GAME_KEYS)
def test_apply_checks_first_then_does(key: str) -> None:
    """``apply`` refuses a non-state and a view, asks ``illegal_reason``, then dispatches."""
    tree = ast.parse((SRC / key / "rules.py").read_text())
    apply = next(n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == "apply")
    calls = sorted((n.lineno, n.func.id) for n in ast.walk(apply)
                   if isinstance(n, ast.Call) and isinstance(n.func, ast.Name))
    called = [name for _, name in calls]
    assert "check_table" in called and "illegal_reason" in called
    assert called.index("check_table") < called.index("illegal_reason")


@pytest.mark.parametrize("key", GAME_KEYS)
def test_the_state_ends_with_the_fields_of_the_contract(key: str) -> None:
    rules = importlib.import_module(f"wasteland.{key}.rules")
    state = importlib.import_module(f"wasteland.{key}.state").State
    names = [f.name for f in attrs.fields(state)]
    assert names[-4:] == ["stack", "events", "rng", "viewer"]
    assert issubclass(rules.Work, Scratch) and rules.Work.record is state
    assert isinstance(rules.DRIVER, Driver)


@pytest.mark.parametrize("key", GAME_KEYS)
def test_the_heuristic_bot_lives_beside_the_others(key: str) -> None:
    agents = SRC / "agents"
    assert (agents / f"{key}.py").is_file() or not any(agents.glob(f"{key}*"))
