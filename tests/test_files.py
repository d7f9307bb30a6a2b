"""The library's one bounded reader and one atomic writer (``wasteland.core.files``), and every
file it reads or writes: a FIFO never hangs a reader, every target is checked before a game
starts, a failed write leaves the old file, and what is written can be read back."""

from __future__ import annotations

import builtins
import itertools
import os
import re
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from wasteland import replay as replays
from wasteland.aftermath.dashboard import load_campaign, save_campaign
from wasteland.aftermath.campaign import new_campaign
from wasteland.cli import main
from wasteland.core import files
from wasteland.core.game import ConfigError

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "replays"
WIN = EXAMPLES / "lucky_seven_win.json"


def _answers(monkeypatch: pytest.MonkeyPatch, *typed: str) -> None:
    answers = itertools.chain(typed, itertools.repeat("1"))
    monkeypatch.setattr(builtins, "input", lambda prompt="": next(answers))


def _within(seconds: float, run: Any) -> Any:
    """``run()``'s result; fails when it takes longer than ``seconds`` (a blocked reader)."""
    out: list[Any] = []
    worker = threading.Thread(target=lambda: out.append(run()), daemon=True)
    worker.start()
    worker.join(seconds)
    assert not worker.is_alive(), "still waiting"
    return out[0]


# -- one atomic writer ----------------------------------------------------------------------------

def test_a_campaign_save_that_fails_part_way_leaves_the_old_campaign(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "campaign.json"
    old = new_campaign()
    save_campaign(old, path)
    before = path.read_bytes()

    def full_disk(descriptor: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full_disk)
    with pytest.raises(OSError, match="No space left"):
        save_campaign(new_campaign(infinite=True), path)
    monkeypatch.undo()
    assert path.read_bytes() == before and load_campaign(path) == old
    assert sorted(p.name for p in tmp_path.iterdir()) == ["campaign.json"]  # no temporary left


def test_every_writer_of_the_library_goes_through_the_one_atomic_writer() -> None:
    """No module writes a file any other way (``open(..., "w")``, ``write_text``, ``write_bytes``)."""
    source = Path(files.__file__).resolve().parent.parent
    writing = re.compile(r"""write_text\(|write_bytes\(|open\([^)]*["'][wax]b?\+?["']|savefig\((?!drawn)""")
    for module in source.rglob("*.py"):
        found = writing.search(module.read_text(encoding="utf-8"))
        assert found is None or module.name == "files.py", (module, found)
    assert replays.write_atomic is files.write_atomic and replays.writable is files.writable


# -- targets checked before a game starts ---------------------------------------------------------

@pytest.mark.parametrize("make", ["fifo", "dangling", "folder", "svg_fifo", "default_save_link"])
def test_a_campaign_target_that_is_not_a_plain_file_is_refused_before_the_first_move(
        make: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "campaign.json"
    if make == "fifo":
        os.mkfifo(path)
    elif make == "dangling":
        path.symlink_to(tmp_path / "nowhere.json")
    elif make == "folder":
        path = tmp_path / "missing" / "campaign.json"
    elif make == "svg_fifo":
        os.mkfifo(tmp_path / "campaign.json.svg")
    else:  # where q saves a campaign's mission when no --save is given
        monkeypatch.chdir(tmp_path)
        (tmp_path / "wasteland-save.json").symlink_to(tmp_path / "nowhere.json")
    monkeypatch.setattr(builtins, "input", lambda prompt="": pytest.fail("a move was asked for"))
    assert _within(10, lambda: main(["play", "aftermath", "--campaign", str(path)])) == 2
    err = capsys.readouterr().err
    assert err.startswith("wasteland: --campaign") and err.count("\n") == 1, err
    assert not (tmp_path / "nowhere.json").exists()


# -- one bounded reader ---------------------------------------------------------------------------

@pytest.mark.parametrize("argv", [
    ["book", "check", "{fifo}"],
    ["book", "check", "--cards", "{fifo}"],
    ["play", "aftermath", "--option", "book=@{fifo}"],
    ["play", "aftermath", "--option", "cards=@{fifo}"],
    ["replay", "{fifo}"],
    ["play", "--resume", "{fifo}"],
    ["play", "aftermath", "--campaign", "{fifo}"],
])
def test_every_file_reader_refuses_a_fifo_at_once_in_one_line(argv: list[str], tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    code = _within(10, lambda: main([a.replace("{fifo}", str(fifo)) for a in argv]))
    assert code in (1, 2)
    said = capsys.readouterr()
    line = (said.err or said.out).strip().splitlines()[-1]
    assert "FIFO" in line, line


def test_the_bounded_reader_refuses_what_is_not_a_regular_file(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    start = time.monotonic()
    for path, kind in ((fifo, "a FIFO"), (Path("/dev/zero"), "a character device"), (tmp_path, "a directory")):
        with pytest.raises(ConfigError, match=f"is {kind}, not a regular file"):
            files.read_file(path)
    assert time.monotonic() - start < 1.0
