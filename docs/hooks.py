"""Build-time pages for the documentation site (mkdocs hooks, see mkdocs.yml).

For every key in ``wasteland.registry.GAME_KEYS`` the site gets, with no file to
keep in step by hand:

* ``games/<key>.md``: what the game is (its package docstring), its players and
  rules version, its options (read from the game's ``Options`` record and the
  docstrings of ``Options`` and ``new_game``), a typical position drawn as SVG, and
  links to the rules walk-through (``rules/<key>.md``) and the API page;
* ``games/<key>.svg`` and ``games/<key>-seat0.svg``: the position, drawn with
  ``wasteland.render.svg`` after a fixed number of decisions of the heuristic bots
  from a fixed seed, for the referee and as seat 0 sees it;
* ``reference/<key>.md``: the API page of the game's package (mkdocstrings).

The two empty "Games" sections of the nav are filled with these pages.
"""

from __future__ import annotations

import importlib.util
import inspect
import logging
import re
from pathlib import Path
from typing import Any

import attrs
import griffe
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page

from wasteland import render
from wasteland.agents import make_bot, parse_bot
from wasteland.registry import GAME_KEYS, get_game

log = logging.getLogger("mkdocs.hooks.wasteland")

#: The seed and the number of decisions of the drawn position.
FIGURE_SEED = 3
FIGURE_DECISIONS = 14

_REPO = Path(__file__).resolve().parent.parent
#: Sphinx roles (``:mod:`card_set```, ``:class:`~wasteland.simulate.Summary```): the role is
#: dropped, the name stays a code span (its last part only after a ``~``, as Sphinx shows it).
_ROLE = re.compile(r":(?:mod|class|func|meth|attr|data|exc|obj):`(~?)([^`]+)`")


def _role(match: re.Match[str]) -> str:
    name = match.group(2)
    return f"`{name.rsplit('.', 1)[-1] if match.group(1) else name}`"
#: Citations written back to back, ``[JAVA][LLMG]`` or ``[UBG] [JAE]``: Markdown leaves them as
#: text (no such reference is defined), but mkdocs-autorefs reads ``[x][LLMG]`` and ``[x] [LLMG]``
#: as cross-references.
_CITATIONS = re.compile(r"\]( ?)\[(?=[A-Z][A-Z0-9-]*\])")


def _markdown(docstring: str | None) -> str:
    """A reST-ish docstring as Markdown (see ``markdown_docstring``), dedented."""
    if not docstring:
        return ""
    return markdown_docstring(inspect.cleandoc(docstring))


def markdown_docstring(text: str) -> str:
    """The project's plain reST-ish docstring as Markdown, wording untouched.

    ``double backticks`` are code spans in Markdown already. What differs: sphinx roles
    (dropped, the name stays code); a paragraph ending in ``::`` followed by an indented
    block (a literal block: fenced, the ``::`` read as ``:``); and doctest lines
    (``>>>``, fenced as a console session with their output).
    """
    text = _ROLE.sub(_role, text)
    lines = text.split("\n")
    out: list[str] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        stripped = line.strip()
        if stripped.startswith(">>>"):
            prefix = line[: len(line) - len(line.lstrip())]
            block: list[str] = []
            while i < len(lines) and lines[i].strip():
                block.append(lines[i][len(prefix):] if lines[i].startswith(prefix) else lines[i].strip())
                i += 1
            out += ["", f"{prefix}```pycon", *[f"{prefix}{b}" for b in block], f"{prefix}```", ""]
            continue
        if stripped.endswith("::") and not stripped.startswith(".."):
            indent = len(line) - len(line.lstrip())
            j = i + 1
            while j < len(lines) and not lines[j].strip():
                j += 1
            body: list[str] = []
            while j < len(lines) and (not lines[j].strip() or len(lines[j]) - len(lines[j].lstrip()) > indent):
                body.append(lines[j])
                j += 1
            while body and not body[-1].strip():
                body.pop()
            if body:
                out.append(line.rstrip()[:-1] if stripped != "::" else "")
                out.append("")
                margin = min(len(b) - len(b.lstrip()) for b in body if b.strip())
                pad = " " * indent
                out += [pad + "```", *[pad + b[margin:] if b.strip() else "" for b in body], pad + "```", ""]
                i = j
                continue
        out.append(line)
        i += 1
    return "\n".join(out)


class Docstrings(griffe.Extension):
    """A griffe extension (mkdocs.yml: ``extensions``): every docstring through
    ``markdown_docstring`` before mkdocstrings renders it."""

    def on_instance(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        if obj.docstring is not None:
            obj.docstring.value = markdown_docstring(obj.docstring.value)


def _players(counts: tuple[int, ...]) -> str:
    if len(counts) == 1:
        return str(counts[0])
    if list(counts) == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]}–{counts[-1]}"
    return ", ".join(map(str, counts))


def _type_name(kind: object) -> str:
    if isinstance(kind, str):
        return kind
    if isinstance(kind, type):
        return kind.__name__
    return str(kind).replace("typing.", "")


def _options_table(options_type: type) -> list[str]:
    defaults = options_type()
    rows = ["| option | type | default |", "|---|---|---|"]
    for field in attrs.fields(options_type):
        value = getattr(defaults, field.name)
        kind = _type_name(field.type)  # a pipe inside a code span does not split the cell
        rows.append(f"| `{field.name}` | `{kind}` | `{value!r}` |")
    return rows


def figure_bot(key: str) -> str:
    """The bot that plays up to the drawn position: the game's heuristic bot, or the random
    bot while a new game has no heuristic yet."""
    try:
        parse_bot("heuristic", key)
    except ValueError:
        return "random"
    return "heuristic"


def position(key: str) -> Any:
    """The drawn position: default options, seed FIGURE_SEED, the first FIGURE_DECISIONS
    decisions of ``figure_bot`` (fewer if the game would end: the figure shows a running game)."""
    game = get_game(key)
    state = game.new_game(FIGURE_SEED)
    name = figure_bot(key)
    bots = [make_bot(name, key, seed=FIGURE_SEED + seat) for seat in range(game.num_players(state))]
    for _ in range(FIGURE_DECISIONS):
        player = game.current_player(state)
        if player is None:
            break
        action = bots[player].choose(game, game.view(state, player), game.legal_actions(state))
        after = game.apply(state, action)
        if game.outcome(after) is not None:
            break
        state = after
    return state


#: A rules page named as a path in a docstring (``See docs/rules/raxxon.md.``): a link on the site.
_RULES_PATH = re.compile(r"\bdocs/rules/([a-z_]+)\.md\b")


def _link_rules(text: str) -> str:
    """``docs/rules/<key>.md`` in a game page's text as a link to that rules page."""
    return _RULES_PATH.sub(lambda m: f"[the rules walk-through](../rules/{m.group(1)}.md)", text)


def _drawing(title: str, target: str) -> list[str]:
    """A drawing at its natural size (its text stays readable), scrolled sideways on a narrow
    screen, with a link to the SVG alone."""
    return [
        '<div class="wasteland-drawing" markdown>',
        f"[![{title}]({target})]({target})",
        "</div>",
        "",
        f"[Open the drawing alone]({target}) (full size, to zoom).",
    ]


def _replays(key: str) -> list[str]:
    return sorted(path.name for path in (_REPO / "examples" / "replays").glob(f"{key}_*.json"))


def game_page(key: str, rules_page: bool) -> str:
    """The Markdown of ``games/<key>.md``."""
    game = get_game(key)
    module = __import__(f"wasteland.{key}", fromlist=["new_game"])
    lines = [
        f"# {game.title}",
        "",
        _link_rules(_markdown(module.__doc__)),
        "",
        f"- key: `{key}`",
        f"- players: {_players(game.player_counts)}",
        f"- rules version: {game.rules_version}",
        f"- package: `wasteland.{key}` ([API](../reference/{key}.md))",
        "",
        "## Options",
        "",
        f"`new_game(seed, **options)` takes a seed (an `int`) and these keywords, the fields of "
        f"`wasteland.{key}.Options`; anything else raises `ConfigError` naming the allowed values.",
        "",
        *_options_table(game.options_type),
        "",
        _markdown(game.options_type.__doc__),
        "",
        "`new_game`: " + _markdown(game.new_game.__doc__),
        "",
        "```python",
        "from wasteland import GAMES",
        "",
        f'game = GAMES["{key}"]',
        "state = game.new_game(seed=7)",
        "print(game.render(state, None))",
        "```",
        "",
        "## A typical position",
        "",
        f"The default options, seed {FIGURE_SEED}, after the {figure_bot(key)} bots' first "
        f"{FIGURE_DECISIONS} decisions, drawn by `wasteland.render.svg` for the referee "
        "(everything on the table):",
        "",
        *_drawing(f"{game.title}: the referee's table", f"{key}.svg"),
        "",
        "and as seat 0 sees it (`player=0`: what its view hides is not drawn):",
        "",
        *_drawing(f"{game.title}: seat 0's view", f"{key}-seat0.svg"),
        "",
        "## Rules",
        "",
    ]
    if rules_page:
        lines.append(
            f"[How the engine reads the rules](../rules/{key}.md): each rulebook clause, "
            "its reading, the code and the test that check it, and every design choice."
        )
    else:
        lines.append(f"The rules walk-through (`docs/rules/{key}.md`) is not written yet.")
    replays = _replays(key)
    if replays:
        lines += [
            "",
            "## Recorded games",
            "",
            "Each is checked by the tests; `wasteland replay FILE --steps` prints what happened.",
            "",
            *[f"- `examples/replays/{name}`" for name in replays],
        ]
    return "\n".join(lines) + "\n"


def reference_page(key: str) -> str:
    """The Markdown of ``reference/<key>.md``."""
    page = f"# wasteland.{key}\n\n::: wasteland.{key}\n    options:\n      show_root_heading: false\n"
    if importlib.util.find_spec(f"wasteland.agents.{key}") is not None:
        page += f"\n## The heuristic bot\n\n::: wasteland.agents.{key}\n    options:\n      heading_level: 3\n"
    return page


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    """Fill the nav's "Games" (top level) and "Reference" / "Game packages" sections."""
    docs = Path(config.docs_dir)
    games: list[Any] = []
    packages: list[Any] = []
    for key in GAME_KEYS:
        title = get_game(key).title
        pages: list[Any] = [{"Overview": f"games/{key}.md"}]
        if (docs / "rules" / f"{key}.md").is_file():
            pages.append({"Rules": f"rules/{key}.md"})
        games.append({title: pages})
        packages.append({f"wasteland.{key}": f"reference/{key}.md"})
    for item in config.nav or []:
        if isinstance(item, dict) and "Games" in item:
            item["Games"] = games
        if isinstance(item, dict) and "Reference" in item:
            for sub in item["Reference"]:
                if isinstance(sub, dict) and "Game packages" in sub:
                    sub["Game packages"] = packages
    return config


def on_files(files: Files, config: MkDocsConfig) -> Files:
    """Add each game's page, drawings and API page."""
    docs = Path(config.docs_dir)
    for key in GAME_KEYS:
        state = position(key)
        files.append(File.generated(config, f"games/{key}.md",
                                    content=game_page(key, (docs / "rules" / f"{key}.md").is_file())))
        files.append(File.generated(config, f"games/{key}.svg", content=render.svg(key, state)))
        files.append(File.generated(config, f"games/{key}-seat0.svg", content=render.svg(key, state, 0)))
        files.append(File.generated(config, f"reference/{key}.md", content=reference_page(key)))
    return files


GAMES_TABLE = "<!-- the table of registered games: made by docs/hooks.py from wasteland.registry.GAME_KEYS -->"


def games_table() -> str:
    """A table of the registered games: key, title and summary (linked to the game's page), players."""
    rows = ["| key | game | players |", "|---|---|---|"]
    for key in GAME_KEYS:
        game = get_game(key)
        module = __import__(f"wasteland.{key}", fromlist=["new_game"])
        summary = _markdown(module.__doc__).split("\n")[0].rstrip(".")
        link = f"[{game.title}](games/{key}.md)"
        text = link + summary[len(game.title):] if summary.startswith(game.title) else f"{link}: {summary}"
        rows.append(f"| `{key}` | {text} | {_players(game.player_counts)} |")
    return "\n".join(rows)


def browser_title(src_uri: str) -> str | None:
    """The browser's title of a game's pages, which the nav calls "Overview" and "Rules" under
    the game's name: ``games/raxxon.md`` is "Raxxon", ``rules/raxxon.md`` "Raxxon: rules" (the
    theme adds " - wasteland"). None for any other page (its nav title or first heading)."""
    folder, _, name = src_uri.partition("/")
    key = name.removesuffix(".md")
    if folder not in ("games", "rules") or key not in GAME_KEYS or not name.endswith(".md"):
        return None
    title = get_game(key).title
    return title if folder == "games" else f"{title}: rules"


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    """The games table where a page asks for it; back-to-back citations (``[JAVA][LLMG]``)
    stay text, outside fenced code."""
    if GAMES_TABLE in markdown:
        markdown = markdown.replace(GAMES_TABLE, games_table())
    title = browser_title(page.file.src_uri)
    if title is not None:
        page.meta["title"] = title
    out: list[str] = []
    fenced = False
    for line in markdown.split("\n"):
        if line.lstrip().startswith("```"):
            fenced = not fenced
        out.append(line if fenced else _CITATIONS.sub(lambda m: "]" + m.group(1) + "\\[", line))
    return "\n".join(out)
