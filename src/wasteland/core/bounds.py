"""Bounds on what a State read from a file may hold, declared on the records' fields.

An int field that names something of the game (a card, a seat, a cell) says so in its annotation,
with a :class:`Within` of that kind; the game says once what each kind's ids are on a given
table (the seats of its options, the cards of its card set), and :class:`Bounds` checks every such
field of a whole State, through its tuples, sets, maps and nested records (effects on the stack,
events), when the codec reads one::

    Card = Annotated[int, Within("card")]            # in state.py: what the field holds
    Row = Annotated[int, Within("row", fixed=range(4))]

    class State:
        hands: tuple[tuple[Card, ...], ...]

    BOUNDS = Bounds(lambda state: {"card": range(DECK)})   # in rules: the ranges of a table
    BOUNDS.check(state)    # ValueError: "State.hands: card 12 is out of range (0 to 11)"

A type checker and the codec's type checks read ``Card`` as ``int``. The walk is the loader's
alone: ``apply`` never runs it.

:func:`check_loaded` registers, in one call, everything the codec checks of a game's State and
Options read from a file: the options read back as ``new_game`` makes them, the bounds, the
game's own checks (conservation, what a view hides), and that a running game's decision has a
legal answer.
"""

from __future__ import annotations

import itertools
import types
import typing
from typing import Any, Annotated, Callable, Mapping

import attrs
from attrs import frozen
from pyrsistent import PMap, PSet, PVector, pset, pvector

from wasteland.core.codec import add_check
from wasteland.core.engine import Engine

__all__ = ["Within", "Bounds", "check_loaded"]

#: What is wrong with a value (None: nothing), given each kind's range on the table.
_Check = Callable[[Any, Mapping[str, range], str], "str | None"]


@frozen
class Within:
    """Marks an int field as naming a ``kind`` of thing: its value lies in the kind's range on the
    table (the game's limits, or ``fixed`` when the range never changes), or is one of ``also``
    (a "none" value, a hidden card)."""

    kind: str
    also: tuple[int, ...] = ()
    fixed: range | None = None

    def refuse(self, value: object, limits: Mapping[str, range], where: str) -> str | None:
        """What is wrong with ``value`` (None when it is in range or not an int)."""
        if type(value) is not int or value in self.also:
            return None
        span = self.fixed if self.fixed is not None else limits[self.kind]
        if value in span:
            return None
        extra = "".join(f" or {v}" for v in self.also)
        return f"{where}: {self.kind} {value} is out of range ({span.start} to {span.stop - 1}{extra})"


def _first(checks: tuple[_Check, ...]) -> _Check:
    if len(checks) == 1:  # the check itself, without a call around it
        return checks[0]

    def check(value: Any, limits: Mapping[str, range], where: str) -> str | None:
        for one in checks:
            wrong = one(value, limits, where)
            if wrong is not None:
                return wrong
        return None
    return check


def _each(member: _Check) -> _Check:
    def check(value: Any, limits: Mapping[str, range], where: str) -> str | None:
        if isinstance(value, (str, bytes)) or not hasattr(value, "__iter__"):
            return None
        items = value.items() if isinstance(value, PMap) else value
        for item in items:
            wrong = member(item, limits, where)
            if wrong is not None:
                return wrong
        return None
    return check


def _each_within(within: Within, member: _Check) -> _Check:
    """``_each(member)`` of a collection of ints that are each ``within`` a kind's range: the
    common case (every member an int between the range's ends) is checked in C, by the members'
    types, least and greatest; anything else is walked member by member, which names the first
    one out of range exactly as ``_each`` does."""
    each = _each(member)

    def check(value: Any, limits: Mapping[str, range], where: str) -> str | None:
        if value and type(value) in _FLAT:
            span = within.fixed if within.fixed is not None else limits[within.kind]
            if span.step == 1 and _INTS.issuperset(map(type, value)):
                if span.start <= min(value) and max(value) < span.stop:
                    return None
                rest = set(value).difference(within.also)  # the members that are not a "none" value
                if not rest or span.start <= min(rest) and max(rest) < span.stop:
                    return None
        return each(value, limits, where)
    return check


def _positions(parts: tuple[_Check | None, ...]) -> _Check:
    def check(value: Any, limits: Mapping[str, range], where: str) -> str | None:
        if type(value) is not tuple:
            return None
        for part, item in zip(parts, value):
            wrong = part(item, limits, where) if part is not None else None
            if wrong is not None:
                return wrong
        return None
    return check


def _int_within(hint: object) -> Within | None:
    """The mark of ``Annotated[int, Within(...)]`` (one mark, nothing else), or None."""
    args = typing.get_args(hint)
    if typing.get_origin(hint) is Annotated and args[0] is int and len(args) == 2 and isinstance(args[1], Within):
        return args[1]
    return None


def _optional(hint: object) -> object:
    """``X`` of ``X | None``; any other hint itself."""
    args = typing.get_args(hint)
    if typing.get_origin(hint) in (typing.Union, types.UnionType) and len(args) == 2 and type(None) in args:
        return args[1 - args.index(type(None))]
    return hint


def _member_of(hint: object) -> object:
    """The members' type of ``tuple[X, ...]``, ``frozenset[X]`` or ``PVector[X]``, or None (None's too)."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis or origin is not tuple and len(args) == 1:
        return args[0]
    return None


#: The collections whose members :func:`_each_within` reads directly, and the type of their members it
#: checks in C.
_FLAT: frozenset[type] = frozenset({tuple, frozenset, type(pvector()), type(pset())})
_INTS: frozenset[type] = frozenset({int})
#: The collections a field may be annotated with (``tuple[X, ...]``, ``frozenset[X]``, ...): an empty one
#: is not walked.
_COLLECTIONS = (tuple, frozenset, PVector, PMap, PSet)


class Bounds:
    """The check of every :class:`Within` field of a State read from a file: ``limits(state)``
    gives the range of each kind that is not fixed, for that table (or view)."""

    def __init__(self, limits: Callable[[Any], Mapping[str, range]]) -> None:
        self.limits = limits
        self._plans: dict[type, _Check] = {}

    def check(self, state: object) -> None:
        """ValueError naming the first field out of its range."""
        wrong = self._record(state, self.limits(state), "")
        if wrong is not None:
            raise ValueError(wrong)

    def _record(self, value: Any, limits: Mapping[str, range], where: str) -> str | None:
        cls = type(value)
        check = self._plans.get(cls)
        if check is None:
            if not attrs.has(cls):
                return None
            check = self._plans[cls] = self._plan(cls)
        return check(value, limits, where)

    def _plan(self, cls: type) -> _Check:
        """The check of a ``cls`` record, made one function (as the engine makes an action's door):
        one statement a bounded field, an int or a collection of ints within a kind's range checked
        inline, in C where it can be (the members' types, least and greatest), anything else (or
        a value out of range, to be named) by the field's own check."""
        try:
            hints = typing.get_type_hints(cls, include_extras=True)
        except Exception:  # noqa: BLE001 - a hint naming something only a type checker sees
            hints = {}
        namespace: dict[str, Any] = {"FLAT": _FLAT, "INTS": _INTS, "CHAIN": itertools.chain.from_iterable}
        lines = ["def check(value, limits, where):"]
        for i, field in enumerate(attrs.fields(cls)):
            hint = hints.get(field.name)
            check = self._of(hint)
            if check is None:
                continue
            namespace[f"CHECK{i}"] = check
            namespace[f"WHERE{i}"] = f"{cls.__name__}.{field.name}"
            lines.append(f"    v = value.{field.name}")
            call = [f"        wrong = CHECK{i}(v, limits, WHERE{i})", "        if wrong is not None:",
                    "            return wrong"]
            within, member = _int_within(_optional(hint)), _int_within(_member_of(hint))
            deep = None if within or member else _int_within(_member_of(_member_of(hint)))
            mark = within or member or deep
            if mark is not None:
                namespace[f"SPAN{i}"], namespace[f"KIND{i}"], namespace[f"ALSO{i}"] = mark.fixed, mark.kind, mark.also
                span = f"SPAN{i}" if mark.fixed is not None else f"limits[KIND{i}]"
                # the least and the greatest a member may be: the range's ends, or a "none" value just past them
                ends = (f" and s.start - (s.start - 1 in ALSO{i}) <= min(w) and max(w) < s.stop + (s.stop in ALSO{i})"
                        if mark.also else " and s.start <= min(w) and max(w) < s.stop")
            if within is not None:  # an int: in the range, or the check names it (or a "none" value)
                lines += [f"    if type(v) is int and v not in {span} and v not in ALSO{i}:", *call]
            elif member is not None:  # a collection of ints: all of them within the range's ends
                lines += [f"    s, w = {span}, v",
                          "    if v and not (type(v) in FLAT and s.step == 1 and "
                          f"INTS.issuperset(map(type, v)){ends}):", *call]
            elif deep is not None:  # a collection of collections of ints (a hand a player): the same, of all
                lines += [f"    s = {span}",
                          "    w = tuple(CHAIN(v)) if type(v) in FLAT and FLAT.issuperset(map(type, v)) else None",
                          "    if v and not (w is not None and s.step == 1 and "
                          f"(not w or INTS.issuperset(map(type, w)){ends})):", *call]
            elif typing.get_origin(hint) in _COLLECTIONS:  # an empty one holds nothing out of range
                lines += ["    if v:", *call]
            else:
                lines += ["    if True:", *call]
        lines.append("    return None")
        exec(compile("\n".join(lines), f"<bounds of {cls.__qualname__}>", "exec"), namespace)  # noqa: S102
        made: _Check = namespace["check"]
        return made

    def _of(self, hint: object) -> _Check | None:
        """The check of a value of type ``hint``, or None when nothing in it is bounded."""
        origin, args = typing.get_origin(hint), typing.get_args(hint)
        if origin is Annotated:
            marks = tuple(a.refuse for a in args[1:] if isinstance(a, Within))
            inner = self._of(args[0])
            checks = (*marks, *((inner,) if inner is not None else ()))
            return _first(checks) if checks else None
        if origin is typing.Union or origin is types.UnionType:
            options: list[_Check] = []
            for check in (self._of(a) for a in args):
                if check is not None and check not in options:  # records of a union are walked once
                    options.append(check)
            return _first(tuple(options)) if options else None
        if origin is tuple and not (len(args) == 2 and args[1] is Ellipsis) or origin is PMap:
            places = tuple(self._of(a) for a in args)
            if not any(p is not None for p in places):
                return None
            return _each(_positions(places)) if origin is PMap else _positions(places)
        if origin is not None and args:  # tuple[X, ...], frozenset[X], PVector[X]...
            member = self._of(args[0])
            if member is None:
                return None
            within = [a for a in typing.get_args(args[0])[1:] if isinstance(a, Within)]
            if typing.get_origin(args[0]) is Annotated and typing.get_args(args[0])[0] is int and len(within) == 1:
                return _each_within(within[0], member)
            return _each(member)
        if isinstance(hint, type) and attrs.has(hint):
            return self._record if _bounded(hint, set()) else None
        return None


def _bounded(hint: object, seen: set[type]) -> bool:
    """Whether a value of type ``hint`` may hold a :class:`Within` field (a record, through its
    fields' annotations, however deep; a record met again adds nothing)."""
    if isinstance(hint, Within):
        return True
    if isinstance(hint, type) and attrs.has(hint):
        if hint in seen:
            return False
        seen.add(hint)
        try:
            hints = typing.get_type_hints(hint, include_extras=True)
        except Exception:  # noqa: BLE001 - as in Bounds._plan: walked, to be safe
            return True
        return any(_bounded(one, seen) for one in hints.values())
    return any(_bounded(one, seen) for one in typing.get_args(hint))


def check_loaded(engine: Engine[Any, Any, Any, Any], *checks: Callable[[Any], None], bounds: Bounds | None = None,
                 options: Callable[[Any], None] | None = None, answer: bool = True) -> None:
    """Register with the codec the checks of ``engine``'s game on what a file holds, in order.

    An Options record (the type of the State's ``options`` field) must read back as
    ``make_options`` makes it from its own fields (``options(record)`` instead, for a game whose
    options are not given back as they are kept); a State must hold its ``bounds``, pass each of
    ``checks`` (each raises ValueError with what is wrong) and, unless the game is over, have a
    legal action (``answer=False`` for a game whose views may list none for a seat that waits)."""
    options_type = typing.get_type_hints(engine.state_type)["options"]
    # the codec runs the check on records of this very class
    names = tuple(f.name for f in attrs.fields(options_type)) if options is None else ()

    def read_back(record: Any) -> None:
        again = engine.make_options(**{name: getattr(record, name) for name in names})
        if again != record:
            raise ValueError("the options do not read back as new_game would make them")

    def answered(state: Any) -> None:
        if not engine.over(state) and not engine.actions_of(state):
            raise ValueError("the decision waiting has no legal answer")

    add_check(options_type, options or read_back)
    for check in (*((bounds.check,) if bounds is not None else ()), *checks, *((answered,) if answer else ())):
        add_check(engine.state_type, check)
