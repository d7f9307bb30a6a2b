"""Your own card set: the ``cards`` option, read from plain JSON data and checked.

``new_game(seed, cards=...)`` takes None (the default set of ``cards``) or an
object of plain JSON data (``--option cards=@file.json`` on the command line)::

    {
      "population": [
        {"type": "Hostile", "count": 15, "flipped": [{"count": 4, "effects": ["end_day"]}], "killed": []},
        {"type": "Carrier", "count": 10, "flipped": [{"count": 2, "effects": ["raxxon"]}]}
      ],
      "raxxon": [
        {"title": "Sirens", "trigger": {"kind": "always"}, "options": [{"effects": ["add"]}]},
        {"title": "Looters", "trigger": {"kind": "face_up_type", "count": 2, "type": "Hostile"},
         "options": [{"label": "crack down", "effects": ["kill_up"]}, {"label": "look away", "effects": ["power"]}],
         "count": 2}
      ]
    }

Either key may be left out and keeps the default. ``population`` is the whole
population (each type at most once, 2 to 120 cards, at least one healthy and one
infected); ``raxxon`` the whole Raxxon deck (1 to 100 cards). Effects are the
names of ``cards.EFFECT_NAMES`` (at most 8 per list); a "when flipped" count runs
from 1 to 36; a trigger's ``kind`` is one of ``cards.TRIGGER_NAMES`` with a
``count`` (0-99), a ``type`` (``face_up_type``) or a ``character`` key
(``character``); a card has 1 to 3 options.

``read_card_set`` checks the data with ``wasteland.core.data`` and raises
ConfigError naming the path of the offending entry
(``cards.population[2].flipped[0].count: must be a whole number from 1 to 36, got 0``).
Titles and labels are printable one-line text (``need_text``).

**Provenance** is not a field of the data: every card a set lists is marked
``"user card set"`` whatever the file says, and a part left out keeps the
shipped cards with their own provenance. A ``CardSet`` read back from a saved
state must say the same: a card's provenance is ``"user card set"`` or, for a
card equal to a shipped one, that shipped card's own; anything else (a designed
card claiming to be public, a rewritten source) is refused.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from attrs import frozen

from wasteland.core.codec import register
from wasteland.core.data import Played, DerivedCache, at, need_int, need_list, need_name, need_object, need_text
from wasteland.core.game import ConfigError, short
from wasteland.raxxon.cards import (
    CHARACTER, CHARACTER_KEYS, EFFECT_NAMES, FACE_UP_TYPE, FLIP, HEALTHY_TYPES, KILL_UP, POPULATION_TYPES,
    PUBLIC_TABLE,
    RAXXON_CARDS, TRIGGER_NAMES, TYPE_NAMES, CardTable, PopulationType, RaxxonCard, make_table,
)

__all__ = ["CardSet", "read_card_set", "card_set_data", "card_table", "table_of", "check_chains", "MAX_POPULATION",
           "MAX_RAXXON"]


MAX_POPULATION = 120
MAX_RAXXON = 100
MAX_EFFECTS = 8
MAX_TITLE = 40
MAX_LABEL = 24
_USER = "user card set"

register("raxxon.PopulationType")(PopulationType)
register("raxxon.RaxxonCard")(RaxxonCard)


@register("raxxon.CardSet", static=True)
@frozen(cache_hash=True)
class CardSet:
    """A checked card set: the population types and the Raxxon deck (in id order)."""

    population: tuple[PopulationType, ...]
    raxxon: tuple[RaxxonCard, ...]

    def __codec_check__(self) -> None:
        """A set read from a file is checked as ``new_game`` checks it."""
        if read_card_set(self) != self:
            raise ValueError("the card set does not read back as new_game would make it")
        _check_sources("population", self.population, POPULATION_TYPES)
        _check_sources("raxxon", self.raxxon, RAXXON_CARDS)


def _check_sources(part: str, cards: Sequence[PopulationType | RaxxonCard],
                   shipped: Sequence[PopulationType | RaxxonCard]) -> None:
    """Each card's provenance (``source``, which equality ignores) is the user's mark or, for a
    card equal to a shipped one, the shipped card's own: a file cannot rewrite it."""
    for i, card in enumerate(cards):
        if card.source == _USER:
            continue
        if not any(card == known and card.source == known.source for known in shipped):
            raise ValueError(f"cards.{part}[{i}]: provenance {short(card.source)} is neither {_USER!r} "
                             "nor that of an equal shipped card")


_TYPES = {name: i for i, name in enumerate(TYPE_NAMES)}
_EFFECTS = {name: i for i, name in enumerate(EFFECT_NAMES)}
_TRIGGERS = {name: i for i, name in enumerate(TRIGGER_NAMES)}
_CHARACTERS = {key: i for i, key in enumerate(CHARACTER_KEYS)}


def _effects(where: str, value: object) -> tuple[int, ...]:
    entries = need_list(where, value, 0, MAX_EFFECTS)
    return tuple(need_name(at(where, i), e, _EFFECTS) for i, e in enumerate(entries))


def _population_type(where: str, entry: object) -> PopulationType:
    item = need_object(where, entry, ("type", "count", "flipped", "killed"), '{"type": "Hostile", "count": 15}')
    kind = need_name(at(where, "type"), item.get("type"), _TYPES)
    count = need_int(at(where, "count"), item.get("count", 1), 1, MAX_POPULATION)
    flipped: list[tuple[int, tuple[int, ...]]] = []
    rows = need_list(at(where, "flipped"), item.get("flipped", []), 0, 8)
    for i, row in enumerate(rows):
        here = at(where, "flipped", i)
        pair = need_object(here, row, ("count", "effects"), '{"count": 2, "effects": ["raxxon"]}')
        n = need_int(at(here, "count"), pair.get("count"), 1, 36)
        if any(n == m for m, _ in flipped):
            raise ConfigError(f"{at(here, 'count')}: the count {n} is listed twice")
        flipped.append((n, _effects(at(here, "effects"), pair.get("effects", []))))
    killed = _effects(at(where, "killed"), item.get("killed", []))
    return PopulationType(kind, count, tuple(sorted(flipped)), killed, _USER)


def _population(value: object) -> tuple[PopulationType, ...]:
    where = at("cards", "population")
    entries = need_list(where, value, 1, len(TYPE_NAMES))
    out = [_population_type(at("cards", "population", i), e) for i, e in enumerate(entries)]
    kinds = [p.type for p in out]
    if len(set(kinds)) != len(kinds):
        raise ConfigError(f"{where}: each type at most once")
    total = sum(p.count for p in out)
    if not 2 <= total <= MAX_POPULATION:
        raise ConfigError(f"{where}: a population holds 2 to {MAX_POPULATION} cards, got {total}")
    if not any(p.type in HEALTHY_TYPES for p in out) or all(p.type in HEALTHY_TYPES for p in out):
        raise ConfigError(f"{where}: a population holds healthy and infected cards")
    return tuple(sorted(out, key=lambda p: p.type))


def _raxxon_card(where: str, entry: object) -> tuple[RaxxonCard, int]:
    item = need_object(where, entry, ("title", "trigger", "options", "count"), '{"title": "Sirens", ...}')
    title = need_text(at(where, "title"), item.get("title", ""), 1, MAX_TITLE)
    here = at(where, "trigger")
    trig = need_object(here, item.get("trigger", {"kind": "always"}), ("kind", "count", "type", "character"))
    kind = need_name(at(here, "kind"), trig.get("kind"), _TRIGGERS)
    count = need_int(at(here, "count"), trig.get("count", 0), 0, 99)
    arg = 0
    if kind == FACE_UP_TYPE:
        arg = need_name(at(here, "type"), trig.get("type"), _TYPES)
    elif kind == CHARACTER:
        arg = need_name(at(here, "character"), trig.get("character"), _CHARACTERS)
    options = []
    for i, option in enumerate(need_list(at(where, "options"), item.get("options"), 1, 3)):
        o = at(where, "options", i)
        pair = need_object(o, option, ("label", "effects"), '{"label": "deny", "effects": ["power"]}')
        label = need_text(at(o, "label"), pair.get("label", ""), 0, MAX_LABEL)
        options.append((label, _effects(at(o, "effects"), pair.get("effects", []))))
    if len(options) > 1 and (any(not label for label, _ in options)
                             or len({label.casefold() for label, _ in options}) != len(options)):
        raise ConfigError(f"{at(where, 'options')}: a choice of options needs a distinct label for each")
    copies = need_int(at(where, "count"), item.get("count", 1), 1, MAX_RAXXON)
    return RaxxonCard(title, (kind, count, arg), tuple(options), _USER), copies


def _raxxon(value: object) -> tuple[RaxxonCard, ...]:
    where = at("cards", "raxxon")
    deck: list[RaxxonCard] = []
    for i, entry in enumerate(need_list(where, value, 1, MAX_RAXXON)):
        card, copies = _raxxon_card(at("cards", "raxxon", i), entry)
        deck += [card] * copies
        if len(deck) > MAX_RAXXON:
            raise ConfigError(f"{where}: a Raxxon deck holds 1 to {MAX_RAXXON} cards")
    return tuple(deck)


def read_card_set(value: object) -> CardSet | None:
    """Check the ``cards`` option: None (the default set), a ``CardSet`` or plain data (see the
    module's text). Anything else raises ConfigError naming the entry."""
    if value is None:
        return None
    if isinstance(value, CardSet):
        try:
            value = card_set_data(value)  # checked again: a record may have been built by hand
        except Exception as why:  # noqa: BLE001 - a hand-built record may hold anything
            raise ConfigError(f"cards: a CardSet that cannot be read back ({short(str(why), 80)})") from None
    if not isinstance(value, Mapping):
        hint = " (on the command line: --option cards=@file.json)" if isinstance(value, str) else ""
        raise ConfigError(f"cards: must be null (the default set) or an object with the keys 'population', "
                          f"'raxxon', got {short(value)}{hint}")
    need_object("cards", value, ("population", "raxxon"))
    population = _population(value["population"]) if "population" in value else POPULATION_TYPES
    check_chains(population)
    return CardSet(population=population, raxxon=_raxxon(value["raxxon"]) if "raxxon" in value else RAXXON_CARDS)


#: What a population card's effects can set off at once: a flip sets off a "when flipped" table,
#: a kill of a face-up card a "when killed" list. (A Raxxon card draws from a deck that a chain
#: cannot refill while it is read, ``icons.draw_raxxon``: chains through it end by themselves.)
_SETS_OFF = {FLIP: "flipped", KILL_UP: "killed"}


def check_chains(population: tuple[PopulationType, ...]) -> None:
    """ConfigError, naming the cards, if a "when flipped" or "when killed" effect can set off a
    chain that feeds itself (a flip whose effects flip, a kill whose effects kill, or a flip
    and a kill that set each other off): such a chain may grow for ever, a decision at a time.

    The check follows what each trigger can set off: a ``flip`` effect any type's "when
    flipped" table, a ``kill_up`` effect any type's "when killed" list. A cycle is refused."""
    sources: dict[str, list[tuple[str, tuple[int, ...]]]] = {"flipped": [], "killed": []}
    for p in population:
        for n, effects in p.flipped:
            sources["flipped"].append((f'{p.name} "when flipped" at {n}', effects))
        if p.killed:
            sources["killed"].append((f'{p.name} "when killed"', p.killed))
    # the trigger kinds each kind can set off, with the first card that does it
    leads: dict[str, dict[str, str]] = {kind: {} for kind in sources}
    for kind, entries in sources.items():
        for name, effects in entries:
            for code in effects:
                target = _SETS_OFF.get(code)
                if target is not None and sources[target]:
                    leads[kind].setdefault(target, f"{name} ({EFFECT_NAMES[code]})")
    for kind in ("flipped", "killed"):
        if kind in leads[kind]:
            raise ConfigError(f"cards.population: a chain of triggers feeds itself and may never end: "
                              f"{leads[kind][kind]} sets off {_who(sources[kind])} again")
    if "killed" in leads["flipped"] and "flipped" in leads["killed"]:
        raise ConfigError(f"cards.population: a chain of triggers feeds itself and may never end: "
                          f"{leads['flipped']['killed']} sets off {_who(sources['killed'])}, and "
                          f"{leads['killed']['flipped']} sets off {_who(sources['flipped'])}")


def _who(entries: list[tuple[str, tuple[int, ...]]]) -> str:
    """The cards named, at most four of them (a message is one short line)."""
    names = [name for name, _ in entries]
    if len(names) > 4:
        return f"{', '.join(names[:3])} or {len(names) - 3} more"
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"


def _names(codes: tuple[int, ...]) -> list[str]:
    return [EFFECT_NAMES[c] for c in codes]


def _raxxon_data(card: RaxxonCard) -> dict[str, Any]:
    kind, count, arg = card.trigger
    trigger: dict[str, Any] = {"kind": TRIGGER_NAMES[kind], "count": count}
    if kind == FACE_UP_TYPE:
        trigger["type"] = TYPE_NAMES[arg]
    elif kind == CHARACTER:
        trigger["character"] = CHARACTER_KEYS[arg]
    return {"title": card.title, "trigger": trigger,
            "options": [{"label": label, "effects": _names(effects)} for label, effects in card.options]}


def card_set_data(cards: CardSet | None) -> dict[str, Any]:
    """A set as plain data that ``read_card_set`` reads back to an equal set (None: the default)."""
    population = POPULATION_TYPES if cards is None else cards.population
    raxxon = RAXXON_CARDS if cards is None else cards.raxxon
    return {
        "population": [{"type": TYPE_NAMES[p.type], "count": p.count,
                        "flipped": [{"count": n, "effects": _names(e)} for n, e in p.flipped],
                        "killed": _names(p.killed)} for p in population],
        "raxxon": [_raxxon_data(card) for card in raxxon],
    }


_TABLES: DerivedCache[CardSet, CardTable] = DerivedCache(lambda cards: make_table(cards.population, cards.raxxon))


def card_table(cards: CardSet | None) -> CardTable:
    """The flat tables of a set (``PUBLIC_TABLE`` for None), built once per set."""
    return PUBLIC_TABLE if cards is None else _TABLES(cards)


def table_of(state: Played[CardSet]) -> CardTable:
    """The card facts of a table (a state, a view or a working copy)."""
    cards = state.options.cards
    return PUBLIC_TABLE if cards is None else _TABLES(cards)
