"""A small SVG writer shared by every game's drawing.

A game's ``render.svg(state, player)`` builds one :class:`Drawing`: cards, labels,
tracks and a legend placed in user units (one unit is one pixel at 100 %). The
drawing grows to fit what was put on it, writes no file, needs no font or image at
run time, and is deterministic: the same calls give the same string, byte for byte,
so a seat's drawing can be compared with another's.

Everything that a reader must see is text inside the SVG (so a browser, a test and a
screen reader all read it); colour only repeats what the text says.
"""

from __future__ import annotations

import re
from typing import Iterable, Sequence

__all__ = ["Drawing", "PALETTE", "FONT", "escape", "number", "wrap"]

#: The shared colours: a game names its colours by role, so all drawings read alike.
PALETTE: dict[str, str] = {
    "ink": "#1f2937",          # text and outlines
    "muted": "#6b7280",        # secondary text
    "paper": "#ffffff",        # background
    "table": "#f3f4f6",        # a zone's background
    "line": "#d1d5db",         # grid lines and empty cells
    "hidden": "#4b5563",       # the back of a card nobody here may see
    "friend": "#dcfce7",       # the players' own pieces (squad, healthy cards)
    "friend_ink": "#166534",
    "foe": "#fee2e2",          # threats, infected, danger
    "foe_ink": "#991b1b",
    "gold": "#fef3c7",         # resources, costs, scores
    "gold_ink": "#92400e",
    "focus": "#2563eb",        # what is selected or pending
    "calm": "#e0e7ff",         # neutral cards
    "calm_ink": "#3730a3",
}

#: A font stack every system has one of; no web font is fetched.
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"

#: How wide a character of the default font is, as a share of the font size (for wrapping and fitting).
CHAR_WIDTH = 0.6

#: The same for bold text, which runs wider.
BOLD_WIDTH = 0.7


_SPECIAL = re.compile('[&<>"]')


def escape(text: str) -> str:
    """``text`` safe inside an SVG element or a double-quoted attribute."""
    if _SPECIAL.search(text) is None:  # most text: nothing to replace
        return text
    return (text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;"))


def number(value: float) -> str:
    """A coordinate as short as it can be written: ``12``, ``12.5``."""
    if type(value) is int:  # written as it is
        return str(value)
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def wrap(text: str, width: int) -> list[str]:
    """``text`` broken into lines of at most ``width`` characters at spaces (a longer word stands alone)."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    if line:
        lines.append(line)
    return lines


class Drawing:
    """An SVG being drawn: shapes are appended in order (later ones on top); :meth:`svg` writes it.

    The canvas is as large as what was drawn plus ``margin``, unless ``width`` is given.
    """

    def __init__(self, *, title: str, width: float | None = None, margin: float = 12) -> None:
        self._parts: list[str] = []
        self._title = title
        self._width = width
        self._margin = margin
        self._right = 0.0
        self._bottom = 0.0
        self._numbers: dict[float, str] = {}  # each coordinate written once (a drawing repeats them)

    def _n(self, value: float) -> str:
        """:func:`number`, looked up when this drawing has written ``value`` before."""
        text = self._numbers.get(value)
        if text is None:
            text = self._numbers[value] = number(value)
        return text

    # -- extent ----------------------------------------------------------------------------------

    def _reach(self, x: float, y: float) -> None:
        if x > self._right:
            self._right = x
        if y > self._bottom:
            self._bottom = y

    @property
    def bottom(self) -> float:
        """The lowest y drawn so far: where the next block can start."""
        return self._bottom

    @property
    def right(self) -> float:
        """The rightmost x drawn so far."""
        return self._right

    # -- shapes ----------------------------------------------------------------------------------

    def mark(self) -> int:
        """Where the next shape goes: a rectangle drawn later ``under=`` it lies beneath every shape
        drawn since (a panel sized by what it holds is drawn in one pass)."""
        return len(self._parts)

    def rect(
        self, x: float, y: float, w: float, h: float, *, fill: str = "none", stroke: str = PALETTE["ink"],
        width: float = 1, rx: float = 4, dash: bool = False, tip: str | None = None, under: int | None = None,
    ) -> None:
        """A rectangle; ``tip`` shows as a tooltip in a browser; ``under`` a :meth:`mark`: the
        rectangle goes there, beneath what was drawn after it."""
        dashed = ' stroke-dasharray="4 3"' if dash else ""
        body = f"<title>{escape(tip)}</title>" if tip else ""
        close = f">{body}</rect>" if body else "/>"
        element = (
            f'<rect x="{self._n(x)}" y="{self._n(y)}" width="{self._n(w)}" height="{self._n(h)}" rx="{self._n(rx)}" '
            f'fill="{fill}" stroke="{stroke}" stroke-width="{self._n(width)}"{dashed}{close}'
        )
        if under is None:
            self._parts.append(element)
        else:
            self._parts.insert(under, element)
        self._reach(x + w, y + h)

    def text(
        self, x: float, y: float, text: str, *, size: float = 12, fill: str = PALETTE["ink"],
        anchor: str = "start", bold: bool = False, italic: bool = False,
    ) -> None:
        """One line of text with its baseline at ``y``; ``anchor`` is start, middle or end."""
        weight = ' font-weight="bold"' if bold else ""
        style = ' font-style="italic"' if italic else ""
        self._parts.append(
            f'<text x="{self._n(x)}" y="{self._n(y)}" font-size="{self._n(size)}" fill="{fill}" '
            f'text-anchor="{anchor}"{weight}{style}>{escape(text)}</text>'
        )
        span = len(text) * size * (BOLD_WIDTH if bold else CHAR_WIDTH)
        left = x - span if anchor == "end" else x - span / 2 if anchor == "middle" else x
        self._reach(max(x, left + span), y + size * 0.3)

    def lines(self, x: float, y: float, lines: Iterable[str], *, size: float = 12, gap: float = 1.3,
              fill: str = PALETTE["ink"], bold: bool = False, anchor: str = "start") -> float:
        """Several lines of text from baseline ``y`` down; returns the baseline after the last one."""
        for line in lines:
            self.text(x, y, line, size=size, fill=fill, bold=bold, anchor=anchor)
            y += size * gap
        return y

    def paragraph(self, x: float, y: float, text: str, *, width: float, size: float = 12,
                  fill: str = PALETTE["ink"], bold: bool = False) -> float:
        """``text`` wrapped to fit ``width`` units; returns the baseline after the last line."""
        chars = max(8, int(width / (size * CHAR_WIDTH)))
        return self.lines(x, y, wrap(text, chars), size=size, fill=fill, bold=bold)

    def line(self, x1: float, y1: float, x2: float, y2: float, *, stroke: str = PALETTE["ink"],
             width: float = 1, dash: bool = False) -> None:
        """A straight line."""
        dashed = ' stroke-dasharray="4 3"' if dash else ""
        self._parts.append(
            f'<line x1="{self._n(x1)}" y1="{self._n(y1)}" x2="{self._n(x2)}" y2="{self._n(y2)}" '
            f'stroke="{stroke}" stroke-width="{self._n(width)}"{dashed}/>'
        )
        self._reach(max(x1, x2), max(y1, y2))

    def circle(self, cx: float, cy: float, r: float, *, fill: str = "none", stroke: str = PALETTE["ink"],
               width: float = 1) -> None:
        """A circle (a token, a pip, a marker on a track)."""
        self._parts.append(
            f'<circle cx="{self._n(cx)}" cy="{self._n(cy)}" r="{self._n(r)}" fill="{fill}" stroke="{stroke}" '
            f'stroke-width="{self._n(width)}"/>'
        )
        self._reach(cx + r, cy + r)

    def polygon(self, points: Sequence[tuple[float, float]], *, fill: str = "none",
                stroke: str = PALETTE["ink"], width: float = 1) -> None:
        """A closed shape through ``points`` (an arrow head, a border, a hexagon)."""
        path = " ".join(f"{self._n(x)},{self._n(y)}" for x, y in points)
        self._parts.append(
            f'<polygon points="{path}" fill="{fill}" stroke="{stroke}" stroke-width="{self._n(width)}"/>'
        )
        for x, y in points:
            self._reach(x, y)

    # -- compound pieces -------------------------------------------------------------------------

    def card(
        self, x: float, y: float, w: float, h: float, *, title: str, lines: Sequence[str] = (),
        fill: str = PALETTE["paper"], ink: str = PALETTE["ink"], face_down: bool = False,
        focus: bool = False, dim: bool = False, tip: str | None = None, size: float = 11,
    ) -> None:
        """A card: a rounded box with a bold title and up to a few short lines under it.

        ``face_down`` draws a back (the title still says what the reader may know, e.g. "?");
        ``focus`` rings it in the focus colour; ``dim`` draws it dashed (spent, rotated, gone).
        """
        if face_down:
            fill, ink = PALETTE["hidden"], PALETTE["paper"]
        stroke = PALETTE["focus"] if focus else ink
        self.rect(x, y, w, h, fill=fill, stroke=stroke, width=3 if focus else 1.2, rx=6, dash=dim, tip=tip)
        self.text(x + w / 2, y + size + 5, title, size=size + 1, fill=ink, anchor="middle", bold=True)
        base = y + 2 * size + 10
        for line in lines:
            if base > y + h - 2:
                break
            self.text(x + w / 2, base, line, size=size - 1, fill=ink, anchor="middle")
            base += size + 2

    def track(self, x: float, y: float, *, label: str, low: int, high: int, value: int, step: float = 26,
              danger: int | None = None) -> None:
        """A numbered track from ``low`` to ``high`` with a marker on ``value`` (power, supply, days…)."""
        self.text(x, y + 4, label, size=12, bold=True)
        left = x + max(70.0, len(label) * 12 * BOLD_WIDTH + 16)
        for i, n in enumerate(range(low, high + 1)):
            cx = left + i * step
            hot = danger is not None and n >= danger
            fill = PALETTE["foe"] if hot else PALETTE["table"]
            self.circle(cx, y, step * 0.42, fill=PALETTE["focus"] if n == value else fill,
                        stroke=PALETTE["foe_ink"] if hot else PALETTE["line"])
            self.text(cx, y + 4, str(n), size=11, anchor="middle",
                      fill=PALETTE["paper"] if n == value else PALETTE["ink"], bold=n == value)

    def legend(self, x: float, y: float, items: Sequence[tuple[str, str]], *, width: float = 600,
               title: str = "Legend") -> float:
        """A key: a swatch (a colour name from :data:`PALETTE`, or a colour) and what it means, per item.

        Items flow left to right and wrap at ``width``; returns the y under the legend.
        """
        self.text(x, y + 12, title, size=12, bold=True)
        cx, cy = x, y + 22
        for swatch, meaning in items:
            span = 22 + len(meaning) * 11 * CHAR_WIDTH + 18
            if cx > x and cx + span > x + width:
                cx, cy = x, cy + 20
            colour = PALETTE.get(swatch, swatch)
            self.rect(cx, cy, 14, 14, fill=colour, stroke=PALETTE["ink"], rx=3)
            self.text(cx + 20, cy + 11, meaning, size=11)
            cx += span
        return cy + 24

    def raw(self, element: str, *, right: float, bottom: float) -> None:
        """An element written by the caller (already escaped), reaching to ``right``, ``bottom``."""
        self._parts.append(element)
        self._reach(right, bottom)

    # -- output ----------------------------------------------------------------------------------

    def svg(self) -> str:
        """The whole drawing as one ``<svg>`` element (with its title for screen readers)."""
        width = self._width if self._width is not None else self._right + self._margin
        height = self._bottom + self._margin
        head = (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{self._n(width)}" height="{self._n(height)}" '
            f'viewBox="0 0 {self._n(width)} {self._n(height)}" font-family="{FONT}" role="img">'
            f"<title>{escape(self._title)}</title>"
            f'<rect width="100%" height="100%" fill="{PALETTE["paper"]}"/>'
        )
        return head + "".join(self._parts) + "</svg>"
