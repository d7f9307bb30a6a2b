"""A user's own card set: the ``cards`` option, checked, and the :class:`CardSet` record.

The option is plain JSON-like data, a mapping from a card type to changes::

    {"Brawler": {"count": 8, "cost": {"food": 3}, "fight": 3},
     "tribe_family_4": {"count": 3, "people": 4},
     "Grenade": {"peek": true}}

A card type is named by its key (``"brawler"``) or, where only one type carries
it, by its printed name (``"Brawler"``). The fields a type accepts depend on
what it is (see :func:`fields_of`); types and fields left out keep the public
values, and so do the keys left out of a ``cost``. Abilities tied to a type
(Snipe, Disarm, Group Leaders stacking, any-mix payment) stay with its key.

:func:`card_set` checks the value against the chosen player count and returns
the :class:`CardSet` stored in :class:`state.Options` (None for the public set);
anything malformed raises ConfigError naming the entry and the allowed values.
"""

from __future__ import annotations

from typing import Mapping

import attrs
from attrs import frozen

from wasteland.arctic_scavengers.cards import CARD_TYPES, STARTING_DECK, CardType, Kind, Source
from wasteland.core.codec import register
from wasteland.core.game import ConfigError

__all__ = ["CardSet", "card_set", "fields_of", "MAX_VALUE", "ABILITY_FIELDS", "USER_PROVENANCE"]

#: The largest count or value a user set may give (a card type's id block holds 100 ids).
MAX_VALUE = 99
ABILITY_FIELDS = ("dig", "draw", "hunt", "fight")
COST_FIELDS = ("medicine", "food", "any_mix")
#: The provenance of a card type a user set changed.
USER_PROVENANCE = "user card set"

_BY_KEY = {t.key: t for t in CARD_TYPES}
_NAMES: dict[str, list[str]] = {}
for _t in CARD_TYPES:
    _NAMES.setdefault(_t.name, []).append(_t.key)
_ALLOWED_TYPES = ", ".join(repr(t.key) for t in CARD_TYPES)
_ALLOWED_NAMES = ", ".join(repr(name) for name, keys in _NAMES.items() if len(keys) == 1)


@register
@frozen(cache_hash=True)
class CardSet:
    """A card set that differs from the public one.

    ``changed`` holds the card types whose values differ from the public ones,
    as whole records (provenance ``"user card set"``), in the public order;
    every other type keeps its public record.
    """

    changed: tuple[CardType, ...]

    def types(self) -> tuple[CardType, ...]:
        """Every card type of the set, in the public order."""
        by_key = {t.key: t for t in self.changed}
        return tuple(by_key.get(t.key, t) for t in CARD_TYPES)


def is_modifier(ctype: CardType) -> bool:
    """Tools and Group Leaders: their ability values are bonuses given to a person."""
    return ctype.kind is Kind.TOOL or ctype.key == "group_leaders"


def fields_of(ctype: CardType) -> tuple[str, ...]:
    """The fields a user set may give for ``ctype``."""
    fields = ["count"]
    if ctype.kind is Kind.PERSON:
        fields.append("people")
    if ctype.kind is Kind.PERSON or ctype.kind is Kind.TOOL:
        fields += ABILITY_FIELDS
    if ctype.kind is Kind.MEDICINE:
        fields.append("medicine")
    if ctype.source is Source.MERCENARY:
        fields.append("cost")
    if ctype.source is Source.CONTESTED:
        fields.append("peek")
    return tuple(fields)


def _fail(message: str) -> ConfigError:
    return ConfigError(message if message.startswith("cards[") else f"cards: {message}")


def _where(*path: str) -> str:
    return "cards" + "".join(f"[{p!r}]" for p in path)


def _number(value: object, where: str, meaning: str = "") -> int:
    if value.__class__ is not int or not 0 <= value <= MAX_VALUE:
        raise _fail(f"{where} must be an integer 0..{MAX_VALUE}{meaning}, got {value!r}")
    assert isinstance(value, int)
    return value


def _ability(value: object, where: str, ability: str) -> int | None:
    """A person's ability value; null means the person cannot do it."""
    if value is None:
        return None
    if value.__class__ is not int or not 0 <= value <= MAX_VALUE:
        raise _fail(f"{where} must be an integer 0..{MAX_VALUE} or null (cannot {ability}), got {value!r}")
    assert isinstance(value, int)
    return value


def _flag(value: object, where: str) -> bool:
    if value.__class__ is not bool:
        raise _fail(f"{where} must be true or false, got {value!r}")
    return bool(value)


def _mapping(value: object, where: str, allowed: tuple[str, ...]) -> Mapping[str, object]:
    if not isinstance(value, Mapping):
        raise _fail(f"{where} must be an object with the fields {', '.join(map(repr, allowed))}, got {value!r}")
    for field in value:
        if field.__class__ is not str or field not in allowed:
            raise _fail(f"{where}: unknown field {field!r}; allowed: {', '.join(map(repr, allowed))}")
    return value


def _resolve_type(name: object) -> CardType:
    if name.__class__ is not str:
        raise _fail(f"a card type must be named by a string, got {name!r}; allowed: {_ALLOWED_TYPES}")
    assert isinstance(name, str)
    if name in _BY_KEY:
        return _BY_KEY[name]
    keys = _NAMES.get(name, [])
    if len(keys) == 1:
        return _BY_KEY[keys[0]]
    if keys:
        raise _fail(f"{name!r} names {len(keys)} card types; use one of their keys: {', '.join(map(repr, keys))}")
    raise _fail(f"unknown card type {name!r}; allowed: {_ALLOWED_TYPES} (or the printed names {_ALLOWED_NAMES})")


def _changed_type(ctype: CardType, name: str, changes: object) -> CardType:
    """``ctype`` with the user's ``changes`` applied (still the public record if nothing differs)."""
    given = _mapping(changes, _where(name), fields_of(ctype))

    def number(field: str, public: int) -> int:
        return _number(given[field], _where(name, field)) if field in given else public

    base, bonus = list(ctype.base), list(ctype.bonus)
    for a, ability in enumerate(ABILITY_FIELDS):
        if ability in given:
            if is_modifier(ctype):
                bonus[a] = _number(given[ability], _where(name, ability), " (the bonus it gives; 0 for none)")
            else:
                base[a] = _ability(given[ability], _where(name, ability), ability)
    cost, any_mix = ctype.cost, ctype.any_mix
    if "cost" in given:
        paid = _mapping(given["cost"], _where(name, "cost"), COST_FIELDS)
        medicine, food = ctype.cost or (0, 0)
        if "medicine" in paid:
            medicine = _number(paid["medicine"], _where(name, "cost", "medicine"))
        if "food" in paid:
            food = _number(paid["food"], _where(name, "cost", "food"))
        cost = (medicine, food)
        if "any_mix" in paid:
            any_mix = _flag(paid["any_mix"], _where(name, "cost", "any_mix"))
    changed = attrs.evolve(
        ctype,
        count=number("count", ctype.count),
        people=number("people", ctype.people),
        medicine=number("medicine", ctype.medicine),
        peek=_flag(given["peek"], _where(name, "peek")) if "peek" in given else ctype.peek,
        base=(base[0], base[1], base[2], base[3]),
        bonus=(bonus[0], bonus[1], bonus[2], bonus[3]),
        cost=cost,
        any_mix=any_mix,
    )
    if changed == ctype:
        return ctype
    return attrs.evolve(changed, provenance=USER_PROVENANCE)


def _check_playable(types: tuple[CardType, ...], players: int, peeking: tuple[str, ...]) -> None:
    """Refuse a set the chosen table cannot play: short starting decks, no contested resource."""
    by_key = {t.key: t for t in types}
    for key, copies in STARTING_DECK:
        need = copies * players
        ctype = by_key[key]
        if ctype.count < need:
            raise _fail(f"{key!r} count {ctype.count} is too few for {players} players: the starting "
                        f"decks take {copies} each, so at least {need} are needed")
    contested = [t for t in types if t.source is Source.CONTESTED]
    left = sum(t.count for t in contested if players != 2 or not (t.peek or t.key in peeking))
    if left < 1:
        why = " after the two-player removal of the peeking ones" if players == 2 else ""
        raise _fail(f"no contested resource is left{why}; the game needs at least one "
                    f"({', '.join(repr(t.key) for t in contested)})")


def card_set(value: object, players: int, peeking: tuple[str, ...] = ()) -> CardSet | None:
    """The checked set for ``value`` (the ``cards`` option); None when it is the public set."""
    if value is None:
        types = CARD_TYPES
    else:
        if not isinstance(value, Mapping):
            raise _fail(f"the option must be an object mapping card types to changes, such as "
                        f'{{"Brawler": {{"fight": 3}}}}, got {value!r}')
        by_key: dict[str, CardType] = {}
        given: dict[str, str] = {}
        for name, changes in value.items():
            ctype = _resolve_type(name)
            if ctype.key in given:
                raise _fail(f"card type {ctype.key!r} is given twice (as {given[ctype.key]!r} and {name!r})")
            given[ctype.key] = name
            by_key[ctype.key] = _changed_type(ctype, name, changes)
        types = tuple(by_key.get(t.key, t) for t in CARD_TYPES)
    _check_playable(types, players, peeking)
    changed = tuple(t for t, public in zip(types, CARD_TYPES) if t is not public)
    return CardSet(changed) if changed else None
