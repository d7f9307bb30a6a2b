"""The replay page (wasteland.viewer): its data, its safety, and a real headless Chromium stepping through it."""

from __future__ import annotations

import base64
import gzip
import json
import os
import re
import shutil
import struct
import zlib
from pathlib import Path
from typing import Any, Iterator

import pytest

from wasteland import replay as replays
from wasteland import viewer
from wasteland.registry import get_game

REPLAYS = Path(__file__).resolve().parent.parent / "examples" / "replays"


def _data(page: str) -> dict[str, Any]:
    packed = re.search(r"const PACKED = \"([A-Za-z0-9+/=]+)\";", page)
    assert packed is not None
    result: dict[str, Any] = json.loads(gzip.decompress(base64.b64decode(packed.group(1))))
    assert len(set(result["pieces"])) == len(result["pieces"]), "each piece is stored once"
    result["drawings"] = ["".join(result["pieces"][i] for i in ids) for ids in result["drawings"]]
    return result


# -- the page's data, without a browser ---------------------------------------------------------

def test_page_holds_a_position_per_move_and_a_drawing_per_view() -> None:
    replay = replays.load(REPLAYS / "arctic_scavengers_3p_snipe.json")
    data = _data(viewer.page(replay))
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


def test_page_names_each_move_and_who_played_it() -> None:
    replay = replays.load(REPLAYS / "arctic_scavengers_3p_snipe.json")
    data = _data(viewer.page(replay))
    game = get_game(replay.game)
    for step, position in zip(replays.steps(replay), data["positions"][1:]):
        assert position["caption"].startswith(f"seat {game.current_player(step.before)}: {step.move} (")
        assert position["events"] == list(game.events(step.after))


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


def test_page_escapes_a_strangers_title() -> None:
    replay = replays.load(REPLAYS / "lucky_seven_win.json")
    hostile = replays.Replay(replay.game, replay.seed, replay.options, replay.moves[:3], None, None,
                             title="</script><script>alert(1)</script>")
    page = viewer.page(hostile)
    assert page.count("</script>") == 2  # the page's own two scripts, nothing from the title
    assert "alert(1)" in json.loads(re.search(r'id="meta-data" type="application/json">(.*?)</script>',
                                              page).group(1).replace("<\\/", "</"))["heading"]


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
    """Width, height and the rows of an 8-bit RGB or RGBA PNG (what Chromium's screenshots are)."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    at, idat, header = 8, b"", b""
    while at < len(png):
        (length,) = struct.unpack(">I", png[at:at + 4])
        kind, body = png[at + 4:at + 8], png[at + 8:at + 8 + length]
        if kind == b"IHDR":
            header = body
        elif kind == b"IDAT":
            idat += body
        at += 12 + length
    width, height, depth, colour = struct.unpack(">IIBB", header[:10])
    assert depth == 8 and colour in (2, 6), (depth, colour)
    step = 3 if colour == 2 else 4
    raw = zlib.decompress(idat)
    stride = width * step
    rows: list[bytes] = []
    previous = bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for i in range(stride):
            left = line[i - step] if i >= step else 0
            up = previous[i]
            corner = previous[i - step] if i >= step else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
        rows.append(bytes(line[j] for j in range(stride) if j % step < 3))
        previous = line
    return width, height, rows


@pytest.mark.parametrize("name", ["lucky_seven_cooperative", "arctic_scavengers_3p_snipe", "raxxon_evacuated"])
def test_browser_steps_to_the_end_and_shows_the_outcome(chromium: Any, tmp_path: Path, name: str) -> None:
    from selenium.webdriver.common.keys import Keys

    replay = replays.load(REPLAYS / f"{name}.json")
    page = viewer.write(replay, tmp_path / f"{name}.html")
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
    body.send_keys("1")  # seat 0's view
    assert body.get_attribute("data-view") == "seat 0"
    width, height, rows = _png_pixels(chromium.get_screenshot_as_png())
    assert width >= 800 and height >= 600
    colours = {row[i:i + 3] for row in rows[::7] for i in range(0, len(row), 21)}
    painted = sum(1 for row in rows[::7] for i in range(0, len(row), 21) if row[i:i + 3] != b"\xff\xff\xff")
    assert len(colours) >= 8, "the screenshot is (nearly) one colour"
    assert painted > len(rows[::7]) * (len(rows[0]) // 21) * 0.05, "the screenshot is nearly blank"


def test_browser_screenshot_of_a_seat_s_view_midway(chromium: Any, tmp_path: Path) -> None:
    """The README's picture: seat 1's view in the middle of a 3-player Arctic Scavengers game.

    ``WASTELAND_SCREENSHOT=docs/images/replay-viewer.png pytest tests/test_viewer.py -k screenshot``
    writes it there.
    """
    from selenium.webdriver.common.keys import Keys

    replay = replays.load(REPLAYS / "arctic_scavengers_3p_snipe.json")
    _open(chromium, viewer.write(replay, tmp_path / "page.html"))
    chromium.set_window_size(1280, 1100)
    body = chromium.find_element("tag name", "body")
    body.send_keys("2")  # seat 1
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
