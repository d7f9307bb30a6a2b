"""Random games of 1-5 players, checked after every step: every card, egg and rubble piece in
exactly one place, at most 2 rubble a cell, hands within their limits, one decider, purity, the
JSON round trip, determinism, and views that hide what they must."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support import check_decider, check_round_trip, random_playout
from tests.terror_below.tables import decisions
from wasteland.core import codec
from wasteland.core.rng import Rng
from wasteland.terror_below import GAME, determinize, view
from wasteland.terror_below.cards import (
    BOUNTIES, CELLS, EGGS_PER_COLOUR, HAND, HIDDEN, ITEMS, NONE, RUBBLE, RUBBLE_CAP, VEHICLES, WORMS,
)
from wasteland.terror_below.setup import in_play
from wasteland.terror_below.state import Phase, State


def _once(found: list[int], expected: set[int], what: str) -> None:
    counts = Counter(found)
    assert set(counts) == expected and all(n == 1 for n in counts.values()), f"{what} not each in one place"


def conserved(s: State) -> None:
    worms, gear, characters, _ = in_play(s.options)
    n = s.options.players
    _once([w for w in (*s.worm_deck, *s.worms, *s.worm_discard) if w != NONE], set(worms), "Worms")
    _once([*s.vehicle_deck, *(c for h in s.hands for c in h), *(c for u in s.under for c in u), *s.vehicle_discard],
          set(range(len(VEHICLES))), "Vehicles")
    _once([*s.item_deck, *s.weapon_deck, *(g for h in s.gear for g in h), *(g for h in s.worn for g in h),
           *s.gear_discard], set(gear), "Items and Weapons")
    assert all(g < len(ITEMS) for g in s.item_deck) and all(g >= len(ITEMS) for g in s.weapon_deck)
    _once([*s.bounty_deck, *(b for b in s.line if b != NONE), *(b for h in s.hidden for b in h),
           *(b for h in s.completed for b in h)], set(range(len(BOUNTIES))), "Bounties")
    _once([*s.box, *(c for q in s.squads for c in q), *(c for q in s.dead for c in q)], set(characters),
          "Characters")
    for colour in range(4):
        total = sum(s.eggs[c * 4 + colour] for c in range(CELLS)) + sum(s.carried[p * 4 + colour] for p in range(n))
        assert total + s.egg_supply[colour] == EGGS_PER_COLOUR
    assert sum(s.rubble) + sum(s.carried_rubble) + s.rubble_supply == RUBBLE
    assert all(0 <= r <= RUBBLE_CAP for r in s.rubble)
    for p in range(n):
        assert len(s.hands[p]) <= HAND + 1  # a hand of 4 under a leader who holds 4
        if p != s.active and s.phase is not Phase.OVER:
            assert len(s.hands[p]) >= HAND, "a hand is refilled at the end of its turn"
        assert len(s.squads[p]) + len(s.dead[p]) == 3
        assert s.out[p] == (not s.squads[p])
    pawns = [c for c in s.pawns if c != NONE]
    assert len(pawns) == len(set(pawns)), "two pawns on a cell"
    for k in range(3):
        if s.worms[k] != NONE:
            assert len(s.under[k]) <= WORMS[s.worms[k]].limit


def hidden_well(s: State) -> None:
    for p in range(s.options.players):
        seen = view(s, p)
        for q in range(s.options.players):
            if q != p:
                assert set(seen.hands[q]) <= {HIDDEN} and set(seen.gear[q]) <= {HIDDEN}
                assert set(seen.hidden[q]) <= {HIDDEN}
        assert set(seen.vehicle_deck) <= {HIDDEN} and set(seen.bounty_deck) <= {HIDDEN}
        assert view(determinize(seen, p, 7), p) == seen


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
@given(seed=st.integers(0, 2**32), choice=st.integers(0, 2**32))
@settings(max_examples=4)
def test_random_games_keep_every_piece_in_one_place(players: int, seed: int, choice: int) -> None:
    final = random_playout(GAME, seed, {"players": players}, choice, max_steps=5000,
                           invariants=(conserved, hidden_well), full_checks_every=5)
    assert GAME.outcome(final) is not None


@given(seed=st.integers(0, 2**32), choice=st.integers(0, 2**32), scenario=st.sampled_from(["boomtown", "egg_hunt",
                                                                                           "exterminator"]))
@settings(max_examples=4)
def test_solo_scenarios_and_the_canyon_side_keep_the_same_invariants(seed: int, choice: int, scenario: str) -> None:
    final = random_playout(GAME, seed, {"players": 1, "scenario": scenario, "side": "canyon"}, choice,
                           max_steps=5000, invariants=(conserved,), full_checks_every=5)
    assert GAME.outcome(final) is not None


def test_the_game_ends_within_its_bound() -> None:
    from wasteland.terror_below.rules import max_decisions
    for players in (1, 2, 3, 4, 5):
        state = GAME.new_game(players, players=players)
        bound = max_decisions(state)
        final = random_playout(GAME, players, {"players": players}, players + 1, max_steps=bound,
                               full_checks_every=50)
        assert GAME.outcome(final) is not None and max_decisions(final) == 0


@pytest.mark.parametrize("name", ["revive", "claim", "steer"])
@given(choice=st.integers(0, 2**32))
@settings(max_examples=3, deadline=None)
def test_random_play_from_each_choice_of_a_player_keeps_the_invariants(name: str, choice: int) -> None:
    """From a table waiting for a choice random play seldom reaches (which dead character comes
    back, which hunting bounty the kill completes, where a Target is steered), each answer and then
    random play to the end keep every invariant: one decider, purity, determinism, the JSON round
    trip, every piece in one place, views that hide what they must."""
    state = decisions()[name]
    pick = Rng.from_seed(choice)
    for step in range(5000):
        conserved(state)
        check_decider(GAME, state)
        if step % 10 == 0:
            hidden_well(state)
            check_round_trip(state)
        if GAME.outcome(state) is not None:
            return
        action, pick = pick.choice(GAME.legal_actions(state))
        text = codec.dumps(state)
        after = GAME.apply(state, action)
        assert codec.dumps(state) == text and GAME.apply(state, action) == after
        state = after
    raise AssertionError("the game did not end")
