"""What a table or a view read from a file may hold (the codec runs these checks on every State
and Options it reads; ``rules`` registers them).

Each check raises ValueError naming the first thing wrong, which the codec turns into one
``CodecError`` line. The options read back as ``make_options`` makes them (a book of one's own
passes the book reader's checks, a card set the card reader's); the table's book is the options'
book (or the starter book), and a view's is that book as the party knows it (``view.redact``:
the current page alone, its entries read shown, passing the reader's checks of a page); the
``graph`` is the current page's own map; every space named is on the page; every action card,
item, encounter card, scavenge token and enemy card in exactly one place and within its id range
(a view hides only where ``view`` hides; an item of the campaign's discovery deck or colony
supply may be out of play); every dial, wound, charge and counter within its bounds; every
character and seat within the options; the campaign's outing within the book; the book's effects on the stack and in the
test, choice and group task in progress are the book's own; and, in rules, the decision waiting
has an answer. A field is checked on its own line, so a new field is a new line.
"""

from __future__ import annotations

from collections.abc import Iterable

from wasteland.core.game import ConfigError
from wasteland.core.rng import HIDDEN_RNG
from wasteland.core.records import replace
from wasteland.aftermath.book import (
    Book, Page, all_effects, book_data, read_book, read_page,
)
from wasteland.aftermath.card_set import card_set_data, read_card_set, table_of
from wasteland.aftermath.cards import (
    ABILITY_NAMES, ACTION_CARDS, BATTERIES, CACHES, ENCOUNTER_CARDS, ENVIRONMENT_NAMES, HAND, HIDDEN, ITEM_NAMES, ITEMS,
    MAX_FIGURES, NONE, PACK, ROUNDS, SLOTS, STASH, STATUS_NAMES, TIERS, TRACK, VEHICLE_NAMES,
)
from wasteland.aftermath.mission import graph_of, page_of
from wasteland.aftermath.setup import (
    PLAYER_COUNTS, make_options, names_for, out_of_deck, read_start, start_data, the_book,
)
from wasteland.aftermath.state import (
    Activate, AfterTurn, Arrive, Attack, CheckThreat, Ending, Feed, Fled, Gain, Leave, Mend, NextTurn, Options, Pay,
    Phase,
    Rest, Resume, Settle, StartTurn,
    State, Wait,
)
from wasteland.aftermath.vocabulary import DIALS, TOKENS, dial_top

__all__ = ["check_options", "check_state", "check_view", "redact", "COUNT_LIMIT"]

#: The most a counter of the table (turns, batteries, charge, movement points, a test's focus, a
#: group task's dial, an attack's strength, wounds) may hold (*design*: far above any mission).
COUNT_LIMIT = 1_000
_RULE_EFFECTS = (Wait, StartTurn, Resume, CheckThreat, AfterTurn, NextTurn, Activate, Attack, Arrive, Leave, Fled,
                 Gain, Pay, Feed, Settle, Mend, Rest)


def redact(book: Book, page: int, read: tuple[str, ...]) -> Book:
    """The book as the party knows it: page ``page``'s map and its entries as the page shows them
    (number, when each is read, its space and token), with the text and effects of those read
    only, and a campaign's travel map, missions and goals. An unread entry's text and effects,
    every other page and the colony phase's effects are not there."""
    pages = tuple(replace(p, entries=tuple(e if e.id in read else replace(e, text="", effects=())
                                           for e in p.entries))
                  for p in book.pages if p.number == page)
    # a campaign's travel map, missions (their locations) and goals are on the table; what the
    # colony phase will bring is the book's until it happens
    missions = tuple(replace(m, won=(), lost=()) for m in book.missions)
    return replace(book, pages=pages, missions=missions, colony=(), overtime=())


def _read_book(book: Book, options: Options) -> None:
    try:
        again = read_book(book_data(book), names_for(options.cards))
    except ConfigError as exc:
        raise ValueError(f"the book does not pass the reader's checks: {exc}") from None
    if again != book:
        raise ValueError("the book does not read back as the book reader makes it")


def _read_view_book(book: Book, options: Options) -> None:
    """A view's book: the current page alone, which passes the reader's checks of a page (an
    entry not read yet shows no text: any text stands in for it)."""
    if len(book.pages) != 1:
        raise ValueError("a view's book holds the current page only")
    page = book.pages[0]
    data = book_data(replace(book, pages=(page,)))["pages"][0]
    for entry in data["entries"]:
        entry["text"] = entry["text"] or "-"
    try:
        read_page(data, names_for(options.cards))
    except ConfigError as exc:
        raise ValueError(f"the page does not pass the reader's checks: {exc}") from None


def _known(book: Book) -> bool:
    """Whether ``book`` may be a book as the party knows it (one page, entries not read blank)."""
    return len(book.pages) == 1 and redact(book, book.pages[0].number, tuple(
        e.id for e in book.pages[0].entries if e.text or e.effects)) == book


def _check_book(state: State) -> None:
    """The table's book is its options' book (or the starter book), whole or as the party knows
    it (a view's, or a table's dealt from a view by ``determinize``)."""
    options, book = state.options, state.book
    if options.book is not None and options.book != book:
        raise ValueError("the table's book is the options' book")
    if _known(book) and redact(book, state.page, state.read) == book and (
            options.book is not None or book == redact(the_book(options), state.page, state.read)):
        _read_view_book(book, options)
    elif options.book is None:
        if book != the_book(options):
            raise ValueError("the table's book is the starter book, whole or as the party knows it")
    elif state.viewer is not None:
        raise ValueError("a view's book shows the current page only, and the entries read only")
    else:
        _read_book(book, options)


def check_options(options: Options) -> None:
    """Options read from a file are what ``make_options`` makes of them (a book and a card set of
    one's own pass the readers' checks of their plain data)."""
    if options.players not in PLAYER_COUNTS:
        raise ValueError("players run from 1 to 4")
    if options.book is not None:
        if _known(options.book):
            _read_view_book(options.book, options)
        elif any(not e.text for p in options.book.pages for e in p.entries):
            raise ValueError("a book as the party knows it (its entries not read blank) holds the current page only")
        else:
            _read_book(options.book, options)
    try:
        cards = None if options.cards is None else read_card_set(card_set_data(options.cards))
        start = None if options.campaign is None else read_start(
            start_data(options.campaign), options.book if options.book is not None else the_book(options))
        again = make_options(players=options.players, characters=list(options.characters), book=options.book,
                             cards=cards, campaign=start)
    except ConfigError as exc:
        raise ValueError(str(exc)) from None
    if again != options:
        raise ValueError("the options do not read back as new_game would make them")


def _once(cards: Iterable[int], count: int, what: str, *, view: bool) -> None:
    """``cards`` (HIDDEN allowed in a view) are the ids 0..count-1, each exactly once."""
    placed = list(cards)
    known = [c for c in placed if not (view and c == HIDDEN)]
    if len(set(known)) != len(known) or not all(0 <= c < count for c in known):
        raise ValueError(f"{what} ids run from 0 to {count - 1}, each in one place")
    if len(placed) != count:
        raise ValueError(f"every {what} is in exactly one place")


def _bounded(values: Iterable[int], low: int, high: int, what: str) -> None:
    if not all(low <= v <= high for v in values):
        raise ValueError(f"{what} runs from {low} to {high}")


def _page(state: State) -> Page:
    page = page_of(state)
    if page is None:
        raise ValueError(f"the book has no page {state.page}")
    return page


def check_state(state: State) -> None:
    """ValueError naming the first thing wrong with a table or view read from a file."""
    _check_book(state)
    page = _page(state)
    if state.graph != graph_of(page):
        raise ValueError(f"the graph is not the map of page {page.number}")
    # a book as the party knows it holds the current page alone: the other pages are not known
    numbers = None if _known(state.book) else frozenset(p.number for p in state.book.pages)
    _check_seats_characters_turns(state, page, numbers)
    _check_the_characters(state, page)
    _check_action_cards(state)
    _check_items(state)
    _check_encounter_cards(state)
    _check_scavenge_tokens(state, page)
    _check_enemies(state, page)
    _check_tokens_and_dials(state, page)
    _check_the_decision_in_progress(state, numbers)
    _check_outing(state)


def _check_seats_characters_turns(state: State, page: Page, numbers: frozenset[int] | None) -> None:
    """The viewer, the active character and the reader, the turn and round, the pages visited and
    the entries read."""
    options = state.options
    n = len(options.characters)
    if state.viewer is not None and not 0 <= state.viewer < options.players:
        raise ValueError("the viewer is not a seat at the table")
    entries = {e.id for e in page.entries}
    if not 0 <= state.active < n or not 0 <= state.reader < n or not 0 <= state.bookkeeper < n:
        raise ValueError("the active character, the reader and the bookkeeper are characters of the table")
    if not 0 <= state.turn <= COUNT_LIMIT * ROUNDS or not 0 <= state.round <= ROUNDS \
            or state.round == ROUNDS and state.phase is not Phase.OVER:
        raise ValueError(f"the round runs from 0 to {ROUNDS - 1} ({ROUNDS} once the time is out)")
    if numbers is not None and not set(state.visited) <= numbers or len(set(state.visited)) != len(state.visited):
        raise ValueError("a page visited is not a page of the book")
    if not all(e in entries for e in state.read):
        raise ValueError(f"an entry read is not an entry of page {page.number}")
    if len(state.this_turn) > COUNT_LIMIT:
        raise ValueError("too many entries read this turn")


def _check_the_characters(state: State, page: Page) -> None:
    """Per character: a hand, a space on the page, wounds, statuses, gear, charge, pack, batteries."""
    names = {sp.name for sp in page.spaces}
    n = len(state.options.characters)
    for what, rows in (("hands", state.hands), ("spaces", state.spaces), ("wounds", state.wounds),
                       ("toxic", state.toxic), ("statuses", state.statuses), ("fled", state.fled),
                       ("gear", state.gear), ("charge", state.charge), ("pack", state.pack),
                       ("batteries", state.batteries)):
        if len(rows) != n:
            raise ValueError(f"{what} holds one entry per character")
    if not all(s == "" or s in names for s in state.spaces):
        raise ValueError(f"a character stands on a space not on page {page.number}")
    _bounded((*state.wounds, *state.toxic, *state.batteries), 0, COUNT_LIMIT, "wounds, toxic wounds and batteries")
    if not all(len(set(s)) == len(s) and set(s) <= set(STATUS_NAMES) for s in state.statuses):
        raise ValueError("a status is not one of the game's, or is held twice")
    if not all(len(h) <= HAND + COUNT_LIMIT // 100 for h in state.hands):
        raise ValueError("a hand holds too many cards")
    if not all(len(g) == len(SLOTS) for g in (*state.gear, *state.charge)):
        raise ValueError(f"gear and charge hold {len(SLOTS)} slots per character")
    _bounded((c for row in state.charge for c in row), 0, COUNT_LIMIT, "charge")
    if sum(state.batteries) + sum(c for row in state.charge for c in row) > BATTERIES:
        raise ValueError(f"the box holds {BATTERIES} battery tokens: the characters hold more")
    if not all(len(p) <= PACK for p in state.pack):
        raise ValueError(f"a pack holds {PACK} items at most")


def _check_action_cards(state: State) -> None:
    """Each action card once (deck, discard, hands, played, threat track, group task)."""
    view = state.viewer is not None
    if len(state.threats) != TRACK:
        raise ValueError(f"the threat track has {TRACK} slots")
    _once((*state.deck, *state.discard, *(c for h in state.hands for c in h), *state.played,
           *(t for t in state.threats if t != NONE), *((state.task_card,) if state.task_card != NONE else ())),
          len(ACTION_CARDS), "action card", view=view)
    if HIDDEN in (*state.discard, *state.played, *state.threats, state.task_card):
        raise ValueError("only the deck and the hands hide their cards")


def _check_items(state: State) -> None:
    """Each item once (deck, gear, packs, broken, scrapped, gained and waiting to be placed); the
    items moved in the Equip/Trade under way are held, each once."""
    view = state.viewer is not None
    gained = [e.item for e in state.stack if type(e) is Gain]
    if not all(type(i) is int for i in gained):
        raise ValueError("an item gained is not an item id")
    if not all(n in ITEM_NAMES and ITEMS[ITEM_NAMES.index(n)].slot == STASH for n in state.outing.supply):
        raise ValueError("only a colony upgrade goes to the colony supply")
    supply = [ITEM_NAMES.index(n) for n in state.outing.supply]
    placed = [*state.item_deck, *(i for g in state.gear for i in g if i != NONE), *(i for p in state.pack for i in p),
              *state.broken, *state.scrapped, *gained, *supply]
    known = [i for i in placed if not (view and i == HIDDEN)]
    if len(set(known)) != len(known) or not all(0 <= i < len(ITEMS) for i in known):
        raise ValueError(f"item ids run from 0 to {len(ITEMS) - 1}, each in one place")
    # the discovery deck's cards not fetched and the colony supply's may be out of play
    out = {ITEM_NAMES.index(n) for n in out_of_deck(state.book, state.options) if n not in state.outing.discovered}
    if len(placed) != len(set(known) | (set(range(len(ITEMS))) - out)):
        raise ValueError("every item of the mission is in exactly one place")
    if HIDDEN in (*(i for g in state.gear for i in g), *(i for p in state.pack for i in p), *state.broken,
                  *state.scrapped, *gained):
        raise ValueError("only the item deck hides its cards")
    held = {i for g in state.gear for i in g if i != NONE} | {i for p in state.pack for i in p}
    if len(set(state.moved)) != len(state.moved) or not set(state.moved) <= held \
            or state.moved and state.phase is not Phase.EQUIP:
        raise ValueError("the items moved are held, each once, and only while an Equip/Trade is under way")


def _check_encounter_cards(state: State) -> None:
    """Each encounter card once (deck, discard)."""
    view = state.viewer is not None
    _once((*state.encounter_deck, *state.encounter_discard), len(ENCOUNTER_CARDS), "encounter card", view=view)
    if HIDDEN in state.encounter_discard:
        raise ValueError("the encounter discard is face up")


def _check_scavenge_tokens(state: State, page: Page) -> None:
    """Each scavenge token once (on the map, in its tier's pile, taken, lost)."""
    names = {sp.name for sp in page.spaces}
    view = state.viewer is not None
    if len(state.piles) != len(TIERS):
        raise ValueError(f"there are {len(TIERS)} piles of scavenge tokens")
    _once((*(c.token for c in state.caches), *(t for p in state.piles for t in p), *state.taken, *state.lost),
          len(CACHES), "scavenge token", view=view)
    if HIDDEN in state.taken:
        raise ValueError("the scavenge tokens taken are face up")
    for k, pile in enumerate(state.piles):
        if not all(t == HIDDEN or CACHES[t].difficulty == TIERS[k] for t in pile):
            raise ValueError("a pile holds the scavenge tokens of its difficulty only")
    for cache in state.caches:
        if cache.space not in names or cache.difficulty not in TIERS \
                or cache.token != HIDDEN and CACHES[cache.token].difficulty != cache.difficulty:
            raise ValueError("a face-down scavenge token lies off the page or shows another difficulty")


def _check_enemies(state: State, page: Page) -> None:
    """Each enemy card at most once (track, Hunt box); figures on the page; loots of past encounters."""
    names = {sp.name for sp in page.spaces}
    enemies = len(table_of(state).enemies)
    foes = [f.card for f in state.foes]
    if len(set((*foes, *state.hunt))) != len(foes) + len(state.hunt) \
            or not all(0 <= c < enemies for c in (*foes, *state.hunt)) or len(foes) > TRACK:
        raise ValueError(f"enemy card ids run from 0 to {enemies - 1}, each in one place")
    for foe in state.foes:
        if not 0 < len(foe.spaces) <= MAX_FIGURES or len(foe.wounds) != len(foe.spaces) \
                or not set(foe.spaces) <= names or not all(0 <= w <= COUNT_LIMIT for w in foe.wounds):
            raise ValueError("an enemy's figures stand off the page or carry wounds out of range")
        if not 0 <= foe.group < state.encounters:
            raise ValueError("an enemy's encounter has not happened")
    if not 0 <= state.encounters <= COUNT_LIMIT or not all(0 <= x.group < state.encounters for x in state.loots):
        raise ValueError("a loot names an encounter that has not happened")
    for loot in state.loots:
        prize = loot.prize
        if not (all(k in DIALS and 1 <= v <= 20 for k, v in prize.dials) and 0 <= prize.batteries <= 8
                and 0 <= prize.items <= 5 and 0 <= prize.broken <= 5):
            raise ValueError("a loot gives more than the book reader allows a prize")


def _check_tokens_and_dials(state: State, page: Page) -> None:
    """Tokens on the page, of the game's kinds; the dials, the task's dial, movement and focus."""
    names = {sp.name for sp in page.spaces}
    if not all(t.space in names and t.kind in TOKENS for t in state.tokens):
        raise ValueError(f"a token is not one of the game's or lies on a space not on page {page.number}")
    if len(state.dials) != len(DIALS):
        raise ValueError(f"there are {len(DIALS)} dials")
    for name, value in zip(DIALS, state.dials):
        _bounded((value,), 0, dial_top(name, state.outing.lifted), f"the {name} dial")
    _bounded((state.task_dial, state.mp, state.focus), 0, COUNT_LIMIT, "the task's dial, movement and focus")


def _check_the_decision_in_progress(state: State, numbers: frozenset[int] | None) -> None:
    """Travel, candidates, the test, the ending, the stack and, in a view, what it hides."""
    n = len(state.options.characters)
    view = state.viewer is not None
    if numbers is not None and not set(state.travel) <= numbers or len(state.travel) > COUNT_LIMIT:
        raise ValueError("a page to travel to is not a page of the book")
    if not all(0 <= c < n for c in state.candidates) or len(set(state.candidates)) != len(state.candidates):
        raise ValueError("a candidate is not a character of the table")
    if state.test is not None and (not 0 <= state.test.who < n or not 0 <= state.test.difficulty <= COUNT_LIMIT):
        raise ValueError("the test in progress names a character not at the table or a difficulty out of range")
    if state.ending not in ("", *(e.value for e in Ending)) or (state.ending != "") != (state.phase is Phase.OVER):
        raise ValueError("a finished mission, and only a finished one, names one of the game's endings")
    _check_stack(state, n, numbers)
    if view:
        check_view(state)


def _check_outing(state: State) -> None:
    """The campaign's part of a mission: the party marker on the travel map (none without one),
    discovery cards and personal goals of the book, each once, the lives counted in bounds."""
    outing, book = state.outing, state.book
    spaces = () if book.map is None else tuple(s.name for s in book.map.spaces)
    if outing.location not in spaces and not (book.map is None and outing.location == ""):
        raise ValueError("the party marker is not on the travel map")
    if len(set(outing.discovered)) != len(outing.discovered) or not set(outing.discovered) <= set(book.discovery):
        raise ValueError("a discovery card fetched is not the book's, or is fetched twice")
    if len(set(outing.goals)) != len(outing.goals) or not set(outing.goals) <= {g.character for g in book.goals}:
        raise ValueError("a personal goal done is not the book's, or is done twice")
    if not 0 <= outing.lives <= COUNT_LIMIT:
        raise ValueError(f"the lives counted run from 0 to {COUNT_LIMIT}")
    cards = table_of(state)
    characters = state.options.characters
    if len(outing.abilities) != len(characters):
        raise ValueError("the ability cards are held per character of the table")
    for name, held in zip(characters, outing.abilities):
        mine = {a.name for a in cards.abilities if a.character == name}
        starting = next(a.name for a in cards.abilities if a.character == name and a.starting)
        if len(set(held)) != len(held) or not set(held) <= mine or not held or held[0] != starting:
            raise ValueError("a character holds its own ability cards, each once, its starting one first")
    if len(set(outing.influenced)) != len(outing.influenced) \
            or not all(type(c) is int and 0 <= c < len(characters) for c in outing.influenced):
        raise ValueError("an influence card played is a character's of the table, played once")
    if len(set(outing.ahead)) != len(outing.ahead) or not all(
            type(c) is int and 0 <= c < len(characters) and not state.spaces[c] and not state.fled[c]
            for c in outing.ahead) or outing.ahead and not outing.exit_page:
        raise ValueError("a character who has left the page is off it, not fled, once, by a way off it")
    page = page_of(state)
    if outing.exit_page and (page is None or outing.exit_space not in {sp.name for sp in page.spaces}
                             or all(p.number != outing.exit_page for p in book.pages) and len(book.pages) > 1) \
            or bool(outing.exit_space) != bool(outing.exit_page):
        raise ValueError("the way off the page is on a space of the page and leads to a page of the book")
    for what, names, allowed in (("an environment", outing.environment, ENVIRONMENT_NAMES),
                                 ("a vehicle", outing.vehicles, VEHICLE_NAMES)):
        if len(set(names)) != len(names) or not set(names) <= set(allowed):
            raise ValueError(f"{what} card is not the game's, or is in play twice")


def _check_stack(state: State, n: int, numbers: frozenset[int] | None) -> None:
    """The rules' effects in range, the book's the book's own, a Wait only on top."""
    book_effects = [e for p in state.book.pages for entry in p.entries for e in entry.effects]
    book_effects += [*state.book.colony, *state.book.overtime]
    book_effects += [e for m in state.book.missions for e in (*m.won, *m.lost)]
    known = set(all_effects(book_effects))
    book = [*(e for e in state.stack if not isinstance(e, _RULE_EFFECTS))]
    if state.test is not None:
        book += [*state.test.success, *state.test.failure]
    if state.choice is not None:
        book.append(state.choice)
    if state.task is not None:
        book.append(state.task)
    if not all(e in known for e in book):
        raise ValueError("an effect in progress is not one of the book's")
    for position, effect in enumerate(state.stack):
        # figure MAX_FIGURES: the slot's last figure has attacked and the next one is sought
        if isinstance(effect, Activate) and not (0 <= effect.slot < TRACK and 0 <= effect.figure <= MAX_FIGURES
                                                 and effect.stage in (0, 1) and -1 <= effect.chosen < n):
            raise ValueError("an enemy's activation is out of range")
        if isinstance(effect, Attack) and not (0 <= effect.who < n and 0 <= effect.strength <= COUNT_LIMIT):
            raise ValueError("an attack names a character not at the table or a strength out of range")
        if isinstance(effect, (Gain, Feed)) and not 0 <= effect.who < n:
            raise ValueError("an item gained or a meal names a character not at the table")
        if isinstance(effect, Pay) and not (0 <= effect.card < len(ABILITY_NAMES)
                                            and ABILITY_NAMES[effect.card] in state.outing.abilities[state.active]):
            raise ValueError("an ability paid for is not one the acting character holds")
        if isinstance(effect, (Arrive, Leave)) and numbers is not None and effect.page not in numbers:
            raise ValueError("the party goes to a page that is not in the book")
        if isinstance(effect, Wait) and position != len(state.stack) - 1:
            raise ValueError("a pending decision is always on top of the stack")
    if state.phase is Phase.OVER:
        if state.stack:
            raise ValueError("a finished mission has nothing left to resolve")
    elif not state.stack or not isinstance(state.stack[-1], Wait):
        raise ValueError("a table in play waits for a decision: a Wait on top of the stack")


def check_view(state: State) -> None:
    """ValueError unless a view hides what ``view`` hides: every deck and pile, the face-down
    scavenge tokens and those left behind, the hands of the characters other seats play, and
    shows no generator; its book is the book as the party knows it."""
    seat = state.viewer
    if seat is None:
        raise ValueError("the table is not a view")
    for what, pile in (("deck", state.deck), ("item_deck", state.item_deck), ("encounter_deck", state.encounter_deck),
                       ("lost", state.lost), ("piles", tuple(t for p in state.piles for t in p)),
                       ("caches", tuple(c.token for c in state.caches))):
        if any(c != HIDDEN for c in pile):
            raise ValueError(f"a view hides the {what}")
    for c, hand in enumerate(state.hands):
        if HIDDEN in hand if c % state.options.players == seat else any(k != HIDDEN for k in hand):
            raise ValueError("a view hides the hands other seats play and shows its seat's own")
    if state.rng != HIDDEN_RNG:
        raise ValueError("a view shows no generator")

