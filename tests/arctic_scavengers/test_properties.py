"""Random games with 2 to 5 players: the contract's checks and the game's invariants after every step."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from wasteland.arctic_scavengers import GAME
from wasteland.arctic_scavengers.state import Phase
from tests.support import random_playout

from .invariants import (
    bounds, conservation, determinize_keeps_the_view, direct_check_agrees, every, notation_is_inverse,
    views_leak_nothing, views_refuse_play,
)

MAX_STEPS = 5000
PLAYERS = [2, 3, 4, 5]


@pytest.mark.parametrize("players", PLAYERS)
@settings(max_examples=10)
@given(seed=st.integers(0, 2**63), choice=st.integers(0, 2**63))
def test_random_play_keeps_the_invariants(players: int, seed: int, choice: int) -> None:
    final = random_playout(
        GAME, seed, {"players": players}, choice, max_steps=MAX_STEPS,
        invariants=(conservation, bounds), full_checks_every=3,
    )
    assert final.phase is Phase.OVER and final.contested == ()


@pytest.mark.parametrize("players", PLAYERS)
@settings(max_examples=4)
@given(seed=st.integers(0, 2**63), choice=st.integers(0, 2**63))
def test_views_leak_nothing(players: int, seed: int, choice: int) -> None:
    random_playout(GAME, seed, {"players": players}, choice, max_steps=MAX_STEPS,
                   invariants=(views_leak_nothing,), full_checks_every=200)


@pytest.mark.parametrize("players", PLAYERS)
@settings(max_examples=4)
@given(seed=st.integers(0, 2**63), choice=st.integers(0, 2**63))
def test_direct_check_agrees_with_legal_actions(players: int, seed: int, choice: int) -> None:
    random_playout(GAME, seed, {"players": players}, choice, max_steps=MAX_STEPS,
                   invariants=(direct_check_agrees,), full_checks_every=200)


@pytest.mark.parametrize("players", PLAYERS)
@settings(max_examples=3)
@given(seed=st.integers(0, 2**63), choice=st.integers(0, 2**63))
def test_determinize_keeps_the_view_for_every_seat(players: int, seed: int, choice: int) -> None:
    """After every other step, for every seat: view(determinize(view(s, p), p, k), p) == view(s, p),
    the determinized table keeps every invariant and its decider can go on, and (now and then)
    play goes on from it to the end."""
    random_playout(GAME, seed, {"players": players}, choice, max_steps=MAX_STEPS,
                   invariants=(every(2, determinize_keeps_the_view),
                               every(151, lambda s: determinize_keeps_the_view(s, play_on=True))),
                   full_checks_every=200)


@pytest.mark.parametrize("players", PLAYERS)
@settings(max_examples=4)
@given(seed=st.integers(0, 2**63), choice=st.integers(0, 2**63))
def test_notation_and_parse_are_inverse_on_every_legal_action(players: int, seed: int, choice: int) -> None:
    random_playout(GAME, seed, {"players": players}, choice, max_steps=MAX_STEPS,
                   invariants=(notation_is_inverse,), full_checks_every=200)


@pytest.mark.parametrize("players", PLAYERS)
@settings(max_examples=3)
@given(seed=st.integers(0, 2**63), choice=st.integers(0, 2**63))
def test_views_refuse_play(players: int, seed: int, choice: int) -> None:
    random_playout(GAME, seed, {"players": players}, choice, max_steps=MAX_STEPS,
                   invariants=(every(5, views_refuse_play),), full_checks_every=200)
