"""A user's own card set: the ``cards`` option, read and checked, and the tables of a set.

The option is plain JSON-like data, a mapping from a card type to changes::

    {"Brawler": {"count": 8, "cost": {"food": 3}, "fight": 3},
     "tribe_family_4": {"count": 3, "people": 4},
     "Grenade": {"peek": true}}

A card type is named by its key (``"brawler"``) or, where only one type carries
it, by its printed name (``"Brawler"``). The fields a type accepts depend on
what it is (see :func:`fields_of`); types and fields left out keep the public
values, and so do the keys left out of a ``cost``. Abilities tied to a type
(Snipe, Disarm, Group Leaders stacking, any-mix payment) stay with its key.

:func:`read_card_set` checks the value against the chosen table and returns
the :class:`CardSet` stored in :class:`state.Options` (None for the public
set); anything malformed raises ConfigError naming the entry by its path and
saying what is allowed (``cards.Brawler.fight: must be a whole number from 0 to
99 or null (cannot fight), got -1``). Provenance is not a field a user gives:
every type a set changes is marked ``"user card set"``, every other type keeps
the public record, and a ``CardSet`` read from a file must say the same. :func:`card_table` gives the per-id
tables of a set, built once; :func:`table_of` those of a state's set.
"""

from __future__ import annotations

from typing import Mapping

import attrs
from attrs import frozen

from wasteland.arctic_scavengers.cards import (
    CARD_TYPES, CONTESTED_TYPES, PUBLIC_TABLE, STARTING_DECK, CardTable, CardType, Kind, Source,
)
from wasteland.core.codec import register
from wasteland.core.data import Played, DerivedCache, at, need_bool, need_int, need_list, need_name, need_object
from wasteland.core.game import ConfigError, short

__all__ = [
    "CardSet", "read_card_set", "read_peeking", "card_table", "table_of", "fields_of", "is_modifier",
    "MAX_VALUE", "ABILITY_FIELDS", "USER_PROVENANCE", "PEEK_RULES",
]

#: The largest count or value a user set may give (a card type's id block holds 100 ids).
MAX_VALUE = 99
ABILITY_FIELDS = ("dig", "draw", "hunt", "fight")
COST_FIELDS = ("medicine", "food", "any_mix")
#: The provenance of a card type a user set changed.
USER_PROVENANCE = "user card set"
#: The two readings of the two-player peeking clause (the ``peek_rule`` option); see the rules page.
PEEK_RULES = ("no_peek", "remove_marked")

_BY_KEY = {t.key: t for t in CARD_TYPES}
_NAMES: dict[str, list[str]] = {}
for _t in CARD_TYPES:
    _NAMES.setdefault(_t.name, []).append(_t.key)
_ALLOWED_TYPES = ", ".join(repr(t.key) for t in CARD_TYPES)
_ALLOWED_NAMES = ", ".join(repr(name) for name, keys in _NAMES.items() if len(keys) == 1)
_CONTESTED_KEYS = {key: key for key in CONTESTED_TYPES}


@register("arctic_scavengers.CardSet", static=True)
@frozen(cache_hash=True)
class CardSet:
    """A card set that differs from the public one.

    ``changed`` holds the card types whose values differ from the public ones,
    as whole records (provenance ``"user card set"``), in the public order;
    every other type keeps its public record.
    """

    changed: tuple[CardType, ...]

    def __codec_check__(self) -> None:
        """A set read from a file holds only what ``read_card_set`` makes: each type changed from
        the public one by the fields a user may give, once, in the public order, marked
        ``"user card set"`` (its name, text and provenance are not the file's to say)."""
        keys = [t.key for t in self.changed]
        order = {t.key: i for i, t in enumerate(CARD_TYPES)}
        if any(k not in order for k in keys) or keys != sorted(set(keys), key=order.__getitem__):
            raise ValueError("the changed card types must be distinct types of the game, in the public order")
        for ctype, (key, entry) in zip(self.changed, card_set_data(self).items()):
            again = _changed_type(_BY_KEY[key], key, entry)
            if again is _BY_KEY[key] or again != ctype:
                raise ValueError(f"cards.{key}: the type does not read back as a user card set makes it "
                                 f"(only {', '.join(fields_of(_BY_KEY[key]))} may change; provenance "
                                 f"{USER_PROVENANCE!r})")

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


def _resolve_type(name: object) -> CardType:
    if type(name) is not str:
        raise ConfigError(f"cards: a card type is named by a string, got {short(name)}; allowed: {_ALLOWED_TYPES}")
    if name in _BY_KEY:
        return _BY_KEY[name]
    keys = _NAMES.get(name, [])
    if len(keys) == 1:
        return _BY_KEY[keys[0]]
    if keys:
        raise ConfigError(f"cards: {name!r} names {len(keys)} card types; use one of their keys: "
                          f"{', '.join(map(repr, keys))}")
    raise ConfigError(f"cards: unknown card type {short(name)}; allowed: {_ALLOWED_TYPES} "
                      f"(or the printed names {_ALLOWED_NAMES})")


def _changed_type(ctype: CardType, name: str, changes: object) -> CardType:
    """``ctype`` with the user's ``changes`` applied (still the public record if nothing differs)."""
    where = at("cards", name)
    given = need_object(where, changes, fields_of(ctype), example='{"count": 3}')

    def number(field: str, public: int) -> int:
        return need_int(at("cards", name, field), given[field], 0, MAX_VALUE) if field in given else public

    base, bonus = list(ctype.base), list(ctype.bonus)
    for a, ability in enumerate(ABILITY_FIELDS):
        if ability not in given:
            continue
        path = at("cards", name, ability)
        if is_modifier(ctype):
            value = given[ability]
            if type(value) is not int or not 0 <= value <= MAX_VALUE:
                raise ConfigError(f"{path}: must be a whole number from 0 to {MAX_VALUE} (the bonus it gives "
                                  f"a person; 0 for none), got {short(value)}")
            bonus[a] = value
        elif given[ability] is not None:
            base[a] = need_int(path, given[ability], 0, MAX_VALUE, none=f"cannot {ability}")
        else:
            base[a] = None
    cost, any_mix = ctype.cost, ctype.any_mix
    if "cost" in given:
        path = at("cards", name, "cost")
        paid = need_object(path, given["cost"], COST_FIELDS, example='{"medicine": 1, "food": 2}')
        medicine, food = ctype.cost or (0, 0)
        if "medicine" in paid:
            medicine = need_int(at("cards", name, "cost", "medicine"), paid["medicine"], 0, MAX_VALUE)
        if "food" in paid:
            food = need_int(at("cards", name, "cost", "food"), paid["food"], 0, MAX_VALUE)
        cost = (medicine, food)
        if "any_mix" in paid:
            any_mix = need_bool(at("cards", name, "cost", "any_mix"), paid["any_mix"])
    changed = attrs.evolve(
        ctype,
        count=number("count", ctype.count),
        people=number("people", ctype.people),
        medicine=number("medicine", ctype.medicine),
        peek=need_bool(at("cards", name, "peek"), given["peek"]) if "peek" in given else ctype.peek,
        base=(base[0], base[1], base[2], base[3]),
        bonus=(bonus[0], bonus[1], bonus[2], bonus[3]),
        cost=cost,
        any_mix=any_mix,
    )
    if changed == ctype:
        return ctype
    return attrs.evolve(changed, provenance=USER_PROVENANCE)


def removed_for_peeking(ctype: CardType, players: int, peeking: tuple[str, ...], peek_rule: str) -> bool:
    """Whether the two-player rule takes contested type ``ctype`` out of the game (the
    ``remove_marked`` reading: marked in the set, or named by the ``peeking`` option)."""
    return (players == 2 and peek_rule == "remove_marked" and ctype.source is Source.CONTESTED
            and (ctype.peek or ctype.key in peeking))


def _check_playable(types: tuple[CardType, ...], players: int, peeking: tuple[str, ...], peek_rule: str) -> None:
    """Refuse a set the chosen table cannot play: short starting decks, no contested resource."""
    public = types is CARD_TYPES
    by_key = _PUBLIC_BY_KEY if public else {t.key: t for t in types}
    for key, copies in STARTING_DECK:
        need = copies * players
        ctype = by_key[key]
        if ctype.count < need:
            raise ConfigError(f"cards: {key!r} count {ctype.count} is too few for {players} players: the starting "
                              f"decks take {copies} each, so at least {need} are needed")
    contested = _PUBLIC_CONTESTED if public else [t for t in types if t.source is Source.CONTESTED]
    left = sum(t.count for t in contested if not removed_for_peeking(t, players, peeking, peek_rule))
    if left < 1:
        removal = players == 2 and peek_rule == "remove_marked"
        why = " after the two-player removal of the peeking ones" if removal else ""
        raise ConfigError(f"cards: no contested resource is left{why}; the game needs at least one "
                          f"({', '.join(repr(t.key) for t in contested)})")


#: The public set's types by key, and its contested resources (what ``_check_playable`` reads of a set).
_PUBLIC_BY_KEY = {t.key: t for t in CARD_TYPES}
_PUBLIC_CONTESTED = tuple(t for t in CARD_TYPES if t.source is Source.CONTESTED)


def read_peeking(value: object) -> tuple[str, ...]:
    """The ``peeking`` option: a list of contested-resource keys, sorted, without repeats."""
    entries = need_list("peeking", value, 0, 100)
    return tuple(sorted({need_name(at("peeking", i), v, _CONTESTED_KEYS) for i, v in enumerate(entries)}))


def read_card_set(value: object, players: int, peeking: tuple[str, ...] = (),
                  peek_rule: str = "no_peek") -> CardSet | None:
    """The checked set for ``value`` (the ``cards`` option); None when it is the public set."""
    if value is None:
        types = CARD_TYPES
    else:
        if not isinstance(value, Mapping):
            raise ConfigError(f'cards: must be an object mapping card types to changes, like '
                              f'{{"Brawler": {{"fight": 3}}}}, got {short(value)}')
        by_key: dict[str, CardType] = {}
        given: dict[str, str] = {}
        for name, changes in value.items():
            ctype = _resolve_type(name)
            if ctype.key in given:
                raise ConfigError(f"cards: card type {ctype.key!r} is given twice "
                                  f"(as {given[ctype.key]!r} and {name!r})")
            given[ctype.key] = name
            by_key[ctype.key] = _changed_type(ctype, name, changes)
        types = tuple(by_key.get(t.key, t) for t in CARD_TYPES)
    _check_playable(types, players, peeking, peek_rule)
    if types is CARD_TYPES:
        return None
    changed = tuple(t for t, public in zip(types, CARD_TYPES) if t is not public)
    return CardSet(changed) if changed else None


def card_set_data(cards: CardSet | None) -> dict[str, dict[str, object]]:
    """A set as the plain data of the ``cards`` option, which ``read_card_set`` reads back to an
    equal set (None: the public set, as empty data): every field a user may give, per changed type."""
    out: dict[str, dict[str, object]] = {}
    for ctype in () if cards is None else cards.changed:
        public = _BY_KEY.get(ctype.key) if isinstance(ctype, CardType) else None
        if public is None:
            raise ConfigError(f"cards: {short(ctype)} is not a card type of the game")
        entry: dict[str, object] = {}
        for field in fields_of(public):
            if field in ABILITY_FIELDS:
                a = ABILITY_FIELDS.index(field)
                entry[field] = ctype.bonus[a] if is_modifier(public) else ctype.base[a]
            elif field == "cost":
                medicine, food = ctype.cost or (0, 0)
                entry["cost"] = {"medicine": medicine, "food": food, "any_mix": ctype.any_mix}
            else:
                entry[field] = getattr(ctype, field)
        out[ctype.key] = entry
    return out


_TABLES: DerivedCache[CardSet, CardTable] = DerivedCache(lambda cards: CardTable(cards.types(), custom=True))


def card_table(cards: CardSet | None) -> CardTable:
    """The tables of ``cards`` (None: the public set), built on first use and kept."""
    return PUBLIC_TABLE if cards is None else _TABLES(cards)


def table_of(state: Played[CardSet]) -> CardTable:
    """The tables of the card set ``state`` (a state, a view or a working copy) is played with."""
    cards = state.options.cards
    return PUBLIC_TABLE if cards is None else _TABLES(cards)
