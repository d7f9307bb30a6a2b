"""The replay page (wasteland.viewer): its data, its safety, and a real headless Chromium stepping through it."""

from __future__ import annotations

import base64
import gzip
import io
import json
import os
import re
import shutil
from html.parser import HTMLParser
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest
from attrs import evolve

from wasteland import replay as replays
from wasteland import viewer
from wasteland.registry import get_game

REPLAYS = Path(__file__).resolve().parent.parent / "examples" / "replays"


class _Scripts(HTMLParser):
    """The page's ``<script>`` elements as the browser's parser splits them: attributes and text."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.scripts: list[tuple[dict[str, str | None], str]] = []
        self.tags: list[str] = []
        self._open: dict[str, str | None] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        if tag == "script":
            self._open = dict(attrs)
            self.scripts.append((self._open, ""))

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self._open = None

    def handle_data(self, data: str) -> None:
        if self._open is not None:
            attrs, text = self.scripts[-1]
            self.scripts[-1] = (attrs, text + data)


def _scripts(page: str) -> _Scripts:
    parser = _Scripts()
    parser.feed(page)
    parser.close()
    return parser


def _json_script(page: str, name: str) -> Any:
    found = [text for attrs, text in _scripts(page).scripts if attrs.get("id") == name]
    assert len(found) == 1 and "<" not in found[0]
    return json.loads(found[0])


def _data(page: str) -> dict[str, Any]:
    packed = _json_script(page, "packed-data")
    assert isinstance(packed, str) and re.fullmatch(r"[A-Za-z0-9+/=]+", packed)
    result: dict[str, Any] = json.loads(gzip.decompress(base64.b64decode(packed)))
    assert len(set(result["pieces"])) == len(result["pieces"]), "each piece is stored once"
    result["drawings"] = ["".join(result["pieces"][i] for i in ids) for ids in result["drawings"]]
    return result


@pytest.fixture(scope="module")
def page_of() -> Callable[[str], str]:
    """The page of a recorded game, by its file's stem, made once for the module: a long game's
    page costs seconds, and several tests read or open the same one."""
    made: dict[str, str] = {}

    def page(stem: str) -> str:
        if stem not in made:
            made[stem] = viewer.page(replays.load(REPLAYS / f"{stem}.json"))
        return made[stem]

    return page


def _written(page: str, path: Path) -> Path:
    """``page`` in the file ``path``, as ``viewer.write`` leaves it (UTF-8)."""
    path.write_text(page, encoding="utf-8")
    return path


# -- the page's data, without a browser ---------------------------------------------------------

def test_page_holds_a_position_per_move_and_a_drawing_per_view(page_of: Callable[[str], str]) -> None:
    replay = replays.load(REPLAYS / "arctic_scavengers_3p_snipe.json")
    data = _data(page_of("arctic_scavengers_3p_snipe"))
    assert len(data["positions"]) == len(replay.moves) + 1
    assert data["views"] == ["referee", "seat 0", "seat 1", "seat 2"]
    game = get_game(replay.game)
    final = replays.final_state(replay)
    last = data["positions"][-1]
    assert [data["drawings"][i] for i in last["views"]] == [game.svg(final, None)] + [
        game.svg(final, p) for p in range(3)]
    assert last["over"] is not None and replay.expect_outcome is not None
    assert replay.expect_outcome.reason in last["over"]
    assert all(p["over"] is None for p in data["positions"][:-1])


def test_page_names_each_move_and_who_played_it(page_of: Callable[[str], str]) -> None:
    replay = replays.load(REPLAYS / "raxxon_power.json")
    data = _data(page_of("raxxon_power"))
    game = get_game(replay.game)
    for step, position in zip(replays.steps(replay), data["positions"][1:]):
        assert position["captions"][0].startswith(f"seat {game.current_player(step.before)}: {step.move} (")
        assert position["events"][0] == list(game.events(step.after))


@pytest.mark.parametrize("path", sorted(REPLAYS.glob("*.json")), ids=lambda p: p.stem)
def test_a_seat_sees_only_its_own_captions_and_events(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Per position and view: the referee's caption and events come from the table, a seat's
    from its view (``describe`` on the view before the move, ``events`` on the view after).
    The drawings are the other tests' (and most of a page's cost): here each is one stand-in,
    so every recorded game is read in a moment."""
    replay = replays.load(path)
    game = get_game(replay.game)
    stand_in = evolve(game, svg=lambda state, player=None: "<svg/>")
    monkeypatch.setattr(viewer, "get_game", lambda key: stand_in)
    data = viewer.frames(replay)
    seats = len(data["views"]) - 1
    start = replays.final_state(replays.Replay(replay.game, replay.seed, replay.options, (), None, None))
    assert data["positions"][0]["events"] == [list(game.events(start))] + [
        list(game.events(game.view(start, p))) for p in range(seats)]
    differs = 0
    for step, position in zip(replays.steps(replay), data["positions"][1:]):
        who = f"seat {game.current_player(step.before)}: " if seats > 1 else ""
        tables = [(step.before, step.after)] + [(game.view(step.before, p), game.view(step.after, p))
                                                 for p in range(seats)]
        expected = [f"{who}{game.notation(b, step.action)} ({game.describe(b, step.action)})" for b, _ in tables]
        assert position["captions"] == expected
        assert position["events"] == [list(game.events(a)) for _, a in tables]
        differs += sum(e != position["events"][0] for e in position["events"][1:])
    if replay.game == "arctic_scavengers":
        assert differs > 0, "hidden cards are in the referee's events and never in a seat's"


def test_keys_labels_and_the_readme_agree(page_of: Callable[[str], str]) -> None:
    """View 0 is the referee's and view p + 1 seat p's; the keys are ``r`` and the seat's own
    number, which the page's help and the README say, and the caption is above the drawing."""
    page = page_of("raxxon_power")
    data = _data(page)
    assert data["views"] == ["referee", "seat 0", "seat 1", "seat 2"]
    assert "<kbd>r</kbd> the referee's view, <kbd>0</kbd> <kbd>1</kbd>... that seat's view" in page
    code = _scripts(page).scripts[2][1]
    assert 'e.key === "r"' in code and "setView(Number(e.key) + 1)" in code
    assert page.index('id="status"') < page.index('id="board"'), "the caption is above the table"
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    assert "key `r` the referee's" in readme and "(`0` is seat 0" in readme
    assert "Above the table it says which move was played" in readme and "under the table" not in readme
    assert "#move=120" in readme


def test_page_stores_each_drawing_once() -> None:
    replay = replays.load(REPLAYS / "lucky_seven_win.json")
    data = _data(viewer.page(replay))
    assert len(set(data["drawings"])) == len(data["drawings"])


def test_page_of_a_long_game_stays_small() -> None:
    """Positions share most of what they draw: a 784-move, five-seat game (4,710 drawings, about
    170 MB of SVG) makes a page of a couple of megabytes."""
    replay = replays.load(REPLAYS / "arctic_scavengers_5p_disarm.json")
    page = viewer.page(replay)
    data = _data(page)
    assert len(data["drawings"]) > 4000
    assert sum(map(len, data["drawings"])) > 100_000_000
    assert len(page) < 3_000_000


def test_page_needs_no_network() -> None:
    page = viewer.page(replays.load(REPLAYS / "lucky_seven_cooperative.json"))
    assert "default-src 'none'" in page
    assert not re.search(r"(src|href)\s*=\s*[\"']?(https?:)?//", page)


HOSTILE = ("</script><script>alert(1)</script>", "<!--<script>", "]]><svg onload=alert(2)>", "\"'`&amp;",
           "<![CDATA[", "\u2028\u2029", "</SCRIPT >")
#: The hostile strings a card set may hold (its check refuses line and paragraph separators).
CARD_HOSTILE = tuple(h for h in HOSTILE if "\u2028" not in h)


def _intact(page: str) -> _Scripts:
    """The page parses into exactly its own three scripts: two of data and one of code, the same
    as a quiet replay's; nothing from the replay made an element."""
    parsed = _scripts(page)
    kinds = [(attrs.get("id"), attrs.get("type")) for attrs, _ in parsed.scripts]
    assert kinds == [("meta-data", "application/json"), ("packed-data", "application/json"), (None, None)]
    for _, text in parsed.scripts:  # what a browser's script parser would stop or turn at
        assert "<!--" not in text and "<script" not in text.lower() and "</" not in text
    code = parsed.scripts[2][1]
    assert code.strip().startswith('"use strict";') and code.rstrip().endswith("});")
    assert parsed.tags.count("svg") == 0 and parsed.tags[-1] == "script"
    return parsed


@pytest.mark.parametrize("title", HOSTILE)
def test_a_hostile_title_leaves_the_page_whole_and_reads_back(title: str) -> None:
    replay = replays.load(REPLAYS / "lucky_seven_win.json")
    hostile = replays.Replay(replay.game, replay.seed, replay.options, replay.moves[:3], None, None, title=title)
    page = viewer.page(hostile)
    _intact(page)
    assert _json_script(page, "meta-data")["heading"] == f"The Lucky Seven: {title}"
    assert _data(page)["title"] == title


def test_hostile_card_names_and_notations_stay_text_everywhere() -> None:
    """A Raxxon card set titles its cards and labels their options (which the notation and the
    events use): every context of the page keeps them as text, and they read back exactly."""
    own = replays.load(REPLAYS / "raxxon_own_cards.json")
    cards = json.loads(json.dumps(own.options["cards"]))
    for i, card in enumerate(cards["raxxon"]):
        card["title"] = f"{CARD_HOSTILE[i % len(CARD_HOSTILE)]}{i}"[:40]
        for j, option in enumerate(card["options"]):
            hostile = CARD_HOSTILE[(i + j + 1) % len(CARD_HOSTILE)]
            option["label"] = f"{j}{hostile}"[:24] if len(card["options"]) > 1 else ""
    recorder = replays.Recorder("raxxon", 3, {**own.options, "players": 2, "cards": cards}, title=HOSTILE[1])
    for turn in range(250):
        if recorder.game.outcome(recorder.state) is not None:
            break
        legal = recorder.game.legal_actions(recorder.state)
        recorder.play(legal[(turn * 7) % len(legal)])
    replay = recorder.replay()
    page = viewer.page(replay)
    _intact(page)
    data = _data(page)
    texts = [c for p in data["positions"] for c in p["captions"]] + [
        e for p in data["positions"] for view in p["events"] for e in view]
    assert any("<" in t for t in texts), "the hostile names were played"
    game = get_game("raxxon")
    for step, position in zip(replays.steps(replay), data["positions"][1:]):
        assert position["captions"][0].endswith(f"{step.move} ({game.describe(step.before, step.action)})")
        assert position["events"][0] == list(game.events(step.after))
    drawn = [d for d in data["drawings"] if "&lt;" in d]
    assert drawn, "a hostile title is drawn"
    for svg in data["drawings"]:  # a drawing is put into the page as markup: its text must be inert
        tags = _scripts(svg)
        assert tags.scripts == [] and "foreignobject" not in tags.tags
        assert not re.search(r"<[^>]*\bon[a-z]+\s*=", svg)


def test_script_json_is_inert_and_reads_back() -> None:
    value = {"s": "".join(HOSTILE), "n": [1, None, "&<>"]}
    text = viewer.script_json(value)
    assert not set("<>&\u2028\u2029") & set(text)
    assert json.loads(text) == value


def test_page_refuses_a_replay_too_long_to_draw() -> None:
    replay = replays.load(REPLAYS / "lucky_seven_win.json")
    long = replays.Replay(replay.game, replay.seed, replay.options, ("x",) * (viewer.MAX_MOVES + 1), None, None)
    with pytest.raises(ValueError, match="at most"):
        viewer.page(long)


def test_page_refuses_an_illegal_move_with_its_number() -> None:
    replay = replays.load(REPLAYS / "lucky_seven_win.json")
    bad = replays.Replay(replay.game, replay.seed, replay.options, replay.moves[:2] + ("fly away",), None, None)
    with pytest.raises(replays.ReplayError, match="move 3"):
        viewer.page(bad)


def test_page_is_the_same_every_time() -> None:
    replay = replays.load(REPLAYS / "lucky_seven_win.json")
    assert viewer.page(replay) == viewer.page(replay)


# -- a real browser ------------------------------------------------------------------------------

def _browser_paths() -> tuple[str, str]:
    browser = next((p for p in map(shutil.which, ("chromium", "chromium-browser", "google-chrome")) if p), None)
    driver = shutil.which("chromedriver")
    if browser is None or driver is None:
        if os.environ.get("CI") == "true":
            raise RuntimeError("CI installs chromium and chromium-driver (.ci/run), but they are missing")
        pytest.skip("needs chromium and chromedriver (Debian: apt-get install chromium chromium-driver)")
    return browser, driver


@pytest.fixture(scope="module")
def chromium(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    webdriver = pytest.importorskip("selenium.webdriver")
    browser, driver_path = _browser_paths()
    options = webdriver.ChromeOptions()
    options.binary_location = browser
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-dev-shm-usage", "--window-size=1400,1000",
                 f"--user-data-dir={tmp_path_factory.mktemp('chromium-profile')}"):
        options.add_argument(flag)
    service = webdriver.ChromeService(executable_path=driver_path)
    driver = webdriver.Chrome(options=options, service=service)
    try:
        yield driver
    finally:
        driver.quit()


def _open(driver: Any, path: Path) -> None:
    from selenium.webdriver.support.ui import WebDriverWait

    driver.get(path.as_uri())
    WebDriverWait(driver, 20).until(lambda d: d.find_element("tag name", "body").get_attribute("data-ready"))


def _png_pixels(png: bytes) -> tuple[int, int, list[bytes]]:
    """Width, height and the RGB rows of a PNG (what Chromium's screenshots are), read by Pillow."""
    image_module = pytest.importorskip("PIL.Image")
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    with image_module.open(io.BytesIO(png)) as image:
        rgb = image.convert("RGB")
    width, height = rgb.size
    data, stride = rgb.tobytes(), width * 3
    return width, height, [data[y * stride:(y + 1) * stride] for y in range(height)]


@pytest.mark.parametrize("name", ["lucky_seven_cooperative", "arctic_scavengers_3p_snipe", "raxxon_evacuated"])
def test_browser_steps_to_the_end_and_shows_the_outcome(chromium: Any, tmp_path: Path, name: str,
                                                        page_of: Callable[[str], str]) -> None:
    from selenium.webdriver.common.keys import Keys

    replay = replays.load(REPLAYS / f"{name}.json")
    page = _written(page_of(name), tmp_path / f"{name}.html")
    _open(chromium, page)
    body = chromium.find_element("tag name", "body")
    status = chromium.find_element("id", "status")
    assert status.text == "The deal: no move yet"
    chromium.find_element("id", "forward").click()
    assert body.get_attribute("data-position") == "1"
    first = next(replays.steps(replay))
    game = get_game(replay.game)
    who = f"seat {game.current_player(first.before)}: " if game.num_players(first.before) > 1 else ""
    assert status.text.startswith(f"Move 1: {who}{replay.moves[0]} (")
    chromium.find_element("id", "back").click()
    assert body.get_attribute("data-position") == "0"
    for _ in range(3):
        body.send_keys(Keys.ARROW_RIGHT)
    assert body.get_attribute("data-position") == "3"
    body.send_keys(Keys.END)  # step to the end
    assert body.get_attribute("data-position") == str(len(replay.moves))
    over = chromium.find_element("id", "over")
    assert replay.expect_outcome is not None
    assert over.is_displayed() and replay.expect_outcome.reason in over.text
    assert "game over" in chromium.find_element("id", "board").text.lower()
    body.send_keys("0")  # seat 0's view
    assert body.get_attribute("data-view") == "seat 0"
    assert chromium.find_element("id", "view").get_attribute("value") == "1"
    assert chromium.find_element("css selector", "#view option:checked").text == "seat 0 (key 0)"
    body.send_keys("r")
    assert body.get_attribute("data-view") == "referee"
    body.send_keys("0")
    width, height, rows = _png_pixels(chromium.get_screenshot_as_png())
    assert width >= 800 and height >= 600
    colours = {row[i:i + 3] for row in rows[::7] for i in range(0, len(row), 21)}
    painted = sum(1 for row in rows[::7] for i in range(0, len(row), 21) if row[i:i + 3] != b"\xff\xff\xff")
    assert len(colours) >= 8, "the screenshot is (nearly) one colour"
    assert painted > len(rows[::7]) * (len(rows[0]) // 21) * 0.05, "the screenshot is nearly blank"


def test_browser_screenshot_of_a_seat_s_view_midway(chromium: Any, tmp_path: Path,
                                                   page_of: Callable[[str], str]) -> None:
    """The README's picture: seat 1's view in the middle of a 3-player Arctic Scavengers game.

    ``WASTELAND_SCREENSHOT=docs/images/replay-viewer.png pytest tests/test_viewer.py -k screenshot``
    writes it there.
    """
    from selenium.webdriver.common.keys import Keys

    _open(chromium, _written(page_of("arctic_scavengers_3p_snipe"), tmp_path / "page.html"))
    chromium.set_window_size(1280, 1100)
    body = chromium.find_element("tag name", "body")
    body.send_keys("1")  # seat 1
    slider = chromium.find_element("id", "slider")
    chromium.execute_script("arguments[0].value = 200; arguments[0].dispatchEvent(new Event('input'))", slider)
    assert body.get_attribute("data-position") == "200"
    body.send_keys(Keys.ARROW_RIGHT)
    assert body.get_attribute("data-position") == "201" and body.get_attribute("data-view") == "seat 1"
    png = chromium.get_screenshot_as_png()
    width, height, rows = _png_pixels(png)
    colours = {row[i:i + 3] for row in rows[::5] for i in range(0, len(row), 15)}
    assert width >= 1000 and len(colours) >= 12
    target = os.environ.get("WASTELAND_SCREENSHOT")
    if target:
        Path(target).write_bytes(png)


def test_browser_opens_a_linked_move_and_keeps_the_address(chromium: Any, tmp_path: Path) -> None:
    """``#move=120&view=1`` opens at move 120 as seat 1 sees it; stepping and choosing a view
    update the address; the page of a replay titled ``<!--<script>`` still runs; a seat's page
    shows that seat's caption and events."""
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import WebDriverWait

    replay = replays.load(REPLAYS / "arctic_scavengers_3p_snipe.json")
    hostile = replays.Replay(replay.game, replay.seed, replay.options, replay.moves, None, None,
                             title="<!--<script> & </script>")
    page = viewer.write(hostile, tmp_path / "linked.html")
    chromium.get(page.as_uri() + "#move=120&view=1")
    WebDriverWait(chromium, 20).until(lambda d: d.find_element("tag name", "body").get_attribute("data-ready"))
    body = chromium.find_element("tag name", "body")
    assert chromium.find_element("id", "heading").text == "Arctic Scavengers: <!--<script> & </script>"
    assert body.get_attribute("data-position") == "120" and body.get_attribute("data-view") == "seat 1"
    body.send_keys(Keys.ARROW_RIGHT)
    assert chromium.current_url.endswith("#move=121&view=1")
    shown = _data(page.read_text(encoding="utf-8"))["positions"][121]  # what the page holds for move 121
    assert chromium.find_element("id", "status").text == f"Move 121: {shown['captions'][2]}"
    assert [e.text for e in chromium.find_elements("css selector", "#events li")] == shown["events"][2]
    body.send_keys("r")
    assert chromium.current_url.endswith("#move=121") and body.get_attribute("data-view") == "referee"
    assert [e.text for e in chromium.find_elements("css selector", "#events li")] == shown["events"][0]
    chromium.execute_script("location.hash = '#move=7&view=2'")
    WebDriverWait(chromium, 5).until(lambda d: body.get_attribute("data-position") == "7")
    assert body.get_attribute("data-view") == "seat 2"
    labels = [o.text for o in chromium.find_elements("css selector", "#view option")]
    assert labels == ["referee (key r)", "seat 0 (key 0)", "seat 1 (key 1)", "seat 2 (key 2)"]


#: Every text of the board's drawing with words in it: pairs whose boxes overlap (by more than a
#: pixel each way), and texts that reach past the drawing's edge.
_LABELS_JS = r"""
const svg = document.querySelector('#board svg');
const box = svg.getBoundingClientRect();
const texts = [...svg.querySelectorAll('text')].filter(t => t.textContent.trim());
const rects = texts.map(t => t.getBoundingClientRect());
const out = {overlaps: [], cut: [], count: texts.length};
for (let i = 0; i < texts.length; i++) {
  const a = rects[i];
  if (a.left < box.left - 0.5 || a.right > box.right + 0.5 || a.top < box.top - 0.5 || a.bottom > box.bottom + 0.5)
    out.cut.push(texts[i].textContent);
  for (let j = i + 1; j < texts.length; j++) {
    const b = rects[j];
    const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
    const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
    if (w > 1 && h > 1) out.overlaps.push([texts[i].textContent, texts[j].textContent]);
  }
}
return out;
"""


def _game_cases() -> list[Any]:
    from tests.support import LIBRARY_KEYS

    return list(LIBRARY_KEYS)


@pytest.mark.parametrize("key", _game_cases())
def test_no_two_labels_of_a_drawing_overlap_and_no_text_is_cut(key: str, chromium: Any, tmp_path: Path,
                                                               page_of: Callable[[str], str]) -> None:
    """Two recorded games of ``key``, at their start, quarters and end, as the referee and as
    seat 0 see them, in Chromium: the bounding boxes of no two texts of the drawing overlap, and
    every text lies inside the drawing."""
    found: list[str] = []
    recorded = sorted(REPLAYS.glob(f"{key}_*.json"), key=lambda path: len(replays.load(path).moves))
    for path in recorded[:2]:  # the two shortest: a page per replay costs seconds a hundred moves
        replay = replays.load(path)
        page = _written(page_of(path.stem), tmp_path / (path.stem + ".html"))
        n = len(replay.moves)
        chromium.get("about:blank")  # a new load of this page, not a jump from the last one
        chromium.get(Path(page).as_uri())
        _open_at(chromium)
        for move in sorted({0, n // 4, n // 2, 3 * n // 4, n}):
            for view in ("referee", "0"):
                # the page's own way to an address (the linked-move tests load one): its drawing
                # is the same however the page came to it
                chromium.execute_script(f"location.hash = '#move={move}&view={view}'; fromAddress();")
                assert chromium.execute_script("return document.body.dataset.position") == str(move)
                seen = chromium.execute_script(_LABELS_JS)
                assert seen["count"] > 10, f"{path.name} move {move}: hardly any text drawn"
                found += [f"{path.name} move {move} {view}: {a!r} overlaps {b!r}" for a, b in seen["overlaps"]]
                found += [f"{path.name} move {move} {view}: {t!r} is cut by the edge" for t in seen["cut"]]
    assert not found, "\n".join(found[:20])


def _open_at(driver: Any) -> None:
    from selenium.webdriver.support.ui import WebDriverWait

    WebDriverWait(driver, 20).until(lambda d: d.find_element("tag name", "body").get_attribute("data-ready"))


def test_at_phone_width_a_drawing_keeps_its_size_and_scrolls(chromium: Any, tmp_path: Path) -> None:
    """At 390 px (a phone) the drawing is not shrunk past reading: it keeps its natural width
    and its box scrolls sideways."""
    page = viewer.write(replays.load(REPLAYS / "raxxon_power.json"), tmp_path / "phone.html")
    chromium.set_window_size(390, 844)
    try:
        _open(chromium, Path(page))
        width, natural, scroll, client = chromium.execute_script(
            "const b = document.querySelector('#board'), s = b.querySelector('svg');"
            "return [s.getBoundingClientRect().width, s.width.baseVal.value, b.scrollWidth, b.clientWidth];")
        assert abs(width - natural) < 1 and natural > 390
        assert scroll > client, "the drawing's box scrolls sideways"
    finally:
        chromium.set_window_size(1400, 1000)
