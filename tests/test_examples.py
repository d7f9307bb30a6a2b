"""The example programs and card sets in examples/ work as their docstrings say."""

from __future__ import annotations

import importlib.util
import json
import math
import subprocess
import sys
from pathlib import Path
from typing import Any

import attrs
import pytest

from wasteland import GAMES
from wasteland.agents.raxxon import BIAS_BY_PLAYERS, DONE, POWER, SUPPLY, evaluate, features
from wasteland.cli import ProgressBar
from wasteland.raxxon.state import Phase
from wasteland.simulate import Summary, simulate

EXAMPLES = Path(__file__).parent.parent / "examples"
CARD_SETS = sorted((EXAMPLES / "cards").glob("*.json"))


def _run(*args: str) -> str:
    done = subprocess.run([sys.executable, *args], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.parametrize("path", CARD_SETS, ids=[p.stem for p in CARD_SETS])
def test_example_card_sets_are_valid(path: Path) -> None:
    key = next(k for k in GAMES if path.stem.startswith(k))
    game = GAMES[key]
    state = game.new_game(1, players=max(game.player_counts), cards=json.loads(path.read_text()))
    assert state.options.cards is not None, "an example set differs from the public one"


def test_balance_example_compares_two_card_sets() -> None:
    out = _run(
        str(EXAMPLES / "balance.py"), "arctic_scavengers",
        str(EXAMPLES / "cards" / "arctic_scavengers_stronger_brawlers.json"), "-n", "2", "--players", "2",
    )
    assert "== public cards" in out and "== cards of arctic_scavengers_stronger_brawlers.json" in out
    assert out.count("2 games") == 2


def test_balance_example_shows_the_progress_bar_and_plays_twenty_games_by_default(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    spec = importlib.util.spec_from_file_location("balance_example", EXAMPLES / "balance.py")
    assert spec is not None and spec.loader is not None
    balance = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(balance)
    asked: list[tuple[int, object]] = []

    def recorded(key: str, games: int, bots: list[str], *, seed: int, options: dict[str, object],
                 progress: object) -> Summary:
        asked.append((games, progress))
        return simulate(key, 2, bots, seed=seed, options=options, workers=1)

    monkeypatch.setattr(balance, "simulate", recorded)
    cards = EXAMPLES / "cards" / "arctic_scavengers_stronger_brawlers.json"
    monkeypatch.setattr(sys, "argv", ["balance.py", "arctic_scavengers", str(cards), "--players", "2"])
    balance.main()
    assert [games for games, _ in asked] == [20, 20]
    assert all(isinstance(bar, ProgressBar) for _, bar in asked)
    assert "== public cards" in capsys.readouterr().out


def test_balance_example_refuses_a_card_set_it_cannot_read_in_one_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{")
    for cards in (bad, tmp_path / "missing.json"):
        done = subprocess.run([sys.executable, str(EXAMPLES / "balance.py"), "lucky_seven", str(cards)],
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
        assert "cannot read the card set" in done.stderr.splitlines()[-1]


def test_balance_example_draws_the_comparison(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    plot = tmp_path / "balance.png"
    out = _run(
        str(EXAMPLES / "balance.py"), "arctic_scavengers",
        str(EXAMPLES / "cards" / "arctic_scavengers_stronger_brawlers.json"), "-n", "2", "--players", "2",
        "--plot", str(plot),
    )
    assert f"plot written to {plot}" in out
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and plot.stat().st_size > 10_000


def test_hidden_information_example_shows_each_seat() -> None:
    out = _run(str(EXAMPLES / "hidden_information.py"))
    assert out.count("sees ---") == 3
    assert "hidden" in out
    assert "A view is not the table" in out
    assert "cannot tell from the real one" in out


def test_chess_speed_example_times_both_paths_beside_python_chess() -> None:
    pytest.importorskip("chess")
    out = _run(str(EXAMPLES / "chess_speed.py"), "lucky_seven", "--players", "1", "--reps", "1", "--seconds", "0.05",
               "--json")
    row = json.loads(out)
    assert row["game"] == "lucky_seven" and row["players"] == 1
    assert row["chess_per_s"] > 0 and row["checked_vs_chess"] > 0 and row["moves_vs_chess"] > 0
    done = subprocess.run([sys.executable, str(EXAMPLES / "chess_speed.py"), "chess"], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 2 and "unknown game 'chess'" in done.stderr and "Traceback" not in done.stderr


def test_search_settings_example_compares_reuse_and_a_pool_with_a_reference() -> None:
    args = [str(EXAMPLES / "search_settings.py"), "lucky_seven", "--settings", "random:d4", "--budget", "3",
            "--reference", "6", "--seeds", "0-1", "--positions", "4"]
    out = _run(*args)
    assert "8 decisions" in out and "reuse found its tree at" in out
    assert out.count("agreed with the reference at") == 3 and "reuse agreed where fresh did not" in out
    assert _run(*args) == out  # budgets in iterations, fixed seeds: the same every time
    alone = _run(*args[:7], "0", *args[8:])
    assert "reuse found its tree at" in alone and "agreed" not in alone


def test_search_settings_example_times_root_parallelism() -> None:
    out = _run(str(EXAMPLES / "search_settings.py"), "raxxon", "--settings", "random:d4", "--budget", "2",
               "--seeds", "7", "--positions", "1", "--time-processes")
    assert "median wall-time ratio" in out and out.count(" with p2") == 2


def _example(name: str) -> Any:
    """The example program ``examples/<name>.py`` as a module (its ``main`` not run)."""
    spec = importlib.util.spec_from_file_location(name, EXAMPLES / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_fitting_raxxon_s_evaluation_recovers_the_weights_that_made_the_results() -> None:
    np = pytest.importorskip("numpy")
    fitting = _example("fit_raxxon_evaluation")
    rng = np.random.default_rng(5)
    features = rng.normal(size=(20_000, 3))
    design = np.column_stack([np.ones(len(features)), features])
    truth = np.array([-1.0, 2.0, -0.5, 0.25])
    won = (rng.random(len(features)) < 1 / (1 + np.exp(-design @ truth))).astype(float)
    assert fitting.fit(design, won) == pytest.approx(truth, abs=0.1)
    assert fitting.auc(np.array([0.1, 0.9, 0.4, 0.8]), np.array([0.0, 1.0, 0.0, 1.0])) == 1.0


def test_fitting_raxxon_s_evaluation_prints_the_module_s_constants_and_checks_them() -> None:
    pytest.importorskip("numpy")
    out = _run(str(EXAMPLES / "fit_raxxon_evaluation.py"), "--games", "1=3,2=2", "--check", "3")
    assert "games\nBIAS_BY_PLAYERS = {1: " in out and ", 2: " in out
    assert all(f"\n{name} = " in out for name in ("DONE", "POWER", "SUPPLY"))
    assert "tables of 3 solo games not fitted on" in out and out.count("correlation") == 2
    refused = subprocess.run([sys.executable, str(EXAMPLES / "fit_raxxon_evaluation.py"), "--games", "5=10"],
                             capture_output=True, text=True, timeout=60)
    assert refused.returncode == 2 and "table sizes from 1 to 4" in refused.stderr
    assert "Traceback" not in refused.stderr


def _won_and_length(path: Path) -> list[tuple[str, str, str]]:
    rows = path.read_text().splitlines()[1:]
    return [(cols[1], cols[4], cols[7]) for cols in (row.split(",") for row in rows)]


def test_raxxon_probes_one_tree_plays_the_game_s_search_move_for_move(tmp_path: Path) -> None:
    """With nothing changed the probe is ``ismcts:N:best`` as ``simulate`` seeds it: the same games."""
    probe, plain = tmp_path / "probe.csv", tmp_path / "plain.csv"
    out = _run(str(EXAMPLES / "raxxon_probes.py"), "trees", "--trees", "1", "--iterations", "2", "-n", "2",
               "--seed", "7", "--csv", str(probe))
    assert out.startswith("trees: won ") and "of 2 deals (seeds 7-8)" in out
    _run("-m", "wasteland", "simulate", "raxxon", "--players", "1", "--option", "difficulty=regular", "--bot",
         "ismcts:2:best", "-n", "2", "--seed", "7", "--workers", "1", "--quiet", "--csv", str(plain))
    assert _won_and_length(probe) == _won_and_length(plain)


def test_raxxon_probes_guard_and_more_trees_report_against_an_earlier_run(tmp_path: Path) -> None:
    base = tmp_path / "base.csv"
    _run(str(EXAMPLES / "raxxon_probes.py"), "trees", "--trees", "1", "--iterations", "2", "-n", "2", "--seed", "3",
         "--csv", str(base))
    guard = _run(str(EXAMPLES / "raxxon_probes.py"), "guard", "--z", "1", "--iterations", "2", "-n", "2", "--seed",
                 "3", "--against", str(base))
    assert "the guard kept the heuristic's at" in guard and f"against {base} on 2 deals: " in guard
    trees = _run(str(EXAMPLES / "raxxon_probes.py"), "trees", "--trees", "2", "--iterations", "2", "-n", "2",
                 "--seed", "3", "--against", str(base))
    assert "trees: won " in trees and "mean difference " in trees


def test_raxxon_probes_kinds_searching_every_kind_plays_the_game_s_search(tmp_path: Path) -> None:
    """Searching at every kind, the probe is ``ismcts:N:best`` (or with ``--oracle`` ``oracle:N:best``)."""
    probe, plain = tmp_path / "probe.csv", tmp_path / "plain.csv"
    out = _run(str(EXAMPLES / "raxxon_probes.py"), "kinds", "--iterations", "2", "-n", "2", "--seed", "7", "--csv",
               str(probe))
    assert out.startswith("kinds: won ") and "searched, and not the heuristic's choice: " in out
    assert "target " in out and "turn " in out
    _run("-m", "wasteland", "simulate", "raxxon", "--players", "1", "--option", "difficulty=regular", "--bot",
         "ismcts:2:best", "-n", "2", "--seed", "7", "--workers", "1", "--quiet", "--csv", str(plain))
    assert _won_and_length(probe) == _won_and_length(plain)
    _run(str(EXAMPLES / "raxxon_probes.py"), "kinds", "--oracle", "--iterations", "2", "-n", "2", "--seed", "7",
         "--csv", str(probe))
    _run("-m", "wasteland", "simulate", "raxxon", "--players", "1", "--option", "difficulty=regular", "--bot",
         "oracle:2:best", "--allow-unfair", "-n", "2", "--seed", "7", "--workers", "1", "--quiet", "--csv",
         str(plain))
    assert _won_and_length(probe) == _won_and_length(plain)


def test_raxxon_probes_kinds_searches_only_the_kinds_named() -> None:
    probes = _example("raxxon_probes")
    game = GAMES["raxxon"]
    bot = probes.Selective(3, frozenset({"turn"}), 2)
    state = game.new_game(5, players=1, difficulty="regular")
    while game.current_player(state) is not None:
        state = game.apply(state, bot.choose(game, game.view(state, 0), game.legal_actions(state)))
    assert set(bot.asked) == {"Turn"} and bot.asked["Turn"] > 0 and bot.differed["Turn"] <= bot.asked["Turn"]
    oracle = probes.Selective(3, frozenset({"target"}), 2, oracle=True)
    assert oracle.sees_table and isinstance(oracle.search, probes.Oracle) and not bot.sees_table
    handed: list[object] = []

    class Spy:
        def choose(self, game: object, view: object, legal: tuple[object, ...]) -> object:
            handed.append(view)
            return legal[0]
    oracle.heuristic = Spy()
    table = game.new_game(5, players=1, difficulty="regular")
    legal = game.legal_actions(table)
    assert len(legal) > 1 and type(legal[0]).__name__ != "Target"
    oracle.choose(game, table, legal)
    assert handed == [game.view(table, 0)] and handed[0] != table  # the heuristic part sees the view alone
    kept = _run(str(EXAMPLES / "raxxon_probes.py"), "kinds", "--keep", "target,act", "--iterations", "2", "-n", "1")
    assert "target " not in kept and "act " not in kept and "turn " in kept
    for wrong, why in ((["--search", "turn", "--keep", "act"], "--search or --keep, not both"),
                       (["--search", "deck"], "kinds of decision from turn, act, target")):
        refused = subprocess.run([sys.executable, str(EXAMPLES / "raxxon_probes.py"), "kinds", *wrong, "-n", "1"],
                                 capture_output=True, text=True, timeout=60)
        assert refused.returncode == 2 and why in refused.stderr and "Traceback" not in refused.stderr


def test_raxxon_probes_knows_only_the_part_of_the_table_it_is_told() -> None:
    probes = _example("raxxon_probes")
    game = GAMES["raxxon"]
    state = game.new_game(11, players=1, difficulty="regular")
    crowd = probes.Knows(1, "crowd", 2)._tables(game)(state, 0, 5)
    assert crowd.crowd == state.crowd and crowd.supply == state.supply
    assert sorted(crowd.raxxon_draw) == sorted(state.raxxon_draw) and crowd.raxxon_draw != state.raxxon_draw
    assert crowd.rng != state.rng
    future = probes.Knows(1, "future", 2)._tables(game)(state, 0, 5)
    assert future.raxxon_draw == state.raxxon_draw and future.rng == state.rng
    assert future.crowd != state.crowd and game.view(future, 0) == game.view(state, 0)
    with pytest.raises(ValueError, match="part is one of crowd, future"):
        probes.Knows(1, "deck")
    out = _run(str(EXAMPLES / "raxxon_probes.py"), "knows", "--part", "future", "--iterations", "2", "-n", "1",
               "--seed", "2")
    assert out.startswith("knows: won ") and "of 1 deals (seeds 2-2)" in out


def test_raxxon_probes_weights_with_the_module_s_own_play_the_game_s_search(tmp_path: Path) -> None:
    """The weights probe given the evaluation's own constant and weights plays ``ismcts:N:best``."""
    probe, plain = tmp_path / "probe.csv", tmp_path / "plain.csv"
    weights = ",".join(str(w) for w in (BIAS_BY_PLAYERS[1], DONE, POWER, SUPPLY))
    out = _run(str(EXAMPLES / "raxxon_probes.py"), "weights", f"--weights={weights}", "--iterations", "2", "-n",
               "2", "--seed", "7", "--csv", str(probe))
    assert out.startswith("weights: won ") and f"constant and weights: {weights.replace(',', ', ')}" in out
    _run("-m", "wasteland", "simulate", "raxxon", "--players", "1", "--option", "difficulty=regular", "--bot",
         "ismcts:2:best", "-n", "2", "--seed", "7", "--workers", "1", "--quiet", "--csv", str(plain))
    assert _won_and_length(probe) == _won_and_length(plain)


def test_raxxon_probes_weights_score_a_table_by_the_model_given() -> None:
    probes = _example("raxxon_probes")
    game = GAMES["raxxon"]
    state = game.new_game(11, players=1, difficulty="regular")
    done, power, supply = features(state)
    assert probes.weighed((0.0, 0.0, 0.0, 0.0))(state) == (0.5,)
    assert probes.weighed((1.0, 2.0, -0.5, 0.25))(state)[0] == pytest.approx(
        1 / (1 + math.exp(-(1.0 + 2.0 * done - 0.5 * power + 0.25 * supply))))
    over = attrs.evolve(state, phase=Phase.OVER)
    assert probes.weighed((9.0, 9.0, 9.0, 9.0))(over) == evaluate(over)


def test_raxxon_probes_rollout_weighs_the_turn_s_choices_and_leaves_the_rest_to_the_heuristic(
        tmp_path: Path) -> None:
    probes = _example("raxxon_probes")
    game = GAMES["raxxon"]
    state = game.new_game(11, players=1, difficulty="regular")
    legal = game.legal_actions(state)
    assert any(type(a) is probes.Act for a in legal)  # the game's first choice: an action, or pass
    view = game.view(state, 0)
    bot = probes.Rollout(5, 3, 0.0)
    assert bot.choose(game, view, legal) in legal
    assert bot.last_rounds == 3 and bot.last_favourite in legal
    # one table a choice gives the guard no spread to judge by: the heuristic's choice stays
    sure = probes.Rollout(5, 1, 0.0)
    assert sure.choose(game, view, legal) == sure.last_favourite and sure.last_rounds == 1
    # a target is the heuristic's, with no table drawn
    while probes.pending(state) is None or len(game.legal_actions(state)) < 2:
        state = game.apply(state, sure.choose(game, game.view(state, 0), game.legal_actions(state)))
    assert sure.choose(game, game.view(state, 0), game.legal_actions(state)) in game.legal_actions(state)
    assert sure.last_rounds == 0 and sure.last_favourite is None
    base = tmp_path / "base.csv"
    _run("-m", "wasteland", "simulate", "raxxon", "--players", "1", "--option", "difficulty=regular", "--bot",
         "heuristic", "-n", "1", "--seed", "3", "--workers", "1", "--quiet", "--csv", str(base))
    out = _run(str(EXAMPLES / "raxxon_probes.py"), "rollout", "--rounds", "1", "-n", "1", "--seed", "3",
               "--against", str(base))
    assert out.startswith("rollout: won ") and "of 1 deals (seeds 3-3)" in out
    assert "fewer than two seeds in common" in out


def test_raxxon_probes_refuse_a_wrong_file_or_setting_in_one_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.csv"
    bad.write_text("no,columns\n1,2\n")
    for args, said in [(["--against", str(bad)], "not a CSV of wasteland simulate's columns"),
                       (["--against", str(tmp_path / "missing.csv")], "missing.csv': cannot read it"),
                       (["--csv", str(tmp_path)], "is a directory"),
                       (["--iterations", "0"], "--iterations 1-10000"),
                       (["--rounds", "0"], "--rounds 1-1000"),
                       (["--z", "nan"], "--z 0-10"),
                       (["--weights=1,2,x"], "four numbers from -100 to 100"),
                       (["--weights=1,2,3,inf"], "four numbers from -100 to 100")]:
        done = subprocess.run([sys.executable, str(EXAMPLES / "raxxon_probes.py"), "trees", *args],
                              capture_output=True, text=True, timeout=60)
        assert done.returncode == 2 and said in done.stderr and "Traceback" not in done.stderr, done.stderr
