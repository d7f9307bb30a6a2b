"""The records of a game of Arctic Scavengers.

Zones hold card ids (ints; the game's :class:`table.Table` turns an id into its
values: ids 0..148 in the public set, see :mod:`cards` for a user set); a pile's top is index 0,
except the mercenary piles, whose top is the last element. Per-player zones are
tuples indexed by seat. Nothing derived is stored: totals, scores and the
peeked card are functions of these fields.
"""

from __future__ import annotations

import enum
from typing import Any

from attrs import frozen

from wasteland.arctic_scavengers.card_sets import CardSet
from wasteland.core.codec import register
from wasteland.core.rng import Rng

__all__ = [
    "Phase", "Task", "Options", "State", "Cards", "TASKS", "HAND_SIZE", "FIRST_SKIRMISH_ROUND", "ROUND_START",
]

#: Cards drawn in each draw phase.
HAND_SIZE = 5
#: The first round with a skirmish (and with the initiator's peek).
FIRST_SKIRMISH_ROUND = 3

Cards = tuple[int, ...]


@register
class Phase(enum.Enum):
    """Where the round stands. The draw phase has no decisions and runs inside ``apply``."""

    GATHERING = "gathering"
    KEEP = "keep"  # a Dig was resolved: the digger chooses which dug card to keep
    SKIRMISH = "skirmish"  # forces revealed: Saboteur and Sniper Team declarations
    OVER = "over"


@register
class Task(enum.Enum):
    """The gathering actions; each at most once per round. Values index abilities and bits."""

    DIG = 0
    DRAW = 1
    HUNT = 2
    HIRE = 3
    TRASH = 4


TASKS: tuple[Task, ...] = tuple(Task)


@register
@frozen
class Options:
    """Game options.

    ``players``: 2 to 5. ``peeking``: the contested-resource types (card keys) that
    count as "peeking" for the two-player rule, removed in a two-player game on top
    of those the card data marks (the data marks none; see the rules notes).
    ``cards``: the card set, as the card types a user set changed (None: the
    public set); :func:`card_sets.card_set` builds it from the ``cards`` option.
    """

    players: int = 2
    peeking: tuple[str, ...] = ()
    cards: CardSet | None = None


@register
@frozen(cache_hash=True)
class State:
    """The whole table, the referee's view.

    * ``hands``, ``decks``, ``discards``: each tribe's cards; ``played``: the cards it
      used for gathering actions this round (face up, to the discard at the next draw).
    * ``secret``: per tribe, ids of cards that entered its discard unseen by the
      others (the kept dug card, the won contested resource, a force never revealed).
    * ``junkyard`` and ``contested``: face-down piles; ``piles``: the 8 face-up
      mercenary piles (top = last); ``removed``: cards out of the game.
    * ``turn``: the seat deciding now. ``used``: bits of the :class:`Task` values the
      gathering player has taken this round; ``food``: food hunted this round.
    * ``task``: the gathering action under way, with ``committed`` cards (persons,
      medicine or trash) and ``equipped`` (modifier, person) pairs.
    * ``dug``: cards drawn by a Dig, waiting for the keep choice.
    * ``spent``: Saboteurs and Sniper Teams that declared in this skirmish.
    """

    options: Options
    round: int
    phase: Phase
    initiator: int
    turn: int
    hands: tuple[Cards, ...]
    decks: tuple[Cards, ...]
    discards: tuple[Cards, ...]
    played: tuple[Cards, ...]
    secret: tuple[frozenset[int], ...]
    junkyard: Cards
    contested: Cards
    piles: tuple[Cards, ...]
    removed: Cards
    used: int
    food: int
    task: Task | None
    committed: Cards
    equipped: tuple[tuple[int, int], ...]
    dug: Cards
    spent: Cards
    rng: Rng

    @property
    def players(self) -> int:
        return self.options.players


#: The per-round fields as a round begins: no action taken or under way, no food,
#: no dug cards, no declarations (used by ``replace``/``State`` with ``**ROUND_START``).
ROUND_START: dict[str, Any] = {
    "used": 0, "food": 0, "task": None, "committed": (), "equipped": (), "dug": (), "spent": (),
}
