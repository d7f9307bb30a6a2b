"""Random games with 2 to 5 players: the contract's checks and the game's invariants after every step."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from wasteland.arctic_scavengers import GAME
from wasteland.arctic_scavengers.state import Phase
from tests.support import random_playout

from .invariants import bounds, conservation, direct_check_agrees, views_leak_nothing

MAX_STEPS = 5000


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@given(seed=st.integers(0, 2**63), choice=st.integers(0, 2**63))
def test_random_play_keeps_the_invariants(players: int, seed: int, choice: int) -> None:
    final = random_playout(
        GAME, seed, {"players": players}, choice, max_steps=MAX_STEPS,
        invariants=(conservation, bounds), full_checks_every=1,
    )
    assert final.phase is Phase.OVER and final.contested == ()


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@settings(max_examples=6)
@given(seed=st.integers(0, 2**63), choice=st.integers(0, 2**63))
def test_views_leak_nothing(players: int, seed: int, choice: int) -> None:
    random_playout(GAME, seed, {"players": players}, choice, max_steps=MAX_STEPS,
                   invariants=(views_leak_nothing,), full_checks_every=200)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@settings(max_examples=6)
@given(seed=st.integers(0, 2**63), choice=st.integers(0, 2**63))
def test_direct_check_agrees_with_legal_actions(players: int, seed: int, choice: int) -> None:
    random_playout(GAME, seed, {"players": players}, choice, max_steps=MAX_STEPS,
                   invariants=(direct_check_agrees,), full_checks_every=200)
