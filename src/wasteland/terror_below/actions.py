"""The decisions of Terror Below, their notation and their action ids.

Each decision is small: which Vehicle under which Worm, then each action point as its own step,
then each choice of an ability, so that a list of legal actions never runs long.
"""

from __future__ import annotations

from typing import Any, Callable

from attrs import frozen

from wasteland.core.codec import register
from wasteland.core.game import IllegalAction, need_state, short
from wasteland.terror_below.cards import (
    BOUNTIES, CELLS, CHARACTERS, COLOURS, GEAR, LINE, LOCATION_NAMES, NONE, VEHICLES, cell_name,
)
from wasteland.terror_below.state import State

__all__ = [
    "Lead", "Enter", "Play", "Extra", "Stash", "Pass", "Move", "Leap", "Clear", "PickUp", "Deliver", "Use",
    "Draw", "Hide", "Revive", "Claim", "Steer",
    "Action", "ACTION_TYPES", "notation", "action_count", "action_id", "decode", "MAX_PLAYERS",
]

MAX_PLAYERS = 5


@register("terror_below.Lead")
@frozen(cache_hash=True)
class Lead:
    """Choose ``character`` of your squad as your leader."""

    character: int


@register("terror_below.Enter")
@frozen(cache_hash=True)
class Enter:
    """Place your pawn on the free Location ``location`` (0-4: store, motel, police, government,
    hospital)."""

    location: int


@register("terror_below.Play")
@frozen(cache_hash=True)
class Play:
    """Play Vehicle ``card`` face up under the Worm in ``slot`` (0-2)."""

    card: int
    slot: int


@register("terror_below.Extra")
@frozen(cache_hash=True)
class Extra:
    """Boots: play Vehicle ``card`` as well, for its action points only (then discarded)."""

    card: int


@register("terror_below.Stash")
@frozen(cache_hash=True)
class Stash:
    """Bicycle: play Vehicle ``card`` face down under the Worm in ``slot``."""

    card: int
    slot: int


@register("terror_below.Pass")
@frozen(cache_hash=True)
class Pass:
    """Stop: spend no more action points, skip an optional ability, or end your hunt."""


@register("terror_below.Move")
@frozen(cache_hash=True)
class Move:
    """Move orthogonally to the free ``cell`` beside you (1 AP), or to one reached through the cells of
    other pawns (1 AP a step; a move never ends on a pawn)."""

    cell: int


@register("terror_below.Leap")
@frozen(cache_hash=True)
class Leap:
    """Leapfrog an adjacent pawn onto the empty cell ``cell`` next to it (1 AP)."""

    cell: int


@register("terror_below.Clear")
@frozen(cache_hash=True)
class Clear:
    """Take 1 rubble from the adjacent ``cell`` onto your leader (1 AP)."""

    cell: int


@register("terror_below.PickUp")
@frozen(cache_hash=True)
class PickUp:
    """Pick up every egg on your cell (1 AP); your actions end."""


@register("terror_below.Deliver")
@frozen(cache_hash=True)
class Deliver:
    """Deliver one egg of ``colour`` at your Location (1 AP), for ``bounty`` (one in the line or
    hidden with you), or NONE for 1 VP."""

    colour: int
    bounty: int


@register("terror_below.Use")
@frozen(cache_hash=True)
class Use:
    """Use gear card ``gear`` (Items 0-23, Weapons 24-46); ``target`` a player for the Pistol's
    shot at a Hat, NONE otherwise."""

    gear: int
    target: int


@register("terror_below.Draw")
@frozen(cache_hash=True)
class Draw:
    """Three rubble carried went back: draw a Weapon (True) or an Item (False)."""

    weapon: bool


@register("terror_below.Hide")
@frozen(cache_hash=True)
class Hide:
    """The Government Facility's bonus: bounty ``slot`` of the line (0-3) or the deck's top (4)."""

    slot: int


@register("terror_below.Revive")
@frozen(cache_hash=True)
class Revive:
    """The Hospital's bonus or a Medkit: dead ``character`` of your squad comes back under your leader."""

    character: int


@register("terror_below.Claim")
@frozen(cache_hash=True)
class Claim:
    """The killing blow completes hunting ``bounty`` (one of the line or hidden with you that matches)."""

    bounty: int


@register("terror_below.Steer")
@frozen(cache_hash=True)
class Steer:
    """A Target drawn 1 closer to your pawn with two cells equally close: it goes to ``cell``."""

    cell: int


Action = (Lead | Enter | Play | Extra | Stash | Pass | Move | Leap | Clear | PickUp | Deliver | Use | Draw | Hide
          | Revive | Claim | Steer)
ACTION_TYPES: tuple[type, ...] = (Lead, Enter, Play, Extra, Stash, Pass, Move, Leap, Clear, PickUp, Deliver, Use,
                                  Draw, Hide, Revive, Claim, Steer)

_V, _G, _B, _C = len(VEHICLES), len(GEAR), len(BOUNTIES), len(CHARACTERS)
#: (type, how many ids) in id order.
_SIZES: tuple[tuple[type, int], ...] = (
    (Lead, _C), (Enter, len(LOCATION_NAMES)), (Play, _V * 3), (Extra, _V), (Stash, _V * 3), (Pass, 1),
    (Move, CELLS), (Leap, CELLS), (Clear, CELLS), (PickUp, 1), (Deliver, len(COLOURS) * (_B + 1)),
    (Use, _G * (MAX_PLAYERS + 1)), (Draw, 2), (Hide, LINE + 1), (Revive, _C), (Claim, _B), (Steer, CELLS),
)
_OFFSET: dict[type, int] = {}
_total = 0
for _kind, _n in _SIZES:
    _OFFSET[_kind] = _total
    _total += _n
COUNT = _total
#: The kinds of action whose one field is a whole number: (its name, how many ids the kind has).
_ONE_FIELD: dict[type, tuple[str, int]] = {
    Lead: ("character", _C), Enter: ("location", len(LOCATION_NAMES)), Extra: ("card", _V), Hide: ("slot", LINE + 1),
    Revive: ("character", _C), Claim: ("bounty", _B), Steer: ("cell", CELLS),
}


#: The words of each kind of action (``notation``).
_WORDS: dict[type, Callable[[Any], str]] = {
    Lead: lambda a: f"lead {CHARACTERS[a.character].name.lower()}",
    Enter: lambda a: f"enter {LOCATION_NAMES[a.location]}",
    Play: lambda a: f"play v{a.card} w{a.slot + 1}",
    Extra: lambda a: f"boots v{a.card}",
    Stash: lambda a: f"stash v{a.card} w{a.slot + 1}",
    Pass: lambda a: "pass",
    Move: lambda a: f"move {cell_name(a.cell)}",
    Leap: lambda a: f"leap {cell_name(a.cell)}",
    Clear: lambda a: f"clear {cell_name(a.cell)}",
    PickUp: lambda a: "pickup",
    Deliver: lambda a: f"deliver {COLOURS[a.colour]} {'vp' if a.bounty == NONE else f'b{a.bounty}'}",
    Use: lambda a: f"use g{a.gear}" + ("" if a.target == NONE else f" p{a.target}"),
    Draw: lambda a: "draw weapon" if a.weapon else "draw item",
    Hide: lambda a: "hide deck" if a.slot == LINE else f"hide {a.slot + 1}",
    Revive: lambda a: f"revive {CHARACTERS[a.character].name.lower()}",
    Claim: lambda a: f"claim b{a.bounty}",
    Steer: lambda a: f"steer {cell_name(a.cell)}",
}


def notation(state: State, action: Action) -> str:
    """``play v12 w1``, ``move c4``, ``deliver red b7``, ``use g30 p2``, ``revive shep``, ``claim b33``,
    ``steer c3``, ``pass``..."""
    need_state(state, State, "a Terror Below")
    words = _WORDS.get(type(action))
    if words is None:
        raise IllegalAction(f"{short(action)} is not a Terror Below action")
    return words(action)


def action_count(state: State) -> int:
    need_state(state, State, "a Terror Below")
    return COUNT


def action_id(state: State, action: Action) -> int:
    """The fixed id of ``action`` (see ``decode``): the first id of its kind plus arithmetic on its
    fields, without checking that it is legal now. IllegalAction for what has no id: not a Terror
    Below action, or a field of the wrong type or outside its range. The kinds are tried from the
    most listed (a Vehicle to play, a move) to the least."""
    if type(state) is not State:
        raise IllegalAction(f"not a Terror Below state: {short(state)}")
    kind = type(action)
    a: Any = action  # any object may come here: its fields are checked, not trusted
    if kind is Play or kind is Stash:
        card, slot = a.card, a.slot
        if type(card) is int and type(slot) is int and 0 <= card < _V and 0 <= slot < 3:
            return _OFFSET[kind] + card * 3 + slot
    elif kind is Move or kind is Leap or kind is Clear:
        cell = a.cell
        if type(cell) is int and 0 <= cell < CELLS:
            return _OFFSET[kind] + cell
    elif kind is Pass or kind is PickUp:
        return _OFFSET[kind]
    elif kind is Use:
        gear, target = a.gear, a.target
        if type(gear) is int and type(target) is int and 0 <= gear < _G and NONE <= target < MAX_PLAYERS:
            return _OFFSET[Use] + gear * (MAX_PLAYERS + 1) + target + 1
    elif kind is Deliver:
        colour, bounty = a.colour, a.bounty
        if type(colour) is int and type(bounty) is int and 0 <= colour < len(COLOURS) and NONE <= bounty < _B:
            return _OFFSET[Deliver] + colour * (_B + 1) + bounty + 1
    elif kind in _ONE_FIELD:
        name, size = _ONE_FIELD[kind]
        value = getattr(a, name)
        if type(value) is int and 0 <= value < size:
            return _OFFSET[kind] + value
    elif kind is Draw:
        if type(a.weapon) is bool:
            return _OFFSET[Draw] + int(a.weapon)
    raise IllegalAction(f"{short(action)} has no action id in Terror Below")


#: The action of each kind from its number within the kind's block of ids (``decode``).
_FROM_NUMBER: dict[type, Callable[[int], Action]] = {
    Lead: Lead, Enter: Enter, Play: lambda k: Play(k // 3, k % 3), Extra: Extra,
    Stash: lambda k: Stash(k // 3, k % 3), Pass: lambda k: Pass(), Move: Move, Leap: Leap, Clear: Clear,
    PickUp: lambda k: PickUp(), Deliver: lambda k: Deliver(k // (_B + 1), k % (_B + 1) - 1),
    Use: lambda k: Use(k // (MAX_PLAYERS + 1), k % (MAX_PLAYERS + 1) - 1), Draw: lambda k: Draw(bool(k)),
    Hide: Hide, Revive: Revive, Claim: Claim, Steer: Steer,
}


def decode(state: State, i: int) -> Action:
    """The action with id ``i`` (0 <= i < COUNT; not yet checked)."""
    for kind, n in _SIZES:
        base = _OFFSET[kind]
        if base <= i < base + n:
            return _FROM_NUMBER[kind](i - base)
    raise ValueError(f"no action has id {i}")
