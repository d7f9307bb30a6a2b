"""Hand-made tables for the rules tests."""

from __future__ import annotations

from typing import Any, Iterable

import attrs

from wasteland.arctic_scavengers import apply, new_game
from wasteland.arctic_scavengers.card_set import table_of
from wasteland.arctic_scavengers.cards import ids_of
from wasteland.arctic_scavengers.rules import ENGINE
from wasteland.arctic_scavengers.state import DrawPhase, State

ZONES_PER_PLAYER = ("hands", "decks", "discards", "played")
SHARED_ZONES = ("junkyard", "contested", "removed", "dug")


def ids(key: str, k: int = 1, skip: int = 0, state: State | None = None) -> tuple[int, ...]:
    """``k`` ids of card type ``key``, counted from the highest (least likely in a starting deck);
    of the public set, or of the card set ``state`` is played with."""
    all_ids = (ids_of(key) if state is None else table_of(state).ids_of(key))[::-1]
    assert len(all_ids) >= skip + k, f"the set has too few {key}"
    return tuple(all_ids[skip:skip + k])


def one(key: str, skip: int = 0, state: State | None = None) -> int:
    return ids(key, 1, skip, state)[0]


def all_zones(state: State) -> list[tuple[int, ...]]:
    out: list[tuple[int, ...]] = []
    for name in ZONES_PER_PLAYER:
        out += list(getattr(state, name))
    for name in SHARED_ZONES:
        out.append(getattr(state, name))
    out += list(state.piles)
    return out


def arrange(state: State, **placed: Any) -> State:
    """Put the given cards where asked, taking them from wherever they are.

    Per-player zones take a dict seat -> cards (the whole zone; displaced cards
    leave the game into ``removed``); ``junkyard`` and ``contested`` take the cards
    to put on top. Other keyword arguments set fields directly.
    """
    wanted: set[int] = set()
    for name in ZONES_PER_PLAYER:
        for cards in placed.get(name, {}).values():
            wanted |= set(cards)
    for name in ("junkyard", "contested", "dug"):
        wanted |= set(placed.get(name, ()))
    changes: dict[str, Any] = {}

    def strip(cards: Iterable[int]) -> tuple[int, ...]:
        return tuple(c for c in cards if c not in wanted)

    displaced: list[int] = []
    for name in ZONES_PER_PLAYER:
        zone = list(getattr(state, name))
        new = placed.get(name, {})
        for p in range(len(zone)):
            if p in new:
                displaced += [c for c in zone[p] if c not in wanted]
                zone[p] = tuple(new[p])
            else:
                zone[p] = strip(zone[p])
        changes[name] = tuple(zone)
    changes["junkyard"] = tuple(placed.get("junkyard", ())) + strip(state.junkyard)
    changes["contested"] = tuple(placed.get("contested", ())) + strip(state.contested)
    changes["dug"] = tuple(placed.get("dug", ())) + strip(state.dug)
    changes["piles"] = tuple(strip(p) for p in state.piles)
    changes["removed"] = tuple(sorted(strip(state.removed) + tuple(displaced)))
    for key, value in placed.items():
        if key not in changes and key not in ZONES_PER_PLAYER:
            changes[key] = value
    return attrs.evolve(state, **changes)


def table(players: int = 3, seed: int = 1, cards: Any = None, **placed: Any) -> State:
    """A new game (round 1, the initiator to act; the card set ``cards``) with ``placed``
    arranged; seat 0 initiates."""
    state = new_game(seed, players=players, cards=cards)
    placed.setdefault("initiator", 0)
    placed.setdefault("events", ())
    placed.setdefault("turn", placed["initiator"])
    return arrange(state, **placed)


def play(state: State, *actions: Any) -> State:
    for action in actions:
        state = apply(state, action)
    return state


def card_ids(state: State) -> list[int]:
    return sorted(c for zone in all_zones(state) for c in zone)


def draw_phase(state: State) -> State:
    """``state`` after the next draw phase (the effect, played by the driver)."""
    return ENGINE.settle(attrs.evolve(state, stack=state.stack + (DrawPhase(),), events=()))
