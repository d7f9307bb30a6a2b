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

from typing import Any

from attrs import frozen

from wasteland.core.codec import register
from wasteland.core.data import Played, at, need_bool, need_int, need_list, need_name, need_object
from wasteland.core.game import ConfigError, short
from wasteland.aftermath.cards import ENEMIES, ENEMY_TYPES, Enemy, EnemyAction

__all__ = ["CardSet", "DESIGNED", "read_card_set", "card_set_data", "card_table", "table_of"]


@register("aftermath.CardSet", static=True)
@frozen
class CardSet:
    """The enemy cards of a game (by id, in the designed order)."""

    enemies: tuple[Enemy, ...]


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


def read_card_set(data: object, where: str = "cards") -> CardSet | None:
    """The card set written as plain JSON data (None: the designed set); ConfigError naming the
    place of the first fault."""
    if data is None or isinstance(data, CardSet):
        return data
    d = need_object(where, data, ("enemies",))
    enemies = ENEMIES
    if "enemies" in d:
        items = need_list(at(where, "enemies"), d["enemies"], len(ENEMIES), len(ENEMIES))
        enemies = tuple(_enemy(at(where, "enemies", i), x, ENEMIES[i]) for i, x in enumerate(items))
    return CardSet(enemies)


def card_set_data(cards: CardSet) -> dict[str, Any]:
    """The plain JSON data of a card set (``read_card_set`` reads it back)."""
    return {"enemies": [{"name": e.name, "type": e.type, "life": e.life, "defence": e.defence,
                         "communicate": e.communicate, "figures": e.figures, "boss": e.boss,
                         "actions": [[a.speed, a.range, a.strength, a.toxic] for a in e.actions]}
                        for e in cards.enemies]}
