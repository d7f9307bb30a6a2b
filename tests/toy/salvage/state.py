"""The records of a game of Salvage: options, the table and its working copy, the events.

Every card id (0-11) is in exactly one place: a hand, the deck (top first) or the
discard pile.
"""

from __future__ import annotations

import enum
from typing import Annotated

from attrs import frozen

from tests.toy.salvage.cards import HIDDEN
from wasteland.core.bounds import Within
from wasteland.core.codec import register_records
from wasteland.core.engine import WorkingCopy, working_copy
from wasteland.core.rng import Rng

__all__ = ["Options", "Phase", "Ending", "Drew", "Discarded", "Event", "Draw", "State", "Work", "Card", "Seat"]

#: A card id, 0-11 (HIDDEN in a view), and a seat: what a file may name (``core.bounds``).
Card = Annotated[int, Within("card", also=(HIDDEN,))]
Seat = Annotated[int, Within("seat")]


@frozen
class Options:
    """``players`` 2-4."""

    players: int = 2


class Phase(enum.Enum):
    PLAY = "play"
    OVER = "over"


class Ending(enum.StrEnum):
    """How a game ends (``Outcome.code``)."""

    HIGHEST_HAND = "highest_hand"
    SHARED = "shared"


@frozen
class Drew:
    """``player`` drew ``card`` (HIDDEN in another seat's view)."""

    player: Seat
    card: Card


@frozen
class Discarded:
    player: Seat
    card: Card


Event = Drew | Discarded


@frozen
class Draw:
    """An effect: the active player draws; with the deck empty the game ends instead."""


@frozen(weakref_slot=False)
class State:
    options: Options
    phase: Phase
    active: Seat
    hands: tuple[tuple[Card, ...], ...]
    deck: tuple[Card, ...]
    discard: tuple[Card, ...]
    stack: tuple[Draw, ...]
    events: tuple[Event, ...]
    rng: Rng
    viewer: Seat | None


@working_copy(State)
class Work(WorkingCopy[State]):
    """The mutable working copy of a State that the rules change in place: the piles are lists (the
    other fields are the State's, with its types)."""

    hands: list[tuple[int, ...]]
    deck: list[int]
    discard: list[int]
    stack: list[Draw]
    events: list[Event]


#: Every record the State holds, registered with the codec as ``salvage.<ClassName>``.
register_records("salvage", State)
