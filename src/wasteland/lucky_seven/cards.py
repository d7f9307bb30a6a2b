"""The cards of The Lucky Seven: 8 squad members, 28 threats, 10 map cards, the Depot.

Card definitions are data; the rules read them through the small tables at the
bottom of this module. Every card says where its facts come from:

* ``public [RB]`` and friends: the source tags of the research notes (the
  publisher's rules [CG-R], the card renders of the rbits0 implementation [RB],
  the daniel-tran implementation [DT], the seed rulebook [seed]);
* ``design``: nothing public was found, the engine chose (the reason is given).

A table holds one set of cards. In the cooperative variant each player has a
whole set, so the ids of the second set are offset: squad member ``8 + k``,
threat ``29 + k`` and map card ``10 + k`` are copies of card ``k`` of the first.
"""

from __future__ import annotations

import enum

from attrs import frozen

from wasteland.core.codec import register

__all__ = [
    "SquadCard", "ThreatKind", "ThreatCard", "MapCard",
    "SQUAD", "THREATS", "DEPOT", "MAP_CARDS",
    "LEADER", "ATHLETE", "MOUSE", "NATURAL", "HAMMER", "ANVIL", "JOKER", "PACIFIST",
    "INFANTRY", "MACHINE_GUN", "FLARE", "MORTAR", "TANK", "DEPOT_KIND",
    "SQUAD_SIZE", "THREAT_IDS", "MAP_IDS", "DEPOT_ID",
    "member_card", "threat_card", "map_card", "kind_of", "strength_of", "column_of_card",
]


@register
@frozen
class SquadCard:
    """A double-sided squad member: its up side and its down side."""

    id: int
    name: str
    up_strength: int
    down_strength: int
    up_ability: str
    down_ability: str
    source: str


@register
class ThreatKind(enum.Enum):
    INFANTRY = "infantry"
    MACHINE_GUN = "machine gun"
    FLARE = "flare"
    MORTAR = "mortar"
    TANK = "tank"
    DEPOT = "depot"


@register
@frozen
class ThreatCard:
    """A threat: ``strength`` is None for the threats that cannot be attacked;
    ``column`` is the map column printed at the bottom (1-6), 0 for the tank column."""

    id: int
    kind: ThreatKind
    name: str
    strength: int | None
    column: int
    phase: str
    effect: str
    source: str


@register
@frozen
class MapCard:
    """A map card: ``axis`` is "row" or "column"; ``numbers`` are the squad numbers it shows."""

    id: int
    axis: str
    numbers: tuple[int, ...]
    source: str


_RENDERS = "public [RB] card renders, [DT] squadmember.js agrees"

SQUAD: tuple[SquadCard, ...] = (
    SquadCard(0, "Leader", 1, 0, "Lets diagonally adjacent squad members get up.",
              "Can get up without an adjacent squad member.", _RENDERS),
    SquadCard(1, "Athlete", 1, 0, "Can move twice when moving.", "", _RENDERS),
    SquadCard(2, "Mouse", 1, 1, "Can flip down after moving.", "Can move and attack while down.", _RENDERS),
    SquadCard(3, "Natural", 1, 0, "Can attack diagonally.", "", _RENDERS),
    SquadCard(4, "Hammer", 1, 0, "Strength 2 while the Pacifist is adjacent and up.", "", _RENDERS),
    SquadCard(5, "Anvil", 1, 0, "Strength 2 while the Pacifist is adjacent and up.", "", _RENDERS),
    SquadCard(6, "Joker", 0, 0, "Cannot attack. Adjacent threats have strength -1.", "", _RENDERS),
    SquadCard(7, "Pacifist", 0, 0, "Cannot attack.", "", _RENDERS),
)

LEADER, ATHLETE, MOUSE, NATURAL, HAMMER, ANVIL, JOKER, PACIFIST = range(8)
SQUAD_SIZE = 8

_TEXT = "public [RB] card renders, [DT] threat.js agrees"
_SPREAD = "columns and copies: public [RB] cards.json (MED, the only source; adds up to 28)"
_INFANTRY = "Discard all adjacent squad members (up or down)."
_MG = "Discard all adjacent squad members that are up."
_FLARE = ("The squad member in this cell may not move. Other squad members may not move "
          "into this cell. Discard this card at the end of the phase.")
_MORTAR = ("Flip down and rotate the squad member in this cell. Then flip down all adjacent "
           "squad members. Then discard this card.")
_TANK = "Discard all squad members in this row that are up. Then discard this card."


def _threats() -> tuple[ThreatCard, ...]:
    spec: list[tuple[ThreatKind, str, int | None, tuple[int, ...], str, str]] = [
        (ThreatKind.INFANTRY, "Infantry", 1, (1, 1, 2, 3, 4, 5, 6, 6), "counter-attack", _INFANTRY),
        (ThreatKind.INFANTRY, "Infantry", 2, (1, 3, 4, 6), "counter-attack", _INFANTRY),
        (ThreatKind.MACHINE_GUN, "Machine Gun", 3, (2, 3, 4, 5), "counter-attack", _MG),
        (ThreatKind.FLARE, "Flare", None, (2, 3, 4, 5), "maneuver", _FLARE),
        (ThreatKind.MORTAR, "Mortar", None, (1, 2, 3, 4, 5, 6), "encounter", _MORTAR),
        (ThreatKind.TANK, "Tank", None, (0, 0), "counter-attack", _TANK),
    ]
    cards: list[ThreatCard] = []
    for kind, name, strength, columns, phase, effect in spec:
        for column in columns:
            cards.append(ThreatCard(len(cards), kind, name, strength, column, phase, effect,
                                    f"text: {_TEXT}; {_SPREAD}"))
    return tuple(cards)


THREATS: tuple[ThreatCard, ...] = _threats()
THREAT_IDS = len(THREATS)  # 28

DEPOT_ID = THREAT_IDS  # 28: the Depot follows the 28 threats
DEPOT = ThreatCard(
    DEPOT_ID, ThreatKind.DEPOT, "Depot", 4, 0, "attack",
    "When you attack and defeat this threat, flip it over instead of discarding it. "
    "Flipped: when a threat would cause you to discard a squad member, prevent that discard. "
    "Discard this card at the end of the turn.",
    "public [DT] commit b37e47a (LOW: text and strength 4 as read by [DT]); "
    "design: placed at setup in the row of the 7/8 card and the column of the blank card, "
    "never on the edge ([DT] quoting the designer)",
)

_MAP = "public [RB] Game.ts and [DT] setupNewGame agree (MED)"
MAP_CARDS: tuple[MapCard, ...] = (
    MapCard(0, "row", (1, 2), _MAP),
    MapCard(1, "row", (3, 4), _MAP),
    MapCard(2, "row", (5, 6), _MAP),
    MapCard(3, "row", (7, 8), _MAP),
    MapCard(4, "column", (1, 6), _MAP),
    MapCard(5, "column", (2,), _MAP),
    MapCard(6, "column", (3, 7), _MAP),
    MapCard(7, "column", (4,), _MAP),
    MapCard(8, "column", (5, 8), _MAP),
    MapCard(9, "column", (), _MAP),
)
MAP_IDS = len(MAP_CARDS)  # 10

# Fast tables for the rules, indexed by the threat id of either set (0..57).
_ALL = THREATS + (DEPOT,)
_CODE = {
    ThreatKind.INFANTRY: 0, ThreatKind.MACHINE_GUN: 1, ThreatKind.FLARE: 2,
    ThreatKind.MORTAR: 3, ThreatKind.TANK: 4, ThreatKind.DEPOT: 5,
}
INFANTRY, MACHINE_GUN, FLARE, MORTAR, TANK, DEPOT_KIND = range(6)
KIND: tuple[int, ...] = tuple(_CODE[_ALL[t % 29].kind] for t in range(58))
STRENGTH: tuple[int, ...] = tuple(_ALL[t % 29].strength or 0 for t in range(58))
COLUMN: tuple[int, ...] = tuple(_ALL[t % 29].column for t in range(58))
ATTACKABLE: tuple[bool, ...] = tuple(_ALL[t % 29].strength is not None for t in range(58))


def member_card(member: int) -> SquadCard:
    """The card of a squad member id (of either set)."""
    return SQUAD[member % SQUAD_SIZE]


def threat_card(threat: int) -> ThreatCard:
    """The card of a threat id (of either set)."""
    return _ALL[threat % 29]


def map_card(card: int) -> MapCard:
    return MAP_CARDS[card % MAP_IDS]


def kind_of(threat: int) -> int:
    return KIND[threat]


def strength_of(threat: int) -> int:
    return STRENGTH[threat]


def column_of_card(threat: int) -> int:
    return COLUMN[threat]
