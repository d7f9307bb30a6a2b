"""Replays: a game key, its options and seed, the actions taken, and what must come of them.

A replay file is JSON::

    {
      "format": "wasteland-replay", "version": 1,
      "game": "lucky_seven", "seed": 7, "options": {"players": 1},
      "title": "a short description",
      "actions": [<action in the codec's tagged JSON>, ...],
      "expect": {"outcome": <Outcome in tagged JSON, or null>, "digest": "<sha256 of the final state>"}
    }

:func:`verify` replays it from ``new_game(seed, **options)``, checks that each
action is legal where it is played, and that the final outcome and digest
match; any difference raises :class:`ReplayError` naming the step.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable, Iterator, Mapping

from attrs import frozen

from wasteland.core import codec
from wasteland.core.game import Game, Outcome, RulesError
from wasteland.registry import get_game

__all__ = [
    "Replay", "ReplayError", "Step", "load", "save", "record", "steps", "final_state", "verify", "to_json", "from_json",
]

FORMAT = "wasteland-replay"
VERSION = 1


class ReplayError(Exception):
    """A replay that cannot be read, or whose play differs from what it expects."""


@frozen
class Replay:
    game: str
    seed: int
    options: Mapping[str, Any]
    actions: tuple[Any, ...]
    expect_outcome: Outcome | None
    expect_digest: str | None
    title: str = ""


@frozen
class Step:
    """One action of a replay: its index, the state before it, the action, the state after."""

    index: int
    before: Any
    action: Any
    after: Any


def to_json(replay: Replay) -> str:
    doc = {
        "format": FORMAT,
        "version": VERSION,
        "game": replay.game,
        "seed": replay.seed,
        "options": dict(replay.options),
        "title": replay.title,
        "actions": [codec.encode(a) for a in replay.actions],
        "expect": {
            "outcome": None if replay.expect_outcome is None else codec.encode(replay.expect_outcome),
            "digest": replay.expect_digest,
        },
    }
    return json.dumps(doc, indent=1, sort_keys=False) + "\n"


def from_json(text: str) -> Replay:
    try:
        doc = json.loads(text)
    except ValueError as exc:
        raise ReplayError(f"not JSON: {exc}") from exc
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise ReplayError(f"not a {FORMAT} file")
    if doc.get("version") != VERSION:
        raise ReplayError(f"unsupported replay version {doc.get('version')!r} (this library reads {VERSION})")
    try:
        game, seed, options = doc["game"], doc["seed"], doc.get("options", {})
        actions = doc["actions"]
        expect = doc.get("expect", {})
    except KeyError as exc:
        raise ReplayError(f"missing field {exc}") from exc
    if not isinstance(game, str) or not isinstance(seed, int) or not isinstance(options, dict):
        raise ReplayError("game must be a string, seed an integer and options an object")
    if not isinstance(actions, list) or not isinstance(expect, dict):
        raise ReplayError("actions must be an array and expect an object")
    try:
        get_game(game)  # imports the game package, which registers its records
    except ValueError as exc:
        raise ReplayError(str(exc)) from exc
    try:
        decoded = tuple(codec.decode(a) for a in actions)
        outcome = codec.decode(expect.get("outcome"))
    except codec.CodecError as exc:
        raise ReplayError(f"cannot decode: {exc}") from exc
    if outcome is not None and not isinstance(outcome, Outcome):
        raise ReplayError("expect.outcome is not an Outcome")
    digest = expect.get("digest")
    if digest is not None and not isinstance(digest, str):
        raise ReplayError("expect.digest must be a string")
    return Replay(game, seed, dict(options), decoded, outcome, digest, str(doc.get("title", "")))


def load(path: str | Path) -> Replay:
    return from_json(Path(path).read_text(encoding="utf-8"))


def save(replay: Replay, path: str | Path) -> None:
    Path(path).write_text(to_json(replay), encoding="utf-8")


def _game(replay: Replay) -> Game[Any, Any]:
    try:
        return get_game(replay.game)
    except ValueError as exc:
        raise ReplayError(str(exc)) from exc


def steps(replay: Replay) -> Iterator[Step]:
    """Play the replay, yielding each step; raises ReplayError at the first illegal action."""
    game = _game(replay)
    try:
        state = game.new_game(replay.seed, **replay.options)
    except (RulesError, TypeError) as exc:
        raise ReplayError(f"cannot start {replay.game}: {exc}") from exc
    for index, action in enumerate(replay.actions):
        try:
            after = game.apply(state, action)
        except RulesError as exc:
            raise ReplayError(f"step {index}: {game.describe(action) if _describable(game, action) else action!r} is illegal: {exc}") from exc
        yield Step(index, state, action, after)
        state = after


def _describable(game: Game[Any, Any], action: Any) -> bool:
    try:
        game.describe(action)
    except Exception:  # noqa: BLE001 - a foreign object may not be describable
        return False
    return True


def final_state(replay: Replay, on_step: Callable[[Step], None] | None = None) -> Any:
    """The state the replay's actions lead to (checking only that each is legal)."""
    state = None
    for step in steps(replay):
        if on_step is not None:
            on_step(step)
        state = step.after
    if state is None:
        state = _game(replay).new_game(replay.seed, **replay.options)
    return state


def verify(replay: Replay, on_step: Callable[[Step], None] | None = None) -> Any:
    """Run the replay and check what it expects; returns the final state."""
    game = _game(replay)
    state = final_state(replay, on_step)
    outcome = game.outcome(state)
    if outcome != replay.expect_outcome:
        raise ReplayError(f"expected outcome {replay.expect_outcome!r}, got {outcome!r}")
    if replay.expect_digest is not None and codec.digest(state) != replay.expect_digest:
        raise ReplayError(f"final state digest {codec.digest(state)} differs from the expected {replay.expect_digest}")
    return state


def record(game_key: str, seed: int, options: Mapping[str, Any], actions: tuple[Any, ...], title: str = "") -> Replay:
    """Play ``actions`` and build a replay that expects exactly what they led to."""
    draft = Replay(game_key, seed, dict(options), tuple(actions), None, None, title)
    state = final_state(draft)
    game = _game(draft)
    return Replay(game_key, seed, dict(options), tuple(actions), game.outcome(state), codec.digest(state), title)
