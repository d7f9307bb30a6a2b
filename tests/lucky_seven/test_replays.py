"""Every Lucky Seven replay in examples/replays plays to its recorded end."""

from __future__ import annotations

from pathlib import Path

import pytest

from wasteland.replay import load, verify

REPLAYS = sorted((Path(__file__).resolve().parents[2] / "examples" / "replays").glob("lucky_seven_*.json"))


def test_the_three_endings_are_recorded() -> None:
    names = {p.stem for p in REPLAYS}
    assert {"lucky_seven_win", "lucky_seven_eliminated", "lucky_seven_threats_left"} <= names


@pytest.mark.parametrize("path", REPLAYS, ids=[p.stem for p in REPLAYS])
def test_replay_verifies(path: Path) -> None:
    replay = load(path)
    verify(replay)
    if path.stem == "lucky_seven_win":
        assert replay.expect_outcome is not None and replay.expect_outcome.winners == frozenset({0})
    if path.stem == "lucky_seven_eliminated":
        assert replay.expect_outcome is not None and "eliminated" in replay.expect_outcome.reason
    if path.stem == "lucky_seven_threats_left":
        assert replay.expect_outcome is not None and "threats were left" in replay.expect_outcome.reason
