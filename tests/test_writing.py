"""Every file the project writes (a replay, a saved game, the replay page, a plot): only a regular
file is replaced, ``-`` is standard output, and two writers never tear a file."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from wasteland import replay as replays
from wasteland import viewer
from wasteland.cli import main

REPLAYS = Path(__file__).resolve().parent.parent / "examples" / "replays"
WIN = REPLAYS / "lucky_seven_win.json"
LONG = "x" * 5000


def _one_error_line(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err, err
    return err


# -- what is at the path ------------------------------------------------------------------------

def test_a_fifo_is_refused_and_left_a_fifo(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    with pytest.raises(replays.WriteRefused, match="is a FIFO, not a regular file"):
        replays.save(replays.load(WIN), fifo)
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pipe.json"]  # no temporary file left


def test_a_symlink_is_refused_and_neither_it_nor_its_file_changes(tmp_path: Path) -> None:
    real = tmp_path / "real.html"
    real.write_text("the old page", encoding="utf-8")
    link = tmp_path / "link.html"
    link.symlink_to(real)
    with pytest.raises(replays.WriteRefused, match="symbolic link"):
        viewer.write(replays.load(WIN), link)
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert real.read_text(encoding="utf-8") == "the old page"
    dangling = tmp_path / "dangling.json"
    dangling.symlink_to(tmp_path / "nowhere.json")
    with pytest.raises(replays.WriteRefused, match="symbolic link"):
        replays.write_atomic(dangling, "{}")
    assert dangling.is_symlink() and not (tmp_path / "nowhere.json").exists()


def test_a_directory_and_a_missing_folder_are_refused(tmp_path: Path) -> None:
    with pytest.raises(replays.WriteRefused, match="is a directory"):
        replays.write_atomic(tmp_path, "x")
    with pytest.raises(replays.WriteRefused, match="does not exist"):
        replays.write_atomic(tmp_path / "no" / "file.json", "x")
    with pytest.raises(replays.WriteError, match="File name too long"):
        replays.write_atomic(tmp_path / LONG, "x")


def test_the_cli_refuses_a_fifo_or_a_symlink_before_it_plays(tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    fifo = tmp_path / "page.html"
    os.mkfifo(fifo)
    link = tmp_path / "save.json"
    link.symlink_to(tmp_path / "elsewhere.json")
    assert main(["replay", str(WIN), "--html", str(fifo)]) == 2
    assert "--html" in _one_error_line(capsys)
    assert main(["play", "lucky_seven", "--save", str(link)]) == 2
    assert "symbolic link" in _one_error_line(capsys)
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode) and link.is_symlink()


def test_a_regular_file_is_replaced_and_keeps_its_mode(tmp_path: Path) -> None:
    target = tmp_path / "game.json"
    target.write_text("old", encoding="utf-8")
    target.chmod(0o600)
    replays.save(replays.load(WIN), target)
    assert replays.load(target) == replays.load(WIN)
    assert stat.S_IMODE(target.stat().st_mode) == 0o600
    replays.write_atomic(tmp_path / "new.bin", b"\x00\x01")
    assert (tmp_path / "new.bin").read_bytes() == b"\x00\x01"
    assert stat.S_IMODE((tmp_path / "new.bin").stat().st_mode) == 0o644


def test_a_failed_write_leaves_the_old_file_and_no_temporary(tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "game.json"
    target.write_text("the last good save", encoding="utf-8")

    def broken(source: object, destination: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken)
    with pytest.raises(OSError, match="No space"):
        replays.write_atomic(target, "a new save")
    assert target.read_text(encoding="utf-8") == "the last good save"
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


# -- standard output ----------------------------------------------------------------------------

def test_dash_is_standard_output(capsys: pytest.CaptureFixture[str]) -> None:
    replay = replays.load(WIN)
    assert replays.write_atomic("-", "text\n") == Path("-")
    assert capsys.readouterr().out == "text\n"
    replays.save(replay, "-")
    assert replays.from_json(capsys.readouterr().out) == replay
    assert not Path("-").exists()


def test_replay_html_dash_writes_the_page_to_standard_output_and_the_report_to_standard_error(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(WIN), "--html", "-"]) == 0
    captured = capsys.readouterr()
    assert captured.out.startswith("<!DOCTYPE html>") and captured.out.rstrip().endswith("</html>")
    assert captured.out == viewer.page(replays.load(WIN))
    assert captured.err.startswith("ok ")
    assert main(["replay", str(WIN), str(WIN), "--html", "-"]) == 2
    assert "one replay" in _one_error_line(capsys)


# -- paths the system refuses -------------------------------------------------------------------

@pytest.mark.parametrize("argv", [
    ["replay", str(WIN), "--html", LONG],
    ["replay", str(WIN), "--html", LONG + ".html"],
    ["play", "lucky_seven", "--save", LONG],
    ["simulate", "lucky_seven", "-n", "1", "--quiet", "--plot", LONG + ".png"],
])
def test_a_5000_character_path_is_one_line_and_exit_1(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    if "--plot" in argv:
        pytest.importorskip("matplotlib")
    assert main(argv) == 1
    err = _one_error_line(capsys)
    assert "File name too long" in err and len(err) < 300


# -- two writers at once ------------------------------------------------------------------------

_WRITER = """
import sys
from wasteland.replay import write_atomic
path, letter, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
for _ in range(count):
    write_atomic(path, letter * 200_000)
"""


def test_two_processes_writing_one_path_never_leave_a_torn_file(tmp_path: Path) -> None:
    target = tmp_path / "page.html"
    target.write_text("A" * 200_000, encoding="utf-8")
    writers = [subprocess.Popen([sys.executable, "-c", _WRITER, str(target), letter, "250"],
                                stderr=subprocess.PIPE) for letter in "AB"]
    reads = 0
    deadline = time.monotonic() + 120
    while any(w.poll() is None for w in writers) and time.monotonic() < deadline:
        text = target.read_text(encoding="utf-8")
        assert text in ("A" * 200_000, "B" * 200_000), f"a torn file of {len(text)} characters"
        reads += 1
    errors = [w.communicate(timeout=60)[1].decode() for w in writers]
    assert [w.returncode for w in writers] == [0, 0], errors
    assert reads > 0
    assert [p.name for p in tmp_path.iterdir()] == ["page.html"]


def test_the_saved_game_of_play_dash_goes_to_standard_output(monkeypatch: pytest.MonkeyPatch,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.stdin", __import__("io").StringIO("s\nq\n"))
    assert main(["play", "lucky_seven", "--seed", "4", "--save", "-"]) == 0
    out = capsys.readouterr().out
    saved = out[out.index('{\n "format"'):]
    saved = saved[:saved.index("\n}\n") + 3]
    assert json.loads(saved)["game"] == "lucky_seven"
    assert "Saved to standard output" in out


def test_a_plot_replaces_only_a_regular_file(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    from wasteland.plot import plot_summary
    from wasteland.simulate import simulate

    summary = simulate("lucky_seven", 1, ["random"], seed=1)
    fifo = tmp_path / "runs.png"
    os.mkfifo(fifo)
    with pytest.raises(replays.WriteRefused, match="FIFO"):
        plot_summary(summary, fifo)
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    plot_summary(summary, tmp_path / "runs.svg")
    assert (tmp_path / "runs.svg").read_text(encoding="utf-8").lstrip().startswith("<?xml")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["runs.png", "runs.svg"]
