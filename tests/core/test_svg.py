"""The shared SVG writer (wasteland.core.svg)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from wasteland.core.svg import PALETTE, Drawing, escape, number, wrap

SVG = "{http://www.w3.org/2000/svg}"


def test_text_from_anywhere_is_escaped() -> None:
    drawing = Drawing(title='<b>"Brawler" & co</b>')
    drawing.text(10, 20, "</text><script>alert(1)</script>")
    drawing.card(10, 40, 80, 60, title="a<b", lines=["x&y"], tip='"quoted"')
    root = ET.fromstring(drawing.svg())
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert "</text><script>alert(1)</script>" in texts and "a<b" in texts and "x&y" in texts
    assert root.find(f"{SVG}title").text == '<b>"Brawler" & co</b>'  # type: ignore[union-attr]
    assert not list(root.iter(f"{SVG}script"))


def test_the_canvas_grows_to_hold_what_was_drawn() -> None:
    drawing = Drawing(title="t", margin=10)
    drawing.rect(5, 5, 100, 50)
    drawing.circle(300, 200, 20)
    root = ET.fromstring(drawing.svg())
    assert (float(root.attrib["width"]), float(root.attrib["height"])) == (330, 230)
    assert drawing.right == 320 and drawing.bottom == 220


def test_a_face_down_card_is_drawn_as_a_back() -> None:
    drawing = Drawing(title="t")
    drawing.card(0, 0, 60, 80, title="?", face_down=True)
    assert f'fill="{PALETTE["hidden"]}"' in drawing.svg()


def test_a_track_marks_its_value_and_its_danger() -> None:
    drawing = Drawing(title="t")
    drawing.track(0, 20, label="Power", low=0, high=8, value=3, danger=7)
    root = ET.fromstring(drawing.svg())
    numbers = [t.text for t in root.iter(f"{SVG}text")]
    assert numbers[0] == "Power" and numbers[1:] == [str(n) for n in range(9)]
    bold = [t.text for t in root.iter(f"{SVG}text") if t.attrib.get("font-weight") == "bold"]
    assert bold == ["Power", "3"]
    circles = list(root.iter(f"{SVG}circle"))
    assert [c.attrib["fill"] for c in circles].count(PALETTE["foe"]) == 2  # 7 and 8


def test_a_legend_wraps_at_its_width() -> None:
    drawing = Drawing(title="t")
    below = drawing.legend(0, 0, [("friend", "the squad"), ("foe", "a threat"), ("hidden", "a card back")] * 4,
                           width=200)
    assert below > 80  # several rows
    assert drawing.right <= 230


def test_numbers_and_wrapping() -> None:
    assert [number(v) for v in (3, 2.5, 1 / 3, -0.001, 10.0)] == ["3", "2.5", "0.33", "0", "10"]
    assert wrap("one two three four five", 9) == ["one two", "three", "four five"]
    assert wrap("incomprehensibilities", 5) == ["incomprehensibilities"]
    assert escape('<&">') == "&lt;&amp;&quot;&gt;"


def test_the_same_calls_give_the_same_bytes() -> None:
    def draw() -> str:
        d = Drawing(title="t")
        d.paragraph(0, 12, "a long sentence that must wrap somewhere sensible", width=120)
        d.polygon([(0, 0), (10, 0), (5, 8)], fill="#000")
        d.line(0, 0, 10, 10, dash=True)
        return d.svg()

    assert draw() == draw()
