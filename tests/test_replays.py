"""Every replay in examples/replays/ plays to exactly the outcome and state it expects."""

from __future__ import annotations

from pathlib import Path

import pytest

from wasteland import get_game, replay

REPLAYS = sorted((Path(__file__).parent.parent / "examples" / "replays").glob("*.json"))


def test_there_are_replays_of_every_game() -> None:
    from wasteland.registry import GAME_KEYS

    games = {replay.load(path).game for path in REPLAYS}
    assert games == set(GAME_KEYS)


@pytest.mark.parametrize("path", REPLAYS, ids=[p.stem for p in REPLAYS])
def test_replay_verifies(path: Path) -> None:
    loaded = replay.load(path)
    assert loaded.expect_digest is not None
    assert loaded.expect_outcome is not None, "example replays are finished games"
    final = replay.verify(loaded)
    assert get_game(loaded.game).outcome(final) == loaded.expect_outcome
    assert replay.from_json(replay.to_json(loaded)) == loaded


def test_a_tampered_replay_fails_loudly(tmp_path: Path) -> None:
    path = REPLAYS[0]
    loaded = replay.load(path)
    broken = replay.Replay(
        loaded.game, loaded.seed + 1, loaded.options, loaded.actions, loaded.expect_outcome, loaded.expect_digest
    )
    with pytest.raises(replay.ReplayError):
        replay.verify(broken)
    truncated = replay.Replay(
        loaded.game, loaded.seed, loaded.options, loaded.actions[:-1], loaded.expect_outcome, loaded.expect_digest
    )
    with pytest.raises(replay.ReplayError):
        replay.verify(truncated)


@pytest.mark.parametrize(
    "text",
    ["", "[]", '{"format": "other"}', '{"format": "wasteland-replay", "version": 99}',
     '{"format": "wasteland-replay", "version": 1, "game": "nope", "seed": 1, "actions": []}',
     '{"format": "wasteland-replay", "version": 1, "game": "lucky_seven", "seed": 1, "actions": [{"$r": "os.system"}]}'],
)
def test_malformed_replays_are_refused(text: str) -> None:
    with pytest.raises(replay.ReplayError):
        replay.verify(replay.from_json(text))
