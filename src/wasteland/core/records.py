"""Fast copies of frozen attrs records with some fields changed, and values derived from records.

``attrs.evolve`` looks up every field and calls ``__init__`` by keyword on each
call; in a rules engine that copies its state on every decision, that is the
largest single cost. :func:`replace` does the same job from a plan worked out
once per class (an ``operator.attrgetter`` over the fields and a name → position
table), calling the class positionally. Classes whose fields are not all plain
``__init__`` arguments fall back to ``attrs.evolve``. :func:`put` is a tuple with one value
replaced (how a rule changes a collection its working copy keeps as the record's tuple).
"""

from __future__ import annotations

from operator import attrgetter
from typing import Any, Callable, TypeVar

import attrs

__all__ = ["replace", "put"]

R = TypeVar("R")
T = TypeVar("T")

_Plan = tuple[Callable[[Any], Any], dict[str, int]] | None
_PLANS: dict[type, _Plan] = {}


def _plan(cls: type) -> _Plan:
    fields = attrs.fields(cls)
    if not fields or any(not f.init or f.alias != f.name for f in fields):
        plan: _Plan = None
    else:
        names = tuple(f.name for f in fields)
        getter: Callable[[Any], Any] = attrgetter(*names)
        if len(names) == 1:
            single = getter
            getter = lambda obj: (single(obj),)  # noqa: E731 - attrgetter of one name returns a bare value
        plan = (getter, {name: i for i, name in enumerate(names)})
    _PLANS[cls] = plan
    return plan


def replace(obj: R, **changes: Any) -> R:
    """A copy of the attrs record ``obj`` with ``changes``; like ``attrs.evolve``, faster.

    Unknown field names raise TypeError, as ``attrs.evolve`` does.
    """
    cls = type(obj)
    try:
        plan = _PLANS[cls]
    except KeyError:
        plan = _plan(cls)
    if plan is None:
        evolved: R = attrs.evolve(obj, **changes)  # type: ignore[misc]
        return evolved
    getter, index = plan
    values = list(getter(obj))
    for name, value in changes.items():
        try:
            values[index[name]] = value
        except KeyError:
            raise TypeError(f"{cls.__qualname__} has no field {name!r}") from None
    return cls(*values)


def put(values: tuple[T, ...], i: int, value: T) -> tuple[T, ...]:
    """``values`` with ``value`` at index ``i``: a new tuple (a working copy's field that keeps the
    record's tuple is edited by replacing it whole)."""
    return (*values[:i], value, *values[i + 1:])
