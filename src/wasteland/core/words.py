"""Counted words for what the games and the command print: "1 card", "2 cards", never "card(s)".

``plural(n, "card")`` is the count and the noun; ``counted("kill {n} card(s)", n)`` fills a
template whose nouns after ``{n}`` are marked ``(s)``, so that one text serves every count (a
count that is not a number, such as the ``n`` of a glossary, takes the plural: "kill n cards").
"""

from __future__ import annotations

import re

__all__ = ["plural", "counted"]

#: A noun marked to agree with the count before it: ``card(s)``, ``infected card(s)``.
_MARKED = re.compile(r"(\w+)\(s\)")


def plural(count: int, noun: str, many: str | None = None) -> str:
    """``count`` and ``noun``, the noun in the plural unless the count is 1 (or -1): ``many`` when
    given (``plural(2, "die", "dice")``), else the noun with ``s``."""
    return f"{count} {noun if abs(count) == 1 else many or noun + 's'}"


def counted(template: str, n: int | str) -> str:
    """``template`` with ``{n}`` filled and each ``word(s)`` agreeing with ``n``: "kill 1 card",
    "kill 3 cards", and with ``n`` not a number the plural, "kill n cards"."""
    text = template.format(n=n)
    one = isinstance(n, int) and abs(n) == 1
    return _MARKED.sub(lambda m: m.group(1) if one else m.group(1) + "s", text)
