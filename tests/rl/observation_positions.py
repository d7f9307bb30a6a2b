"""Positions of random play for the observation tests: every seat's view of every step of a
few seeded games, for each table of ``tests.rl.cases``."""

from __future__ import annotations

import hashlib
import random
import struct
from typing import Any, Iterator

from wasteland import GAMES


def views(key: str, options: dict[str, Any], games: int = 4, steps: int = 150) -> Iterator[Any]:
    """Every seat's view after each of the first ``steps`` decisions of ``games`` seeded games."""
    game = GAMES[key]
    for seed in range(games):
        chooser = random.Random(seed)
        table = game.new_game(seed, **options)
        for _ in range(steps):
            for seat in range(game.num_players(table)):
                yield game.view(table, seat)
            if game.current_player(table) is None:
                break
            table = game.apply(table, chooser.choice(game.legal_actions(table)))


def digest(vectors: Iterator[tuple[float, ...]]) -> str:
    """One SHA-256 over the vectors, each as its length and its numbers as doubles."""
    h = hashlib.sha256()
    for vector in vectors:
        h.update(struct.pack(f"<I{len(vector)}d", len(vector), *vector))
    return h.hexdigest()
