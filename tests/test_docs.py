"""The documentation site: the tutorial's and the home page's Python blocks run as written, and
``mkdocs build --strict`` is clean (the ``docs`` extra)."""

from __future__ import annotations

import contextlib
import io
import linecache
import os
import re
import resource
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"

#: A fenced block of Python: ```python at the start of a line, up to the closing fence.
PYTHON_BLOCK = re.compile(r"^```python\n(.*?)^```$", re.MULTILINE | re.DOTALL)


def python_blocks(page: Path) -> list[str]:
    return PYTHON_BLOCK.findall(page.read_text(encoding="utf-8"))


def run_blocks(page: Path, where: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, object]:
    """Run the page's Python blocks in order in one namespace, from ``where`` (which sees the
    repository's ``examples/`` as a reader at the root of a checkout does); returns the namespace."""
    (where / "examples").symlink_to(ROOT / "examples")
    monkeypatch.chdir(where)
    namespace: dict[str, object] = {"__name__": f"docs_{page.stem}"}
    for index, block in enumerate(python_blocks(page)):
        name = f"{page.name}, python block {index + 1}"
        linecache.cache[name] = (len(block), None, block.splitlines(keepends=True), name)
        code = compile(block, name, "exec")
        with contextlib.redirect_stdout(io.StringIO()):
            exec(code, namespace)
    return namespace


def test_the_tutorial_has_python_blocks_for_each_section() -> None:
    blocks = python_blocks(DOCS / "tutorial.md")
    text = "\n".join(blocks)
    assert len(blocks) >= 15
    for name in ("legal_actions", "view", "determinize", "Recorder", "simulate", "render.svg", "cards="):
        assert name in text, name


def test_the_tutorials_python_blocks_run_in_order(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    namespace = run_blocks(DOCS / "tutorial.md", tmp_path, monkeypatch)
    assert (tmp_path / "my_game.json").is_file()
    assert "<html" in (tmp_path / "my_game.html").read_text(encoding="utf-8").lower()
    assert (tmp_path / "seat0.svg").read_text(encoding="utf-8").lstrip().startswith("<svg")
    assert (tmp_path / "my_cards.json").is_file()
    assert namespace["result"] is not None


def test_the_home_pages_python_blocks_run_in_order(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    namespace = run_blocks(DOCS / "index.md", tmp_path, monkeypatch)
    assert str(namespace["picture"]).lstrip().startswith("<svg")


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, subprocess.CompletedProcess[str], float]:
    """The site built once for this module's tests: its folder, the build's result and its time
    (the CPU time of the build, which other work on a busy machine does not stretch as it does
    the clock)."""
    pytest.importorskip("mkdocs")
    pytest.importorskip("material")
    pytest.importorskip("mkdocstrings_handlers.python")
    folder = tmp_path_factory.mktemp("site")
    started = resource.getrusage(resource.RUSAGE_CHILDREN)
    build = subprocess.run(  # not --quiet: mkdocs then hides its warnings from --strict
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(folder)],
        cwd=ROOT, capture_output=True, text=True, timeout=180,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},  # the theme's banner about its successor
    )
    ended = resource.getrusage(resource.RUSAGE_CHILDREN)
    return folder, build, (ended.ru_utime + ended.ru_stime) - (started.ru_utime + started.ru_stime)


def test_mkdocs_builds_the_site_strictly_within_a_minute(
    site: tuple[Path, subprocess.CompletedProcess[str], float],
) -> None:
    _, build, seconds = site
    assert build.returncode == 0, build.stderr[-4000:]
    assert not re.findall(r"^(?:WARNING|ERROR)\b", build.stderr, re.MULTILINE), build.stderr[-4000:]
    assert seconds < 60, f"the site took {seconds:.0f} s of CPU to build"


def test_the_site_has_a_page_a_drawing_and_an_api_page_per_game(
    site: tuple[Path, subprocess.CompletedProcess[str], float],
) -> None:
    from tests.support import LIBRARY_KEYS

    folder, build, _ = site
    assert build.returncode == 0, build.stderr[-4000:]
    home = (folder / "index.html").read_text(encoding="utf-8")
    for key in LIBRARY_KEYS:
        page = (folder / "games" / key / "index.html").read_text(encoding="utf-8")
        assert f'src="../{key}.svg"' in page and f'src="../{key}-seat0.svg"' in page, key
        assert (folder / "reference" / key / "index.html").is_file(), key
        for figure in (f"{key}.svg", f"{key}-seat0.svg"):
            assert (folder / "games" / figure).read_text(encoding="utf-8").lstrip().startswith("<svg"), figure
        assert f'href="games/{key}/"' in home, key


def test_the_site_fetches_nothing_from_the_network(site: tuple[Path, subprocess.CompletedProcess[str], float]) -> None:
    """No web font, script or style sheet from another host, on any page."""
    folder, build, _ = site
    assert build.returncode == 0, build.stderr[-4000:]
    pages = list(folder.rglob("*.html"))
    assert pages
    for page in pages:
        text = page.read_text(encoding="utf-8")
        assert not re.findall(r'<(?:link|script)[^>]+(?:href|src)="(?:https?:)?//', text), page
        assert "fonts.googleapis" not in text and "fonts.gstatic" not in text, page


def test_every_game_page_s_browser_title_names_the_game(
    site: tuple[Path, subprocess.CompletedProcess[str], float],
) -> None:
    """The nav calls a game's pages "Overview" and "Rules"; the browser's title (a tab, a
    bookmark, a search result) names the game."""
    from wasteland.registry import get_game
    from tests.support import LIBRARY_KEYS

    folder, build, _ = site
    assert build.returncode == 0, build.stderr[-4000:]
    for key in LIBRARY_KEYS:
        title = get_game(key).title
        page = (folder / "games" / key / "index.html").read_text(encoding="utf-8")
        assert f"<title>{title} - wasteland</title>" in page, key
        rules = folder / "rules" / key / "index.html"
        if rules.is_file():
            assert f"<title>{title}: rules - wasteland</title>" in rules.read_text(encoding="utf-8"), key


def test_the_strict_build_fails_on_a_link_to_a_missing_anchor(tmp_path: Path) -> None:
    """mkdocs.yml's strict and validation settings, on a two-page site whose one link names a
    heading that is not there: the build fails and says which anchor."""
    pytest.importorskip("mkdocs")
    import yaml

    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8").split("\nhooks:", 1)[0])
    assert config["strict"] is True and config["validation"]["anchors"] == "warn"
    site = {"site_name": "t", "docs_dir": "docs", "strict": True, "validation": config["validation"]}
    (tmp_path / "mkdocs.yml").write_text(yaml.safe_dump(site), encoding="utf-8")
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.md").write_text("# Home\n\nSee [it](other.md#no-such-heading).\n", encoding="utf-8")
    (tmp_path / "docs" / "other.md").write_text("# Other\n\n## A heading\n", encoding="utf-8")
    build = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(tmp_path / "out")],
                           cwd=tmp_path, capture_output=True, text=True, timeout=120,
                           env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
    assert build.returncode != 0
    assert "does not contain an anchor '#no-such-heading'" in build.stderr
