"""Flat per-id lookup tables derived from :mod:`cards`, for fast rules code.

``BASE[ability][id]`` is the card's standard value for that ability, or ``NONE``
(-1) when the card cannot perform it; ``BONUS[ability][id]`` its modifier value.
"""

from __future__ import annotations

from wasteland.arctic_scavengers.cards import CARD_TYPES, CARDS, TYPE_OF, Kind

__all__ = [
    "NONE", "BASE", "BONUS", "MEDICINE", "PEOPLE", "IS_PERSON", "IS_TOOL", "IS_LEADER",
    "IS_SABOTEUR", "IS_SNIPER", "IS_MEDICINE", "NAME", "TYPE_INDEX", "MODIFIES",
]

NONE = -1

BASE: tuple[tuple[int, ...], ...] = tuple(
    tuple(NONE if t.base[a] is None else int(t.base[a] or 0) for t in TYPE_OF) for a in range(4)
)
BONUS: tuple[tuple[int, ...], ...] = tuple(tuple(t.bonus[a] for t in TYPE_OF) for a in range(4))
MEDICINE: tuple[int, ...] = tuple(t.medicine for t in TYPE_OF)
PEOPLE: tuple[int, ...] = tuple(t.people for t in TYPE_OF)
IS_PERSON: tuple[bool, ...] = tuple(t.kind is Kind.PERSON for t in TYPE_OF)
IS_TOOL: tuple[bool, ...] = tuple(t.kind is Kind.TOOL for t in TYPE_OF)
IS_MEDICINE: tuple[bool, ...] = tuple(t.kind is Kind.MEDICINE for t in TYPE_OF)
IS_LEADER: tuple[bool, ...] = tuple(t.key == "group_leaders" for t in TYPE_OF)
IS_SABOTEUR: tuple[bool, ...] = tuple(t.special == "disarm" for t in TYPE_OF)
IS_SNIPER: tuple[bool, ...] = tuple(t.special == "snipe" for t in TYPE_OF)
#: A card that modifies an ability: a tool, or Group Leaders.
MODIFIES: tuple[bool, ...] = tuple(a or b for a, b in zip(IS_TOOL, IS_LEADER))
NAME: tuple[str, ...] = tuple(t.name for t in TYPE_OF)
TYPE_INDEX: tuple[int, ...] = tuple(CARD_TYPES.index(t) for t in TYPE_OF)

assert len(BASE[0]) == len(CARDS)
