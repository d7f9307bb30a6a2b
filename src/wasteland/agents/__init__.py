"""Bots that play any game through the contract.

A bot sees what its seat may see (``view(state, player)``) and the legal
actions the referee offers, and picks one. Bots keep their own ``Rng``, so a
game plus bot seeds is fully reproducible.

* ``random`` — any game: a uniformly random legal action.
* ``heuristic`` — per game, from ``wasteland.agents.<key>`` (its ``HeuristicBot``).
"""

from __future__ import annotations

import importlib
from typing import Any, Protocol

from wasteland.core.game import Game
from wasteland.core.rng import Rng

__all__ = ["Bot", "RandomBot", "BOT_NAMES", "make_bot"]


class Bot(Protocol):
    """Anything that picks one of ``legal`` given the player's view."""

    name: str

    def choose(self, game: Game[Any, Any], view: Any, legal: tuple[Any, ...]) -> Any: ...


class RandomBot:
    """Picks uniformly among the legal actions."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng.from_seed(seed)

    def choose(self, game: Game[Any, Any], view: Any, legal: tuple[Any, ...]) -> Any:
        action, self.rng = self.rng.choice(legal)
        return action


BOT_NAMES: tuple[str, ...] = ("random", "heuristic")


def make_bot(name: str, game_key: str, seed: int = 0) -> Bot:
    """A fresh bot called ``name`` for ``game_key``; ValueError names the choices."""
    if name == "random":
        return RandomBot(seed)
    if name == "heuristic":
        try:
            module = importlib.import_module(f"wasteland.agents.{game_key}")
        except ModuleNotFoundError:
            raise ValueError(f"no heuristic bot for {game_key!r}; try 'random'") from None
        bot: Bot = module.HeuristicBot(seed)
        return bot
    raise ValueError(f"unknown bot {name!r}; choose one of {', '.join(BOT_NAMES)}")
