"""The records of a game of Terror Below: options, the table and its working copy, effects, events.

Every card is in exactly one place. A Worm id (``cards.WORMS``) is in ``worm_deck`` (top first),
``worms`` (the 3 slots of the Terror zone, ``NONE`` when empty) or ``worm_discard``; a Vehicle
in ``vehicle_deck``, ``hands``, ``under`` (the cards under each slot, in the order played) or
``vehicle_discard``; a gear card (Items 0-23, Weapons 24-46) in ``item_deck``, ``weapon_deck``,
``gear`` (held, hidden), ``worn`` (face up beside the leader: Hats, kept Weapons) or
``gear_discard``; a Bounty in ``bounty_deck``, ``line`` (4 slots), ``hidden`` or ``completed``; a
Character in ``squads`` (alive, leader first), ``dead`` or ``box``. Eggs are counted per cell
and colour (``eggs[cell * 4 + colour]``), carried (``carried[p * 4 + colour]``) or in
``egg_supply``; rubble per cell, carried (``carried_rubble``) or in ``rubble_supply``.

``steer`` lists the slots whose Target the active player still draws closer by hand (a
Motorcycle or a lure whose Target has two cells equally close to the pawn), the first one next.

``owners[slot]`` tells for each card under a Worm who placed it face down (Bicycle), or NONE for
a face-up card. A view puts ``HIDDEN`` where its seat may not see.
"""

from __future__ import annotations

import enum
from typing import Annotated

from attrs import frozen

from wasteland.core.bounds import Within
from wasteland.core.codec import added_field, register_records
from wasteland.core.engine import WorkingCopy, working_copy
from wasteland.core.rng import Rng
from wasteland.terror_below.card_set import CardSet
from wasteland.terror_below.cards import CELLS, CHARACTERS, GEAR, NONE, SCENARIOS, VEHICLES

#: What an int field names, for the checks of a file (``core.bounds``; ``rules.BOUNDS`` gives the
#: seats of a table): a seat (NONE: nobody), a slot of the Terror zone, a cell, a card, a count.
Seat = Annotated[int, Within("seat")]
SeatOrNone = Annotated[int, Within("seat", also=(NONE,))]
Slot = Annotated[int, Within("slot", fixed=range(3))]
#: The most turns a table may have counted (*design*: far above any game, whose Worm deck ends it).
TURN_LIMIT = 10_000
#: The most VP tokens, Worms defeated, eggs delivered or action points a seat may have counted.
COUNT_LIMIT = 1_000
Count = Annotated[int, Within("count", fixed=range(COUNT_LIMIT + 1))]

__all__ = [
    "Options", "Phase", "Ending", "Wait", "EndActions", "EndTurn", "Strike", "Attack", "Resolve", "Retire", "NextTurn",
    "Effect", "Said", "Event", "State", "Work", "solo_goal", "MAX_GOAL",
]


@frozen
class Options:
    """``players`` 1-5 (1: solo); ``side`` desert or canyon; ``scenario`` the solo objective;
    ``cards`` a card set of one's own (None: the designed cards); ``goal`` a solo goal of one's
    own for the scenario's count (0: the scenario's designed goal)."""

    players: int = 2
    side: str = "desert"
    scenario: str = ""
    cards: CardSet | None = None
    goal: int = added_field(0)  # added after texts were written: those read, write and digest as before


#: The largest solo goal of one's own (any count a game can reach lies below it).
MAX_GOAL = 999


def solo_goal(options: Options) -> tuple[str, int]:
    """What a solo game counts (``vp``, ``eggs`` or ``kills``) and how many of it win: the
    scenario's designed goal, or the options' own."""
    counted, goal = SCENARIOS[options.scenario]
    return counted, options.goal or goal


class Phase(enum.Enum):
    LEAD = "lead"  # choose a leader from the squad
    ENTER = "enter"  # place the pawn on a free Location
    PLAY = "play"  # play a Vehicle under a Worm
    EXTRA = "extra"  # Boots: a second Vehicle for its action points, or pass
    ACT = "act"  # spend action points
    DRAW = "draw"  # 3 rubble carried: draw an Item or a Weapon
    HIDE = "hide"  # the Government Facility: a hidden bounty from the line or the deck
    STASH = "stash"  # Bicycle: a card face down under a Worm, or pass
    HUNT = "hunt"  # caught in an attack: use weapons and items, then pass
    REVIVE = "revive"  # the Hospital or a Medkit: which dead character of the squad comes back
    CLAIM = "claim"  # the killing blow: which matching hunting bounty it completes
    STEER = "steer"  # a Target drawn closer with two cells equally close: which one
    OVER = "over"


class Ending(enum.StrEnum):
    """How a game ends (``Outcome.code``)."""

    VP = "twenty_vp"
    LAST_TURN = "last_turn"
    WORMS_SPENT = "worms_spent"
    SHARED = "shared"
    SOLO_WON = "objective"
    SOLO_WORMS = "fifteen_worms"
    SOLO_SQUAD = "squad_lost"


# -- effects: work that needs nobody, on the stack --------------------------------------------------

@frozen
class Wait:
    """Not an effect: a decision is pending (``phase``, ``decider``)."""


@frozen
class EndActions:
    """The actions are over: the Vehicle's ability (when it comes after), then the end of the turn."""


@frozen
class EndTurn:
    """Refill the hand, then every Worm at its card limit attacks, then the next turn."""


@frozen
class Strike:
    """A setup attack: Worm ``worm`` strikes at its start coordinates, then goes to the discard."""

    worm: int


@frozen
class Attack:
    """The Worm in ``slot`` attacks: face-down cards, the egg, the rubble, who is caught."""

    slot: Slot


@frozen
class Resolve:
    """After the hunts: the Worm defeated, or the caught leaders die."""

    slot: Slot


@frozen
class Retire:
    """The Worm to the discard with its Vehicles, a new Worm and its Target in its slot."""

    slot: Slot


@frozen
class NextTurn:
    """The next player's turn, or the end of the game."""


Effect = Wait | EndActions | EndTurn | Strike | Attack | Resolve | Retire | NextTurn


@frozen
class Said:
    """An event: what happened, in words, with nothing in it that any seat may not see."""

    text: str


Event = Said


@frozen(weakref_slot=False)
class State:
    options: Options
    phase: Phase
    active: Seat
    decider: Seat
    turn: Annotated[int, Within("turn", fixed=range(TURN_LIMIT + 1))]
    worm_deck: tuple[int, ...]
    worms: tuple[int, ...]
    targets: tuple[int, ...]
    under: tuple[tuple[int, ...], ...]
    owners: tuple[tuple[SeatOrNone, ...], ...]
    worm_discard: tuple[int, ...]
    vehicle_deck: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    vehicle_discard: tuple[int, ...]
    item_deck: tuple[int, ...]
    weapon_deck: tuple[int, ...]
    gear: tuple[tuple[int, ...], ...]
    worn: tuple[tuple[int, ...], ...]
    fresh: tuple[tuple[int, ...], ...]
    gear_discard: tuple[int, ...]
    bounty_deck: tuple[int, ...]
    line: tuple[int, ...]
    hidden: tuple[tuple[int, ...], ...]
    completed: tuple[tuple[int, ...], ...]
    squads: tuple[tuple[Annotated[int, Within("character", fixed=range(len(CHARACTERS)))], ...], ...]
    dead: tuple[tuple[int, ...], ...]
    box: tuple[int, ...]
    pawns: tuple[Annotated[int, Within("cell", also=(NONE,), fixed=range(CELLS))], ...]
    rubble: tuple[int, ...]
    eggs: tuple[int, ...]
    carried: tuple[int, ...]
    carried_rubble: tuple[int, ...]
    egg_supply: tuple[int, ...]
    rubble_supply: int
    vp: tuple[int, ...]
    kills: tuple[int, ...]
    delivered: tuple[int, ...]
    ap: Count
    vehicle: Annotated[int, Within("vehicle", also=(NONE,), fixed=range(len(VEHICLES)))]
    slot: Annotated[int, Within("slot", also=(NONE,), fixed=range(3))]
    bonus: bool
    hunters: tuple[Seat, ...]
    caught: tuple[Seat, ...]
    safe: tuple[Seat, ...]
    used: tuple[Annotated[int, Within("gear", fixed=range(len(GEAR)))], ...]
    damage: Count
    killer: SeatOrNone
    leaders_due: tuple[Seat, ...]
    steer: tuple[int, ...]
    out: tuple[bool, ...]
    final: int
    winners: tuple[Seat, ...]
    ending: str
    stack: tuple[Effect, ...]
    events: tuple[Event, ...]
    rng: Rng
    viewer: Seat | None


@working_copy(State)
class Work(WorkingCopy[State]):
    """The mutable working copy of a State that the rules change: the effects pending and the events
    of the decision are lists; every other field keeps the State's tuple, which a rule replaces
    whole when it changes (``put``), so that a decision copies and turns back only what it edits."""

    stack: list[Effect]
    events: list[Event]


#: Every record the State holds (options, effects, events), registered with the codec as
#: ``terror_below.<ClassName>``.
register_records("terror_below", State)
