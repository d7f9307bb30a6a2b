"""The tables the RL adapter tests play: every registered game at every player count, and
a few other options whose sizes differ."""

from __future__ import annotations

from typing import Any

from wasteland import GAMES

EXTRA: list[tuple[str, dict[str, Any]]] = [
    ("lucky_seven", {"players": 2, "variant": "cooperative"}),
    ("lucky_seven", {"players": 1, "depot": True}),
    ("arctic_scavengers", {"players": 2, "peek_rule": "remove_marked", "peeking": ["grenade"]}),
]

CASES: list[tuple[str, dict[str, Any]]] = [
    (key, {"players": n}) for key in GAMES for n in GAMES[key].player_counts
] + EXTRA


def case_id(case: tuple[str, dict[str, Any]]) -> str:
    key, options = case
    return key + "-" + "-".join(f"{k}={v}" for k, v in options.items())
