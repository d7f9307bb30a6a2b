"""Every registered game draws itself as SVG, for the referee and for each seat, and a seat's drawing
shows nothing its view hides (wasteland.render, each game's render.svg)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import deque
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wasteland import GAMES, render
from wasteland.registry import GAME_KEYS
from wasteland.testing.support import random_walk

CASES = [(key, n) for key in GAME_KEYS for n in GAMES[key].player_counts]
IDS = [f"{key}-{n}p" for key, n in CASES]
SVG = "{http://www.w3.org/2000/svg}"


def _play(key: str, players: int, seed: int, moves: int) -> Any:
    """The table after up to ``moves`` random legal moves (fewer if the game ends first)."""
    game = GAMES[key]
    start = game.new_game(seed, players=players)
    last = deque(random_walk(game, start, seed + 1, moves), maxlen=1)
    return last[0] if last else start


def _to_end(key: str, players: int, seed: int) -> Any:
    state = _play(key, players, seed, 50_000)
    assert GAMES[key].outcome(state) is not None
    return state


def _check_drawing(svg: str) -> ET.Element:
    root = ET.fromstring(svg)  # well-formed XML, or this raises
    assert root.tag == f"{SVG}svg"
    assert float(root.attrib["width"]) > 100 and float(root.attrib["height"]) > 100
    title = root.find(f"{SVG}title")
    assert title is not None and title.text, "a drawing has a title (screen readers read it)"
    words = " ".join(t.text or "" for t in root.iter(f"{SVG}text"))
    assert len(words) > 40, "a drawing says what it shows in text"
    assert "href" not in svg, "a drawing needs no image, font or link from elsewhere"
    return root


@pytest.mark.parametrize(("key", "players"), CASES, ids=IDS)
def test_every_game_draws_the_referee_and_each_seat(key: str, players: int) -> None:
    game = GAMES[key]
    for state in (game.new_game(3, players=players), _play(key, players, 3, 30), _to_end(key, players, 3)):
        _check_drawing(game.svg(state, None))
        for p in range(players):
            seat = game.svg(state, p)
            _check_drawing(seat)
            assert seat == game.svg(game.view(state, p), p) == game.svg(game.view(state, p), None), (
                "a seat's drawing is the drawing of its view")


@pytest.mark.parametrize(("key", "players"), CASES, ids=IDS)
def test_a_finished_game_says_so_in_its_drawing(key: str, players: int) -> None:
    game = GAMES[key]
    final = _to_end(key, players, 5)
    outcome = game.outcome(final)
    assert outcome is not None
    for player in (None, *range(players)):
        text = " ".join(t.text or "" for t in _check_drawing(game.svg(final, player)).iter(f"{SVG}text"))
        assert "game over" in text.lower()


@pytest.mark.parametrize(("key", "players"), CASES, ids=IDS)
def test_the_generic_entry_point_and_jupyter_draw_the_same(key: str, players: int) -> None:
    game = GAMES[key]
    state = _play(key, players, 8, 12)
    assert render.svg(key, state) == render.svg(game, state) == game.svg(state, None) == state._repr_svg_()
    seen = game.view(state, players - 1)
    assert seen._repr_svg_() == render.svg(key, state, players - 1)
    assert render.text(key, state) == game.render(state, None)


@pytest.mark.parametrize(("key", "players"), CASES, ids=IDS)
def test_print_of_a_state_shows_the_table_and_repr_stays_the_record(
    key: str, players: int, capsys: pytest.CaptureFixture[str]
) -> None:
    """``print(state)`` is the referee's table as text, ``print(view)`` the seat's; ``repr`` is the
    record (its type and fields), which the table is not."""
    game = GAMES[key]
    state = _play(key, players, 8, 12)
    print(state)
    assert capsys.readouterr().out == game.render(state, None) + "\n"
    seen = game.view(state, players - 1)
    assert str(seen) == game.render(seen, players - 1) and f"{seen}" == str(seen)
    assert repr(state).startswith(f"{type(state).__name__}(") and repr(state) != str(state)


@pytest.mark.parametrize(("key", "players"), CASES, ids=IDS)
def test_drawings_are_deterministic(key: str, players: int) -> None:
    one, two = _play(key, players, 11, 25), _play(key, players, 11, 25)
    assert one is not two
    for player in (None, *range(players)):
        assert GAMES[key].svg(one, player) == GAMES[key].svg(two, player)


@pytest.mark.parametrize(("key", "players"), CASES, ids=IDS)
@given(seed=st.integers(0, 2**31), moves=st.integers(0, 120), other=st.integers(0, 2**31))
@settings(max_examples=10)
def test_a_seat_s_drawing_holds_nothing_its_view_hides(key: str, players: int, seed: int, moves: int,
                                                         other: int) -> None:
    """Two tables that differ only in what seat p cannot see give p the very same drawing."""
    game = GAMES[key]
    state = _play(key, players, seed, moves)
    for p in range(players):
        mine = game.svg(state, p)
        for s in (other, other + 1):
            elsewhere = game.determinize(game.view(state, p), p, s)
            assert game.svg(elsewhere, p) == mine, f"seat {p}'s drawing changed with what it cannot see"
