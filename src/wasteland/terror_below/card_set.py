"""Your own card set: the ``cards`` option, read from plain JSON data and checked.

``new_game(seed, cards=...)`` takes None (the designed set of ``cards``) or an object of plain
JSON data (``--option cards=@file.json`` on the command line), so that a player who owns the game
can type in the real Worms, Vehicles and Bounties::

    {
      "worms": [{"name": "starter digger", "type": "digger", "colour": "red", "start": [2, 2],
                 "health": 0, "limit": 0, "pattern": [[-1, 0], [1, 0], [0, -1], [0, 1]],
                 "eggs": [[0, 0, "red"]], "starter": true, "solo": true}, ...],
      "vehicles": [{"name": "Boots", "ap": 2, "arrows": "", "ability": "boots", "timing": "before"}, ...],
      "bounties": [{"hunt": false, "colour": "red", "location": "motel", "points": 3},
                   {"hunt": true, "type": "queen", "points": 6}, ...]
    }

Each key may be left out and keeps the designed cards. The counts are the game's: 37 Worms (4
starters, with health and limit 0; every other Worm with health 1-20 and limit 1-6; at least 7
that are not starters for solo), 54 Vehicles (AP 1-9, arrows of U D L R, at most 8), 42
Bounties (points 1-9). What the rulebook's "unless the card says otherwise" allows is in the
format: a Worm's own attack ``pattern`` (rubble offsets, row then column, -3 to 3) and ``eggs``
(their offsets and colours: the Queen's four eggs are such a list), a Vehicle's ``timing``
(``before`` or ``after`` the actions; Boots only before, the Bicycle only after), a delivery
bounty's Location (``null``: anywhere), a hunting bounty's Worm type (``null``: any).

``read_card_set`` raises ConfigError naming the path of the offending entry
(``cards.worms[5].health: must be a whole number from 1 to 20, got 0``).
"""

from __future__ import annotations

from typing import Any, Mapping

from attrs import frozen

from wasteland.core.codec import register
from wasteland.core.data import Played, at, need_bool, need_int, need_list, need_name, need_object, need_text
from wasteland.core.game import ConfigError, short
from wasteland.terror_below.cards import (
    ABILITIES, BOUNTIES, COLOURS, LOCATION_NAMES, NONE, VEHICLES, WORM_TYPES, WORMS, Bounty, Vehicle, Worm,
)

__all__ = ["CardSet", "DESIGNED", "read_card_set", "card_set_data", "card_table", "table_of"]


@register("terror_below.CardSet", static=True)
@frozen
class CardSet:
    """The Worms, Vehicles and Bounties of a game (by id, as the designed set numbers them)."""

    worms: tuple[Worm, ...]
    vehicles: tuple[Vehicle, ...]
    bounties: tuple[Bounty, ...]


DESIGNED = CardSet(WORMS, VEHICLES, BOUNTIES)


def table_of(state: Played[CardSet]) -> CardSet:
    """The card set a table plays."""
    return state.options.cards or DESIGNED


def card_table(cards: CardSet | None) -> CardSet:
    return cards or DESIGNED


_COLOURS = {name: k for k, name in enumerate(COLOURS)}
_TYPES = {name: k for k, name in enumerate(WORM_TYPES)}
_LOCATIONS = {name: k for k, name in enumerate(LOCATION_NAMES)}
_ABILITIES = {name: name for name in ABILITIES}


def _maybe(where: str, value: object, choices: Mapping[str, int]) -> int:
    return NONE if value is None else need_name(where, value, choices)


def _offset(where: str, value: object, length: int) -> list[Any]:
    return need_list(where, value, length, length)


def _worm(where: str, value: object) -> Worm:
    d = need_object(where, value, ("name", "type", "colour", "start", "health", "limit", "pattern", "eggs",
                                   "starter", "solo"))
    starter = need_bool(at(where, "starter"), d.get("starter", False))
    start = need_list(at(where, "start"), d.get("start"), 2, 2)
    pattern = []
    for i, item in enumerate(need_list(at(where, "pattern"), d.get("pattern", []), 0, 12)):
        here = at(where, "pattern", i)
        dr, dc = _offset(here, item, 2)
        pattern.append((need_int(at(here, 0), dr, -3, 3), need_int(at(here, 1), dc, -3, 3)))
    eggs = []
    for i, item in enumerate(need_list(at(where, "eggs"), d.get("eggs", []), 1, 4)):
        here = at(where, "eggs", i)
        dr, dc, colour = _offset(here, item, 3)
        eggs.append((need_int(at(here, 0), dr, -3, 3), need_int(at(here, 1), dc, -3, 3),
                     need_name(at(here, 2), colour, _COLOURS)))
    low = 0 if starter else 1
    return Worm(
        name=need_text(at(where, "name"), d.get("name"), 1, 40),
        kind=need_name(at(where, "type"), d.get("type"), _TYPES),
        colour=_maybe(at(where, "colour"), d.get("colour"), _COLOURS),
        start=(need_int(at(where, "start", 0), start[0], 1, 6), need_int(at(where, "start", 1), start[1], 1, 6)),
        health=need_int(at(where, "health"), d.get("health"), low, 0 if starter else 20),
        limit=need_int(at(where, "limit"), d.get("limit"), low, 0 if starter else 6),
        pattern=tuple(pattern), eggs=tuple(eggs), starter=starter,
        solo=need_bool(at(where, "solo"), d.get("solo", True)),
    )


def _vehicle(where: str, value: object) -> Vehicle:
    d = need_object(where, value, ("name", "ap", "arrows", "ability", "timing"))
    arrows = need_text(at(where, "arrows"), d.get("arrows", ""), 0, 8)
    if any(a not in "UDLR" for a in arrows):
        raise ConfigError(f"{at(where, 'arrows')}: arrows are U, D, L and R, got {short(arrows)}")
    ability = need_name(at(where, "ability"), d.get("ability", "none"), _ABILITIES)
    timing = d.get("timing", "before" if ability == "boots" else "after")
    allowed = ("before",) if ability == "boots" else ("after",) if ability == "bicycle" else ("before", "after")
    if timing not in allowed:
        raise ConfigError(f"{at(where, 'timing')}: the {ability} ability is resolved {' or '.join(allowed)}, "
                          f"got {short(timing)}")
    return Vehicle(name=need_text(at(where, "name"), d.get("name"), 1, 40),
                   ap=need_int(at(where, "ap"), d.get("ap"), 1, 9), arrows=arrows, ability=ability,
                   timing=str(timing))


def _bounty(where: str, value: object) -> Bounty:
    d = need_object(where, value, ("hunt", "colour", "location", "type", "points"))
    hunt = need_bool(at(where, "hunt"), d.get("hunt", False))
    points = need_int(at(where, "points"), d.get("points"), 1, 9)
    if hunt:
        return Bounty(True, NONE, NONE, _maybe(at(where, "type"), d.get("type"), _TYPES), points)
    return Bounty(False, need_name(at(where, "colour"), d.get("colour"), _COLOURS),
                  _maybe(at(where, "location"), d.get("location"), _LOCATIONS), NONE, points)


def read_card_set(data: object, where: str = "cards") -> CardSet | None:
    """The card set written as plain JSON data (None: the designed set); ConfigError with the path
    of the offending entry."""
    if data is None or isinstance(data, CardSet):
        return data
    d = need_object(where, data, ("worms", "vehicles", "bounties"))
    worms, vehicles, bounties = WORMS, VEHICLES, BOUNTIES
    if "worms" in d:
        items = need_list(at(where, "worms"), d["worms"], len(WORMS), len(WORMS))
        worms = tuple(_worm(at(where, "worms", i), x) for i, x in enumerate(items))
        if sum(w.starter for w in worms) != 4:
            raise ConfigError(f"{at(where, 'worms')}: there are 4 starters (black border), got "
                              f"{sum(w.starter for w in worms)}")
        if sum(w.solo and not w.starter for w in worms) < 7:
            raise ConfigError(f"{at(where, 'worms')}: at least 7 Worms that are not starters must be for solo")
    if "vehicles" in d:
        items = need_list(at(where, "vehicles"), d["vehicles"], len(VEHICLES), len(VEHICLES))
        vehicles = tuple(_vehicle(at(where, "vehicles", i), x) for i, x in enumerate(items))
    if "bounties" in d:
        items = need_list(at(where, "bounties"), d["bounties"], len(BOUNTIES), len(BOUNTIES))
        bounties = tuple(_bounty(at(where, "bounties", i), x) for i, x in enumerate(items))
    return CardSet(worms, vehicles, bounties)


def card_set_data(cards: CardSet) -> dict[str, Any]:
    """The plain JSON data of a card set (``read_card_set`` reads it back)."""
    def colour(k: int) -> str | None:
        return None if k == NONE else COLOURS[k]

    return {
        "worms": [{"name": w.name, "type": WORM_TYPES[w.kind], "colour": colour(w.colour), "start": list(w.start),
                   "health": w.health, "limit": w.limit, "pattern": [list(p) for p in w.pattern],
                   "eggs": [[dr, dc, COLOURS[c]] for dr, dc, c in w.eggs], "starter": w.starter, "solo": w.solo}
                  for w in cards.worms],
        "vehicles": [{"name": v.name, "ap": v.ap, "arrows": v.arrows, "ability": v.ability, "timing": v.timing}
                     for v in cards.vehicles],
        "bounties": [{"hunt": True, "type": None if b.kind == NONE else WORM_TYPES[b.kind], "points": b.points}
                     if b.hunt else {"hunt": False, "colour": COLOURS[b.colour],
                                     "location": None if b.location == NONE else LOCATION_NAMES[b.location],
                                     "points": b.points} for b in cards.bounties],
    }
