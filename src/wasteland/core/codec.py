"""Tagged JSON for attrs records and pyrsistent containers.

``dumps`` turns a state, an action, an options record or an outcome into JSON
text; ``loads`` turns it back into an equal object; ``digest`` hashes the
canonical text. Only classes registered with :func:`register` can be written
or read, so loading never imports or builds anything else: no pickle, no eval.

Encoding (canonical: keys sorted, no spaces):

======================  ==============================================
value                   JSON
======================  ==============================================
None, bool, int, str    itself
float                   itself (finite only)
tuple                   ``{"$t": [...]}``
pvector                 ``{"$v": [...]}``
pset / frozenset        ``{"$s": [...]}`` / ``{"$f": [...]}``, sorted by encoding
pmap                    ``{"$m": [[k, v], ...]}``, sorted by key encoding
Enum member             ``{"$e": "Tag", "v": value}``
attrs record            ``{"$r": "Tag", "field": value, ...}``
static record           ``{"$d": "<sha256 of its text>"}`` (in ``dumps``)
======================  ==============================================

Plain lists and dicts are refused: they are mutable and have no place in a state.

A field added to a record after texts of it were written (:func:`added_field`) is left out of
the text while it holds its default, so a record that does not use it writes, and digests, as
it did before the field existed, and a text without it reads back with the default.

Static records (registered with ``static=True``: a book, a card set, a map) are data that
every state of a game carries unchanged. :func:`dumps` writes each one once, in a table at the
head of the text, named by the SHA-256 of its own canonical text, and writes a reference to
it wherever it stands::

    {"$static": {"<sha256>": {"$r": "aftermath.Book", ...}, ...}, "$value": <the value>}

so a text of many states (a tuple of them: a history, a search tree) carries each book and
card set once. :func:`loads` checks every entry against its name (an entry whose text does not
hash to it is refused, as is a reference to an entry the table does not hold and an entry no
reference uses), reads each entry once and gives every reference the same object, so that
states read from one text share their static data in memory as the states of a game do. An
entry is read from its own text: one whose text is, character for character, the text of an
entry read lately (a book every state of a game carries) is the record read then, not parsed,
hashed or checked again (:class:`_Entries`, a cache of a pure function), so that texts of one
game share their static data too and a book is read once however many texts carry it.
A text without ``$static`` (what ``dumps`` writes for a value without static records, and
what it wrote for every value before static records) is read as it always was, so old files
still load. :func:`encode` and :func:`digest` always write static records in full: a digest
does not depend on the table.
"""

from __future__ import annotations

import collections.abc
import enum
import hashlib
import itertools
import json
import math
import operator
import re
import sys
import types
import typing
from typing import Any, Callable, TypeVar

import attrs
from pyrsistent import PMap, PSet, PVector, pmap, pset, pvector

__all__ = ["CodecError", "register", "register_records", "add_check", "set_loader", "registered", "dumps", "loads",
           "digest", "encode", "decode", "forget_static", "added_field"]

T = TypeVar("T", bound=type)


class CodecError(ValueError):
    """Raised for values that cannot be encoded and text that cannot be decoded."""


_BY_TAG: dict[str, type] = {}
_TAG_OF: dict[type, str] = {}


@attrs.frozen
class _RecordSpec:
    """What the codec needs to know about one registered attrs class."""

    tag: str
    names: tuple[str, ...]  # every field, in declaration order (written)
    aliases: dict[str, str]  # field name -> __init__ argument, for init fields (read)
    required: frozenset[str]  # init fields without a default
    derived: frozenset[str]  # init=False fields: written, ignored on reading
    static: bool = False  # written once per text by dumps, named by its digest
    written: frozenset[str] = frozenset()  # the keys dumps writes: "$r" and every field
    read: tuple[str, ...] = ()  # the fields read back (init fields), in declaration order
    plain: bool = True  # every init field's argument has the field's name
    added: tuple[tuple[str, Any], ...] = ()  # fields left out of the text while they hold this default


_RECORDS: dict[type, _RecordSpec] = {}
_PVECTOR_TYPE: type = type(pvector())


def _spec(cls: type, tag: str, static: bool) -> _RecordSpec:
    fields = attrs.fields(cls)
    return _RecordSpec(
        tag=tag,
        names=tuple(f.name for f in fields),
        aliases={f.name: f.alias or f.name for f in fields if f.init},
        required=frozenset(f.name for f in fields if f.init and f.default is attrs.NOTHING),
        derived=frozenset(f.name for f in fields if not f.init),
        static=static,
        written=frozenset(("$r", *(f.name for f in fields))),
        read=tuple(f.name for f in fields if f.init),
        plain=all((f.alias or f.name) == f.name for f in fields if f.init),
        added=tuple((f.name, f.default) for f in fields if f.metadata.get(_ADDED)),
    )


#: The metadata key of a field added to a record after texts of it were written (:func:`added_field`).
_ADDED = "wasteland.codec.added"


def added_field(default: int | str | bool | None) -> Any:
    """An attrs field added to a registered record after texts of it were written: left out of
    the text while it holds ``default``, so that every record written before it existed writes,
    and digests, as it did then (a recorded replay's digests still hold), and a text without it
    reads back with ``default``. ``default`` is a plain value (None, a bool, an int or a str)."""
    if default is not None and type(default) not in (bool, int, str):
        raise TypeError(f"an added field's default is None, a bool, an int or a str, got {default!r}")
    return attrs.field(default=default, metadata={_ADDED: True})


_TAG_SHAPE = re.compile(r"[a-z][a-z0-9_]*\.[A-Za-z][A-Za-z0-9_]*")

#: Loads the package that registers the tags ``prefix.*`` (the registry installs it), or None.
_loader: Callable[[str], bool] | None = None


def set_loader(loader: Callable[[str], bool] | None) -> None:
    """Install the function that imports the package owning a tag prefix (``"lucky_seven"``).

    :mod:`wasteland.registry` installs one that imports a registered game, so a
    fresh process can read any game's states without importing the game first.
    The loader returns whether it knew the prefix.
    """
    global _loader
    _loader = loader


def register(tag: str, *, static: bool = False) -> Callable[[T], T]:
    """Allow an attrs class or an Enum to be written and read under ``tag``. A decorator::

        @register("lucky_seven.State")
        @frozen
        class State: ...

    The tag is the class's stable name in every file ever written: ``<package>.<Name>``,
    where the package is a registered game's key or ``core``. Moving or renaming
    the class in the code keeps the tag, so saved games still load.

    ``static=True`` (attrs classes only) marks data that states carry unchanged from move to
    move, such as a book or a card set: :func:`dumps` writes it once per text, named by its
    digest (see the module's docstring).
    """
    if not isinstance(tag, str) or not _TAG_SHAPE.fullmatch(tag):
        raise TypeError(f"a codec tag is '<package>.<Name>' such as 'lucky_seven.State', got {tag!r}")

    def decorate(cls: T) -> T:
        if not (attrs.has(cls) or (isinstance(cls, type) and issubclass(cls, enum.Enum))):
            raise TypeError(f"{getattr(cls, '__qualname__', cls)!r} is neither an attrs class nor an Enum")
        known = _BY_TAG.get(tag)
        if known is not None and known is not cls:
            raise TypeError(f"codec tag {tag!r} is already taken by another class")
        if cls in _TAG_OF and _TAG_OF[cls] != tag:
            raise TypeError(f"{cls.__qualname__} is already registered as {_TAG_OF[cls]!r}")
        _BY_TAG[tag] = cls
        _TAG_OF[cls] = tag
        own = getattr(cls, "__codec_check__", None)
        if own is not None:
            _CONTENT_CHECKS[cls] = (own,)
        if attrs.has(cls):
            _RECORDS[cls] = _spec(cls, tag, static)
        elif static:
            raise TypeError(f"{cls.__qualname__}: only attrs records can be static")
        return cls

    return decorate


def _named_in(hint: object) -> list[type]:
    """The attrs classes and Enums a type hint names (through unions, containers and Annotated)."""
    found = [c for a in typing.get_args(hint) for c in _named_in(a)]
    if isinstance(hint, type) and (attrs.has(hint) or issubclass(hint, enum.Enum)):
        found.append(hint)
    return found


def register_records(prefix: str, *roots: type) -> None:
    """Register ``roots`` and every attrs class and Enum their fields' annotations name, however
    deep (an effect in the stack, an event, the options), under ``<prefix>.<ClassName>``: a game
    calls it once for its State and once for its actions instead of decorating each record.
    Classes of other packages (``core.Rng``) and classes already registered (under any tag) are
    left as they are. The tag is the class's name: renaming a class renames its tag (decorate the
    renamed class with ``@register`` and its old tag to keep old files readable)."""
    package = roots[0].__module__.rpartition(".")[0] + "." if roots else ""
    todo, seen = list(roots), set()
    while todo:
        cls = todo.pop()
        if cls in seen:
            continue
        seen.add(cls)
        if cls not in _TAG_OF and cls.__module__.startswith(package):
            register(f"{prefix}.{cls.__name__}")(cls)
        if attrs.has(cls):
            todo.extend(c for h in typing.get_type_hints(cls).values() for c in _named_in(h))


def _class_for(tag: object) -> type | None:
    """The class registered as ``tag``, loading its game package on first sight of the prefix."""
    if not isinstance(tag, str):
        return None
    cls = _BY_TAG.get(tag)
    if cls is None and _loader is not None and _TAG_SHAPE.fullmatch(tag):
        if _loader(tag.partition(".")[0]):
            cls = _BY_TAG.get(tag)
    return cls


#: Each registered class's checks of what it holds, run on every record read (see :func:`add_check`).
_CONTENT_CHECKS: dict[type, tuple[Callable[[Any], None], ...]] = {}


def add_check(cls: type, check: Callable[[Any], None]) -> None:
    """Run ``check(record)`` on every ``cls`` record read; it raises (any exception) with what is
    wrong. A game registers its checks from above its records (they read the rules), so a record
    class never imports the modules that check it."""
    if cls not in _TAG_OF:
        raise TypeError(f"{getattr(cls, '__qualname__', cls)!r} is not registered with the codec")
    if check not in _CONTENT_CHECKS.get(cls, ()):
        _CONTENT_CHECKS[cls] = (*_CONTENT_CHECKS.get(cls, ()), check)
        _ENTRIES.read.clear()  # a record read before was not checked by it


def registered() -> dict[str, type]:
    """A copy of the tag → class table."""
    return dict(_BY_TAG)


def _key(encoded: Any) -> str:
    """The canonical text of an encoded value (as :func:`dumps` writes it)."""
    return json.dumps(encoded, sort_keys=True, separators=(",", ":"), allow_nan=False)


#: The static records met while writing one text: id of the record -> (its digest, its canonical
#: text, the record itself, held so that its id is not reused while the text is written).
_Table = dict[int, tuple[str, str, Any]]


def encode(value: Any, table: _Table | None = None) -> Any:
    """The JSON-ready form of ``value`` (see the module's table). With a ``table`` (what
    :func:`dumps` passes), a static record is written as a reference and its text kept there."""
    kind = type(value)
    if value is None or kind is bool or kind is str:
        return value
    if kind is int:
        if value.bit_length() > 64:
            raise CodecError(f"cannot encode an int of {value.bit_length()} bits (64 bits at most)")
        return value
    spec = _RECORDS.get(kind)
    if spec is not None:
        if spec.static and table is not None:
            return _reference(value, table)
        out: dict[str, Any] = {"$r": spec.tag}
        for name in spec.names:
            out[name] = encode(getattr(value, name), table)
        for name, default in spec.added:
            if out[name] == default and type(out[name]) is type(default):  # as the text was before the field
                del out[name]
        return out
    if kind is tuple:
        return {"$t": [encode(v, table) for v in value]}
    if kind is _PVECTOR_TYPE:
        return {"$v": [encode(v, table) for v in value]}
    if isinstance(value, enum.Enum):  # before str/int/float: str- and int-valued enums
        return _encode_enum(value)
    return _encode_other(value, table)


def _reference(value: Any, table: _Table) -> dict[str, str]:
    """``{"$d": digest}`` for the static record ``value``, its text kept in ``table`` (written in
    full: an entry holds no reference, so that it reads alone)."""
    known = table.get(id(value))
    if known is None:
        text = _key(encode(value))
        known = table[id(value)] = (hashlib.sha256(text.encode("utf-8")).hexdigest(), text, value)
    return {"$d": known[0]}


def _encode_other(value: Any, table: _Table | None) -> Any:
    """``encode`` of the rarer kinds: subclasses of the plain types, floats and pyrsistent containers."""
    if isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, float):
        if not math.isfinite(value):
            raise CodecError(f"cannot encode non-finite float {value!r}")
        return value
    if isinstance(value, tuple):
        return {"$t": [encode(v, table) for v in value]}
    if isinstance(value, PVector):
        return {"$v": [encode(v, table) for v in value]}
    if isinstance(value, PMap):
        items = [[encode(k, table), encode(v, table)] for k, v in value.items()]
        items.sort(key=lambda kv: _key(kv[0]))
        return {"$m": items}
    if isinstance(value, (PSet, frozenset)):
        members = sorted((encode(v, table) for v in value), key=_key)
        return {"$s" if isinstance(value, PSet) else "$f": members}
    if isinstance(value, (list, dict, set, bytearray)):
        raise CodecError(
            f"cannot encode a mutable {type(value).__name__}: states hold tuples, "
            "pvector, pmap, pset or frozenset"
        )
    if attrs.has(type(value)) or isinstance(value, enum.Enum):
        raise CodecError(
            f"{type(value).__qualname__} is not registered with the codec (decorate it with @register)"
        )
    raise CodecError(f"cannot encode a value of type {type(value).__qualname__}")


def _encode_enum(value: enum.Enum) -> Any:
    tag = _TAG_OF.get(type(value))
    if tag is None:
        raise CodecError(f"enum {type(value).__qualname__} is not registered with the codec")
    return {"$e": tag, "v": encode(value.value)}


def _expect_list(obj: Any, what: str) -> list[Any]:
    if not isinstance(obj, list):
        raise CodecError(f"{what} must hold a JSON array, got {type(obj).__name__}")
    if len(obj) > MAX_ITEMS:
        raise CodecError(f"{what} holds {len(obj)} items; at most {MAX_ITEMS} are read")
    return obj


def _pset(items: list[Any]) -> PSet[Any]:
    """A pset with a bucket for every two members: ``pset(items)`` alone keeps eight buckets
    whatever the size, so every lookup (and comparing two sets) would scan an eighth of it."""
    return pset(items, pre_size=2 * len(items) or 8)


_CONTAINERS: dict[str, Callable[[list[Any]], Any]] = {
    "$t": tuple,
    "$v": pvector,
    "$s": _pset,
    "$f": frozenset,
}

# -- bounds on what is read ------------------------------------------------------------------------

#: The longest text :func:`loads` reads, in characters: the largest real state (a Raxxon table
#: with the largest card set a game accepts, 38 KB; an Arctic Scavengers table with every count at
#: its largest, 22 KB) with a margin of more than ten times. Checked before the text is parsed.
MAX_TEXT = 1024 * 1024
#: How deeply values may nest (a state nests a few levels; a card set inside it a few more).
MAX_DEPTH = 48
#: The most members one container may hold: the largest real one is an Arctic Scavengers pile
#: holding every card of the largest card set (24 types of 99 cards, 2,376), ten times over.
MAX_ITEMS = 25_000
#: The most digits an integer may have: every number in a state fits in 64 bits.
MAX_DIGITS = 20


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _said(message: str) -> str:
    """A check's own message, cut short: it may quote what it was given."""
    return message if len(message) <= 160 else message[:157] + "..."


# -- checking the fields of a record against its annotations ---------------------------------------

_Check = Callable[[Any], bool]
_CHECKS: dict[type, tuple[tuple[str, _Check], ...]] = {}


def _accept(value: Any) -> bool:
    return True


#: The checks of the plain types a field may be annotated with.
_PLAIN_CHECKS: dict[Any, _Check] = {
    None: lambda v: v is None,
    type(None): lambda v: v is None,
    bool: lambda v: type(v) is bool,
    int: lambda v: type(v) is int,
    float: lambda v: type(v) in (float, int),
    str: lambda v: type(v) is str,
}


def _checker(hint: Any) -> _Check:
    """A predicate for values of the type ``hint`` (the forms states use; anything else accepts)."""
    if hint is Any or hint is object:
        return _accept
    plain = _PLAIN_CHECKS.get(hint)
    if plain is not None:
        return plain
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        options = tuple(_checker(a) for a in args)
        if len(args) == 2 and type(None) in args:  # X | None
            other = options[1 - args.index(type(None))]
            return lambda v: v is None or other(v)
        return lambda v: any(check(v) for check in options)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            if args[0] in (int, str, bool):  # the common case, checked in C: the set of the members' types
                kinds = frozenset({args[0]})
                return lambda v: type(v) is tuple and kinds.issuperset(map(type, v))
            each = _checker(args[0])
            return lambda v: type(v) is tuple and all(each(x) for x in v)
        if args == ((),) or not args:
            return lambda v: type(v) is tuple and (not args or not v)
        parts = tuple(_checker(a) for a in args)
        return lambda v: type(v) is tuple and len(v) == len(parts) and all(c(x) for c, x in zip(parts, v))
    if origin in (frozenset, collections.abc.Set) and args:
        each = _checker(args[0])
        return lambda v: type(v) is frozenset and all(each(x) for x in v)
    if origin is typing.Literal:
        return lambda v: any(type(v) is type(a) and v == a for a in args)
    if isinstance(hint, type):
        if hint in (PVector, PMap, PSet) or origin is not None:
            return lambda v: isinstance(v, hint)
        return lambda v: isinstance(v, hint)
    if origin is not None and isinstance(origin, type):
        return lambda v: isinstance(v, origin)
    return _accept


#: One field of a record as read in one pass: its name, the plain type that needs no check (int, str
#: or bool, when the field is annotated so) or None, the field's check or None, and the type of the
#: members of a field annotated ``tuple[int, ...]`` or ``tuple[str, ...]`` (read without a call, see
#: :func:`_fields`) or None.
_Step = tuple[str, "type | None", "_Check | None", "frozenset[type] | None"]
#: Each record class's fields as read in one pass.
_PLANS: dict[type, tuple[_Step, ...]] = {}
_FLAT_TUPLES: dict[Any, frozenset[type]] = {tuple[int, ...]: frozenset({int}), tuple[str, ...]: frozenset({str})}


def _plan(cls: type) -> tuple[_Step, ...]:
    checks = dict(_field_checks(cls))
    try:
        hints = typing.get_type_hints(cls)
    except Exception:  # noqa: BLE001 - as in _field_checks
        hints = {}
    plan = tuple(
        (name, hints.get(name) if hints.get(name) in (int, str, bool) else None,
         None if checks.get(name, _accept) is _accept else checks[name], _FLAT_TUPLES.get(hints.get(name)))
        for name in _RECORDS[cls].read
    )
    _PLANS[cls] = plan
    return plan


def _field_checks(cls: type) -> tuple[tuple[str, _Check], ...]:
    checks = _CHECKS.get(cls)
    if checks is None:
        try:
            hints = typing.get_type_hints(cls)
        except Exception:  # noqa: BLE001 - a hint naming something only a type checker sees
            hints = {}
        checks = tuple((f.name, _checker(hints[f.name])) for f in attrs.fields(cls) if f.name in hints)
        _CHECKS[cls] = checks
    return checks


# -- decoding --------------------------------------------------------------------------------------

class _Static:
    """The static entries of one text, read once each: digest -> record, and those referred to;
    and ``keys``, the keys of the JSON objects read so far plus the colons of the strings read
    (what :func:`_read_plain` compares with the colons of the text)."""

    __slots__ = ("entries", "used", "keys")

    def __init__(self, entries: dict[str, Any]) -> None:
        self.entries = entries
        self.used: set[str] = set()
        self.keys = 0

    def get(self, name: Any) -> Any:
        if not isinstance(name, str) or name not in self.entries:
            raise CodecError(f"a reference to static entry {_short(name)}, which the text does not hold")
        self.used.add(name)
        return self.entries[name]


#: The most static entries one text may hold (a state holds a few: a book, a card set, a map).
MAX_STATIC = 64
_DIGEST_SHAPE = re.compile(r"[0-9a-f]{64}")


def decode(obj: Any, depth: int = 0, static: _Static | None = None) -> Any:
    """The value that :func:`encode` turned into ``obj``; CodecError for anything else.

    Records are checked as they are built: every field against the class's
    annotations, then the class's own ``__codec_check__`` (ranges, card sets),
    when it has one. ``static``: the entries a reference ``{"$d": ...}`` may name
    (:func:`loads` reads them from the text's table).
    """
    if type(obj) is not dict:
        if obj is None or isinstance(obj, (bool, str, int, float)):
            if static is not None and type(obj) is str:  # its colons counted (see _keys_once)
                static.keys += obj.count(":")
                return obj
            return _decode_scalar(obj)
        if depth > MAX_DEPTH:
            raise CodecError(f"values nest deeper than {MAX_DEPTH} levels")
        if isinstance(obj, list):
            raise CodecError("bare JSON arrays are not part of the format (tuples are {'$t': [...]})")
        raise CodecError(f"unexpected JSON value of type {type(obj).__name__}")
    if depth > MAX_DEPTH:
        raise CodecError(f"values nest deeper than {MAX_DEPTH} levels")
    if "$r" in obj:
        return _decode_record(obj, depth, static)
    if len(obj) == 1:
        (marker, payload), = obj.items()
        if static is not None:
            static.keys += 1
        if marker in _CONTAINERS:
            return _decode_container(marker, payload, depth, static)
        if marker == "$m":
            return _decode_map(payload, depth, static)
        if marker == "$d":
            if static is None:
                raise CodecError(f"a reference to static entry {_short(payload)}, which the text does not hold")
            return static.get(payload)
    elif len(obj) == 2 and "$e" in obj and "v" in obj:
        return _decode_enum(obj, depth, static)
    raise CodecError(f"unrecognised JSON object with keys {_short(sorted(obj)[:5])}")


def _decode_static(table: Any) -> _Static:
    """The entries of a text's ``$static`` table, each checked against its name and read once."""
    if not isinstance(table, dict):
        raise CodecError("$static must hold a JSON object of entries named by their digests")
    if len(table) > MAX_STATIC:
        raise CodecError(f"$static holds {len(table)} entries; at most {MAX_STATIC} are read")
    entries: dict[str, Any] = {}
    for name, entry in table.items():
        if not isinstance(name, str) or not _DIGEST_SHAPE.fullmatch(name):
            raise CodecError(f"a static entry is named by its SHA-256 in hex, not {_short(name)}")
        try:
            text = _key(entry)
        except (ValueError, RecursionError):
            raise CodecError(f"static entry {name[:12]}... is not a value of the format") from None
        if hashlib.sha256(text.encode("utf-8")).hexdigest() != name:
            raise CodecError(f"static entry {name[:12]}... does not match its digest: its content was changed")
        tag = entry.get("$r") if isinstance(entry, dict) else None
        cls = _class_for(tag)
        spec = _RECORDS.get(cls) if cls is not None else None
        if spec is None or not spec.static:
            raise CodecError(f"static entry {name[:12]}... is not a static record ({_short(tag)})")
        entries[name] = decode(entry, 1)
    return _Static(entries)


class _Entries:
    """The static entries read lately: digest -> (the entry's text, the record it reads as). A
    cache of a pure function (what an entry's text reads as, checks and all), as
    :class:`wasteland.core.data.DerivedCache` is: an entry whose text is character for character
    the text of one read before is that record again, so a book is read and checked once however
    many texts carry it. At most ``size`` entries of at most ``chars`` characters in all are kept
    (a server reading strangers' texts keeps a few megabytes at most); a check added to the codec
    empties it."""

    __slots__ = ("read", "size", "chars")

    def __init__(self, size: int, chars: int) -> None:
        self.read: dict[str, tuple[str, Any]] = {}
        self.size = size
        self.chars = chars

    def find(self, name: str, text: str, start: int) -> tuple[Any, int] | None:
        """The record and the end of its text, if the entry ``name`` at ``start`` is one read before."""
        known = self.read.get(name)
        if known is None or not text.startswith(known[0], start):
            return None
        return known[1], start + len(known[0])

    def keep(self, name: str, text: str, record: Any) -> None:
        if len(text) > self.chars:
            return
        kept = list(self.read.values())  # copied at once: another thread may read a text meanwhile
        if len(kept) >= self.size or sum(len(one) for one, _ in kept) + len(text) > self.chars:
            self.read.clear()
        self.read[name] = (text, record)


#: The static entries read lately: 32 of them, 4 MiB of text in all (Aftermath's book is 19 KiB).
_ENTRIES = _Entries(32, 4 * 1024 * 1024)


def forget_static() -> None:
    """Forget the static entries read lately: the next text that holds one reads it afresh (as a
    new process would; :mod:`wasteland.weight` does so to measure a state that shares nothing)."""
    _ENTRIES.read.clear()

#: How :func:`dumps` lays out a text with a ``$static`` table (see :func:`_read_shared`).
_HEAD = '{"$static":{'
_VALUE = ',"$value":'


def _read_shared(text: str, decoder: json.JSONDecoder) -> Any:
    """The value of a text with a ``$static`` table laid out exactly as :func:`dumps` writes it,
    each entry read from its own text: an entry whose text is one read lately (:data:`_ENTRIES`)
    is not parsed, hashed or checked again; another is parsed and its text must be its canonical
    text (what :func:`_decode_static` hashes), hashed and read. Every check of
    :func:`_decode_text` is made; a text laid out otherwise, or refused, raises ``_Other``, and
    :func:`loads` reads it the general way (which says what is wrong)."""
    pos = len(_HEAD)
    entries: dict[str, Any] = {}
    new: list[tuple[str, str, Any]] = []
    while True:
        name = text[pos + 1:pos + 65]
        if (len(entries) >= MAX_STATIC or text[pos:pos + 1] != '"' or text[pos + 65:pos + 67] != '":'
                or not _DIGEST_SHAPE.fullmatch(name) or name in entries):
            raise _Other
        pos += 67
        found = _ENTRIES.find(name, text, pos)
        if found is None:
            entry, end = decoder.raw_decode(text, pos)
            canonical = _key(entry)
            if canonical != text[pos:end] or hashlib.sha256(canonical.encode("utf-8")).hexdigest() != name:
                raise _Other
            cls = _class_for(entry.get("$r") if isinstance(entry, dict) else None)
            spec = _RECORDS.get(cls) if cls is not None else None
            if spec is None or not spec.static:
                raise _Other
            found = decode(entry, 1), end
            new.append((name, canonical, found[0]))
        entries[name], pos = found
        pos += 1
        if text[pos - 1:pos] == "}":
            break
        if text[pos - 1:pos] != ",":
            raise _Other
    if not text.startswith(_VALUE, pos):
        raise _Other
    start = pos + len(_VALUE)
    obj, end = decoder.raw_decode(text, start)
    if end != len(text) - 1 or text[end] != "}":
        raise _Other
    static = _Static(entries)
    value = decode(obj, 1, static)
    if static.entries.keys() - static.used or not _keys_once(text, start, end, static):
        raise _Other
    for name, canonical, record in new:
        _ENTRIES.keep(name, canonical, record)
    return value


class _Other(Exception):
    """A text :func:`_read_shared` or :func:`_read_plain` leaves to the general reading."""


def _read_plain(text: str, decoder: json.JSONDecoder) -> Any:
    """The value of a text without a ``$static`` table, parsed without a hook of its own on every
    object (:func:`_unique`, which makes parsing twice as dear) and held to the same checks: that
    no object lists a key twice is known from the colons counted as it is read
    (:func:`_keys_once`). A text that is not shown so, or that is refused, raises ``_Other``, and
    :func:`loads` reads it the general way (which says what is wrong)."""
    obj, end = decoder.raw_decode(text, 0)  # dumps writes no space before or after the value
    if end != len(text) or type(obj) is dict and "$static" in obj:
        raise _Other
    static = _Static({})  # no entry: a reference is refused as it is without a table
    value = decode(obj, 0, static)
    if not _keys_once(text, 0, len(text), static):
        raise _Other
    return value


def _keys_once(text: str, start: int, end: int, static: _Static) -> bool:
    """Whether no JSON object in ``text[start:end]`` lists a key twice, given ``static.keys``: the
    keys of the parsed objects the reading met plus the colons of the strings it met, each once.

    A colon of the text is a key's (one a key written, duplicates too) or a string's; when no
    string escapes a colon (``\\u003a``), a string read holds no more colons than its text. So
    the colons of the text are at least the keys written plus the colons of the strings read, and
    the keys written at least the keys parsed (a key written twice is parsed once): the two
    counts are equal only when every object's keys were all parsed, none written twice. (A
    reading that missed an object or a string's colons counts less: the text is read the
    general way, which refuses what is wrong.)"""
    return text.count(":", start, end) == static.keys and text.find("\\u003", start, end) < 0


def _decode_text(obj: Any) -> Any:
    """The value of a parsed text: ``{"$static": ..., "$value": ...}`` or a value alone."""
    if type(obj) is not dict or "$static" not in obj:
        return decode(obj)
    if obj.keys() != {"$static", "$value"}:
        raise CodecError("a text with a $static table holds $static and $value, nothing else")
    static = _decode_static(obj["$static"])
    value = decode(obj["$value"], 1, static)
    unused = static.entries.keys() - static.used
    if unused:
        raise CodecError(f"static entry {min(unused)[:12]}... is never referred to")
    return value


def _decode_scalar(obj: Any) -> Any:
    if isinstance(obj, int) and not isinstance(obj, bool) and obj.bit_length() > 64:
        raise CodecError(f"the number {_short(obj)} is out of range (64 bits at most)")
    if isinstance(obj, float) and not math.isfinite(obj):
        raise CodecError(f"non-finite number {obj!r} is not part of the format")
    return obj


def _decode_enum(obj: dict[str, Any], depth: int, static: _Static | None = None) -> Any:
    if static is not None:  # a value that is not a str or a number is not counted: read the general way
        static.keys += 2 + (obj["v"].count(":") if type(obj["v"]) is str else 0)
    cls = _class_for(obj["$e"])
    if cls is None or not issubclass(cls, enum.Enum):
        raise CodecError(f"unknown enum tag {_short(obj['$e'])}")
    value = obj["v"]
    if type(value) is str:  # a member's own value, looked up without the Enum's call
        member = cls._value2member_map_.get(value)
        if member is not None and type(member.value) is str:
            return member
    try:
        return cls(decode(value, depth + 1))
    except CodecError:
        raise
    except Exception as exc:  # ValueError, or whatever a custom _missing_ raises
        raise CodecError(f"{_short(obj['v'])} is not a member of {obj['$e']}") from exc


#: The members of a container that are read as they are when they are all of one of these types
#: (checked in C); an int still within 64 bits.
_AS_IS: tuple[frozenset[type], ...] = (frozenset({int}), frozenset({str}), frozenset())
_INT_BOUND = 2**64


def _decode_container(marker: str, payload: Any, depth: int, static: _Static | None) -> Any:
    items = _expect_list(payload, marker)
    kinds = frozenset(map(type, items))
    if kinds not in _AS_IS or (kinds == _AS_IS[0] and not -_INT_BOUND < min(items) <= max(items) < _INT_BOUND):
        items = [_decode_member(v, depth + 1, static) for v in items]
    elif kinds == _AS_IS[1] and static is not None:
        static.keys += "".join(items).count(":")
    if marker in ("$s", "$f"):
        _hashable(items, marker)
    built = _CONTAINERS[marker](items)
    if marker in ("$s", "$f") and len(built) != len(items):
        raise CodecError(f"{marker} lists a member twice")
    return built


def _decode_member(obj: Any, depth: int, static: _Static | None) -> Any:
    """``decode(obj, depth, static)``, a tuple or pvector of ints (within 64 bits) or of strs (a hand
    in a tuple of hands) read without a call of its own."""
    if type(obj) is dict and len(obj) == 1 and depth <= MAX_DEPTH:
        (marker, items), = obj.items()
        if (marker == "$t" or marker == "$v") and type(items) is list and len(items) <= MAX_ITEMS:
            kinds = frozenset(map(type, items))
            if kinds == _AS_IS[1] or kinds == _AS_IS[2] or (
                    kinds == _AS_IS[0] and -_INT_BOUND < min(items) <= max(items) < _INT_BOUND):
                if static is not None:
                    static.keys += 1 + ("".join(items).count(":") if kinds == _AS_IS[1] else 0)
                return tuple(items) if marker == "$t" else pvector(items)
    return decode(obj, depth, static)


def _decode_map(payload: Any, depth: int, static: _Static | None) -> Any:
    keys, values = [], []
    for pair in _expect_list(payload, "$m"):
        if not isinstance(pair, list) or len(pair) != 2:
            raise CodecError("$m entries must be [key, value] pairs")
        keys.append(decode(pair[0], depth + 1, static))
        values.append(decode(pair[1], depth + 1, static))
    _hashable(keys, "$m")
    out = dict(zip(keys, values))
    if len(out) != len(keys):
        raise CodecError("$m lists a key twice")
    return pmap(out)


def _hashable(members: list[Any], marker: str) -> None:
    """Members of sets and keys of maps: hashable, and not a crafted flood of equal hashes.

    Every integer read fits in 64 bits, so at most a few dozen distinct integers share a hash;
    a set whose members pile up on a few hashes is refused before it is built, which keeps
    building it linear.
    """
    counts: dict[int, int] = {}
    limit = 64
    for member in members:
        try:
            h = hash(member)
        except TypeError:
            raise CodecError(f"{marker} holds an unhashable member") from None
        n = counts.get(h, 0) + 1
        if n > limit:
            raise CodecError(f"{marker} holds too many members of the same hash")
        counts[h] = n


def _decode_record(obj: dict[str, Any], depth: int, static: _Static | None) -> Any:
    tag = obj["$r"]
    cls = _BY_TAG.get(tag) if type(tag) is str else None
    if cls is None:
        cls = _class_for(tag)
    spec = _RECORDS.get(cls) if cls is not None else None
    if cls is None or spec is None:
        raise CodecError(f"unknown record tag {_short(tag)}")
    if obj.keys() == spec.written:  # every field, as dumps writes them: read, checked and built in one call
        read = _READERS.get(cls)
        built = (_reader(cls) if read is None else read)(obj, depth, static)
    else:
        values = _fields(cls, spec, obj, depth, static)
        try:
            built = cls(**{spec.aliases[name]: value for name, value in values.items()})
        except CodecError:
            raise
        except Exception as exc:  # converters and validators may raise anything
            raise CodecError(f"{tag}: {_said(str(exc))}") from None
    for check_content in _CONTENT_CHECKS.get(cls, ()):
        try:
            check_content(built)
        except CodecError:
            raise
        except Exception as exc:  # noqa: BLE001 - a record's own check names what is wrong
            raise CodecError(f"{tag}: {_said(str(exc))}") from None
    return built


def _fields(cls: type, spec: _RecordSpec, obj: dict[str, Any], depth: int, static: _Static | None) -> dict[str, Any]:
    """The values of a record's fields read from ``obj`` (written otherwise than :func:`dumps`
    writes them: a default left out), each checked against its annotation."""
    tag = spec.tag
    if static is not None:
        static.keys += len(obj)
    given = obj.keys() - {"$r"} - spec.derived  # derived fields are rebuilt by the class
    missing = spec.required - given
    extra = given - spec.aliases.keys()
    if missing or extra:
        raise CodecError(
            f"{tag}: fields do not match"
            + (f"; missing {sorted(missing)}" if missing else "")
            + (f"; unknown {_short(sorted(extra))}" if extra else "")
        )
    values = {name: decode(obj[name], depth + 1, static) for name in given}
    for name, check_field in _field_checks(cls):
        if name in values and not check_field(values[name]):
            raise CodecError(f"{tag}.{name}: {_short(values[name])} is not of the field's type")
    return values


#: A record written as :func:`dumps` writes it, read: (the parsed object, its depth, the text's
#: entries and count) -> the record, built (see :func:`_reader`).
_Reader = Callable[[dict[str, Any], int, "_Static | None"], Any]
#: Each record class's reader, made when the class is first read.
_READERS: dict[type, _Reader] = {}


def _reader(cls: type) -> _Reader:
    """The reading of a ``cls`` record written with every field, made one function (as the engine
    makes an action's door and a working copy): a statement a field, the common values read
    inline (an int within 64 bits for an int field, a str for a str field, a bool for a bool
    field, a ``{"$t": [...]}`` of ints within 64 bits or of strs for a ``tuple[int, ...]`` or
    ``tuple[str, ...]`` field, all checked in C), any other value read and checked against the
    field's annotation by :func:`_field`; then the record built with one call, a converter's or
    validator's exception said as a CodecError. It counts what :func:`_keys_once` needs. In a
    record with two or more ``tuple[tuple[int, ...], ...]`` fields, its fields of ints (those and
    its ``tuple[int, ...]`` ones, most of a table) are first looked at together
    (:func:`_together`); when any of them is written otherwise, each is read alone as above. A
    field holding a record (or None) is read by that record's reader without a call between."""
    spec = _RECORDS[cls]
    namespace: dict[str, Any] = {
        "CLS": cls, "B": _INT_BOUND, "MAX_DEPTH": MAX_DEPTH, "MAX_ITEMS": MAX_ITEMS, "CodecError": CodecError,
        "REFUSED": lambda exc: CodecError(f"{spec.tag}: {_said(str(exc))}"), "TUPLES": _tuples,
    }
    lines = ["def read(obj, depth, static):", "    if static is not None:",
             f"        static.keys += {len(spec.written)}"]
    arguments = []
    try:
        hints = typing.get_type_hints(cls)
    except Exception:  # noqa: BLE001 - as in _field_checks
        hints = {}
    plan = _plan(cls)
    # the fields of ints (a tuple of them, or a tuple of tuples of them) read together first, in a
    # record with several tuples of tuples (a table with per-seat hands: many short lists); a record
    # with fewer reads each field inline, which costs less for a few long lists
    flats = [i for i, (_, _, _, flat) in enumerate(plan) if flat == _INTS_ONLY]
    nests = [i for i, (name, *_) in enumerate(plan) if _NESTED_TUPLES.get(hints.get(name)) == _INTS_ONLY]
    together = frozenset(flats + nests) if len(nests) > 1 else frozenset()
    if together:
        namespace["TOGETHER"] = _together(tuple(plan[i][0] for i in flats), tuple(plan[i][0] for i in nests))
        lines += ["    ints = TOGETHER(obj, depth, static)", "    if ints is not None:",
                  f"        {', '.join(f'v{i}' for i in flats + nests)}, = ints"]
    for i, (name, plain, check, flat) in enumerate(plan):
        namespace[f"NAME{i}"] = name
        namespace[f"FIELD{i}"] = lambda value, depth, static, name=name, plain=plain, check=check: _field(
            spec.tag, name, plain, check, value, depth, static)
        alone = [f"    v{i} = obj[NAME{i}]", *_read_field(i, hints.get(name), plain, flat, namespace)]
        lines += ["    if ints is None:", *("    " + line for line in alone)] if i in together else alone
        arguments.append(f"{spec.aliases[name]}=v{i}")
    lines += ["    try:", f"        return CLS({', '.join(arguments)})", "    except CodecError:", "        raise",
              "    except Exception as exc:", "        raise REFUSED(exc) from None"]
    exec(compile("\n".join(lines), f"<reader of {cls.__qualname__}>", "exec"), namespace)  # noqa: S102
    read: _Reader = namespace["read"]
    _READERS[cls] = read
    return read


#: No two ints within these bounds share a hash but -1 and -2 (``hash(n) == n`` below ``2**61 - 1``):
#: a set of them cannot be a flood of equal hashes (see :func:`_hashable`).
_HASH_BOUND = 2**60


def _read_field(i: int, hint: Any, plain: type | None, flat: frozenset[type] | None,
                namespace: dict[str, Any]) -> list[str]:
    """The statements of :func:`_reader` that read the field ``i`` (its value in ``v<i>``): the
    common values inline, anything else by ``FIELD<i>`` (:func:`_field`)."""
    v, field = f"v{i}", f"        v{i} = FIELD{i}(v{i}, depth, static)"
    nested = _NESTED_TUPLES.get(hint)
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    record = _record_of(hint)
    lines: list[str] = []
    if flat is not None:
        namespace[f"FLAT{i}"] = flat
        within = " and (not items or -B < min(items) and max(items) < B)" if int in flat else ""
        colons = ' + "".join(items).count(":")' if str in flat else ""
        lines += [f"    items = {v}.get('$t') if type({v}) is dict and len({v}) == 1 and depth < MAX_DEPTH "
                  "else None",
                  "    if type(items) is list and len(items) <= MAX_ITEMS and "
                  f"FLAT{i}.issuperset(map(type, items)){within}:",
                  f"        {v} = tuple(items)", "        if static is not None:",
                  f"            static.keys += 1{colons}", "    else:", field]
    elif nested is not None:
        namespace[f"NESTED{i}"] = nested
        lines += [f"    items = {v}.get('$t') if type({v}) is dict and len({v}) == 1 and depth + 2 <= MAX_DEPTH "
                  "else None",
                  f"    got = TUPLES(items, NESTED{i}, static) if type(items) is list else None",
                  "    if got is None:", field, "    else:", f"        {v} = got"]
    elif plain is int:
        lines += [f"    if type({v}) is not int or not -B < {v} < B:", field]
    elif plain is str:
        lines += [f"    if type({v}) is not str:", field, "    elif static is not None:",
                  f"        static.keys += {v}.count(':')"]
    elif plain is bool:
        lines += [f"    if type({v}) is not bool:", field]
    elif hint in (int | None, str | None):  # None, or an int within 64 bits, or a str (its colons counted)
        kind = "int" if hint == int | None else "str"
        lines += [f"    if {v} is None:", "        pass",
                  f"    elif type({v}) is not {kind}" + (f" or not -B < {v} < B:" if kind == "int" else ":"), field]
        if kind == "str":
            lines += ["    elif static is not None:", f"        static.keys += {v}.count(':')"]
    elif hint == frozenset[int]:  # {"$f": [...]} of ints that cannot share a hash, none twice
        namespace["HASH_BOUND"], namespace["INTS"] = _HASH_BOUND, frozenset({int})
        lines += [f"    items = {v}.get('$f') if type({v}) is dict and len({v}) == 1 and depth < MAX_DEPTH else None",
                  "    got = frozenset(items) if type(items) is list and len(items) <= MAX_ITEMS and "
                  "INTS.issuperset(map(type, items)) and (not items or -HASH_BOUND < min(items) and "
                  "max(items) < HASH_BOUND) else None",
                  "    if got is None or len(got) != len(items):", field, "    else:", f"        {v} = got",
                  "        if static is not None:", "            static.keys += 1"]
    elif origin is tuple and len(args) == 2 and args[1] is Ellipsis:  # {"$t": []}: an empty tuple
        lines += [f"    if type({v}) is dict and len({v}) == 1 and {v}.get('$t') == [] and depth < MAX_DEPTH:",
                  f"        {v} = ()", "        if static is not None:", "            static.keys += 1",
                  "    else:", field]
    elif isinstance(hint, type) and issubclass(hint, enum.Enum) and hint in _TAG_OF and all(
            type(member.value) is str for member in hint):  # a member written by its str value
        namespace[f"TAG{i}"], namespace[f"MEMBERS{i}"] = _TAG_OF[hint], hint._value2member_map_
        lines += [f"    w = {v}.get('v') if type({v}) is dict and len({v}) == 2 and {v}.get('$e') == TAG{i} "
                  "and depth < MAX_DEPTH else None",
                  f"    got = MEMBERS{i}.get(w) if type(w) is str else None",
                  "    if got is None:", field, "    else:", f"        {v} = got",
                  "        if static is not None:", "            static.keys += 2 + w.count(':')"]
    elif record is not None:  # a record (or None) written in full: read by its own reader
        namespace[f"TAG{i}"], namespace["RECORD"] = _RECORDS[record].tag, _decode_record
        none = hint is not record
        written = f"type({v}) is dict and {v}.get('$r') == TAG{i} and depth < MAX_DEPTH:"
        lines += [*([f"    if {v} is None:", "        pass", f"    elif {written}"] if none else [f"    if {written}"]),
                  f"        {v} = RECORD({v}, depth + 1, static)", "    else:", field]
    else:
        lines.append(field[4:])
    return lines


def _record_of(hint: Any) -> type | None:
    """The registered record class ``hint`` names, alone or with None (``X | None``), or None."""
    args = typing.get_args(hint)
    if typing.get_origin(hint) in (typing.Union, types.UnionType) and len(args) == 2 and type(None) in args:
        hint = args[1 - args.index(type(None))]
    return hint if isinstance(hint, type) and hint in _RECORDS else None


#: The fields read by :func:`_tuples`: a tuple of tuples of ints or of strs (the hands of the players).
_NESTED_TUPLES: dict[Any, frozenset[type]] = {tuple[tuple[int, ...], ...]: frozenset({int}),
                                              tuple[tuple[str, ...], ...]: frozenset({str})}


def _tuples(items: list[Any], members: frozenset[type], static: _Static | None) -> tuple[tuple[Any, ...], ...] | None:
    """The members of ``{"$t": items}`` read as a tuple of tuples of ``members`` (ints within 64 bits
    or strs), each written ``{"$t": [...]}``: what decode and a ``tuple[tuple[int, ...], ...]``
    field's check would make of it, in one call, every member looked at in C at once (their types
    and lengths, then the least and greatest of all their ints); None for anything else (read by
    them)."""
    if len(items) > MAX_ITEMS or not _DICTS.issuperset(map(type, items)) or not _ONE.issuperset(map(len, items)):
        return None
    try:
        inners = list(map(_INNER, items))
    except KeyError:  # an object with another key than "$t"
        return None
    if not _LISTS.issuperset(map(type, inners)) or inners and max(map(len, inners)) > MAX_ITEMS:
        return None
    flat = list(_chain(inners))
    if not members.issuperset(map(type, flat)):
        return None
    keys = 1 + len(items)
    if int in members:
        if flat and not (-_INT_BOUND < min(flat) and max(flat) < _INT_BOUND):
            return None
    else:
        keys += "".join(flat).count(":")
    if static is not None:
        static.keys += keys
    return tuple(map(tuple, inners))


_INTS_ONLY = frozenset({int})


def _together(flat: tuple[str, ...], nested: tuple[str, ...]) -> Callable[[dict[str, Any], int, _Static | None],
                                                                           list[Any] | None]:
    """The reading of a record's fields of ints at once: ``flat`` fields written ``{"$t": [ints]}`` and
    ``nested`` ones written ``{"$t": [{"$t": [ints]}, ...]}`` (the players' hands), every value looked
    at in C together (the objects' types and lengths, the lists' lengths, then the least and the
    greatest of all their ints), as :func:`_reader` and :func:`_tuples` read each of them; the values
    of the fields in that order, or None when any of them is anything else (each is then read alone,
    which says what is wrong)."""
    names, count = flat + nested, len(flat)

    def read(obj: dict[str, Any], depth: int, static: _Static | None) -> list[Any] | None:
        written = list(map(obj.__getitem__, names))
        if (depth + 2 > MAX_DEPTH or not _DICTS.issuperset(map(type, written))
                or not _ONE.issuperset(map(len, written))):
            return None
        lists: list[Any] = list(map(dict.get, written, _REPEAT_T))
        if not _LISTS.issuperset(map(type, lists)) or max(map(len, lists)) > MAX_ITEMS:
            return None
        outer = lists[count:]
        members = list(_chain(outer))
        if not _DICTS.issuperset(map(type, members)) or not _ONE.issuperset(map(len, members)):
            return None
        inners: list[Any] = list(map(dict.get, members, _REPEAT_T))
        if not _LISTS.issuperset(map(type, inners)) or inners and max(map(len, inners)) > MAX_ITEMS:
            return None
        ints = list(_chain(lists[:count]))
        ints += _chain(inners)
        if not _INTS_ONLY.issuperset(map(type, ints)) or ints and not (
                -_INT_BOUND < min(ints) and max(ints) < _INT_BOUND):
            return None
        if static is not None:
            static.keys += len(written) + len(members)
        values: list[Any] = list(map(tuple, lists[:count]))
        rows = map(tuple, inners)
        values += [tuple(itertools.islice(rows, len(one))) for one in outer]
        return values
    return read


#: What :func:`_tuples` and :func:`_together` read in C: the members' types and lengths, and a member's list.
_DICTS, _LISTS, _ONE = frozenset({dict}), frozenset({list}), frozenset({1})
_INNER = operator.itemgetter("$t")
_REPEAT_T = itertools.repeat("$t")
_chain = itertools.chain.from_iterable


def _field(tag: str, name: str, plain: type | None, check: _Check | None, value: Any, depth: int,
           static: _Static | None) -> Any:
    """The value of the field ``name`` read from ``value`` and checked against its annotation."""
    kind = type(value)
    if kind is int:
        if not -_INT_BOUND < value < _INT_BOUND:
            _decode_scalar(value)
    elif kind is str:
        if static is not None:
            static.keys += value.count(":")
    elif kind is not bool and value is not None:
        value = decode(value, depth + 1, static)
    if kind is not plain and check is not None and not check(value):
        raise CodecError(f"{tag}.{name}: {_short(value)} is not of the field's type")
    return value


def dumps(value: Any, *, share: bool = True) -> str:
    """Canonical JSON text for a registered record (or any encodable value); each static record
    in it written once, in the ``$static`` table at its head (see the module's docstring).
    ``share=False``: every static record written in full where it stands (the text :func:`digest`
    hashes, and the only text there was before static records; :func:`loads` reads both)."""
    if not share:
        return _text(encode(value))
    table: _Table = {}
    body = _text(encode(value, table))
    if not table:
        return body
    entries = sorted({name: text for name, text, _ in table.values()}.items())
    return '{"$static":{' + ",".join(f'"{name}":{text}' for name, text in entries) + '},"$value":' + body + "}"


def _text(encoded: Any) -> str:
    try:
        return json.dumps(encoded, sort_keys=True, separators=(",", ":"), allow_nan=False)
    except ValueError as exc:  # an int too long for Python's int-to-text limit
        raise CodecError(f"cannot write as JSON: {exc}") from exc


def _refuse_constant(name: str) -> Any:
    raise CodecError(f"non-finite number {name} is not part of the format")


#: Python's own bound on the digits of a number read from text (``sys.get_int_max_str_digits``):
#: while it is in force, no number takes long to read, and the numbers' digits need no check of
#: their own (a number beyond 64 bits is refused as it is decoded).
_PYTHON_DIGITS = 4300


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise CodecError(f"a number of {len(text)} digits is out of range")
    return int(text)


def _unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise CodecError(f"the key {_short(key)} appears twice in one object")
            seen.add(key)
    return out


#: The parsers of :func:`_read_shared` and :func:`_read_plain`, as :func:`loads` parses (Python
#: bounding the digits of a number, or not), without the hook that refuses a key written twice:
#: they find one by counting (:func:`_keys_once`).
_DECODER = json.JSONDecoder(parse_constant=_refuse_constant)
_BOUNDED_DECODER = json.JSONDecoder(parse_constant=_refuse_constant, parse_int=_bounded_int)


def loads(text: str | bytes) -> Any:
    """The value written by :func:`dumps`; anything else raises CodecError (one short line).

    Bounded: at most ``MAX_TEXT`` characters, ``MAX_DEPTH`` levels, ``MAX_ITEMS`` members a
    container, 64-bit numbers; duplicate keys, NaN and Infinity and text that is not UTF-8 are
    refused; every record is checked as it is built (see :func:`decode`).
    """
    if not isinstance(text, (str, bytes, bytearray)):
        raise CodecError(f"loads reads text, got {type(text).__name__}")
    if len(text) > MAX_TEXT:
        raise CodecError(f"the text is longer than {MAX_TEXT} characters")
    if not isinstance(text, str):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise CodecError(f"not UTF-8 text (byte {exc.start})") from None
    python_bounds = 0 < sys.get_int_max_str_digits() <= _PYTHON_DIGITS
    try:
        read = _read_shared if text.startswith(_HEAD) else _read_plain
        return read(text, _DECODER if python_bounds else _BOUNDED_DECODER)
    except (_Other, ValueError, RecursionError):  # CodecError too: said as the general reading says it
        pass
    try:
        if python_bounds:
            try:  # Python bounds the digits of a number it reads: its C parser reads them all
                obj = json.loads(text, parse_constant=_refuse_constant, object_pairs_hook=_unique)
            except ValueError:  # say why as the bounded parse says it
                obj = json.loads(text, parse_constant=_refuse_constant, parse_int=_bounded_int,
                                 object_pairs_hook=_unique)
        else:
            obj = json.loads(text, parse_constant=_refuse_constant, parse_int=_bounded_int,
                             object_pairs_hook=_unique)
    except CodecError:
        raise
    except RecursionError:
        raise CodecError("JSON nested too deeply") from None
    except (ValueError, TypeError) as exc:
        raise CodecError(f"not valid JSON: {_short(str(exc))}") from None
    return _decode_text(obj)


def digest(value: Any) -> str:
    """SHA-256 (hex) of the canonical JSON of ``value``, static records written in full (so the
    digest of a value is the same whatever shares its static data)."""
    return hashlib.sha256(dumps(value, share=False).encode("utf-8")).hexdigest()
