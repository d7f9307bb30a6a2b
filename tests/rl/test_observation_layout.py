"""Every game's observation is written section by section through ``core.observation``: the
numbers are those the games wrote before (a frozen copy of the old code), ``observe.into``
fills any buffer with the same numbers, and each rules page lists every section by name."""

from __future__ import annotations

import array
import random
import re
from pathlib import Path
from typing import Any, Callable

import pytest

from tests.rl import observation_reference as reference
from tests.rl.cases import CASES, case_id
from tests.support import LIBRARY_KEYS
from tests.rl.observation_positions import views
from wasteland import GAMES, IllegalAction
from wasteland.core.observation import Layout, Observer

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rules"

OLD: dict[str, Callable[[Any], tuple[float, ...]]] = {
    "lucky_seven": reference.lucky_observe,
    "arctic_scavengers": reference.arctic_observe,
    "raxxon": reference.raxxon_observe,
    "terror_below": reference.terror_observe,
    "aftermath": reference.aftermath_observe,
}


@pytest.mark.parametrize("case", [c for c in CASES if c[0] in OLD], ids=case_id)
def test_the_layout_gives_the_numbers_the_old_code_gave(case: tuple[str, dict[str, Any]]) -> None:
    key, options = case
    game = GAMES[key]
    count = 0
    for seen in views(key, options, games=3, steps=120):
        assert game.observe(seen) == OLD[key](seen)
        count += 1
    assert count >= 40


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_into_writes_the_same_numbers_into_a_list_an_array_and_memoryviews_of_floats_and_doubles(
        case: tuple[str, dict[str, Any]]) -> None:
    key, options = case
    game = GAMES[key]
    observe = game.observe
    assert isinstance(observe, Observer)
    for seen in views(key, options, games=1, steps=40):
        expected = observe(seen)
        size = game.observation_size(seen)
        plain = [0.0] * size
        observe.into(seen, plain)
        floats = array.array("f", bytes(4 * size))
        observe.into(seen, memoryview(floats))
        bare = array.array("f", bytes(4 * size))
        observe.into(seen, bare)
        doubles = array.array("d", bytes(8 * size))  # takes no slice of float32s: one number at a time
        observe.into(seen, memoryview(doubles))
        assert tuple(plain) == expected
        assert tuple(floats) == expected  # every number is exact in float32
        assert tuple(bare) == expected
        assert tuple(doubles) == expected


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_seat_into_reads_the_table_and_gives_each_seat_s_observation(case: tuple[str, dict[str, Any]]) -> None:
    """The writer reads only what the seat may see, so from the table it gives the numbers of
    the seat's view, after every step of random play, for every seat."""
    key, options = case
    game = GAMES[key]
    observe = game.observe
    assert isinstance(observe, Observer)
    count = 0
    for seed in range(3):
        chooser = random.Random(seed)
        table = game.new_game(seed, **options)
        size = game.observation_size(table)
        for _ in range(150):
            for seat in range(game.num_players(table)):
                direct = [0.0] * size
                observe.seat_into(table, seat, direct)
                assert tuple(direct) == observe(game.view(table, seat))
                count += 1
            if game.current_player(table) is None:
                break
            table = game.apply(table, chooser.choice(game.legal_actions(table)))
    assert count >= 40


def test_seat_into_refuses_a_view_and_a_stranger() -> None:
    game = GAMES["arctic_scavengers"]
    table = game.new_game(1, players=3)
    observe = game.observe
    assert isinstance(observe, Observer)
    size = game.observation_size(table)
    with pytest.raises(IllegalAction, match="view, not the table"):
        observe.seat_into(game.view(table, 1), 1, [0.0] * size)
    for seat in (3, -1, "0", None, True):
        with pytest.raises(IllegalAction, match="seat"):
            observe.seat_into(table, seat, [0.0] * size)  # type: ignore[arg-type]
    with pytest.raises(IllegalAction):
        observe.seat_into("a table", 0, [0.0] * size)


def test_into_refuses_a_buffer_of_the_wrong_length_and_the_table() -> None:
    game = GAMES["raxxon"]
    table = game.new_game(1)
    observe = game.observe
    assert isinstance(observe, Observer)
    size = game.observation_size(table)
    with pytest.raises(ValueError, match="holds 3 numbers"):
        observe.into(game.view(table, 0), [0.0] * 3)
    with pytest.raises(Exception, match="view"):
        observe.into(table, [0.0] * size)


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_the_layout_is_the_game_s_size_and_the_rules_page_names_every_section(case: tuple[str, dict[str, Any]]) -> None:
    key, options = case
    game = GAMES[key]
    table = game.new_game(0, **options)
    observe = game.observe
    assert isinstance(observe, Observer)
    shape = observe.layout_of(game.view(table, 0))
    assert isinstance(shape, Layout) and shape.size == game.observation_size(table)
    if key not in LIBRARY_KEYS:
        return  # a game of the tests has no rules page
    page = (DOCS / f"{key}.md").read_text(encoding="utf-8")
    listed = set(re.findall(r"^\| `([a-z_]+)` \|", page, re.M))
    missing = [name for name in shape.names() if name not in listed]
    assert not missing
