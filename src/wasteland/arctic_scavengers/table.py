"""Flat per-id lookup tables of a card set, for fast rules code.

A :class:`Table` is built once per card set and kept: :data:`PUBLIC` for the
public set, one per :class:`card_sets.CardSet` on demand. The rules reach the
game's own tables with :func:`table_of` (``state.options.cards``).

``base[ability][id]`` is the card's standard value for that ability, or ``NONE``
(-1) when the card cannot perform it; ``bonus[ability][id]`` its modifier value.
Ids no card of the set carries read as a card with no use at all.
"""

from __future__ import annotations

from wasteland.arctic_scavengers.card_sets import CardSet
from wasteland.arctic_scavengers.cards import (
    CARD_TYPES, CUSTOM_FIRST_ID, ID_BLOCK, MERCENARY_PILES, Card, CardType, Kind, Source,
)
from wasteland.arctic_scavengers.state import State
from wasteland.core.records import DerivedCache

__all__ = ["NONE", "Table", "PUBLIC", "table_of", "table_for"]

NONE = -1


class Table:
    """Every per-id value of one card set, as tuples indexed by card id.

    ``ids`` lists every card id of the set, ascending; ``ids_of(key)`` those of one
    type; ``cards`` the physical :class:`Card` records; ``pile_costs[i]`` is
    (medicine, food, any mix) of mercenary pile ``i``.
    """

    __slots__ = (
        "types", "ids", "cards", "base", "bonus", "medicine", "people", "is_person", "is_tool",
        "is_medicine", "is_leader", "is_saboteur", "is_sniper", "is_contested", "modifies", "name",
        "type_index", "pile_costs", "_ids_of",
    )

    def __init__(self, types: tuple[CardType, ...], custom: bool) -> None:
        blocks: list[tuple[int, ...]] = []
        first = 0
        for t, ctype in enumerate(types):
            if custom:
                first = CUSTOM_FIRST_ID + ID_BLOCK * t
            blocks.append(tuple(range(first, first + ctype.count)))
            first += ctype.count
        size = max((b[-1] + 1 for b in blocks if b), default=0)
        of: list[CardType | None] = [None] * size
        index = [-1] * size
        for t, (ctype, block) in enumerate(zip(types, blocks)):
            for c in block:
                of[c], index[c] = ctype, t
        self.types = types
        self.ids: tuple[int, ...] = tuple(c for b in blocks for c in b)
        self.cards: tuple[Card, ...] = tuple(Card(c, ctype.key) for ctype, b in zip(types, blocks) for c in b)
        self._ids_of: dict[str, tuple[int, ...]] = {ctype.key: b for ctype, b in zip(types, blocks)}

        self.base: tuple[tuple[int, ...], ...] = tuple(
            tuple(NONE if t is None or t.base[a] is None else int(t.base[a] or 0) for t in of) for a in range(4)
        )
        self.bonus: tuple[tuple[int, ...], ...] = tuple(
            tuple(0 if t is None else t.bonus[a] for t in of) for a in range(4)
        )
        self.medicine: tuple[int, ...] = tuple(0 if t is None else t.medicine for t in of)
        self.people: tuple[int, ...] = tuple(0 if t is None else t.people for t in of)
        self.is_person: tuple[bool, ...] = tuple(t is not None and t.kind is Kind.PERSON for t in of)
        self.is_tool: tuple[bool, ...] = tuple(t is not None and t.kind is Kind.TOOL for t in of)
        self.is_medicine: tuple[bool, ...] = tuple(t is not None and t.kind is Kind.MEDICINE for t in of)
        self.is_leader: tuple[bool, ...] = tuple(t is not None and t.key == "group_leaders" for t in of)
        self.is_saboteur: tuple[bool, ...] = tuple(t is not None and t.special == "disarm" for t in of)
        self.is_sniper: tuple[bool, ...] = tuple(t is not None and t.special == "snipe" for t in of)
        self.is_contested: tuple[bool, ...] = tuple(t is not None and t.source is Source.CONTESTED for t in of)
        #: A card that modifies an ability: a tool, or Group Leaders.
        self.modifies: tuple[bool, ...] = tuple(a or b for a, b in zip(self.is_tool, self.is_leader))
        self.name: tuple[str, ...] = tuple("?" if t is None else t.name for t in of)
        self.type_index: tuple[int, ...] = tuple(index)
        by_key = {t.key: t for t in types}
        self.pile_costs: tuple[tuple[int, int, bool], ...] = tuple(
            (*(by_key[k].cost or (0, 0)), by_key[k].any_mix) for k in MERCENARY_PILES
        )

    def ids_of(self, key: str) -> tuple[int, ...]:
        """The ids of every card of type ``key``, ascending."""
        return self._ids_of[key]

    def card_type(self, key: str) -> CardType:
        """The set's record of card type ``key``."""
        return self.types[_INDEX[key]]


_INDEX = {t.key: i for i, t in enumerate(CARD_TYPES)}

#: The tables of the public set (card ids 0..148).
PUBLIC = Table(CARD_TYPES, custom=False)

_TABLES: DerivedCache[CardSet, Table] = DerivedCache(lambda cards: Table(cards.types(), custom=True))


def table_for(cards: CardSet | None) -> Table:
    """The tables of ``cards`` (None: the public set), built on first use and kept."""
    return PUBLIC if cards is None else _TABLES(cards)


def table_of(state: State) -> Table:
    """The tables of the card set ``state`` is played with."""
    cards = state.options.cards
    return PUBLIC if cards is None else table_for(cards)


assert PUBLIC.ids == tuple(range(149))
