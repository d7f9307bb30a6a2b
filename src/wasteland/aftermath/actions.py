"""The decisions of Aftermath, their notation and their action ids.

Each decision is small: an action starts with its target (``melee 1.2``: the first enemy card's
second figure), then the test's cards are played one at a time (``card c12``) and ``done`` rolls;
a move plays its cards (``move c3``, ``card c7``), then steps space by space (``step B``);
``choose 2``: the bookkeeper sends an enemy toward (or at) the second character in turn order.
Card ids are ``c0``-``c36`` (``cards.ACTION_CARDS``); an enemy figure is ``slot.figure`` on the
threat track (both from 1); a space is its name on the page's map.
"""

from __future__ import annotations

from operator import attrgetter
from typing import Any, Callable

from attrs import frozen

from wasteland.core.codec import register
from wasteland.core.game import IllegalAction, need_state, short
from wasteland.aftermath.cards import (
    ABILITY_CARDS, ACTION_CARDS, ITEMS, MAX_FIGURES, MAX_SPACES, NONE, STATUSES, TRACK, VEHICLES,
)
from wasteland.aftermath.state import State

__all__ = [
    "Discard", "Draw", "Move", "Step", "Card", "Done", "Communicate", "Melee", "Ranged", "Scavenge", "Recover",
    "Ability", "Cheer", "Equip", "Wear", "Stow", "Scrap", "Charge", "Eat", "Repair",
    "Stand", "Contribute", "Consult", "End", "Nest", "Pass", "Pick", "Go", "Choose", "Influence", "Drive", "Exit",
    "Action",
    "ACTION_TYPES", "notation", "action_count", "action_id", "decode", "MAX_PLAYERS", "MAX_CACHES", "MAX_OPTIONS",
    "TARGETS", "figure_name", "space_name",
]

MAX_PLAYERS = 4
#: The most face-down scavenge tokens a page holds at once (the book format's bound).
MAX_CACHES = 32
#: The most options of a book's choice or of a travel.
MAX_OPTIONS = 8
#: Enemy figures a target may name: slot * MAX_FIGURES + figure.
TARGETS = TRACK * MAX_FIGURES


@register("aftermath.Discard")
@frozen(cache_hash=True)
class Discard:
    """Draw step: discard ``card`` from the last turn before drawing."""

    card: int


@register("aftermath.Draw")
@frozen(cache_hash=True)
class Draw:
    """Draw step: draw up to 5 cards."""


@register("aftermath.Move")
@frozen(cache_hash=True)
class Move:
    """Start a move with ``card`` (its value in movement points)."""

    card: int


@register("aftermath.Step")
@frozen(cache_hash=True)
class Step:
    """Move across a line into the space numbered ``space`` on the page's map."""

    space: int


@register("aftermath.Card")
@frozen(cache_hash=True)
class Card:
    """Play ``card`` into the test (or the move) in progress."""

    card: int


@register("aftermath.Done")
@frozen(cache_hash=True)
class Done:
    """Roll the test with the cards played, or stop moving."""


@register("aftermath.Communicate")
@frozen(cache_hash=True)
class Communicate:
    """Communicate with the enemy figure ``target`` in your space (safe only)."""

    target: int


@register("aftermath.Melee")
@frozen(cache_hash=True)
class Melee:
    """Attack the enemy figure ``target`` in your space (hostile only)."""

    target: int


@register("aftermath.Ranged")
@frozen(cache_hash=True)
class Ranged:
    """Shoot the enemy figure ``target`` within range and sight (hostile only)."""

    target: int


@register("aftermath.Scavenge")
@frozen(cache_hash=True)
class Scavenge:
    """Scavenge the face-down token ``cache`` (its index on the map) in your space."""

    cache: int


@register("aftermath.Recover")
@frozen(cache_hash=True)
class Recover:
    """Try to remove your status ``status`` (an index of ``cards.STATUSES``)."""

    status: int


@register("aftermath.Ability")
@frozen(cache_hash=True)
class Ability:
    """Activate your character's ability card ``card`` (an index of ``cards.ABILITY_CARDS``), paid
    with white cards: ``target`` a space (tumble), an enemy figure (throw) or NONE."""

    target: int
    card: int


@register("aftermath.Cheer")
@frozen(cache_hash=True)
class Cheer:
    """Give ``card`` to character ``to``, who holds 2 cards or fewer."""

    card: int
    to: int


@register("aftermath.Equip")
@frozen(cache_hash=True)
class Equip:
    """Start an Equip/Trade action by discarding ``card`` (any card): then move any number of
    items (``Wear``, ``Stow``), place batteries (``Charge``) and stop (``Done``)."""

    card: int


@register("aftermath.Wear")
@frozen(cache_hash=True)
class Wear:
    """Put ``item`` in a free slot of its kind of character ``to`` (in an Equip/Trade, or an item
    just gained or repaired)."""

    item: int
    to: int


@register("aftermath.Stow")
@frozen(cache_hash=True)
class Stow:
    """Put ``item`` in the pack of character ``to``."""

    item: int
    to: int


@register("aftermath.Scrap")
@frozen(cache_hash=True)
class Scrap:
    """Discard the item just gained for its value: its repair cost in scrap."""

    item: int


@register("aftermath.Charge")
@frozen(cache_hash=True)
class Charge:
    """In an Equip/Trade, put one of your batteries on your equipped ``item``."""

    item: int


@register("aftermath.Stand")
@frozen(cache_hash=True)
class Stand:
    """A character who fled returns to play in the space numbered ``space`` (a companion's)."""

    space: int


@register("aftermath.Eat")
@frozen(cache_hash=True)
class Eat:
    """Nesting: spend 1 food to remove 1 wound of yours (once a nest)."""


@register("aftermath.Repair")
@frozen(cache_hash=True)
class Repair:
    """Nesting: the bookkeeper repairs the broken ``item`` (its repair cost in scrap) and gives it
    to character ``to``, who equips or packs it."""

    item: int
    to: int


@register("aftermath.Contribute")
@frozen(cache_hash=True)
class Contribute:
    """Contribute ``card`` to the group task."""

    card: int


@register("aftermath.Consult")
@frozen(cache_hash=True)
class Consult:
    """Read the page's "how to leave" entry."""


@register("aftermath.End")
@frozen(cache_hash=True)
class End:
    """End your actions: check the threat."""


@register("aftermath.Nest")
@frozen(cache_hash=True)
class Nest:
    """The party nests (safe, at the end of a turn)."""


@register("aftermath.Pass")
@frozen(cache_hash=True)
class Pass:
    """Do not nest."""


@register("aftermath.Pick")
@frozen(cache_hash=True)
class Pick:
    """Take option ``option`` of the book's choice."""

    option: int


@register("aftermath.Go")
@frozen(cache_hash=True)
class Go:
    """Travel to the page of option ``option``."""

    option: int


@register("aftermath.Choose")
@frozen(cache_hash=True)
class Choose:
    """The bookkeeper chooses ``character`` among those equally near an enemy (its move or its
    target)."""

    character: int


@register("aftermath.Influence")
@frozen(cache_hash=True)
class Influence:
    """Play your character's influence card (once a mission; it costs no action card)."""


@register("aftermath.Exit")
@frozen(cache_hash=True)
class Exit:
    """Leave the page alone by the way off it the book opened (you stand on its space)."""


@register("aftermath.Drive")
@frozen(cache_hash=True)
class Drive:
    """Travel to the page of option ``option`` with the party's vehicle travel card ``vehicle``
    (an index of ``cards.VEHICLES``)."""

    option: int
    vehicle: int


Action = (Discard | Draw | Move | Step | Card | Done | Communicate | Melee | Ranged | Scavenge | Recover | Ability
          | Cheer | Equip | Contribute | Consult | End | Nest | Pass | Pick | Go | Choose | Wear | Stow | Scrap
          | Charge | Eat | Repair | Stand | Influence | Drive | Exit)
ACTION_TYPES: tuple[type, ...] = (Discard, Draw, Move, Step, Card, Done, Communicate, Melee, Ranged, Scavenge,
                                  Recover, Ability, Cheer, Equip, Contribute, Consult, End, Nest, Pass, Pick, Go,
                                  Choose, Wear, Stow, Scrap, Charge, Eat, Repair, Stand, Influence, Drive, Exit)

_C, _I = len(ACTION_CARDS), len(ITEMS)
#: The Ability's targets: NONE, a space (0..MAX_SPACES-1) or a figure (MAX_SPACES + target).
_TARGETS = 1 + MAX_SPACES + TARGETS
#: The Ability's ids: a block of targets for each ability card.
_ABILITY = len(ABILITY_CARDS) * _TARGETS
_V = len(VEHICLES)
_SIZES: tuple[tuple[type, int], ...] = (
    (Discard, _C), (Draw, 1), (Move, _C), (Step, MAX_SPACES), (Card, _C), (Done, 1), (Communicate, TARGETS),
    (Melee, TARGETS), (Ranged, TARGETS), (Scavenge, MAX_CACHES), (Recover, len(STATUSES)), (Ability, _ABILITY),
    (Cheer, _C * MAX_PLAYERS), (Equip, _C), (Contribute, _C), (Consult, 1), (End, 1), (Nest, 1),
    (Pass, 1), (Pick, MAX_OPTIONS), (Go, MAX_OPTIONS), (Choose, MAX_PLAYERS), (Wear, _I * MAX_PLAYERS),
    (Stow, _I * MAX_PLAYERS), (Scrap, _I), (Charge, _I), (Eat, 1), (Repair, _I * MAX_PLAYERS), (Stand, MAX_SPACES),
    (Influence, 1), (Drive, MAX_OPTIONS * _V), (Exit, 1),
)
_OFFSET: dict[type, int] = {}
_total = 0
for _kind, _n in _SIZES:
    _OFFSET[_kind] = _total
    _total += _n
COUNT = _total


def figure_name(target: int) -> str:
    """``2.1``: the second card of the threat track, its first figure."""
    return f"{target // MAX_FIGURES + 1}.{target % MAX_FIGURES + 1}"


def space_name(state: State, space: int) -> str:
    """The name of space ``space`` of the current page's map."""
    for page in state.book.pages:
        if page.number == state.page:
            return page.spaces[space].name if 0 <= space < len(page.spaces) else f"#{space}"
    return f"#{space}"


def _ability(state: State, a: Ability) -> str:
    name = ABILITY_CARDS[a.card].name if type(a.card) is int and 0 <= a.card < len(ABILITY_CARDS) else f"#{a.card}"
    if a.target == NONE:
        return f"ability {name}"
    if a.target < MAX_SPACES:
        return f"ability {name} {space_name(state, a.target)}"
    return f"ability {name} {figure_name(a.target - MAX_SPACES)}"


def _drive(state: State, a: Drive) -> str:
    name = VEHICLES[a.vehicle].name if type(a.vehicle) is int and 0 <= a.vehicle < _V else f"#{a.vehicle}"
    return f"drive {state.travel[a.option] if 0 <= a.option < len(state.travel) else a.option} {name}"


def _item(item: int) -> str:
    return ITEMS[item].name if type(item) is int and 0 <= item < len(ITEMS) else f"#{item}"


def _go(state: State, a: Go) -> str:
    return f"go {state.travel[a.option] if 0 <= a.option < len(state.travel) else a.option}"


_WORDS: dict[type, Callable[[State, Any], str]] = {
    Discard: lambda s, a: f"discard c{a.card}", Draw: lambda s, a: "draw", Move: lambda s, a: f"move c{a.card}",
    Step: lambda s, a: f"step {space_name(s, a.space)}", Card: lambda s, a: f"card c{a.card}",
    Done: lambda s, a: "done", Communicate: lambda s, a: f"communicate {figure_name(a.target)}",
    Melee: lambda s, a: f"melee {figure_name(a.target)}", Ranged: lambda s, a: f"ranged {figure_name(a.target)}",
    Scavenge: lambda s, a: f"scavenge {a.cache + 1}",
    Recover: lambda s, a: f"recover {STATUSES[a.status].name}" if 0 <= a.status < len(STATUSES) else "recover ?",
    Ability: _ability, Cheer: lambda s, a: f"cheer c{a.card} {a.to + 1}",
    Equip: lambda s, a: f"equip c{a.card}", Wear: lambda s, a: f"wear {_item(a.item)} {a.to + 1}",
    Stow: lambda s, a: f"stow {_item(a.item)} {a.to + 1}", Scrap: lambda s, a: f"scrap {_item(a.item)}",
    Charge: lambda s, a: f"charge {_item(a.item)}", Eat: lambda s, a: "eat",
    Repair: lambda s, a: f"repair {_item(a.item)} {a.to + 1}", Stand: lambda s, a: f"stand {space_name(s, a.space)}",
    Contribute: lambda s, a: f"contribute c{a.card}", Consult: lambda s, a: "read leave", End: lambda s, a: "end",
    Nest: lambda s, a: "nest", Pass: lambda s, a: "pass", Pick: lambda s, a: f"pick {a.option + 1}", Go: _go,
    Choose: lambda s, a: f"choose {a.character + 1}", Influence: lambda s, a: "influence", Drive: _drive,
    Exit: lambda s, a: "exit",
}


def notation(state: State, action: Action) -> str:
    """``move c3``, ``step B``, ``card c12``, ``melee 1.2``, ``equip steak_knife 1``, ``go 4``..."""
    need_state(state, State, "an Aftermath")
    words = _WORDS.get(type(action))
    if words is None:
        raise IllegalAction(f"{short(action)} is not an Aftermath action")
    return words(state, action)


def action_count(state: State) -> int:
    need_state(state, State, "an Aftermath")
    return COUNT


def action_id(state: State, action: Action) -> int:
    """The fixed id of an action (see ``decode``): its kind's first id plus its index among
    the kind's; IllegalAction for what is not an action of the game or has a field out of its
    range (whether it is legal now is the rules' to say)."""
    if type(state) is not State:
        need_state(state, State, "an Aftermath")
    plan = _PLANS.get(type(action))
    if plan is not None:
        base, size, index = plan
        k = index(action)
        if type(k) is int and 0 <= k < size:
            return base + k
    raise IllegalAction(f"{short(action)} has no action id in Aftermath")


def _pair(name: str) -> Callable[[Any], object]:
    """The index of an action giving a card or an item to a character: the thing's number
    times MAX_PLAYERS plus the character's (None for fields that are not ints or a character
    out of range)."""
    thing = attrgetter(name)

    def index(action: Any) -> object:
        value, to = thing(action), action.to
        if type(value) is int and type(to) is int and 0 <= to < MAX_PLAYERS and value >= 0:
            return value * MAX_PLAYERS + to
        return None
    return index


def _ability_index(action: Any) -> object:
    """An Ability's index: its card's block, then its target plus one (NONE, -1, comes first)."""
    target, card = action.target, action.card
    if type(target) is int and type(card) is int and -1 <= target < _TARGETS - 1 and 0 <= card < len(ABILITY_CARDS):
        return card * _TARGETS + target + 1
    return None


def _drive_index(action: Any) -> object:
    option, vehicle = action.option, action.vehicle
    if type(option) is int and type(vehicle) is int and 0 <= option < MAX_OPTIONS and 0 <= vehicle < _V:
        return option * _V + vehicle
    return None


def _first(action: Any) -> object:
    """The index of a kind with a single id."""
    return 0


_INDEXES: list[tuple[type, int, Callable[[Any], object]]] = [
    (kind, size, attrgetter(name)) for kind, size, name in (
        (Discard, _C, "card"), (Move, _C, "card"), (Card, _C, "card"), (Contribute, _C, "card"),
        (Step, MAX_SPACES, "space"), (Communicate, TARGETS, "target"), (Melee, TARGETS, "target"),
        (Ranged, TARGETS, "target"), (Scavenge, MAX_CACHES, "cache"), (Recover, len(STATUSES), "status"),
        (Pick, MAX_OPTIONS, "option"), (Go, MAX_OPTIONS, "option"), (Choose, MAX_PLAYERS, "character"),
        (Equip, _C, "card"), (Scrap, _I, "item"), (Charge, _I, "item"), (Stand, MAX_SPACES, "space"))
]
_INDEXES += [(Ability, _ABILITY, _ability_index), (Cheer, _C * MAX_PLAYERS, _pair("card")),
             (Drive, MAX_OPTIONS * _V, _drive_index)]
_INDEXES += [(kind, _I * MAX_PLAYERS, _pair("item")) for kind in (Wear, Stow, Repair)]
_INDEXES += [(kind, 1, _first) for kind in (Draw, Done, Consult, End, Nest, Pass, Eat, Influence, Exit)]
#: Each kind: (its first id, how many ids it has, its index among them: the int field itself
#: for the kinds of one field, whatever it is, checked by ``action_id``).
_PLANS: dict[type, tuple[int, int, Callable[[Any], object]]] = {
    kind: (_OFFSET[kind], size, index) for kind, size, index in _INDEXES
}


def decode(state: State, i: int) -> Action:
    """The action with id ``i`` (0 <= i < COUNT; not yet checked)."""
    for kind, n in _SIZES:
        base = _OFFSET[kind]
        if base <= i < base + n:
            k = i - base
            if kind in (Discard, Move, Card, Contribute, Step, Communicate, Melee, Ranged, Scavenge, Recover,
                        Pick, Go, Choose, Equip, Scrap, Charge, Stand):
                made: Action = kind(k)
                return made
            if kind is Ability:
                return Ability(k % _TARGETS - 1, k // _TARGETS)
            if kind is Drive:
                return Drive(k // _V, k % _V)
            if kind in (Cheer, Wear, Stow, Repair):
                paired: Action = kind(k // MAX_PLAYERS, k % MAX_PLAYERS)
                return paired
            plain: Action = kind()
            return plain
    raise ValueError(f"no action has id {i}")
