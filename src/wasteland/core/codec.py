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
======================  ==============================================

Plain lists and dicts are refused: they are mutable and have no place in a state.
"""

from __future__ import annotations

import enum
import hashlib
import json
import math
from typing import Any, Callable, TypeVar

import attrs
from pyrsistent import PMap, PSet, PVector, pmap, pset, pvector

__all__ = ["CodecError", "register", "registered", "dumps", "loads", "digest", "encode", "decode"]

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


_RECORDS: dict[type, _RecordSpec] = {}
_PVECTOR_TYPE: type = type(pvector())


def _spec(cls: type, tag: str) -> _RecordSpec:
    fields = attrs.fields(cls)
    return _RecordSpec(
        tag=tag,
        names=tuple(f.name for f in fields),
        aliases={f.name: f.alias or f.name for f in fields if f.init},
        required=frozenset(f.name for f in fields if f.init and f.default is attrs.NOTHING),
        derived=frozenset(f.name for f in fields if not f.init),
    )


def _tag_for(cls: type) -> str:
    module = cls.__module__
    if module.startswith("wasteland."):
        module = module[len("wasteland."):]
    return f"{module}.{cls.__qualname__}"


def register(cls: T) -> T:
    """Allow an attrs class or an Enum to be written and read. Use as a decorator."""
    if not (attrs.has(cls) or issubclass(cls, enum.Enum)):
        raise TypeError(f"{cls.__qualname__} is neither an attrs class nor an Enum")
    tag = _tag_for(cls)
    known = _BY_TAG.get(tag)
    if known is not None and known is not cls:
        raise TypeError(f"codec tag {tag!r} is already taken by another class")
    _BY_TAG[tag] = cls
    _TAG_OF[cls] = tag
    if attrs.has(cls):
        _RECORDS[cls] = _spec(cls, tag)
    return cls


def registered() -> dict[str, type]:
    """A copy of the tag → class table."""
    return dict(_BY_TAG)


def _key(encoded: Any) -> str:
    return json.dumps(encoded, sort_keys=True, separators=(",", ":"))


def encode(value: Any) -> Any:
    """The JSON-ready form of ``value`` (see the module's table)."""
    kind = type(value)
    if value is None or kind is bool or kind is int or kind is str:
        return value
    spec = _RECORDS.get(kind)
    if spec is not None:
        out: dict[str, Any] = {"$r": spec.tag}
        for name in spec.names:
            out[name] = encode(getattr(value, name))
        return out
    if kind is tuple:
        return {"$t": [encode(v) for v in value]}
    if kind is _PVECTOR_TYPE:
        return {"$v": [encode(v) for v in value]}
    if isinstance(value, enum.Enum):  # before str/int/float: str- and int-valued enums
        return _encode_enum(value)
    if isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, float):
        if not math.isfinite(value):
            raise CodecError(f"cannot encode non-finite float {value!r}")
        return value
    if isinstance(value, tuple):
        return {"$t": [encode(v) for v in value]}
    if isinstance(value, PVector):
        return {"$v": [encode(v) for v in value]}
    if isinstance(value, PMap):
        items = [[encode(k), encode(v)] for k, v in value.items()]
        items.sort(key=lambda kv: _key(kv[0]))
        return {"$m": items}
    if isinstance(value, (PSet, frozenset)):
        members = sorted((encode(v) for v in value), key=_key)
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
    return obj


_CONTAINERS: dict[str, Callable[[list[Any]], Any]] = {
    "$t": tuple,
    "$v": pvector,
    "$s": pset,
    "$f": frozenset,
}


def decode(obj: Any) -> Any:
    """The value that :func:`encode` turned into ``obj``."""
    if obj is None or isinstance(obj, (bool, int, str)):
        return obj
    if isinstance(obj, float):
        if not math.isfinite(obj):
            raise CodecError(f"non-finite number {obj!r} is not part of the format")
        return obj
    if isinstance(obj, list):
        raise CodecError("bare JSON arrays are not part of the format (tuples are {'$t': [...]})")
    if not isinstance(obj, dict):
        raise CodecError(f"unexpected JSON value of type {type(obj).__name__}")
    if "$r" in obj:
        return _decode_record(obj)
    if len(obj) == 2 and "$e" in obj and "v" in obj:
        cls = _BY_TAG.get(obj["$e"]) if isinstance(obj["$e"], str) else None
        if cls is None or not issubclass(cls, enum.Enum):
            raise CodecError(f"unknown enum tag {obj['$e']!r}")
        try:
            return cls(decode(obj["v"]))
        except CodecError:
            raise
        except Exception as exc:  # ValueError, or whatever a custom _missing_ raises
            raise CodecError(f"{obj['v']!r} is not a member of {obj['$e']}") from exc
    if len(obj) == 1:
        (marker, payload), = obj.items()
        build = _CONTAINERS.get(marker)
        if build is not None:
            items = [decode(v) for v in _expect_list(payload, marker)]
            try:
                built = build(items)
            except TypeError as exc:
                raise CodecError(f"{marker} holds an unhashable member") from exc
            if marker in ("$s", "$f") and len(built) != len(items):
                raise CodecError(f"{marker} lists a member twice")
            return built
        if marker == "$m":
            pairs = _expect_list(payload, "$m")
            out = {}
            for pair in pairs:
                if not isinstance(pair, list) or len(pair) != 2:
                    raise CodecError("$m entries must be [key, value] pairs")
                key = decode(pair[0])
                value = decode(pair[1])
                try:
                    if key in out:
                        raise CodecError(f"$m lists the key {pair[0]!r} twice")
                    out[key] = value
                except TypeError as exc:
                    raise CodecError("$m holds an unhashable key") from exc
            return pmap(out)
    raise CodecError(f"unrecognised JSON object with keys {sorted(obj)[:5]}")


def _decode_record(obj: dict[str, Any]) -> Any:
    tag = obj["$r"]
    cls = _BY_TAG.get(tag) if isinstance(tag, str) else None
    spec = _RECORDS.get(cls) if cls is not None else None
    if cls is None or spec is None:
        raise CodecError(f"unknown record tag {tag!r}")
    given = obj.keys() - {"$r"} - spec.derived  # derived fields are rebuilt by the class
    missing = spec.required - given
    extra = given - spec.aliases.keys()
    if missing or extra:
        raise CodecError(
            f"{tag}: fields do not match"
            + (f"; missing {sorted(missing)}" if missing else "")
            + (f"; unknown {sorted(extra)}" if extra else "")
        )
    aliases = spec.aliases
    kwargs = {aliases[name]: decode(obj[name]) for name in given}
    try:
        return cls(**kwargs)
    except CodecError:
        raise
    except Exception as exc:  # converters and validators may raise anything
        raise CodecError(f"{tag}: {exc}") from exc


def dumps(value: Any) -> str:
    """Canonical JSON text for a registered record (or any encodable value)."""
    encoded = encode(value)
    try:
        return json.dumps(encoded, sort_keys=True, separators=(",", ":"), allow_nan=False)
    except ValueError as exc:  # an int too long for Python's int-to-text limit
        raise CodecError(f"cannot write as JSON: {exc}") from exc


def _refuse_constant(name: str) -> Any:
    raise CodecError(f"non-finite number {name} is not part of the format")


def loads(text: str | bytes) -> Any:
    """The value written by :func:`dumps`; malformed or unknown input raises CodecError."""
    try:
        obj = json.loads(text, parse_constant=_refuse_constant)
    except CodecError:
        raise
    except (ValueError, TypeError) as exc:
        raise CodecError(f"not valid JSON: {exc}") from exc
    except RecursionError as exc:
        raise CodecError("JSON nested too deeply") from exc
    try:
        return decode(obj)
    except RecursionError as exc:
        raise CodecError("JSON nested too deeply") from exc


def digest(value: Any) -> str:
    """SHA-256 (hex) of the canonical JSON of ``value``."""
    return hashlib.sha256(dumps(value).encode("utf-8")).hexdigest()
