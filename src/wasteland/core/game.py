"""The contract every game keeps: errors, the outcome record and the ``Game`` bundle."""

from __future__ import annotations

from typing import Any, Callable, Generic, Iterable, TypeVar

from attrs import field, frozen

from wasteland.core.codec import register

__all__ = [
    "RulesError",
    "IllegalAction",
    "ConfigError",
    "Outcome",
    "Game",
    "check_options",
]

S = TypeVar("S")
A = TypeVar("A")


class RulesError(Exception):
    """Base of every error the rules raise on purpose."""


class IllegalAction(RulesError, ValueError):
    """``apply`` was given something that is not a legal action now; the message says why."""


class ConfigError(RulesError, ValueError):
    """``new_game`` was given options out of range; the message lists the allowed values."""


def _winners(value: Iterable[int]) -> frozenset[int]:
    return frozenset(value)


def _scores(value: Iterable[float]) -> tuple[float, ...]:
    return tuple(value)


@register
@frozen
class Outcome:
    """How a finished game ended.

    ``winners`` is empty when a cooperative team loses; ``scores`` has one
    number per player, or is empty where the game keeps no score.
    """

    winners: frozenset[int] = field(converter=_winners)
    reason: str
    scores: tuple[float, ...] = field(default=(), converter=_scores)


@frozen
class Game(Generic[S, A]):
    """The functions of one game, bundled for generic tools (CLI, replays, bots, tests).

    ``new_game(seed, players=n)`` must work for every ``n`` in ``player_counts``.
    ``render(state, player)`` draws a state as text for a terminal, from
    ``player``'s seat (``None`` for the referee); ``describe(action)`` names an
    action in a few words.
    """

    key: str
    title: str
    player_counts: tuple[int, ...]
    new_game: Callable[..., S]
    current_player: Callable[[S], int | None]
    legal_actions: Callable[[S], tuple[A, ...]]
    apply: Callable[[S, Any], S]
    outcome: Callable[[S], Outcome | None]
    view: Callable[[S, int], S]
    num_players: Callable[[S], int]
    render: Callable[[S, int | None], str]
    describe: Callable[[A], str]
    options_type: type


def check_options(name: str, value: object, allowed: Iterable[object]) -> None:
    """Raise ConfigError naming the allowed values unless ``value`` is one of them."""
    choices = tuple(allowed)
    # Equal is not enough: True == 1 and 2.0 == 2, but neither is a valid choice of the other type.
    if not any(type(c) is type(value) and c == value for c in choices):
        raise ConfigError(f"{name} must be one of {_list(choices)}, got {value!r}")


def _list(choices: tuple[object, ...]) -> str:
    return ", ".join(repr(c) for c in choices)
