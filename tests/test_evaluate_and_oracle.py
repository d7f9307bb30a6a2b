"""Each game's evaluation, the tuned search settings and the oracle (the one bot that is not fair)."""

from __future__ import annotations

import time
from typing import Any

import pytest

from tests.support import random_walk
from tests.test_search import Guarded
from wasteland import GAMES
from wasteland.agents import ISMCTS, FlatMonteCarlo, Oracle, bot_input, is_fair, make_bot, parse_bot
from wasteland.agents.calibrate import calibrate, pearson
from wasteland.agents.search import GAME, game_evaluate, share, tuned_settings
from wasteland.simulate import play, simulate
from wasteland.tournament import tournament

KEYS = ("aftermath", "arctic_scavengers", "lucky_seven", "raxxon", "terror_below")
TABLES = [(key, n) for key in KEYS for n in sorted({GAMES[key].player_counts[0], GAMES[key].player_counts[-1]})]


def _tables(key: str, players: int, seed: int, steps: int = 400, every: int = 9) -> list[Any]:
    game = GAMES[key]
    state = game.new_game(seed, players=players)
    return [state, *list(random_walk(game, state, seed, steps))[::every]]


@pytest.mark.parametrize("key,players", TABLES)
def test_evaluate_gives_every_seat_a_number_from_0_to_1_on_determinized_tables(key: str, players: int) -> None:
    game = GAMES[key]
    evaluate = game_evaluate(key)
    assert evaluate is not None
    for state in _tables(key, players, 4):
        mover = game.current_player(state)
        table = state if mover is None else game.determinize(game.view(state, mover), mover, 9)
        values = evaluate(table)
        assert len(values) == players
        assert all(isinstance(v, float) and 0.0 <= v <= 1.0 for v in values), values


@pytest.mark.parametrize("key", ["raxxon", "lucky_seven", "terror_below"])
def test_evaluate_of_a_finished_table_is_its_returns(key: str) -> None:
    game = GAMES[key]
    start = game.new_game(2, players=GAMES[key].player_counts[0])
    state = list(random_walk(game, start, 2, 5000))[-1]
    assert game.outcome(state) is not None
    evaluate = game_evaluate(key)
    assert evaluate is not None
    assert tuple(evaluate(state)) == tuple(game.returns(state))


def test_share_splits_one_win_by_strength() -> None:
    even = share([3.0, 3.0], 2.0)
    assert even == pytest.approx((0.5, 0.5))
    ahead = share([6.0, 3.0, 3.0], 1.0)
    assert sum(ahead) == pytest.approx(1.0) and ahead[0] > 0.8
    assert share([9.0, 1.0], 1.0, [False, True]) == (0.0, 1.0)


def test_pearson_and_the_calibration_report() -> None:
    assert pearson([(0.0, 0.0), (1.0, 1.0), (0.5, 0.5)]) == pytest.approx(1.0)
    assert pearson([(0.3, 0.0), (0.3, 1.0)]) is None
    found = calibrate("raxxon", 2, players=1, seed=5)
    assert len(found.pairs) == 2 and len(found.referee) == 2
    assert "raxxon (1 players)" in found.format() and "correlation" in found.format()


@pytest.mark.parametrize("key", KEYS)
def test_a_budget_in_seconds_alone_takes_the_games_tuned_settings(key: str) -> None:
    tuned = tuned_settings(key)
    assert tuned, f"{key} names its best search settings"
    bot = make_bot("ismcts:0.5s", key, 1)
    assert isinstance(bot, ISMCTS) and bot.name == "ismcts:0.5s"
    assert (bot.rollout, bot.rollout_depth, bot.score_weight) == (
        tuned.get("rollout", "random"), tuned.get("depth"), tuned.get("score_weight", 0.0))
    assert bot.budget.seconds == 0.5 and bot.budget.iterations == tuned.get("iterations")
    cap = f"{tuned['iterations']}:" if "iterations" in tuned else ""
    assert parse_bot("ismcts:0.5s").spelled(key).startswith(f"ismcts:{cap}0.5s:")
    plain = make_bot("ismcts:0.5s:random", key, 1)
    assert isinstance(plain, ISMCTS) and (plain.rollout, plain.rollout_depth) == ("random", None)
    counted = make_bot("ismcts:7", key, 1)
    assert isinstance(counted, ISMCTS) and counted.rollout_depth is None  # a budget in iterations stays plain
    best = make_bot("flat:7:best", key, 1)
    assert isinstance(best, FlatMonteCarlo)
    assert (best.rollout, best.rollout_depth) == (tuned.get("rollout", "random"), tuned.get("depth"))


def test_the_tuned_settings_may_differ_by_the_number_of_players(monkeypatch: pytest.MonkeyPatch) -> None:
    from wasteland.agents import terror_below
    base = tuned_settings("terror_below")
    monkeypatch.setattr(terror_below, "SEARCH_BY_PLAYERS", {3: {"depth": 7, "score_weight": 0.25}}, raising=False)
    assert tuned_settings("terror_below") == base  # any number of players: the game's settings
    assert tuned_settings("terror_below", 2) == base
    assert tuned_settings("terror_below", 3) == {**base, "depth": 7, "score_weight": 0.25}
    three = make_bot("ismcts:0.5s", "terror_below", 1, players=3)
    two = make_bot("ismcts:0.5s", "terror_below", 1, players=2)
    assert isinstance(three, ISMCTS) and isinstance(two, ISMCTS)
    assert (three.rollout_depth, three.score_weight) == (7, 0.25)
    assert (two.rollout_depth, two.score_weight) == (base.get("depth"), base.get("score_weight", 0.0))
    named = make_bot("ismcts:9:best", "terror_below", 1, players=3)
    assert isinstance(named, ISMCTS) and named.rollout_depth == 7
    own = make_bot("ismcts:0.5s:heuristic:d4", "terror_below", 1, players=3)  # settings given: exactly those
    assert isinstance(own, ISMCTS) and (own.rollout_depth, own.score_weight) == (4, 0.0)
    assert parse_bot("ismcts:0.5s").spelled("terror_below", 3) == "ismcts:0.5s:heuristic:d7:w0.25"
    # A tournament and a simulation seat the bots with the settings of their table's player count.
    text = tournament("terror_below", ["ismcts:0.01s", "random", "random"], 3, players=3, workers=1).format()
    assert "ismcts:0.01s plays as ismcts:0.01s:heuristic:d7:w0.25" in text


@pytest.mark.parametrize("key", KEYS)
def test_every_player_counts_own_settings_are_a_table_the_game_has_and_make_a_bot(key: str) -> None:
    from wasteland.registry import bots_of
    by_players = getattr(bots_of(key), "SEARCH_BY_PLAYERS", {})
    for players, settings in by_players.items():
        assert players in GAMES[key].player_counts
        assert set(settings) <= {"rollout", "depth", "score_weight", "reuse", "determinizations", "guard", "observe",
                                 "iterations"}
        bot = make_bot("ismcts:0.5s", key, 1, players=players)
        merged = tuned_settings(key, players)
        assert isinstance(bot, ISMCTS)
        assert (bot.rollout, bot.rollout_depth, bot.score_weight) == (
            merged.get("rollout", "random"), merged.get("depth"), merged.get("score_weight", 0.0))


def test_terror_below_cuts_its_playouts_at_10_decisions_from_three_players() -> None:
    for players in (3, 4, 5):
        many = make_bot("ismcts:0.5s", "terror_below", 1, players=players)
        assert isinstance(many, ISMCTS) and (many.rollout, many.rollout_depth) == ("heuristic", 10)
        assert parse_bot("ismcts:200:best").spelled("terror_below", players) == "ismcts:200:heuristic:d10"
    for players in (1, 2):
        few = make_bot("ismcts:0.5s", "terror_below", 1, players=players)
        assert isinstance(few, ISMCTS) and (few.rollout, few.rollout_depth) == ("heuristic", 30)


def test_aftermath_plays_its_heuristic_playouts_to_the_mission_s_end() -> None:
    """At a cut the fitted evaluation misled the search (docs/agents.md): the tuned settings play on
    to the end, at every table size, and keep the evaluation for a depth a user gives."""
    for players in (1, 2, 3, 4):
        bot = make_bot("ismcts:0.5s", "aftermath", 1, players=players)
        assert isinstance(bot, ISMCTS) and (bot.rollout, bot.rollout_depth) == ("heuristic", None)
        assert parse_bot("ismcts:200:best").spelled("aftermath", players) == "ismcts:200:heuristic"
    cut = make_bot("ismcts:50:heuristic:d20", "aftermath", 1, players=1)
    assert isinstance(cut, ISMCTS) and cut.rollout_depth == 20 and cut.evaluate == GAME


def test_best_and_settings_of_ones_own_are_refused_together() -> None:
    with pytest.raises(ValueError, match="best settings and gives some"):
        parse_bot("ismcts:10:best:d5")
    with pytest.raises(ValueError, match="best settings and gives some"):
        parse_bot("ismcts:10:best:random")


@pytest.mark.parametrize("key,players", [(k, GAMES[k].player_counts[0]) for k in KEYS])
def test_tuned_search_sees_only_its_view_keeps_its_budget_and_repeats_itself(key: str, players: int) -> None:
    game = GAMES[key]
    state = next(s for s in _tables(key, players, 3, steps=60, every=1)
                 if game.current_player(s) is not None and len(game.legal_actions(s)) > 1)
    player = game.current_player(state)
    assert player is not None
    legal = game.legal_actions(state)
    guarded = Guarded(game)
    picks = [make_bot("ismcts:4:best", key, 8).choose(guarded.wrapped(), game.view(state, player), legal)
             for _ in range(2)]
    assert picks[0] in legal and picks[0] == picks[1]
    assert guarded.drawn
    bot = make_bot("ismcts:0.05s", key, 8)
    started = time.perf_counter()
    bot.choose(game, game.view(state, player), legal)
    # The budget is checked between iterations, and an iteration's playout is cut by the depth.
    assert time.perf_counter() - started < 0.05 + 2.0


def test_the_oracle_is_handed_the_referees_table_and_is_not_fair() -> None:
    game = GAMES["lucky_seven"]
    seen: list[Any] = []

    class Watching(Oracle):
        def choose(self, game: Any, view: Any, legal: tuple[Any, ...]) -> Any:
            seen.append(view)
            return super().choose(game, view, legal)

    bot = Watching(3, 4)
    assert not is_fair("oracle:4") and is_fair("ismcts:4") and is_fair("heuristic")
    final, decisions = play(game, game.new_game(6), [bot])
    assert game.outcome(final) is not None and decisions > 0
    assert seen and all(table.viewer is None for table in seen)  # the whole table, never a view
    state = game.new_game(6)
    assert bot_input(bot, game, state, 0) is state
    assert bot_input(make_bot("ismcts:3", "lucky_seven"), game, state, 0).viewer == 0


def test_the_oracle_is_reproducible_from_its_seed() -> None:
    game = GAMES["raxxon"]
    state = next(s for s in _tables("raxxon", 1, 5, steps=40, every=1) if len(game.legal_actions(s)) > 1)
    legal = game.legal_actions(state)
    picks = {make_bot("oracle:12", "raxxon", 4).choose(game, state, legal) for _ in range(3)}
    assert len(picks) == 1 and picks <= set(legal)


def test_tournament_and_simulate_keep_the_oracle_from_fair_bots_unless_told() -> None:
    with pytest.raises(ValueError, match="not a fair player"):
        tournament("lucky_seven", ["oracle:2", "random"], 2, workers=1)
    with pytest.raises(ValueError, match="not a fair player"):
        simulate("lucky_seven", 2, ["oracle:2", "random"], options={"players": 2}, workers=1)
    mixed = tournament("lucky_seven", ["oracle:2", "random"], 2, workers=1, allow_unfair=True)
    text = mixed.format()
    assert "oracle:2! is not a fair player" in text and "oracle:2!" in text.splitlines()[-2] + text.splitlines()[-3]
    alone = simulate("lucky_seven", 2, ["oracle:2"], workers=1)
    assert "oracle:2 is not a fair player" in alone.format()
    assert "(the game's tuned settings)" in tournament("lucky_seven", ["ismcts:0.01s", "random"], 1,
                                                       workers=1).format()
