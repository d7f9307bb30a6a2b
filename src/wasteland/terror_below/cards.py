"""The components of Terror Below as data: the board, the Worms, Vehicles, Bounties, Items,
Weapons and Characters.

What is public (the research notes, §2: the 6 × 6 grid, the component counts, the Worm deck's
4 starters + 3 Queens + 30, the card anatomy, Boots / Bicycle / Motorcycle, Hats and the
Pistol, the solo rules) is marked ``public [SOURCE]``; everything else is *design* (the card
texts are not public) and every table says so in its ``PROVENANCE`` line. A card of every kind is
a small record; the rules read them by id (``WORMS[i]``, ``VEHICLES[i]`` ...).

Cells of the board are ``row * 6 + column`` (row 0 at the top, column 0 at the left); a card's
coordinates are (red, blue) = (column, row), both 1-6, as the red and blue dice roll them.
"""

from __future__ import annotations

from attrs import frozen

from wasteland.core.board import Layout, grid
from wasteland.core.codec import register
from wasteland.core.dice import Die, numbered

__all__ = [
    "BOARD", "SIZE", "CELLS", "cell", "cell_name", "LOCATIONS", "LOCATION_NAMES", "STORE", "MOTEL", "POLICE",
    "GOVERNMENT", "HOSPITAL", "LOCATION_AT", "CANYON", "SIDES", "RED_DIE", "BLUE_DIE",
    "COLOURS", "EGGS_PER_COLOUR", "RUBBLE", "RUBBLE_CAP", "CARRY", "WIN_VP", "HAND", "LINE", "SQUAD",
    "WORM_TYPES", "QUEEN", "Worm", "WORMS", "Vehicle", "VEHICLES", "ABILITIES", "Bounty", "BOUNTIES",
    "Gear", "GEAR", "ITEMS", "WEAPONS", "ITEM_KINDS", "Character", "CHARACTERS", "CHARACTER_KINDS",
    "SCENARIOS", "SOLO_LOSS", "ARROWS", "PROVENANCE", "HIDDEN", "NONE",
]

#: A card or value the viewer may not see (in a view only).
HIDDEN = -2
#: No card, no cell, no player.
NONE = -1

# -- the board (public: the 6 × 6 grid [HIEW][MEAD]; the Location cells are design, §2.9.1) ------

SIZE = 6
CELLS = SIZE * SIZE
BOARD: Layout = grid(SIZE, SIZE)


def cell(column: int, row: int) -> int:
    """The cell at the 1-based coordinates (column, row) a card prints and the dice roll."""
    return (row - 1) * SIZE + (column - 1)


def cell_name(c: int) -> str:
    """``c3``: column letter a-f, row 1-6 (row 1 at the top)."""
    return f"{'abcdef'[c % SIZE]}{c // SIZE + 1}"


STORE, MOTEL, POLICE, GOVERNMENT, HOSPITAL = range(5)
LOCATION_NAMES: tuple[str, ...] = ("store", "motel", "police", "government", "hospital")
#: The starting cell of each Location (bull skulls): *design*, on the edges as [HIEW] says.
LOCATIONS: tuple[int, ...] = (cell(1, 3), cell(2, 6), cell(6, 4), cell(3, 1), cell(5, 6))
LOCATION_AT: tuple[int, ...] = tuple(LOCATIONS.index(c) if c in LOCATIONS else NONE for c in range(CELLS))

#: The Canyon side: crossings between two cells that no pawn may make (*design*, §2.9.1: the
#: canyon runs across the middle with three bridges).
CANYON: frozenset[tuple[int, int]] = frozenset(
    pair for column in (1, 2, 4, 5, 6)
    for pair in ((cell(column, 3), cell(column, 4)), (cell(column, 4), cell(column, 3)))
) | frozenset(
    pair for row in (1, 2) for pair in ((cell(3, row), cell(4, row)), (cell(4, row), cell(3, row)))
)
SIDES: tuple[str, ...] = ("desert", "canyon")

#: The coordinate dice (public: a red and a blue die [seed]; red = column, blue = row is design,
#: §2.9.2).
RED_DIE: Die[int] = numbered(6, "red")
BLUE_DIE: Die[int] = numbered(6, "blue")

# -- pieces and limits -------------------------------------------------------------------------

COLOURS: tuple[str, ...] = ("red", "blue", "green", "yellow")  # 4 colours [seed]; names design
EGGS_PER_COLOUR = 7  # 28 eggs [seed] in 4 colours: 7 each (design)
RUBBLE = 50  # [seed]
RUBBLE_CAP = 2  # at most 2 a cell [seed]
CARRY = 3  # 3 rubble carried go back to the supply for an Item or Weapon [seed]
WIN_VP = 20  # [seed]
HAND = 3  # Vehicle hand limit [seed]
LINE = 4  # face-up bounties [seed]
SQUAD = 3  # characters dealt [seed]
#: Solo: the game is lost when this many Worms (not starters) are in the discard [UBG-S].
SOLO_LOSS = 15

ARROWS = {"U": -SIZE, "D": SIZE, "L": -1, "R": 1}

# -- Worms (37 = 4 starters + 3 Queens + 30 [UBG-R][UBG-S]; per-card values design §2.9.3) -------

WORM_TYPES: tuple[str, ...] = ("digger", "spitter", "grabber", "shrieker", "queen")  # 5 types [seed]; names design
QUEEN = 4

#: The shaded cells of each type's attack pattern, as (row, column) offsets from the Target (design).
_PATTERNS: tuple[tuple[tuple[int, int], ...], ...] = (
    ((-1, 0), (1, 0), (0, -1), (0, 1)),  # digger: a plus
    ((-1, -1), (-1, 1), (1, -1), (1, 1)),  # spitter: the corners
    ((0, -2), (0, -1), (0, 1), (0, 2)),  # grabber: a row
    ((-2, 0), (-1, 0), (1, 0), (2, 0)),  # shrieker: a column
    ((0, 0), (-1, -1), (-1, 1), (1, -1), (1, 1)),  # the Queen: rubble in the centre and on the corners
)
#: The Queen's eggs: one of each colour on the cells next to the centre [seed].
_QUEEN_EGGS: tuple[tuple[int, int, int], ...] = ((-1, 0, 0), (0, 1, 1), (1, 0, 2), (0, -1, 3))


@register("terror_below.Worm")
@frozen
class Worm:
    """A W.O.R.M. card. ``start`` is (column, row); ``health`` and ``limit`` are 0 on a starter;
    ``pattern`` the rubble offsets (row, column); ``eggs`` the egg offsets with their colour
    (row, column, colour: the egg of the card's colour on the Target for all but the Queen)."""

    name: str
    kind: int
    colour: int
    start: tuple[int, int]
    health: int
    limit: int
    pattern: tuple[tuple[int, int], ...]
    eggs: tuple[tuple[int, int, int], ...]
    starter: bool
    solo: bool


def _worms() -> tuple[Worm, ...]:
    out = []
    for c in range(4):  # the 4 starters, one per colour (design), black border, no health or limit
        kind = c
        out.append(Worm(f"starter {WORM_TYPES[kind]}", kind, c, (2 + c, 2 + (c * 3) % 4), 0, 0, _PATTERNS[kind],
                        ((0, 0, c),), True, True))
    for q in range(3):  # the 3 Queens: health 8, limit 4 (design), not for solo [UBG-S]
        out.append(Worm("the Queen", QUEEN, NONE, ((2, 3), (5, 4), (3, 5))[q], 8, 4, _PATTERNS[QUEEN], _QUEEN_EGGS,
                        False, False))
    for i in range(30):  # 30 regular: 4 types, colours in turn, health 3-6, limit 2-4 (design)
        kind = i % 4
        colour = (i // 4 + i) % 4
        health = 3 + (i * 7) % 4
        limit = 2 + (health - 3 + i) % 3
        start = (1 + (i * 5) % 6, 1 + (i * 11 + 2) % 6)
        out.append(Worm(f"{WORM_TYPES[kind]} {i // 4 + 1}", kind, colour, start, health, limit, _PATTERNS[kind],
                        ((0, 0, colour),), False, True))
    return tuple(out)


WORMS: tuple[Worm, ...] = _worms()

# -- Vehicles (54, AP 2-7 [MEAD]; Boots, Bicycle, Motorcycle [UBG-C]; the rest design) -----------

#: Vehicle abilities. ``boots`` (before the actions: another card's AP too), ``bicycle`` (another
#: card face down under a Worm), ``motorcycle`` (every Target 1 closer) are public [UBG-C]; ``item``,
#: ``weapon``, ``vp`` (good, low numbers) and ``lure`` (the distracted Target 1 closer), ``toll``
#: (lose 1 VP), ``spill`` (drop an egg where you stand) (bad, high numbers) are design.
ABILITIES: tuple[str, ...] = ("none", "boots", "bicycle", "motorcycle", "item", "weapon", "vp", "lure", "toll",
                              "spill")


@register("terror_below.Vehicle")
@frozen
class Vehicle:
    """A Vehicle card: its action points, its distraction arrows (U D L R, resolved left to right),
    its ability, and when the ability is resolved (``before`` the actions, or ``after`` them)."""

    name: str
    ap: int
    arrows: str
    ability: str
    timing: str


_VEHICLE_KINDS: tuple[tuple[str, int, int, str, tuple[str, ...]], ...] = (
    # name, AP, copies, ability, arrow strings in turn
    ("Boots", 2, 5, "boots", ("",)),
    ("Skateboard", 2, 4, "vp", ("", "L", "R", "U")),
    ("Bicycle", 3, 5, "bicycle", ("R", "L", "D")),
    ("Scooter", 3, 4, "item", ("U", "D")),
    ("Motorcycle", 4, 5, "motorcycle", ("RU", "LD", "DR")),
    ("Dirt bike", 4, 4, "weapon", ("UL", "DR")),
    ("Pickup truck", 5, 5, "none", ("RRU", "LLD", "UUR", "DDL")),
    ("Jeep", 5, 4, "lure", ("URD", "DLU")),
    ("Van", 6, 5, "lure", ("RRDD", "LLUU", "URDL")),
    ("Tractor", 6, 4, "toll", ("DDR", "UUL")),
    ("18-wheeler", 7, 5, "toll", ("RRRU", "LLLD", "UURR", "DDLL", "RDRD")),
    ("Monster truck", 7, 4, "spill", ("UUUL", "DDDR")),
)


def _vehicles() -> tuple[Vehicle, ...]:
    out = []
    for name, ap, copies, ability, arrows in _VEHICLE_KINDS:
        for k in range(copies):
            out.append(Vehicle(name, ap, arrows[k % len(arrows)], ability, "before" if ability == "boots" else "after"))
    return tuple(out)


VEHICLES: tuple[Vehicle, ...] = _vehicles()

# -- Bounties (42 [seed]; delivery: colour and Location, hunting: Worm type or any [HIEW]) -------


@register("terror_below.Bounty")
@frozen
class Bounty:
    """A Bounty: ``hunt`` False for a delivery (an egg of ``colour`` at Location ``location``, or
    anywhere when NONE), True for a hunt (a Worm of type ``kind``, or any when NONE)."""

    hunt: bool
    colour: int
    location: int
    kind: int
    points: int


def _bounties() -> tuple[Bounty, ...]:
    out = [Bounty(False, c, loc, NONE, 3 + (c + loc) % 2) for c in range(4) for loc in range(5)]  # 20
    out += [Bounty(False, c, NONE, NONE, 2) for c in (0, 1, 2, 3, 0, 1, 2, 3, 0, 2)]  # 10 any Location
    out += [Bounty(True, NONE, NONE, k, 6 if k == QUEEN else 4) for k in range(5) for _ in range(2)]  # 10
    out += [Bounty(True, NONE, NONE, NONE, 3), Bounty(True, NONE, NONE, NONE, 3)]  # 2 any Worm
    return tuple(out)


BOUNTIES: tuple[Bounty, ...] = _bounties()

# -- Items (24) and Weapons (23): Hats and the Pistol public [UBG-C], the rest design -------------

#: Item kinds: ``hat_speed`` (a Hat: +1 AP each turn), ``hat_armor`` (a Hat: lost instead of your
#: leader when caught), ``nitro`` (+2 AP this turn and 1 VP), ``crowbar`` (every rubble next to you to
#: the supply, 1 VP), ``shield`` (in an attack: your leader survives), ``map`` (a hidden bounty from
#: the deck), ``medkit`` (revive a dead character, or 1 VP).
ITEM_KINDS: tuple[str, ...] = ("hat_speed", "hat_armor", "nitro", "crowbar", "shield", "map", "medkit")


@frozen
class Gear:
    """An Item (``weapon`` False) or a Weapon card: its kind, damage (weapons) and whether a Weapon
    stays face up beside the leader after its first use (``kept``), usable once each attack."""

    name: str
    weapon: bool
    kind: str
    damage: int
    kept: bool
    solo: bool


_ITEM_LIST: tuple[tuple[str, str, int], ...] = (
    ("Cowboy hat", "hat_speed", 3), ("Hard hat", "hat_armor", 3), ("Nitro", "nitro", 4), ("Crowbar", "crowbar", 3),
    ("Sheet metal", "shield", 4), ("Old map", "map", 3), ("Medkit", "medkit", 4),
)
_WEAPON_LIST: tuple[tuple[str, int, bool, int], ...] = (
    ("Pistol", 1, True, 3), ("Sharpened stick", 1, True, 3), ("Shotgun", 2, False, 4), ("Rifle", 3, False, 4),
    ("Dynamite", 4, False, 3), ("Elephant gun", 5, False, 3), ("Flamethrower", 2, True, 3),
)
ITEMS: tuple[Gear, ...] = tuple(Gear(n, False, k, 0, False, k != "map" or i != 2)
                                for n, k, copies in _ITEM_LIST for i in range(copies))
WEAPONS: tuple[Gear, ...] = tuple(Gear(n, True, "pistol" if n == "Pistol" else "weapon", d, kept, True)
                                  for n, d, kept, copies in _WEAPON_LIST for _ in range(copies))
#: Item ids 0-23, then Weapon ids 24-46: one numbering for the gear a player holds.
GEAR: tuple[Gear, ...] = ITEMS + WEAPONS

# -- Characters (16; Megan and Shep named in public text [UBG-I], every ability design) -----------

#: Leader abilities (design): ``hand4`` hand limit 4, ``runner`` +1 AP each turn, ``bruiser`` +1
#: damage when hunting, ``courier`` 2 VP for a delivery without a bounty, ``scrapper`` an Item or
#: Weapon for 2 rubble, ``dodger`` caught only on the Target itself, ``medic`` +1 VP at the
#: Hospital, ``hunter`` +1 VP for a killing blow.
CHARACTER_KINDS: tuple[str, ...] = ("hand4", "runner", "bruiser", "courier", "scrapper", "dodger", "medic", "hunter")


@frozen
class Character:
    name: str
    kind: str
    solo: bool


_NAMES = ("Megan", "Shep", "Rosa", "Dale", "Hank", "June", "Otis", "Bea", "Cal", "Dot", "Earl", "Fay", "Gus",
          "Ida", "Lou", "Mo")
CHARACTERS: tuple[Character, ...] = tuple(Character(n, CHARACTER_KINDS[i % 8], i != 15) for i, n in enumerate(_NAMES))

# -- Solo scenarios (the list is not public, §2.9.8: design) ---------------------------------------

#: Scenario name → (what is counted, the goal): ``vp`` victory points, ``eggs`` eggs delivered,
#: ``kills`` Worms defeated.
SCENARIOS: dict[str, tuple[str, int]] = {"boomtown": ("vp", 45), "egg_hunt": ("eggs", 16),
                                         "exterminator": ("kills", 5)}

PROVENANCE: dict[str, str] = {
    "board": "public [HIEW][MEAD] 6 × 6; design: the Location cells and the Canyon crossings",
    "worms": "public [UBG-R][UBG-S] 4 starters + 3 Queens + 30, 5 types, 4 colours; design: every value",
    "vehicles": "public [MEAD][GNG][UBG-C] AP 2-7, Boots, Bicycle, Motorcycle, 18-wheeler; design: the rest",
    "bounties": "public [seed][HIEW] 42, delivery and hunting; design: the split and the points",
    "items": "public [UBG-C] Hats; design: every other item",
    "weapons": "public [UBG-C] the Pistol; design: every other weapon and all damage",
    "characters": "public [UBG-I] the names Megan and Shep; design: every ability",
    "scenarios": "design: the solo scenario list is not public",
}
