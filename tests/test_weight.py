"""What a state weighs: the memory a state kept along a game adds, and the tool that measures it."""

from __future__ import annotations

from typing import Any

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


def test_the_loads_ratio_times_dumps_and_loads_of_one_sample_in_turn() -> None:
    ratio = weight.loads_ratio("lucky_seven", games=1, reps=3)
    assert 0.1 < ratio < 20


def _aftermath_game() -> list[Any]:
    return weight.play(get_game("aftermath"), 1, 2)[:60]


def test_a_text_of_many_states_carries_the_book_once_and_reads_back_sharing_it() -> None:
    states = _aftermath_game()
    text = codec.dumps(tuple(states))
    assert text.count('"aftermath.Book"') == 1
    assert len(text) < sum(len(codec.dumps(s)) for s in states) / 5
    back = codec.loads(text)
    assert back == tuple(states)
    assert all(s.book is back[0].book and s.graph is back[0].graph for s in back[1:] if s.page == back[0].page)
    assert codec.digest(back[-1]) == codec.digest(states[-1])


def test_a_state_whose_book_is_also_its_option_carries_it_once() -> None:
    from wasteland.aftermath.setup import CAMPAIGN_BOOK

    state = get_game("aftermath").new_game(2, players=1, book=CAMPAIGN_BOOK)
    assert state.options.book == state.book
    text = codec.dumps(state)
    assert text.count('"aftermath.Book"') == 1 and codec.dumps(state, share=False).count('"aftermath.Book"') == 2
    back = codec.loads(text)
    assert back == state and back.options.book is back.book


def test_a_search_tree_holds_one_book_every_table_it_draws_shares() -> None:
    game = get_game("aftermath")
    state = _aftermath_game()[40]
    player = game.current_player(state)
    assert player is not None
    view = game.view(state, player)
    tables = [game.determinize(view, player, seed) for seed in range(4)]
    assert all(table.book is view.book for table in tables)


def test_a_saved_game_carries_its_book_once() -> None:
    from wasteland import replay

    recorder = replay.Recorder("aftermath", 2, {"players": 1, "book": "campaign"})
    for _ in range(5):
        recorder.play(recorder.game.legal_actions(recorder.state)[0])
    text = replay.to_json(recorder.replay())
    assert text.count('"campaign"') == 1 and "aftermath.Book" not in text, "the options name the book once"
    assert replay.verify(replay.from_json(text)) == recorder.state
