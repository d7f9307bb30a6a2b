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

Writing (:func:`save`) goes through the library's one atomic writer,
:func:`wasteland.core.files.write_atomic` (re-exported here with :func:`writable`, as the page,
plots and Aftermath's campaign use it too): it replaces only a regular file: a directory, a
symbolic link (never followed), a FIFO, a device or a socket at the path is refused with
:class:`WriteRefused` and left as it was; ``-`` writes to standard output. The text goes to a temporary file of a unique
name beside the target, is synced and renamed over it, so readers and other writers
never see half a file.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, Callable, Iterator, Mapping

from attrs import frozen

from wasteland.core import codec, data
from wasteland.core.files import STDOUT, WriteError, WriteRefused, writable, write_atomic
from wasteland.core.game import ConfigError, Game, Outcome, RulesError, short
from wasteland.registry import get_game

__all__ = [
    "Replay", "ReplayError", "Recorder", "Step", "load", "read_bytes", "save", "write_atomic", "writable",
    "WriteError", "WriteRefused", "STDOUT", "record", "steps", "final_state", "verify",
    "to_json", "from_json", "MAX_BYTES", "MAX_MOVES", "MAX_OPTIONS_BYTES", "check_options",
]

FORMAT = "wasteland-replay"
VERSION = 2
#: The largest replay file read, in bytes, checked before anything is parsed: the largest real
#: replay (five-seat Arctic Scavengers with every card count at its largest, 8,588 moves: 90 KB;
#: Raxxon with the largest card set in its options: 70 KB) with a margin of more than twenty times.
MAX_BYTES = 2 * 1024 * 1024
#: The most a replay's options may weigh, written (UTF-8, not escaped): half of ``MAX_BYTES``, the
#: other half left for the moves (50,000 moves of 20 characters). A game is refused at its start
#: when its options weigh more (:func:`check_options`), so that every game played can be saved and
#: resumed; the heaviest Aftermath book (``aftermath.book.MAX_BOOK_TEXT``) weighs less than half of it.
MAX_OPTIONS_BYTES = 1024 * 1024
#: The most moves a replay may hold, and the longest move. A replay is also refused when it is
#: longer than its own game can last (``Game.max_decisions`` of its first state); this bound is the
#: largest ``max_decisions`` of any game with its public cards (37,080: The Lucky Seven,
#: cooperative), with a margin. A card set of one's own can give a game a larger bound, but a
#: replay of it longer than this is refused all the same (no game played has come near).
MAX_MOVES = 50_000
MAX_MOVE_LENGTH = 200
#: The longest title.
MAX_TITLE = 1000
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
    lines += [f" {json.dumps(k)}: {_text(v)}," for k, v in head.items()]
    if replay.moves:
        lines.append(' "moves": [')
        lines += [f"  {_text(m)}," for m in replay.moves[:-1]]
        lines.append(f"  {_text(replay.moves[-1])}")
        lines.append(" ],")
    else:
        lines.append(' "moves": [],')
    lines.append(f' "expect": {_text(expect)}')
    lines.append("}")
    return "\n".join(lines) + "\n"


def _text(value: Any) -> str:
    """``value`` as JSON, its text as UTF-8 (not escaped: a non-ASCII book weighs what it was read at)."""
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def check_options(options: Mapping[str, Any]) -> None:
    """ConfigError (one line) unless ``options`` written in a replay weigh at most ``MAX_OPTIONS_BYTES``:
    checked before a game is played or recorded, so that every game the library starts can be saved
    and read back (the rest of ``MAX_BYTES`` is room for the moves)."""
    try:
        weight = len(_text(dict(options)).encode("utf-8"))
    except (TypeError, ValueError) as exc:
        raise ConfigError(f"the options cannot be written in a saved game: {short(str(exc), 100)}") from None
    if weight > MAX_OPTIONS_BYTES:
        raise ConfigError(f"the options weigh {weight // 1024} KB written in a saved game; at most "
                          f"{MAX_OPTIONS_BYTES // 1024} KB, so that the game can be saved and resumed")


def save(replay: Replay, path: str | os.PathLike[str]) -> None:
    """Write ``replay`` to ``path`` atomically (see :func:`write_atomic`; ``-`` is standard output)."""
    write_atomic(path, to_json(replay))


# -- reading ---------------------------------------------------------------------------------------

def from_json(text: str | bytes) -> Replay:
    """The replay in ``text``; ReplayError (one short line) for anything that is not a valid replay."""
    doc = _document(text)
    game_key, rules_version, seed = doc["game"], doc["rules_version"], doc["seed"]
    options, title, moves = doc.get("options", {}), doc.get("title", ""), doc["moves"]
    _check_header(game_key, rules_version, seed, options, title)
    _check_moves(moves)
    expect = doc.get("expect", {})
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
    outcome, digest = _expectation(expect)
    return Replay(game_key, seed, options, tuple(moves), outcome, digest, title, rules_version)


def _document(text: str | bytes) -> dict[str, Any]:
    """The JSON object of a replay file of this format and version, with its required fields."""
    if len(text) > MAX_BYTES:
        raise ReplayError(f"the file is larger than {MAX_BYTES // (1024 * 1024)} MB")
    try:
        doc = data.read_json(text, MAX_BYTES)
    except ConfigError as exc:
        raise ReplayError(str(exc)) from None
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
    return doc


def _check_header(game_key: object, rules_version: object, seed: object, options: object, title: object) -> None:
    if not isinstance(game_key, str):
        raise ReplayError(f"game must be a string, got {short(game_key)}")
    if type(rules_version) is not int:
        raise ReplayError(f"rules_version must be an integer, got {short(rules_version)}")
    if type(seed) is not int or not 0 <= seed < 2**64:
        raise ReplayError(f"seed must be an integer from 0 to 2**64 - 1, got {short(seed)}")
    if not isinstance(options, dict):
        raise ReplayError(f"options must be an object, got {short(options)}")
    if not isinstance(title, str) or len(title) > MAX_TITLE:
        raise ReplayError(f"title must be a string of at most {MAX_TITLE} characters")
    if title:
        try:
            data.need_text("title", title, 0, MAX_TITLE)
        except ConfigError as exc:
            raise ReplayError(str(exc)) from None


def _check_moves(moves: object) -> None:
    if not isinstance(moves, list) or len(moves) > MAX_MOVES:
        raise ReplayError(f"moves must be an array of at most {MAX_MOVES} strings")
    for i, move in enumerate(moves):
        if not isinstance(move, str) or len(move) > MAX_MOVE_LENGTH:
            raise ReplayError(f"move {i} must be a string of at most {MAX_MOVE_LENGTH} characters, got {short(move)}")


def _expectation(expect: dict[str, Any]) -> tuple[Outcome | None, str | None]:
    try:
        outcome = codec.decode(expect.get("outcome"))
    except (codec.CodecError, RecursionError) as exc:
        raise ReplayError(f"expect.outcome: {short(str(exc), 120)}") from None
    if outcome is not None and not isinstance(outcome, Outcome):
        raise ReplayError("expect.outcome is not an Outcome")
    digest = expect.get("digest")
    if digest is not None and (not isinstance(digest, str) or len(digest) != 64):
        raise ReplayError("expect.digest must be a 64-character hex string")
    return outcome, digest


def read_bytes(path: str | Path, limit: int, error: type[Exception] = ReplayError) -> bytes:
    """At most ``limit`` bytes of the file at ``path`` (``core.data.read_file``); ``error`` (one
    line) for a folder, a missing or unreadable file, or one that is larger. The command line
    reads option files with it too."""
    return data.read_file(path, limit, error)


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
        try:
            check_options(self.options)
        except ConfigError as exc:
            raise ReplayError(str(exc)) from None
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
