"""Every game package has the one skeleton: the same files, with the same jobs, on the one engine
(docs/adding-a-game.md). A new game that strays fails here; so does an import cycle."""

from __future__ import annotations

import ast
import importlib
import inspect
from pathlib import Path

import attrs
import pytest

from wasteland import GAMES
from wasteland.core.driver import Driver
from wasteland.core.engine import Engine, Rule
from wasteland.core.game import Game
from wasteland.registry import GAME_KEYS

ROOT = Path(__file__).parent.parent


def folder(key: str) -> Path:
    """The source folder of a registered game's package."""
    module = importlib.import_module(GAMES[key].state_type.__module__.rsplit(".", 1)[0])
    return Path(module.__file__ or "").parent


def package(key: str) -> str:
    return GAMES[key].state_type.__module__.rsplit(".", 1)[0]


#: Each file of the skeleton and the names it must define (its job).
SKELETON: dict[str, tuple[str, ...]] = {
    "__init__.py": ("GAME",),
    "cards.py": (),
    "state.py": ("Options", "State", "Work"),
    "actions.py": ("Action", "ACTION_TYPES", "notation", "action_count", "action_id"),
    "setup.py": ("make_options", "initial_state"),
    "rules.py": ("ENGINE", "RULES", "new_game", "current_player", "legal_actions", "apply", "outcome", "returns",
                 "num_players", "parse", "action_from_id"),
    "view.py": ("view", "determinize", "observation_size", "observe"),
    "render.py": ("render", "svg", "describe", "events"),
}
#: Where a game reads a card set of one's own, the file that does it, and its names.
CARD_SET = ("CardSet", "read_card_set", "card_table", "table_of")
#: Names that meant different things in different games; none may come back.
FORBIDDEN = ("table.py", "common.py", "card_sets.py", "util.py", "utils.py", "helpers.py")
#: The order of the skeleton's files: a file imports only from files of a lower rank (a game's
#: shared words and its book, where it has them, sit with its cards; phase
#: modules rank between actions/setup and rules, and may import each other without a cycle).
RANK = {"vocabulary": 0, "cards": 0, "book": 1, "card_set": 1, "state": 2, "actions": 3, "setup": 4, "rules": 6,
        "view": 7, "render": 8, "campaign": 8, "dashboard": 8, "__init__": 9}
PHASE_RANK = 5


@pytest.mark.parametrize("key", GAME_KEYS)
def test_every_file_of_the_skeleton_is_there_with_its_job(key: str) -> None:
    here = folder(key)
    for name, defines in SKELETON.items():
        assert (here / name).is_file(), f"{key}/{name} is missing"
        module = importlib.import_module(package(key) + ("" if name == "__init__.py" else f".{name[:-3]}"))
        for symbol in defines:
            assert hasattr(module, symbol), f"{key}/{name} must define {symbol}"
    if (here / "card_set.py").exists():
        module = importlib.import_module(f"{package(key)}.card_set")
        assert all(hasattr(module, symbol) for symbol in CARD_SET), f"{key}/card_set.py lacks {CARD_SET}"
    for name in FORBIDDEN:
        assert not (here / name).exists(), f"{key}/{name}: that name has no job in the skeleton"


@pytest.mark.parametrize("key", GAME_KEYS)
def test_init_holds_the_contract_names_and_the_bundle(key: str) -> None:
    tree = ast.parse((folder(key) / "__init__.py").read_text())
    for node in tree.body:
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            continue  # the docstring
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            continue
        targets = [node.target] if isinstance(node, ast.AnnAssign) else getattr(node, "targets", [])
        names = [t.id for t in targets if isinstance(t, ast.Name)]
        assert names and set(names) <= {"__all__", "GAME"}, f"{key}/__init__.py line {node.lineno} does more"
        if "GAME" in names:
            value = node.value
            assert isinstance(value, ast.Call) and getattr(value.func, "id", "") == "bundle", \
                f"{key}: GAME is made by core.engine.bundle"


@pytest.mark.parametrize("key", GAME_KEYS)
def test_the_door_and_the_driver_are_the_engine_s(key: str) -> None:
    """``apply``, ``legal_actions``, ``moves``, ``new_game``, ``parse``, ``outcome``, ``returns`` and
    ``num_players`` are the engine's own; every action type has its Rule; the working copy is the
    State's."""
    rules = importlib.import_module(f"{package(key)}.rules")
    state = importlib.import_module(f"{package(key)}.state")
    engine = rules.ENGINE
    assert isinstance(engine, Engine) and isinstance(engine.driver, Driver)
    game = GAMES[key]
    for name in ("apply", "legal_actions", "moves", "new_game", "parse", "outcome", "returns", "num_players"):
        assert getattr(game, name) == getattr(engine, name), f"{key}.{name} is not the engine's"
    assert set(rules.RULES) == set(game.action_types)
    assert all(isinstance(rule, Rule) for rule in rules.RULES.values())
    assert engine.work_type is state.Work and state.Work.record is state.State
    names = [f.name for f in attrs.fields(state.State)]
    assert names[-4:] == ["stack", "events", "rng", "viewer"]


#: How many arguments each contract function takes (the skeleton checks signatures, not names).
ARITY = {"new_game": 1, "current_player": 1, "legal_actions": 1, "moves": 1, "apply": 2, "outcome": 1, "returns": 1,
         "view": 2, "determinize": 3, "notation": 2, "parse": 2, "num_players": 1, "events": 1, "render": 2,
         "svg": 2, "describe": 2, "action_count": 1, "action_id": 2, "action_from_id": 2, "observation_size": 1,
         "observe": 1}


@pytest.mark.parametrize("key", GAME_KEYS)
def test_each_contract_function_takes_what_the_contract_gives(key: str) -> None:
    game = GAMES[key]
    for name, count in ARITY.items():
        assert name in {f.name for f in attrs.fields(Game)}
        signature = inspect.signature(getattr(game, name))
        positional = [p for p in signature.parameters.values()
                      if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
        required = [p for p in positional if p.default is p.empty]
        assert len(required) <= count <= len(positional), f"{key}.{name}{signature} does not take {count}"


def _imports(path: Path, pkg: str) -> tuple[set[str], list[str]]:
    """The sibling modules ``path`` imports at its top level, and every import made inside a function."""
    tree = ast.parse(path.read_text())
    top: set[str] = set()
    # imports at the top, and those under a module-level ``if`` (TYPE_CHECKING makes a cycle too)
    body = [*tree.body, *(n for stmt in tree.body if isinstance(stmt, ast.If) for n in (*stmt.body, *stmt.orelse))]
    for node in body:
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith(pkg + "."):
            top.add(node.module[len(pkg) + 1:].split(".")[0])
        if isinstance(node, ast.ImportFrom) and node.module == pkg:
            top.update(alias.name for alias in node.names)
    inner = [f"line {n.lineno}" for f in ast.walk(tree) if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef))
             for n in ast.walk(f) if isinstance(n, (ast.Import, ast.ImportFrom))]
    return top, inner


@pytest.mark.parametrize("key", GAME_KEYS)
def test_imports_inside_a_game_go_one_way(key: str) -> None:
    """cards → state → actions → phases → rules → view → render → ``__init__``: no cycle, and no
    import written inside a function (a hook that needs a higher module is registered from above)."""
    pkg, here = package(key), folder(key)
    graph: dict[str, set[str]] = {}
    for path in sorted(here.glob("*.py")):
        name = path.stem
        top, inner = _imports(path, pkg)
        assert not inner, f"{key}/{path.name} imports inside a function ({', '.join(inner)})"
        graph[name] = top
    for name, targets in graph.items():
        rank = RANK.get(name, PHASE_RANK)
        for target in targets:
            assert RANK.get(target, PHASE_RANK) <= rank, f"{key}/{name}.py imports {target}, which sits above it"
    seen: dict[str, int] = {}

    def visit(name: str, path: tuple[str, ...]) -> None:
        if seen.get(name) == 2:
            return
        assert seen.get(name) != 1, f"{key}: an import cycle {' → '.join((*path, name))}"
        seen[name] = 1
        for target in sorted(graph.get(name, ())):
            visit(target, (*path, name))
        seen[name] = 2

    for name in graph:
        visit(name, ())


def test_the_core_imports_no_game_and_nothing_inside_a_function() -> None:
    for path in sorted((ROOT / "src" / "wasteland" / "core").glob("*.py")):
        text = path.read_text()
        for key in GAME_KEYS:
            assert f"wasteland.{key}" not in text, f"core/{path.name} names the game {key}"
        _, inner = _imports(path, "wasteland.core")
        assert not inner, f"core/{path.name} imports inside a function ({', '.join(inner)})"


@pytest.mark.parametrize("key", GAME_KEYS)
def test_the_heuristic_bot_lives_beside_the_others(key: str) -> None:
    agents = ROOT / "src" / "wasteland" / "agents"
    assert (agents / f"{key}.py").is_file() or not any(agents.glob(f"{key}*"))
