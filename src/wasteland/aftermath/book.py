"""The adventure book as data: pages (a map of spaces with typed lines, and entries) and the
closed vocabulary of effects an entry may have. No code in the data: the rules interpret each
effect record (``phases``/``rules``); this module only holds the records and reads and checks a
book file.

A book is versioned JSON (``docs/book-format.md``); ``read_book`` turns plain JSON data into a
:class:`Book` or raises ``ConfigError`` naming the page and entry of the first fault
(``book.pages[1] (page 3).entries[4] (3-2).effects[0].page: no page 9 in this book``).
"""

from __future__ import annotations

import enum
import os
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, TypeAlias, TypeVar

import attrs
from attrs import frozen

from wasteland.aftermath.vocabulary import ATTRIBUTES, CAPPED_DIAL, DIALS, LINE_NAMES, TOKENS, Attribute, Prize
from wasteland.core.codec import dumps, register
from wasteland.core.data import (
    at, file_name, need_bool, need_int, need_list, need_object, need_text, read_file, read_json,
)
from wasteland.core.game import ConfigError, IllegalAction, short

__all__ = [
    "BOOK_FORMAT", "BOOK_VERSION", "Trigger", "Effect", "Read", "GoToPage", "Travel", "Encounter",
    "RandomEncounter", "EncounterCard", "Hunt", "PlaceTokens", "RemoveTokens", "Test", "GroupTask",
    "Dial", "GainItem", "DrawItems", "Batteries", "Wound", "BookAttack", "Status", "Situation", "Learn",
    "Environment", "ClearEnvironment", "Vehicle", "ExitPage",
    "EndMission", "Option", "Choice", "Discover", "Goal", "LiftCap", "CAMPAIGN_EFFECTS", "Entry", "Space", "Line",
    "Page", "Mission", "MapSpace", "TravelMap", "PersonalGoal", "Book", "CHARACTERS", "step", "neighbours",
    "all_effects", "Names", "SHARED_NAMES", "DEFAULT_BOOK_PATH", "DEMO_CAMPAIGN_PATH", "EFFECT_NAMES", "read_book",
    "read_page", "load_book", "book_data", "MAX_BOOK_TEXT", "TOKENS_IN_BOX",
]

K = TypeVar("K")

#: The names of the card families whose cards a book brings into play (a card set of one's own
#: keeps them: ``card_set.py``).
ABILITY_NAMES = frozenset((
    "team_focus", "steady_aim", "scout_ahead", "pinpoint_shot", "keen_eyes", "tumble", "field_dressing",
    "soothing_words", "second_wind", "forage", "finder", "jury_rig", "gadget_toss", "quick_fix", "analyze",
    "throw", "bulldoze", "big_hug", "war_cry", "stubborn"))
ENVIRONMENT_NAMES = frozenset((
    "darkness", "thick_fog", "downpour", "heat_wave", "cold_snap", "foul_stench", "slick_floor", "echoing_halls",
    "still_night", "high_ground"))
VEHICLE_NAMES = frozenset((
    "toy_truck", "toy_jeep", "rc_car", "skateboard", "roller_skate", "shoebox_sled", "paper_boat", "kite",
    "wind_up_mouse", "tin_can_cart", "bottle_raft", "balloon", "milk_carton_boat"))

BOOK_FORMAT = "wasteland-aftermath-book"
BOOK_VERSION = 2
#: The versions this reader reads: 1 (a mission alone) and 2 (the campaign's parts).
BOOK_VERSIONS = (1, 2)
#: The characters whose personal goals a book may name (the four base characters).
CHARACTERS: tuple[str, ...] = ("meziah", "whisper", "ringr", "grumple")


@register("aftermath.Trigger")
class Trigger(enum.StrEnum):
    """When an entry is read (seed, "Reading entries")."""

    BEGIN = "begin"        # first, on arriving at the page ("Start")
    SPACE = "space"        # on visiting its space
    TOKEN = "token"        # on visiting its space while its token is there
    THREAT = "threat"      # check-the-threat step: safe and 4 or more threat cards on the track
    CALAMITY = "calamity"  # the calamity step, when the black die + time dial reach the page's value
    LEAVE = "leave"        # read any time: how to leave the page
    NUMBERED = "numbered"  # only when another effect says so


# -- effects: each is one closed record; the rules interpret them in order ---------------------


@register("aftermath.Read")
@frozen
class Read:
    """Read entry ``entry`` of the current page."""

    entry: str


@register("aftermath.GoToPage")
@frozen
class GoToPage:
    """Leave this page (the seed's "leaving a page" steps) and go to page ``page``."""

    page: int


@register("aftermath.Travel")
@frozen
class Travel:
    """Leave this page and travel to an adjacent location: the bookkeeper picks one of ``pages``;
    none (version 2, a book with a travel map): one of the spaces orthogonally next to the party's
    on the travel map, whose page the party goes to."""

    pages: tuple[int, ...]


@register("aftermath.Encounter")
@frozen
class Encounter:
    """Generate an encounter from the listed enemy cards (names), shuffled, their figures split as
    evenly as possible over ``spaces``; ``hostile`` sets the situation; ``loot`` goes to whoever
    defeats its last enemy."""

    enemies: tuple[str, ...]
    spaces: tuple[str, ...]
    hostile: bool
    loot: Prize | None = None


@register("aftermath.RandomEncounter")
@frozen
class RandomEncounter:
    """Generate an encounter of ``count`` random non-boss enemy cards of type ``enemy_type``."""

    enemy_type: str
    count: int
    spaces: tuple[str, ...]
    hostile: bool


@register("aftermath.EncounterCard")
@frozen
class EncounterCard:
    """Reveal and discard the top encounter card and generate the encounter it shows."""

    spaces: tuple[str, ...]


@register("aftermath.Hunt")
@frozen
class Hunt:
    """Encounter the Hunt: every enemy card in the Hunt box, shuffled, up to 5 on the track."""

    spaces: tuple[str, ...]


@register("aftermath.PlaceTokens")
@frozen
class PlaceTokens:
    """Place one ``token`` on each of ``spaces``."""

    token: str
    spaces: tuple[str, ...]


@register("aftermath.RemoveTokens")
@frozen
class RemoveTokens:
    """Remove every ``token`` from ``spaces`` (all spaces when empty)."""

    token: str
    spaces: tuple[str, ...] = ()


@register("aftermath.Test")
@frozen
class Test:
    """The reading character resolves a skill test of ``attribute`` against ``difficulty``
    (``opposed``: the black die adds to it), then ``success`` or ``failure``."""

    attribute: Attribute
    difficulty: int
    opposed: bool
    success: tuple[Effect, ...]
    failure: tuple[Effect, ...]


@register("aftermath.GroupTask")
@frozen
class GroupTask:
    """Open a group task of ``attribute`` and ``difficulty`` on the sideboard; ``success`` is read
    when the dial reaches the difficulty. No failure effect (seed, "Group tasks")."""

    attribute: Attribute
    difficulty: int
    success: tuple[Effect, ...]


@register("aftermath.Dial")
@frozen
class Dial:
    """Raise (or, negative, lower) the dial ``dial`` by ``amount``."""

    dial: str
    amount: int


@register("aftermath.GainItem")
@frozen
class GainItem:
    """The reading character gains the named item (intact, or into the broken pile)."""

    item: str
    broken: bool = False


@register("aftermath.DrawItems")
@frozen
class DrawItems:
    """Draw ``count`` items from the item deck (into the broken pile when ``broken``)."""

    count: int
    broken: bool = False


@register("aftermath.Batteries")
@frozen
class Batteries:
    """The reading character gains ``count`` battery tokens."""

    count: int


@register("aftermath.Wound")
@frozen
class Wound:
    """``amount`` wounds (``toxic`` ones when set) to the reading character, or to every character
    on the page when ``everyone``; not defended."""

    amount: int
    toxic: bool = False
    everyone: bool = False


@register("aftermath.BookAttack")
@frozen
class BookAttack:
    """An attack of ``strength`` from the book: the character (each, when ``everyone``) may defend
    with an opposed test as against an enemy (seed, "Attack / Defence", note)."""

    strength: int
    toxic: bool = False
    everyone: bool = False


@register("aftermath.Status")
@frozen
class Status:
    """The reading character (every character, when ``everyone``) becomes ``status``."""

    status: str
    everyone: bool = False


@register("aftermath.Situation")
@frozen
class Situation:
    """Turn the situation token: hostile or safe."""

    hostile: bool


@register("aftermath.EndMission")
@frozen
class EndMission:
    """The mission ends: won (``success``) or failed."""

    success: bool


@register("aftermath.Option")
@frozen
class Option:
    """One choice of a :class:`Choice`: a label shown to the player, and its effects."""

    label: str
    effects: tuple[Effect, ...]


@register("aftermath.Choice")
@frozen
class Choice:
    """The reading player (the bookkeeper, when the team decides) picks one option."""

    options: tuple[Option, ...]


@register("aftermath.Discover")
@frozen
class Discover:
    """Fetch the card ``item`` from the discovery deck: it goes to the bottom of the item deck,
    unshuffled (seed, "Cubierta de descubrimiento"); a card fetched before is ignored."""

    item: str


@register("aftermath.Goal")
@frozen
class Goal:
    """The personal goal of ``character`` is done (and stays done, seed "La campaña")."""

    character: str


@register("aftermath.LiftCap")
@frozen
class LiftCap:
    """The capped dial may now pass its cap (seed: "until told otherwise")."""

    dial: str


@register("aftermath.ExitPage")
@frozen
class ExitPage:
    """Open a way off this page on ``space``, to page ``page`` (seed, "Dejando una página": *"Cuando
    todos los personajes no derrotados hayan abandonado una página"*): a character standing there
    may leave the page alone; when every character not defeated has left, the party goes on to
    ``page``."""

    page: int
    space: str


@register("aftermath.Learn")
@frozen
class Learn:
    """The ability card ``ability`` comes out of its character's deck box: the character, when in
    the party, holds it from now on (a card held already is ignored, seed "Cubierta de
    descubrimiento")."""

    ability: str


@register("aftermath.Environment")
@frozen
class Environment:
    """The environment card ``card`` comes into play on this page (seed, "Preparar" step 8: the
    face-up environment deck); it stays until the party leaves the page or ``clear`` removes it."""

    card: str


@register("aftermath.ClearEnvironment")
@frozen
class ClearEnvironment:
    """The environment card ``card`` leaves play (``""``: every environment card in play)."""

    card: str = ""


@register("aftermath.Vehicle")
@frozen
class Vehicle:
    """The party takes the vehicle travel card ``card`` (a card held or spent already is ignored)."""

    card: str


Effect: TypeAlias = (
    Read | GoToPage | Travel | Encounter | RandomEncounter | EncounterCard | Hunt | PlaceTokens
    | RemoveTokens | Test | GroupTask | Dial | GainItem | DrawItems | Batteries | Wound | BookAttack
    | Status | Situation | EndMission | Choice | Discover | Goal | LiftCap | Learn | Environment | ClearEnvironment
    | Vehicle | ExitPage
)

#: The effects the colony phase may have (no page, no character on a map): the campaign's own.
CAMPAIGN_EFFECTS: tuple[type, ...] = (Dial, Discover, Goal, LiftCap)


# -- pages ------------------------------------------------------------------------------------


@register("aftermath.Entry")
@frozen
class Entry:
    """An entry of a page: its ``id`` (``begin``, ``threat``, ``calamity``, ``leave``, or numbered
    like ``3-2``; effects name it), when it is read, the text shown, and its effects in order.
    ``space`` (SPACE, TOKEN): the space whose visit reads it; ``token`` (TOKEN): the token that must
    be there; ``revisit``: read again on a later visit to the page during the same mission (the
    seed's revisit symbol; other entries are ignored on a revisit)."""

    id: str
    trigger: Trigger
    text: str
    effects: tuple[Effect, ...]
    space: str = ""
    token: str = ""
    revisit: bool = False


@register("aftermath.Space")
@frozen
class Space:
    """A space of a page's map: its name (``A``…), its rectangle on the page's grid (for drawing,
    and to check that two spaces joined by a line share an edge), and what setup places there:
    face-down scavenge tokens of these difficulties, and tokens."""

    name: str
    x: int
    y: int
    w: int
    h: int
    scavenge: tuple[int, ...] = ()
    tokens: tuple[str, ...] = ()


@register("aftermath.Line")
@frozen
class Line:
    """The line between spaces ``a`` and ``b``, of a kind in ``vocabulary.LINES``."""

    a: str
    b: str
    kind: str


@register("aftermath.Page")
@frozen
class Page:
    """A page: its number and title, the map (spaces and lines; where the characters start), the
    calamity value (0: the page has no calamity entry), and the entries, ``begin`` first."""

    number: int
    title: str
    spaces: tuple[Space, ...]
    lines: tuple[Line, ...]
    start: str
    calamity: int
    entries: tuple[Entry, ...]


@register("aftermath.Mission")
@frozen
class Mission:
    """The main mission of a book: its name, the page where it starts, the page and entry read
    when it fails (every character fled at once), and the time it is given (the time dial beyond
    it is the book's concern). Version 2: ``location``, the travel map's space where it can be
    completed (a success read away from it does not end the mission); ``won`` and ``lost``, the
    colony phase's effects after it is won or not."""

    name: str
    start_page: int
    failure_page: int
    failure_entry: str
    time: int
    location: str = ""
    won: tuple[Effect, ...] = ()
    lost: tuple[Effect, ...] = ()


@register("aftermath.MapSpace")
@frozen
class MapSpace:
    """A space of the travel map: its name, its title, its place on the map's grid (``x`` to the
    right, ``y`` down) and the book page it names."""

    name: str
    title: str
    x: int
    y: int
    page: int


@register("aftermath.TravelMap")
@frozen
class TravelMap:
    """The travel map: its spaces and the one the party marker starts on (Abbigail Lane, the top
    left space in the seed)."""

    start: str
    spaces: tuple[MapSpace, ...]


@register("aftermath.PersonalGoal")
@frozen
class PersonalGoal:
    """A character's personal goal, as its card states it."""

    character: str
    text: str


def neighbours(travel_map: TravelMap, here: str) -> tuple[MapSpace, ...]:
    """The spaces one orthogonal step from ``here`` (never a diagonal), in the map's order."""
    at_ = next((s for s in travel_map.spaces if s.name == here), None)
    if at_ is None:
        return ()
    return tuple(s for s in travel_map.spaces if abs(s.x - at_.x) + abs(s.y - at_.y) == 1)


def step(travel_map: TravelMap, here: str, there: str) -> MapSpace:
    """The space ``there`` if the party marker may move to it from ``here``: orthogonally to an
    adjacent space, never diagonally (seed, "De viaje"); IllegalAction otherwise."""
    by_name = {s.name: s for s in travel_map.spaces}
    if here not in by_name or there not in by_name:
        missing = here if here not in by_name else there
        raise IllegalAction(f"no space {short(missing)} on the travel map")
    a, b = by_name[here], by_name[there]
    dx, dy = abs(a.x - b.x), abs(a.y - b.y)
    if dx == 1 and dy == 1:
        raise IllegalAction(f"{a.title} to {b.title} is a diagonal: the party travels orthogonally only")
    if dx + dy != 1:
        raise IllegalAction(f"{b.title} is not next to {a.title} on the travel map")
    return b


@register("aftermath.Book", static=True)
@frozen
class Book:
    """A whole adventure book: title, provenance (``design`` for an original book), the missions
    and the pages. Version 2 adds the campaign's parts: the travel map, the discovery deck (item
    cards out of the item deck until fetched), the colony phase read after every mission, the
    effects of each day spent over a mission's time, and the characters' personal goals."""

    title: str
    provenance: str
    missions: tuple[Mission, ...]
    pages: tuple[Page, ...]
    map: TravelMap | None = None
    discovery: tuple[str, ...] = ()
    colony: tuple[Effect, ...] = ()
    overtime: tuple[Effect, ...] = ()
    goals: tuple[PersonalGoal, ...] = ()


# -- reading and checking a book file ---------------------------------------------------------


@frozen
class Names:
    """The names a book may use, from the components the game is played with (its card set):
    enemy cards, enemy types, item cards and status cards."""

    enemies: frozenset[str]
    enemy_types: frozenset[str]
    items: frozenset[str]
    statuses: frozenset[str]
    abilities: frozenset[str] = ABILITY_NAMES
    environments: frozenset[str] = ENVIRONMENT_NAMES
    vehicles: frozenset[str] = VEHICLE_NAMES


#: The names the game's components share with every book (the four base characters' starting
#: items, two more items and a colony upgrade, four statuses, the 22 enemy cards and their six types). The shipped book
#: names nothing else, so it reads against any card set that keeps these names.
SHARED_NAMES = Names(
    enemies=frozenset((
        "roaches", "scorpion", "centipede", "spider",
        "raider_rat", "rat_slinger", "rat_brute", "skate_raider", "blade_biker",
        "lizard_scout", "lizard_spearman", "gecko_sniper", "iguana_bruiser",
        "hornet_drones", "junker_scrapper", "junker_gunner", "junker_mechanic",
        "crow", "garden_snake", "smokey", "dustfeather", "rust_lord",
    )),
    enemy_types=frozenset(("vermin", "raider", "scaled", "drone", "junker", "predator")),
    items=frozenset(("toothpick_crossbow", "chopstick", "one_shot", "steak_knife", "thimble_helmet",
                     "bottle_cap_shield", "workbench")),
    statuses=frozenset(("seriously_wounded", "poisoned", "frightened", "dazed")),
)

#: The shipped starter book (package data).
DEFAULT_BOOK_PATH = Path(__file__).resolve().parent / "data" / "starter_book.json"
#: The shipped demo campaign (package data): *The Long Winter of Abbigail Lane*.
DEMO_CAMPAIGN_PATH = Path(__file__).resolve().parent / "data" / "campaign_book.json"

# Bounds, so that a hostile file cannot exhaust memory or recursion (docs/book-format.md).
MAX_MISSIONS = 8
MAX_PAGES = 200
MAX_SPACES = 16          # spaces on one page's map (the game's action ids count on it)
MAX_LINES = 48           # lines on one page's map
MAX_SCAVENGE = 2         # face-down scavenge tokens on one space (so at most 32 on a page)
MAX_ENTRIES = 40         # entries on one page
MAX_LIST = 16            # effects in one list (an encounter has 1 to 5 enemy cards)
MAX_CHOICES = 6          # options of a choice, pages of a travel
MAX_NESTING = 4          # test / group task / choice branches inside one another
MAX_EFFECTS = 4000       # effects in the whole book, branches included
MAX_TEXT = 600           # characters of an entry's text
MAX_GRID = 99            # a space's rectangle lies within a 0..99 grid
#: The most a book may weigh as a table holds it (its record in the codec's text, in characters):
#: a table and a view hold the book twice (in the options and as the book played), a saved game's
#: options and a campaign file once, so with this bound every one of them stays within what the
#: library reads back (``codec.MAX_TEXT``, 1 MB, with 128 KB for the rest of a table; see
#: ``docs/limits.md``). The shipped demo campaign weighs 27 KB.
MAX_BOOK_TEXT = 448 * 1024
#: Seed, components: the tokens in the box (4 objective, 5 fire, 3 heavy object, 2 trap, 1 fishhook,
#: 3 aim). A page never prints more of a kind than the box holds, and an effect that would place
#: more places what is left in the box (``mission``).
TOKENS_IN_BOX: dict[str, int] = {"objective": 4, "fire": 5, "heavy": 3, "trap": 2, "fishhook": 1, "aim": 3}
_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,15}")
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,7}")

#: The ``"do"`` name of each effect in a book file, and its record.
EFFECT_NAMES: dict[str, type] = {
    "read": Read, "go_to_page": GoToPage, "travel": Travel, "encounter": Encounter,
    "random_encounter": RandomEncounter, "encounter_card": EncounterCard, "hunt": Hunt,
    "place_tokens": PlaceTokens, "remove_tokens": RemoveTokens, "test": Test, "group_task": GroupTask,
    "dial": Dial, "gain_item": GainItem, "draw_items": DrawItems, "batteries": Batteries, "wound": Wound,
    "book_attack": BookAttack, "status": Status, "situation": Situation, "end_mission": EndMission,
    "choice": Choice, "discover": Discover, "goal": Goal, "lift_cap": LiftCap, "learn": Learn,
    "environment": Environment, "clear_environment": ClearEnvironment, "vehicle": Vehicle, "exit_page": ExitPage,
}
#: The effects a version 1 book may not use.
_V2_EFFECTS = (Discover, Goal, LiftCap)
_DO = {record: name for name, record in EFFECT_NAMES.items()}
_TRIGGERS = {t.value: t for t in Trigger}
_ATTRIBUTES = {a.value: a for a in ATTRIBUTES}
_PAGE_KEYS = ("number", "title", "spaces", "lines", "start", "calamity", "entries")
_ENTRY_KEYS = ("id", "trigger", "text", "effects", "space", "token", "revisit")
_ONCE = (Trigger.THREAT, Trigger.CALAMITY, Trigger.LEAVE)


def _fail(where: str, message: str) -> ConfigError:
    return ConfigError(f"{where}: {message}")


def _choice(where: str, value: object, choices: Iterable[str], what: str) -> str:
    """``value`` if it is one of ``choices`` (exactly as written)."""
    allowed = sorted(choices)
    if not isinstance(value, str) or value not in allowed:
        listed = ", ".join(map(repr, allowed[:30])) + (", ..." if len(allowed) > 30 else "")
        raise _fail(where, f"no {what} {short(value)}; known: {listed}")
    return value


def _ident(where: str, value: object, pattern: re.Pattern[str], what: str) -> str:
    if not isinstance(value, str) or pattern.fullmatch(value) is None:
        raise _fail(where, f"{what} must be 1 to {16 if pattern is _ID else 8} letters, digits, '-' or '_' "
                           f"(starting with a letter or digit), got {short(value)}")
    return value


class _Reader:
    """One reading of one book: the names to check against, the effects counted so far, and the
    references to check once every page is known."""

    def __init__(self, names: Names, version: int = BOOK_VERSION) -> None:
        self.names = names
        self.version = version
        self.effects = 0
        self.page_refs: list[tuple[str, int]] = []

    # -- effects --------------------------------------------------------------------------

    def spaces(self, where: str, value: object, page: _PageScope, low: int = 1) -> tuple[str, ...]:
        items = need_list(where, value, low, MAX_SPACES)
        out = []
        for i, item in enumerate(items):
            out.append(_choice(at(where, i), item, page.spaces, f"space on page {page.number} named"))
        if len(set(out)) != len(out):
            raise _fail(where, "names a space twice")
        return tuple(out)

    def effects_of(self, where: str, value: object, page: _PageScope, depth: int) -> tuple[Effect, ...]:
        items = need_list(where, value, 0, MAX_LIST)
        return tuple(self.effect(at(where, i), item, page, depth) for i, item in enumerate(items))

    def effect(self, where: str, value: object, page: _PageScope, depth: int) -> Effect:
        self.effects += 1
        if self.effects > MAX_EFFECTS:
            raise _fail(where, f"the book holds more than {MAX_EFFECTS} effects")
        if not isinstance(value, Mapping):
            raise _fail(where, f"an effect must be an object like {{\"do\": \"read\", \"entry\": \"2-1\"}}, "
                               f"got {short(value)}")
        do = _choice(at(where, "do"), value.get("do"), EFFECT_NAMES, "effect")
        record = EFFECT_NAMES[do]
        if record in _V2_EFFECTS and self.version < 2:
            raise _fail(at(where, "do"), f"the {do} effect needs version 2 of the format")
        d = need_object(where, value, ("do", *(a.name for a in attrs.fields(record))))
        return _EFFECT_READERS[record](_Fields(self, where, do, d, page, depth))

    # -- pages ----------------------------------------------------------------------------

    def colony_effects(self, where: str, value: object) -> tuple[Effect, ...]:
        """Effects of the colony phase: the campaign's own only (``CAMPAIGN_EFFECTS``)."""
        effects = self.effects_of(where, value, _PageScope(0, frozenset()), 0)
        for i, effect in enumerate(effects):
            if not isinstance(effect, CAMPAIGN_EFFECTS):
                allowed = ", ".join(_DO[t] for t in CAMPAIGN_EFFECTS)
                raise _fail(at(where, i), f"the colony phase has only the campaign's effects ({allowed}), "
                                          f"got {_DO[type(effect)]}")
        return effects

    def page(self, where: str, value: object) -> Page:
        d = _mapping(where, value, '{"number": 2, "title": ..., "spaces": [...], ...}')
        number = need_int(at(where, "number"), d.get("number"), 1, 999)
        where = f"{where} (page {number})"
        need_object(where, d, _PAGE_KEYS)
        title = need_text(at(where, "title"), d.get("title"), 1, 80)
        spaces = tuple(_space(at(where, "spaces", i), s)
                       for i, s in enumerate(need_list(at(where, "spaces"), d.get("spaces"), 1, MAX_SPACES)))
        names = [s.name for s in spaces]
        for i, s in enumerate(spaces):
            if s.name in names[:i]:
                raise _fail(at(where, "spaces", i, "name"), f"two spaces are named {s.name!r}")
            for other in spaces[:i]:
                if _overlap(s, other):
                    raise _fail(at(where, "spaces", i), f"space {s.name!r} overlaps space {other.name!r}")
        scope = _PageScope(number, frozenset(names))
        lines = _lines(at(where, "lines"), d.get("lines", []), spaces)
        start = _choice(at(where, "start"), d.get("start"), scope.spaces, f"space on page {number} named")
        calamity = need_int(at(where, "calamity"), d.get("calamity", 0), 0, 40)
        items = need_list(at(where, "entries"), d.get("entries"), 1, MAX_ENTRIES)
        entries: list[Entry] = []
        for i, item in enumerate(items):
            entry = self.entry(at(where, "entries", i), item, scope)
            here = f"{at(where, 'entries', i)} ({entry.id})"
            if entry.id in (e.id for e in entries):
                raise _fail(at(here, "id"), f"two entries are numbered {entry.id!r}")
            if (i == 0) != (entry.trigger is Trigger.BEGIN):
                raise _fail(at(here, "trigger"), "the first entry of a page is its begin entry, and only the first")
            if entry.trigger in _ONCE and any(e.trigger is entry.trigger for e in entries):
                raise _fail(at(here, "trigger"), f"a page has one {entry.trigger.value} entry")
            entries.append(entry)
        has_calamity = any(e.trigger is Trigger.CALAMITY for e in entries)
        if has_calamity != (calamity > 0):
            raise _fail(at(where, "calamity"), "a page with a calamity entry gives its calamity value (1 to 40), "
                                               "and only such a page" + f", got {calamity}")
        ids = [e.id for e in entries]
        for here, entry_id in scope.reads:
            if entry_id not in ids:
                raise _fail(here, f"no entry {entry_id!r} on page {number}")
        _no_read_cycle(where, entries)
        printed = [kind for s in spaces for kind in s.tokens]
        for kind in sorted(set(printed)):
            if printed.count(kind) > TOKENS_IN_BOX.get(kind, 0):
                raise _fail(at(where, "spaces"), f"the page prints {printed.count(kind)} {kind} tokens; "
                                                 f"the box holds {TOKENS_IN_BOX.get(kind, 0)}")
        return Page(number, title, spaces, lines, start, calamity, tuple(entries))

    def entry(self, where: str, value: object, page: _PageScope) -> Entry:
        d = _mapping(where, value, '{"id": "2-1", "trigger": "numbered", "text": ...}')
        entry_id = _ident(at(where, "id"), d.get("id"), _ID, "an entry id")
        where = f"{where} ({entry_id})"
        need_object(where, d, _ENTRY_KEYS)
        trigger = _TRIGGERS[_choice(at(where, "trigger"), d.get("trigger"), _TRIGGERS, "trigger")]
        space = token = ""
        if trigger in (Trigger.SPACE, Trigger.TOKEN):
            space = _choice(at(where, "space"), d.get("space"), page.spaces, f"space on page {page.number} named")
        elif "space" in d:
            raise _fail(at(where, "space"), "only a space or token entry names a space")
        if trigger is Trigger.TOKEN:
            token = _choice(at(where, "token"), d.get("token"), TOKENS, "token")
        elif "token" in d:
            raise _fail(at(where, "token"), "only a token entry names a token")
        text = need_text(at(where, "text"), d.get("text"), 1, MAX_TEXT)
        effects = self.effects_of(at(where, "effects"), d.get("effects", []), page, 0)
        return Entry(entry_id, trigger, text, effects, space, token,
                     need_bool(at(where, "revisit"), d.get("revisit", False)))


class _Fields:
    """The fields of one effect being read: each read checked, naming its place."""

    def __init__(self, reader: _Reader, where: str, do: str, d: Mapping[str, Any], page: _PageScope,
                 depth: int) -> None:
        self.reader, self.where, self.do, self.d, self.page, self.depth = reader, where, do, d, page, depth

    def get(self, key: str, default: object = None, required: bool = True) -> object:
        if key in self.d:
            return self.d[key]
        if required and default is None:
            raise _fail(at(self.where, key), f"the {self.do} effect needs it")
        return default

    def number(self, key: str, low: int, high: int) -> int:
        return need_int(at(self.where, key), self.get(key), low, high)

    def flag(self, key: str, default: bool | None = None) -> bool:
        return need_bool(at(self.where, key), self.get(key, default))

    def name(self, key: str, choices: Iterable[str], what: str) -> str:
        return _choice(at(self.where, key), self.get(key), choices, what)

    def spaces(self, key: str = "spaces", low: int = 1) -> tuple[str, ...]:
        return self.reader.spaces(at(self.where, key), self.get(key, [] if low == 0 else None), self.page, low)

    def branch(self, key: str, required: bool = False) -> tuple[Effect, ...]:
        if self.depth >= MAX_NESTING:
            raise _fail(at(self.where, key), f"branches nest more than {MAX_NESTING} deep")
        return self.reader.effects_of(at(self.where, key), self.get(key, None if required else []), self.page,
                                      self.depth + 1)


def _read(f: _Fields) -> Effect:
    entry = _ident(at(f.where, "entry"), f.get("entry"), _ID, "an entry id")
    f.page.reads.append((at(f.where, "entry"), entry))
    return Read(entry)


def _go_to_page(f: _Fields) -> Effect:
    number = f.number("page", 1, 999)
    f.reader.page_refs.append((at(f.where, "page"), number))
    return GoToPage(number)


def _travel(f: _Fields) -> Effect:
    if f.reader.version >= 2 and not f.d.get("pages", []):
        return Travel(())  # on the travel map (checked: the book has one)
    items = need_list(at(f.where, "pages"), f.get("pages"), 1, MAX_CHOICES)
    pages = tuple(need_int(at(f.where, "pages", i), p, 1, 999) for i, p in enumerate(items))
    if len(set(pages)) != len(pages):
        raise _fail(at(f.where, "pages"), "names a page twice")
    f.reader.page_refs.extend((at(f.where, "pages", i), p) for i, p in enumerate(pages))
    return Travel(pages)


def _exit_page(f: _Fields) -> Effect:
    number = f.number("page", 1, 999)
    f.reader.page_refs.append((at(f.where, "page"), number))
    return ExitPage(number, f.name("space", f.page.spaces, f"space on page {f.page.number} named"))


def _encounter(f: _Fields) -> Effect:
    items = need_list(at(f.where, "enemies"), f.get("enemies"), 1, 5)
    enemies = tuple(_choice(at(f.where, "enemies", i), e, f.reader.names.enemies, "enemy card")
                    for i, e in enumerate(items))
    loot = f.get("loot", None, required=False)
    prize = None if loot is None else _prize(at(f.where, "loot"), loot)
    return Encounter(enemies, f.spaces(), f.flag("hostile"), prize)


def _dial(f: _Fields) -> Effect:
    amount = f.number("amount", -20, 20)
    if amount == 0:
        raise _fail(at(f.where, "amount"), "must not be 0")
    return Dial(f.name("dial", DIALS, "dial"), amount)


def _choice_effect(f: _Fields) -> Effect:
    if f.depth >= MAX_NESTING:
        raise _fail(at(f.where, "options"), f"branches nest more than {MAX_NESTING} deep")
    options = []
    for i, item in enumerate(need_list(at(f.where, "options"), f.get("options"), 2, MAX_CHOICES)):
        here = at(f.where, "options", i)
        o = need_object(here, item, ("label", "effects"))
        options.append(Option(need_text(at(here, "label"), o.get("label"), 1, 80),
                              f.reader.effects_of(at(here, "effects"), o.get("effects", []), f.page, f.depth + 1)))
    return Choice(tuple(options))


#: How each effect's fields are read (an absent flag is false; absent branches are empty).
_EFFECT_READERS: dict[type, Callable[[_Fields], Effect]] = {
    Read: _read,
    GoToPage: _go_to_page,
    Travel: _travel,
    Encounter: _encounter,
    RandomEncounter: lambda f: RandomEncounter(f.name("enemy_type", f.reader.names.enemy_types, "enemy type"),
                                               f.number("count", 1, 5), f.spaces(), f.flag("hostile")),
    EncounterCard: lambda f: EncounterCard(f.spaces()),
    Hunt: lambda f: Hunt(f.spaces()),
    PlaceTokens: lambda f: PlaceTokens(f.name("token", TOKENS, "token"), f.spaces()),
    RemoveTokens: lambda f: RemoveTokens(f.name("token", TOKENS, "token"), f.spaces(low=0)),
    Test: lambda f: Test(_attribute(at(f.where, "attribute"), f.get("attribute")), f.number("difficulty", 1, 30),
                         f.flag("opposed", False), f.branch("success"), f.branch("failure")),
    GroupTask: lambda f: GroupTask(_attribute(at(f.where, "attribute"), f.get("attribute")),
                                   f.number("difficulty", 1, 60), f.branch("success")),
    Dial: _dial,
    GainItem: lambda f: GainItem(f.name("item", f.reader.names.items, "item"), f.flag("broken", False)),
    DrawItems: lambda f: DrawItems(f.number("count", 1, 5), f.flag("broken", False)),
    Batteries: lambda f: Batteries(f.number("count", 1, 8)),
    Wound: lambda f: Wound(f.number("amount", 1, 10), f.flag("toxic", False), f.flag("everyone", False)),
    BookAttack: lambda f: BookAttack(f.number("strength", 1, 20), f.flag("toxic", False), f.flag("everyone", False)),
    Status: lambda f: Status(f.name("status", f.reader.names.statuses, "status"), f.flag("everyone", False)),
    Situation: lambda f: Situation(f.flag("hostile")),
    EndMission: lambda f: EndMission(f.flag("success")),
    Choice: _choice_effect,
    Discover: lambda f: Discover(f.name("item", f.reader.names.items, "item")),
    Goal: lambda f: Goal(f.name("character", CHARACTERS, "character")),
    LiftCap: lambda f: LiftCap(f.name("dial", (CAPPED_DIAL,), "capped dial")),
    Learn: lambda f: Learn(f.name("ability", f.reader.names.abilities, "ability card")),
    Environment: lambda f: Environment(f.name("card", f.reader.names.environments, "environment card")),
    ClearEnvironment: lambda f: ClearEnvironment(
        _choice(at(f.where, "card"), f.d.get("card", ""), ("", *f.reader.names.environments), "environment card")),
    Vehicle: lambda f: Vehicle(f.name("card", f.reader.names.vehicles, "vehicle card")),
    ExitPage: lambda f: _exit_page(f),
}



class _PageScope:
    """What an effect on a page may name: the page's spaces; the entries it reads, checked once
    every entry of the page is read."""

    def __init__(self, number: int, spaces: frozenset[str]) -> None:
        self.number = number
        self.spaces = spaces
        self.reads: list[tuple[str, str]] = []


def _mapping(where: str, value: object, example: str) -> Mapping[str, Any]:
    """``value`` if it is an object (its keys are checked once its place has a label)."""
    if not isinstance(value, Mapping):
        need_object(where, value, (), example)  # raises, with the example
    assert isinstance(value, Mapping)
    return value


def _attribute(where: str, value: object) -> Attribute:
    return _ATTRIBUTES[_choice(where, value, _ATTRIBUTES, "attribute")]


def _prize(where: str, value: object) -> Prize:
    d = need_object(where, value, ("dials", "batteries", "items", "broken"))
    dials = need_object(at(where, "dials"), d.get("dials", {}), DIALS)
    return Prize(tuple((k, need_int(at(where, "dials", k), v, 1, 20)) for k, v in dials.items()),
                 need_int(at(where, "batteries"), d.get("batteries", 0), 0, 8),
                 need_int(at(where, "items"), d.get("items", 0), 0, 5),
                 need_int(at(where, "broken"), d.get("broken", 0), 0, 5))


def _space(where: str, value: object) -> Space:
    d = need_object(where, value, ("name", "x", "y", "w", "h", "scavenge", "tokens"))
    name = _ident(at(where, "name"), d.get("name"), _NAME, "a space's name")
    x = need_int(at(where, "x"), d.get("x"), 0, MAX_GRID - 1)
    y = need_int(at(where, "y"), d.get("y"), 0, MAX_GRID - 1)
    w = need_int(at(where, "w"), d.get("w"), 1, MAX_GRID - x)
    h = need_int(at(where, "h"), d.get("h"), 1, MAX_GRID - y)
    scavenge = tuple(need_int(at(where, "scavenge", i), v, 1, 12)
                     for i, v in enumerate(need_list(at(where, "scavenge"), d.get("scavenge", []), 0, MAX_SCAVENGE)))
    tokens = tuple(_choice(at(where, "tokens", i), v, TOKENS, "token")
                   for i, v in enumerate(need_list(at(where, "tokens"), d.get("tokens", []), 0, 6)))
    return Space(name, x, y, w, h, scavenge, tokens)


def _lines(where: str, value: object, spaces: tuple[Space, ...]) -> tuple[Line, ...]:
    """The lines of a page's map: each joins two spaces side by side, one line a pair."""
    by_name = {s.name: s for s in spaces}
    lines = []
    pairs: set[frozenset[str]] = set()
    for i, item in enumerate(need_list(where, value, 0, MAX_LINES)):
        here = at(where, i)
        o = need_object(here, item, ("a", "b", "kind"))
        a = _choice(at(here, "a"), o.get("a"), by_name, "space on this page named")
        b = _choice(at(here, "b"), o.get("b"), by_name, "space on this page named")
        kind = _choice(at(here, "kind"), o.get("kind"), LINE_NAMES, "line kind")
        if a == b:
            raise _fail(here, f"a line joins two spaces, got {a!r} twice")
        pair = frozenset((a, b))
        if pair in pairs:
            raise _fail(here, f"spaces {a!r} and {b!r} already have a line")
        pairs.add(pair)
        if not _share_edge(by_name[a], by_name[b]):
            raise _fail(here, f"spaces {a!r} and {b!r} do not share an edge (a line joins side by side "
                              "spaces, never diagonally)")
        lines.append(Line(a, b, kind))
    return tuple(lines)


def _overlap(a: Space, b: Space) -> bool:
    return a.x < b.x + b.w and b.x < a.x + a.w and a.y < b.y + b.h and b.y < a.y + a.h


def _share_edge(a: Space, b: Space) -> bool:
    """Whether the rectangles touch along a stretch of positive length (not only at a corner)."""
    if a.x + a.w == b.x or b.x + b.w == a.x:
        return min(a.y + a.h, b.y + b.h) - max(a.y, b.y) > 0
    if a.y + a.h == b.y or b.y + b.h == a.y:
        return min(a.x + a.w, b.x + b.w) - max(a.x, b.x) > 0
    return False


def _unconditional(effects: Iterable[Effect]) -> Iterator[Effect]:
    """The effects that follow from ``effects`` with no player's choice: every effect, and those
    of test and group-task branches (a test may be failed with no card to play), not a choice's
    options."""
    for effect in effects:
        yield effect
        if isinstance(effect, Test):
            yield from _unconditional(effect.success + effect.failure)
        elif isinstance(effect, GroupTask):
            yield from _unconditional(effect.success)


def _cycle(graph: Mapping[K, Sequence[K]]) -> list[K] | None:
    """A circle in ``graph`` (each node's successors), as the nodes round it with the first again
    at the end, or None. Depth first, each node finished once: linear in the graph's size."""
    finished: set[K] = set()
    for root in graph:
        if root in finished:
            continue
        path: list[K] = [root]
        on_path = {root}
        stack: list[Iterator[K]] = [iter(graph.get(root, ()))]
        while stack:
            node = next(stack[-1], None)
            if node is None:
                stack.pop()
                finished.add(path[-1])
                on_path.discard(path.pop())
            elif node in on_path:
                return [*path[path.index(node):], node]
            elif node not in finished:
                path.append(node)
                on_path.add(node)
                stack.append(iter(graph.get(node, ())))
    return None


def _no_read_cycle(where: str, entries: Sequence[Entry]) -> None:
    """Refuse entries that read one another round in a circle with no player's choice between:
    the rules would read them for ever."""
    reads = {e.id: [x.entry for x in _unconditional(e.effects) if isinstance(x, Read)] for e in entries}
    cycle = _cycle(reads)
    if cycle is not None:
        raise _fail(where, f"entries read one another in a circle with no choice between: {' -> '.join(cycle)}")


def _no_page_cycle(where: str, pages: Sequence[Page]) -> None:
    """Refuse pages whose begin entries send the team on round a circle of pages with no player's
    choice between (a travel counts: it may offer one page)."""
    moves: dict[int, list[int]] = {}
    for page in pages:
        by_id = {e.id: e for e in page.entries}
        todo, seen, targets = [page.entries[0].id], {page.entries[0].id}, []
        while todo:
            for effect in _unconditional(by_id[todo.pop()].effects):
                if isinstance(effect, Read) and effect.entry not in seen:
                    seen.add(effect.entry)
                    todo.append(effect.entry)
                elif isinstance(effect, GoToPage):
                    targets.append(effect.page)
                elif isinstance(effect, Travel):
                    targets.extend(effect.pages)
        moves[page.number] = targets
    cycle = _cycle(moves)
    if cycle is not None:
        raise _fail(where, "the begin entries of pages send the team round a circle with no choice between: "
                           + " -> ".join(map(str, cycle)))


_MISSION_KEYS = ("name", "start_page", "failure_page", "failure_entry", "time")
_MISSION_KEYS_2 = (*_MISSION_KEYS, "location", "won", "lost")
_BOOK_KEYS = ("format", "version", "title", "provenance", "missions", "pages")
_BOOK_KEYS_2 = (*_BOOK_KEYS, "map", "discovery", "colony", "overtime", "goals")
MAX_MAP = 64             # spaces of the travel map
MAX_MAP_GRID = 15        # the travel map's grid, 0..15 each way


def _mission(where: str, value: object, reader: _Reader) -> Mission:
    v2 = reader.version >= 2
    d = need_object(where, value, _MISSION_KEYS_2 if v2 else _MISSION_KEYS)
    location = ""
    if "location" in d:
        location = _ident(at(where, "location"), d.get("location"), _ID, "a travel map space's name")
    return Mission(need_text(at(where, "name"), d.get("name"), 1, 80),
                   need_int(at(where, "start_page"), d.get("start_page"), 1, 999),
                   need_int(at(where, "failure_page"), d.get("failure_page"), 1, 999),
                   _ident(at(where, "failure_entry"), d.get("failure_entry"), _ID, "an entry id"),
                   need_int(at(where, "time"), d.get("time"), 1, 99), location,
                   reader.colony_effects(at(where, "won"), d.get("won", [])),
                   reader.colony_effects(at(where, "lost"), d.get("lost", [])))


def _travel_map(where: str, value: object, reader: _Reader) -> TravelMap:
    d = need_object(where, value, ("start", "spaces"))
    spaces: list[MapSpace] = []
    for i, item in enumerate(need_list(at(where, "spaces"), d.get("spaces"), 1, MAX_MAP)):
        here = at(where, "spaces", i)
        o = need_object(here, item, ("name", "title", "x", "y", "page"))
        space = MapSpace(_ident(at(here, "name"), o.get("name"), _ID, "a travel map space's name"),
                         need_text(at(here, "title"), o.get("title"), 1, 40),
                         need_int(at(here, "x"), o.get("x"), 0, MAX_MAP_GRID),
                         need_int(at(here, "y"), o.get("y"), 0, MAX_MAP_GRID),
                         need_int(at(here, "page"), o.get("page"), 1, 999))
        for other in spaces:
            if other.name == space.name:
                raise _fail(at(here, "name"), f"two travel map spaces are named {space.name!r}")
            if (other.x, other.y) == (space.x, space.y):
                raise _fail(here, f"spaces {other.name!r} and {space.name!r} are both at ({space.x}, {space.y})")
            if other.page == space.page:
                raise _fail(at(here, "page"), f"spaces {other.name!r} and {space.name!r} both name page {space.page}")
        reader.page_refs.append((at(here, "page"), space.page))
        spaces.append(space)
    start = _choice(at(where, "start"), d.get("start"), [s.name for s in spaces], "travel map space named")
    return TravelMap(start, tuple(spaces))


def read_book(data: object, names: Names, where: str = "book") -> Book:
    """The book written as plain JSON data (``docs/book-format.md``), checked against ``names``
    (the enemies, enemy types, items and statuses of the game's card set); ConfigError naming the
    page, entry and effect of the first fault."""
    if isinstance(data, Mapping) and data.get("format") == BOOK_FORMAT and data.get("version") == 2:
        keys: tuple[str, ...] = _BOOK_KEYS_2
    else:
        keys = _BOOK_KEYS
    d = need_object(where, data, keys)
    if d.get("format") != BOOK_FORMAT:
        raise _fail(at(where, "format"), f"must be {BOOK_FORMAT!r}, got {short(d.get('format'))}")
    version = d.get("version")
    if type(version) is not int or version not in BOOK_VERSIONS:
        raise _fail(at(where, "version"), f"this reader reads versions 1 and 2, got {short(version)}")
    title = need_text(at(where, "title"), d.get("title"), 1, 80)
    provenance = need_text(at(where, "provenance"), d.get("provenance"), 1, 200)
    reader = _Reader(names, version)
    missions = tuple(_mission(at(where, "missions", i), m, reader) for i, m in
                     enumerate(need_list(at(where, "missions"), d.get("missions"), 1, MAX_MISSIONS)))
    travel_map, discovery, colony, overtime, goals = _campaign_parts(where, d, reader)
    pages: list[Page] = []
    for i, item in enumerate(need_list(at(where, "pages"), d.get("pages"), 1, MAX_PAGES)):
        page = reader.page(at(where, "pages", i), item)
        if any(p.number == page.number for p in pages):
            raise _fail(at(where, "pages", i, "number"), f"two pages are numbered {page.number}")
        pages.append(page)
    by_number = {p.number: p for p in pages}
    for here, number in reader.page_refs:
        if number not in by_number:
            raise _fail(here, f"no page {number} in this book")
    _no_page_cycle(at(where, "pages"), pages)
    for i, m in enumerate(missions):
        here = at(where, "missions", i)
        for key, number in (("start_page", m.start_page), ("failure_page", m.failure_page)):
            if number not in by_number:
                raise _fail(at(here, key), f"no page {number} in this book")
        if m.failure_entry not in (e.id for e in by_number[m.failure_page].entries):
            raise _fail(at(here, "failure_entry"), f"no entry {m.failure_entry!r} on page {m.failure_page}")
        if m.location and (travel_map is None or m.location not in (s.name for s in travel_map.spaces)):
            raise _fail(at(here, "location"), f"no space {m.location!r} on the travel map")
    if travel_map is None:
        _no_map_travel(at(where, "pages"), pages)
    book = Book(title, provenance, missions, tuple(pages), travel_map, discovery, colony, overtime, goals)
    weight = len(dumps(book, share=False))  # the record in full, as digest and a table in full write it
    if weight > MAX_BOOK_TEXT:
        raise _fail(where, f"the book weighs {weight // 1024} KB as a table holds it; at most "
                           f"{MAX_BOOK_TEXT // 1024} KB, so that every table, save and campaign of it can be read back")
    return book


def _no_map_travel(where: str, pages: Sequence[Page]) -> None:
    for page in pages:
        for entry in page.entries:
            if any(isinstance(x, Travel) and not x.pages for x in all_effects(entry.effects)):
                raise _fail(where, f"entry {entry.id} of page {page.number} travels on the travel map, and the "
                                   "book has none")


_Parts = tuple[TravelMap | None, tuple[str, ...], tuple[Effect, ...], tuple[Effect, ...], tuple[PersonalGoal, ...]]


def _campaign_parts(where: str, d: Mapping[str, Any], reader: _Reader) -> _Parts:
    """A version 2 book's campaign parts: the travel map, the discovery deck, the colony phase,
    the overtime effects and the personal goals."""
    names = reader.names
    travel_map = None if d.get("map") is None else _travel_map(at(where, "map"), d.get("map"), reader)
    discovery = tuple(_choice(at(where, "discovery", i), v, names.items, "item")
                      for i, v in enumerate(need_list(at(where, "discovery"), d.get("discovery", []), 0, 64)))
    if len(set(discovery)) != len(discovery):
        raise _fail(at(where, "discovery"), "names a card twice")
    colony = reader.colony_effects(at(where, "colony"), d.get("colony", []))
    overtime = reader.colony_effects(at(where, "overtime"), d.get("overtime", []))
    goals: list[PersonalGoal] = []
    for i, item in enumerate(need_list(at(where, "goals"), d.get("goals", []), 0, len(CHARACTERS))):
        here = at(where, "goals", i)
        o = need_object(here, item, ("character", "text"))
        goal = PersonalGoal(_choice(at(here, "character"), o.get("character"), CHARACTERS, "character"),
                            need_text(at(here, "text"), o.get("text"), 1, 200))
        if any(g.character == goal.character for g in goals):
            raise _fail(at(here, "character"), f"{goal.character} has one personal goal")
        goals.append(goal)
    return travel_map, discovery, colony, overtime, tuple(goals)


def all_effects(effects: Iterable[Effect]) -> Iterator[Effect]:
    """Every effect of ``effects``, and those of every branch inside them: a test's success and
    failure, a group task's success, a choice's options."""
    for effect in effects:
        yield effect
        if isinstance(effect, Test):
            yield from all_effects(effect.success + effect.failure)
        elif isinstance(effect, GroupTask):
            yield from all_effects(effect.success)
        elif isinstance(effect, Choice):
            for option in effect.options:
                yield from all_effects(option.effects)


def read_page(data: object, names: Names, where: str = "page") -> Page:
    """One page written as plain JSON data (as ``book_data`` writes each page), checked alone: as
    ``read_book`` checks it, except that the pages it names are not looked for."""
    return _Reader(names).page(where, data)


def load_book(path: str | os.PathLike[str], names: Names) -> Book:
    """The book in the JSON file at ``path`` (read bounded, as any file from a stranger), checked;
    ConfigError (one line naming the file and the place) if it cannot be read or is not a book."""
    raw = read_file(path)
    shown = file_name(path)
    try:
        return read_book(read_json(raw), names)
    except ConfigError as exc:
        raise ConfigError(f"{shown}: {exc}") from None


def _effect_data(effect: Effect) -> dict[str, Any]:
    out: dict[str, Any] = {"do": _DO[type(effect)]}
    for field in attrs.fields(type(effect)):
        value = getattr(effect, field.name)
        if isinstance(effect, Choice):
            value = [{"label": o.label, "effects": [_effect_data(e) for e in o.effects]} for o in effect.options]
        elif isinstance(effect, (Test, GroupTask)) and field.name in ("success", "failure"):
            value = [_effect_data(e) for e in value]
        elif isinstance(value, Prize):
            value = {"dials": dict(value.dials), "batteries": value.batteries, "items": value.items,
                     "broken": value.broken}
        elif isinstance(value, enum.Enum):
            value = value.value
        elif isinstance(value, tuple):
            value = list(value)
        out[field.name] = value
    return out


def book_data(book: Book) -> dict[str, Any]:
    """The plain JSON data of a book (``read_book`` reads it back to an equal book)."""
    def entry(e: Entry) -> dict[str, Any]:
        out: dict[str, Any] = {"id": e.id, "trigger": e.trigger.value, "text": e.text,
                               "effects": [_effect_data(x) for x in e.effects]}
        if e.trigger in (Trigger.SPACE, Trigger.TOKEN):
            out["space"] = e.space
        if e.trigger is Trigger.TOKEN:
            out["token"] = e.token
        if e.revisit:
            out["revisit"] = True
        return out

    def mission(m: Mission) -> dict[str, Any]:
        out: dict[str, Any] = {"name": m.name, "start_page": m.start_page, "failure_page": m.failure_page,
                               "failure_entry": m.failure_entry, "time": m.time}
        if m.location:
            out["location"] = m.location
        if m.won:
            out["won"] = [_effect_data(x) for x in m.won]
        if m.lost:
            out["lost"] = [_effect_data(x) for x in m.lost]
        return out

    v2 = _version_of(book) >= 2
    extra: dict[str, Any] = {}
    if v2:
        if book.map is not None:
            extra["map"] = {"start": book.map.start, "spaces": [attrs.asdict(s) for s in book.map.spaces]}
        extra["discovery"] = list(book.discovery)
        extra["colony"] = [_effect_data(x) for x in book.colony]
        extra["overtime"] = [_effect_data(x) for x in book.overtime]
        extra["goals"] = [attrs.asdict(g) for g in book.goals]
    return {
        "format": BOOK_FORMAT, "version": 2 if v2 else 1, "title": book.title, "provenance": book.provenance,
        "missions": [mission(m) for m in book.missions], **extra,
        "pages": [{"number": p.number, "title": p.title,
                   "spaces": [{"name": s.name, "x": s.x, "y": s.y, "w": s.w, "h": s.h,
                               "scavenge": list(s.scavenge), "tokens": list(s.tokens)} for s in p.spaces],
                   "lines": [{"a": ln.a, "b": ln.b, "kind": ln.kind} for ln in p.lines],
                   "start": p.start, "calamity": p.calamity, "entries": [entry(e) for e in p.entries]}
                  for p in book.pages],
    }


def _version_of(book: Book) -> int:
    """The oldest version of the format that writes ``book``: 2 when it has any campaign part."""
    campaign = (book.map is not None or book.discovery or book.colony or book.overtime or book.goals
                or any(m.location or m.won or m.lost for m in book.missions)
                or any(isinstance(x, _V2_EFFECTS) or isinstance(x, Travel) and not x.pages
                       for p in book.pages for e in p.entries for x in all_effects(e.effects)))
    return 2 if campaign else 1
