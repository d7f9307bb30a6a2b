"""Bots that play any game through the contract.

A bot sees what its seat may see (``view(state, player)``) and the legal
actions the referee offers, and picks one. Bots keep their own ``Rng``, so a
game plus bot seeds is fully reproducible.

* ``random`` — any game: a uniformly random legal action.
* ``heuristic`` — per game, from ``wasteland.agents.<key>`` (its ``HeuristicBot``).
* ``lookahead`` — where a game has one (its ``LookaheadBot``: The Lucky Seven): the heuristic,
  weighing its few best plans on tables drawn from its view; ``lookahead:8`` draws 8 tables a plan,
  ``lookahead:0.5s`` as many as fit in half a second.
* ``flat`` — any game: flat Monte Carlo over determinizations (``wasteland.agents.search``).
* ``ismcts`` — any game: information-set Monte Carlo tree search (``wasteland.agents.search``).
* ``oracle`` — any game: the same search on the referee's table. **Not a fair player**: it sees
  the hidden cards and the deck order; an upper bound for designers (``is_fair`` says False).
  ``oracle:lookahead`` (where a game has one: its ``OracleLookahead``) is the lookahead bot on the
  referee's table, weighing each plan on the table that will be played.

A name may carry settings after colons, in any order: a number of iterations
(``ismcts:400``), a time in seconds (``ismcts:0.5s``) or both (``ismcts:400:0.5s``: whichever
comes first ends the search), the playout policy
(``ismcts:200:heuristic``), a playout depth (``flat:100:d30``) and the weight
of the outcome's score share in a playout's value (``ismcts:50:heuristic:w0.5``); flat Monte Carlo
with heuristic playouts also takes ``g`` and a number (keep the heuristic's choice unless another
action beats it by that many standard errors: ``flat:120:heuristic:d12:g2``); ISMCTS and the
oracle also take ``reuse`` (keep the tree between decisions where the view allows), ``observe``
(split the tree after each action by what the seat is shown), ``p`` and a
number (that many root searches on as many processes, their statistics summed: ``ismcts:200:p2``)
and ``k`` and a number (a fixed pool of that many determinizations instead of one per iteration).
A search bot's name with a budget in seconds and nothing else (``ismcts:0.5s``), or with
``best``, plays with the settings found best for its game (``wasteland.agents.<key>.SEARCH``) and,
given the table's number of players, for that many (``SEARCH_BY_PLAYERS`` where the game has it);
where the game's settings name a number of ``iterations`` (Raxxon), a time alone stops there too.
See docs/agents.md.
"""

from __future__ import annotations

import math
from typing import Any, Protocol

from wasteland.agents.search import (
    ISMCTS,
    MAX_DETERMINIZATIONS,
    MAX_PROCESSES,
    ROLLOUTS,
    FlatMonteCarlo,
    Oracle,
    tuned_settings,
)
from wasteland.core.game import Game, short
from wasteland.core.rng import Rng
from wasteland.registry import bots_of

__all__ = ["Bot", "RandomBot", "BOT_NAMES", "BotSpec", "make_bot", "parse_bot", "reads_view", "sees_table",
           "is_fair", "bot_input", "FlatMonteCarlo", "ISMCTS", "Oracle", "UNFAIR"]


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


BOT_NAMES: tuple[str, ...] = ("random", "heuristic", "lookahead", "flat", "ismcts", "oracle")
#: The largest guard a name may give (``g`` and a number): standard errors of a mean difference.
MAX_GUARD = 10.0
#: The bots that are not fair players (they see the referee's table).
UNFAIR: tuple[str, ...] = ("oracle",)


def reads_view(bot: object) -> bool:
    """Whether ``bot`` looks at the view it is given (True unless it says otherwise)."""
    return bool(getattr(bot, "reads_view", True))


def sees_table(bot: object) -> bool:
    """Whether ``bot`` is handed the referee's whole table instead of its seat's view (the oracle)."""
    return bool(getattr(bot, "sees_table", False))


def is_fair(name: str) -> bool:
    """Whether the bot called ``name`` plays on its seat's view only (every bot but the oracle)."""
    return BotSpec(name).kind not in UNFAIR


def bot_input(bot: object, game: Game[Any, Any], state: Any, player: int) -> Any:
    """What ``bot`` is given to decide at ``state`` for ``player``: the seat's view, the whole table for
    a bot that sees it (the oracle), or None for a bot that reads no view."""
    if sees_table(bot):
        return state
    return game.view(state, player) if reads_view(bot) else None


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
        self.guard: float | None = None
        self.best = False
        self.reuse: bool | None = None
        self.processes = 1
        self.determinizations: int | None = None
        self.observe: bool | None = None
        #: ``oracle:lookahead``: the game's lookahead bot on the referee's table.
        self.lookahead = kind == "oracle" and "lookahead" in parts
        if self.lookahead:
            parts = [part for part in parts if part != "lookahead"]
        if parts and kind in ("random", "heuristic"):
            raise ValueError(f"the {kind} bot takes no settings, got {short(text)}")
        if kind == "lookahead" or self.lookahead:
            count_or_time = all(_whole(part, 1, 999_999_999) is not None
                                or part.endswith("s") and _number(part[:-1]) is not None for part in parts)
            if len(parts) > 1 or not count_or_time:
                base = "oracle:lookahead" if self.lookahead else "lookahead"
                raise ValueError(f"the lookahead bot takes one setting, the tables drawn for each plan "
                                 f"({base}:8) or a time ({base}:0.5s), got {short(text)}")
        for part in parts:
            self._read(part, text)
        searched = (self.reuse is not None or self.processes > 1 or self.determinizations is not None
                    or self.observe is not None)
        if searched and kind not in ("ismcts", "oracle"):
            raise ValueError(f"reuse, observe, p and k are settings of ismcts and oracle, not of {kind}: "
                             f"{short(text)}")
        if self.reuse and self.processes > 1:
            raise ValueError(f"bot {short(text)} asks for reuse and root parallelism: give one or the other")
        if self.reuse and self.observe:
            raise ValueError(f"bot {short(text)} asks for reuse and observe: give one or the other")
        if self.guard is not None and kind != "flat":
            raise ValueError(f"g (the guard of the heuristic's choice) is a setting of flat, not of {kind}: "
                             f"{short(text)}")
        given = (self.rollout != "random" or self.depth is not None or self.score_weight is not None
                 or self.guard is not None)
        if self.best and (given or "random" in parts):
            raise ValueError(f"bot {short(text)} asks for the best settings and gives some: give one or the other")
        if self.guard is not None and self.rollout != "heuristic":
            raise ValueError(f"bot {short(text)} guards the heuristic's choice and needs heuristic playouts: "
                             "flat:120:heuristic:g2")
        #: The game's tuned settings apply: ``best``, or a budget in seconds and nothing else.
        self.tuned = self.best or (self.seconds is not None and not given and "random" not in parts)

    def settings(self, game_key: str, players: int | None = None) -> tuple[str, int | None, float]:
        """The playout policy, depth and score weight this name means at game ``game_key`` (at
        ``players`` seats: the tuned settings may differ by the number of players)."""
        if self.tuned:
            found = tuned_settings(game_key, players)
            return (str(found.get("rollout", "random")), found.get("depth"), float(found.get("score_weight", 0.0)))
        return self.rollout, self.depth, self.score_weight or 0.0

    def budget(self, game_key: str, players: int | None = None) -> tuple[int | None, float | None]:
        """The iterations and the seconds a decision this name means at game ``game_key`` (None:
        no bound of that kind): the name's own, and where ISMCTS or the oracle takes the tuned
        settings with a time and no number, the game's tuned ``iterations`` as well (at Raxxon a
        longer search has not played better)."""
        iterations = self.iterations
        if iterations is None and self.seconds is not None and self.tuned and self.kind in ("ismcts", "oracle"):
            found = tuned_settings(game_key, players).get("iterations")
            iterations = None if found is None else int(found)
        return iterations, self.seconds

    def guard_setting(self, game_key: str, players: int | None = None) -> float | None:
        """The guard of the heuristic's choice this name means at game ``game_key`` (flat Monte Carlo
        only; None: no guard): the name's, or the game's tuned one where the name takes the tuned settings."""
        if self.kind != "flat":
            return None
        if self.tuned:
            found = tuned_settings(game_key, players).get("guard")
            return None if found is None else float(found)
        return self.guard

    def tree_settings(self, game_key: str, players: int | None = None) -> tuple[bool, int, int | None]:
        """Whether the tree is reused, the root searches (processes) and the pool of determinizations
        (None: one a iteration) this name means at game ``game_key``; the game's tuned ``reuse`` and
        ``determinizations`` apply where the name takes the tuned settings and says nothing of them."""
        reuse, pool = self.reuse, self.determinizations
        if self.tuned and self.processes == 1:
            found = tuned_settings(game_key, players)
            if reuse is None:
                reuse = bool(found.get("reuse", False))
            if pool is None:
                pool = found.get("determinizations")
        return bool(reuse), self.processes, pool

    def observing(self, game_key: str, players: int | None = None) -> bool:
        """Whether the tree this name means at game ``game_key`` splits after each action by what the
        seat is shown (``observe``): the name's word, or the game's tuned ``observe`` where the name
        takes the tuned settings and says nothing of it, unless the tree is reused (the name's or the
        tuning's ``reuse``, read by :meth:`tree_settings`: the two do not combine)."""
        if self.observe is not None:
            return self.observe
        if not self.tuned or self.tree_settings(game_key, players)[0]:
            return False
        return bool(tuned_settings(game_key, players).get("observe", False))

    def spelled(self, game_key: str, players: int | None = None) -> str:
        """The name with every setting written out (``ismcts:0.5s`` -> ``ismcts:0.5s:heuristic:d12``),
        at ``players`` seats."""
        if self.kind in ("random", "heuristic", "lookahead") or self.lookahead:
            return self.text
        rollout, depth, weight = self.settings(game_key, players)
        iterations, seconds = self.budget(game_key, players)
        parts = [self.kind, str(iterations) if iterations is not None else "",
                 f"{seconds:g}s" if seconds is not None else "", rollout,
                 f"d{depth}" if depth is not None else "", f"w{weight:g}" if weight else ""]
        guard = self.guard_setting(game_key, players)
        parts.append(f"g{guard:g}" if guard is not None else "")
        if self.kind in ("ismcts", "oracle"):
            reuse, processes, pool = self.tree_settings(game_key, players)
            parts += ["reuse" if reuse else "", "observe" if self.observing(game_key, players) else "",
                      f"p{processes}" if processes > 1 else "", f"k{pool}" if pool is not None else ""]
        return ":".join(p for p in parts if p)

    def _read(self, part: str, text: str) -> None:
        if part.isascii() and part.isdigit() and len(part) <= 9 and int(part) >= 1:
            if self.iterations is not None:
                raise ValueError(f"bot {short(text)} gives a number of iterations twice")
            self.iterations = int(part)
        elif part.endswith("s") and _number(part[:-1]) is not None:
            if self.seconds is not None:
                raise ValueError(f"bot {short(text)} gives a time twice")
            self.seconds = _number(part[:-1])
        elif part in ROLLOUTS:
            self.rollout = part
        elif part == "best":
            self.best = True
        elif part == "reuse":
            self.reuse = True
        elif part == "observe":
            self.observe = True
        elif part.startswith("p") and _whole(part[1:], 2, MAX_PROCESSES) is not None:
            self.processes = int(part[1:])
        elif part.startswith("k") and _whole(part[1:], 1, MAX_DETERMINIZATIONS) is not None:
            self.determinizations = int(part[1:])
        elif part.startswith("d") and part[1:].isascii() and part[1:].isdigit() and len(part) <= 10:
            self.depth = int(part[1:])
        elif part.startswith("w") and _number(part[1:], 1.0) is not None:
            self.score_weight = _number(part[1:], 1.0)
        elif part.startswith("g") and _number(part[1:], MAX_GUARD) is not None:
            self.guard = _number(part[1:], MAX_GUARD)
        else:
            raise ValueError(
                f"cannot read {short(part)} in bot {short(text)}: after a colon come a number of iterations "
                f"(ismcts:200), seconds (ismcts:0.5s), a playout policy ({' or '.join(ROLLOUTS)}), "
                "a playout depth (d30), the weight of the score share (w0.5), the guard of the heuristic's "
                f"choice (g2, up to g{MAX_GUARD:g}), best (the game's tuned settings), "
                "reuse (keep the tree), observe (split the tree by what the seat is shown), "
                f"p2 to p{MAX_PROCESSES} (root searches on processes) or k and a number (a pool of determinizations)"
            )


def _whole(text: str, least: int, most: int) -> int | None:
    """A whole number from ``least`` to ``most`` written in digits, or None."""
    if not (text.isascii() and text.isdigit() and len(text) <= 9):
        return None
    value = int(text)
    return value if least <= value <= most else None


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
    game has what the name asks for (a heuristic bot, a lookahead bot and its bound); without, only
    the name itself.
    """
    spec = BotSpec(name)
    if game_key is not None and (spec.kind == "lookahead" or spec.lookahead):
        most = _lookahead_module(game_key, spec.kind).MAX_DRAWS
        if spec.iterations is not None and spec.iterations > most:
            raise ValueError(f"the lookahead bot draws 1 to {most} tables a plan, got {short(name)}")
    elif game_key is not None and (spec.kind == "heuristic" or any(
            spec.settings(game_key, players)[0] == "heuristic" for players in _counts_tuned(game_key))):
        _heuristic_module(game_key)
    return spec


def _counts_tuned(game_key: str) -> tuple[int | None, ...]:
    """None (any number of players) and every player count the game tunes apart (``SEARCH_BY_PLAYERS``)."""
    module = bots_of(game_key)
    return (None, *sorted(getattr(module, "SEARCH_BY_PLAYERS", {}) if module is not None else {}))


def _heuristic_module(game_key: str) -> Any:
    module = bots_of(game_key)
    if module is None or not hasattr(module, "HeuristicBot"):
        raise ValueError(f"no heuristic bot for {short(game_key)}; try 'random'")
    return module


def _lookahead_module(game_key: str, kind: str = "lookahead") -> Any:
    """The game's bots module where it has a lookahead bot (``kind`` "lookahead") or its oracle form
    (``kind`` "oracle": ``oracle:lookahead``)."""
    module = bots_of(game_key)
    if kind == "oracle" and (module is None or not hasattr(module, "OracleLookahead")):
        raise ValueError(f"no lookahead oracle for {short(game_key)}; try 'oracle'")
    if module is None or not hasattr(module, "LookaheadBot"):
        raise ValueError(f"no lookahead bot for {short(game_key)}; try 'heuristic' or 'ismcts'")
    return module


def make_bot(name: str, game_key: str, seed: int = 0, players: int | None = None, *,
             most_seconds: float | None = None) -> Bot:
    """A fresh bot called ``name`` for ``game_key``; ValueError names the choices. ``players``, the
    seats of the table it will play at, picks the tuned settings for that many where the game has
    some (a name that takes the tuned settings; without it, the game's settings for any count).
    ``most_seconds`` (the server's budget) bounds a bot's time a decision: a search or lookahead bot
    whose name gives more time, or none, thinks that long at most; a search's number of iterations
    still ends it sooner, and the lookahead bot draws as many tables as fit."""
    spec = parse_bot(name, game_key)
    if most_seconds is not None:
        spec.seconds = min(spec.seconds or most_seconds, most_seconds)
    if spec.kind == "random":
        return RandomBot(seed)
    if spec.kind == "heuristic":
        bot: Bot = _heuristic_module(game_key).HeuristicBot(seed)
        return bot
    if spec.kind == "lookahead" or spec.lookahead:
        module = _lookahead_module(game_key, spec.kind)
        cls = module.OracleLookahead if spec.lookahead else module.LookaheadBot
        draws = None if most_seconds is not None else spec.iterations  # by time alone under a bound
        looking: Bot = cls(seed, draws=draws, seconds=spec.seconds)
        looking.name = spec.text
        return looking
    rollout, depth, weight = spec.settings(game_key, players)
    iterations, seconds = spec.budget(game_key, players)
    search: ISMCTS | FlatMonteCarlo
    if spec.kind == "flat":
        search = FlatMonteCarlo(seed, iterations, seconds=seconds, rollout=rollout, rollout_depth=depth,
                                score_weight=weight, guard=spec.guard_setting(game_key, players))
    else:
        cls = Oracle if spec.kind == "oracle" else ISMCTS
        reuse, processes, pool = spec.tree_settings(game_key, players)
        search = cls(seed, iterations, seconds=seconds, rollout=rollout, rollout_depth=depth,
                     score_weight=weight, reuse=reuse, processes=processes, determinizations=pool,
                     observe=spec.observing(game_key, players))
    search.name = spec.text
    return search
