"""The contract every game keeps: errors, the outcome record, the ``Game`` bundle and its checks.

A game package exports the contract's functions (see docs/architecture.md) and
bundles them in a typed :class:`Game`. The small helpers here are what every
game's ``rules.py`` and ``view.py`` call at their doors, so that all games say
the same thing for the same mistake:

* :func:`check_table` refuses a view where the table is needed;
* :func:`check_viewer` refuses a player who is not at the table;
* :func:`short` shows a stranger's value in a message without echoing all of it.
"""

from __future__ import annotations

import enum
import re
from typing import Any, Callable, Generic, Iterable, Mapping, Protocol, TypeVar

from attrs import field, frozen

from wasteland.core.codec import register

__all__ = [
    "RulesError",
    "TRUNCATED",
    "IllegalAction",
    "ConfigError",
    "Outcome",
    "Utility",
    "always",
    "Game",
    "Listed",
    "Determinize",
    "GameModule",
    "check_options",
    "check_table",
    "check_viewer",
    "short",
    "returns_of",
    "describer",
    "parser",
]

S = TypeVar("S")
A = TypeVar("A")


class RulesError(Exception):
    """Base of every error the rules raise on purpose."""


class IllegalAction(RulesError, ValueError):
    """``apply`` was given something that is not a legal action now; the message says why."""


class ConfigError(RulesError, ValueError):
    """``new_game`` was given options out of range; the message lists the allowed values."""


#: The longest piece of a stranger's value a message repeats.
SHORT = 40


def short(value: object, limit: int = SHORT) -> str:
    """``repr(value)`` cut to ``limit`` characters, safe for any object (huge ints, odd reprs)."""
    if type(value) is int:
        # repr of a 5,000-digit int raises ValueError past Python's digit limit; say its size instead.
        if value.bit_length() > 128:
            return f"<an int of {value.bit_length()} bits>"
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001 - a stranger's __repr__ may raise anything
        text = f"<a {type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


_CODE = re.compile(r"[a-z][a-z0-9_]*")


def _winners(value: Iterable[int]) -> frozenset[int]:
    return frozenset(value)


def _scores(value: Iterable[float]) -> tuple[float, ...]:
    return tuple(value)


def _code_text(value: str) -> str:
    """A game's ending enum member (a StrEnum) as its plain text: files hold the text, and the
    member still compares equal to it."""
    return str(value) if isinstance(value, str) else value


def _code(_: object, __: object, value: str) -> None:
    if not isinstance(value, str) or not _CODE.fullmatch(value):
        raise ValueError(f"an outcome code is a snake_case name such as 'squad_eliminated', got {short(value)}")


@register("core.Outcome")
@frozen(kw_only=True)
class Outcome:
    """How a finished game ended.

    ``winners`` is empty when a cooperative team loses; ``scores`` has one
    number per player, or is empty where the game keeps no score. ``reason`` is
    a sentence for people; ``code`` a stable snake_case name of the ending for
    programs (``"helicopter_clear"``, ``"squad_eliminated"``): it never changes
    when the wording of ``reason`` does.
    """

    winners: frozenset[int] = field(converter=_winners)
    reason: str
    code: str = field(converter=_code_text, validator=_code)
    scores: tuple[float, ...] = field(default=(), converter=_scores)

    @property
    def truncated(self) -> bool:
        """Whether the engine cut the game at its decision limit (code ``decision_limit``) rather
        than the rules ending it: nobody won, and nobody lost either (the RL adapters report a
        truncation, not a termination)."""
        return self.code == TRUNCATED


#: The outcome code of a game the engine cut at its decision limit (see ``Outcome.truncated``).
TRUNCATED = "decision_limit"


def returns_of(outcome: Outcome, players: int) -> tuple[float, ...]:
    """The contract's default ``returns``: 1.0 for each winner, 0.0 for everyone else.

    A shared win gives each sharer 1.0; a cooperative team's win gives every
    player 1.0 and its loss 0.0.
    """
    return tuple(1.0 if p in outcome.winners else 0.0 for p in range(players))


def check_table(state: Any) -> None:
    """Refuse to play on a view: the table (the referee's state) has ``viewer`` None."""
    viewer = state.viewer
    if viewer is not None:
        raise IllegalAction(f"this is player {viewer}'s view, not the table: play on the full state")


class Utility(enum.Enum):
    """What the returns of a game add up to, as game-theory tools classify games
    (OpenSpiel's ``GameType.Utility``).

    * ``ZERO_SUM``: the returns of every finished game add up to 0;
    * ``CONSTANT_SUM``: they add up to 1.0 in every finished game (exactly one seat wins,
      since ``returns`` gives 1.0 to each winner);
    * ``IDENTICAL``: every seat gets the same return (a cooperative game, and a solo one);
    * ``GENERAL_SUM``: none of these (a shared win gives several seats 1.0, others 0.0).
    """

    ZERO_SUM = "zero_sum"
    CONSTANT_SUM = "constant_sum"
    IDENTICAL = "identical"
    GENERAL_SUM = "general_sum"


R = TypeVar("R")


def always(kind: Utility, state_type: type[R], title: str) -> Callable[[R], Utility]:
    """A game's ``utility`` where every table of the game is of the same ``kind``: ``kind``
    for any ``state_type`` (table or view), IllegalAction for anything else (``title`` as in
    :func:`need_state`)."""

    def utility(state: R) -> Utility:
        need_state(state, state_type, title)
        return kind

    return utility


def need_state(state: object, state_type: type[R], title: str) -> R:
    """``state`` if it is exactly a ``state_type`` (a game's State); IllegalAction otherwise."""
    if type(state) is not state_type:
        raise IllegalAction(f"not {title} state: {short(state)}")
    return state


def check_determinize(view: Any, player: object, seed: object) -> int:
    """The door checks of every game's ``determinize``: ``view`` is seat ``player``'s view and
    ``seed`` an int. Returns the seat; IllegalAction otherwise."""
    seat = check_viewer(player, view.options.players)
    if view.viewer != seat:
        whose = "the table" if view.viewer is None else f"player {view.viewer}'s view"
        raise IllegalAction(f"determinize needs player {seat}'s view, got {whose}")
    if type(seed) is not int:
        raise IllegalAction(f"seed must be an int, got {short(seed)}")
    return seat


def check_viewer(player: object, players: int) -> int:
    """``player`` if it is a seat at a table of ``players``; IllegalAction otherwise."""
    if type(player) is not int or not 0 <= player < players:
        raise IllegalAction(f"player must be a seat from 0 to {players - 1}, got {short(player)}")
    return player


def seen_by(state: S, player: int | None, view: Callable[[S, int], S]) -> S:
    """What a drawing of ``state`` for ``player`` may read (every game's ``render`` and ``svg``).

    None: the state as it is (the whole table, or a view as it stands). A seat on a full
    state: ``view(state, player)``, so the drawing cannot show what that seat may not see.
    A seat on a view: the view, if it is that seat's; IllegalAction if it is another's.
    """
    if player is None:
        return state
    viewer = getattr(state, "viewer", None)
    if viewer is None:
        return view(state, player)
    if viewer != player:
        raise IllegalAction(f"this is player {viewer}'s view: it cannot be drawn for player {short(player)}")
    return state


def describer(names: dict[type, Callable[[Any, Any], str]]) -> Callable[[Any, object], str]:
    """``describe(state, action)`` from a table of action class → namer ``(state, action)``.

    ``state`` is the state the action is taken in, as the reader sees it (a view,
    or the table), so a namer can keep hidden what the reader may not see.
    Namers are called only for their exact class, and a namer that trips over a
    field of the wrong type falls back to a safe short form, so ``describe``
    never raises, whatever it is given.
    """

    def describe(state: Any, action: object) -> str:
        namer = names.get(type(action))
        if namer is not None:
            try:
                return namer(state, action)
            except Exception:  # noqa: BLE001 - a hand-built action may hold any value in any field
                pass
        return short(action, 60)

    return describe


S_co = TypeVar("S_co", covariant=True)
A_co = TypeVar("A_co", covariant=True)


class Listed(Protocol[S_co, A_co]):
    """What ``moves(state)`` gives (``core.engine.Moves``): the legal actions of the table, and
    ``play(action)``, which is ``apply(state, action)`` without the check when ``action`` is one
    of the listed objects themselves, and ``play_at(i)``, which plays ``actions[i]``."""

    @property
    def actions(self) -> tuple[A_co, ...]: ...

    def play(self, action: object) -> S_co: ...

    def play_at(self, i: int) -> S_co: ...


class Determinize(Protocol[S]):
    """``determinize(view, player, seed)``, as the games define it: a full table consistent
    with everything ``player`` knows in ``view``; ``seed`` may be given by name, as the docs
    write it."""

    def __call__(self, view: S, player: int, /, seed: int) -> S: ...


@frozen
class Game(Generic[S, A]):
    """The functions of one game, bundled for generic tools (CLI, replays, bots, tests).

    ``S`` is the game's State and ``A`` its Action union. Every function is the
    package's own (``GAME.apply is wasteland.<key>.apply``); see
    docs/architecture.md for what each must do. ``rules_version`` rises whenever a
    rule change can alter a recorded game; replays store it.
    """

    key: str
    title: str
    player_counts: tuple[int, ...]
    rules_version: int
    new_game: Callable[..., S]
    current_player: Callable[[S], int | None]
    legal_actions: Callable[[S], tuple[A, ...]]
    apply: Callable[[S, object], S]
    # The legal actions listed once, and one of them played without checking it again:
    moves: Callable[[S], Listed[S, A]]
    outcome: Callable[[S], Outcome | None]
    returns: Callable[[S], tuple[float, ...]]
    view: Callable[[S, int], S]
    determinize: Determinize[S]
    notation: Callable[[S, A], str]
    parse: Callable[[S, str], A]
    num_players: Callable[[S], int]
    events: Callable[[S], tuple[str, ...]]
    render: Callable[[S, int | None], str]
    svg: Callable[[S, int | None], str]
    describe: Callable[[S, object], str]
    options_type: type
    state_type: type[S]
    action_types: tuple[type, ...]
    # The fixed action space and the observation vector, for the RL adapters and search
    # (see docs/architecture.md, "Action ids and observations"):
    action_count: Callable[[S], int]
    action_id: Callable[[S, A], int]
    action_from_id: Callable[[S, int], A]
    observation_size: Callable[[S], int]
    observe: Callable[[S], tuple[float, ...]]
    # A proven upper bound on the decisions of a whole game with a state's options (the rules
    # page says how it is derived, or what the engine does at it):
    max_decisions: Callable[[S], int]
    # The rules in short for a player at the table (the goal, how the game ends, the words the
    # text uses), as ``play`` shows it on ``?``:
    summary: Callable[[S], str]
    # What the returns of a game with the options of ``state`` add up to (see Utility):
    # a function of the table, since a game's variants may differ (The Lucky Seven's do).
    utility: Callable[[S], Utility] = field(kw_only=True)
    # A few typical tables beyond one of each player count, as ``new_game`` options (a variant, a
    # difficulty, a card set of one's own): the generic tests (``wasteland.testing``), the
    # state-file fuzzer and the RL adapters' tests play each, beside every player count.
    option_sets: tuple[Mapping[str, Any], ...] = field(default=(), kw_only=True, converter=tuple, eq=False)


class GameModule(Protocol[S, A]):
    """What a game package exports (``wasteland.<key>``): the contract, module by module."""

    GAME: Game[S, A]

    def new_game(self, seed: int, **options: Any) -> S: ...
    def current_player(self, state: S) -> int | None: ...
    def legal_actions(self, state: S) -> tuple[A, ...]: ...
    def apply(self, state: S, action: object) -> S: ...
    def moves(self, state: S) -> Listed[S, A]: ...
    def outcome(self, state: S) -> Outcome | None: ...
    def returns(self, state: S) -> tuple[float, ...]: ...
    def view(self, state: S, player: int) -> S: ...
    def determinize(self, view: S, player: int, seed: int) -> S: ...
    def notation(self, state: S, action: A) -> str: ...
    def parse(self, state: S, text: str) -> A: ...
    def num_players(self, state: S) -> int: ...
    def events(self, state: S) -> tuple[str, ...]: ...
    def render(self, state: S, player: int | None = None) -> str: ...
    def svg(self, state: S, player: int | None = None) -> str: ...
    def describe(self, state: S, action: object) -> str: ...
    def action_count(self, state: S) -> int: ...
    def action_id(self, state: S, action: A) -> int: ...
    def action_from_id(self, state: S, i: int) -> A: ...
    def observation_size(self, state: S) -> int: ...
    def observe(self, view: S) -> tuple[float, ...]: ...
    def summary(self, state: S) -> str: ...
    def max_decisions(self, state: S) -> int: ...


def check_options(name: str, value: object, allowed: Iterable[object]) -> None:
    """Raise ConfigError naming the allowed values unless ``value`` is one of them."""
    choices = tuple(allowed)
    # Equal is not enough: True == 1 and 2.0 == 2, but neither is a valid choice of the other type.
    for choice in choices:
        if type(choice) is type(value) and choice == value:
            return
    raise ConfigError(f"{name} must be one of {_list(choices)}, got {short(value)}")


def _list(choices: tuple[object, ...]) -> str:
    return ", ".join(repr(c) for c in choices)


def parser(
    legal_actions: Callable[[S], tuple[A, ...]], notation: Callable[[S, A], str]
) -> Callable[[S, str], A]:
    """The contract's ``parse`` for a game whose notation is ``notation``: the legal action
    written ``text`` (spaces and case do not matter), or IllegalAction.

    It reads the text back by listing the legal actions, so it is the inverse of
    ``notation`` by construction, and can never return an action that is not legal.
    """

    def parse(state: S, text: str) -> A:
        if not isinstance(text, str):
            raise IllegalAction(f"notation is text, got {short(text)}")
        want = " ".join(text.split()).casefold()
        for action in legal_actions(state):
            if notation(state, action).casefold() == want:
                return action
        raise IllegalAction(f"{short(text)} names no legal action now")

    return parse
