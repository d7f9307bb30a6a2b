"""A book author's checker: what the reader lets through and a designer still wants to know.

The reader (``book.read_book``) refuses a file that is not a book, one fault at a time. A book it
reads may still be one nobody can finish: a page no mission reaches, an entry nothing reads, a
token entry whose token is never placed, a mission with no way to be won. ``check_book`` reads a
:class:`~wasteland.aftermath.book.Book` record and lists every such problem, each naming its page
and entry in one line (``page 3, entry 3-2: reads entry 3-9, which is not on page 3``):

- errors: a reference that lands nowhere (a ``read``, a page, a space, an enemy, item, status,
  token or dial the card set does not have); a page or entry unreachable from the missions'
  starts (a version-2 book's travel map counts: a ``travel`` with no pages goes on the map, every
  space of the map names a page, the campaign is lost on page 100, entry 100-23); a mission with no
  ``end_mission`` success within reach of its start;
- warnings (``warning:`` after the place): a test beyond reach of three cards of 3, the best bonus
  and the white die's best face; a token placed (at setup or by an entry) that no entry reads; a
  token removed that is never there; a space no character can walk to; a page without a ``leave``
  entry, or with no way off it.

Every reference an effect or the book makes is listed by :func:`effect_references` and
:func:`book_references` (which also says where play starts: a mission's start page, its failure
entry); how each kind of reference lands is :data:`LANDS`. A new kind of reference (a page a
travel map names, an entry the colony phase reads) is one line in one of them, and the checks
and the reachability follow.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Literal, TypeAlias

from attrs import frozen

from wasteland.aftermath.book import (
    Book, ClearEnvironment, Dial, Discover, Effect, Encounter, EncounterCard, EndMission, Entry, Environment, GainItem,
    ExitPage, Goal, GoToPage, Hunt, Learn, LiftCap, Vehicle, MapSpace, Names, Page, PlaceTokens, RandomEncounter, Read,
    RemoveTokens, Status, Test, Travel, TravelMap, Trigger, all_effects, neighbours, read_book,
)
from wasteland.aftermath.card_set import CardSet
from wasteland.aftermath.cards import CHARACTER_NAMES, CHARACTERS, ITEMS, WHITE_DIE
from wasteland.aftermath.mission import LOST_ENTRY, LOST_PAGE
from wasteland.aftermath.setup import names_for
from wasteland.aftermath.vocabulary import ATTRIBUTES, DIALS, LINES, TOKENS
from wasteland.core.game import short

__all__ = ["Problem", "check_book", "read_for_check", "effect_references", "BookReference", "book_references",
           "book_effects", "LANDS", "TEST_CARDS", "skill_reach"]

#: What a reference names.
Kind: TypeAlias = Literal["page", "entry", "space", "enemy", "enemy type", "item", "status", "token", "dial", "map",
                          "map space", "discovery", "character", "ability", "environment",
                          "vehicle"]
#: A reference: its kind and what it names (a page number, or a name).
Reference: TypeAlias = tuple[Kind, int | str]

#: The cards a test is judged against: three of the highest value, 3 (a hand holds 5, but a
#: test that asks for more than three cards is hardly ever passed).
TEST_CARDS = 3
_CARD_VALUE = 3


@frozen
class Problem:
    """A problem of a book: the page (None: the book as a whole) and entry (``""``: the page as a
    whole) it is about, what is wrong, and whether it is only a warning."""

    page: int | None
    entry: str
    message: str
    warning: bool = False

    def __str__(self) -> str:
        where = "book" if self.page is None else f"page {self.page}"
        if self.entry:
            where += f", entry {self.entry}"
        return f"{where}: {'warning: ' if self.warning else ''}{self.message}"


# -- references -------------------------------------------------------------------------------


def effect_references(effect: Effect) -> tuple[Reference, ...]:
    """What one effect names, its branches left out (:func:`_walk` visits them)."""
    match effect:
        case Read():
            return (("entry", effect.entry),)
        case GoToPage():
            return (("page", effect.page),)
        case Travel():
            return tuple(("page", p) for p in effect.pages) if effect.pages else (("map", ""),)
        case Encounter():
            return (*(("enemy", e) for e in effect.enemies), *(("space", s) for s in effect.spaces))
        case RandomEncounter():
            return (("enemy type", effect.enemy_type), *(("space", s) for s in effect.spaces))
        case EncounterCard() | Hunt():
            return tuple(("space", s) for s in effect.spaces)
        case PlaceTokens() | RemoveTokens():
            return (("token", effect.token), *(("space", s) for s in effect.spaces))
        case GainItem():
            return (("item", effect.item),)
        case Status():
            return (("status", effect.status),)
        case Dial() | LiftCap():
            return (("dial", effect.dial),)
        case Discover():
            return (("item", effect.item), ("discovery", effect.item))
        case Goal():
            return (("character", effect.character),)
    return _card_references(effect)


def _card_references(effect: Effect) -> tuple[Reference, ...]:
    """The cards of the families a book brings into play that one effect names."""
    match effect:
        case Learn():
            return (("ability", effect.ability),)
        case Environment() | ClearEnvironment():
            return (("environment", effect.card),) if effect.card else ()
        case Vehicle():
            return (("vehicle", effect.card),)
        case ExitPage():
            return (("page", effect.page), ("space", effect.space))
    return ()


@frozen
class BookReference:
    """A reference the book makes outside its effects: the page and entry it is made at (None and
    ``""`` for the book as a whole), what it names, who names it (``mission 'X' starts on``), and
    whether play starts there (``way_in``: a page the team arrives at, an entry read, with no
    effect leading there)."""

    page: int | None
    entry: str
    reference: Reference
    who: str
    way_in: bool = False


def book_references(book: Book) -> Iterator[BookReference]:
    """What the book names outside its effects."""
    for m in book.missions:
        yield BookReference(None, "", ("page", m.start_page), f"mission {m.name!r} starts on", way_in=True)
        yield BookReference(None, "", ("page", m.failure_page), f"mission {m.name!r} fails on")
        yield BookReference(m.failure_page, "", ("entry", m.failure_entry), f"mission {m.name!r} fails with",
                            way_in=True)
        if m.location:
            yield BookReference(None, "", ("map space", m.location), f"mission {m.name!r} is completed at")
    if book.map is not None:  # version 2: the campaign
        for space in book.map.spaces:
            yield BookReference(None, "", ("page", space.page), f"the travel map's space {space.name!r} names",
                                way_in=space.name == book.map.start)
        yield BookReference(None, "", ("page", LOST_PAGE), "the campaign is lost on", way_in=True)
        yield BookReference(LOST_PAGE, "", ("entry", LOST_ENTRY), "the campaign is lost with", way_in=True)
        yield BookReference(None, "", ("map space", book.map.start), "the party starts at")


def book_effects(book: Book) -> Iterator[tuple[str, Effect]]:
    """The effects the book holds outside its pages (version 2: each mission's colony phase after
    it is won or lost, the colony phase of every mission, a day over a mission's time), with who
    holds them."""
    for m in book.missions:
        yield from ((f"mission {m.name!r} won", e) for e in all_effects(m.won))
        yield from ((f"mission {m.name!r} lost", e) for e in all_effects(m.lost))
    yield from (("the colony phase", e) for e in all_effects(book.colony))
    yield from (("a day over time", e) for e in all_effects(book.overtime))


class _Book:
    """The book looked up: pages by number, entries by page, the names of the card set."""

    def __init__(self, book: Book, names: Names) -> None:
        self.book = book
        self.names = names
        self.pages: dict[int, Page] = {p.number: p for p in book.pages}
        self.entries: dict[int, dict[str, Entry]] = {p.number: {e.id: e for e in p.entries} for p in book.pages}

    def spaces(self, page: int) -> frozenset[str]:
        return frozenset(s.name for s in self.pages[page].spaces) if page in self.pages else frozenset()


@frozen
class _Kind:
    """A kind of reference: how a problem with it is said (``reads entry 3-9, which is not on
    page 3``) and whether it lands (given the book, the page it is made on, and what it names)."""

    verb: str
    missing: str
    lands: Callable[[_Book, int | None, int | str], bool]


def _on_page(what: Callable[[_Book, int], Iterable[str]]) -> Callable[[_Book, int | None, int | str], bool]:
    """Lands when on the page (a reference on a page not in the book is that page's problem)."""
    return lambda b, page, name: page is None or page not in b.pages or name in frozenset(what(b, page))


#: How each kind of reference lands, and how a reference that does not is reported.
LANDS: Mapping[Kind, _Kind] = {
    "page": _Kind("goes to page", "which is not in the book", lambda b, _, n: n in b.pages),
    "entry": _Kind("reads entry", "which is not on page {page}", _on_page(lambda b, p: b.entries[p])),
    "space": _Kind("names space", "which is not on page {page}", _on_page(lambda b, p: b.spaces(p))),
    "enemy": _Kind("names the enemy card", "which the card set does not have", lambda b, _, n: n in b.names.enemies),
    "enemy type": _Kind("names the enemy type", "which the card set does not have",
                        lambda b, _, n: n in b.names.enemy_types),
    "item": _Kind("names the item", "which the card set does not have", lambda b, _, n: n in b.names.items),
    "status": _Kind("names the status", "which the card set does not have", lambda b, _, n: n in b.names.statuses),
    "token": _Kind("names the token", "which is not a token of the game", lambda b, _, n: n in TOKENS),
    "dial": _Kind("names the dial", "which is not a dial of the campaign", lambda b, _, n: n in DIALS),
    "map": _Kind("travels on the map", "but the book has no travel map", lambda b, _, n: b.book.map is not None),
    "map space": _Kind("names the map space", "which is not on the travel map",
                       lambda b, _, n: b.book.map is not None and n in {s.name for s in b.book.map.spaces}),
    "discovery": _Kind("discovers the card", "which is not in the book's discovery deck",
                       lambda b, _, n: n in b.book.discovery),
    "character": _Kind("names the character", "which is not a character of the game",
                       lambda b, _, n: n in CHARACTER_NAMES),
    "ability": _Kind("names the ability card", "which the card set does not have",
                     lambda b, _, n: n in b.names.abilities),
    "environment": _Kind("names the environment card", "which the card set does not have",
                         lambda b, _, n: n in b.names.environments),
    "vehicle": _Kind("names the vehicle card", "which the card set does not have",
                     lambda b, _, n: n in b.names.vehicles),
}


def _miss(kind: Kind, page: int | None, target: int | str, verb: str = "") -> str:
    """What is wrong with a reference that does not land."""
    k = LANDS[kind]
    plain = isinstance(target, int) or (kind == "entry" and target.isprintable() and len(target) <= 16)
    shown = "" if target == "" else str(target) if plain else short(target)
    return f"{verb or k.verb}{f' {shown}' if shown else ''}, {k.missing.format(page=page)}"


def _landing(book: _Book) -> Iterator[Problem]:
    for ref in book_references(book.book):
        kind, target = ref.reference
        if not LANDS[kind].lands(book, ref.page, target):
            yield Problem(ref.page, ref.entry, _miss(kind, ref.page, target, f"{ref.who} {kind}"))
    for who, effect in book_effects(book.book):
        for kind, target in effect_references(effect):
            if not LANDS[kind].lands(book, None, target):
                yield Problem(None, "", f"{who}: {_miss(kind, None, target)}")
    for p in book.book.pages:
        for e in p.entries:
            said: dict[str, None] = {}  # each problem once, in the order met
            if e.trigger in (Trigger.SPACE, Trigger.TOKEN) and e.space not in book.spaces(p.number):
                said[_miss("space", p.number, e.space, "is read on space")] = None
            for effect in all_effects(e.effects):
                for kind, target in effect_references(effect):
                    if not LANDS[kind].lands(book, p.number, target):
                        said[_miss(kind, p.number, target)] = None
            yield from (Problem(p.number, e.id, m) for m in said)


# -- reachability -----------------------------------------------------------------------------


def _walkable(page: Page) -> frozenset[str]:
    """The spaces a character can walk to from the page's start, across lines it may cross."""
    joined: dict[str, list[str]] = {}
    for line in page.lines:
        if line.kind in LINES and LINES[line.kind].passable:
            joined.setdefault(line.a, []).append(line.b)
            joined.setdefault(line.b, []).append(line.a)
    seen, todo = {page.start}, [page.start]
    while todo:
        for other in joined.get(todo.pop(), ()):
            if other not in seen:
                seen.add(other)
                todo.append(other)
    return frozenset(seen)


def _enterable(page: Page) -> frozenset[str]:
    """The spaces a character can step onto, which reads their entries: the walkable ones, the
    start only when a character can step off it and back (arriving on it reads nothing)."""
    walkable = _walkable(page)
    return walkable if len(walkable) > 1 else frozenset()


def _placed(page: Page, entries: Iterable[Entry]) -> set[tuple[str, str]]:
    """The (space, token) pairs on ``page`` at setup and placed by ``entries``."""
    out = {(s.name, t) for s in page.spaces for t in s.tokens}
    for e in entries:
        for effect in all_effects(e.effects):
            if isinstance(effect, PlaceTokens):
                out.update((s, effect.token) for s in effect.spaces)
    return out


class _Reach:
    """What play can reach from some pages and entries: pages arrived at, entries read."""

    def __init__(self, book: _Book, pages: Iterable[int], entries: Iterable[tuple[int, str]]) -> None:
        self.book = book
        self.pages: set[int] = set()
        self.entries: set[tuple[int, str]] = set()
        self._todo: list[tuple[int, str]] = []
        for number in pages:
            self._arrive(number)
        for page, entry in entries:
            self._read(page, entry)
        while self._todo:
            page, entry = self._todo.pop()
            self._follow(page, book.entries[page][entry])

    def _arrive(self, number: int) -> None:
        if number in self.pages or number not in self.book.pages:
            return
        self.pages.add(number)
        page = self.book.pages[number]
        enterable = _enterable(page)
        for e in page.entries:
            if e.trigger in (Trigger.BEGIN, Trigger.THREAT, Trigger.CALAMITY, Trigger.LEAVE) or (
                    e.trigger is Trigger.SPACE and e.space in enterable):
                self._read(number, e.id)
        self._tokens(number)

    def _tokens(self, number: int) -> None:
        """Token entries whose token is on their (walkable) space by now."""
        page = self.book.pages[number]
        placed = _placed(page, (e for e in page.entries if (number, e.id) in self.entries))
        enterable = _enterable(page)
        for e in page.entries:
            if e.trigger is Trigger.TOKEN and e.space in enterable and (e.space, e.token) in placed:
                self._read(number, e.id)

    def _read(self, page: int, entry: str) -> None:
        if page in self.book.entries and entry in self.book.entries[page] and (page, entry) not in self.entries:
            self.entries.add((page, entry))
            self._todo.append((page, entry))

    def _follow(self, page: int, entry: Entry) -> None:
        places = False
        for effect in all_effects(entry.effects):
            places = places or isinstance(effect, PlaceTokens)
            for kind, target in effect_references(effect):
                if kind == "page" and isinstance(target, int):
                    self._arrive(target)
                elif kind == "entry" and isinstance(target, str):
                    self._read(page, target)
                elif kind == "map" and self.book.book.map is not None:
                    for space in _map_reach(self.book.book.map):
                        self._arrive(space.page)
        if places and page in self.pages:
            self._tokens(page)

    def effects(self) -> Iterator[Effect]:
        for page, entry in self.entries:
            yield from all_effects(self.book.entries[page][entry].effects)


def _map_reach(travel_map: TravelMap) -> list[MapSpace]:
    """The travel map's spaces the party can walk to from its start, step by orthogonal step."""
    by_name = {s.name: s for s in travel_map.spaces}
    seen, todo = {travel_map.start}, [travel_map.start]
    while todo:
        for near in neighbours(travel_map, todo.pop()):
            if near.name not in seen:
                seen.add(near.name)
                todo.append(near.name)
    return [by_name[n] for n in sorted(seen) if n in by_name]


def _why_unread(page: Page, e: Entry) -> str:
    """Why entry ``e`` of a page play reaches is never read."""
    if e.trigger in (Trigger.SPACE, Trigger.TOKEN) and e.space not in _enterable(page):
        if e.space == page.start:
            return (f"is never read: its space {e.space!r} is the start, which no line a character may cross "
                    "leaves (arriving on it reads nothing)")
        return (f"is never read: its space {e.space!r} cannot be reached from the start {page.start!r} "
                "(no line a character may cross leads there)")
    if e.trigger is Trigger.TOKEN:
        return (f"is never read: no {e.token} token is ever on space {e.space!r} "
                "(none at setup, none placed there by an entry that is read)")
    readers = [x.id for x in page.entries
               if any(isinstance(f, Read) and f.entry == e.id for f in all_effects(x.effects))]
    if readers:
        return f"is never read: only entries that are never read read it ({', '.join(readers)})"
    return "is never read: no entry reads it"


def _reachability(book: _Book) -> Iterator[Problem]:
    missions = book.book.missions
    arrivals: list[int] = []
    reads: list[tuple[int, str]] = []
    for ref in book_references(book.book):
        kind, target = ref.reference
        if ref.way_in and kind == "page" and isinstance(target, int):
            arrivals.append(target)
        elif ref.way_in and kind == "entry" and isinstance(target, str) and ref.page is not None:
            reads.append((ref.page, target))
    reach = _Reach(book, arrivals, reads)
    for page in book.book.pages:
        if page.number not in reach.pages:
            yield Problem(page.number, "", "no mission reaches this page (no start, go_to_page or travel of an "
                                           "entry that is read leads here)")
            continue
        for e in page.entries:
            if (page.number, e.id) not in reach.entries:
                yield Problem(page.number, e.id, _why_unread(page, e))
    for m in missions:
        if m.start_page not in book.pages:
            continue
        alone = _Reach(book, (m.start_page,), ())
        if not any(isinstance(x, EndMission) and x.success for x in alone.effects()):
            yield Problem(m.start_page, "", f"mission {m.name!r} can never be won: no end_mission with success is "
                                            f"read on any page reached from page {m.start_page}")


# -- warnings ---------------------------------------------------------------------------------


def skill_reach(attribute: str) -> int:
    """The highest total of a test of ``attribute`` with :data:`TEST_CARDS` cards of 3, the best
    character's bonus, the best item for the test (its batteries left out) and the white die's
    best face (an opposed test's black die at its lowest, 0)."""
    colours = [a.value for a in ATTRIBUTES]
    character = max(c.bonus[colours.index(attribute)] for c in CHARACTERS) if attribute in colours else 0
    item = max((i.bonus for i in ITEMS if i.use == "test" and i.attribute in (attribute, "white")), default=0)
    return TEST_CARDS * _CARD_VALUE + character + item + max(WHITE_DIE.faces)


def _warnings(book: _Book) -> Iterator[Problem]:
    for page in book.book.pages:
        n = page.number
        walkable = _walkable(page)
        read_tokens = {(e.space, e.token) for e in page.entries if e.trigger is Trigger.TOKEN}
        ever = _placed(page, page.entries)
        for s in page.spaces:
            if s.name not in walkable:
                yield Problem(n, "", f"space {s.name!r} cannot be reached from the start {page.start!r} (no line a "
                                     "character may cross leads there)", True)
            for t in s.tokens:
                if (s.name, t) not in read_tokens:
                    yield Problem(n, "", f"space {s.name!r} holds a {t} token at setup, which no entry reads", True)
        last = book.book.map is not None and n == LOST_PAGE  # the campaign's last page: nothing to leave
        if not last and not any(e.trigger is Trigger.LEAVE for e in page.entries):
            yield Problem(n, "", "has no leave entry (how to leave the page)", True)
        if not last and not any(isinstance(x, (GoToPage, Travel, EndMission)) for e in page.entries
                                for x in all_effects(e.effects)):
            yield Problem(n, "", "no entry goes to another page or ends the mission: the team cannot leave", True)
        for e in page.entries:
            for x in all_effects(e.effects):
                if isinstance(x, Test) and x.difficulty > skill_reach(x.attribute.value):
                    yield Problem(n, e.id, f"a {x.attribute.value} test of {x.difficulty} is beyond reach: "
                                           f"{TEST_CARDS} cards of {_CARD_VALUE}, the best bonus and the white "
                                           f"die's best face make {skill_reach(x.attribute.value)}", True)
                elif isinstance(x, PlaceTokens):
                    unread = [s for s in x.spaces if (s, x.token) not in read_tokens]
                    if unread:
                        yield Problem(n, e.id, f"places a {x.token} token on {', '.join(unread)}, which no entry "
                                               "reads", True)
                elif isinstance(x, RemoveTokens):
                    there = {s for s, t in ever if t == x.token}
                    if not there.intersection(x.spaces or [s.name for s in page.spaces]):
                        yield Problem(n, e.id, f"removes {x.token} tokens that are never there", True)


def check_book(book: Book, cards: CardSet | None = None) -> tuple[Problem, ...]:
    """Every problem of ``book`` played with ``cards`` (None: the game's own card set): errors
    first, in book order, then warnings."""
    looked = _Book(book, names_for(cards))
    errors = [*_landing(looked), *_reachability(looked)]
    return (*errors, *_warnings(looked))


# -- reading a book to check it ---------------------------------------------------------------

#: The fields of an effect that name a card of the card set, and the ``Names`` field each fills.
_NAMING_FIELDS: Mapping[str, str] = {"enemies": "enemies", "enemy_type": "enemy_types", "item": "items",
                                     "status": "statuses"}


def _named_in(data: object, found: dict[str, set[str]]) -> None:
    """Collect the card names the effects of a book's JSON data name (any effect object, at any
    depth; read_json bounds the depth)."""
    if isinstance(data, list):
        for item in data:
            _named_in(item, found)
    elif isinstance(data, dict):
        for key, value in data.items():
            if "do" in data and key in _NAMING_FIELDS:
                names = value if isinstance(value, list) else [value]
                found[_NAMING_FIELDS[key]].update(n for n in names if isinstance(n, str))
            _named_in(value, found)


def read_for_check(data: object, cards: CardSet | None = None) -> Book:
    """The book written as plain JSON data, read as ``read_book`` reads it but letting any card
    name through, so that ``check_book`` reports every name the card set lacks with its page and
    entry, not the reader's first alone. ConfigError for anything else the reader refuses."""
    names = names_for(cards)
    found: dict[str, set[str]] = {field: set() for field in _NAMING_FIELDS.values()}
    _named_in(data, found)
    lenient = Names(enemies=names.enemies | found["enemies"], enemy_types=names.enemy_types | found["enemy_types"],
                    items=names.items | found["items"], statuses=names.statuses | found["statuses"])
    return read_book(data, lenient)
