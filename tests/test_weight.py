"""What a state weighs: the memory a state kept along a game adds, and the tool that measures it."""

from __future__ import annotations

import pytest

from wasteland import weight
from wasteland.core import codec
from wasteland.registry import GAME_KEYS, get_game, package_of

#: The most memory a state may add when kept beside its predecessor, in a long game of each game.
KEPT_BUDGET = 2 * 1024
#: The library's own games (the tests register a toy game too, whose games are a few moves long).
GAMES = tuple(key for key in GAME_KEYS if package_of(key).startswith("wasteland."))


@pytest.mark.parametrize("key", GAMES)
def test_a_state_kept_along_a_long_game_adds_at_most_2_kib(key: str) -> None:
    game = get_game(key)
    players = max(game.player_counts)
    kept, states = weight.kept_bytes(game, 1, players)
    assert states > 20, "a game long enough to say what a state adds"
    assert kept <= KEPT_BUDGET, f"{key}: a kept state adds {kept:.0f} bytes"


def test_the_weighing_measures_one_game_and_says_it_in_one_line() -> None:
    found = weight.weigh("lucky_seven", games=1)
    states = weight.play(get_game("lucky_seven"), 0, 2)
    assert found.states == len(states) and found.players == 2 and found.seed == 0
    assert found.text_bytes == pytest.approx(sum(len(codec.dumps(s).encode()) for s in states) / len(states))
    assert found.dumps_ns > 0 and found.loads_ns > 0 and found.decision_ns > 0
    assert 0 < found.kept_bytes < found.unshared_bytes
    assert found.format().startswith("lucky_seven") and "kept" in found.format()
