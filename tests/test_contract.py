"""The generic contract suite (:mod:`wasteland.testing.test_contract`) on every registered game,
the example game of examples/salvage among them, and what holds of the library's games together."""

from __future__ import annotations

from wasteland import GAMES
from wasteland.replay import MAX_MOVES
from wasteland.testing import tables
from wasteland.testing.test_contract import *  # noqa: F403 - pytest collects the suite's tests here

from tests.support import LIBRARY_KEYS


def test_the_replay_bound_holds_the_longest_game_of_the_public_cards() -> None:
    longest = max(GAMES[key].max_decisions(GAMES[key].new_game(0, **options))
                  for key in LIBRARY_KEYS for options in tables(key))
    assert longest <= MAX_MOVES < 2 * longest
