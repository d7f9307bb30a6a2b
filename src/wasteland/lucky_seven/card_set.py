"""Your own card set: the ``cards`` option, read from plain JSON data and checked.

``new_game(seed, cards=...)`` takes None (the public set of ``cards``) or an
object of plain JSON data, the form a replay file's ``"options"`` holds and the
command line reads with ``--option cards=@file.json``::

    {
      "threats": [
        {"kind": "Infantry", "strength": 1, "column": 3},
        {"kind": "Machine Gun", "strength": 3, "column": 2, "count": 4},
        {"kind": "Flare", "column": 5},
        {"kind": "Mortar", "column": 1},
        {"kind": "Tank", "count": 2}
      ],
      "members": [{"name": "Hammer", "up": 1, "down": 0}],
      "depot": {"strength": 4}
    }

Every key may be left out and keeps the public values:

* ``threats`` is the whole threat deck, in card id order (``count`` repeats an
  entry, default 1), 4 to 100 cards. Infantry and Machine Guns have a
  ``strength`` (0-99) and a ``column`` (1-6); Flares and Mortars a ``column``
  and no strength (they cannot be attacked); Tanks neither (they take the tank
  column).
* ``members`` changes the printed strengths of the named squad members, ``up``
  and ``down`` (0-99); each name at most once; the abilities stay with the names.
* ``depot`` sets the Depot's strength (0-99); it is in play only with ``depot=True``.

``read_card_set`` checks the data with ``wasteland.core.data`` and raises
ConfigError naming the path of the offending entry and the allowed values
(``cards.threats[3].strength: must be a whole number from 0 to 99, got -1``);
the state keeps the result as a ``CardSet`` record (tuples), and the rules
read it through ``table_of(state)`` (flat tables, built once per set by
``card_table``). ``card_set_data`` writes a set back as data, the public
one for None: a starting point for a file of your own.
"""

from __future__ import annotations

from typing import Any, Mapping

from attrs import frozen

from wasteland.core.codec import register
from wasteland.core.data import Played, DerivedCache, at, need_int, need_list, need_name, need_object
from wasteland.core.game import ConfigError, short
from wasteland.lucky_seven.cards import (
    DEPOT, PUBLIC_TABLE, SQUAD, THREATS, CardTable, ThreatKind, make_table,
)

__all__ = [
    "ThreatSpec", "MemberSpec", "CardSet", "read_card_set", "card_set_data", "card_table", "table_of",
    "MIN_THREATS", "MAX_THREATS", "MAX_STRENGTH",
]


MIN_THREATS = 4
MAX_THREATS = 100
MAX_STRENGTH = 99

#: The kinds a deck may hold, by the name the data uses (the Depot is placed at setup, not dealt).
KINDS: dict[str, ThreatKind] = {
    "Infantry": ThreatKind.INFANTRY,
    "Machine Gun": ThreatKind.MACHINE_GUN,
    "Flare": ThreatKind.FLARE,
    "Mortar": ThreatKind.MORTAR,
    "Tank": ThreatKind.TANK,
}
_NAME_OF = {kind: name for name, kind in KINDS.items()}
_STRONG = (ThreatKind.INFANTRY, ThreatKind.MACHINE_GUN)
_TOP_KEYS = ("threats", "members", "depot")
_THREAT_KEYS = ("kind", "strength", "column", "count")
_MEMBER_KEYS = ("name", "up", "down")
_MEMBER_NAMES = tuple(card.name for card in SQUAD)


@register("lucky_seven.ThreatSpec")
@frozen
class ThreatSpec:
    """One threat card of a set: ``strength`` None for those that cannot be attacked;
    ``column`` 1-6, 0 for a Tank (the tank column)."""

    kind: ThreatKind
    strength: int | None
    column: int


@register("lucky_seven.MemberSpec")
@frozen
class MemberSpec:
    """The printed strengths of one squad member, up side and down side."""

    up: int
    down: int


@register("lucky_seven.CardSet", static=True)
@frozen(cache_hash=True)
class CardSet:
    """A checked card set: the threat deck in id order, the eight members' strengths in squad
    order (Leader, Athlete, Mouse, Natural, Hammer, Anvil, Joker, Pacifist), the Depot's
    strength."""

    threats: tuple[ThreatSpec, ...]
    members: tuple[MemberSpec, ...]
    depot: int


_PUBLIC_THREATS = tuple(ThreatSpec(card.kind, card.strength, card.column) for card in THREATS)
_PUBLIC_MEMBERS = tuple(MemberSpec(card.up_strength, card.down_strength) for card in SQUAD)
_PUBLIC_DEPOT = DEPOT.strength or 0


# -- reading -------------------------------------------------------------------------------------

_THREAT_EXAMPLE = '{"kind": "Infantry", "strength": 1, "column": 3}'
_MEMBER_EXAMPLE = '{"name": "Hammer", "up": 1, "down": 0}'
_MEMBER_INDEX = {name: index for index, name in enumerate(_MEMBER_NAMES)}


def _names(values: tuple[str, ...]) -> str:
    return ", ".join(repr(v) for v in values)


def _threat(where: str, entry: object) -> tuple[ThreatSpec, int]:
    item = need_object(where, entry, _THREAT_KEYS, _THREAT_EXAMPLE)
    if "kind" not in item:
        raise ConfigError(f"{at(where, 'kind')}: missing; one of {_names(tuple(KINDS))}")
    kind = need_name(at(where, "kind"), item["kind"], KINDS)
    name = _NAME_OF[kind]
    strength = item.get("strength")
    column = item.get("column")
    if kind in _STRONG:
        if strength is None:
            raise ConfigError(f"{at(where, 'strength')}: missing; a whole number from 0 to {MAX_STRENGTH}")
        strength = need_int(at(where, "strength"), strength, 0, MAX_STRENGTH)
    elif strength is not None:
        raise ConfigError(f"{at(where, 'strength')}: a {name} has no strength (it cannot be attacked); only "
                          f"Infantry and Machine Guns have one, got {short(strength)}")
    if kind is ThreatKind.TANK:
        if column is not None:
            raise ConfigError(f"{at(where, 'column')}: a Tank has no column (it takes the tank column), "
                              f"got {short(column)}")
        column = 0
    elif column is None:
        raise ConfigError(f"{at(where, 'column')}: missing; a whole number from 1 to 6")
    else:
        column = need_int(at(where, "column"), column, 1, 6)
    count = need_int(at(where, "count"), item.get("count", 1), 1, MAX_THREATS)
    return ThreatSpec(kind, strength, column), count


def _threats(value: object) -> tuple[ThreatSpec, ...]:
    where = at("cards", "threats")
    entries = need_list(where, value, 0, MAX_THREATS)
    deck: list[ThreatSpec] = []
    for i, entry in enumerate(entries):
        spec, count = _threat(at("cards", "threats", i), entry)
        deck += [spec] * count
        if len(deck) > MAX_THREATS:
            raise ConfigError(f"{where}: too many threats ({len(deck)} by threats[{i}]); a deck holds "
                              f"{MIN_THREATS} to {MAX_THREATS}")
    if len(deck) < MIN_THREATS:
        raise ConfigError(f"{where}: too few threats ({len(deck)}); a deck holds {MIN_THREATS} to "
                          f"{MAX_THREATS} (at least one full deal of four)")
    return tuple(deck)


def _members(value: object) -> tuple[MemberSpec, ...]:
    entries = need_list(at("cards", "members"), value, 0, len(_MEMBER_NAMES))
    members = list(_PUBLIC_MEMBERS)
    seen: set[int] = set()
    for i, entry in enumerate(entries):
        where = at("cards", "members", i)
        item = need_object(where, entry, _MEMBER_KEYS, _MEMBER_EXAMPLE)
        index = need_name(at(where, "name"), item.get("name"), _MEMBER_INDEX)
        if index in seen:
            raise ConfigError(f"{at(where, 'name')}: {_MEMBER_NAMES[index]} is listed twice; name each member "
                              "at most once")
        seen.add(index)
        public = members[index]
        up = need_int(at(where, "up"), item.get("up", public.up), 0, MAX_STRENGTH)
        down = need_int(at(where, "down"), item.get("down", public.down), 0, MAX_STRENGTH)
        members[index] = MemberSpec(up, down)
    return tuple(members)


def _depot(value: object) -> int:
    where = at("cards", "depot")
    item = need_object(where, value, ("strength",), '{"strength": 4}')
    return need_int(at(where, "strength"), item.get("strength", _PUBLIC_DEPOT), 0, MAX_STRENGTH)


def read_card_set(value: object) -> CardSet | None:
    """Check the ``cards`` option: None (the public set), a ``CardSet``, or plain data (see the
    module's text). Anything else raises ConfigError naming the entry (``cards.threats[3].strength``)
    and the allowed values."""
    if value is None:
        return None
    if isinstance(value, CardSet):
        value = _record_data(value)  # checked again: a record may have been built by hand
    if not isinstance(value, Mapping):
        hint = " (on the command line: --option cards=@file.json)" if isinstance(value, str) else ""
        raise ConfigError(f"cards: must be null (the public set) or an object with the keys "
                          f"{_names(_TOP_KEYS)}, got {short(value)}{hint}")
    need_object("cards", value, _TOP_KEYS)
    return CardSet(
        threats=_threats(value["threats"]) if "threats" in value else _PUBLIC_THREATS,
        members=_members(value["members"]) if "members" in value else _PUBLIC_MEMBERS,
        depot=_depot(value["depot"]) if "depot" in value else _PUBLIC_DEPOT,
    )


# -- writing and tables --------------------------------------------------------------------------

def _threat_data(spec: ThreatSpec, count: int) -> dict[str, Any]:
    kind = spec.kind
    out: dict[str, Any] = {"kind": _NAME_OF.get(kind, kind) if isinstance(kind, ThreatKind) else kind}
    if spec.strength is not None:
        out["strength"] = spec.strength
    if kind is not ThreatKind.TANK or spec.column != 0:
        out["column"] = spec.column
    if count > 1:
        out["count"] = count
    return out


def _record_data(cards: CardSet) -> dict[str, Any]:
    """A ``CardSet`` record as data, entry by entry, for ``read_card_set`` to check again."""
    threats, members = cards.threats, cards.members
    if type(threats) is not tuple or not all(type(t) is ThreatSpec for t in threats):
        raise ConfigError(f"cards.threats: a CardSet's threats must be a tuple of ThreatSpec, got {short(threats)}")
    if type(members) is not tuple or len(members) != len(_MEMBER_NAMES) \
            or not all(type(m) is MemberSpec for m in members):
        raise ConfigError(f"cards.members: a CardSet's members must be a tuple of {len(_MEMBER_NAMES)} MemberSpec "
                          f"(in the order {', '.join(_MEMBER_NAMES)}), got {short(members)}")
    return {
        "threats": [_threat_data(t, 1) for t in threats],
        "members": [{"name": name, "up": m.up, "down": m.down} for name, m in zip(_MEMBER_NAMES, members)],
        "depot": {"strength": cards.depot},
    }


def card_set_data(cards: CardSet | None) -> dict[str, Any]:
    """A set as plain data that ``read_card_set`` reads back to an equal set (None: the public
    set); runs of equal threats are written once with a ``count``."""
    threats = _PUBLIC_THREATS if cards is None else cards.threats
    members = _PUBLIC_MEMBERS if cards is None else cards.members
    depot = _PUBLIC_DEPOT if cards is None else cards.depot
    entries: list[dict[str, Any]] = []
    i = 0
    while i < len(threats):
        j = i
        while j + 1 < len(threats) and threats[j + 1] == threats[i]:
            j += 1
        entries.append(_threat_data(threats[i], j - i + 1))
        i = j + 1
    return {
        "threats": entries,
        "members": [{"name": name, "up": m.up, "down": m.down} for name, m in zip(_MEMBER_NAMES, members)],
        "depot": {"strength": depot},
    }


def _table(cards: CardSet) -> CardTable:
    return make_table([(t.kind, t.strength, t.column) for t in cards.threats], cards.depot,
                      [(m.up, m.down) for m in cards.members])


_TABLES: DerivedCache[CardSet, CardTable] = DerivedCache(_table)


def card_table(cards: CardSet | None) -> CardTable:
    """The flat tables of a set (``PUBLIC_TABLE`` for None), built once per set."""
    return PUBLIC_TABLE if cards is None else _TABLES(cards)


def table_of(state: Played[CardSet]) -> CardTable:
    """The card facts of a table (a state, a view or a working copy): its set's tables."""
    cards = state.options.cards
    return PUBLIC_TABLE if cards is None else _TABLES(cards)

