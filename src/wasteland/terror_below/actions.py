"""The decisions of Terror Below, their notation and their action ids.

Each decision is small: which Vehicle under which Worm, then each action point as its own step,
then each choice of an ability, so that a list of legal actions never runs long.
"""

from __future__ import annotations

from typing import Annotated, Any, Callable

from attrs import frozen

from wasteland.core.action_ids import ActionSpace, Ids
from wasteland.core.codec import register_records
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
_V, _G, _B, _C = len(VEHICLES), len(GEAR), len(BOUNTIES), len(CHARACTERS)


@frozen(cache_hash=True)
class Lead:
    """Choose ``character`` of your squad as your leader."""

    character: Annotated[int, Ids(_C)]


@frozen(cache_hash=True)
class Enter:
    """Place your pawn on the free Location ``location`` (0-4: store, motel, police, government,
    hospital)."""

    location: Annotated[int, Ids(len(LOCATION_NAMES))]


@frozen(cache_hash=True)
class Play:
    """Play Vehicle ``card`` face up under the Worm in ``slot`` (0-2)."""

    card: Annotated[int, Ids(_V)]
    slot: Annotated[int, Ids(3)]


@frozen(cache_hash=True)
class Extra:
    """Boots: play Vehicle ``card`` as well, for its action points only (then discarded)."""

    card: Annotated[int, Ids(_V)]


@frozen(cache_hash=True)
class Stash:
    """Bicycle: play Vehicle ``card`` face down under the Worm in ``slot``."""

    card: Annotated[int, Ids(_V)]
    slot: Annotated[int, Ids(3)]


@frozen(cache_hash=True)
class Pass:
    """Stop: spend no more action points, skip an optional ability, or end your hunt."""


@frozen(cache_hash=True)
class Move:
    """Move orthogonally to the free ``cell`` beside you (1 AP), or to one reached through the cells of
    other pawns (1 AP a step; a move never ends on a pawn)."""

    cell: Annotated[int, Ids(CELLS)]


@frozen(cache_hash=True)
class Leap:
    """Leapfrog an adjacent pawn onto the empty cell ``cell`` next to it (1 AP)."""

    cell: Annotated[int, Ids(CELLS)]


@frozen(cache_hash=True)
class Clear:
    """Take 1 rubble from the adjacent ``cell`` onto your leader (1 AP)."""

    cell: Annotated[int, Ids(CELLS)]


@frozen(cache_hash=True)
class PickUp:
    """Pick up every egg on your cell (1 AP); your actions end."""


@frozen(cache_hash=True)
class Deliver:
    """Deliver one egg of ``colour`` at your Location (1 AP), for ``bounty`` (one in the line or
    hidden with you), or NONE for 1 VP."""

    colour: Annotated[int, Ids(len(COLOURS))]
    bounty: Annotated[int, Ids(_B, start=NONE)]


@frozen(cache_hash=True)
class Use:
    """Use gear card ``gear`` (Items 0-23, Weapons 24-46); ``target`` a player for the Pistol's
    shot at a Hat, NONE otherwise."""

    gear: Annotated[int, Ids(_G)]
    target: Annotated[int, Ids(MAX_PLAYERS, start=NONE)]


@frozen(cache_hash=True)
class Draw:
    """Three rubble carried went back: draw a Weapon (True) or an Item (False)."""

    weapon: bool


@frozen(cache_hash=True)
class Hide:
    """The Government Facility's bonus: bounty ``slot`` of the line (0-3) or the deck's top (4)."""

    slot: Annotated[int, Ids(LINE + 1)]


@frozen(cache_hash=True)
class Revive:
    """The Hospital's bonus or a Medkit: dead ``character`` of your squad comes back under your leader."""

    character: Annotated[int, Ids(_C)]


@frozen(cache_hash=True)
class Claim:
    """The killing blow completes hunting ``bounty`` (one of the line or hidden with you that matches)."""

    bounty: Annotated[int, Ids(_B)]


@frozen(cache_hash=True)
class Steer:
    """A Target drawn 1 closer to your pawn with two cells equally close: it goes to ``cell``."""

    cell: Annotated[int, Ids(CELLS)]


Action = (Lead | Enter | Play | Extra | Stash | Pass | Move | Leap | Clear | PickUp | Deliver | Use | Draw | Hide
          | Revive | Claim | Steer)
ACTION_TYPES: tuple[type, ...] = (Lead, Enter, Play, Extra, Stash, Pass, Move, Leap, Clear, PickUp, Deliver, Use,
                                  Draw, Hide, Revive, Claim, Steer)

#: The action ids, from the fields' values, in the order of ACTION_TYPES (docs/rules/terror_below.md).
SPACE: ActionSpace[Action] = ActionSpace(State, "Terror Below", *ACTION_TYPES)
COUNT = SPACE.count
action_count, action_id, decode = SPACE.action_count, SPACE.action_id, SPACE.decode


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


register_records("terror_below", *ACTION_TYPES)  # the codec tags: terror_below.<ClassName>
