"""Every Lucky Seven replay in examples/replays plays to its recorded end."""

from __future__ import annotations

import json
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
    assert replay.rules_version == 3 and all(move == " ".join(move.split()) for move in replay.moves)
    if path.stem == "lucky_seven_win":
        assert replay.expect_outcome is not None and replay.expect_outcome.winners == frozenset({0})
        assert replay.expect_outcome.code == "landing_zone_clear"
    if path.stem == "lucky_seven_eliminated":
        assert replay.expect_outcome is not None and "eliminated" in replay.expect_outcome.reason
        assert replay.expect_outcome.code == "squad_eliminated"
    if path.stem == "lucky_seven_threats_left":
        assert replay.expect_outcome is not None and "threats were left" in replay.expect_outcome.reason
        assert replay.expect_outcome.code == "threats_left"


def test_card_set_replay_keeps_its_set_as_plain_data() -> None:
    """A set of 30 threats: the helicopter comes with the two of turn 8, turn 9 is the last."""
    replay = load(REPLAYS[0].parent / "lucky_seven_card_set.json")
    cards = replay.options["cards"]
    assert json.loads(json.dumps(cards)) == cards
    final = verify(replay)
    assert final.options.cards is not None and len(final.options.cards.threats) == 30
    assert final.turn == 9 and final.final
    assert replay.expect_outcome is not None and replay.expect_outcome.winners == frozenset({0})
