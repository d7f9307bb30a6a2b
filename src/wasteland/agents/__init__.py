"""Bots that play any game through the contract.

A bot sees what its seat may see (``view(state, player)``) and the legal
actions the referee offers, and picks one. Bots keep their own ``Rng``, so a
game plus bot seeds is fully reproducible.

* ``random`` — any game: a uniformly random legal action.
* ``heuristic`` — per game, from ``wasteland.agents.<key>`` (its ``HeuristicBot``).
* ``flat`` — any game: flat Monte Carlo over determinizations (``wasteland.agents.search``).
* ``ismcts`` — any game: information-set Monte Carlo tree search (``wasteland.agents.search``).

A name may carry settings after colons, in any order: a number of iterations
(``ismcts:400``), a time in seconds (``ismcts:0.5s``), the playout policy
(``ismcts:200:heuristic``), a playout depth (``flat:100:d30``) and the weight
of the outcome's score share in a playout's value (``ismcts:50:heuristic:w0.5``).
See docs/agents.md.
"""

from __future__ import annotations

import importlib
import math
from typing import Any, Protocol

from wasteland.agents.search import ISMCTS, ROLLOUTS, FlatMonteCarlo
from wasteland.core.game import Game, short
from wasteland.core.rng import Rng

__all__ = ["Bot", "RandomBot", "BOT_NAMES", "BotSpec", "make_bot", "parse_bot", "reads_view",
           "FlatMonteCarlo", "ISMCTS"]


class Bot(Protocol):
    """Anything that picks one of ``legal`` given the player's view.

    A bot may also say whether it looks at the view at all (``reads_view``;
    :func:`reads_view` reads it, True when a bot does not say), so a driver
    can skip building views for bots that never read them.
    """

    name: str

    def choose(self, game: Game[Any, Any], view: Any, legal: tuple[Any, ...]) -> Any: ...


class RandomBot:
    """Picks uniformly among the legal actions (without looking at the view)."""

    name = "random"
    reads_view = False

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng.from_seed(seed)

    def choose(self, game: Game[Any, Any], view: Any, legal: tuple[Any, ...]) -> Any:
        action, self.rng = self.rng.choice(legal)
        return action


BOT_NAMES: tuple[str, ...] = ("random", "heuristic", "flat", "ismcts")


def reads_view(bot: object) -> bool:
    """Whether ``bot`` looks at the view it is given (True unless it says otherwise)."""
    return bool(getattr(bot, "reads_view", True))


class BotSpec:
    """A bot name read into its parts: ``ismcts:400:heuristic`` → kind, iterations, rollout."""

    def __init__(self, text: str) -> None:
        if not isinstance(text, str):
            raise ValueError(f"a bot name is text, got {short(text)}")
        kind, *parts = text.strip().split(":")
        if kind not in BOT_NAMES:
            raise ValueError(f"unknown bot {short(kind)}; choose one of {', '.join(BOT_NAMES)}")
        self.text = text.strip()
        self.kind = kind
        self.iterations: int | None = None
        self.seconds: float | None = None
        self.rollout = "random"
        self.depth: int | None = None
        self.score_weight: float | None = None
        if parts and kind in ("random", "heuristic"):
            raise ValueError(f"the {kind} bot takes no settings, got {short(text)}")
        for part in parts:
            self._read(part, text)

    def _read(self, part: str, text: str) -> None:
        if part.isascii() and part.isdigit() and len(part) <= 9 and int(part) >= 1:
            self.iterations = int(part)
        elif part.endswith("s") and _number(part[:-1]) is not None:
            self.seconds = _number(part[:-1])
        elif part in ROLLOUTS:
            self.rollout = part
        elif part.startswith("d") and part[1:].isascii() and part[1:].isdigit() and len(part) <= 10:
            self.depth = int(part[1:])
        elif part.startswith("w") and _number(part[1:], 1.0) is not None:
            self.score_weight = _number(part[1:], 1.0)
        else:
            raise ValueError(
                f"cannot read {short(part)} in bot {short(text)}: after a colon come a number of iterations "
                f"(ismcts:200), seconds (ismcts:0.5s), a playout policy ({' or '.join(ROLLOUTS)}), "
                "a playout depth (d30) or the weight of the score share (w0.5)"
            )
        if self.iterations is not None and self.seconds is not None:
            raise ValueError(f"bot {short(text)} has a budget in iterations and in seconds: give one")


def _number(text: str, most: float = 3600.0) -> float | None:
    """A number above 0 and at most ``most``, or None."""
    try:
        value = float(text)
    except ValueError:
        return None
    return value if math.isfinite(value) and 0 < value <= most else None


def parse_bot(name: str, game_key: str | None = None) -> BotSpec:
    """Read a bot name without making the bot; ValueError says what is wrong.

    The one reader of bot names: :func:`make_bot`, ``simulate``, ``tournament`` and every
    command of the ``wasteland`` program go through it. With ``game_key`` it also checks that the
    game has what the name asks for (a heuristic bot); without, only the name itself.
    """
    spec = BotSpec(name)
    if game_key is not None and (spec.kind == "heuristic" or spec.rollout == "heuristic"):
        _heuristic_module(game_key)
    return spec


def _heuristic_module(game_key: str) -> Any:
    try:
        return importlib.import_module(f"wasteland.agents.{game_key}")
    except ModuleNotFoundError:
        raise ValueError(f"no heuristic bot for {short(game_key)}; try 'random'") from None


def make_bot(name: str, game_key: str, seed: int = 0) -> Bot:
    """A fresh bot called ``name`` for ``game_key``; ValueError names the choices."""
    spec = parse_bot(name, game_key)
    if spec.kind == "random":
        return RandomBot(seed)
    if spec.kind == "heuristic":
        bot: Bot = _heuristic_module(game_key).HeuristicBot(seed)
        return bot
    cls = ISMCTS if spec.kind == "ismcts" else FlatMonteCarlo
    search = cls(seed, spec.iterations, seconds=spec.seconds, rollout=spec.rollout, rollout_depth=spec.depth,
                 score_weight=spec.score_weight or 0.0)
    search.name = spec.text
    return search
