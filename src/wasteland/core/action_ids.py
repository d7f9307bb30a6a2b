"""Action ids derived from the action records: a fixed space of ints, one for each action a game can
name, worked out from the values each field of each action type may take.

A game declares the values of each int field in its annotation, and lists its action types in
id order::

    @frozen(cache_hash=True)
    class Discard:
        card: Annotated[int, Ids(DECK)]          # 0 .. DECK-1

    SPACE = ActionSpace(State, "Salvage", Discard)
    action_count, action_id, decode = SPACE.action_count, SPACE.action_id, SPACE.decode

Each type takes the next block of ids, one for each combination of its fields' values, the first
field the most significant (``Play(card, slot)`` with ``card`` in 0-7 and ``slot`` in 0-2 is
``first + card * 3 + slot``); a type without fields takes one id. A field's values are those of
``Ids(stop, start=0)`` (``Ids(4, start=-1)``: -1 for "none", then 0-3), a bool's False then True,
an enum's members in order. Every action of the space is made once, when the space is built
(``SPACE.actions``, ``SPACE.block(Discard)``): the rules list those shared instances, and
``action_id`` finds a listed one by identity before it does any arithmetic.
"""

from __future__ import annotations

import enum
import itertools
import typing
from typing import Annotated, Any, Callable, Generic, TypeVar

import attrs
from attrs import frozen

from wasteland.core.game import IllegalAction, need_state, short

__all__ = ["Ids", "ActionSpace"]

A = TypeVar("A")
T = TypeVar("T")


@frozen
class Ids:
    """The values an int field of an action takes in the action space: ``start`` to ``stop - 1``.
    Written in the field's annotation: ``card: Annotated[int, Ids(DECK)]``."""

    stop: int
    start: int = 0


def _domain(owner: type, name: str, hint: object) -> tuple[type, tuple[object, ...]]:
    """The exact type of a field's values and the values themselves, in id order."""
    if typing.get_origin(hint) is Annotated:
        base, *extras = typing.get_args(hint)
        ids = [e for e in extras if type(e) is Ids]
        if base is int and len(ids) == 1:
            return int, tuple(range(ids[0].start, ids[0].stop))
    elif hint is bool:
        return bool, (False, True)
    elif isinstance(hint, type) and issubclass(hint, enum.Enum):
        return hint, tuple(hint)
    raise TypeError(f"{owner.__qualname__}.{name}: a field of an action with an id is a bool, an enum or "
                    f"Annotated[int, Ids(...)], not {hint!r}")


_IdOf = Callable[[Any], int]


def _id_function(kind: type, first: int, names: list[str], domains: list[tuple[type, tuple[object, ...]]]) -> _IdOf:
    """The id of an action of type ``kind`` from its fields, or -1, as arithmetic written out once for
    the type (a field of another exact type, or outside its values, has none: True is not 1)."""
    lines = ["def id_of(action):", "    try:"]
    lines += [f"        v{k} = action.{name}" for k, name in enumerate(names)] or ["        pass"]
    lines += ["    except AttributeError:", "        return -1", f"    i = {first}"]
    namespace: dict[str, Any] = {}
    stride = 1
    for k in reversed(range(len(names))):
        exact, values = domains[k]
        namespace[f"T{k}"] = exact
        lines += [f"    if type(v{k}) is not T{k}:", "        return -1"]
        if exact is int:  # a range: arithmetic
            lines += [f"    k = v{k} - {values[0] if values else 0}", f"    if not 0 <= k < {len(values)}:"]
        else:  # a bool or an enum: its members' positions
            namespace[f"I{k}"] = {v: j for j, v in enumerate(values)}
            lines += [f"    k = I{k}.get(v{k}, -1)", "    if k < 0:"]
        lines += ["        return -1", f"    i += k * {stride}"]
        stride *= len(values)
    lines.append("    return i")
    exec(compile("\n".join(lines), f"<action ids of {kind.__qualname__}>", "exec"), namespace)  # noqa: S102
    made: _IdOf = namespace["id_of"]
    return made


class ActionSpace(Generic[A]):
    """The action ids of a game whose ``state_type`` is its State and ``title`` its name in messages,
    derived from the action ``types`` in id order (see the module's text). ``action_count``,
    ``action_id`` and ``decode`` are the contract's (the same space for every state of the game)."""

    def __init__(self, state_type: type, title: str, *types: type) -> None:
        self.state_type = state_type
        self.title = title
        self._a_title = f"{'an' if title[:1] in 'AEIOU' else 'a'} {title}"
        actions: list[Any] = []
        #: The id of an action of each type from its fields (-1: none).
        self._id_of: dict[type, _IdOf] = {}
        self._blocks: dict[type, tuple[Any, ...]] = {}
        for kind in types:
            hints = typing.get_type_hints(kind, include_extras=True)
            names = [f.name for f in attrs.fields(kind)]
            domains = [_domain(kind, n, hints[n]) for n in names]
            self._id_of[kind] = _id_function(kind, len(actions), names, domains)
            block = tuple(kind(*values) for values in itertools.product(*(values for _, values in domains)))
            self._blocks[kind] = block
            actions.extend(block)
        #: Every action of the space, by id.
        self.actions: tuple[A, ...] = tuple(actions)
        self.count = len(actions)
        self._listed = {id(action): i for i, action in enumerate(actions)}

    def block(self, kind: type[T]) -> tuple[T, ...]:
        """The actions of type ``kind``, in id order: the shared instances the rules list."""
        block: tuple[T, ...] = self._blocks[kind]
        return block

    def action_count(self, state: object) -> int:
        """The number of ids (the same for every state of the game)."""
        need_state(state, self.state_type, self._a_title)
        return self.count

    def action_id(self, state: object, action: object) -> int:
        """The id of ``action``, arithmetic on its fields (whether it is legal now is the rules' to
        say); IllegalAction for what has no id: not an action of the game, or a field of another
        type or outside its values."""
        if type(state) is not self.state_type:
            need_state(state, self.state_type, self._a_title)
        known = self._listed.get(id(action))
        if known is not None and self.actions[known] is action:
            return known
        id_of = self._id_of.get(type(action))
        if id_of is not None:
            i = id_of(action)
            if i >= 0:
                return i
        raise IllegalAction(f"{short(action)} has no action id in {self.title}")

    def decode(self, state: object, i: int) -> A:
        """The action with id ``i`` (0 <= i < ``count``; not yet checked against the rules)."""
        return self.actions[i]
