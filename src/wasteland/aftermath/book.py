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
from typing import TypeAlias

from attrs import frozen

from wasteland.core.codec import register
from wasteland.aftermath.vocabulary import Attribute, Prize

__all__ = [
    "BOOK_FORMAT", "BOOK_VERSION", "Trigger", "Effect", "Read", "GoToPage", "Travel", "Encounter",
    "RandomEncounter", "EncounterCard", "Hunt", "PlaceTokens", "RemoveTokens", "Test", "GroupTask",
    "Dial", "GainItem", "DrawItems", "Batteries", "Wound", "BookAttack", "Status", "Situation",
    "EndMission", "Option", "Choice", "Entry", "Space", "Line", "Page", "Mission", "Book",
]

BOOK_FORMAT = "wasteland-aftermath-book"
BOOK_VERSION = 1


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
    """Leave this page and travel to an adjacent location: the accountant picks one of ``pages``."""

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
    """The reading player (the accountant, when the team decides) picks one option."""

    options: tuple[Option, ...]


Effect: TypeAlias = (
    Read | GoToPage | Travel | Encounter | RandomEncounter | EncounterCard | Hunt | PlaceTokens
    | RemoveTokens | Test | GroupTask | Dial | GainItem | DrawItems | Batteries | Wound | BookAttack
    | Status | Situation | EndMission | Choice
)


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
    it is the book's concern)."""

    name: str
    start_page: int
    failure_page: int
    failure_entry: str
    time: int


@register("aftermath.Book")
@frozen
class Book:
    """A whole adventure book: title, provenance (``design`` for an original book), the missions
    and the pages."""

    title: str
    provenance: str
    missions: tuple[Mission, ...]
    pages: tuple[Page, ...]
