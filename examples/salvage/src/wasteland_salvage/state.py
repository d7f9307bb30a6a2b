"""The records of a game of Salvage: options, the table and its working copy, the events.

Every card id (0-11) is in exactly one place: a hand, the deck (top first) or the
discard pile.
"""

from __future__ import annotations

import enum
from attrs import frozen

from wasteland.core.codec import register
from wasteland.core.engine import WorkingCopy, working_copy
from wasteland.core.rng import Rng

__all__ = ["Options", "Phase", "Ending", "Drew", "Discarded", "Event", "Draw", "State", "Work"]


@register("salvage.Options")
@frozen
class Options:
    """``players`` 2-4."""

    players: int = 2


@register("salvage.Phase")
class Phase(enum.Enum):
    PLAY = "play"
    OVER = "over"


class Ending(enum.StrEnum):
    """How a game ends (``Outcome.code``)."""

    HIGHEST_HAND = "highest_hand"
    SHARED = "shared"


@register("salvage.Drew")
@frozen
class Drew:
    """``player`` drew ``card`` (HIDDEN in another seat's view)."""

    player: int
    card: int


@register("salvage.Discarded")
@frozen
class Discarded:
    player: int
    card: int


Event = Drew | Discarded


@register("salvage.Draw")
@frozen
class Draw:
    """An effect: the active player draws; with the deck empty the game ends instead."""


@register("salvage.State")
@frozen(weakref_slot=False)
class State:
    options: Options
    phase: Phase
    active: int
    hands: tuple[tuple[int, ...], ...]
    deck: tuple[int, ...]
    discard: tuple[int, ...]
    stack: tuple[Draw, ...]
    events: tuple[Event, ...]
    rng: Rng
    viewer: int | None


@working_copy(State)
class Work(WorkingCopy[State]):
    """The mutable working copy of a State that the rules change in place."""

    options: Options
    phase: Phase
    active: int
    hands: list[tuple[int, ...]]
    deck: list[int]
    discard: list[int]
    stack: list[Draw]
    events: list[Event]
    rng: Rng
    viewer: int | None
