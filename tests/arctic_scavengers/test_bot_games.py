"""Games played by the heuristic bot (deeper states than random play: hires, digs, snipes),
with every invariant checked after every step; and the bot against random bots."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from wasteland.agents import RandomBot
from wasteland.agents.arctic_scavengers import HeuristicBot
from wasteland.arctic_scavengers import GAME, Sabotage, Snipe
from wasteland.arctic_scavengers.state import Phase
from wasteland.core import codec
from tests.support import check_decider

from .invariants import (
    bounds, conservation, determinize_keeps_the_view, direct_check_agrees, notation_is_inverse,
    views_leak_nothing,
)


def _play(seed: int, players: int, heuristic_seats: set[int], check_every: int = 0):  # type: ignore[no-untyped-def]
    bots = [HeuristicBot(seed + p) if p in heuristic_seats else RandomBot(seed * 7 + p) for p in range(players)]
    state = GAME.new_game(seed, players=players)
    kinds: set[type] = set()
    step = 0
    while GAME.current_player(state) is not None:
        p = GAME.current_player(state)
        assert p is not None
        legal = GAME.legal_actions(state)
        action = bots[p].choose(GAME, GAME.view(state, p), legal)
        assert action in legal
        kinds.add(type(action))
        after = GAME.apply(state, action)
        if check_every and step % check_every == 0:
            check_decider(GAME, after)
            conservation(after)
            bounds(after)
            views_leak_nothing(after)
            direct_check_agrees(after)
            determinize_keeps_the_view(after)
            notation_is_inverse(after)
            assert codec.loads(codec.dumps(after)) == after
        state = after
        step += 1
    return state, kinds


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@settings(max_examples=3)
@given(seed=st.integers(0, 2**32), seats=st.sets(st.integers(0, 4), min_size=1))
def test_heuristic_games_keep_the_invariants(players: int, seed: int, seats: set[int]) -> None:
    state, kinds = _play(seed, players, seats, check_every=3)
    assert state.phase is Phase.OVER


def test_heuristic_bots_use_snipes_and_sabotage() -> None:
    seen: set[type] = set()
    for seed in range(6):
        _, kinds = _play(seed, 4, {0, 1, 2, 3})
        seen |= kinds
    assert Snipe in seen and Sabotage in seen


@pytest.mark.parametrize("players", [2, 4])
def test_heuristic_beats_random_bots(players: int) -> None:
    wins = 0
    games = 8
    for seed in range(games):
        state, _ = _play(seed, players, {0})
        result = GAME.outcome(state)
        assert result is not None
        wins += 0 in result.winners
    assert wins >= games * 3 // 4
