"""Your own enemy cards: the ``cards`` option, read from plain JSON data and checked.

``new_game(seed, cards=...)`` takes None (the designed enemies of ``cards``) or plain JSON data
with the 22 enemy cards in the designed order (the book names them, so the names stay)::

    {"enemies": [{"name": "roaches", "type": "vermin", "life": 1, "defence": 1, "communicate": 3,
                  "figures": 8, "boss": false,
                  "actions": [[1, 0, 2, false], [1, 0, 3, false], [2, 0, 3, false]]}, ...]}

Each action is ``[speed, range, strength, toxic]`` for threat values 1, 2 and 3. ``read_card_set``
raises ConfigError naming the place (``cards.enemies[3].life: must be a whole number from 0 to 9,
got 12``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from attrs import frozen

from wasteland.core.codec import register
from wasteland.core.data import Played, at, need_bool, need_int, need_list, need_name, need_object
from wasteland.core.game import ConfigError, short
from wasteland.aftermath.vocabulary import DIALS
from wasteland.aftermath.cards import (
    ABILITY_CARDS, ABILITY_KINDS, ENEMIES, ENEMY_TYPES, ENVIRONMENT_USES, ENVIRONMENTS, INFLUENCE_CARDS,
    INFLUENCE_KINDS, VEHICLES, AbilityCard, Enemy, EnemyAction, EnvironmentCard, InfluenceCard, VehicleCard,
)

__all__ = ["CardSet", "DESIGNED", "read_card_set", "card_set_data", "card_table", "table_of"]


@register("aftermath.CardSet", static=True)
@frozen
class CardSet:
    """The cards of a game whose contents are not public (each family by id, in the designed order):
    the enemies, the ability cards, the character influence cards, the environment cards and the
    vehicle travel cards."""

    enemies: tuple[Enemy, ...]
    abilities: tuple[AbilityCard, ...] = ABILITY_CARDS
    influences: tuple[InfluenceCard, ...] = INFLUENCE_CARDS
    environments: tuple[EnvironmentCard, ...] = ENVIRONMENTS
    vehicles: tuple[VehicleCard, ...] = VEHICLES


DESIGNED = CardSet(ENEMIES)


def table_of(state: Played[CardSet]) -> CardSet:
    """The card set a table plays."""
    return state.options.cards or DESIGNED


def card_table(cards: CardSet | None) -> CardSet:
    return cards or DESIGNED


def _enemy(where: str, value: object, designed: Enemy) -> Enemy:
    d = need_object(where, value, ("name", "type", "life", "defence", "communicate", "figures", "boss", "actions"))
    name = d.get("name", designed.name)
    if name != designed.name:
        raise ConfigError(f"{at(where, 'name')}: enemy {designed.name!r} keeps its name (the book names it), "
                          f"got {short(name)}")
    boss = need_bool(at(where, "boss"), d.get("boss", designed.boss))
    actions = []
    rows = need_list(at(where, "actions"), d.get("actions"), 3, 3)
    for k, row in enumerate(rows):
        here = at(where, "actions", k)
        cells = need_list(here, row, 4, 4)
        actions.append(EnemyAction(need_int(at(here, 0), cells[0], 0, 6), need_int(at(here, 1), cells[1], 0, 6),
                                   need_int(at(here, 2), cells[2], 0, 12), need_bool(at(here, 3), cells[3])))
    return Enemy(
        name=designed.name, title=designed.title,
        type=need_name(at(where, "type"), d.get("type"), {t: t for t in ENEMY_TYPES}),
        life=need_int(at(where, "life"), d.get("life"), 0 if boss else 1, 0 if boss else 9),
        defence=need_int(at(where, "defence"), d.get("defence"), 0, 12),
        communicate=need_int(at(where, "communicate"), d.get("communicate"), 0, 12),
        figures=need_int(at(where, "figures"), d.get("figures"), 1, 8),
        actions=(actions[0], actions[1], actions[2]), boss=boss, provenance="user card set",
    )


def _kept(where: str, d: Mapping[str, Any], designed: str, what: str) -> None:
    name = d.get("name", designed)
    if name != designed:
        raise ConfigError(f"{at(where, 'name')}: {what} {designed!r} keeps its name (the book names it), "
                          f"got {short(name)}")


def _ability(where: str, value: object, designed: AbilityCard) -> AbilityCard:
    d = need_object(where, value, ("name", "kind", "amount", "cost"))
    _kept(where, d, designed.name, "ability card")
    return AbilityCard(designed.name, designed.title, designed.character,
                       need_name(at(where, "kind"), d.get("kind"), {k: k for k in ABILITY_KINDS}),
                       need_int(at(where, "amount"), d.get("amount"), 0, 3),
                       need_int(at(where, "cost"), d.get("cost"), 0, 9), designed.starting, "user card set")


def _influence(where: str, value: object, designed: InfluenceCard) -> InfluenceCard:
    d = need_object(where, value, ("name", "kind", "amount"))
    _kept(where, d, designed.name, "influence card")
    return InfluenceCard(designed.name, designed.title, designed.character,
                         need_name(at(where, "kind"), d.get("kind"), {k: k for k in INFLUENCE_KINDS}),
                         need_int(at(where, "amount"), d.get("amount"), 1, 3), "user card set")


def _environment(where: str, value: object, designed: EnvironmentCard) -> EnvironmentCard:
    d = need_object(where, value, ("name", "use", "attribute", "bonus"))
    _kept(where, d, designed.name, "environment card")
    use = need_name(at(where, "use"), d.get("use"), {u: u for u in ENVIRONMENT_USES})
    attributes = ("red", "green", "blue", "yellow") if use == "test" else ("",)
    return EnvironmentCard(designed.name, designed.title, use,
                           need_name(at(where, "attribute"), d.get("attribute", ""), {a: a for a in attributes}),
                           need_int(at(where, "bonus"), d.get("bonus"), -3, 3), "user card set")


def _vehicle(where: str, value: object, designed: VehicleCard) -> VehicleCard:
    d = need_object(where, value, ("name", "fuel", "dial", "amount"))
    _kept(where, d, designed.name, "vehicle card")
    dial = need_name(at(where, "dial"), d.get("dial", ""), {x: x for x in ("", *DIALS) if x != "time"})
    return VehicleCard(designed.name, designed.title, need_int(at(where, "fuel"), d.get("fuel"), 0, 5), dial,
                       need_int(at(where, "amount"), d.get("amount", 0), -2 if dial else 0, 2 if dial else 0),
                       "user card set")


_FAMILIES: tuple[tuple[str, tuple[Any, ...], Any], ...] = (
    ("abilities", ABILITY_CARDS, _ability), ("influences", INFLUENCE_CARDS, _influence),
    ("environments", ENVIRONMENTS, _environment), ("vehicles", VEHICLES, _vehicle),
)


def read_card_set(data: object, where: str = "cards") -> CardSet | None:
    """The card set written as plain JSON data (None: the designed set); ConfigError naming the
    place of the first fault. Each family is optional (absent: the designed cards)."""
    if data is None or isinstance(data, CardSet):
        return data
    d = need_object(where, data, ("enemies", *(name for name, _, _ in _FAMILIES)))
    enemies = ENEMIES
    if "enemies" in d:
        items = need_list(at(where, "enemies"), d["enemies"], len(ENEMIES), len(ENEMIES))
        enemies = tuple(_enemy(at(where, "enemies", i), x, ENEMIES[i]) for i, x in enumerate(items))
    families: dict[str, Any] = {}
    for name, designed, read in _FAMILIES:
        if name in d:
            items = need_list(at(where, name), d[name], len(designed), len(designed))
            families[name] = tuple(read(at(where, name, i), x, designed[i]) for i, x in enumerate(items))
    return CardSet(enemies, **families)


def card_set_data(cards: CardSet) -> dict[str, Any]:
    """The plain JSON data of a card set (``read_card_set`` reads it back)."""
    return {"enemies": [{"name": e.name, "type": e.type, "life": e.life, "defence": e.defence,
                         "communicate": e.communicate, "figures": e.figures, "boss": e.boss,
                         "actions": [[a.speed, a.range, a.strength, a.toxic] for a in e.actions]}
                        for e in cards.enemies],
            "abilities": [{"name": a.name, "kind": a.kind, "amount": a.amount, "cost": a.cost}
                          for a in cards.abilities],
            "influences": [{"name": x.name, "kind": x.kind, "amount": x.amount} for x in cards.influences],
            "environments": [{"name": e.name, "use": e.use, "attribute": e.attribute, "bonus": e.bonus}
                             for e in cards.environments],
            "vehicles": [{"name": v.name, "fuel": v.fuel, "dial": v.dial, "amount": v.amount} for v in cards.vehicles]}
