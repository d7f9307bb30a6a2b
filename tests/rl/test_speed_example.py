"""examples/pettingzoo_speed.py measures PettingZoo's loop against the bare rules, and profiles it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("pettingzoo")

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "pettingzoo_speed.py"


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(EXAMPLE), *args], capture_output=True, text=True, timeout=300)


def test_the_speed_example_prints_both_loops_and_their_ratio() -> None:
    done = _run("raxxon", "lucky_seven", "--players", "2", "--seconds", "0.05")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].split() == ["table", "bare", "rules", "PettingZoo", "ratio", "games"]
    rows = {line.split()[0] + " " + line.split()[1].rstrip(","): line.split() for line in lines[1:]}
    assert set(rows) == {"raxxon 2p", "lucky_seven 2p"}, "the competitive and cooperative variants both"
    assert len(lines) == 4
    for row in (line.split() for line in lines[1:]):
        bare, zoo, ratio = (float(x.replace(",", "")) for x in row[-4:-1])
        assert bare > 0 and zoo > 0 and abs(ratio - zoo / bare) < 0.01 + 0.01 * ratio


def test_the_speed_example_profiles_the_loop() -> None:
    done = _run("raxxon", "--players", "1", "--seconds", "0.05", "--profile", "--lines", "5")
    assert done.returncode == 0, done.stderr
    assert "raxxon 1p:" in done.stdout and "function calls" in done.stdout and "tottime" in done.stdout


def test_the_speed_example_refuses_an_unknown_game_in_one_line() -> None:
    done = _run("chess")
    assert done.returncode == 2
    assert "unknown game 'chess'" in done.stderr and "Traceback" not in done.stderr


def test_the_speed_example_breaks_a_decision_down() -> None:
    done = _run("raxxon", "--players", "1", "--seconds", "0.05", "--breakdown")
    assert done.returncode == 0, done.stderr
    header, row = done.stdout.splitlines()
    assert header.split()[-11:] == ["bare", "rules", "PettingZoo", "observation", "the", "rest", "loop", "alone",
                                    "environment", "observation/bare", "environment/bare"]
    bare, zoo, observation, rest, alone, own, observation_share, own_share = (float(x) for x in row.split()[-8:])
    assert bare > 0 and zoo > 0 and observation + rest == pytest.approx(zoo - bare, abs=0.2)
    assert 0 < alone < zoo, "the loop on an environment that does nothing costs less than on the game"
    assert own == pytest.approx(rest - alone, abs=0.2), "the environment's own: the rest beyond the loop alone"
    assert observation_share == pytest.approx(observation / bare, abs=0.02)
    assert own_share == pytest.approx(own / bare, abs=0.02)


def test_the_speed_example_measures_gymnasium_s_loop_on_the_tables_of_one_seat() -> None:
    done = _run("raxxon", "lucky_seven", "--seconds", "0.05", "--gymnasium")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].split() == ["table", "bare", "rules", "Gymnasium", "ratio", "games"]
    assert [line.split()[:2] for line in lines[1:]] == [["raxxon", "1p"], ["lucky_seven", "1p"]]
    refused = _run("arctic_scavengers", "--gymnasium")
    assert refused.returncode == 2 and "one seat" in refused.stderr and "Traceback" not in refused.stderr


def test_the_speed_example_measures_open_spiel_s_loop() -> None:
    pytest.importorskip("pyspiel")
    done = _run("raxxon", "--players", "2", "--seconds", "0.05", "--open-spiel")
    assert done.returncode == 0, done.stderr
    header, row = done.stdout.splitlines()
    assert header.split() == ["table", "bare", "rules", "OpenSpiel", "ratio", "games"]
    bare, spiel, ratio = (float(x.replace(",", "")) for x in row.split()[-4:-1])
    assert row.split()[:2] == ["raxxon", "2p"] and abs(ratio - spiel / bare) < 0.01 + 0.01 * ratio
    refused = _run("raxxon", "--open-spiel", "--gymnasium")
    assert refused.returncode == 2 and "another loop" in refused.stderr and "Traceback" not in refused.stderr


def test_the_speed_example_times_another_source_tree_s_writer_beside_the_installed_one() -> None:
    source = Path(__file__).resolve().parents[2] / "src"
    done = _run("lucky_seven", "--players", "1", "--seconds", "0.05", "--breakdown", "--writers-from", str(source))
    assert done.returncode == 0, done.stderr
    header, row = done.stdout.splitlines()
    assert header.split()[-2:] == ["SRC", "observation"]
    observation, before = float(row.split()[-8]), float(row.split()[-1])
    assert observation > 0 and before > 0
    refused = _run("lucky_seven", "--writers-from", str(source))
    assert refused.returncode == 2 and "goes with --breakdown" in refused.stderr
