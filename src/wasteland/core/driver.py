"""Playing on until somebody must decide: a working copy of the table and the driver that runs it.

After a decision a game often has work that needs nobody: deal threats, resolve
a counter-attack and end the turn, reveal the forces and fight, run an enemy's
turn, resolve a chain of card effects. Every game does that work the same way:

1. ``apply`` checks the action (``rules.illegal_reason``), then makes a
   **working copy** of the state (:func:`scratch_class`): the same fields, with
   tuples as lists and frozensets as sets, so a step that moves many cards
   edits in place instead of rebuilding the record at every card;
2. the action's own rule changes the working copy, and may push **effects**
   on its ``stack`` (small records: "counter-attack", "resolve the skirmish");
3. :meth:`Driver.run` plays on: it resolves the effect on top of the stack
   (its handler may change the table, draw from ``work.rng``, record events and
   push more effects); a record on the stack that is not an effect is a
   **pending decision** and stops the run; when the stack is empty it asks
   the game's ``advance`` for the next automatic step of its phase, until
   ``advance`` says somebody must decide;
4. ``finish()`` builds the new frozen state once.

The stack is the table's own field (``stack``, top last), so a pending
decision or an unfinished chain of effects is part of the state: it is saved,
shown and replayed like everything else (in the spirit of TAG's extended
action sequences). The working copy carries the ``Rng`` like any other field,
so automatic steps shuffle and draw as freely as decisions do.

A working copy never leaves ``apply``: the state the caller holds is never
changed, which the property tests check after every step of every game.
"""

from __future__ import annotations

import typing
from typing import TYPE_CHECKING, Any, Callable, ClassVar, Generic, Mapping, Protocol, TypeVar

import attrs

__all__ = ["Scratch", "scratch_class", "Driver", "RulesLoop"]

R = TypeVar("R")
W = TypeVar("W", bound="Staged")


class RulesLoop(RuntimeError):
    """The driver took more automatic steps than any game needs: a bug in a game's rules."""


class Staged(Protocol):
    """A working copy the driver can run: the pending effects and decisions, top last."""

    stack: list[Any]


class Scratch(Generic[R]):
    """A mutable working copy of a frozen record; build the class with :func:`scratch_class`.

    Every field of the record is an attribute; fields annotated ``tuple[...]``
    become lists and ``frozenset[...]`` sets (one level deep: a tuple of tuples
    becomes a list of tuples). :meth:`finish` turns them back and builds the record.
    """

    __slots__ = ()
    record: ClassVar[type]

    if TYPE_CHECKING:  # the fields are the record's; rules that want precise types read a Protocol
        def __init__(self, record: R) -> None: ...
        def finish(self) -> R: ...
        def __getattr__(self, name: str) -> Any: ...
        def __setattr__(self, name: str, value: Any) -> None: ...


_CLASSES: dict[type, type] = {}


def _kind(annotation: object) -> str:
    """"list" for a field annotated ``tuple[...]``, "set" for ``frozenset[...]``, "" otherwise."""
    text = annotation if isinstance(annotation, str) else repr(annotation)
    text = text.replace("typing.", "").strip()
    if "|" in text or text.startswith(("Optional", "Union")):
        return ""
    if text.startswith(("tuple[", "Tuple[")):
        return "list"
    if text.startswith(("frozenset[", "FrozenSet[")):
        return "set"
    return ""


def scratch_class(record: type[R]) -> type[Scratch[R]]:
    """The working-copy class of the frozen attrs class ``record`` (made once, then kept).

    The fields are read from ``record`` itself, so they are written once, in the
    record; ``__init__`` and ``finish`` are generated for them (as attrs generates
    its own methods), one plain statement per field. The record's fields must all
    be plain positional ``__init__`` arguments.
    """
    known = _CLASSES.get(record)
    if known is not None:
        return known
    fields = attrs.fields(record)  # type: ignore[arg-type]
    if any(not f.init or f.kw_only or f.alias != f.name for f in fields):
        raise TypeError(f"{record.__qualname__}: a working copy needs plain positional fields")
    names = tuple(f.name for f in fields)
    try:  # resolve aliases (``Cards = tuple[int, ...]``) to what they stand for
        hints: dict[str, Any] = typing.get_type_hints(record)
    except Exception:  # noqa: BLE001 - a hint only a type checker can resolve: read the text
        hints = {}
    kinds = tuple(_kind(hints.get(f.name, f.type)) for f in fields)
    copy_in = [f"    self.{n} = {k}(record.{n})" if k else f"    self.{n} = record.{n}" for n, k in zip(names, kinds)]
    copy_out = [f"tuple(self.{n})" if k == "list" else f"frozenset(self.{n})" if k == "set" else f"self.{n}"
                for n, k in zip(names, kinds)]
    source = "\n".join([
        "def __init__(self, record):",
        *copy_in,
        "def finish(self):",
        f"    return RECORD({', '.join(copy_out)})",
    ])
    namespace: dict[str, Any] = {"RECORD": record}
    exec(compile(source, f"<working copy of {record.__qualname__}>", "exec"), namespace)  # noqa: S102
    cls = type(f"{record.__name__}Scratch", (Scratch,), {
        "__slots__": names,
        "record": record,
        "__init__": namespace["__init__"],
        "finish": namespace["finish"],
        "__module__": record.__module__,
        "__doc__": f"A mutable working copy of {record.__qualname__} (see wasteland.core.driver).",
    })
    namespace["finish"].__doc__ = "The frozen record with this copy's values."
    _CLASSES[record] = cls
    return cls


class Driver(Generic[W]):
    """Plays a working copy on until somebody must decide.

    ``effects`` maps each effect record's class to its handler ``(work, effect)``;
    ``advance(work)`` takes the next automatic step of the phase when the stack
    is empty and returns True, or returns False when somebody must decide (or
    the game is over). ``limit`` bounds the steps of one run: a game needs far
    fewer, so passing it is a bug in the rules, not a long game.
    """

    def __init__(
        self,
        *,
        effects: Mapping[type, Callable[[W, Any], None]],
        advance: Callable[[W], bool],
        limit: int = 100_000,
    ) -> None:
        self.effects = dict(effects)
        self.advance = advance
        self.limit = limit

    def run(self, work: W) -> None:
        """Resolve effects and automatic steps until a decision is pending or nobody has one to make."""
        effects, advance = self.effects, self.advance
        stack: list[Any] = work.stack
        for _ in range(self.limit):
            if stack:
                handler = effects.get(type(stack[-1]))
                if handler is None:
                    return  # a pending decision waits on top of the stack
                handler(work, stack.pop())
                stack = work.stack  # a handler may have replaced the list
            elif not advance(work):
                return
        raise RulesLoop(f"the rules took more than {self.limit} automatic steps without a decision")

    def settle(self, state: R, work_class: type[Scratch[R]], ready: Callable[[R], bool]) -> R:
        """``state`` played on until somebody must decide; ``ready(state)`` says nothing is to be done
        (then no copy is made at all, which is the common case after a small decision)."""
        if ready(state):
            return state
        work: Any = work_class(state)
        self.run(work)
        finished: R = work.finish()
        return finished
