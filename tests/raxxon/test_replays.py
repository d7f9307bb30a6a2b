"""Every Raxxon replay in examples/replays plays to its recorded end; the three endings are there."""

from __future__ import annotations

from pathlib import Path

import pytest

from wasteland.replay import load, verify

REPLAYS = sorted((Path(__file__).resolve().parents[2] / "examples" / "replays").glob("raxxon_*.json"))


def test_the_three_endings_are_recorded() -> None:
    outcomes = [load(p).expect_outcome for p in REPLAYS]
    codes = {outcome.code for outcome in outcomes if outcome is not None}
    assert {"evacuated", "infection", "power"} <= codes


@pytest.mark.parametrize("path", REPLAYS, ids=[p.stem for p in REPLAYS])
def test_replay_verifies(path: Path) -> None:
    replay = load(path)
    verify(replay)
    assert replay.rules_version == 2 and all(move == " ".join(move.split()) for move in replay.moves)
