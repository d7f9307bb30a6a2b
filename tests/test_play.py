"""``wasteland play``: what a player at the terminal is told (the goal, the rules in short) and
where a saved game goes."""

from __future__ import annotations

import builtins
import io
import sys
from pathlib import Path
from typing import Iterator

import pytest

from wasteland import GAMES, replay
from wasteland.cli import main
from wasteland.registry import GAME_KEYS


def _answers(monkeypatch: pytest.MonkeyPatch, answers: list[str]) -> None:
    typed: Iterator[str] = iter(answers)
    monkeypatch.setattr(builtins, "input", lambda prompt="": next(typed))


@pytest.mark.parametrize("key", GAME_KEYS)
def test_play_states_the_goal_at_the_start_and_the_rules_on_question_mark(
    key: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    game = GAMES[key]
    summary = game.summary(game.new_game(5))
    goal, rest = summary.split("\n", 1)
    _answers(monkeypatch, ["q"])
    assert main(["play", key, "--seed", "5"]) == 0
    first = capsys.readouterr().out
    assert goal in first and rest.split("\n", 1)[0] not in first  # the goal, not the whole summary
    _answers(monkeypatch, ["?", "q"])
    assert main(["play", key, "--seed", "5"]) == 0
    asked = " ".join(capsys.readouterr().out.split())  # unfolded, without the frame's wrapping
    for line in rest.split("\n")[:3]:
        assert " ".join(line.split()[:6]) in asked


def test_the_lucky_seven_goal_names_each_seat_s_role(monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    _answers(monkeypatch, ["q"])
    assert main(["play", "lucky_seven", "--players", "2", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "Seat 0 commands the squad, seat 1 plays the threats" in out
    assert "seat 0: the squad (you); seat 1: the threats (heuristic)." in out


def test_save_without_save_path_names_the_full_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    _answers(monkeypatch, ["1", "s", "q"])
    assert main(["play", "lucky_seven", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    target = tmp_path.resolve() / "wasteland-save.json"
    assert f"Saved to {target}" in out
    assert f"--resume {target}" in out
    assert len(replay.load(target).moves) == 1


def test_save_path_given_relative_is_said_in_full_and_question_mark_tells_where(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "games").mkdir()
    monkeypatch.chdir(tmp_path)
    _answers(monkeypatch, ["?", "s", "q"])
    assert main(["play", "raxxon", "--seed", "2", "--save", "games/mine.json"]) == 0
    out = capsys.readouterr().out
    target = tmp_path.resolve() / "games" / "mine.json"
    assert f"s saves to {target}" in out
    assert f"Saved to {target}" in out
    assert replay.load(target).game == "raxxon"
    assert not (tmp_path / "wasteland-save.json").exists()


def test_save_into_a_folder_that_does_not_exist_makes_it_at_the_first_save(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The README's ``--save games/raxxon.json`` on a fresh clone: the folder is made when the game
    is saved (``s``, or ``q`` with ``--save``), folders above it too."""
    monkeypatch.chdir(tmp_path)
    _answers(monkeypatch, ["1", "s", "q"])
    assert main(["play", "raxxon", "--seed", "2", "--save", "games/deeper/raxxon.json"]) == 0
    target = tmp_path.resolve() / "games" / "deeper" / "raxxon.json"
    assert f"Saved to {target}" in capsys.readouterr().out
    assert replay.load(target).game == "raxxon"


def test_a_save_path_through_a_file_is_refused_before_the_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "notes.txt").write_text("mine", encoding="utf-8")
    _answers(monkeypatch, [])
    assert main(["play", "raxxon", "--save", str(tmp_path / "notes.txt" / "sub" / "g.json")]) == 2
    out = capsys.readouterr()
    assert out.out == "" and "'notes.txt' on that path is not a folder" in out.err and out.err.count("\n") == 1
    assert (tmp_path / "notes.txt").read_text(encoding="utf-8") == "mine"


def test_a_save_path_with_spaces_is_quoted_in_the_resume_command(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    save = tmp_path / "my games" / "a b.json"
    save.parent.mkdir()
    _answers(monkeypatch, ["s", "q"])
    assert main(["play", "arctic_scavengers", "--seed", "2", "--save", str(save)]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert f"--resume '{save}'" in out


def test_a_seat_not_at_the_table_is_refused_before_the_introduction(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _answers(monkeypatch, [])
    assert main(["play", "lucky_seven", "--seat", "3"]) == 2
    out = capsys.readouterr()
    assert out.out == ""
    assert out.err == "wasteland: the table has 1 seat (0); --seat 3 is not one of them\n"
    assert main(["play", "raxxon", "--players", "3", "--seat", "1", "--seat", "5", "--seat", "7"]) == 2
    assert capsys.readouterr().err == "wasteland: the table has 3 seats (0 to 2); --seat 5, 7 is not one of them\n"


def _boards(out: str) -> list[str]:
    """Each table drawn for a decision, in order (the text above each "Seat N, choose:")."""
    parts = out.split("\nSeat ")
    return [part.rsplit("\n\n", 1)[-1] for part in parts[:-1]]


@pytest.mark.parametrize(("key", "players"), [("raxxon", 2), ("arctic_scavengers", 2), ("lucky_seven", 2)])
def test_u_takes_back_the_last_decision_and_shows_the_very_table_seen_before_it(
    key: str, players: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The table after ``u`` is the one the seat saw before its last decision, to the character:
    replayed from the seed and the moves, so the bots' hidden cards and every draw are what they
    were, and nothing new is shown."""
    save = tmp_path / "g.json"
    _answers(monkeypatch, ["1", "1", "1", "u", "s", "q"])
    assert main(["play", key, "--players", str(players), "--seed", "5", "--save", str(save)]) == 0
    out = capsys.readouterr().out
    assert "Took back " in out
    boards = _boards(out)
    assert boards[-1] == boards[2], "after u, the table of the third decision again"
    moves = replay.load(save).moves
    _answers(monkeypatch, ["1", "1", "s", "q"])
    again = tmp_path / "again.json"
    assert main(["play", key, "--players", str(players), "--seed", "5", "--save", str(again)]) == 0
    capsys.readouterr()
    assert replay.load(again).moves == moves, "the same moves as two decisions and the bots' answers"


def test_u_with_nothing_to_take_back_says_so(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _answers(monkeypatch, ["u", "q"])
    assert main(["play", "lucky_seven", "--seed", "2"]) == 0
    assert "Nothing to take back" in capsys.readouterr().out


class _Terminal(io.StringIO):
    """Standard output as a terminal would be."""

    def isatty(self) -> bool:
        return True


def test_on_a_terminal_the_table_is_redrawn_in_place_with_what_changed_since_the_last_decision(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    screen = _Terminal()
    monkeypatch.setattr(sys, "stdout", screen)
    _answers(monkeypatch, ["1", "1", "q"])
    assert main(["play", "raxxon", "--players", "2", "--seed", "4"]) == 0
    out = screen.getvalue()
    first = out.index("Seat 0, choose:")
    assert "\x1b[2J" not in out[:first], "the first table stays under the game's introduction"
    assert out.count("\x1b[2J") >= 2, "each later table is drawn in place, the screen cleared"
    after = out[out.index("\x1b[2J"):]
    assert "Since your last decision:" in after and "player 0 looks at" in after


def test_piped_play_stays_plain_text_line_after_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _answers(monkeypatch, ["1", "1", "q"])
    assert main(["play", "raxxon", "--players", "2", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "Since your last decision" not in out and "player 0 looks at" in out
