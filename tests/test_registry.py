"""Games from other packages: found through the entry-point group ``wasteland.games``, imported
when first asked for, and checked, so that a broken one is one line and never the others' end.

Each test installs packages the way pip leaves them for Python (a ``.dist-info`` folder with its
``entry_points.txt`` beside the modules), on ``PYTHONPATH`` in a new interpreter."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from wasteland_salvage.cards import VALUES

from wasteland import registry
from wasteland.agents import make_bot
from wasteland.simulate import simulate

ROOT = Path(__file__).parent.parent
SOURCE = ROOT / "examples" / "salvage" / "src" / "wasteland_salvage"
#: The games this environment has installed already (the example, once the README's command has
#: installed it), as a new interpreter finds them: listed after the library's in every test here.
INSTALLED = subprocess.run(
    [sys.executable, "-c", "from importlib import metadata\n"
     f"print(*sorted({{p.name for p in metadata.entry_points(group={registry.ENTRY_POINTS!r})}}))"],
    capture_output=True, text=True, timeout=120, check=True, env={**os.environ, "PYTHONPATH": ""},
).stdout.split()


def _install(where: Path, name: str, points: dict[str, str], modules: dict[str, str] | None = None) -> None:
    """A distribution ``name`` 1.0 in ``where``: its entry points in ``wasteland.games``, its modules."""
    info = where / f"{name.replace('-', '_')}-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[wasteland.games]\n" + "".join(f"{k} = {v}\n" for k, v in points.items()))
    for module, text in (modules or {}).items():
        (where / f"{module}.py").write_text(text)


def _example(where: Path) -> Path:
    """A folder holding the example game's package alone (not what a build left beside it)."""
    if not (where / "example").exists():
        shutil.copytree(SOURCE, where / "example" / "wasteland_salvage", ignore=shutil.ignore_patterns("__pycache__"))
    return where / "example"


def _wasteland(where: Path, *args: str, path: tuple[Path, ...] = ()) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(str(p) for p in (where, *path))}
    return subprocess.run([sys.executable, "-m", "wasteland", *args], capture_output=True, text=True, timeout=120,
                          env=env, cwd=where)


def test_a_game_installed_by_another_package_is_a_game_of_every_tool(tmp_path: Path) -> None:
    _install(tmp_path, "wasteland-salvage", {"salvage": "wasteland_salvage"})
    listed = _wasteland(tmp_path, "games", path=(_example(tmp_path),))
    assert listed.returncode == 0 and listed.stderr == "", listed.stderr
    rows = [line.split()[0] for line in listed.stdout.splitlines()[1:]]
    assert rows == [*registry.BUILT_IN, *sorted({*INSTALLED, "salvage"})]
    run = _wasteland(tmp_path, "simulate", "salvage", "-n", "3", "--players", "3", "--quiet", "--save-games", "runs",
                     path=(_example(tmp_path),))
    assert run.returncode == 0, run.stderr
    replays = sorted((tmp_path / "runs").glob("*.json"))
    assert len(replays) == 3
    again = _wasteland(tmp_path, "replay", str(replays[0]), path=(_example(tmp_path),))
    assert again.returncode == 0 and "salvage" in again.stdout.lower(), again.stdout + again.stderr


def test_a_plugin_that_raises_on_import_is_one_line_and_the_other_games_go_on(tmp_path: Path) -> None:
    _install(tmp_path, "wasteland-bad", {"bad": "bad_game"}, {"bad_game": "raise RuntimeError('no luck\\ntoday')\n"})
    listed = _wasteland(tmp_path, "games")
    assert listed.returncode == 0
    assert [line.split()[0] for line in listed.stdout.splitlines()[1:]] == [*registry.BUILT_IN, *INSTALLED]
    assert listed.stderr.splitlines() == [
        "wasteland: game bad: not loaded (bad_game from wasteland-bad 1.0): RuntimeError: no luck today"]
    run = _wasteland(tmp_path, "simulate", "raxxon", "-n", "1", "--quiet")
    assert run.returncode == 0 and run.stderr == "", run.stderr
    refused = _wasteland(tmp_path, "simulate", "bad", "-n", "1", "--quiet")
    assert refused.returncode == 2 and refused.stderr.splitlines() == [
        "wasteland: simulate: game bad: not loaded (bad_game from wasteland-bad 1.0): RuntimeError: no luck today "
        "(see wasteland simulate --help)"]
    assert _wasteland(tmp_path, "--version").returncode == 0


def test_every_way_a_plugin_can_be_wrong_is_one_line_of_its_own(tmp_path: Path) -> None:
    _install(tmp_path, "odd-games", {
        "nogame": "plain_module",  # imports, but has no GAME
        "other": "wasteland_salvage",  # its GAME is salvage's
        "raxxon": "plain_module",  # a library game's key
        "Bad-Key": "plain_module",  # not a key
        "missing": "no_such_module",
    }, {"plain_module": "X = 1\n"})
    listed = _wasteland(tmp_path, "games", path=(_example(tmp_path),))
    assert listed.returncode == 0
    assert [line.split()[0] for line in listed.stdout.splitlines()[1:]] == [*registry.BUILT_IN, *INSTALLED]
    lines = listed.stderr.splitlines()
    assert lines == [
        "wasteland: game Bad-Key: not loaded (plain_module from odd-games 1.0): a game's key is a snake_case name of "
        "at most 40 characters",
        "wasteland: game raxxon: not loaded (plain_module from odd-games 1.0): the key is taken by wasteland.raxxon",
        "wasteland: game missing: not loaded (no_such_module from odd-games 1.0): ModuleNotFoundError: No module "
        "named 'no_such_module'",
        "wasteland: game nogame: not loaded (plain_module from odd-games 1.0): plain_module has no GAME made with "
        "wasteland.core.engine.bundle",
        "wasteland: game other: not loaded (wasteland_salvage from odd-games 1.0): its GAME is the game 'salvage'",
    ]


def test_two_packages_with_one_key_load_neither(tmp_path: Path) -> None:
    _install(tmp_path, "first-cards", {"cards": "wasteland_salvage"})
    _install(tmp_path, "second-cards", {"cards": "plain_module:GAME"}, {"plain_module": "GAME = None\n"})
    listed = _wasteland(tmp_path, "games", path=(_example(tmp_path),))
    assert "cards" not in listed.stdout
    assert len(listed.stderr.splitlines()) == 1 and "two packages name a game 'cards'" in listed.stderr


def test_one_package_found_twice_is_one_game(tmp_path: Path) -> None:
    """The example installed, and its source on the path with an entry point of its own: one game."""
    _install(tmp_path, "first-salvage", {"salvage": "wasteland_salvage"})
    _install(tmp_path, "second-salvage", {"salvage": "wasteland_salvage:GAME"})
    listed = _wasteland(tmp_path, "games", path=(_example(tmp_path),))
    assert listed.stderr == "" and [line.split()[0] for line in listed.stdout.splitlines()].count("salvage") == 1


def test_the_registry_lists_each_game_once_and_registered_ones_at_once() -> None:
    """The tests register the example game (tests/conftest.py): it is listed after the library's,
    by every tool imported before, and registering it again is harmless; another package under
    its key is refused."""
    assert list(registry.GAME_KEYS) == [*registry.BUILT_IN, "salvage"]
    assert "salvage" in registry.GAME_KEYS and "nothing" not in registry.GAME_KEYS
    registry.register("salvage", "wasteland_salvage")
    assert registry.package_of("salvage") == "wasteland_salvage"
    try:
        registry.register("salvage", "elsewhere")
    except ValueError as exc:
        assert "already registered for wasteland_salvage" in str(exc)
    else:
        raise AssertionError("another package took a registered key")
    assert registry.broken() == {}


def test_a_game_of_another_package_brings_its_own_bots_from_its_agents_module() -> None:
    """``bots_of`` finds ``<package>.agents`` beside a plugin game (``wasteland.agents.<key>`` for the
    library's): ``heuristic`` is the example's own bot, which keeps its best cards, and the search
    bots play out with it."""
    assert registry.bots_of("salvage").__name__ == "wasteland_salvage.agents"
    assert registry.bots_of("raxxon").__name__ == "wasteland.agents.raxxon"
    assert registry.bots_of("nothing") is None
    game = registry.GAMES["salvage"]
    state = game.new_game(5)
    seat = game.current_player(state)
    view, legal = game.view(state, seat), game.legal_actions(state)
    bot = make_bot("heuristic", "salvage", seed=1)
    choice = bot.choose(game, view, legal)
    values = [VALUES[card] for card in view.hands[seat]]
    assert type(bot).__module__ == "wasteland_salvage.agents" and VALUES[choice.card] == min(values)
    summary = simulate("salvage", 2, ["ismcts:4:heuristic"], seed=3, options={"players": 2})
    assert summary.games == 2
