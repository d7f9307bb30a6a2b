"""The generic suite: the checks every game of the library passes, for a game of one's own.

Every game the registry knows (``wasteland.GAMES``: the library's, a registered one, an
installed plugin) is held to the contract of docs/architecture.md by the same tests, driven by
the registry and by what the game declares on its bundle (its ``player_counts`` and its
``option_sets``), with no table written per game:

* ``test_contract``: the bundle, options and their errors, any object as an action, views,
  ``determinize``, returns, notation, events, action ids and observations, random play checked
  after every step, and termination: under six fixed policies and under the bots, every game
  ends within ``max_decisions``, by its rules or by its declared truncation;
* ``test_loaded_states``: the state-file fuzzer (:mod:`wasteland.testing.mutation`): tables
  and views of random play written to JSON, mutated and read back; whatever loads is answered
  by every contract function, and ``determinize`` of a loaded view views back to it.

Run it on one's own game, installed beside the library (it needs pytest and hypothesis:
``pip install 'wasteland[testing]'``, which brings pytest-xdist for ``-n 2`` too)::

    python -m wasteland.testing salvage            # the game's keys; more pytest arguments after them
    WASTELAND_GAMES=salvage pytest --pyargs wasteland.testing

Without ``WASTELAND_GAMES`` the suite plays every game there is; the library's own test suite
runs it that way (``tests/test_contract.py``).
"""

from __future__ import annotations

import os
from typing import Any

from wasteland.registry import GAME_KEYS, GAMES

__all__ = ["ENV", "keys", "tables", "cases"]

#: The environment variable that names the games to test, by key, separated by commas.
ENV = "WASTELAND_GAMES"


def keys() -> tuple[str, ...]:
    """The games under test: those named in ``WASTELAND_GAMES``, else every registered game.
    An unknown name is a ValueError that lists the known ones."""
    named = [key.strip() for key in os.environ.get(ENV, "").split(",") if key.strip()]
    unknown = [key for key in named if key not in GAME_KEYS]
    if unknown:
        raise ValueError(f"{ENV} names no game {', '.join(unknown)}; known games: {', '.join(GAME_KEYS)}")
    return tuple(named) or tuple(GAME_KEYS)


def cases() -> list[tuple[str, int]]:
    """Every game under test at each of its player counts."""
    return [(key, n) for key in keys() for n in GAMES[key].player_counts]


def tables(key: str) -> list[dict[str, Any]]:
    """The tables a generic test plays of game ``key``: one of each player count, then each of
    the game's ``option_sets``."""
    game = GAMES[key]
    return [{"players": n} for n in game.player_counts] + [dict(options) for options in game.option_sets]
