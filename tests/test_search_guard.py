"""Flat Monte Carlo with a guard: it keeps the heuristic's choice unless the paired playouts beat it
with confidence. The rule itself, the bot around it (view only, reproducible, ends the game) and
its name."""

from __future__ import annotations

import math
from typing import Any

import pytest

from wasteland import GAMES
from wasteland.agents import FlatMonteCarlo, make_bot, parse_bot
from wasteland.agents.raxxon import HeuristicBot
from wasteland.agents.search import guarded_choice, mean_and_error
from wasteland.core.rng import Rng
from wasteland.simulate import play
from tests.test_search import Guarded, _positions


def test_an_action_better_in_every_round_overrules_the_kept_one() -> None:
    rows = [[0.2, 0.3, 0.1], [0.4, 0.5, 0.3], [0.1, 0.2, 0.0]]  # the second: +0.1 each round
    assert guarded_choice(rows, 0, 2.0) == 1
    assert guarded_choice(rows, 1, 2.0) == 1  # nothing beats it: kept


def test_an_action_ahead_on_average_but_within_the_guard_does_not() -> None:
    # Differences to the kept one: +0.4, -0.2, +0.3; mean +0.167, standard error 0.186.
    rows = [[0.2, 0.6, 0.2], [0.2, 0.0, 0.2], [0.2, 0.5, 0.2]]
    assert guarded_choice(rows, 0, 2.0) == 0
    assert guarded_choice(rows, 0, 0.5) == 1  # 0.167 - 0.5 * 0.186 > 0
    assert guarded_choice(rows, 0, 0.0) == 1  # no guard: the better mean


def test_of_two_actions_beating_the_kept_one_the_larger_lower_bound_wins() -> None:
    # The second: +0.30, +0.10, +0.20 (low 0.2 - 2 * 0.058 = 0.085); the third: +0.15 every round.
    rows = [[0.0, 0.3, 0.15], [0.0, 0.1, 0.15], [0.0, 0.2, 0.15]]
    assert guarded_choice(rows, 0, 2.0) == 2
    assert guarded_choice(rows, 0, 0.0) == 1


def test_one_round_has_no_spread_and_keeps_the_heuristic_s_choice() -> None:
    assert guarded_choice([[0.0, 1.0]], 0, 2.0) == 0
    assert guarded_choice([[0.0, 1.0]], 0, 0.0) == 0


def _raxxon_tables(count: int) -> list[Any]:
    tables = _positions("raxxon", {}, 6, every=3)
    assert len(tables) >= count
    return tables[:count]


def test_with_playouts_that_cannot_tell_the_actions_apart_the_heuristic_s_choice_is_kept() -> None:
    game = GAMES["raxxon"]
    flat = FlatMonteCarlo(4, 40, rollout="heuristic", rollout_depth=3, evaluate=lambda table: (0.5,), guard=2.0)
    plain = FlatMonteCarlo(4, 40, rollout="heuristic", rollout_depth=3, evaluate=lambda table: (0.5,))
    drawn = 0
    for state in _raxxon_tables(8):
        view, legal = game.view(state, 0), game.legal_actions(state)
        choice = flat.choose(game, view, legal)
        assert flat.last_favourite is not None and choice == flat.last_favourite
        assert flat.last_rounds >= 2 and choice in legal
        drawn += plain.choose(game, view, legal) != choice
    assert drawn, "without the guard the ties are drawn, and some draw another action"


def test_the_kept_choice_is_the_heuristic_bot_s_at_the_same_view() -> None:
    game = GAMES["raxxon"]
    flat = FlatMonteCarlo(9, 20, rollout="heuristic", rollout_depth=2, guard=2.0)
    twin = HeuristicBot(Rng.from_seed(9).next64()[0])  # the guard's heuristic is seeded from the bot's Rng
    for state in _raxxon_tables(4):
        view, legal = game.view(state, 0), game.legal_actions(state)
        flat.choose(game, view, legal)
        assert flat.last_favourite == twin.choose(game, view, legal)
    flat.choose(game, game.view(state, 0), legal[:1])  # one legal action: no search, no favourite
    assert flat.last_favourite is None and flat.last_rounds == 0


def test_a_guarded_flat_search_plays_only_on_tables_drawn_from_its_view() -> None:
    game = GAMES["raxxon"]
    guarded = Guarded(game)
    wrapped = guarded.wrapped()
    bot = make_bot("flat:12:heuristic:d4:g2", "raxxon", 5)
    for state in _raxxon_tables(4):
        legal = game.legal_actions(state)
        assert bot.choose(wrapped, game.view(state, 0), legal) in legal
    assert guarded.drawn


def test_a_guarded_flat_search_is_reproducible_from_its_seed_and_ends_the_game() -> None:
    game = GAMES["raxxon"]

    def moves(seed: int) -> list[str]:
        state = game.new_game(2, players=2)
        bots = [make_bot("flat:8:heuristic:d3:g1.5", "raxxon", seed + seat) for seat in range(2)]
        played: list[str] = []
        final, _ = play(game, state, bots, moves=played)
        assert game.current_player(final) is None
        return played

    first = moves(30)
    assert first and first == moves(30)


def test_the_guard_in_a_name_and_its_refusals() -> None:
    bot = make_bot("flat:120:heuristic:d12:g2", "raxxon", 1)
    assert isinstance(bot, FlatMonteCarlo)
    assert (bot.budget.iterations, bot.rollout, bot.rollout_depth, bot.guard) == (120, "heuristic", 12, 2.0)
    assert parse_bot("flat:120:heuristic:d12:g2.5").spelled("raxxon") == "flat:120:heuristic:d12:g2.5"
    plain = make_bot("flat:50:heuristic:d12", "raxxon", 1)
    assert isinstance(plain, FlatMonteCarlo) and plain.guard is None
    for bad, words in [("flat:50:g2", "needs heuristic playouts"), ("ismcts:50:heuristic:g2", "setting of flat"),
                       ("oracle:50:heuristic:g2", "setting of flat"), ("flat:50:heuristic:g0", "cannot read"),
                       ("flat:50:heuristic:g11", "cannot read"), ("flat:50:best:g2", "one or the other")]:
        with pytest.raises(ValueError, match=words):
            parse_bot(bad, "raxxon")
    for guard, words in [(float("nan"), "guard must be"), (-1.0, "guard must be"), (True, "guard must be")]:
        with pytest.raises(ValueError, match=words):
            FlatMonteCarlo(0, 10, rollout="heuristic", guard=guard)
    with pytest.raises(ValueError, match="needs rollout='heuristic'"):
        FlatMonteCarlo(0, 10, guard=2.0)


def test_raxxon_s_tuned_flat_search_guards_the_heuristic_and_its_tree_search_does_not() -> None:
    assert parse_bot("flat:0.5s").spelled("raxxon", 1) == "flat:0.5s:heuristic:d12:g2"
    assert parse_bot("flat:100:best").spelled("raxxon", 3) == "flat:100:heuristic:d12:g2"
    tuned = make_bot("flat:100:best", "raxxon", 1, players=1)
    assert isinstance(tuned, FlatMonteCarlo) and tuned.guard == 2.0
    assert parse_bot("ismcts:0.5s").spelled("raxxon", 1) == "ismcts:50:0.5s:heuristic:d12"
    assert parse_bot("flat:0.5s").spelled("arctic_scavengers", 2) == "flat:0.5s:heuristic:d40:w0.5"  # no guard there


def test_the_mean_and_its_standard_error_are_one_helper_for_the_guard_and_the_tournaments() -> None:
    mean, error = mean_and_error([1.0, 0.0, 1.0, 0.0])
    assert mean == 0.5 and error == pytest.approx(math.sqrt(1 / 3) / 2)
    assert mean_and_error([0.25]) == (0.25, math.inf)  # one value has no spread
