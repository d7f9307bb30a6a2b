"""The ``wasteland`` command as a newcomer uses it."""

from __future__ import annotations

import builtins
import json
import subprocess
import sys
from pathlib import Path
from typing import Iterator

import pytest

from wasteland import replay
from wasteland.cli import main, parse_options
from wasteland.simulate import simulate

REPLAYS = sorted((Path(__file__).parent.parent / "examples" / "replays").glob("*.json"))


def test_games_lists_every_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["games"]) == 0
    out = capsys.readouterr().out
    assert "lucky_seven" in out and "The Lucky Seven" in out
    assert "arctic_scavengers" in out


def test_python_dash_m_runs_the_command() -> None:
    done = subprocess.run([sys.executable, "-m", "wasteland", "games"], capture_output=True, text=True, check=True)
    assert "lucky_seven" in done.stdout


def test_replay_command_verifies_the_examples(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", *map(str, REPLAYS)]) == 0
    out = capsys.readouterr().out
    assert out.count("ok ") == len(REPLAYS)


def test_replay_command_fails_on_a_broken_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = json.loads(REPLAYS[0].read_text())
    doc["seed"] += 1
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(doc))
    assert main(["replay", str(bad)]) == 1
    assert "FAIL" in capsys.readouterr().out


def test_replay_steps_prints_each_action(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", "--steps", str(REPLAYS[0])]) == 0
    out = capsys.readouterr().out
    assert "   0. seat" in out


def test_simulate_summarises(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "lucky_seven", "-n", "6", "--seed", "3", "--quiet", "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert "6 games" in out and "decisions per game" in out


def test_simulate_rejects_bad_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "lucky_seven", "-n", "2", "--players", "9", "--quiet"]) == 2
    assert "players" in capsys.readouterr().err


def test_simulation_does_not_depend_on_the_number_of_processes() -> None:
    one = simulate("lucky_seven", 10, ["random"], seed=40, workers=1)
    two = simulate("lucky_seven", 10, ["random"], seed=40, workers=2)
    assert one == two


def test_bench_reports_decisions_per_second(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "lucky_seven", "--seconds", "0.2"]) == 0
    assert "decisions/s" in capsys.readouterr().out


def test_parse_options_reads_ints_and_booleans() -> None:
    assert parse_options(["depot=true", "n=3", "variant=competitive"], 2) == {
        "depot": True, "n": 3, "variant": "competitive", "players": 2,
    }


def test_parse_options_reads_json_files(tmp_path: Path) -> None:
    path = tmp_path / "cards.json"
    path.write_text('{"threats": [1, 2]}')
    assert parse_options([f"cards=@{path}"], None) == {"cards": {"threats": [1, 2]}}
    with pytest.raises(SystemExit, match="cannot read"):
        parse_options([f"cards=@{tmp_path / 'missing.json'}"], None)


def _typing(answers: list[str]) -> Iterator[str]:
    yield from answers


def test_play_takes_numbers_refuses_nonsense_and_saves(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    answers = _typing(["", "0", "abc", "1", "1", "s", "q"])
    monkeypatch.setattr(builtins, "input", lambda prompt="": next(answers))
    save = tmp_path / "game.json"
    assert main(["play", "lucky_seven", "--seed", "4", "--save", str(save)]) == 0
    out = capsys.readouterr().out
    assert "Please type a number" in out
    saved = replay.load(save)
    assert len(saved.actions) == 2

    answers = _typing(["q"])
    monkeypatch.setattr(builtins, "input", lambda prompt="": next(answers))
    assert main(["play", "--resume", str(save)]) == 0
    assert "Resumed" in capsys.readouterr().out


def test_play_to_the_end(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(builtins, "input", lambda prompt="": "1")
    assert main(["play", "lucky_seven", "--seed", "8"]) == 0
    assert "Game over" in capsys.readouterr().out


def test_play_arctic_scavengers_shows_only_the_seat_s_view(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(builtins, "input", lambda prompt="": "1")
    assert main(["play", "arctic_scavengers", "--players", "3", "--seed", "6"]) == 0
    out = capsys.readouterr().out
    assert "Game over" in out
    assert "hand: 5 hidden" in out, "the other tribes' hands are hidden from the human seat"
    assert "seat 1 (heuristic):" in out and "seat 2 (heuristic):" in out
