"""The ``wasteland`` command as a newcomer uses it."""

from __future__ import annotations

import argparse
import builtins
import contextlib
import importlib
import importlib.util
import io
import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Iterator

import pytest
from rich.console import Console

from wasteland import GAMES, cli, replay
from wasteland.cli import UsageError, main, parse_options
from wasteland.simulate import simulate

REPLAYS = sorted((Path(__file__).parent.parent / "examples" / "replays").glob("*.json"))
REPLAYS_DIR = Path(__file__).parent.parent / "examples" / "replays"


def test_games_lists_every_game_in_aligned_columns(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["games"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == ["key", "game", "players", "default"]
    assert "lucky_seven        The Lucky Seven    1-2      1" in lines
    assert [line.split()[0] for line in lines[1:]] == list(cli.GAME_KEYS)
    for word in ("game", "players", "default"):  # each column starts at the same place on every line
        column = lines[0].index(word)
        assert all(line[column - 2:column] == "  " and line[column] != " " for line in lines[1:]), word


def test_version_and_the_help_of_players_and_seed(capsys: pytest.CaptureFixture[str]) -> None:
    from wasteland import __version__

    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    out = " ".join(capsys.readouterr().out.split())
    assert out.startswith(f"wasteland {__version__} (rules versions: lucky_seven ")
    for command in (["simulate"], ["tournament"], ["bench"], ["play"], ["demo"]):
        with pytest.raises(SystemExit):
            main([*command, "--help"])
        text = " ".join(capsys.readouterr().out.split())
        if command != ["demo"]:
            assert "--players N how many players sit at the table" in text, command
        assert re.search(r"--seed SEED (the first seed|start from this seed)", text), command


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
    bad.write_text("{")
    assert main(["replay", str(bad)]) == 1


def test_replay_steps_prints_each_action(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", "--steps", str(REPLAYS[0])]) == 0
    out = capsys.readouterr().out
    assert "     1. seat" in out


def test_replay_html_writes_a_page_that_shows_the_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = REPLAYS_DIR / "lucky_seven_win.json"
    out = tmp_path / "win.html"
    assert main(["replay", str(source), "--html", str(out)]) == 0
    assert f"page: {out}" in capsys.readouterr().out
    page = out.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and "const PACKED" in page


def test_replay_html_with_several_replays_writes_into_a_folder(tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    sources = [REPLAYS_DIR / "lucky_seven_win.json", REPLAYS_DIR / "arctic_scavengers_3p_snipe.json"]
    assert main(["replay", *map(str, sources), "--html", str(tmp_path)]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["arctic_scavengers_3p_snipe.html", "lucky_seven_win.html"]
    capsys.readouterr()
    assert main(["replay", *map(str, sources), "--html", str(tmp_path / "one.html")]) == 2
    assert "names a folder" in capsys.readouterr().err


def test_replay_html_usage_errors_are_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = str(REPLAYS_DIR / "lucky_seven_win.json")
    for target, words in ((tmp_path, "is a folder"), (tmp_path / "no" / "x.html", "does not exist")):
        assert main(["replay", source, "--html", str(target)]) == 2
        err = capsys.readouterr().err
        assert words in err and err.count("\n") == 1
    assert not list(tmp_path.iterdir())


def test_replay_html_is_not_written_for_a_replay_that_fails(tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    doc = json.loads((REPLAYS_DIR / "lucky_seven_win.json").read_text())
    doc["seed"] += 1
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(doc))
    assert main(["replay", str(bad), "--html", str(tmp_path / "bad.html")]) == 1
    assert "FAIL" in capsys.readouterr().out and not (tmp_path / "bad.html").exists()


def test_simulate_summarises(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "lucky_seven", "-n", "6", "--seed", "3", "--quiet", "--workers", "1",
                 "--bot", "random"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("The Lucky Seven, 1 player: 6 games, bots random\n") and "decisions per game" in out


@pytest.mark.parametrize(("key", "bot"), [("raxxon", "heuristic"), ("lucky_seven", "heuristic")])
def test_simulate_plays_the_heuristic_by_default_as_demo_and_play_do(
    key: str, bot: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    seen: list[list[str]] = []
    real = cli.simulate

    def spy(game: str, n: int, bots: list[str], **kwargs: Any) -> Any:
        seen.append(list(bots))
        return real(game, 1, ["random"], **{**kwargs, "workers": 1})

    monkeypatch.setattr(cli, "simulate", spy)
    assert main(["simulate", key, "-n", "1", "--quiet"]) == 0
    assert seen == [[bot]]
    capsys.readouterr()
    with pytest.raises(SystemExit):
        main(["simulate", "--help"])
    assert "default: heuristic where a game has one" in " ".join(capsys.readouterr().out.split())


def test_the_summary_names_the_game_its_players_and_roles_and_a_cooperative_rate_once() -> None:
    from wasteland.simulate import simulate

    raxxon = simulate("raxxon", 2, ["random"], seed=1, options={"players": 3}, workers=1)
    text = raxxon.format()
    assert text.startswith("Raxxon, 3 players: 2 games, bots random, random, random")
    assert "wins by seat" not in text, "a cooperative game's rate is the team's, said once"
    duel = simulate("lucky_seven", 2, ["random"], seed=1, options={"players": 2}, workers=1)
    assert duel.format().startswith("The Lucky Seven, 2 players (seat 0 the squad, seat 1 the threats): 2 games")
    assert "wins by seat: seat 0 (the squad)" in duel.format()


def test_simulate_rejects_bad_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "lucky_seven", "-n", "2", "--players", "9", "--quiet"]) == 2
    assert "players" in capsys.readouterr().err


def test_simulation_does_not_depend_on_the_number_of_processes() -> None:
    one = simulate("lucky_seven", 10, ["random"], seed=40, workers=1)
    two = simulate("lucky_seven", 10, ["random"], seed=40, workers=2)
    assert one == two


def test_bench_reports_decisions_per_second(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "lucky_seven", "--seconds", "0.2"]) == 0
    out = capsys.readouterr().out
    assert "decisions/s" in out and "moves + play_at" in out and "legal_actions + apply" in out
    assert "checked" in out and "the time of moves + play_at" in out


def test_parse_options_reads_ints_and_booleans() -> None:
    assert parse_options(["depot=true", "n=3", "variant=competitive"], 2) == {
        "depot": True, "n": 3, "variant": "competitive", "players": 2,
    }


def test_parse_options_reads_json_files(tmp_path: Path) -> None:
    path = tmp_path / "cards.json"
    path.write_text('{"threats": [1, 2]}')
    assert parse_options([f"cards=@{path}"], None) == {"cards": {"threats": [1, 2]}}
    with pytest.raises(UsageError, match="cannot read"):
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
    assert len(saved.moves) == 2
    assert saved.seed == 4

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


def test_play_takes_notation_too(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from wasteland import GAMES

    game = GAMES["lucky_seven"]
    state = game.new_game(4)
    first = game.notation(state, game.legal_actions(state)[0])
    answers = _typing([first.upper(), "nonsense", "q"])
    monkeypatch.setattr(builtins, "input", lambda prompt="": next(answers))
    assert main(["play", "lucky_seven", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert "'nonsense' is neither a number" in out
    assert f" {first} " in out, "each choice shows its notation beside its number"


def test_a_human_game_does_not_show_its_seed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Whoever knows the seed can work out every hidden card: it is kept in the save, not shown."""
    answers = _typing(["q"])
    monkeypatch.setattr(builtins, "input", lambda prompt="": next(answers))
    save = tmp_path / "game.json"
    assert main(["play", "arctic_scavengers", "--save", str(save)]) == 0
    out = capsys.readouterr().out
    seed = replay.load(save).seed
    assert "seed" not in out.split("\n")[0] and str(seed) not in out
    answers = _typing(["q"])
    monkeypatch.setattr(builtins, "input", lambda prompt="": next(answers))
    assert main(["play", "arctic_scavengers", "--seed", "12"]) == 0
    assert "seed 12" in capsys.readouterr().out, "a seed chosen openly is shown"


@pytest.mark.parametrize("answer", ["\u00b2", "9" * 5000, "-1", "1.5", "\x00"])
def test_play_survives_odd_typing(
    answer: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    answers = _typing([answer, "q"])
    monkeypatch.setattr(builtins, "input", lambda prompt="": next(answers))
    assert main(["play", "lucky_seven", "--seed", "1"]) == 0
    assert "is neither a number" in capsys.readouterr().out


def test_a_failed_save_says_so_and_the_game_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def broken(*args: object, **kwargs: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(replay, "save", broken)
    answers = _typing(["s", "1", "q"])
    monkeypatch.setattr(builtins, "input", lambda prompt="": next(answers))
    assert main(["play", "lucky_seven", "--seed", "2", "--save", str(tmp_path / "game.json")]) == 0
    out = capsys.readouterr().out
    assert "Could not save to" in out and "No space left on device. The game goes on." in out
    assert out.count("Seat 0, choose:") == 2, "the game went on after the failed save"


def _one_line_error(argv: list[str], code: int, capsys: pytest.CaptureFixture[str]) -> str:
    assert main(argv) == code
    err = capsys.readouterr().err.strip()
    assert err.startswith("wasteland: ") and "\n" not in err and "Traceback" not in err, err
    assert not err.removeprefix("wasteland: ").startswith("wasteland"), f"the prefix is doubled: {err}"
    return err


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (["bench", "lucky_seven", "--players", "3"], "played by 1, 2 players"),
        (["bench", "--seconds", "nan"], "seconds"),
        (["bench", "--seconds", "inf"], "seconds"),
        (["bench", "--seconds", "-1"], "seconds"),
        (["simulate", "lucky_seven", "-n", "-5"], "at least 1"),
        (["simulate", "lucky_seven", "-n", "0"], "at least 1"),
        (["simulate", "lucky_seven", "--workers", "0"], "at least 1"),
        (["simulate", "lucky_seven", "--seed", "9" * 5000], "seed"),
        (["simulate", "lucky_seven", "--option", "depot=maybe", "--quiet"], "depot"),
        (["simulate", "lucky_seven", "--option", "nonsense", "--quiet"], "NAME=VALUE"),
        (["play", "--resume", "."], "is a directory"),
        (["play", "--resume", "/no/such/file.json"], "cannot resume"),
        (["play", "lucky_seven", "--save", "."], "is a directory"),
        (["play", "lucky_seven", "--save", "/dev/null/game.json"], "'null' on that path is not a folder"),
        (["play", "lucky_seven", "--players", "5"], "players"),
        (["play"], "name a game"),
        (["nonsense"], "invalid choice"),
        (["simulate"], "required"),
        ([], "required: command"),
        (["bench", "nope"], "invalid choice: 'nope' (choose from 'lucky_seven', 'arctic_scavengers', 'raxxon'"),
        (["simulate", "lucky_seven", "--bot", "ismcts:x"], "cannot read 'x'"),
        (["tournament", "lucky_seven", "--bots", "random,,random"], "separated by commas"),
    ],
)
def test_bad_invocations_are_one_line_and_exit_2(
    argv: list[str], fragment: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert fragment in _one_line_error(argv, 2, capsys)


def test_a_failed_check_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("not json")
    assert main(["replay", str(bad)]) == 1
    assert "FAIL" in capsys.readouterr().out


def test_sigterm_stops_simulate_and_its_workers(tmp_path: Path) -> None:
    """SIGTERM (what `timeout`, CI and container stops send) ends the command and every worker."""
    with _simulating(stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) as (done, children):
        done.send_signal(signal.SIGTERM)
        _, err = done.communicate(timeout=60)
        assert done.returncode == 130 and err.splitlines()[-1] == "wasteland: interrupted", err
        assert _gone(children), "no worker outlives the command"


def test_workers_of_a_killed_simulate_exit_by_themselves() -> None:
    """Even SIGKILL, which nobody can handle: the orphaned workers notice and exit."""
    with _simulating(stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL) as (done, children):
        os.kill(done.pid, signal.SIGKILL)
        done.wait(timeout=60)
        assert _gone(children), "orphaned workers exit within seconds"


@contextlib.contextmanager
def _simulating(**streams: Any) -> Iterator[tuple[subprocess.Popen[Any], list[int]]]:
    """A long ``simulate`` with two workers, once both have started (waited for, not slept on:
    a busy machine starts them late), and its whole process group ended whatever the test
    asserts, so a failing test leaves no simulation running."""
    done = subprocess.Popen(
        [sys.executable, "-m", "wasteland", "simulate", "lucky_seven", "-n", "5000", "--bot", "heuristic",
         "--workers", "2", "--quiet"],
        start_new_session=True, **streams,
    )
    try:
        deadline = time.time() + 120
        children = _children(done.pid)
        while len(children) < 2 and time.time() < deadline and done.poll() is None:
            time.sleep(0.2)
            children = _children(done.pid)
        assert len(children) >= 2, "the workers started"
        yield done, children
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(done.pid, signal.SIGKILL)
        done.wait(timeout=60)


def _gone(pids: list[int], seconds: float = 20) -> bool:
    """Whether every process of ``pids`` has exited within ``seconds``."""
    deadline = time.time() + seconds
    while time.time() < deadline and any(_alive(pid) for pid in pids):
        time.sleep(0.2)
    return not any(_alive(pid) for pid in pids)


def _children(pid: int) -> list[int]:
    out = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                out.append(int(entry.name))
    return out


def _alive(pid: int) -> bool:
    try:
        state = (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def test_a_card_set_file_of_a_hundred_thousand_brackets_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000)
    err = _one_line_error(["simulate", "lucky_seven", "-n", "1", "--option", f"cards=@{deep}", "--quiet"], 2, capsys)
    assert "nests too deeply" in err
    nested = tmp_path / "nested.json"
    nested.write_text('{"threats": ' + "[" * 20 + "]" * 20 + "}")
    err = _one_line_error(["simulate", "lucky_seven", "-n", "1", "--option", f"cards=@{nested}", "--quiet"], 2, capsys)
    assert "cards.threats" in err


# -- the terminal: colour, frames, tables and progress bars ------------------------------------------


def test_play_writes_no_escape_codes_when_not_a_terminal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("FORCE_COLOR", "1")  # even when the environment asks for colour
    answers = _typing(["1", "q"])
    monkeypatch.setattr(builtins, "input", lambda prompt="": next(answers))
    assert main(["play", "lucky_seven", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out
    assert "The Lucky Seven - turn 1" in out and "what it does" in out, "the table and the list of actions"
    framed = [line for line in out.splitlines() if line[:1] in "╭│╰"]
    assert framed and all(len(line) <= cli.PLAIN_WIDTH for line in framed), "a fixed width off a terminal"
    assert not any(line.endswith(" ") for line in out.splitlines() if line != ">"), "no padding at line ends"


def test_play_on_a_terminal_colours_the_board_with_the_game_s_highlights(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(cli, "_isatty", lambda stream: True)
    monkeypatch.setenv("COLUMNS", "100")
    answers = _typing(["q"])
    monkeypatch.setattr(builtins, "input", lambda prompt="": next(answers))
    assert main(["play", "lucky_seven", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert "\x1b[1;31mINF1\x1b[0m" in out, "a threat in the game's threat colour"
    assert "Seat 0, choose:" in out


def test_a_game_without_highlights_is_drawn_uncoloured(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    render = importlib.import_module("wasteland.lucky_seven.render")

    monkeypatch.delattr(render, "HIGHLIGHTS")
    monkeypatch.setattr(cli, "_isatty", lambda stream: True)
    answers = _typing(["1", "q"])
    monkeypatch.setattr(builtins, "input", lambda prompt="": next(answers))
    assert main(["play", "lucky_seven", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert "INF1" in out and "\x1b[1;31mINF1" not in out


def test_a_highlight_that_does_not_compile_is_left_out(monkeypatch: pytest.MonkeyPatch) -> None:
    from wasteland import GAMES
    render = importlib.import_module("wasteland.lucky_seven.render")

    monkeypatch.setattr(render, "HIGHLIGHTS", (("(", "red"), ("INF", "no such style"), ("LDR", "bold"), ("x",)))
    kept = cli._highlights(GAMES["lucky_seven"])
    assert [pattern.pattern for pattern, _ in kept] == ["LDR"]


def test_a_long_line_of_the_board_folds_under_its_own_indent() -> None:
    text = "short\n    hand: " + "; ".join(f"Refugee#{i} (1p, dig 0, hunt 0)" for i in range(6))
    lines = cli._fold(text, 60).splitlines()
    assert lines[0] == "short" and len(lines) > 2
    assert all(len(line) <= 60 for line in lines)
    assert all(line.startswith("        ") for line in lines[2:])


def test_progress_prints_nothing_when_standard_error_is_not_a_terminal(
    capsys: pytest.CaptureFixture[str]
) -> None:
    with cli.ProgressBar("lucky_seven") as bar:
        for done in range(1, 4):
            bar(done, 3)
    assert capsys.readouterr().err == ""
    assert main(["simulate", "lucky_seven", "-n", "3", "--workers", "1", "--bot", "random"]) == 0
    assert capsys.readouterr().err == ""


def test_progress_on_a_terminal_shows_games_done_and_a_rate() -> None:
    screen = io.StringIO()
    console = Console(file=screen, force_terminal=True, width=100)
    with cli.ProgressBar("lucky_seven", console=console) as bar:
        for done in range(1, 4):
            time.sleep(0.01)
            bar(done, 3)
    drawn = screen.getvalue()
    assert "lucky_seven" in drawn and "3/3" in drawn
    assert re.search(r"\d+(\.\d+)? games/s", drawn), drawn
    assert "took 0:00:00" in drawn


def test_quiet_progress_on_a_terminal_prints_nothing() -> None:
    screen = io.StringIO()
    with cli.ProgressBar("lucky_seven", quiet=True, console=Console(file=screen, force_terminal=True)) as bar:
        bar(1, 1)
    assert screen.getvalue() == ""


def test_simulate_hands_the_progress_bar_to_the_run(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[object] = []

    def fake(*args: object, progress: object = None, **kwargs: object) -> object:
        seen.append(progress)
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "simulate", fake)
    assert main(["simulate", "lucky_seven", "-n", "3"]) == cli.EXIT_INTERRUPTED
    assert isinstance(seen[0], cli.ProgressBar)


# -- --plot --------------------------------------------------------------------------------------------


def _no_run(*args: object, **kwargs: object) -> None:
    raise AssertionError("the run started before --plot was checked")


@pytest.mark.parametrize("command", [["simulate", "lucky_seven"], ["tournament", "lucky_seven", "--bots", "random"]])
@pytest.mark.parametrize(
    ("plot", "fragment"),
    [
        ("/no/such/folder/out.png", "does not exist"),
        (".", "is a directory"),
        ("out.jpg", ".png, .svg or .pdf"),
    ],
)
def test_plot_usage_errors_are_one_line_before_the_run(
    command: list[str], plot: str, fragment: str, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setattr(cli, "simulate", _no_run)
    monkeypatch.setattr(cli, "tournament", _no_run)
    assert fragment in _one_line_error([*command, "--plot", plot], 2, capsys)


@pytest.mark.parametrize("command", [["simulate", "lucky_seven"], ["tournament", "lucky_seven", "--bots", "random"]])
def test_plot_without_matplotlib_says_how_to_install_it(
    command: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    real = importlib.util.find_spec

    def find_spec(name: str, package: str | None = None) -> object:
        return None if name.split(".")[0] == "matplotlib" else real(name, package)

    monkeypatch.setattr(importlib.util, "find_spec", find_spec)
    monkeypatch.setattr(cli, "simulate", _no_run)
    monkeypatch.setattr(cli, "tournament", _no_run)
    err = _one_line_error([*command, "--plot", str(tmp_path / "out.png")], 2, capsys)
    assert err == ("""wasteland: --plot needs matplotlib: pip install 'wasteland[plot]' """
                   """(in a checkout of the source: pip install -e ".[plot]")""")


def test_simulate_plot_draws_the_summary_and_names_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import wasteland.plot

    drawn: list[tuple[object, object]] = []
    monkeypatch.setattr(wasteland.plot, "plot_summary", lambda summary, path: drawn.append((summary, path)))
    target = tmp_path / "out.png"
    assert main(["simulate", "lucky_seven", "-n", "2", "--workers", "1", "--plot", str(target)]) == 0
    out = capsys.readouterr().out
    assert out.rstrip().endswith(f"plot: {target}")
    assert drawn and drawn[0][1] == target and drawn[0][0].games == 2  # type: ignore[attr-defined]


def test_tournament_plot_that_cannot_be_written_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import wasteland.plot

    def refuse(result: object, path: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(wasteland.plot, "plot_tournament", refuse)
    argv = ["tournament", "lucky_seven", "--bots", "random,random", "-n", "2", "--workers", "1",
            "--plot", str(tmp_path / "out.svg")]
    assert "Permission denied" in _one_line_error(argv, 2, capsys)


def test_a_reader_that_goes_away_ends_the_command_quietly() -> None:
    """``wasteland replay --steps ... | head``: no traceback when the pipe closes."""
    done = subprocess.Popen([sys.executable, "-m", "wasteland", "replay", "--steps", *map(str, REPLAYS)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert done.stdout is not None and done.stderr is not None
    assert done.stdout.readline()
    done.stdout.close()
    err = done.stderr.read().decode()
    assert done.wait(timeout=60) == cli.EXIT_PIPE_CLOSED
    assert err == ""


# -- help, usage errors, bot names, workers ------------------------------------------------------------


def _subcommands() -> dict[str, argparse.ArgumentParser]:
    """Every subcommand of the parser, found in the parser itself."""
    found = [a for a in cli.build_parser()._actions if isinstance(a, argparse._SubParsersAction)]
    assert len(found) == 1
    return dict(found[0].choices)


def test_the_subcommands_are_found_in_the_parser() -> None:
    assert {"games", "demo", "play", "replay", "simulate", "tournament", "bench"} <= set(_subcommands())


@pytest.mark.parametrize("flag", ["--help", "-h"])
@pytest.mark.parametrize("command", [None, *_subcommands()])
def test_help_works_for_the_command_and_every_subcommand(
    command: str | None, flag: str, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = [flag] if command is None else [command, flag]
    with pytest.raises(SystemExit) as done:
        main(argv)
    assert done.value.code == 0
    out = capsys.readouterr().out
    prog = "wasteland" if command is None else f"wasteland {command}"
    assert out.startswith(f"usage: {prog} "), out
    parser = cli.build_parser() if command is None else _subcommands()[command]
    for action in parser._actions:
        for option in action.option_strings:
            assert option in out, (option, out)
        if action.help not in (None, argparse.SUPPRESS):
            words = " ".join(str(action.help).split())
            assert words[:30] in " ".join(out.split()), (words, out)


def test_help_prints_a_percent_sign_as_written(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    assert "95% intervals" in " ".join(capsys.readouterr().out.split())


def test_help_runs_as_a_program() -> None:
    done = subprocess.run([sys.executable, "-m", "wasteland", "--help"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    for command in _subcommands():
        assert command in done.stdout


def test_the_description_names_the_games_there_are() -> None:
    from wasteland.registry import GAMES

    text = cli.build_parser().format_help()
    assert "five" not in text
    for game in GAMES.values():
        assert game.title in " ".join(text.split())


#: The bot names of docs/agents.md, one of each kind.
BOT_EXAMPLES = ["ismcts:50:heuristic:w0.5", "ismcts:20", "flat:50", "heuristic", "random"]


class _Recorded:
    """What a command handed to the run, without running it."""

    def __init__(self) -> None:
        self.calls: list[tuple[tuple[object, ...], dict[str, object]]] = []

    def __call__(self, *args: object, **kwargs: object) -> _Recorded:
        self.calls.append((args, kwargs))
        return self

    #: What the demo reads of a summary for its rows (one game, compared with the rows before).
    games, players, team_wins, reasons, codes, lengths = 1, 1, 0, {}, {}, ()

    def format(self) -> str:
        return "recorded"

    def table(self) -> str:
        return "recorded"


@pytest.mark.parametrize("name", BOT_EXAMPLES)
def test_every_command_takes_the_same_bot_names(
    name: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    runs = _Recorded()
    monkeypatch.setattr(cli, "simulate", runs)
    monkeypatch.setattr(cli, "tournament", runs)
    assert main(["simulate", "lucky_seven", "-n", "2", "--bot", name, "--quiet"]) == 0
    assert runs.calls[-1][0][2] == [name]
    assert main(["tournament", "lucky_seven", "--bots", f"{name},random", "-n", "2", "--quiet"]) == 0
    assert runs.calls[-1][0][1] == [name, "random"]
    assert main(["demo", "-n", "1", "--bot", name, "--quiet"]) == 0
    from wasteland.registry import GAMES

    demo = runs.calls[2:]
    assert len(demo) == sum(len(game.player_counts) for game in GAMES.values())
    # every game plays the named bot; a game without a heuristic bot (the example game) plays random
    assert all(args[2] == [name] or (args[0] == "salvage" and args[2] == ["random"]) for args, _ in demo)
    assert any(args[2] == [name] for args, _ in demo)
    made: list[str] = []
    real = cli.make_bot

    def make_bot(bot: str, key: str, seed: int = 0, players: int | None = None) -> object:
        made.append(bot)
        return real("random", key, seed, players)  # the name is what is checked here, not how the bot plays

    monkeypatch.setattr(cli, "make_bot", make_bot)
    monkeypatch.setattr(builtins, "input", lambda prompt="": "q")
    assert main(["play", "lucky_seven", "--players", "2", "--seed", "1", "--bot", name]) == 0
    assert made == [name]


@pytest.mark.parametrize("name", ["ismcts:x", "nonsense", "heuristic:3", "flat:1s:2s"])
def test_every_command_refuses_a_bad_bot_name_in_the_same_words(
    name: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(cli, "simulate", _no_run)
    monkeypatch.setattr(cli, "tournament", _no_run)
    said = set()
    for argv in (["simulate", "lucky_seven", "--bot", name], ["tournament", "lucky_seven", "--bots", f"random,{name}"],
                 ["demo", "--bot", name], ["play", "lucky_seven", "--bot", name]):
        err = _one_line_error(argv, 2, capsys)
        said.add(re.sub(r"^wasteland: \w+: argument --bots?: | \(see wasteland \w+ --help\)$", "", err))
    assert len(said) == 1, said


def test_a_heuristic_bot_is_checked_for_the_game(monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    import wasteland.agents

    def no_heuristic(key: str) -> None:
        raise ValueError(f"no heuristic bot for {key}; try 'random'")

    monkeypatch.setattr(wasteland.agents, "_heuristic_module", no_heuristic)
    monkeypatch.setattr(cli, "simulate", _no_run)
    monkeypatch.setattr(cli, "tournament", _no_run)
    said = "wasteland: no heuristic bot for lucky_seven; try 'random'"
    assert _one_line_error(["simulate", "lucky_seven", "--bot", "ismcts:9:heuristic"], 2, capsys) == said
    assert _one_line_error(["tournament", "lucky_seven", "--bots", "random,heuristic"], 2, capsys) == said
    assert _one_line_error(["play", "lucky_seven", "--seed", "1", "--bot", "heuristic"], 2, capsys) == said


@pytest.mark.parametrize("command", [["simulate", "lucky_seven", "-n", "160"],
                                     ["tournament", "lucky_seven", "--bots", "random", "-n", "160"]])
def test_workers_are_capped_by_the_machine_and_it_is_said(
    command: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    runs = _Recorded()
    monkeypatch.setattr(cli, "simulate", runs)
    monkeypatch.setattr(cli, "tournament", runs)
    monkeypatch.setattr(cli, "machine_cores", lambda: 3)
    assert main([*command, "--workers", "160", "--quiet"]) == 0
    assert runs.calls[-1][1]["workers"] == 3
    err = capsys.readouterr().err
    assert err == "wasteland: --workers 160 is more than the 3 cores this machine gives; using 3\n"
    assert main([*command, "--workers", "3", "--quiet"]) == 0
    assert runs.calls[-1][1]["workers"] == 3 and capsys.readouterr().err == ""
    assert main([*command, "--quiet"]) == 0
    assert runs.calls[-1][1]["workers"] is None and capsys.readouterr().err == ""


def test_the_workers_of_a_cluster_are_not_capped(monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    runs = _Recorded()
    monkeypatch.setattr(cli, "simulate", runs)
    monkeypatch.setattr(cli, "machine_cores", lambda: 2)
    argv = ["simulate", "lucky_seven", "--workers", "64", "--backend", "ray", "--address", "auto", "--quiet"]
    assert main(argv) == 0
    assert runs.calls[-1][1]["workers"] == 64 and capsys.readouterr().err == ""


def test_the_machine_s_cores_are_those_this_process_may_use(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0}, raising=False)
    monkeypatch.setattr(os, "cpu_count", lambda: 64)
    assert cli.machine_cores() == 1
    monkeypatch.delattr(os, "sched_getaffinity", raising=False)
    assert cli.machine_cores() == 64


def test_simulate_with_160_workers_starts_no_more_processes_than_cores(tmp_path: Path) -> None:
    """The real command: the note is one line, and the run finishes (160 processes would not fit).
    Random bots: what is tested is how many processes start, not how the bots play."""
    done = subprocess.run(
        [sys.executable, "-m", "wasteland", "simulate", "lucky_seven", "-n", "16", "--bot", "random",
         "--workers", "160", "--quiet"],
        capture_output=True, text=True, timeout=120,
    )
    assert done.returncode == 0, done.stderr
    cores = cli.machine_cores()
    if cores < 160:
        said = f"wasteland: --workers 160 is more than the {cores} cores this machine gives; using {cores}\n"
        assert done.stderr == said
    assert "16 games" in done.stdout


def test_a_bug_of_the_library_s_own_is_one_line_and_exit_70(monkeypatch: pytest.MonkeyPatch,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    """An exception nobody expected (a bot's bug inside a worker, say) ends the command with one
    line, not a traceback; WASTELAND_DEBUG=1 shows the traceback."""
    def broken(*args: object, **kwargs: object) -> object:
        raise RuntimeError("a bot chose from no actions")

    monkeypatch.setattr(cli, "simulate", broken)
    monkeypatch.delenv(cli.DEBUG_VARIABLE, raising=False)
    assert main(["demo", "-n", "1", "--quiet"]) == cli.EXIT_INTERNAL
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("wasteland: internal error (RuntimeError: a bot chose")
    monkeypatch.setenv(cli.DEBUG_VARIABLE, "1")
    with pytest.raises(RuntimeError, match="no actions"):
        main(["demo", "-n", "1", "--quiet"])


def test_the_demo_piped_says_times_names_tables_and_does_not_repeat_a_table(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Aftermath at one and two players fields the same two characters and deals the same
    cards: the second row says so instead of repeating the first; a cooperative game's rate is
    said once, not once per seat; every row says how long it took, piped too (the README)."""
    monkeypatch.setattr(cli, "GAME_KEYS", ("aftermath",))
    assert main(["demo", "-n", "2", "--quiet"]) == 0
    out = capsys.readouterr().out
    rows = out.split("\n\n")[1:]
    assert rows[0].startswith("Aftermath, 1 player: 2 games, bots heuristic\n")
    assert rows[1].startswith("Aftermath, 2 players: the same 2 games as with 1 player (the same table")
    assert rows[2].startswith("Aftermath, 3 players: 2 games, bots heuristic, heuristic, heuristic\n")
    assert "wins by seat" not in out
    assert all(re.search(r"^  time: \d+\.\d s \(\d+\.\d\d s a game\)$", row, re.M) for row in rows if row.strip())


@pytest.mark.parametrize("command", [
    ["simulate", "raxxon", "-n", "3", "--bot", "random", "--players", "2"],
    ["tournament", "arctic_scavengers", "--bots", "random,heuristic", "-n", "2"],
])
def test_save_games_writes_every_game_as_a_replay_and_csv_a_row_a_game(
    command: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import csv

    folder, table = tmp_path / "new" / "games", tmp_path / "rows" / "games.csv"
    assert main([*command, "--quiet", "--workers", "1", "--save-games", str(folder), "--csv", str(table)]) == 0
    out = capsys.readouterr().out
    files = sorted(folder.glob("*.json"))
    rows = list(csv.DictReader(table.read_text(encoding="utf-8").splitlines()))
    assert len(files) == len(rows) >= 2 and f"csv: {table} ({len(rows)} rows)" in out
    assert list(rows[0]) == list(cli.CSV_COLUMNS)
    for path, row in zip(files, rows):
        saved = replay.load(path)
        final = replay.verify(saved)  # the outcome the batch saw, expected and found again
        outcome = GAMES[saved.game].outcome(final)
        assert outcome is not None and saved.seed == int(row["seed"])
        assert row["winners"] == ";".join(map(str, sorted(outcome.winners))) and row["reason"] == outcome.reason
        assert int(row["length"]) == len(saved.moves) and int(row["seats"]) == len(row["bots"].split(";"))
    assert main(["replay", *map(str, files)]) == 0


def test_save_games_and_csv_refuse_what_they_cannot_write_before_the_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    afile = tmp_path / "a.txt"
    afile.write_text("mine", encoding="utf-8")
    assert main(["simulate", "raxxon", "-n", "2", "--save-games", str(afile)]) == 2
    assert "is not a folder" in capsys.readouterr().err
    assert main(["simulate", "raxxon", "-n", "2", "--csv", str(tmp_path)]) == 2
    assert "is a directory" in capsys.readouterr().err
    assert main(["tournament", "raxxon", "--bots", "random", "-n", "2", "--csv", "-"]) == 2
    assert afile.read_text(encoding="utf-8") == "mine"
