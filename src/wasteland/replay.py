"""Replays: a game, its rules version, options and seed, the moves in notation, and what must come of them.

A replay file is JSON, small enough to read::

    {
      "format": "wasteland-replay", "version": 2,
      "game": "lucky_seven", "rules_version": 2,
      "seed": 7, "options": {"players": 1},
      "title": "a short description",
      "moves": ["LDR", "r2c3", "end", ...],
      "expect": {"outcome": <Outcome in tagged JSON, or null>, "digest": "<sha256 of the final state>"}
    }

``moves`` are the game's notation (``GAME.notation``), each read back with
``GAME.parse`` in the state it was played in. :func:`verify` replays a file
from ``new_game(seed, **options)``, checks that each move is legal where it is
played, and that the final outcome and digest match; any difference raises
:class:`ReplayError` naming the step. A file recorded under another
``rules_version`` of its game is refused with a message saying so: its moves
may mean something else now.

Files come from strangers: reading is bounded (size, nesting, lengths), refuses
duplicate keys, non-JSON numbers and text that is not UTF-8, checks the type of
every field, and raises only :class:`ReplayError` with one short line.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable, Iterator, Mapping

from attrs import frozen

from wasteland.core import codec
from wasteland.core.game import Game, Outcome, RulesError, short
from wasteland.registry import get_game

__all__ = [
    "Replay", "ReplayError", "Recorder", "Step", "load", "read_bytes", "save", "write_atomic", "record", "steps", "final_state", "verify",
    "to_json", "from_json", "MAX_BYTES", "MAX_MOVES",
]

FORMAT = "wasteland-replay"
VERSION = 2
#: The largest replay file read, in bytes.
MAX_BYTES = 32 * 1024 * 1024
#: The most moves a replay may hold, and the longest move. A replay is also refused when it is
#: longer than its own game can last (``Game.max_decisions`` of its first state); this bound is the
#: largest ``max_decisions`` of any game with its public cards (37,080: The Lucky Seven,
#: cooperative), with a margin. A card set of one's own can give a game a larger bound, but a
#: replay of it longer than this is refused all the same (no game played has come near).
MAX_MOVES = 50_000
MAX_MOVE_LENGTH = 200
#: How deeply the options (a card set, say) may nest.
MAX_DEPTH = 32
_KEYS = ("format", "version", "game", "rules_version", "seed", "options", "title", "moves", "expect")


class ReplayError(Exception):
    """A replay that cannot be read, or whose play differs from what it expects."""


@frozen
class Replay:
    """A recorded game: ``moves`` in the game's notation."""

    game: str
    seed: int
    options: Mapping[str, Any]
    moves: tuple[str, ...]
    expect_outcome: Outcome | None
    expect_digest: str | None
    title: str = ""
    rules_version: int | None = None


@frozen
class Step:
    """One move of a replay: its index, the state before it, the move's text, the action, the state after."""

    index: int
    before: Any
    move: str
    action: Any
    after: Any


# -- writing ---------------------------------------------------------------------------------------

def to_json(replay: Replay) -> str:
    """The file's text: one move a line, so a replay reads (and diffs) like a score sheet."""
    game = _game(replay)
    head = {
        "format": FORMAT,
        "version": VERSION,
        "game": replay.game,
        "rules_version": game.rules_version if replay.rules_version is None else replay.rules_version,
        "seed": replay.seed,
        "options": dict(replay.options),
        "title": replay.title,
    }
    expect = {
        "outcome": None if replay.expect_outcome is None else codec.encode(replay.expect_outcome),
        "digest": replay.expect_digest,
    }
    lines = ["{"]
    lines += [f" {json.dumps(k)}: {json.dumps(v, sort_keys=True)}," for k, v in head.items()]
    if replay.moves:
        lines.append(' "moves": [')
        lines += [f"  {json.dumps(m)}," for m in replay.moves[:-1]]
        lines.append(f"  {json.dumps(replay.moves[-1])}")
        lines.append(" ],")
    else:
        lines.append(' "moves": [],')
    lines.append(f' "expect": {json.dumps(expect, sort_keys=True)}')
    lines.append("}")
    return "\n".join(lines) + "\n"


def write_atomic(path: str | Path, text: str) -> Path:
    """Write ``text`` to ``path`` atomically: a temporary file beside it, then a rename, so a
    failed write never leaves a half-written file in place of a good one."""
    target = Path(path)
    temporary = target.with_name(f".{target.name}.tmp")
    try:
        temporary.write_text(text, encoding="utf-8")
        temporary.replace(target)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
    return target


def save(replay: Replay, path: str | Path) -> None:
    """Write ``replay`` to ``path`` atomically (see :func:`write_atomic`)."""
    write_atomic(path, to_json(replay))


# -- reading ---------------------------------------------------------------------------------------

def _unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise ReplayError(f"the key {short(key)} appears twice in one object")
        out[key] = value
    return out


def _no_constant(name: str) -> Any:
    raise ReplayError(f"{name} is not a JSON number")


def _plain(value: Any, where: str, depth: int = 0) -> None:
    """Check that an option value is plain JSON data, at most ``MAX_DEPTH`` deep."""
    if depth > MAX_DEPTH:
        raise ReplayError(f"{where} nests deeper than {MAX_DEPTH} levels")
    if isinstance(value, dict):
        for key, item in value.items():
            _plain(item, where, depth + 1)
    elif isinstance(value, list):
        for item in value:
            _plain(item, where, depth + 1)


def from_json(text: str | bytes) -> Replay:
    """The replay in ``text``; ReplayError (one short line) for anything that is not a valid replay."""
    if len(text) > MAX_BYTES:
        raise ReplayError(f"the file is larger than {MAX_BYTES // (1024 * 1024)} MB")
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise ReplayError(f"not UTF-8 text (byte {exc.start})") from None
    try:
        doc = json.loads(text, object_pairs_hook=_unique, parse_constant=_no_constant)
    except ReplayError:
        raise
    except RecursionError:
        raise ReplayError("the JSON nests too deeply") from None
    except ValueError as exc:
        raise ReplayError(f"not JSON: {short(str(exc), 80)}") from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise ReplayError(f"not a {FORMAT} file")
    unknown = [k for k in doc if k not in _KEYS]
    if unknown:
        raise ReplayError(f"unknown field {short(unknown[0])}; a replay has {', '.join(_KEYS)}")
    version = doc.get("version")
    if type(version) is not int or version != VERSION:
        raise ReplayError(f"replay format version {short(version)} is not read here (this library reads {VERSION})")
    for name in ("game", "rules_version", "seed", "moves"):
        if name not in doc:
            raise ReplayError(f"the field {name!r} is missing")
    game_key, rules_version, seed = doc["game"], doc["rules_version"], doc["seed"]
    options, title, moves = doc.get("options", {}), doc.get("title", ""), doc["moves"]
    expect = doc.get("expect", {})
    if not isinstance(game_key, str):
        raise ReplayError(f"game must be a string, got {short(game_key)}")
    if type(rules_version) is not int:
        raise ReplayError(f"rules_version must be an integer, got {short(rules_version)}")
    if type(seed) is not int or not 0 <= seed < 2**64:
        raise ReplayError(f"seed must be an integer from 0 to 2**64 - 1, got {short(seed)}")
    if not isinstance(options, dict):
        raise ReplayError(f"options must be an object, got {short(options)}")
    _plain(options, "options")
    if not isinstance(title, str) or len(title) > 1000:
        raise ReplayError("title must be a string of at most 1000 characters")
    if not isinstance(moves, list) or len(moves) > MAX_MOVES:
        raise ReplayError(f"moves must be an array of at most {MAX_MOVES} strings")
    for i, move in enumerate(moves):
        if not isinstance(move, str) or len(move) > MAX_MOVE_LENGTH:
            raise ReplayError(f"move {i} must be a string of at most {MAX_MOVE_LENGTH} characters, got {short(move)}")
    if not isinstance(expect, dict) or any(k not in ("outcome", "digest") for k in expect):
        raise ReplayError("expect must be an object with the fields outcome and digest")
    try:
        game = get_game(game_key)
    except ValueError as exc:
        raise ReplayError(short(str(exc), 200)) from None
    if rules_version != game.rules_version:
        raise ReplayError(
            f"recorded under {game_key} rules version {rules_version}; this library plays version "
            f"{game.rules_version}, so its moves may mean something else now (record it again)"
        )
    try:
        outcome = codec.decode(expect.get("outcome"))
    except (codec.CodecError, RecursionError) as exc:
        raise ReplayError(f"expect.outcome: {short(str(exc), 120)}") from None
    if outcome is not None and not isinstance(outcome, Outcome):
        raise ReplayError("expect.outcome is not an Outcome")
    digest = expect.get("digest")
    if digest is not None and (not isinstance(digest, str) or len(digest) != 64):
        raise ReplayError("expect.digest must be a 64-character hex string")
    return Replay(game_key, seed, options, tuple(moves), outcome, digest, title, rules_version)


def read_bytes(path: str | Path, limit: int, error: type[Exception] = ReplayError) -> bytes:
    """At most ``limit`` bytes of the file at ``path``; ``error`` (one line) for a folder, a missing
    or unreadable file, or one that is larger. The command line reads option files with it too."""
    target = Path(path)
    name = short(str(path), 80)
    try:
        if target.is_dir():
            raise error(f"{name} is a directory, not a file")
        with target.open("rb") as stream:
            data = stream.read(limit + 1)
    except OSError as exc:
        raise error(f"cannot read {name}: {exc.strerror or exc}") from None
    if len(data) > limit:
        raise error(f"{name} is larger than {limit // (1024 * 1024)} MB")
    return data


def load(path: str | Path) -> Replay:
    """The replay in the file at ``path``; ReplayError for a file that is missing, unreadable or wrong."""
    return from_json(read_bytes(path, MAX_BYTES))


# -- playing ---------------------------------------------------------------------------------------

def _game(replay: Replay) -> Game[Any, Any]:
    try:
        return get_game(replay.game)
    except ValueError as exc:
        raise ReplayError(str(exc)) from None


def _start(game: Game[Any, Any], replay: Replay) -> Any:
    try:
        return game.new_game(replay.seed, **replay.options)
    except (RulesError, TypeError) as exc:
        raise ReplayError(f"cannot start {replay.game}: {short(str(exc), 200)}") from None


def steps(replay: Replay) -> Iterator[Step]:
    """Play the replay, yielding each step; raises ReplayError at the first move that is not legal."""
    game = _game(replay)
    state = _start(game, replay)
    bound = game.max_decisions(state)
    if len(replay.moves) > bound:
        raise ReplayError(f"{len(replay.moves)} moves: longer than a game of {replay.game} with these options "
                          f"can last ({bound} decisions)")
    for index, move in enumerate(replay.moves):
        try:
            action = game.parse(state, move)
            after = game.apply(state, action)
        except RulesError as exc:
            raise ReplayError(f"move {index + 1} {short(move)}: {short(str(exc), 200)}") from None
        yield Step(index, state, move, action, after)
        state = after


def final_state(replay: Replay, on_step: Callable[[Step], None] | None = None) -> Any:
    """The state the replay's moves lead to (checking only that each is legal)."""
    game = _game(replay)
    state = None
    for step in steps(replay):
        if on_step is not None:
            on_step(step)
        state = step.after
    return _start(game, replay) if state is None else state


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


class Recorder:
    """Plays a game and writes down each move's notation as it goes (no second playthrough).

    >>> rec = Recorder("lucky_seven", 7, {})
    >>> rec.play(rec.game.legal_actions(rec.state)[0]) is rec.state
    True
    >>> len(rec.replay().moves)
    1
    """

    def __init__(self, game_key: str, seed: int, options: Mapping[str, Any], title: str = "") -> None:
        self.game: Game[Any, Any] = _game(Replay(game_key, seed, {}, (), None, None))
        self.seed = seed
        self.options = dict(options)
        self.title = title
        self.state: Any = _start(self.game, Replay(game_key, seed, self.options, (), None, None))
        self.moves: list[str] = []

    def play(self, action: Any) -> Any:
        """Apply ``action`` (IllegalAction if it is not legal) and note it; returns the new state."""
        move = self.game.notation(self.state, action)
        self.state = self.game.apply(self.state, action)
        self.moves.append(move)
        return self.state

    def replay(self, *, final: bool = True) -> Replay:
        """The replay so far; it expects the current outcome and digest (``final=False``: nothing)."""
        outcome = self.game.outcome(self.state) if final else None
        digest = codec.digest(self.state) if final else None
        return Replay(self.game.key, self.seed, self.options, tuple(self.moves), outcome, digest, self.title,
                      self.game.rules_version)


def record(game_key: str, seed: int, options: Mapping[str, Any], actions: tuple[Any, ...] | list[Any],
           title: str = "") -> Replay:
    """Play ``actions`` once and build a replay that expects exactly what they led to."""
    recorder = Recorder(game_key, seed, options, title)
    for index, action in enumerate(actions):
        try:
            recorder.play(action)
        except RulesError as exc:
            raise ReplayError(f"action {index + 1}: {short(str(exc), 200)}") from None
    return recorder.replay()
