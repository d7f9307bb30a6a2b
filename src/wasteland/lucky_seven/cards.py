"""The cards of The Lucky Seven: 8 squad members, 28 threats, 10 map cards, the Depot.

Card definitions are data; the rules read them through a ``CardTable`` (flat
tables by card id, at the bottom of this module): ``PUBLIC_TABLE`` for this set,
or the table of a set given with the ``cards`` option (see ``card_set``).
Every card says where its facts come from:

* ``public [RB]`` and friends: the source tags of the research notes (the
  publisher's rules [CG-R], the card renders of the rbits0 implementation [RB],
  the daniel-tran implementation [DT], the seed rulebook [seed]);
* ``design``: nothing public was found, the engine chose (the reason is given).

A table holds one set of cards. In the cooperative variant each player has a
whole set, so the ids of the second set are offset: squad member ``8 + k``,
threat ``29 + k`` and map card ``10 + k`` are copies of card ``k`` of the first
(with a set of ``n`` threats of one's own, threat ``n + 1 + k``: ``CardTable.stride``).
"""

from __future__ import annotations

import enum
from typing import Sequence

from attrs import frozen

from wasteland.core.board import Layout, grid, join
from wasteland.core.codec import register

__all__ = [
    "SquadCard", "ThreatKind", "ThreatCard", "MapCard",
    "SQUAD", "THREATS", "DEPOT", "MAP_CARDS",
    "LEADER", "ATHLETE", "MOUSE", "NATURAL", "HAMMER", "ANVIL", "JOKER", "PACIFIST",
    "INFANTRY", "MACHINE_GUN", "FLARE", "MORTAR", "TANK", "DEPOT_KIND",
    "SQUAD_SIZE", "THREAT_IDS", "MAP_IDS", "DEPOT_ID",
    "CardTable", "make_table", "PUBLIC_TABLE", "member_card", "map_card", "ABBREVIATIONS", "KIND_LABELS",
    "ROWS", "COLUMNS", "GRID", "Geometry", "GEOMETRY", "cell_of", "side_of", "row_of", "column_of", "PLACEMENT_ORDER",
]


@register("lucky_seven.SquadCard")
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


@register("lucky_seven.ThreatKind")
class ThreatKind(enum.Enum):
    INFANTRY = "infantry"
    MACHINE_GUN = "machine gun"
    FLARE = "flare"
    MORTAR = "mortar"
    TANK = "tank"
    DEPOT = "depot"


@register("lucky_seven.ThreatCard")
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


@register("lucky_seven.MapCard")
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
#: The members' three-letter names, in squad order: the notation and the drawings use them.
ABBREVIATIONS = ("LDR", "ATH", "MOU", "NAT", "HAM", "ANV", "JOK", "PAC")

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

# -- the tables the rules read ----------------------------------------------------------------

INFANTRY, MACHINE_GUN, FLARE, MORTAR, TANK, DEPOT_KIND = range(6)
#: The threat kinds' short names, by kind code: the drawings and the events use them.
KIND_LABELS = ("INF", "MG", "FLARE", "MORTAR", "TANK", "DEPOT")
_CODE = {
    ThreatKind.INFANTRY: INFANTRY, ThreatKind.MACHINE_GUN: MACHINE_GUN, ThreatKind.FLARE: FLARE,
    ThreatKind.MORTAR: MORTAR, ThreatKind.TANK: TANK, ThreatKind.DEPOT: DEPOT_KIND,
}


@frozen
class CardTable:
    """One card set as flat tables indexed by card id, for the rules' hot paths.

    A set has ``threat_ids`` threats (ids ``0..threat_ids-1``) and the Depot (id
    ``threat_ids``); the second set of the cooperative game follows at an offset of
    ``stride = threat_ids + 1``. ``kind``, ``strength``, ``column`` and ``attackable`` cover
    the threat ids of both sets; ``up`` and ``down`` the strengths of the squad member ids of
    both sets. Built once per card set (``card_set.card_table``), never stored in a state.
    """

    threat_ids: int
    stride: int
    kind: tuple[int, ...]
    strength: tuple[int, ...]
    column: tuple[int, ...]
    attackable: tuple[bool, ...]
    up: tuple[int, ...]
    down: tuple[int, ...]


def make_table(
    threats: Sequence[tuple[ThreatKind, int | None, int]], depot: int, members: Sequence[tuple[int, int]]
) -> CardTable:
    """The tables of a set: its threats as (kind, strength or None, column), in id order, the
    Depot's strength, and the (up, down) strengths of the eight members in squad order."""
    one = [*threats, (ThreatKind.DEPOT, depot, 0)]
    both = one + one
    return CardTable(
        threat_ids=len(threats),
        stride=len(one),
        kind=tuple(_CODE[kind] for kind, _, _ in both),
        strength=tuple(strength or 0 for _, strength, _ in both),
        column=tuple(column for _, _, column in both),
        attackable=tuple(strength is not None for _, strength, _ in both),
        up=tuple(up for up, _ in members) * 2,
        down=tuple(down for _, down in members) * 2,
    )


#: The tables of the public set.
PUBLIC_TABLE = make_table(
    [(card.kind, card.strength, card.column) for card in THREATS],
    DEPOT.strength or 0,
    [(card.up_strength, card.down_strength) for card in SQUAD],
)


def member_card(member: int) -> SquadCard:
    """The public card of a squad member id (of either set): name and abilities."""
    return SQUAD[member % SQUAD_SIZE]


def map_card(card: int) -> MapCard:
    return MAP_CARDS[card % MAP_IDS]


# -- the map grid the map cards lay out (see ``board`` for how a cell is numbered) ----------------

ROWS = 4
COLUMNS = 7
GRID = ROWS * COLUMNS


def cell_of(side: int, row: int, column: int) -> int:
    return side * GRID + row * COLUMNS + column


def side_of(cell: int) -> int:
    return cell // GRID


def row_of(cell: int) -> int:
    return cell % GRID // COLUMNS


def column_of(cell: int) -> int:
    return cell % COLUMNS


def _placement(target: int) -> tuple[int, ...]:
    """Infantry and Machine Guns: the nearest empty cell in the row, ties toward the centre."""
    return tuple(sorted(range(1, 7), key=lambda c: (abs(c - target), abs(2 * c - 7))))


#: For each printed column 1-6, the map columns to try in order (index 0 unused).
PLACEMENT_ORDER: tuple[tuple[int, ...], ...] = ((),) + tuple(_placement(c) for c in range(1, 7))


@frozen
class Geometry:
    """The tables of one table layout (one grid, or two facing grids), read by cell.

    ``adjacent``, ``diagonal`` and ``steps`` are the core layout's (a step is
    ``(target, a, b)`` with the two cells a diagonal step passes between, -1
    for an orthogonal one); ``map_cells[side]`` are the 24 map cells of a grid
    (row by row), ``row_cells[side * 4 + row]`` the six map cells of a row.
    """

    sides: int
    layout: Layout
    adjacent: tuple[tuple[int, ...], ...]
    diagonal: tuple[tuple[int, ...], ...]
    steps: tuple[tuple[tuple[int, int, int], ...], ...]
    map_cells: tuple[tuple[int, ...], ...]
    row_cells: tuple[tuple[int, ...], ...]


def _geometry(sides: int) -> Geometry:
    one = grid(ROWS, COLUMNS, lambda r, c: c >= 1)  # the tank column touches nothing
    if sides == 1:
        layout = one
    else:
        edge = [(c, GRID + COLUMNS - c) for c in range(1, 7)]  # top rows face each other: c meets 7 - c
        corners = [(c, GRID + COLUMNS - c + d) for c in range(1, 7) for d in (-1, 1) if 1 <= COLUMNS - c + d <= 6]
        layout = join([one, one], adjacent=edge, diagonal=corners)
    return Geometry(
        sides=sides,
        layout=layout,
        adjacent=layout.adjacent,
        diagonal=layout.diagonal,
        steps=layout.steps,
        map_cells=tuple(tuple(cell_of(s, r, c) for r in range(ROWS) for c in range(1, 7)) for s in range(sides)),
        row_cells=tuple(tuple(cell_of(s, r, c) for c in range(1, 7)) for s in range(sides) for r in range(ROWS)),
    )


#: The geometry by number of grids on the table.
GEOMETRY: dict[int, Geometry] = {1: _geometry(1), 2: _geometry(2)}
