"""Options and the table at the start of a mission (the seed's "Preparación").

The action deck is shuffled; each character starts with its starting item equipped and no card
(each draws to 5 in its first draw step); the item deck, the encounter deck and the three piles of
scavenge tokens (by difficulty) are shuffled; the enemy cards wait in the supply (the bosses in
their own face-up deck: the supply too). The party arrives at the mission's first page (page 2 of
the starter book, as the seed says for a first game) and character 0, the first bookkeeper, takes
the first turn (*design*: the seed lets the players choose).
"""

from __future__ import annotations

from collections.abc import Callable

from wasteland.core.data import DerivedCache, at, need_bool, need_int, need_list, need_object
from wasteland.core.game import ConfigError, check_options, short
from wasteland.core.rng import Rng
from wasteland.core.spaces import SpaceGraph
from wasteland.aftermath.book import (
    CHARACTERS as GOAL_CHARACTERS, DEFAULT_BOOK_PATH, DEMO_CAMPAIGN_PATH, Book, Names, load_book, read_book,
)
from wasteland.aftermath.card_set import CardSet, card_table, read_card_set
from wasteland.aftermath.cards import (
    ACTION_CARDS, CACHES, CHARACTER_NAMES, CHARACTERS, ENCOUNTER_CARDS, ENEMY_TYPES, ITEM_NAMES, ITEMS,
    NONE, PACK, SLOTS, STASH, STATUS_NAMES, TIERS, TRACK,
)
from wasteland.aftermath.state import Arrive, Effect, Options, Outing, Phase, Start, StartTurn, State
from wasteland.aftermath.vocabulary import CAP, CAPPED_DIAL, DIAL_TOPS, DIALS

__all__ = ["make_options", "initial_state", "PLAYER_COUNTS", "DEFAULT_CHARACTERS", "START_DIALS", "names_for",
           "LATER_PAGE", "first_page",
           "the_book", "out_of_deck", "demo_campaign_book", "read_start", "start_data", "CAMPAIGN_BOOK",
           "PLAYED", "UPGRADES"]

#: The ``book`` option naming the shipped demo campaign (``campaign.DEMO_CAMPAIGN_PATH``).
CAMPAIGN_BOOK = "campaign"
#: How the missions of a campaign played so far give its next mission's start (``campaign.start_after``):
#: a hook installed from above when ``campaign`` is imported (it plays the missions with the engine), so
#: that setup imports nothing above it.
PLAYED: list[Callable[[object, object], Start]] = []

PLAYER_COUNTS = (1, 2, 3, 4)
#: The characters of a table when none are named (*design*: the two sturdiest first).
DEFAULT_CHARACTERS: dict[int, tuple[str, ...]] = {
    1: ("grumple", "whisper"), 2: ("grumple", "whisper"), 3: ("grumple", "whisper", "meziah"),
    4: ("grumple", "whisper", "meziah", "ringr"),
}
#: How many characters each number of players may field (seed: 1 player controls 2 characters).
_ALLOWED = {1: (2,), 2: (2, 4), 3: (3,), 4: (4,)}
#: Seed, "Preparar" step 14: the first game of a campaign starts at page 2 (the mission's
#: ``start_page``), the second and every later one at page 3.
LATER_PAGE = 3
#: The colony upgrades: the item cards showing the Stash slot.
UPGRADES: tuple[str, ...] = tuple(i.name for i in ITEMS if i.slot == STASH)
#: *design*: the dials at the start of a mission (food, scrap, population, morale, clues, time).
START_DIALS: tuple[int, ...] = (5, 3, 5, 5, 0, 0)


def names_for(cards: CardSet | None) -> Names:
    """The names a book may use, from the card set played."""
    enemies = card_table(cards).enemies
    return Names(enemies=frozenset(e.name for e in enemies), enemy_types=frozenset(ENEMY_TYPES),
                 items=frozenset(ITEM_NAMES), statuses=frozenset(STATUS_NAMES))


def make_options(*, players: int = 1, characters: object = None, book: object = None,
                 cards: object = None, campaign: object = None) -> Options:
    """The options of a new mission; ConfigError says what is allowed. ``characters`` a list of
    names (``meziah``, ``whisper``, ``ringr``, ``grumple``) in turn order; ``book`` plain JSON data
    of a book of one's own (``docs/book-format.md``); ``cards`` enemy cards of one's own;
    ``campaign`` what a campaign's mission starts from (a ``Start``, or its plain JSON data as
    ``start_data`` writes it; ``campaign.start_mission`` gives it), or the missions of the campaign
    played so far (``{"infinite": false, "missions": [...]}``, see ``campaign.start_after``);
    ``book`` may also be ``"campaign"``, the shipped demo campaign."""
    check_options("players", players, PLAYER_COUNTS)
    if characters is None:
        chosen = DEFAULT_CHARACTERS[players]
    else:
        if not isinstance(characters, (list, tuple)) or not all(isinstance(c, str) for c in characters):
            raise ConfigError(f"characters must be a list of names, got {short(characters)}")
        chosen = tuple(characters)
        for name in chosen:
            check_options("characters", name, CHARACTER_NAMES)
        if len(set(chosen)) != len(chosen):
            raise ConfigError(f"characters must be different, got {short(list(chosen))}")
        if len(chosen) not in _ALLOWED[players]:
            counts = " or ".join(str(n) for n in _ALLOWED[players])
            raise ConfigError(f"{players} player{'s' * (players > 1)} play {counts} characters, got {len(chosen)}")
    card_set = read_card_set(cards)
    own: Book | None
    if book is None or isinstance(book, Book):
        own = book
    elif book == CAMPAIGN_BOOK:
        own = demo_campaign_book(card_set)
    else:
        own = read_book(book, names_for(card_set))
    played = own if own is not None else the_book(Options(cards=card_set))
    if isinstance(campaign, dict) and "missions" in campaign:
        # the campaign as the missions played so far: worked out by playing them again
        if not PLAYED:
            raise ConfigError("campaign: the missions played need wasteland.aftermath.campaign to play them")
        start: Start | None = PLAYED[0](campaign, book)
    else:
        start = campaign if isinstance(campaign, Start) or campaign is None else read_start(campaign, played)
    if start is not None and own is None:  # the two options go together: a campaign is played from its book
        raise ConfigError('campaign: a campaign\'s mission is played from its book: give book="campaign" (the demo '
                          "campaign) or the campaign book's data with it")
    return Options(players=players, characters=chosen, book=own, cards=card_set, campaign=start)


def start_data(start: Start) -> dict[str, object]:
    """The plain JSON data of a campaign's start (``read_start`` reads it back)."""
    data: dict[str, object] = {
        "mission": start.mission, "dials": list(start.dials), "lifted": start.lifted, "infinite": start.infinite,
        "box": list(start.box), "stash": list(start.stash), "goals": list(start.goals)}
    if start.later:
        data["later"] = True
    if start.upgrades:
        data["upgrades"] = list(start.upgrades)
    return data


def read_start(data: object, book: Book, where: str = "campaign") -> Start:
    """A campaign's start from plain JSON data, checked against ``book``; ConfigError naming the
    place of the first fault."""
    d = need_object(where, data, ("mission", "dials", "lifted", "infinite", "box", "stash", "goals", "later",
                                  "upgrades"))
    mission = need_int(at(where, "mission"), d.get("mission"), 0, len(book.missions) - 1)
    lifted = need_bool(at(where, "lifted"), d.get("lifted"))
    raw = need_list(at(where, "dials"), d.get("dials"), len(DIALS), len(DIALS))
    dials = tuple(need_int(at(where, "dials", k), v, 0, DIAL_TOPS[k] if lifted or name != CAPPED_DIAL else CAP)
                  for k, (name, v) in enumerate(zip(DIALS, raw)))

    def names(key: str, allowed: tuple[str, ...]) -> tuple[str, ...]:
        out: list[str] = []
        for i, v in enumerate(need_list(at(where, key), d.get(key, [] if key == "upgrades" else None), 0,
                                        len(allowed))):
            check_options(at(where, key, i), v, allowed)
            out.append(str(v))
        if len(set(out)) != len(out):
            raise ConfigError(f"{at(where, key)}: names one twice")
        return tuple(out)

    box, stash = names("box", book.discovery), names("stash", book.discovery)
    if set(box) & set(stash):
        raise ConfigError(f"{where}: a discovery card is both in the deck and in the colony supply")
    later = need_bool(at(where, "later"), d.get("later", False))
    if later and all(p.number != LATER_PAGE for p in book.pages):
        raise ConfigError(f"{at(where, 'later')}: a later game of a campaign starts at page {LATER_PAGE}, "
                          "which the book does not have")
    upgrades = names("upgrades", UPGRADES)
    if set(upgrades) & {*box, *stash}:
        raise ConfigError(f"{where}: a colony upgrade is both in the discovery deck and in the colony supply")
    return Start(mission, dials, lifted, need_bool(at(where, "infinite"), d.get("infinite")), box, stash,
                 names("goals", GOAL_CHARACTERS), later=later, upgrades=upgrades)


#: The demo campaign book, read from the package once per set of names (a cache of a pure function).
_DEMO: DerivedCache[Names, Book] = DerivedCache(lambda names: load_book(DEMO_CAMPAIGN_PATH, names))


def demo_campaign_book(cards: CardSet | None = None) -> Book:
    """The shipped demo campaign's book, read against the names of the card set ``cards``."""
    return _DEMO(names_for(cards))


#: The starter book, read from the package once per set of names (a cache of a pure function).
_STARTER: DerivedCache[Names, Book] = DerivedCache(lambda names: load_book(DEFAULT_BOOK_PATH, names))


def the_book(options: Options) -> Book:
    """The book a table plays: the user's, or the starter book read from the package."""
    return options.book if options.book is not None else _STARTER(names_for(options.cards))


def out_of_deck(book: Book, options: Options) -> tuple[str, ...]:
    """The item cards a mission's item deck is made without: the discovery deck's cards not yet
    fetched (a campaign's, or the whole of the book's discovery deck for a mission alone) and the
    colony supply (the discovery cards brought home, and the colony upgrades)."""
    start = options.campaign
    if start is None:
        return book.discovery
    return (*start.box, *start.stash, *start.upgrades)


def first_page(book: Book, options: Options) -> int:
    """Where the party arrives first (seed, "Preparar" step 14): a mission alone and a campaign's
    first game at the mission's ``start_page`` (page 2 in the seed's book), every later game of a
    campaign at page 3."""
    start = options.campaign
    if start is not None and start.later:
        return LATER_PAGE
    return book.missions[start.mission if start is not None else 0].start_page


def initial_state(seed: int, options: Options) -> State:
    """The table before the first decision; the arrival at the first page waits on the stack."""
    book = the_book(options)
    n = len(options.characters)
    rng = Rng.from_seed(seed)
    deck, rng = rng.shuffle(range(len(ACTION_CARDS)))
    starting = [ITEM_NAMES.index(CHARACTERS[CHARACTER_NAMES.index(c)].item) for c in options.characters]
    kept = {ITEM_NAMES.index(name) for name in out_of_deck(book, options)}
    items, rng = rng.shuffle([i for i in range(len(ITEM_NAMES)) if i not in starting and i not in kept])
    encounters, rng = rng.shuffle(range(len(ENCOUNTER_CARDS)))
    piles = []
    for tier in TIERS:
        pile, rng = rng.shuffle([k for k, cache in enumerate(CACHES) if cache.difficulty == tier])
        piles.append(pile)
    gear = tuple(tuple(item if k == SLOTS.index("paw") else NONE for k in range(len(SLOTS))) for item in starting)
    start = options.campaign
    dials = START_DIALS if start is None else (*start.dials[:-1], 0)  # the time dial counts this mission
    # *design*: the colony supply is dealt into the packs, in turn order, PACK cards a character
    supply = [ITEM_NAMES.index(name) for name in (start.stash if start is not None else ())
              if name not in (c.item for c in CHARACTERS)]
    pack = tuple(tuple(supply[c::n][:PACK]) for c in range(n))
    starting_abilities = tuple((next(a.name for a in card_table(options.cards).abilities
                                     if a.character == c and a.starting),) for c in options.characters)
    outing = Outing(location=book.map.start if book.map is not None else "",
                    lifted=start is not None and start.lifted, abilities=starting_abilities)
    stack: tuple[Effect, ...] = (StartTurn(), Arrive(first_page(book, options)))
    return State(
        options=options, book=book, phase=Phase.ACT, active=0, reader=0, bookkeeper=0, turn=0, round=0, page=0,
        graph=SpaceGraph((), ()), visited=(),
        revisit=False, read=(), this_turn=(), calamity_done=False, hostile=False, deck=deck, discard=(),
        hands=((),) * n, played=(), spaces=("",) * n, wounds=(0,) * n, toxic=(0,) * n, statuses=((),) * n,
        fled=(False,) * n, gear=gear, charge=((0,) * len(SLOTS),) * n, pack=pack, batteries=(0,) * n,
        item_deck=items, broken=(), scrapped=(), foes=(), threats=(NONE,) * TRACK, hunt=(), loots=(), encounters=0,
        encounter_deck=encounters, encounter_discard=(), caches=(), piles=tuple(piles), taken=(), lost=(), tokens=(),
        dials=dials, task=None, task_dial=0, task_card=NONE, test=None, mp=0, stepped=False, choice=None,
        travel=(), candidates=(), moved=(), focus=0, ending="", stack=stack, events=(), rng=rng, viewer=None,
        outing=outing,
    )
