"""The README's example runs as printed."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

README = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")


def test_readme_opens_with_two_setup_commands() -> None:
    block = re.search(r"```sh\n(.*?)```", README, re.S)
    assert block is not None
    commands = [line for line in block.group(1).splitlines() if line.strip()]
    assert len(commands) == 2
    assert "wasteland demo" in commands[0] and "pytest" in commands[1]


def _readme_test_command() -> str:
    block = re.search(r"```sh\n(.*?)```", README, re.S)
    assert block is not None
    return block.group(1).splitlines()[1].strip()


def _readme_plugin_command() -> str:
    """The README's command that installs the example game's package and runs the generic suite on it."""
    found = [line.strip() for line in re.findall(r"^\.venv/bin/pip install -q \./examples/.*$", README, re.M)]
    assert len(found) == 1, found
    return found[0]


def test_ci_runs_the_readme_test_command_verbatim_in_a_new_venv() -> None:
    """.ci/run installs system packages, removes .venv, then runs the README's test command as
    printed, then its command for a game of one's own (the example package, through the generic
    suite), and nothing else of Python: what CI proves is what the README promises."""
    test_command, plugin_command = _readme_test_command(), _readme_plugin_command()
    ci = (Path(__file__).parent.parent / ".ci" / "run").read_text(encoding="utf-8")
    lines = [line.strip() for line in ci.splitlines() if line.strip() and not line.lstrip().startswith("#")]
    assert test_command in lines and plugin_command in lines
    assert lines.index("rm -rf .venv") < lines.index(test_command) < lines.index(plugin_command)
    others = [line for line in lines if line not in (test_command, plugin_command)]
    for word in (r"\bpip\b", r"-m venv\b", r"\bmkdocs\b", r"\bpytest\b"):
        assert not [line for line in others if re.search(word, line)], f"{word} outside the README's command"


def test_the_readme_test_command_installs_every_extra() -> None:
    """The one test command (``.[test]`` or a list of extras) installs every optional part the
    tests use: the test extra names every other extra, or the command does."""
    import tomllib

    root = Path(__file__).parent.parent
    project = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    extras: dict[str, list[str]] = project["optional-dependencies"]
    listed = re.search(r'pip install -q -e "\.\[([\w,]+)\]"', _readme_test_command())
    assert listed is not None
    installed = set(listed.group(1).split(","))
    for name in set(installed):
        for requirement in extras[name]:
            itself = re.fullmatch(rf"{project['name']}\[([\w,]+)\]", requirement.replace(" ", ""))
            if itself:
                installed |= set(itself.group(1).split(","))
    assert "test" in installed
    assert installed == set(extras), f"the test command leaves out {sorted(set(extras) - installed)}"


def test_readme_example_runs(capsys: pytest.CaptureFixture[str]) -> None:
    code = re.search(r"```python\n(.*?)```", README, re.S)
    assert code is not None
    assert len(code.group(1).strip().splitlines()) <= 20
    exec(compile(code.group(1), "README.md", "exec"), {})
    out = capsys.readouterr().out
    assert "refused:" in out


def test_readme_drawing_example_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocks = re.findall(r"```python\n(.*?)```", README, re.S)
    drawing = next(b for b in blocks if "render.svg" in b)
    monkeypatch.chdir(tmp_path)
    exec(compile(drawing, "README.md", "exec"), {})
    assert (tmp_path / "table.svg").read_text(encoding="utf-8").startswith("<svg")


def test_readme_images_are_in_the_repository() -> None:
    root = Path(__file__).parent.parent
    images = re.findall(r"!\[[^\]]*\]\(([^)]+)\)", README)
    assert images
    for image in images:
        assert (root / image).is_file(), image


def test_the_package_says_which_games_it_has() -> None:
    """pyproject's description and the package's docstring name every game of the library (no
    word counts them: a game more is not a test failed for a word)."""
    import tomllib

    import wasteland
    from tests.support import LIBRARY_KEYS
    from wasteland import GAMES

    root = Path(__file__).parent.parent
    description = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["project"]["description"]
    docstring = " ".join((wasteland.__doc__ or "").split())
    for text in (description, docstring):
        library = [GAMES[key] for key in LIBRARY_KEYS]
        for game in library:
            assert game.title in text, (game.title, text)


def test_the_docs_build_s_output_is_ignored_by_git() -> None:
    """``mkdocs build`` writes the site into ``site/`` (or mkdocs.yml's ``site_dir``): not a file to commit."""
    root = Path(__file__).parent.parent
    config = (root / "mkdocs.yml").read_text(encoding="utf-8")
    named = re.search(r"^site_dir:\s*(\S+)", config, re.M)
    folder = (named.group(1).strip("'\"") if named else "site").rstrip("/")
    ignored = (root / ".gitignore").read_text(encoding="utf-8").splitlines()
    assert f"{folder}/" in ignored or folder in ignored or f"/{folder}/" in ignored
