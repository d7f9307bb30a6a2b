"""The web table in real browsers: two headless Chromium sessions (selenium and the system's
Chromium, as the replay page's test) make and join one Arctic Scavengers match served by a real
`wasteland serve`, and play it to the end against each other and a bot seat; midway each one's
screenshot is its own seat's drawing, with the other hand face down; then the server is killed
with SIGKILL, started again on the same database, and both pages carry on to the end."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any, Iterator

import pytest

from wasteland import GAMES
from wasteland.core import codec
from wasteland.serve.storage import open_storage

from .support import Served

pytest.importorskip("selenium")

from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

from ..test_viewer import _browser_paths  # noqa: E402

SVG = "{http://www.w3.org/2000/svg}"
#: A player who, whenever it is their turn and the page is connected, clicks the last move
#: button (an "end" where there is one, so that rounds are short); a click that came to nothing
#: (the server was away) is tried again after a second.
AUTOPLAY = """
let tried = "", at = 0;
setInterval(() => {
  const page = document.body.dataset;
  if (page.yourTurn !== "true" || page.connected !== "true" || page.over === "true") return;
  if (tried === page.number && Date.now() - at < 1000) return;
  const buttons = document.querySelectorAll("button.move");
  if (!buttons.length) return;
  tried = page.number; at = Date.now();
  buttons[buttons.length - 1].click();
}, 20);
"""
SIZES = {"desktop": (1400, 1000), "phone": (390, 844)}


def _driver(profile: Path, size: tuple[int, int]) -> Any:
    from selenium import webdriver

    browser, driver_path = _browser_paths()
    options = webdriver.ChromeOptions()
    options.binary_location = browser
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-dev-shm-usage", f"--window-size={size[0]},{size[1]}", f"--user-data-dir={profile}"):
        options.add_argument(flag)
    return webdriver.Chrome(options=options, service=webdriver.ChromeService(executable_path=driver_path))


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Served]:
    """A server starting (the browsers start meanwhile); the test waits for it."""
    started = Served(str(tmp_path / "games.sqlite"), wait=False)
    yield started
    started.close()


@pytest.fixture
def browsers(tmp_path: Path) -> Iterator[list[Any]]:
    made: list[Any] = []
    try:
        for name in SIZES:
            made.append(_driver(tmp_path / f"profile-{name}", SIZES[name]))
        yield made
    finally:
        for driver in made:
            driver.quit()


def _body(driver: Any, name: str) -> str:
    """The page's ``data-NAME`` attribute of its body (what it says of itself: ready, number, over...)."""
    key = re.sub(r"-(\w)", lambda m: m.group(1).upper(), name)
    return str(driver.execute_script("return document.body.dataset[arguments[0]] || ''", key))


def _open(driver: Any, url: str) -> None:
    driver.get(url)
    WebDriverWait(driver, 30).until(lambda d: _body(d, "ready") == "true")


def _choose(driver: Any, select: str, value: str) -> None:
    driver.execute_script("const s = document.getElementById(arguments[0]); s.value = arguments[1];"
                          "s.dispatchEvent(new Event('change'));", select, value)


def _table(driver: Any) -> None:
    WebDriverWait(driver, 30).until(lambda d: _body(d, "number") != "")


def _referee(db: str, match: str) -> tuple[Any, int]:
    """The table as the database holds it, and its number of moves."""
    storage = open_storage(db)
    try:
        row = storage.match(match)
        assert row is not None
        return codec.loads(row.snapshot), row.moves
    finally:
        storage.close()


def _check_own_hand(driver: Any, db: str, match: str, seat: int, png: Path) -> None:
    """The page draws exactly its seat's view: its own hand by name, the other hand face down."""
    game = GAMES["arctic_scavengers"]
    state = WebDriverWait(driver, 30).until(lambda d: (lambda s: s if str(s[1]) == _body(d, "number") else None)(
        _referee(db, match)))[0]
    expected = [t.text or "" for t in ET.fromstring(game.svg(game.view(state, seat), None)).iter(f"{SVG}text")]
    drawn = driver.execute_script(
        "return [...document.querySelectorAll('#board svg text')].map((t) => t.textContent)")
    assert drawn == expected, "the page draws the seat's own view"
    seen = game.view(state, seat)
    # the cards in the other hands that the view hides, less those its events name (a force shown
    # in last round's skirmish may be back in a hand: the seat saw it then, not where it is now)
    hidden = {c for q in range(3) if q != seat for c in state.hands[q]} - {
        c for q in range(3) for c in seen.hands[q]} - {
        int(n) for n in re.findall(r"[A-Za-z]#(\d+)", " ".join(game.events(seen)))}
    labels = {int(w[1:]) for w in drawn if re.fullmatch(r"#\d+", w)}  # a card's label: "#22"
    assert hidden and not labels & hidden
    assert set(state.hands[seat]) <= labels, "the seat's own hand is drawn face up"
    driver.save_screenshot(str(png))
    assert png.stat().st_size > 20_000


def test_two_browsers_and_a_bot_play_a_match_through_a_server_killed_midway(served: Served, browsers: list[Any],
                                                                            tmp_path: Path) -> None:
    db = served.db
    served.ready()
    try:
        first, second = browsers
        _open(first, served.url + "/")
        _choose(first, "game", "arctic_scavengers")
        _choose(first, "players", "3")
        _choose(first, "seat-1", "human")
        _choose(first, "seat-2", "heuristic")
        first.find_element("css selector", "#create button[type=submit]").click()
        _table(first)
        match = re.search(r"match=([A-Za-z0-9_-]+)", first.current_url)
        assert match is not None
        match_id = match.group(1)
        _open(second, served.url + "/")
        join = f'button[data-join="{match_id}:1"]'
        WebDriverWait(second, 30).until(lambda d: d.find_elements("css selector", join))
        second.find_element("css selector", join).click()
        _table(second)
        played = 0
        while played < 6:  # a few moves clicked one by one, each waited for
            WebDriverWait(first, 30, poll_frequency=0.02).until(
                lambda _: any(_body(d, "your-turn") == "true" for d in browsers))
            for driver in browsers:
                if _body(driver, "your-turn") != "true":
                    continue
                number = _body(driver, "number")
                driver.find_elements("css selector", "button.move")[-1].click()
                WebDriverWait(driver, 30, poll_frequency=0.02).until(
                    lambda d, was=number: _body(d, "number") != was, message=driver.find_element("id", "notice").text)
                played += 1
        for seat, driver in enumerate(browsers):
            _check_own_hand(driver, db, match_id, seat, tmp_path / f"seat{seat}.png")
        assert (tmp_path / "seat0.png").read_bytes() != (tmp_path / "seat1.png").read_bytes()
        before = open_storage(db).moves(match_id)
        served.kill()
        after = open_storage(db).moves(match_id)
        assert after[:len(before)] == before, "nothing acknowledged was lost"
        served = Served(db, served.port)
        for driver in browsers:  # from here each page plays by itself: it clicks its last move button
            driver.execute_script(AUTOPLAY)
        WebDriverWait(first, 180, poll_frequency=0.5).until(lambda _: all(_body(d, "over") == "true" for d in browsers))
        for driver in browsers:
            turn = driver.find_element("id", "turn").text
            assert turn.startswith("Game over"), turn
            assert driver.find_element("id", "replay-page").get_attribute("href").endswith(
                f"/matches/{match_id}/replay.html")
        first.get(served.url + f"/matches/{match_id}/replay.html#move=9999999")
        WebDriverWait(first, 30).until(lambda d: _body(d, "ready") == "true")
        assert first.find_element("id", "over").text.startswith("Game over")
    finally:
        served.close()
