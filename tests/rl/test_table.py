"""wasteland.rl.table, what the RL adapters share: the table both environments play by ids
(``IdTable``: what it lists, masks and writes for a table, and that a refused id changes
nothing), and the vectors (``Vectors``: a layout that breaks its promised size is refused)."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("numpy")

import attrs  # noqa: E402
import numpy as np  # noqa: E402

from wasteland import GAMES, IllegalAction  # noqa: E402
from wasteland.rl import encoding  # noqa: E402
from wasteland.rl.table import IdTable, Vectors  # noqa: E402


@pytest.mark.parametrize("key", list(GAMES))
def test_the_mask_vector_and_play_agree_with_the_game_through_a_game(key: str) -> None:
    game = GAMES[key]
    players = game.player_counts[-1]
    ids = IdTable(encoding(key, {"players": players}))
    table = ids.start(3)
    assert table == game.new_game(3, players=players)
    chooser = random.Random(3)
    for _ in range(60):
        seat = game.current_player(table)
        if seat is None:
            break
        legal = sorted(game.action_id(table, a) for a in game.legal_actions(table))
        for other in range(players):
            mask = ids.mask(other)
            assert mask.dtype == np.int8
            assert np.flatnonzero(mask).tolist() == (legal if other == seat else [])
            seen = np.asarray(game.observe(game.view(table, other)), np.float32)
            assert np.array_equal(ids.vector(other), seen)
        i = chooser.choice(legal)
        known = ids.play(i)
        assert known is not None
        expected = game.apply(table, game.action_from_id(table, i))
        assert ids.table == expected and known[0] is ids.table
        assert known[1] == game.current_player(expected)
        table = ids.table


def test_an_id_that_names_no_legal_action_changes_nothing() -> None:
    game = GAMES["raxxon"]
    ids = IdTable(encoding("raxxon", {"players": 2}))
    table = ids.start(5)
    legal = {game.action_id(table, a) for a in game.legal_actions(table)}
    bad = next(i for i in range(ids.spec.action_count) if i not in legal)
    assert ids.play(bad) is None and ids.table is table
    with pytest.raises(IllegalAction):
        ids.play_checked(bad)
    assert ids.table is table


def test_a_table_set_from_outside_is_listed_anew() -> None:
    game = GAMES["lucky_seven"]
    ids = IdTable(encoding("lucky_seven", {"players": 2}))
    first = ids.start(1)
    ids.mask(0)  # lists the first table
    other = game.new_game(2, players=2)
    while game.current_player(other) == game.current_player(first):
        other = game.apply(other, game.legal_actions(other)[0])
    ids.table = other
    seat = game.current_player(other)
    assert seat is not None
    legal = sorted(game.action_id(other, a) for a in game.legal_actions(other))
    assert np.flatnonzero(ids.mask(seat)).tolist() == legal
    assert ids.known()[0] is other and ids.known()[1] == seat


def test_a_game_whose_layout_breaks_its_promised_size_is_refused_at_the_first_table() -> None:
    lying = attrs.evolve(GAMES["raxxon"], observation_size=lambda state: 5)
    spec = encoding(lying, {"players": 2})
    with pytest.raises(RuntimeError, match="layout has .* numbers, observation_size says 5"):
        IdTable(spec).start(1)
    with pytest.raises(RuntimeError, match="observation_size says 5"):
        Vectors(spec).of(GAMES["raxxon"].new_game(1, players=2), 0)
