"""Replays: every example plays to exactly what it expects; a replay file is small, readable and safe to read."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

from wasteland import GAMES, get_game, replay
from wasteland.core.rng import Rng
from tests.support import LIBRARY_KEYS
from wasteland.registry import GAME_KEYS

REPLAYS = sorted((Path(__file__).parent.parent / "examples" / "replays").glob("*.json"))


def test_there_are_replays_of_every_game() -> None:
    games = {replay.load(path).game for path in REPLAYS}
    assert games == set(LIBRARY_KEYS)


@pytest.mark.parametrize("path", REPLAYS, ids=[p.stem for p in REPLAYS])
def test_replay_verifies(path: Path) -> None:
    loaded = replay.load(path)
    assert loaded.expect_digest is not None
    assert loaded.expect_outcome is not None, "example replays are finished games"
    assert loaded.rules_version == get_game(loaded.game).rules_version
    final = replay.verify(loaded)
    assert get_game(loaded.game).outcome(final) == loaded.expect_outcome
    assert replay.from_json(replay.to_json(loaded)) == loaded
    assert path.read_text(encoding="utf-8") == replay.to_json(loaded), "examples are written by to_json"


def _random_moves(key: str, seed: int, players: int) -> list[object]:
    game = GAMES[key]
    state = game.new_game(seed, players=players)
    pick = Rng.from_seed(seed)
    actions = []
    while game.outcome(state) is None:
        action, pick = pick.choice(game.legal_actions(state))
        actions.append(action)
        state = game.apply(state, action)
    return actions


@pytest.mark.parametrize("key", GAME_KEYS)
def test_record_plays_once_and_the_file_holds_notation(key: str) -> None:
    game = GAMES[key]
    players = max(game.player_counts)
    actions = _random_moves(key, 5, players)
    recorded = replay.record(key, 5, {"players": players}, actions, title="random")
    assert len(recorded.moves) == len(actions) and all(isinstance(m, str) for m in recorded.moves)
    text = replay.to_json(recorded)
    assert len(text) < 40 * len(actions) + 2000, "a move is a short word, not a tagged record"
    doc = json.loads(text)
    assert doc["rules_version"] == game.rules_version and doc["moves"] == list(recorded.moves)
    assert replay.verify(replay.from_json(text)) is not None


def test_a_recorder_writes_moves_as_they_are_played() -> None:
    recorder = replay.Recorder("lucky_seven", 3, {})
    game = recorder.game
    while game.outcome(recorder.state) is None:
        recorder.play(game.legal_actions(recorder.state)[-1])
    done = recorder.replay()
    assert replay.verify(done) == recorder.state


def test_a_tampered_replay_fails_loudly() -> None:
    loaded = replay.load(REPLAYS[0])
    broken = replay.Replay(
        loaded.game, loaded.seed + 1, loaded.options, loaded.moves, loaded.expect_outcome, loaded.expect_digest
    )
    with pytest.raises(replay.ReplayError):
        replay.verify(broken)
    truncated = replay.Replay(
        loaded.game, loaded.seed, loaded.options, loaded.moves[:-1], loaded.expect_outcome, loaded.expect_digest
    )
    with pytest.raises(replay.ReplayError):
        replay.verify(truncated)
    garbled = replay.Replay(
        loaded.game, loaded.seed, loaded.options, ("no such move",) + loaded.moves[1:], None, None
    )
    with pytest.raises(replay.ReplayError, match="move 1 'no such move'"):
        replay.verify(garbled)


def _doc(**changes: object) -> str:
    doc: dict[str, object] = {"format": "wasteland-replay", "version": 2, "game": "lucky_seven",
                              "rules_version": GAMES["lucky_seven"].rules_version, "seed": 1, "options": {},
                              "moves": []}
    doc.update(changes)
    return json.dumps(doc)


def test_another_rules_version_says_so() -> None:
    with pytest.raises(replay.ReplayError, match="rules version 1; this library plays version"):
        replay.from_json(_doc(rules_version=1))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "not JSON"),
        ("[]", "not a wasteland-replay file"),
        ('{"format": "other"}', "not a wasteland-replay file"),
        (_doc(version=99), "format version 99"),
        (_doc(version=True), "format version True"),
        (_doc(version=1), "format version 1"),
        (_doc(game="nope"), "unknown game"),
        (_doc(seed="1"), "seed must be an integer"),
        (_doc(seed=-1), "seed must be an integer"),
        (_doc(seed=2**70), "22 digits is out of range"),
        (_doc(moves="abc"), "moves must be an array"),
        (_doc(moves=[{"$r": "os.system"}]), "move 0 must be a string"),
        (_doc(moves=["x" * 1000]), "move 0 must be a string of at most"),
        (_doc(options=[1]), "options must be an object"),
        (_doc(rules_version="2"), "rules_version must be an integer"),
        (_doc(extra=1), "unknown field 'extra'"),
        (_doc(expect={"digest": 5}), "expect.digest"),
        (_doc(expect={"outcome": {"$r": "core.Outcome"}}), "expect.outcome"),
        ('{"format": "wasteland-replay", "format": "wasteland-replay"}', "appears twice"),
        ('{"format": "wasteland-replay", "version": NaN}', "not a JSON number"),
        ('{"format": "wasteland-replay", "version": Infinity}', "not a JSON number"),
        (_doc(options={"cards": json.loads("[" * 40 + "]" * 40)}), "nests deeper"),
        ("[" * 100_000 + "]" * 100_000, "nests too deeply"),
    ],
)
def test_malformed_replays_are_refused_with_one_short_line(text: str, message: str) -> None:
    with pytest.raises(replay.ReplayError, match=message.replace("(", r"\(")) as caught:
        replay.from_json(text)
    assert "\n" not in str(caught.value) and len(str(caught.value)) < 300


def test_a_file_that_is_not_utf8_or_is_a_folder_is_refused(tmp_path: Path) -> None:
    bad = tmp_path / "latin1.json"
    bad.write_bytes(_doc().replace("\"seed\"", "\"caf\u00e9\"").encode("latin-1"))
    with pytest.raises(replay.ReplayError, match="not UTF-8"):
        replay.load(bad)
    with pytest.raises(replay.ReplayError, match="is a directory"):
        replay.load(tmp_path)
    with pytest.raises(replay.ReplayError, match="cannot read"):
        replay.load(tmp_path / "missing.json")


def test_a_megabyte_replay_is_refused_quickly() -> None:
    """Moves are short strings and options plain JSON: reading is linear in the file (about 0.15 s
    of CPU on the project's machine; the bound is this process's CPU time, which other work on a
    busy machine does not stretch as it does the clock)."""
    text = _doc(options={"cards": {"threats": [{"kind": "Infantry", "column": k % 6} for k in range(25_000)]}},
                moves=["x"] * 40_000)
    assert len(text) > 1_000_000
    start = time.process_time()
    with pytest.raises(replay.ReplayError):
        replay.verify(replay.from_json(text))
    assert time.process_time() - start < 1.0


def test_save_is_atomic(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "game.json"
    first = replay.record("lucky_seven", 1, {}, [])
    replay.save(first, target)
    good = target.read_text()

    def fail(*args: object, **kwargs: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", fail)
    with pytest.raises(OSError):
        replay.save(replay.record("lucky_seven", 2, {}, []), target)
    assert target.read_text() == good, "a failed save leaves the last good save in place"
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"], "and no temporary file behind"
