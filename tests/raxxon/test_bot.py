"""The heuristic bot plays whole games from views, and wins some at the intro level."""

from __future__ import annotations

import math

import pytest

from wasteland import GAMES
from wasteland.agents import make_bot
from wasteland.agents.raxxon import (
    BIAS_BY_PLAYERS, DONE, SUPPLY, TURN_MARGIN, HeuristicBot, action_worth, effect_cost, evaluate, features,
)
from wasteland.agents.raxxon import POWER as POWER_WEIGHT
from wasteland.raxxon import GAME, legal_actions, view
from wasteland.raxxon.actions import DECLINE, PASS, TAKE, TURN
from wasteland.raxxon.card_set import table_of
from wasteland.raxxon.cards import CALM, EVAC_UP, EVACUATE, INFECT, POWER
from wasteland.raxxon.state import K_OPTIONAL, Ask
from wasteland.raxxon.turn import available, consequences

from tests.raxxon.tables import CARRIER, HOSTILE, INNOCENT, VOLATILE, cell, table


def _play(seed: int, players: int, difficulty: str) -> str:
    state = GAME.new_game(seed, players=players, difficulty=difficulty)
    bots = [HeuristicBot(seed + p) for p in range(players)]
    while GAME.outcome(state) is None:
        seat = GAME.current_player(state)
        assert seat is not None
        action = bots[seat].choose(GAME, view(state, seat), GAME.legal_actions(state))
        state = GAME.apply(state, action)
    result = GAME.outcome(state)
    assert result is not None
    return result.code


def test_the_bot_wins_some_intro_games_and_loses_others_to_the_infection() -> None:
    codes = [_play(seed, 2, "intro") for seed in range(6)] + [_play(seed, 3, "hard") for seed in range(4)]
    assert "evacuated" in codes and "infection" in codes


def test_the_bot_is_registered_and_weighs_effects_sensibly() -> None:
    assert make_bot("heuristic", "raxxon", 1).name == "heuristic"
    calm, late = table(power=6), table(power=1)
    assert effect_cost(late, CALM) < 0 < effect_cost(late, POWER) < effect_cost(calm, POWER)
    assert effect_cost(table(supply=(40,)), INFECT) > effect_cost(late, INFECT)
    assert effect_cost(late, EVAC_UP) < 0


def test_the_bot_takes_an_optional_evacuation_only_when_it_knows_a_healthy_card_to_take() -> None:
    optional = (Ask(K_OPTIONAL, 1, EVACUATE),)
    known = table(crowd={cell(2, 2): HOSTILE[0], cell(2, 3): INNOCENT[0]}, up=(HOSTILE[0], INNOCENT[0]),
                  stack=optional)
    assert set(legal_actions(known)) == {TAKE, DECLINE}
    assert HeuristicBot(1).choose(GAME, view(known, 0), legal_actions(known)) == TAKE
    blind = table(crowd={cell(2, 2): CARRIER[0], cell(2, 3): INNOCENT[0]}, stack=optional)
    assert HeuristicBot(1).choose(GAME, view(blind, 0), legal_actions(blind)) == DECLINE


def test_the_heuristic_takes_a_turn_only_when_its_best_action_beats_the_consequences_by_the_margin() -> None:
    """At every turn of a solo game, a turn is taken exactly when the best available action is
    worth more than the consequences the turn triggers by ``TURN_MARGIN``; the game meets turns
    whose best action is worth more than their consequences by less than that, and passes them."""
    state = GAME.new_game(0, players=1)
    bot = HeuristicBot(0)
    turns = inside_margin = 0
    while GAME.current_player(state) is not None:
        legal = GAME.legal_actions(state)
        seen = view(state, 0)
        choice = bot.choose(GAME, seen, legal)
        if TURN in legal:
            cost = sum(effect_cost(seen, e) for e in consequences(seen, seen.active))
            best = max((action_worth(seen, k) for k in available(seen)), default=0.0)
            assert choice == (TURN if best > cost + TURN_MARGIN else PASS)
            turns += 1
            if 0 < best - cost <= TURN_MARGIN:
                inside_margin += 1
                assert choice == PASS
        state = GAME.apply(state, choice)
    assert turns > 10 and inside_margin >= 1


@pytest.mark.parametrize("seed", [50, 55])
def test_the_heuristic_passes_when_no_action_has_a_free_slot(seed: int) -> None:
    """At three players these deals reach a turn where every action's slots are full and the pass
    is the only legal answer; the bot takes it (it once asked max() of no actions)."""
    game = GAMES["raxxon"]
    state = game.new_game(seed, players=3)
    bots = [make_bot("heuristic", "raxxon", seed * 10 + p) for p in range(3)]
    only_pass = 0
    while game.current_player(state) is not None:
        player = game.current_player(state)
        legal = game.legal_actions(state)
        if legal == (PASS,):
            only_pass += 1
        state = game.apply(state, bots[player].choose(game, game.view(state, player), legal))
    assert only_pass >= 1, "the deal no longer reaches a turn with only the pass"
    assert game.outcome(state) is not None


def test_evaluate_is_the_fitted_logistic_model_of_the_share_evacuated_power_and_supply() -> None:
    healthy = [card for card in range(60) if table_of(table()).healthy[card]]
    state = table(evacuated=healthy[:3], power=3, supply=VOLATILE[5:9])
    share = 3 / len(healthy)  # nothing is in the box: every healthy card is in play
    expected = 1 / (1 + math.exp(-(BIAS_BY_PLAYERS[1] + DONE * share + POWER_WEIGHT * 3 + SUPPLY * 4)))
    assert evaluate(state) == pytest.approx((expected,))
    assert features(state) == pytest.approx((share, 3.0, 4.0))
    # each way to lose weighs against the team, each card saved for it
    assert evaluate(table(evacuated=healthy[:3], power=5, supply=VOLATILE[5:9]))[0] < expected
    assert evaluate(table(evacuated=healthy[:3], power=3, supply=VOLATILE[5:7]))[0] < expected
    assert evaluate(table(evacuated=healthy[:4], power=3, supply=VOLATILE[5:9]))[0] > expected
    # one constant a table size: the same table of two players is worth its own bias more
    pair = evaluate(table(players=2, evacuated=healthy[:3], power=3, supply=VOLATILE[5:9]))
    logit = math.log(pair[0] / (1 - pair[0])) - math.log(expected / (1 - expected))
    assert len(pair) == 2 and pair[0] == pair[1]
    assert logit == pytest.approx(BIAS_BY_PLAYERS[2] - BIAS_BY_PLAYERS[1])
