"""The base game's 149 cards: card types with their values and provenance, and the physical cards.

Every physical card is a :class:`Card` record with a stable ``id`` (0..148 in the
public set) and the key of its :class:`CardType`. States hold card ids (ints) in
their zones; a :class:`CardTable` (per-id tuples, one per card set) turns an id
into its values, so rules look values up by index. A user's own card set
(:mod:`card_set`) changes the values and counts of these types; its cards take
the ids described at :data:`CUSTOM_FIRST_ID`.

Values are the public ones collected in the research notes (source tags such as
``[JAVA]`` or ``[UBG-FAQ]``); where nothing public was found the entry says
``design`` and why. ``None`` for an ability means the card cannot perform it; ``0``
means it can (at zero strength), which lets a tool raise it.
"""

from __future__ import annotations

import enum

from attrs import frozen

from wasteland.core.codec import register

__all__ = [
    "Kind",
    "Source",
    "CardType",
    "Card",
    "CARD_TYPES",
    "CARDS",
    "TYPE_OF",
    "HIDDEN",
    "DIG",
    "DRAW",
    "HUNT",
    "FIGHT",
    "ABILITY_NAMES",
    "MERCENARY_PILES",
    "JUNKYARD_TYPES",
    "CONTESTED_TYPES",
    "STARTING_DECK",
    "HIDDEN_CARD",
    "card",
    "card_type",
    "ids_of",
    "CUSTOM_FIRST_ID",
    "ID_BLOCK",
    "type_of_id",
    "NONE",
    "CardTable",
    "PUBLIC_TABLE",
]


@register("arctic_scavengers.Kind")
class Kind(enum.Enum):
    """The card's type icon: a person, a tool, or medicine (Junk has none of them)."""

    PERSON = "person"
    TOOL = "tool"
    MEDICINE = "medicine"
    JUNK = "junk"


@register("arctic_scavengers.Source")
class Source(enum.Enum):
    """Where a card type's pile is: the starting decks, mercenaries, junkyard, contested."""

    REFUGEE = "refugee"
    MERCENARY = "mercenary"
    JUNKYARD = "junkyard"
    CONTESTED = "contested"


#: Ability indices, shared with the gathering actions Dig, Draw and Hunt.
DIG, DRAW, HUNT, FIGHT = 0, 1, 2, 3
ABILITY_NAMES = ("dig", "draw", "hunt", "fight")

#: A placeholder id standing for a card the viewer may not see.
HIDDEN = -1


@register("arctic_scavengers.CardType")
@frozen
class CardType:
    """One kind of card and its printed values.

    ``base`` holds the standard values (dig, draw, hunt, fight; ``None`` = cannot);
    ``bonus`` the modifier values a tool or Group Leader adds to a person who can
    already perform that ability (0 = no bonus). ``cost`` is (medicine, food);
    ``any_mix`` means the total may be paid in any mix of the two (Thugs).
    ``peek`` marks the contested resources removed in a two-player game under the
    ``peek_rule="remove_marked"`` reading of the two-player rule (none are marked).
    """

    key: str
    name: str
    kind: Kind
    source: Source
    count: int
    people: int
    base: tuple[int | None, int | None, int | None, int | None]
    bonus: tuple[int, int, int, int]
    medicine: int
    cost: tuple[int, int] | None
    any_mix: bool
    special: str
    peek: bool
    provenance: str


@register("arctic_scavengers.Card")
@frozen
class Card:
    """One physical card: a stable id and the key of its type."""

    id: int
    type: str


_N = None


def _person(key: str, name: str, source: Source, count: int, people: int,
            base: tuple[int | None, int | None, int | None, int | None],
            cost: tuple[int, int] | None, provenance: str, *, any_mix: bool = False,
            special: str = "", bonus: tuple[int, int, int, int] = (0, 0, 0, 0)) -> CardType:
    return CardType(key, name, Kind.PERSON, source, count, people, base, bonus, 0, cost,
                    any_mix, special, False, provenance)


def _tool(key: str, name: str, source: Source, count: int, bonus: tuple[int, int, int, int],
          provenance: str) -> CardType:
    return CardType(key, name, Kind.TOOL, source, count, 0, (_N, _N, _N, _N), bonus, 0, None,
                    False, "", False, provenance)


#: Every card type of the base game, in id order.
CARD_TYPES: tuple[CardType, ...] = (
    _person("refugee", "Refugee", Source.REFUGEE, 20, 1, (0, _N, 0, _N), None,
            "public [JAVA][LLMG][HIL][SAM]; the seed: digs or hunts only with a tool (HIGH)"),
    # Mercenaries, in the order of their 8 face-up piles.
    _person("scavenger", "Scavenger", Source.MERCENARY, 20, 1, (1, 1, 1, 1), (0, 1),
            "public: all four repos and the seed's example (HIGH)"),
    _person("brawler", "Brawler", Source.MERCENARY, 10, 1, (1, _N, _N, 2), (0, 2),
            "public: all repos; the seed gives dig 1 (HIGH)"),
    _person("hunter", "Hunter", Source.MERCENARY, 8, 1, (_N, _N, 2, 1), (1, 0),
            "public [JAVA][LLMG][HIL][SAM] (HIGH)"),
    _person("saboteur", "Saboteur", Source.MERCENARY, 8, 1, (1, _N, _N, 1), (1, 1),
            "public [JAVA][LLMG][HIL]; target from [UBG-FAQ] (HIGH)", special="disarm"),
    _person("scout", "Scout", Source.MERCENARY, 8, 1, (_N, 2, _N, 2), (1, 2),
            "public [JAVA][LLMG][HIL]; the seed gives draw 2 (MED-HIGH: fight 2 from repos)"),
    _person("group_leaders", "Group Leaders", Source.MERCENARY, 5, 2, (_N, _N, _N, _N), (2, 2),
            "public [JAVA][LLMG][HIL]; stacking with a tool from [UBG-FAQ] (HIGH)",
            bonus=(2, 2, 2, 2)),
    _person("sniper_team", "Sniper Team", Source.MERCENARY, 5, 2, (_N, _N, _N, _N), (2, 2),
            "public [JAVA][LLMG][HIL]; [UBG-FAQ] (HIGH)", special="snipe"),
    _person("thugs", "Thugs", Source.MERCENARY, 5, 3, (1, _N, _N, 3), (0, 6),
            "public: cost [UBG-FAQ][HIL], stats [JAVA][LLMG][HIL] (HIGH; people 3 MED)",
            any_mix=True),
    # Junkyard.
    CardType("junk", "Junk", Kind.JUNK, Source.JUNKYARD, 7, 0, (_N, _N, _N, _N), (0, 0, 0, 0), 0,
             None, False, "", False, "public: all repos; [UBG-FAQ] (HIGH)"),
    _tool("multitool", "Multitool", Source.JUNKYARD, 4, (1, 0, 1, 1), "public: all repos (HIGH)"),
    _tool("net", "Net", Source.JUNKYARD, 4, (0, 0, 2, 1), "public: all repos (HIGH)"),
    _tool("spear", "Spear", Source.JUNKYARD, 6, (0, 0, 1, 2),
          "public: all repos; the seed gives hunt +1 (HIGH)"),
    _tool("pickaxe", "Pickaxe", Source.JUNKYARD, 4, (1, 0, 0, 2), "public: all repos (HIGH)"),
    _tool("shovel", "Shovel", Source.JUNKYARD, 6, (2, 0, 0, 1),
          "public: the seed ('fight +1 / dig +2'), [JAVA][LLMG][HIL] (HIGH)"),
    CardType("medkit", "Medkit", Kind.MEDICINE, Source.JUNKYARD, 6, 0, (_N, _N, _N, _N),
             (0, 0, 0, 0), 2, None, False, "", False, "public: all repos (HIGH)"),
    CardType("pills", "Pills", Kind.MEDICINE, Source.JUNKYARD, 9, 0, (_N, _N, _N, _N),
             (0, 0, 0, 0), 1, None, False, "", False, "public: all repos (HIGH)"),
    # Contested resources.
    _tool("wolf_pack", "Wolf Pack", Source.CONTESTED, 2, (0, 0, 3, 2),
          "public [JAVA][LLMG][SAM] (HIGH)"),
    _tool("grenade", "Grenade", Source.CONTESTED, 2, (0, 0, 0, 3),
          "public [JAVA][LLMG][SAM]; [UBG-FAQ] (HIGH)"),
    _person("sled_team", "Sled Team", Source.CONTESTED, 2, 2, (_N, 2, _N, 1), None,
            "public [JAVA][LLMG]; the seed gives draw 2 (MED-HIGH)"),
    _person("field_crew", "Field Crew", Source.CONTESTED, 2, 4, (2, _N, 2, 2), None,
            "public [JAVA][LLMG] (MED)"),
    _person("tribe_family_3", "Tribe Family", Source.CONTESTED, 2, 3, (_N, _N, 0, 0), None,
            "public: values [JAVA][LLMG][UBG-FAQ]; design: sizes 2x3/2x4/2x5 after [JAVA], "
            "the only breakdown found (LOW-MED)"),
    _person("tribe_family_4", "Tribe Family", Source.CONTESTED, 2, 4, (_N, _N, 0, 0), None,
            "public: values [JAVA][LLMG][UBG-FAQ]; design: sizes after [JAVA] (LOW-MED)"),
    _person("tribe_family_5", "Tribe Family", Source.CONTESTED, 2, 5, (_N, _N, 0, 0), None,
            "public: values [JAVA][LLMG][UBG-FAQ]; design: sizes after [JAVA] (LOW-MED)"),
)

#: The starting deck of each tribe, out of the supply counts: (type key, copies).
STARTING_DECK: tuple[tuple[str, int], ...] = (
    ("refugee", 4), ("scavenger", 3), ("brawler", 1), ("spear", 1), ("shovel", 1),
)


def _build() -> tuple[tuple[Card, ...], tuple[int, ...]]:
    cards: list[Card] = []
    type_of: list[int] = []
    for index, ctype in enumerate(CARD_TYPES):
        for _ in range(ctype.count):
            cards.append(Card(len(cards), ctype.key))
            type_of.append(index)
    return tuple(cards), tuple(type_of)


#: The 149 physical cards; ``CARDS[i].id == i``.
CARDS, _TYPE_INDEX = _build()
#: ``TYPE_OF[id]`` is the card's :class:`CardType`.
TYPE_OF: tuple[CardType, ...] = tuple(CARD_TYPES[i] for i in _TYPE_INDEX)
_BY_KEY = {t.key: t for t in CARD_TYPES}

_IDS = {t.key: tuple(c.id for c in CARDS if c.type == t.key) for t in CARD_TYPES}

MERCENARY_PILES: tuple[str, ...] = tuple(t.key for t in CARD_TYPES if t.source is Source.MERCENARY)
JUNKYARD_TYPES: tuple[str, ...] = tuple(t.key for t in CARD_TYPES if t.source is Source.JUNKYARD)
CONTESTED_TYPES: tuple[str, ...] = tuple(t.key for t in CARD_TYPES if t.source is Source.CONTESTED)


#: The placeholder record for a card the viewer may not see (id ``HIDDEN``).
HIDDEN_CARD = Card(HIDDEN, "hidden")


def card(card_id: int) -> Card:
    """The record of ``card_id``; the placeholder record for ``HIDDEN``."""
    return HIDDEN_CARD if card_id == HIDDEN else CARDS[card_id]


def card_type(key: str) -> CardType:
    """The card type called ``key``."""
    return _BY_KEY[key]


def ids_of(key: str) -> tuple[int, ...]:
    """The ids of every physical card of type ``key`` in the public set, ascending."""
    return _IDS[key]


#: In a user's card set (``card_set``) copy ``k`` of ``CARD_TYPES[t]`` has the id
#: ``CUSTOM_FIRST_ID + ID_BLOCK * t + k``: the id alone names the type, in any set,
#: and never collides with the public set's ids 0..148.
CUSTOM_FIRST_ID = 1000
ID_BLOCK = 100


def type_of_id(card_id: int) -> CardType | None:
    """The card type of ``card_id`` in the public set or in any user set; None if no set has it."""
    if 0 <= card_id < len(TYPE_OF):
        return TYPE_OF[card_id]
    index = (card_id - CUSTOM_FIRST_ID) // ID_BLOCK
    if card_id >= CUSTOM_FIRST_ID and index < len(CARD_TYPES):
        return CARD_TYPES[index]
    return None


assert len(CARDS) == 149
assert sum(t.count for t in CARD_TYPES if t.source is Source.MERCENARY) == 69
assert sum(t.count for t in CARD_TYPES if t.source is Source.JUNKYARD) == 46
assert sum(t.count for t in CARD_TYPES if t.source is Source.CONTESTED) == 14


#: In a :class:`CardTable`, the standard value of an ability the card cannot perform.
NONE = -1


class CardTable:
    """Every per-id value of one card set, as tuples indexed by card id.

    ``base[ability][id]`` is the card's standard value for that ability, or
    :data:`NONE` when the card cannot perform it; ``bonus[ability][id]`` its
    modifier value. ``ids`` lists every card id of the set, ascending;
    ``ids_of(key)`` those of one type; ``cards`` the physical :class:`Card`
    records; ``pile_costs[i]`` is (medicine, food, any mix) of mercenary pile
    ``i``. Ids no card of the set carries read as a card with no use at all.
    Built once per card set (:data:`PUBLIC_TABLE`, or ``card_set.card_table``).
    """

    __slots__ = (
        "types", "ids", "cards", "base", "bonus", "medicine", "people", "is_person", "is_tool",
        "is_medicine", "is_leader", "is_saboteur", "is_sniper", "is_contested", "is_tribal", "modifies", "name",
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
        #: A card found in the tribes rather than the junkyard: a Refugee, a mercenary, a contested resource.
        self.is_tribal: tuple[bool, ...] = tuple(
            t is not None and t.source in (Source.REFUGEE, Source.MERCENARY, Source.CONTESTED) for t in of)
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
PUBLIC_TABLE = CardTable(CARD_TYPES, custom=False)

assert PUBLIC_TABLE.ids == tuple(range(149))
