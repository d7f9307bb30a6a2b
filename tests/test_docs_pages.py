"""The pages the docs hook writes for each game, and the site's style sheet: a rules page named
in a docstring is a link, a drawing is shown at its natural size (scrolled, never shrunk) with
a link to the SVG alone, and shell commands wrap instead of running off the page."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from types import ModuleType

import pytest

from tests.support import LIBRARY_KEYS

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def hooks() -> ModuleType:
    pytest.importorskip("mkdocs")
    pytest.importorskip("griffe")
    spec = importlib.util.spec_from_file_location("docs_hooks", ROOT / "docs" / "hooks.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("key", LIBRARY_KEYS)
def test_a_game_page_links_its_rules_page_and_shows_drawings_at_natural_size(key: str, hooks: ModuleType) -> None:
    page = hooks.game_page(key, True)
    assert not re.search(r"(?<!\()docs/rules/\w+\.md", page), "a rules page named as text, not linked"
    assert f"](../rules/{key}.md)" in page
    for figure in (f"{key}.svg", f"{key}-seat0.svg"):
        assert '<div class="wasteland-drawing" markdown>\n[![' in page
        assert f"]({figure})]({figure})" in page, "the drawing links to itself"
        assert f"[Open the drawing alone]({figure})" in page


def test_the_raxxon_docstring_s_rules_path_becomes_a_link(hooks: ModuleType) -> None:
    assert hooks._link_rules("See docs/rules/raxxon.md.") == "See [the rules walk-through](../rules/raxxon.md)."


def test_the_style_sheet_keeps_drawings_natural_and_wraps_shell_commands() -> None:
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    assert re.search(r"extra_css:\n\s+- css/extra\.css", config)
    assert "pygments_lang_class: true" in config  # the shell blocks carry language-sh
    css = (ROOT / "docs" / "css" / "extra.css").read_text(encoding="utf-8")
    assert re.search(r"\.wasteland-drawing img \{[^}]*max-width: none", css)
    assert re.search(r"\.wasteland-drawing \{[^}]*overflow-x: auto", css)
    assert re.search(r"\.language-sh pre code[^{]*\{[^}]*white-space: pre-wrap", css)


def test_the_tutorial_links_every_game_s_card_set_format() -> None:
    tutorial = (ROOT / "docs" / "tutorial.md").read_text(encoding="utf-8")
    for key in LIBRARY_KEYS:
        assert f"(rules/{key}.md#your-own-card-set)" in tutorial, key
