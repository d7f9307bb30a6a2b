"""The tables the RL adapter tests play: every registered game at every player count, and
the option sets each game declares (``Game.option_sets``: variants whose sizes differ)."""

from __future__ import annotations

from typing import Any

from wasteland import GAMES
from wasteland.testing import tables

CASES: list[tuple[str, dict[str, Any]]] = [(key, options) for key in GAMES for options in tables(key)]


def case_id(case: tuple[str, dict[str, Any]]) -> str:
    key, options = case
    return key + "-" + "-".join(f"{k}={v}" for k, v in options.items())
