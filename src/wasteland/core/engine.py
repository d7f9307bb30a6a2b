"""The engine: the one door of every game, from ``apply(state, action)`` to the rule it runs.

A game gives the engine its records, a table of :class:`Rule` (for each action
type: why it is not legal now, and what it does) and its driver; the engine
does everything else, the same way for every game::

    apply(state, action)
      1. the door: ``state`` is this game's State and the table, not a view
      2. the action: its type has a Rule, its fields hold what their types say
      3. ``rule.check(state, action)``: None, or the reason it is refused
      4. a working copy of the table (:func:`working_copy`) and ``rule.do(work, action)``
      5. the driver plays on until somebody must decide (:mod:`wasteland.core.driver`)
      6. ``work.finish()``: the working copy becomes the new State, in place

``new_game``, ``legal_actions``, ``parse``, ``outcome``, ``returns``,
``num_players``, ``action_from_id`` and ``settle`` are built here too, so a game
writes no wiring. Nothing is cached
between calls: the engine object holds the game's tables, never a state.

Speed lives here once, for every game:

* the working copy is a mutable twin of the State with the same slots, and
  ``finish`` turns it into the State by converting its list fields back to
  tuples and swapping its class: no frozen record is built field by field; a
  field that did not change keeps the tuple of the State before, so a State kept
  beside its predecessor adds only what changed;
* each action type's door (the game is not over, the fields hold their types, then the rule's
  check) is one function compiled once per type (``_door``), and the games check the decisions
  their tables wait for most by looking at the one action, not by listing the legal actions
  again, so the checked path (``legal_actions`` + ``apply``) costs a few per cent more than
  ``moves`` (docs/architecture.md, Speed, says which rare decisions still look among their kind);
* ``moves(state)`` lists the legal actions once and plays one of them without
  checking it again (:class:`Moves`): what bots, search and simulations do
  thousands of times a second.
"""

from __future__ import annotations

import enum
import types
import inspect
import sys
import typing
from typing import TYPE_CHECKING, Any, Callable, ClassVar, Generic, Mapping, Protocol, TypeVar

import attrs
from attrs import frozen

from wasteland.core.driver import Driver, Staged
from wasteland.core.game import ConfigError, Game, IllegalAction, Outcome, returns_of, short

__all__ = ["WorkingCopy", "working_copy", "Rule", "Engine", "Moves", "Table", "bundle"]

R = TypeVar("R")
S = TypeVar("S", bound="Table")
A = TypeVar("A")
W = TypeVar("W", bound=Staged)
Opt = TypeVar("Opt")


class _Seats(Protocol):
    @property
    def players(self) -> int: ...


class Table(Protocol):
    """What the engine reads on every game's State: whose view it is (None: the table) and the
    number of seats its options give."""

    @property
    def viewer(self) -> int | None: ...

    @property
    def options(self) -> _Seats: ...


# -- the working copy -----------------------------------------------------------------------------

class WorkingCopy(Generic[R]):
    """The base a game's working copy is declared on (see :func:`working_copy`).

    A type checker reads the game's class with the fields it names (``list[int]`` where the
    State has ``tuple[int, ...]``) and, through the plugin ``wasteland.core.mypy_plugin``, every
    other field of the State with the State's type, writable; ``WorkingCopy(state)`` and
    ``finish() -> State``. At run time :func:`working_copy` rebuilds the class with exactly the
    State's slots.
    """

    __slots__ = ()
    record: ClassVar[type]

    if TYPE_CHECKING:
        def __init__(self, record: R) -> None: ...
        def finish(self, before: R | None = None) -> R:
            """The State with this copy's values (this object, turned into it: do not use the copy
            again). ``before``: the State it was copied from, whose tuples and frozensets are kept
            where the copy's are equal, so that the two share them."""


def _plain(hint: object) -> tuple[object, tuple[object, ...]]:
    return typing.get_origin(hint) or hint, typing.get_args(hint)


def _conversion(name: str, state_hint: object, work_hint: object, owner: str) -> str:
    """How a field crosses between the State and its working copy: "" (as it is), "list" or "set"."""
    if work_hint == state_hint:
        return ""
    (s_origin, s_args), (w_origin, w_args) = _plain(state_hint), _plain(work_hint)
    if s_origin is tuple and w_origin is list and len(s_args) == 2 and s_args[1] is Ellipsis \
            and w_args == s_args[:1]:
        return "list"
    if s_origin is frozenset and w_origin is set and w_args == s_args:
        return "set"
    raise TypeError(f"{owner}.{name}: the working copy says {work_hint!r} where the State says {state_hint!r} "
                    "(the same type, a list for a tuple[T, ...], or a set for a frozenset[T])")


def working_copy(record: type[R]) -> Callable[[type[W]], type[W]]:
    """Make the decorated class the typed, mutable working copy of the frozen attrs ``record``.

    The class names only the fields the rules edit in place, with a mutable type in place of the
    record's (``list[T]`` for ``tuple[T, ...]``, ``set[T]`` for ``frozenset[T]``); every other field
    of the record is a field of the copy too, with the record's type::

        @working_copy(State)
        class Work(WorkingCopy[State]):
            crowd: list[int]
            discard: list[int]

    A named field the record lacks, or a type that is neither the record's nor its mutable twin,
    is a TypeError when the module is imported. The class is rebuilt with the record's own slots,
    and a generated ``__init__(record)`` (one statement a field, lists and sets copied) and
    ``finish()`` (lists and sets turned back, then the object's class becomes the record's: the new
    State is made without a constructor call). The record must be ``@frozen(weakref_slot=False)``
    so that both classes have the same layout. For a type checker, the plugin
    ``wasteland.core.mypy_plugin`` (``plugins = ["wasteland.core.mypy_plugin"]`` in the mypy
    settings) gives the class the fields it does not name, with the record's types.

    A State of many collections of which a decision edits a few names only those few: the others
    keep the State's tuples, which a rule replaces whole (:func:`wasteland.core.records.put`).
    """

    def build(cls: type[W]) -> type[W]:
        owner = cls.__qualname__
        fields = attrs.fields(record)  # type: ignore[arg-type]
        state_hints = typing.get_type_hints(record)
        work_hints = typing.get_type_hints(cls)
        work_hints.pop("record", None)
        names = tuple(f.name for f in fields)
        strays = [n for n in work_hints if n not in state_hints]
        if strays:
            raise TypeError(f"{owner} names {', '.join(strays)}, which {record.__qualname__} does not have: "
                            f"its fields are {', '.join(names)}")
        work_hints = {n: work_hints.get(n, state_hints[n]) for n in names}
        kinds = dict(zip(names, (_conversion(n, state_hints[n], work_hints[n], owner) for n in names)))
        slots = tuple(s for s in record.__slots__ if s != "__weakref__")  # type: ignore[attr-defined]
        thaw = {"list": "list", "set": "set"}
        freeze = {"list": "tuple", "set": "frozenset"}
        copy_in = [f"    self.{n} = {thaw[k]}(record.{n})" if k else f"    self.{n} = record.{n}"
                   for n, k in kinds.items()]
        copied = [(n, freeze[k]) for n, k in kinds.items() if k]
        # A field that did not change keeps the value of the State it was copied from, so that a
        # State kept beside its predecessor adds only what changed.
        copy_out = ["    if before is None:", *(f"        self.{n} = {f}(self.{n})" for n, f in copied),
                    "    else:", *(f"        v = {f}(self.{n}); self.{n} = before.{n} if v == before.{n} else v"
                                   for n, f in copied)] if copied else []
        if "_attrs_cached_hash" in slots:
            copy_out.append("    self._attrs_cached_hash = None")
        copy_out.append("    self.__class__ = RECORD")
        source = "\n".join([
            "def __init__(self, record):",
            *(copy_in or ["    pass"]),
            "def finish(self, before=None):",
            *copy_out,
            "    return self",
        ])
        body = {k: v for k, v in vars(cls).items() if k not in ("__dict__", "__weakref__", "__slots__")}
        namespace: dict[str, Any] = {"RECORD": record}
        exec(compile(source, f"<working copy of {record.__qualname__}>", "exec"), namespace)  # noqa: S102
        body.update(__slots__=slots, record=record, __init__=namespace["__init__"], finish=namespace["finish"])
        built = type(cls.__name__, (object,), body)
        built.__qualname__ = cls.__qualname__
        probe: Any = object.__new__(built)
        try:
            probe.__class__ = record
        except TypeError:
            raise TypeError(f"{record.__qualname__} must be @frozen(weakref_slot=False) for its working copy "
                            f"{owner} to become it in place") from None
        return typing.cast("type[W]", built)

    return build


# -- the rules of one action type -----------------------------------------------------------------

@frozen
class Rule(Generic[S, W, A]):
    """What one action type means: ``check(state, action)`` says why it is not legal now (None when
    it is), ``do(work, action)`` changes the working copy. The engine has already checked that the
    action's fields hold values of their declared types when ``check`` runs."""

    check: Callable[[S, A], str | None]
    do: Callable[[W, A], None]


#: A field whose value the engine checks by exact type before a game's check runs.
_PLAIN = (int, str, bool)


def _exact(hint: object) -> bool:
    return hint in _PLAIN or (isinstance(hint, type) and issubclass(hint, enum.Enum))


def _field_plan(action_type: type) -> tuple[tuple[str, tuple[type, ...] | None], ...]:
    """Every field of an action record, with the exact types its value may have when its type is
    plain, an enum, or one of those or None (``int | None``); None for any other type (only its
    presence is checked: a bare record made without ``__init__`` has no field at all)."""
    hints = typing.get_type_hints(action_type)
    plan: list[tuple[str, tuple[type, ...] | None]] = []
    for f in attrs.fields(action_type):
        hint = hints.get(f.name)
        members = typing.get_args(hint) if isinstance(hint, types.UnionType) or \
            typing.get_origin(hint) is typing.Union else (hint,)
        if all(m is type(None) or _exact(m) for m in members):
            plan.append((f.name, tuple(typing.cast(type, m) for m in members)))
        else:
            plan.append((f.name, None))
    return tuple(plan)


def _door(action_type: type, plan: tuple[tuple[str, tuple[type, ...] | None], ...],
          over: Callable[[Any], bool], check: Callable[[Any, Any], str | None],
          field_reason: Callable[[object], str]) -> Callable[[Any, object], str | None]:
    """The whole check of an action of ``action_type``, made one function once per type: the game
    is not over, every field is there and holds one of its types (an int within the bound), then
    the rule's ``check``; a field that does not fit is named by ``field_reason``. A decision's door
    is a few compares and two calls of the game's."""
    names = {f"K{i}_{j}": k for i, (_, kinds) in enumerate(plan) for j, k in enumerate(kinds or ())}
    fetch = [f"        {''.join(f'v{i}, ' for i in range(len(plan)))}= "
             f"{''.join(f'action.{name}, ' for name, _ in plan)}"] if plan else []
    tests = []
    for i, (_, kinds) in enumerate(plan):
        bounded = f"(type(v{i}) is not int or -BOUND <= v{i} < BOUND)"
        if kinds is None:
            tests.append(bounded)
            continue
        alternatives = [f"v{i} is None" if k is type(None) else f"type(v{i}) is K{i}_{j}" for j, k in enumerate(kinds)]
        tests.append(f"({' or '.join(alternatives)}) and {bounded}")
    source = "\n".join([
        "def door(state, action):",
        "    if OVER(state):",
        "        return 'the game is over'",
        *(["    try:", *fetch, "    except AttributeError:", "        return FIELD_REASON(action)"] if fetch else []),
        *([f"    if not ({' and '.join(tests)}):", "        return FIELD_REASON(action)"] if tests else []),
        "    return CHECK(state, action)",
    ])
    namespace: dict[str, Any] = {"BOUND": _INT_BOUND, "OVER": over, "CHECK": check, "FIELD_REASON": field_reason,
                                 **names}
    exec(compile(source, f"<door of {action_type.__qualname__}>", "exec"), namespace)  # noqa: S102
    door: Callable[[Any, object], str | None] = namespace["door"]
    return door


_WORDS = {int: "an int", str: "text", bool: "True or False"}
#: No field of any action holds an int this large: the door refuses it before a rule formats it.
_INT_BOUND = 1 << 63
_MISSING = object()
#: What only the engine passes to :class:`Moves` (a record made elsewhere could list anything).
_LISTED = object()


class Moves(Generic[S, A]):
    """The legal actions of one table, listed by the engine (``Engine.moves``), and the way to play
    one of them without checking it again.

    ``actions`` is exactly ``legal_actions(state)``. ``play(action)`` (or ``play_at(i)`` for
    ``actions[i]``) returns ``apply(state, action)``: when ``action`` is one of the listed objects
    themselves (``is``, not ``==``), the check is skipped, since the engine listed it as legal on
    this very table and both are immutable; anything else goes through ``apply``'s door and
    checks, so the result and the refusals are always ``apply``'s. A bot, a search or a
    simulation that picks from the list saves the check (one sixth to one eighth of a random
    decision).
    """

    __slots__ = ("state", "actions", "_engine")

    def __init__(self, engine: Engine[S, A, Any, Any], state: S, actions: tuple[A, ...], key: object) -> None:
        if key is not _LISTED:
            raise TypeError("Moves are listed by the engine: call the game's moves(state)")
        self.state = state
        self.actions = actions
        self._engine = engine

    def __repr__(self) -> str:
        return f"Moves({len(self.actions)} legal actions)"

    def __len__(self) -> int:
        return len(self.actions)

    def play(self, action: object) -> S:
        """The table after ``action`` (as ``apply``; IllegalAction when it is not legal)."""
        for listed in self.actions:
            if listed is action:
                return self._engine.play(self.state, action)
        return self._engine.apply(self.state, action)

    def play_at(self, i: int) -> S:
        """The table after the ``i``-th listed action (``play(actions[i])``, with no search for it
        in the list); IllegalAction when ``i`` is not the index of a listed action."""
        actions = self.actions
        if type(i) is not int or not 0 <= i < len(actions):
            raise IllegalAction(f"{short(i)} is not the index of one of the {len(actions)} listed actions")
        return self._engine.play(self.state, actions[i])


class Engine(Generic[S, A, W, Opt]):
    """One game's door and driver loop: the contract's ``new_game``, ``legal_actions``, ``apply``,
    ``parse``, ``outcome``, ``returns``, ``num_players``, and the checks every function makes of
    its state (``state``, ``table``).

    ``title`` names the game in messages ("Raxxon"); ``state_type`` and ``work_type``
    are its State and working copy; ``rules`` maps each action type to its :class:`Rule`;
    ``actions_of(state)`` lists the legal actions (on a table or a view); ``ready(state)``
    says nothing needs to be done before a decision; ``driver`` plays on after a rule;
    ``make_options(*, ...)`` takes the options as keywords and checks them (ConfigError; an
    unknown name is refused before it is called) and ``setup(seed, options)`` lays out the table;
    ``notation(state, action)`` names an action; ``over(state)`` says the game is over, and
    ``ending(state)`` how it ended (None while it runs; it may read a view, since everything an
    outcome reads is in sight). ``outcome``, ``returns`` and ``num_players`` are built on these;
    ``action_from_id`` on ``action_count(state)`` and ``decode(state, i)``, the game's arithmetic.
    """

    def __init__(
        self,
        *,
        title: str,
        state_type: type[S],
        work_type: type[W],
        rules: Mapping[type, Rule[S, W, Any]],
        actions_of: Callable[[S], tuple[A, ...]],
        ready: Callable[[S], bool],
        driver: Driver[W],
        make_options: Callable[..., Opt],
        setup: Callable[[int, Opt], S],
        notation: Callable[[S, A], str],
        over: Callable[[S], bool],
        ending: Callable[[S], Outcome | None],
        action_count: Callable[[S], int],
        decode: Callable[[S, int], A],
    ) -> None:
        self.title = title
        #: The title with its article, for messages ("a Raxxon", "an Arctic Scavengers").
        self.a_title = f"{'an' if title[:1] in 'AEIOU' else 'a'} {title}"
        self.state_type = state_type
        self.work_type = work_type
        self.rules = dict(rules)
        self.plans = {t: _field_plan(t) for t in self.rules}
        self.dos: dict[type, Callable[[Any, Any], None]] = {t: rule.do for t, rule in self.rules.items()}
        self.actions_of = actions_of
        self.ready = ready
        self.driver = driver
        self.make_options = make_options
        self.option_names = tuple(p.name for p in inspect.signature(make_options).parameters.values()
                                  if p.kind is p.KEYWORD_ONLY)
        self.setup = setup
        self.notation = notation
        self.over = over
        self.ending = ending
        #: For each action type, its whole check made one function (:func:`_door`).
        self.doors: dict[type, Callable[[S, object], str | None]] = {
            t: _door(t, self.plans[t], over, rule.check, self._field_reason) for t, rule in self.rules.items()}
        self.action_count = action_count
        self.decode = decode

    # -- the door -------------------------------------------------------------------------------

    def state(self, state: object) -> S:
        """``state`` if it is this game's State (a table or a view); IllegalAction otherwise."""
        if type(state) is not self.state_type:
            raise IllegalAction(f"not {self.a_title} state: {short(state)}")
        return state

    def table(self, state: object) -> S:
        """``state`` if it is this game's table (not a view); IllegalAction otherwise."""
        checked = self.state(state)
        viewer = checked.viewer
        if viewer is not None:
            raise IllegalAction(f"this is player {viewer}'s view, not the table: play on the full state")
        return checked

    # -- the contract ---------------------------------------------------------------------------

    def new_game(self, seed: int, **options: Any) -> S:
        """A new table: options checked (ConfigError), set up from ``seed``, played on until
        somebody must decide."""
        if type(seed) is not int:
            raise ConfigError(f"seed must be an int, got {short(seed)}")
        unknown = sorted(set(options) - set(self.option_names))
        if unknown:
            raise ConfigError(f"unknown option {short(unknown[0])}; the options are {', '.join(self.option_names)}")
        return self.settle(self.setup(seed, self.make_options(**options)))

    def legal_actions(self, state: S) -> tuple[A, ...]:
        """Every legal decision now, in a stable order (empty once over); IllegalAction on a view."""
        if type(state) is not self.state_type or state.viewer is not None:
            self.table(state)
        return self.actions_of(state)

    def moves(self, state: S) -> Moves[S, A]:
        """The legal actions of the table ``state`` (as ``legal_actions``), with the way to play one
        of them without checking it again (:class:`Moves`); IllegalAction on a view."""
        if type(state) is not self.state_type or state.viewer is not None:
            self.table(state)
        return Moves(self, state, self.actions_of(state), _LISTED)

    def illegal_reason(self, state: S, action: object) -> str | None:
        """Why ``action`` is not legal on the table ``state`` now, or None when it is: the door (its
        type has a rule, the game runs, its fields hold their types), then the rule's check, which
        looks at this one action (no rule lists the legal actions to find it among them)."""
        door = self.doors.get(type(action))
        if door is None:
            return f"{short(action)} is not {self.a_title} action"
        return door(state, action)

    def _field_reason(self, action: object) -> str:
        """Which field of ``action`` does not hold what its type says (the door's words)."""
        for name, kinds in self.plans[type(action)]:
            value = getattr(action, name, _MISSING)
            if value is _MISSING:
                return f"{short(type(action).__name__)} was made without its {name}"
            if kinds is not None and type(value) not in kinds:
                said = " or ".join("None" if k is type(None) else _WORDS.get(k) or k.__name__ for k in kinds)
                return f"{name} must be {said}, got {short(value)}"
            if type(value) is int and not -_INT_BOUND <= value < _INT_BOUND:
                return f"{name} is out of range: {short(value)}"
        return f"{short(type(action).__name__)} holds a field that is not of its type"  # the door's own words

    def apply(self, state: S, action: object) -> S:
        """The table after ``action``; IllegalAction (with the reason) for anything not legal now,
        a view, or what is not this game's state. ``state`` is never changed."""
        if type(state) is not self.state_type or state.viewer is not None:
            self.table(state)
        door = self.doors.get(type(action))
        reason = f"{short(action)} is not {self.a_title} action" if door is None else door(state, action)
        if reason is not None:
            raise IllegalAction(reason)
        work: Any = self.work_type(state)  # type: ignore[call-arg]  # play(state, action), one call less
        work.events = []
        self.dos[type(action)](work, action)
        self.driver.run(work)
        finished: S = work.finish()
        return finished

    def play(self, state: S, action: Any) -> S:
        """``action``, already checked, done on a working copy; the driver plays on after it."""
        work: Any = self.work_type(state)  # type: ignore[call-arg]
        work.events = []
        self.dos[type(action)](work, action)
        self.driver.run(work)
        finished: S = work.finish(state)
        return finished

    def settle(self, state: S) -> S:
        """``state`` played on until somebody must decide (itself when nothing is to be done)."""
        if self.ready(state):
            return state
        work: Any = self.work_type(state)  # type: ignore[call-arg]
        self.driver.run(work)
        finished: S = work.finish(state)
        return finished

    def outcome(self, state: S) -> Outcome | None:
        """How the game ended (``ending``, None while it runs); IllegalAction on a view or what is
        not this game's state."""
        return self.ending(self.table(state))

    def returns(self, state: S) -> tuple[float, ...]:
        """Once over, 1.0 for each winner (each sharer of a shared win) and 0.0 for the others: a
        cooperative team's result for every seat. IllegalAction while the game runs."""
        result = self.outcome(state)
        if result is None:
            raise IllegalAction("the game is not over: returns come at the end")
        return returns_of(result, state.options.players)

    def num_players(self, state: S) -> int:
        """The number of seats at the table (or at the table a view was made from)."""
        return self.state(state).options.players

    def parse(self, state: S, text: str) -> A:
        """The legal action written ``text`` (spaces and case do not matter), or IllegalAction:
        the inverse of ``notation`` by construction, and never an action that is not legal."""
        self.state(state)
        if not isinstance(text, str):
            raise IllegalAction(f"notation is text, got {short(text)}")
        want = " ".join(text.split()).casefold()
        for action in self.actions_of(state):
            if self.notation(state, action).casefold() == want:
                return action
        raise IllegalAction(f"{short(text)} names no legal action now")

    def action_from_id(self, state: S, i: int) -> A:
        """The legal action whose id is ``i`` (``decode``, then checked as ``apply`` checks it), on
        the table or the view of the seat deciding; IllegalAction for an id that is not an int, is
        out of range or names no legal action now."""
        count = self.action_count(self.state(state))
        if type(i) is not int:
            raise IllegalAction(f"an action id is an int, got {short(i)}")
        if not 0 <= i < count:
            raise IllegalAction(f"action id {short(i)} is out of range: the ids run from 0 to {count - 1}")
        return self.checked(state, self.decode(state, i))

    def checked(self, state: S, action: A) -> A:
        """``action`` if it is legal in ``state`` (a table, or the view of the seat deciding: what is
        legal depends only on what that seat sees); IllegalAction otherwise (``action_from_id``)."""
        reason = self.illegal_reason(state, action)
        if reason is not None:
            raise IllegalAction(reason)
        return action


# -- the bundle -----------------------------------------------------------------------------------

#: The Game fields that are facts given to :func:`bundle`, and those read from the package under
#: another name.
_FACTS = ("key", "title", "player_counts", "rules_version")
_RENAMED = {"options_type": "Options", "state_type": "State", "action_types": "ACTION_TYPES"}


def bundle(package: str, **facts: Any) -> Game[Any, Any]:
    """The ``GAME`` of the game package named ``package`` (call it as ``bundle(__name__, ...)`` at
    the end of the package's ``__init__``): every contract function read from the package by its
    contract name, with the facts given (``key``, ``title``, ``player_counts``,
    ``rules_version``, and where the game has them ``utility`` and ``option_sets``). A missing
    name is a TypeError naming it.

    Hooks that need the package's higher modules are registered here, from above: a State shows
    as its drawing in Jupyter (``_repr_svg_``), ``str`` and ``print`` of a state give its table
    as text (the referee's; a view's as its seat sees it), ``repr`` stays the record, and an
    Options record read from a file must read back as ``make_options`` makes it.
    """
    module = sys.modules[package]
    missing = [f for f in _FACTS if f not in facts]
    names = {f.name: _RENAMED.get(f.name, f.name) for f in attrs.fields(Game)
             if f.name not in facts and f.default is attrs.NOTHING}
    missing += [name for name in names.values() if not hasattr(module, name)]
    if missing:
        raise TypeError(f"{package} lacks what the Game bundle needs: {', '.join(missing)}")
    game: Game[Any, Any] = Game(**facts, **{field: getattr(module, name) for field, name in names.items()})
    svg, text = game.svg, game.render
    type.__setattr__(game.state_type, "_repr_svg_", lambda self: svg(self, None))
    type.__setattr__(game.state_type, "__str__", lambda self: text(self, getattr(self, "viewer", None)))
    return game
