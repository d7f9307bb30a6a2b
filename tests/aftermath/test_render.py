"""Aftermath in words and as a drawing: the text says what a seat needs to decide, the drawing
shows the page's map with every line in its kind's style, and neither shows a hand to another seat."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from typing import Any, Callable

import pytest

from wasteland.aftermath.book import DEFAULT_BOOK_PATH, SHARED_NAMES, Page, book_data, load_book
from wasteland.aftermath.render import describe, events, render, summary, svg
from wasteland.aftermath.rules import apply, legal_actions, new_game, outcome
from wasteland.aftermath.state import Phase, State
from wasteland.core.rng import Rng

SVG = "{http://www.w3.org/2000/svg}"
BOOK = load_book(DEFAULT_BOOK_PATH, SHARED_NAMES)
PAGE_2 = BOOK.pages[0]
#: The drawing's scale and corner (a grid unit is 46 drawing units, the map starts at 12, 56).
UNIT, X0, Y0 = 46, 12, 56
#: Each line kind as drawn: its colour, and whether it is dashed and whether doubled.
STYLE = {"dashed": ("#ffffff", True, False), "red": ("#dc2626", False, False), "blue": ("#2563eb", False, False),
         "green": ("#16a34a", False, False), "wall": ("#ffffff", False, False), "double": ("#ffffff", False, True)}


def _play(players: int, seed: int, moves: int, **options: Any) -> State:
    state: State = new_game(seed, players=players, **options)
    pick = Rng.from_seed(seed + 1)
    for _ in range(moves):
        if outcome(state) is not None:
            break
        action, pick = pick.choice(legal_actions(state))
        state = apply(state, action)
    return state


def _texts(root: ET.Element) -> list[str]:
    return [t.text or "" for t in root.iter(f"{SVG}text")]


def _lines(root: ET.Element) -> list[dict[str, str]]:
    return [dict(e.attrib) for e in root.iter(f"{SVG}line")]


def test_the_text_shows_the_page_its_map_its_lines_and_the_begin_entry() -> None:
    text = render(new_game(1, players=1))
    assert "page 2 Abbigail Lane" in text and "safe" in text
    begin = PAGE_2.entries[0]
    assert f"begin: {begin.text}" in text
    for space in PAGE_2.spaces:
        assert f"  {space.name} ({space.w}x{space.h}): " in text
    assert "B solid white line (see through, no crossing)" in text  # C's line to B
    assert "G double white line (blocks sight and movement)" in text  # D's line to G
    assert "E red line (1 with red cards, else 3)" in text  # F's line to E
    assert "(face down, difficulty 4)" in text and "Raider Rat" in text


def test_the_text_shows_each_character_and_who_decides() -> None:
    state = new_game(1, players=2, characters=("meziah", "whisper", "ringr", "grumple"))
    text = render(state)
    for name in ("Meziah", "Whisper", "Ringr", "Grumple"):
        assert f". {name} (seat " in text
    assert "wounds 0/" in text and "statuses none" in text and "head -" in text
    assert "now: " in text and "decides" in text


def _with_hands(players: int) -> State:
    """A table where every character holds cards."""
    for seed in range(20):
        state = _play(players, seed, 8)
        if outcome(state) is None and all(state.hands):
            return state
    raise AssertionError("no table where every character holds cards")


def _character_lines(text: str, seat: int) -> list[str]:
    return [ln for ln in text.splitlines() if re.match(rf"\d\. \w+ \(seat {seat}\) ", ln)]


def _hand(line: str) -> list[str]:
    return line.split("; hand ", 1)[1].split("  <-", 1)[0].split(", ")


def test_a_seat_sees_its_own_hands_and_not_another_seats() -> None:
    state = _with_hands(2)
    for seat in (0, 1):
        text = render(state, seat)
        own, other = _character_lines(text, seat), _character_lines(text, 1 - seat)
        assert own and other
        assert all(set(_hand(ln)) == {"?"} for ln in other), other
        assert all("?" not in _hand(ln) for ln in own), own
    referee = render(state)
    assert all("?" not in _hand(ln) for s in (0, 1) for ln in _character_lines(referee, s))


def test_the_text_shows_the_threat_track_with_the_card_under_each_enemy() -> None:
    for seed in range(40):
        state = _play(1, seed, 40)
        if state.foes and any(t >= 0 for t in state.threats[:len(state.foes)]):
            break
    else:
        pytest.fail("no table with an enemy and a threat card under it in 40 games")
    text = render(state)
    assert "threat track (top first):" in text
    assert re.search(r"under it: c\d+ threat \d", text), text


def test_the_drawing_draws_each_space_at_its_size() -> None:
    root = ET.fromstring(svg(new_game(1, players=1)))
    rects = {r.findtext(f"{SVG}title"): r.attrib for r in root.iter(f"{SVG}rect")}
    for space in PAGE_2.spaces:
        title = f"space {space.name}" + (" (start)" if space.name == PAGE_2.start else "")
        r = rects[title]
        assert float(r["x"]) == X0 + space.x * UNIT + 2 and float(r["y"]) == Y0 + space.y * UNIT + 2
        assert float(r["width"]) == space.w * UNIT - 4 and float(r["height"]) == space.h * UNIT - 4


def _edge(page: Page, a: str, b: str) -> tuple[str, float, float, float]:
    """Where two spaces' shared edge lies: ("x", 196, 56, 194) is the vertical edge at x 196 from
    y 56 to y 194."""
    sa = next(s for s in page.spaces if s.name == a)
    sb = next(s for s in page.spaces if s.name == b)
    for p, q in ((sa, sb), (sb, sa)):
        if p.x + p.w == q.x:
            return "x", X0 + q.x * UNIT, Y0 + max(p.y, q.y) * UNIT, Y0 + min(p.y + p.h, q.y + q.h) * UNIT
        if p.y + p.h == q.y:
            return "y", Y0 + q.y * UNIT, X0 + max(p.x, q.x) * UNIT, X0 + min(p.x + p.w, q.x + q.w) * UNIT
    raise AssertionError(f"{a} and {b} share no edge")


def test_the_drawing_draws_every_line_on_its_edge_in_its_kinds_style() -> None:
    root = ET.fromstring(svg(new_game(1, players=1)))
    drawn = _lines(root)
    for line in PAGE_2.lines:
        colour, dash, double = STYLE[line.kind]
        axis, at, low, high = _edge(PAGE_2, line.a, line.b)
        along = "y" if axis == "x" else "x"
        near = [e for e in drawn if e["stroke"] == colour and float(e[f"{axis}1"]) == float(e[f"{axis}2"])
                and abs(float(e[f"{axis}1"]) - at) <= 3
                and low < float(e[f"{along}1"]) < float(e[f"{along}2"]) < high]
        assert len(near) == (2 if double else 1), (line, near)
        assert all(("stroke-dasharray" in e) == dash for e in near), line
        if double:
            assert {float(e[f"{axis}1"]) for e in near} == {at - 3, at + 3}


def test_the_drawing_shows_characters_enemies_tokens_the_track_and_the_entry_read() -> None:
    state = new_game(1, players=1)
    root = ET.fromstring(svg(state))
    words = " ".join(_texts(root))
    tips = {r.findtext(f"{SVG}title") or "" for r in root.iter(f"{SVG}rect")}
    assert "Threat track" in words and "Entry begin" in words
    assert PAGE_2.entries[0].text.split(" ")[0] in words
    assert "Grumple" in tips and "Whisper" in tips and "Raider Rat (enemy 1, figure 1)" in tips
    assert "Raider Rat 1.1" in render(state)  # the words the actions use: melee 1.1
    assert any(t.endswith(": a face-down token, difficulty 4") for t in tips)
    for slot in ("head", "body", "paw", "accessory"):
        assert slot in words
    assert "solid white" in words and "double white" in words  # the legend of the lines
    cellar = _first(1, 3, lambda s: True)  # page 3 places a heavy object on the stair (F)
    root = ET.fromstring(svg(cellar))
    assert "heavy token" in {r.findtext(f"{SVG}title") for r in root.iter(f"{SVG}rect")}
    assert "heavy" in _texts(root) and "F (3x4): heavy token" in render(cellar)


def test_a_seats_drawing_shows_its_own_hand_face_up_and_the_others_face_down() -> None:
    state = _with_hands(2)
    for seat in (0, 1):
        root = ET.fromstring(svg(state, seat))
        backs = sum(1 for t in _texts(root) if t == "?")
        assert backs == sum(len(h) for c, h in enumerate(state.hands) if c % 2 != seat)
    assert not any(t == "?" for t in _texts(ET.fromstring(svg(state))))


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_random_missions_render_in_words_and_as_drawings_for_every_seat(players: int) -> None:
    for seed in range(2):
        state = new_game(seed, players=players)
        pick = Rng.from_seed(seed)
        for step in range(400):
            if step % 25 == 0 or outcome(state) is not None:
                assert render(state) and summary(state)
                ET.fromstring(svg(state))
                for seat in range(players):
                    assert render(state, seat)
                    ET.fromstring(svg(state, seat))
            if outcome(state) is not None:
                break
            actions = legal_actions(state)
            assert all(describe(state, a) for a in actions[:5])
            action, pick = pick.choice(actions)
            state = apply(state, action)
            assert isinstance(events(state), tuple)


def _first(players: int, start_page: int, found: Callable[[State], bool], seeds: int = 20) -> State:
    """The first table of random play from ``start_page`` where ``found`` holds."""
    data = book_data(BOOK)
    data["missions"][0]["start_page"] = start_page
    for seed in range(seeds):
        state: State = new_game(seed, players=players, book=data)
        pick = Rng.from_seed(seed)
        for _ in range(400):
            if outcome(state) is not None:
                break
            if found(state):
                return state
            action, pick = pick.choice(legal_actions(state))
            state = apply(state, action)
    raise AssertionError("not found in random play")


def test_the_text_and_drawing_show_a_test_in_progress_with_its_cards() -> None:
    state = _first(2, 3, lambda s: s.phase is Phase.TEST and bool(s.played))
    assert state.test is not None
    line = next(ln for ln in render(state).splitlines() if ln.startswith("test: "))
    assert f"against {state.test.difficulty}" in line and all(f"c{k} " in line for k in state.played)
    assert line in " ".join(_texts(ET.fromstring(svg(state))))


def test_the_text_shows_the_books_choice_and_an_open_group_task() -> None:
    state = _first(2, 3, lambda s: s.phase is Phase.CHOICE)
    assert state.choice is not None
    text = render(state)
    assert "choice: " + "; ".join(f"{k + 1}) {o.label}" for k, o in enumerate(state.choice.options)) in text
    state = _first(2, 3, lambda s: s.task is not None)
    assert state.task is not None
    assert f"group task: red {state.task.difficulty}, dial at {state.task_dial}" in render(state)


def test_the_bookkeeper_s_choice_among_equally_near_characters_names_the_enemy_and_the_characters() -> None:
    state: State | None = None
    for seed in range(60):
        table: State = new_game(seed, players=2)
        pick = Rng.from_seed(seed)
        while outcome(table) is None and table.phase is not Phase.CHOOSE:
            action, pick = pick.choice(legal_actions(table))
            table = apply(table, action)
        if table.phase is Phase.CHOOSE:
            state = table
            break
    assert state is not None, "no random mission met an enemy between two equally near characters"
    text = render(state)
    line = next(x for x in text.splitlines() if x.startswith("choose: the "))
    assert all(name in line for name in ("Grumple", "Whisper"))
    words = [describe(state, a) for a in legal_actions(state)]
    assert all(w.startswith("the ") and ("moves toward" in w or "attacks" in w) for w in words)
    assert words[0].endswith("Grumple") and words[1].endswith("Whisper")
