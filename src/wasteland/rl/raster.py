"""A game's SVG drawing as an RGB array, for ``render_mode="rgb_array"`` (the ``rl`` extra).

The drawings of ``wasteland.core.svg.Drawing`` use a handful of SVG elements: ``rect``
(rounded, filled, stroked, dashed), ``line``, ``circle`` and ``text`` (size, weight,
style, anchor), all in absolute coordinates with plain colours. This module paints exactly
those with Pillow, which installs from a wheel everywhere (no system library such as
cairo), and returns a ``uint8`` array of shape (height, width, 3). Anything else in the
drawing (a ``title`` tooltip) is skipped. It reads only drawings the games themselves
wrote, never a stranger's file.

Text uses DejaVu Sans when the system has it (the font the drawings name first) and
Pillow's own font otherwise, so the picture is the same layout everywhere, with glyphs
that may differ a little.
"""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree
from typing import Any

from wasteland.rl import MISSING_EXTRA

try:
    import numpy as np  # type: ignore[import-not-found, unused-ignore]
    from PIL import Image, ImageColor, ImageDraw, ImageFont  # type: ignore[import-not-found, import-untyped, unused-ignore]
except ImportError as exc:  # pragma: no cover - the base install
    raise ImportError(MISSING_EXTRA) from exc

__all__ = ["rasterize"]

_SVG = "{http://www.w3.org/2000/svg}"
_FONTS = {
    (False, False): "DejaVuSans.ttf",
    (True, False): "DejaVuSans-Bold.ttf",
    (False, True): "DejaVuSans-Oblique.ttf",
    (True, True): "DejaVuSans-BoldOblique.ttf",
}


def _number(element: Any, name: str, default: float = 0.0) -> float:
    value = element.get(name)
    return default if value is None else float(value)


def _colour(value: str | None) -> tuple[int, int, int] | None:
    if value is None or value == "none":
        return None
    rgb = ImageColor.getrgb(value)
    return (rgb[0], rgb[1], rgb[2])


class _Fonts:
    """The fonts of one picture, loaded once per (size, bold, italic)."""

    def __init__(self, scale: float) -> None:
        self.scale = scale
        self.loaded: dict[tuple[int, bool, bool], Any] = {}

    def get(self, size: float, bold: bool, italic: bool) -> Any:
        key = (max(1, round(size * self.scale)), bold, italic)
        font = self.loaded.get(key)
        if font is None:
            try:
                font = ImageFont.truetype(_FONTS[bold, italic], key[0])
            except OSError:
                font = ImageFont.load_default(size=key[0])
            self.loaded[key] = font
        return font


def _dashed(draw: Any, box: tuple[float, float, float, float], colour: tuple[int, int, int], width: int,
            dash: tuple[float, float]) -> None:
    x0, y0, x1, y1 = box
    on, off = dash
    for a, b, fixed, horizontal in ((x0, x1, y0, True), (x0, x1, y1, True), (y0, y1, x0, False), (y0, y1, x1, False)):
        at = a
        while at < b:
            end = min(at + on, b)
            draw.line(((at, fixed), (end, fixed)) if horizontal else ((fixed, at), (fixed, end)), fill=colour,
                      width=width)
            at = end + off


def rasterize(svg: str, scale: float = 1.0) -> Any:
    """The drawing ``svg`` (as a game's ``svg`` writes it) painted at ``scale`` pixels per
    unit: a numpy ``uint8`` array of shape (height, width, 3)."""
    root = ElementTree.fromstring(svg)
    width = max(1, round(_number(root, "width", 640) * scale))
    height = max(1, round(_number(root, "height", 480) * scale))
    image = Image.new("RGB", (width, height), (255, 255, 255))
    draw = ImageDraw.Draw(image)
    fonts = _Fonts(scale)
    s = scale
    for element in root.iter():
        tag = element.tag.removeprefix(_SVG)
        if tag == "rect":
            if element.get("width", "").endswith("%"):  # the background
                w, h = width / s, height / s
            else:
                w, h = _number(element, "width"), _number(element, "height")
            x, y = _number(element, "x"), _number(element, "y")
            fill, stroke = _colour(element.get("fill", "#000000")), _colour(element.get("stroke"))
            line = max(1, round(_number(element, "stroke-width", 1) * s)) if stroke else 0
            box = (x * s, y * s, (x + w) * s, (y + h) * s)
            dash = element.get("stroke-dasharray")
            radius = round(_number(element, "rx") * s)
            draw.rounded_rectangle(box, radius=radius, fill=fill, outline=None if dash else stroke, width=line)
            if dash and stroke:
                on, off = (float(v) * s for v in dash.split()[:2])
                _dashed(draw, box, stroke, line, (on, off))
        elif tag == "line":
            stroke = _colour(element.get("stroke"))
            if stroke:
                points = ((_number(element, "x1") * s, _number(element, "y1") * s),
                          (_number(element, "x2") * s, _number(element, "y2") * s))
                draw.line(points, fill=stroke, width=max(1, round(_number(element, "stroke-width", 1) * s)))
        elif tag == "circle":
            cx, cy, r = (_number(element, name) * s for name in ("cx", "cy", "r"))
            stroke = _colour(element.get("stroke"))
            draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=_colour(element.get("fill", "#000000")),
                         outline=stroke, width=max(1, round(_number(element, "stroke-width", 1) * s)) if stroke else 0)
        elif tag == "text" and element.text:
            font = fonts.get(_number(element, "font-size", 16), element.get("font-weight") == "bold",
                             element.get("font-style") == "italic")
            anchor = {"middle": "ms", "end": "rs"}.get(element.get("text-anchor", "start"), "ls")
            draw.text((_number(element, "x") * s, _number(element, "y") * s), element.text, font=font,
                      fill=_colour(element.get("fill", "#000000")) or (0, 0, 0), anchor=anchor)
    return np.asarray(image, dtype=np.uint8)
