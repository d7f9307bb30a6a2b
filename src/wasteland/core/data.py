"""Card data: reading a user's own data safely, and per-id tables built once per card set.

**Reading.** A card set of one's own (and, later, an adventure book) arrives
as plain JSON data from a stranger. :func:`read_json` turns a file's text into
that data, bounded (``MAX_JSON_BYTES``, ``MAX_JSON_DEPTH``, 20-digit numbers,
finite floats), refusing a key given twice in one object and any string that
is not valid Unicode text (a lone surrogate); the command line's
``--option NAME=@FILE`` and replay files are read with it, after
:func:`~wasteland.core.files.read_file` (re-exported here) has read the file's bytes, bounded. The ``need_*``
functions check one value each and raise
:class:`~wasteland.core.game.ConfigError` with the path of the offending entry
and what is allowed::

    cards.threats[3].strength: must be a whole number from 0 to 99, got -1

so every game reports a bad file the same way. A path is built with
:func:`at` (``at("cards", "threats", 3, "strength")``). Messages repeat at most
a short prefix of what they were given. Text a game shows (a card's title, an
option's label) is read with :func:`need_text`: printable Unicode, one line,
bounded in length.

**Tables.** Rules read card facts by index (``strength[card]``), never by
looking a record up. :class:`DerivedCache` keeps the tables derived from a
card set, built once per distinct set.

**Provenance.** Every card record says where its facts come from:
``public [SOURCE]`` (a public source named in the research notes), ``design:
why`` (our choice where nothing is public) or ``user card set``.
:func:`check_provenance` is what the tests hold every card to.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any, Callable, Generic, Hashable, Mapping, Protocol, Sequence, TypeVar

from wasteland.core.files import file_name, read_file
from wasteland.core.game import ConfigError, short

__all__ = [
    "at", "need_object", "need_list", "need_int", "need_bool", "need_name", "need_text", "read_json",
    "DerivedCache", "check_provenance", "PROVENANCES", "MAX_JSON_BYTES", "MAX_JSON_DEPTH", "Played",
    "file_name", "read_file",
]

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")
T = TypeVar("T")

#: How a provenance string may begin.
PROVENANCES = ("public", "design", "user card set")


#: The largest JSON file read from a user, in bytes: the largest card set a game accepts
#: (Raxxon's: 100 Raxxon cards and 9 population types, every field at its longest) is 123 KB
#: written with an indent of two, so this leaves a margin of more than ten times.
MAX_JSON_BYTES = 2 * 1024 * 1024
#: How deeply a user's JSON may nest (a card set nests five levels).
MAX_JSON_DEPTH = 32
_MAX_DIGITS = 20

#: Characters text may not hold: control characters, lone surrogates (not text: they cannot be
#: written as UTF-8), line and paragraph separators, and the bidirectional overrides and isolates
#: (they reorder what follows them on the line).
_NOT_TEXT = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff\u2028\u2029\u202a-\u202e\u2066-\u2069]")
_SURROGATE = re.compile("[\ud800-\udfff]")


def at(*keys: str | int) -> str:
    """A path for messages: ``at("cards", "threats", 3, "kind")`` is ``cards.threats[3].kind``."""
    out = ""
    for key in keys:
        if isinstance(key, int):
            out += f"[{key}]"
        else:
            out += f".{key}" if out else key
    return out


def _fail(where: str, message: str) -> ConfigError:
    return ConfigError(f"{where}: {message}")


def need_object(where: str, value: object, allowed: Sequence[str], example: str = "") -> Mapping[str, Any]:
    """``value`` if it is an object (a dict) whose keys are all among ``allowed``."""
    if not isinstance(value, Mapping):
        like = f" like {example}" if example else ""
        raise _fail(where, f"must be an object{like}, got {short(value)}")
    for key in value:
        if type(key) is not str or key not in allowed:
            raise _fail(where, f"unknown key {short(key)}; allowed keys: {', '.join(map(repr, allowed))}")
    return value


def need_list(where: str, value: object, low: int = 0, high: int = 10_000) -> list[Any]:
    """``value`` if it is a list (or tuple) of ``low`` to ``high`` entries."""
    if not isinstance(value, (list, tuple)):
        raise _fail(where, f"must be a list, got {short(value)}")
    if not low <= len(value) <= high:
        raise _fail(where, f"must hold {low} to {high} entries, got {len(value)}")
    return list(value)


def need_int(where: str, value: object, low: int, high: int, *, none: str = "") -> int:
    """``value`` if it is a whole number from ``low`` to ``high`` (never a bool or a float)."""
    if type(value) is not int or not low <= value <= high:
        extra = f" or null ({none})" if none else ""
        raise _fail(where, f"must be a whole number from {low} to {high}{extra}, got {short(value)}")
    return value


def need_bool(where: str, value: object) -> bool:
    """``value`` if it is true or false."""
    if type(value) is not bool:
        raise _fail(where, f"must be true or false, got {short(value)}")
    return value


def need_name(where: str, value: object, choices: Mapping[str, T]) -> T:
    """The choice named by ``value`` (case does not matter); ConfigError lists the names."""
    if isinstance(value, str):
        folded = value.casefold()
        for name, choice in choices.items():
            if name.casefold() == folded:
                return choice
    raise _fail(where, f"must be one of {', '.join(map(repr, choices))}, got {short(value)}")


def need_text(where: str, value: object, low: int, high: int) -> str:
    """``value`` if it is a string of ``low`` to ``high`` characters of printable one-line text:
    no control characters, no lone surrogates, no line separators, no bidirectional overrides."""
    if not isinstance(value, str) or not low <= len(value) <= high:
        raise _fail(where, f"must be text of {low} to {high} characters, got {short(value)}")
    bad = _NOT_TEXT.search(value)
    if bad is not None:
        raise _fail(where, f"must be printable text on one line; character {bad.start() + 1} is "
                           f"U+{ord(bad.group()):04X}, got {short(value)}")
    return value


def _refuse_constant(name: str) -> Any:
    raise ConfigError(f"{name} is not a JSON number")


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > _MAX_DIGITS:
        raise ConfigError(f"a number of {len(text)} digits is out of range (at most {_MAX_DIGITS} digits)")
    return int(text)


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ConfigError(f"the number {short(text)} is out of range")
    return value


def _unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise ConfigError(f"the key {short(key)} appears twice in one object")
        out[key] = value
    return out


def _check_plain(value: object, depth: int) -> None:
    """Every string valid Unicode text, at most ``MAX_JSON_DEPTH`` levels."""
    if isinstance(value, str):
        if _SURROGATE.search(value):
            raise ConfigError(f"the string {short(value)} is not valid Unicode text (a lone surrogate)")
        return
    if not isinstance(value, (dict, list)):
        return
    if depth >= MAX_JSON_DEPTH:
        raise ConfigError(f"the data nests deeper than {MAX_JSON_DEPTH} levels")
    for item in value.items() if isinstance(value, dict) else value:
        if isinstance(item, tuple):
            _check_plain(item[0], depth + 1)
            _check_plain(item[1], depth + 1)
        else:
            _check_plain(item, depth + 1)


def read_json(text: str | bytes, limit: int = MAX_JSON_BYTES) -> Any:
    """The plain JSON data in ``text`` (a user's file), or ConfigError (one short line).

    The size is checked before anything is parsed (``limit`` bytes, or characters for a str);
    the text must be UTF-8; a key given twice in one object, NaN and Infinity, a number of
    more than 20 digits or beyond a float's range, a string that is not valid Unicode text
    and nesting deeper than ``MAX_JSON_DEPTH`` are refused.
    """
    if not isinstance(text, (str, bytes, bytearray)):
        raise ConfigError(f"JSON is read from text, got {short(text)}")
    if len(text) > limit:
        raise ConfigError(f"the file is larger than {limit // 1024} KB")
    if not isinstance(text, str):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise ConfigError(f"not UTF-8 text (byte {exc.start})") from None
    try:
        data = json.loads(text, object_pairs_hook=_unique, parse_constant=_refuse_constant,
                          parse_int=_bounded_int, parse_float=_finite_float)
    except ConfigError:
        raise
    except RecursionError:
        raise ConfigError(f"the data nests too deeply (more than {MAX_JSON_DEPTH} levels)") from None
    except ValueError as exc:
        raise ConfigError(f"not JSON: {short(str(exc), 80)}") from None
    _check_plain(data, 0)
    return data


def check_provenance(text: object) -> bool:
    """Whether ``text`` is a provenance string of the accepted forms (see the module's text)."""
    return isinstance(text, str) and text.startswith(PROVENANCES) and len(text) > len("design")


C_co = TypeVar("C_co", covariant=True)


class _Chosen(Protocol[C_co]):
    @property
    def cards(self) -> C_co | None: ...


class Played(Protocol[C_co]):
    """What a game's ``table_of`` reads: a table, a view or a working copy, whose options name the
    card set ``C_co`` played (None: the public set). A card-set module types its argument with it,
    so it never imports the state module that imports it."""

    @property
    def options(self) -> _Chosen[C_co]: ...


class DerivedCache(Generic[K, V]):
    """``build(key)`` for immutable ``key``s, computed once per distinct key and kept.

    The last key is checked by identity first: a game carries the same record
    object from state to state, and comparing it by value (every card of a card
    set) on each lookup would cost more than the lookup saves. Other keys are
    found by equality; at most ``maxsize`` are kept. A cache of a pure function:
    it changes no result.
    """

    def __init__(self, build: Callable[[K], V], maxsize: int = 256) -> None:
        self._build = build
        self._maxsize = maxsize
        self._by_value: dict[K, V] = {}
        self._last: tuple[K, V] | None = None

    def __call__(self, key: K) -> V:
        last = self._last
        if last is not None and last[0] is key:
            return last[1]
        try:
            value = self._by_value[key]
        except KeyError:
            if len(self._by_value) >= self._maxsize:
                self._by_value.clear()
            value = self._by_value[key] = self._build(key)
        self._last = (key, value)
        return value
