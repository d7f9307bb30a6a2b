"""Terror Below at the terminal and as a drawing: the text map shows everything a seat's view holds
on each cell, the words read right, and the SVG has no label over another, no text cut or out of
its box, no status said twice, a legend and the line that says whose view it is."""

from __future__ import annotations

import itertools
import random
import re
import xml.etree.ElementTree as ET

import pytest

from tests.terror_below.tables import at, decisions, table, tidy
from wasteland.core.records import replace
from wasteland.core.svg import BOLD_WIDTH, CHAR_WIDTH
from wasteland.terror_below import GAME, describe, legal_actions, new_game, notation, render, svg
from wasteland.terror_below.cards import CELLS, COLOURS, GEAR, LOCATIONS, NONE, SIZE, VEHICLES, cell_name
from wasteland.terror_below.render import SVG_LEGEND
from wasteland.terror_below.state import Phase, State

SVG = "{http://www.w3.org/2000/svg}"


def _crowded(players: int = 3) -> State:
    """Every piece a cell can hold on one cell, on the board's edges and corners: a pawn, the three
    Targets, two rubble and five eggs of each colour on f6 (the corner); a pawn and a Target on
    the Hospital; eggs and rubble on a1."""
    eggs = [0] * (CELLS * 4)
    for k in range(4):
        eggs[at(6, 6) * 4 + k] = 5
        eggs[at(1, 1) * 4 + k] = 1
    rubble = [0] * CELLS
    rubble[at(6, 6)] = rubble[at(1, 1)] = 2
    pawns = (at(6, 6), LOCATIONS[4], at(1, 1))[:players]
    s = table(players, pawns=pawns, eggs=tuple(eggs), rubble=tuple(rubble), targets=(at(6, 6), at(6, 6), at(6, 6)),
              carried=(1, 0, 0, 0) + (0, 0, 0, 0) * (players - 1))
    return tidy(s)


def _positions() -> list[State]:
    out = [_crowded(3), _crowded(2), replace(_crowded(3), targets=(LOCATIONS[4], at(6, 6), LOCATIONS[4])),
           *decisions().values()]
    for players in (1, 2, 3, 4, 5):
        pick = random.Random(players)
        s = new_game(players, players=players)
        for step in range(400):
            if GAME.outcome(s) is not None:
                break
            if step % 60 == 0:
                out.append(s)
            s = GAME.apply(s, pick.choice(legal_actions(s)))
        out.append(s)
    return out


# -- the terminal -------------------------------------------------------------------------------------

def _map_cells(text: str) -> dict[int, tuple[str, str]]:
    """Cell -> (its top line, its bottom line) read back from the text map (12 characters a cell)."""
    lines = text.splitlines()[2:2 + 2 * SIZE]
    cells = {}
    for r in range(SIZE):
        top, bottom = lines[2 * r][3:], lines[2 * r + 1][3:]
        for c in range(SIZE):
            cells[r * SIZE + c] = (top[c * 12:c * 12 + 12].strip(), bottom[c * 12:c * 12 + 12].strip())
    return cells


def test_the_text_map_shows_every_pawn_target_rubble_and_egg_of_each_cell() -> None:
    """No marker hides another: a cell with a pawn, Targets, rubble and eggs shows all of them."""
    for s in _positions():
        for seat in (None, *range(s.options.players)):
            cells = _map_cells(render(s, seat))
            for c, (top, bottom) in cells.items():
                words = top.split()
                assert [w for w in words if w.startswith("P")] == [f"P{p}" for p, at_ in enumerate(s.pawns) if at_ == c]
                slots = "".join(str(k + 1) for k, t in enumerate(s.targets) if t == c)
                assert [w for w in words if w.startswith("T")] == ([f"T{slots}"] if slots else [])
                assert bottom.count("#") == s.rubble[c]
                eggs = "".join(f"{COLOURS[k][0]}{s.eggs[c * 4 + k]}" for k in range(4) if s.eggs[c * 4 + k])
                assert bottom.replace("#", "").strip() == eggs, cell_name(c)
    text = render(_crowded(), 0)
    assert _map_cells(text)[at(6, 6)] == ("P0 T123", "## r5b5g5y5")
    assert min(_crowded().egg_supply) >= 0


def test_the_words_of_the_text_read_right() -> None:
    """No "at off the board", no "1 tokens", and the turn counter says what it counts."""
    s = new_game(3, players=2)
    assert "setup" in render(s, 0).splitlines()[0]
    for state in _positions():
        text = render(state)
        assert "at off the board" not in text and " 1 VP tokens" not in text and " 1 bounties" not in text
        assert "(1 tokens" not in text
        if state.turn:
            assert f"turn {state.turn} (player {state.active}'s turn)" in text.splitlines()[0]
    off = render(replace(table(), pawns=(NONE, at(2, 2))), 0)
    assert "off the board;" in off or "off the board," in off


def test_the_terminal_shows_what_the_view_holds() -> None:
    """Each seat reads its own cards, the dead, the supplies and the discards in words."""
    s = decisions()["revive"]
    text = render(s, 0)
    for g in s.gear[0]:
        assert f"g{g} {GEAR[g].name}" in text
    for v in s.hands[0]:
        assert f"v{v} {VEHICLES[v].name}" in text
    assert "dead " in text and "supply: red eggs" in text and "chooses who comes back to life" in text


# -- the drawing --------------------------------------------------------------------------------------

def _texts(drawing: str) -> list[tuple[str, tuple[float, float, float, float]]]:
    """Each text element and its box (left, top, right, bottom) as the drawing's writer measures it."""
    root = ET.fromstring(drawing)
    out = []
    for t in root.iter(f"{SVG}text"):
        size = float(t.attrib["font-size"])
        words = t.text or ""
        span = len(words) * size * (BOLD_WIDTH if t.attrib.get("font-weight") == "bold" else CHAR_WIDTH)
        x, y = float(t.attrib["x"]), float(t.attrib["y"])
        anchor = t.attrib.get("text-anchor", "start")
        left = x - span if anchor == "end" else x - span / 2 if anchor == "middle" else x
        out.append((words, (left, y - 0.8 * size, left + span, y + 0.2 * size)))
    return out


def _rects(drawing: str) -> list[tuple[float, float, float, float]]:
    root = ET.fromstring(drawing)
    return [(float(r.attrib["x"]), float(r.attrib["y"]), float(r.attrib["x"]) + float(r.attrib["width"]),
             float(r.attrib["y"]) + float(r.attrib["height"])) for r in root.iter(f"{SVG}rect") if "x" in r.attrib]


def _overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return a[0] < b[2] - 0.5 and b[0] < a[2] - 0.5 and a[1] < b[3] - 0.5 and b[1] < a[3] - 0.5


@pytest.mark.parametrize("index", range(len(_positions())))
def test_no_two_labels_of_the_drawing_overlap(index: int) -> None:
    s = _positions()[index]
    for seat in (None, *range(s.options.players)):
        texts = _texts(svg(s, seat))
        for (a, box_a), (b, box_b) in itertools.combinations(texts, 2):
            assert not _overlap(box_a, box_b), f"{a!r} over {b!r}"


@pytest.mark.parametrize("index", range(len(_positions())))
def test_every_label_lies_inside_the_box_it_is_written_in(index: int) -> None:
    """No text runs out of its card or cell (a text cut short would be caught too: see below)."""
    s = _positions()[index]
    drawing = svg(s, None)
    rects = _rects(drawing)
    width = float(ET.fromstring(drawing).attrib["width"])
    for words, (left, top, right, bottom) in _texts(drawing):
        assert left >= 0 and right <= width, words
        x, y = (left + right) / 2, (top + bottom) / 2
        around = [r for r in rects if r[0] <= x <= r[2] and r[1] <= y <= r[3]]
        if around:
            box = min(around, key=lambda r: (r[2] - r[0]) * (r[3] - r[1]))
            assert box[0] - 0.5 <= left and right <= box[2] + 0.5 and box[1] - 0.5 <= top, (words, box)


def test_card_names_are_drawn_whole() -> None:
    """"Pickup t", "Cowboy hat (worn": no name is cut; every card of the table shows its whole name."""
    s = _crowded(2)
    worn = next(g for g, x in enumerate(GEAR) if x.name == "Cowboy hat")
    truck = next(v for v, x in enumerate(VEHICLES) if x.name == "Pickup truck")
    monster = next(v for v, x in enumerate(VEHICLES) if x.name == "Monster truck")
    limit = 2
    s = tidy(replace(s, worn=((worn,), ()), gear=((), s.gear[1]), hands=((truck, 0, 1), (2, 3, 4)),
                     under=((monster, 5)[:limit], (), ()), owners=((NONE,) * limit, (), ())))
    words = [w for w, _ in _texts(svg(s, None))]
    for name in ("Cowboy hat", "Pickup truck", "Monster truck", *(GEAR[g].name for g in s.gear[1])):
        assert name in words, name
    for state in _positions():
        words = [w for w, _ in _texts(svg(state, None))]
        for hand in state.hands:
            for v in hand:
                assert any(VEHICLES[v].name in w for w in words)


def test_the_status_says_each_thing_once_and_describe_never_repeats_the_notation() -> None:
    """"use g39 (use g39)": a replay caption is the notation then describe's words; they differ."""
    for s in _positions():
        if s.phase is Phase.OVER:
            continue
        for seat in (None, s.decider):
            for words, _ in _texts(svg(s, seat)):
                assert not re.search(r"(.{3,}) \(\1\)", words), words
        seen = GAME.view(s, s.decider)
        for action in legal_actions(s):
            words = describe(seen, action)
            assert words != notation(s, action) and notation(s, action) not in words, words


@pytest.mark.parametrize("seat", [None, 0, 1])
def test_the_drawing_has_a_legend_and_says_who_sees_it(seat: int | None) -> None:
    s = decisions()["steer"]
    drawing = svg(s, seat)
    words = [w for w, _ in _texts(drawing)]
    assert ("referee" if seat is None else f"seen by player {seat}") in words
    assert "Legend" in words and all(meaning in words for _, meaning in SVG_LEGEND)
    root = ET.fromstring(drawing)
    title = root.find(f"{SVG}title")
    assert title is not None and ("referee" if seat is None else f"seen by player {seat}") in (title.text or "")
