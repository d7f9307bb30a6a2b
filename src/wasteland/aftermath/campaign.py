"""The campaign: missions played one after another, the colony's dashboard kept between them
(seed, "Aumento de diales", "De viaje", "Finalizar una misión", "La campaña", "Reiniciar el juego").

A :class:`Campaign` is an immutable record like every state, saved and loaded with the codec.
``start_mission(campaign, seed, characters)`` gives the State of its next mission (the dials, the
discovery deck, the colony supply and the goals done come from the campaign);
``finish_mission(campaign, final_state)`` gives the campaign after it, the colony phase the book
directs included. Both are pure; a wrong argument is refused with one line (IllegalAction for a
campaign or state that does not fit, ConfigError for options).

The dashboard (``vocabulary.DIALS``): food, scrap, population, morale, clues and time, each from 0
to its top (``DIAL_TOPS``, *design*); population stops at 15 until the book lifts its cap;
morale rises once a mission (the colony phase counts as part of it); food or morale at 0 loses
the campaign (page 100, entry 100-23), unless the infinite-lives mode sets both to 5. Time counts
the days of the mission played (it starts each mission at 0); each day over the mission's time
has the book's ``overtime`` effects. Every card of the book's discovery deck is in one place: the
deck (``box``, not fetched yet), the item deck (``found``) or the colony supply (``stash``: the
fetched cards the party brings home, dealt into the packs at the next mission's start, *design*).
The campaign is won once 4 characters' personal goals are done; play may go on while main
missions remain.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from attrs import frozen

from wasteland.core.codec import add_check, register
from wasteland.core.data import at, need_bool, need_int, need_list, need_object
from wasteland.core.game import ConfigError, IllegalAction, RulesError, short
from wasteland.core.records import replace
from wasteland.aftermath.book import (
    CHARACTERS, DEMO_CAMPAIGN_PATH, Book, Dial, Discover, Effect, Goal, LiftCap, Mission, book_data, read_book,
)
from wasteland.aftermath.cards import ITEM_NAMES, ITEMS, NONE
from wasteland.aftermath.mission import raise_dial
from wasteland.aftermath.rules import ENGINE
from wasteland.aftermath.setup import CAMPAIGN_BOOK, PLAYED, UPGRADES, demo_campaign_book, names_for, start_data
from wasteland.aftermath.state import Ending, Phase, Start, State
from wasteland.aftermath.vocabulary import CAP, CAPPED_DIAL, DIAL_TOPS, DIALS, LIFE_DIALS, LIFE_RESET, ONCE_DIAL

__all__ = [
    "Campaign", "DEMO_CAMPAIGN_PATH", "START", "GOALS_TO_WIN", "campaign_book", "new_campaign", "restart",
    "infinite_lives", "check_campaign", "start_after", "played_campaign", "MAX_MISSIONS_PLAYED", "mission_options",
    "start_mission", "finish_mission", "won", "main_mission",
]

#: *design*: the dashboard of a new campaign (food, scrap, population, morale, clues, time).
START: tuple[int, ...] = (6, 4, 6, 5, 0, 0)
#: Seed, "La campaña": the campaign is won when at least 4 characters' personal goals are done.
GOALS_TO_WIN = 4


@register("aftermath.Campaign")
@frozen
class Campaign:
    """A campaign between missions: ``book`` (None: the demo campaign); the dashboard's ``dials``
    (``vocabulary.DIALS`` order); whether the capped dial's cap is ``lifted``; the ``infinite``
    lives mode; the party marker's ``location`` on the travel map when the last mission ended; the
    main ``mission`` (index in the book's missions; their number when all are done); the discovery
    deck's cards not fetched (``box``), fetched into the item deck (``found``) and in the colony
    supply (``stash``); the characters whose personal ``goals`` are done; each mission's ending
    code (``results``); ``lost`` once a life dial reached 0 (restart, or switch to infinite lives);
    the colony ``upgrades`` in the colony supply (seed, "Artículos": a colony upgrade drawn goes to
    the colony supply deck box; *design*: each raises its dial in every colony phase)."""

    book: Book | None
    dials: tuple[int, ...]
    lifted: bool
    infinite: bool
    location: str
    mission: int
    box: tuple[str, ...]
    found: tuple[str, ...]
    stash: tuple[str, ...]
    goals: tuple[str, ...]
    results: tuple[str, ...]
    lost: bool
    upgrades: tuple[str, ...] = ()


#: The endings a campaign's results may name ("out_of_time": how a mission cut at the bound of
#: rounds was named before rules version 2).
_ENDINGS = (*(e.value for e in Ending), "out_of_time")


def check_campaign(c: Campaign) -> None:
    """Raise ConfigError (one line) unless ``c`` is a campaign its book can hold: the dials in
    their ranges, the main mission, the marker on the map, every discovery card in one place, the
    goals and results known. The codec runs it on every campaign it reads."""
    book = campaign_book(c)
    if len(c.dials) != len(DIALS) or not all(type(v) is int for v in c.dials):
        raise ConfigError(f"a campaign has {len(DIALS)} whole-number dials ({', '.join(DIALS)})")
    for k, (name, value) in enumerate(zip(DIALS, c.dials)):
        top = DIAL_TOPS[k] if c.lifted or name != CAPPED_DIAL else CAP
        if not 0 <= value <= top:
            raise ConfigError(f"the campaign's {name} dial is {value}: it runs from 0 to {top}")
    if type(c.mission) is not int or not 0 <= c.mission <= len(book.missions):
        raise ConfigError(f"the campaign's main mission is {short(c.mission)}: the book has {len(book.missions)}")
    spaces = [s.name for s in book.map.spaces] if book.map is not None else [""]
    if c.location not in spaces:
        raise ConfigError(f"the campaign's party marker is on {short(c.location)}, not a space of the travel map")
    if len(set(c.upgrades)) != len(c.upgrades) or not set(c.upgrades) <= set(UPGRADES):
        raise ConfigError(f"the campaign's colony upgrades are not the game's: {short(list(c.upgrades))}")
    found_upgrades = [u for u in c.upgrades if u in book.discovery]
    if sorted((*c.box, *c.found, *c.stash, *found_upgrades)) != sorted(book.discovery):
        raise ConfigError("the campaign's discovery cards are not each in one place (deck, item deck, supply)")
    if len(set(c.goals)) != len(c.goals) or not set(c.goals) <= set(CHARACTERS):
        raise ConfigError(f"the campaign's goals are not the characters' own: {short(list(c.goals))}")
    if not set(c.results) <= set(_ENDINGS) or len(c.results) > 10_000:
        raise ConfigError(f"the campaign's results are not mission endings: {short(list(c.results))}")


add_check(Campaign, check_campaign)


def campaign_book(campaign: Campaign) -> Book:
    """The book a campaign plays: its own, or the demo campaign's."""
    return campaign.book if campaign.book is not None else demo_campaign_book()


def _campaign(value: object) -> Campaign:
    if type(value) is not Campaign:
        raise IllegalAction(f"not an Aftermath campaign: {short(value)}")
    return value


def new_campaign(book: object = None, *, infinite: bool = False) -> Campaign:
    """A new campaign of ``book`` (a Book, plain JSON data of one, or None for the demo campaign):
    the dials at ``START``, the party marker on the travel map's start, every discovery card in
    the discovery deck, no goal done. ConfigError for a book that is not right."""
    if type(infinite) is not bool:
        raise ConfigError(f"infinite must be true or false, got {short(infinite)}")
    own: Book | None
    if book is None or isinstance(book, Book):
        own = book
    else:
        own = read_book(book, names_for(None))
    the_book = own if own is not None else demo_campaign_book()
    location = the_book.map.start if the_book.map is not None else ""
    return Campaign(own, START, False, infinite, location, 0, the_book.discovery, (), (), (), (), False)


def restart(campaign: Campaign) -> Campaign:
    """Seed, "Reiniciar el juego": every discovered card goes back to the discovery deck and
    everything is reset, the book and the lives mode kept."""
    c = _campaign(campaign)
    return new_campaign(c.book, infinite=c.infinite)


def infinite_lives(campaign: Campaign) -> Campaign:
    """Seed, "Modo de vidas infinitas": the campaign switches to infinite lives; a lost campaign
    sets food and morale to 5 and goes on (its lost mission is played again)."""
    c = _campaign(campaign)
    dials = list(c.dials)
    if c.lost:
        for name in LIFE_DIALS:
            dials[DIALS.index(name)] = LIFE_RESET
    return replace(c, infinite=True, lost=False, dials=tuple(dials))


def won(campaign: Campaign) -> bool:
    """Whether at least 4 characters' personal goals are done (done stays done)."""
    return len(_campaign(campaign).goals) >= GOALS_TO_WIN


def main_mission(campaign: Campaign) -> Mission | None:
    """The main mission to play next, None when every one is done."""
    c = _campaign(campaign)
    missions = campaign_book(c).missions
    return missions[c.mission] if c.mission < len(missions) else None


def _start(c: Campaign) -> Start:
    return Start(c.mission, c.dials, c.lifted, c.infinite, c.box, c.stash, c.goals, later=bool(c.results),
                 upgrades=c.upgrades)


def start_mission(campaign: Campaign, seed: int, characters: Sequence[str], players: int | None = None) -> State:
    """The State of the campaign's next mission, played by ``characters`` (any of the four, any
    number the player count allows: they may change between missions) on ``players`` seats (by
    default one seat for two characters, else a seat each). IllegalAction when the campaign is
    lost or has no main mission left; ConfigError for wrong characters or seed."""
    c = _campaign(campaign)
    if c.lost:
        raise IllegalAction("the campaign is lost: restart it, or switch to infinite lives")
    if main_mission(c) is None:
        raise IllegalAction("every main mission of this campaign is done")
    return ENGINE.new_game(seed, **mission_options(c, characters, players))


def mission_options(campaign: Campaign, characters: Sequence[str], players: int | None = None) -> dict[str, Any]:
    """The options of the campaign's next mission as plain JSON data (``new_game(seed, **options)``
    plays it; a replay or a saved game keeps them): the book (``"campaign"`` for the demo
    campaign) and what the mission starts from."""
    c = _campaign(campaign)
    if not isinstance(characters, (list, tuple)):
        raise ConfigError(f"characters must be a list of names, got {short(characters)}")
    seats = players if players is not None else (1 if len(characters) == 2 else len(characters))
    return {"players": seats, "characters": list(characters),
            "book": CAMPAIGN_BOOK if c.book is None else book_data(c.book), "campaign": start_data(_start(c))}


class _Colony:
    """The colony phase being worked out: the dashboard and the cards, changed in place."""

    def __init__(self, c: Campaign, dials: Sequence[int], lifted: bool, raised: bool) -> None:
        self.dials = list(dials)
        self.lifted, self.raised, self.infinite = lifted, raised, c.infinite
        self.lost = False
        self.box, self.found, self.goals = list(c.box), list(c.found), list(c.goals)

    def apply(self, effect: Effect) -> None:
        if self.lost:
            return
        if isinstance(effect, Dial):
            rose = raise_dial(self.dials, effect.dial, effect.amount, lifted=self.lifted, raised=self.raised)
            self.raised = self.raised or (rose and effect.dial == ONCE_DIAL)
            if any(self.dials[DIALS.index(d)] == 0 for d in LIFE_DIALS):
                if self.infinite:
                    for d in LIFE_DIALS:
                        self.dials[DIALS.index(d)] = LIFE_RESET
                else:
                    self.lost = True
        elif isinstance(effect, Discover):
            if effect.item in self.box:  # a card fetched twice is ignored
                self.box.remove(effect.item)
                self.found.append(effect.item)  # to the bottom of the deck, unshuffled
        elif isinstance(effect, Goal):
            if effect.character not in self.goals:
                self.goals.append(effect.character)
        elif isinstance(effect, LiftCap):
            self.lifted = True


def _check_final(c: Campaign, book: Book, state: object) -> State:
    s = ENGINE.table(state)
    if s.phase is not Phase.OVER:
        raise IllegalAction("the mission is not over: finish it first")
    if s.options.campaign != _start(c) or s.book != book:
        raise IllegalAction("this mission was not started from this campaign")
    for name, value in zip(DIALS, s.dials):
        if not 0 <= value <= DIAL_TOPS[DIALS.index(name)]:
            raise IllegalAction(f"the {name} dial is out of its range: {value}")
    if not set(s.outing.discovered) <= set(c.box) or not set(s.outing.goals) <= set(CHARACTERS):
        raise IllegalAction("this mission fetched cards or did goals the campaign does not know")
    return s


def finish_mission(campaign: Campaign, final_state: State) -> Campaign:
    """The campaign after its mission ended in ``final_state``: the dials as the mission left
    them, the cards fetched and goals done, the discovery cards the party holds in the colony
    supply; then, unless the campaign was lost, the colony phase (won or lost: the mission's
    ``won`` or ``lost`` effects, the book's ``colony`` effects, the ``overtime`` effects for each
    day over the mission's time) and, when it was won, the next main mission."""
    c = _campaign(campaign)
    book = campaign_book(c)
    s = _check_final(c, book, final_state)
    mission = book.missions[c.mission]
    ending = Ending(s.ending)
    colony = _Colony(c, s.dials, c.lifted or s.outing.lifted, s.outing.raised)
    for name in s.outing.discovered:
        colony.box.remove(name)
        colony.found.append(name)
    for name in s.outing.goals:
        if name not in colony.goals:
            colony.goals.append(name)
    held = {ITEM_NAMES[i] for g in s.gear for i in g if i != NONE} | {ITEM_NAMES[i] for p in s.pack for i in p}
    upgrades = (*c.upgrades, *(u for u in s.outing.supply if u not in c.upgrades))
    fetched = [name for name in (*c.stash, *colony.found) if name not in upgrades]
    stash = tuple(name for name in fetched if name in held)
    found = tuple(name for name in fetched if name not in held)
    colony.found = list(found)
    if ending is Ending.LOST:
        colony.lost = True
    else:
        # a mission the engine cut at its bound of rounds is neither won nor lost (the seed sets no
        # time limit): the colony phase follows without the mission's own effects, and it is played again
        own = mission.won if ending is Ending.WON else () if ending is Ending.CUT else mission.lost
        # *design*: each colony upgrade in the supply raises its dial in every colony phase
        effects = (*own, *book.colony, *(Dial(ITEMS[ITEM_NAMES.index(u)].attribute, ITEMS[ITEM_NAMES.index(u)].bonus)
                                         for u in upgrades))
        over = max(0, s.dials[DIALS.index("time")] - mission.time)
        effects += tuple(book.overtime) * over
        for effect in effects:
            colony.apply(effect)
    return Campaign(
        c.book, tuple(colony.dials), colony.lifted, c.infinite, s.outing.location or c.location,
        c.mission + (ending is Ending.WON), tuple(colony.box), tuple(colony.found), stash, tuple(colony.goals),
        (*c.results, ending.value), colony.lost, upgrades,
    )


#: At most so many moves in a mission written as its moves (a mission ends within 20 rounds).
ENGINE_BOUND = 100_000
#: At most so many missions in a campaign written as the missions played (a replay's options).
MAX_MISSIONS_PLAYED = 40


def played_campaign(data: object, book: object = None, where: str = "campaign") -> Campaign:
    """The campaign after the missions in ``data`` (``{"infinite": false, "missions": [{"seed",
    "players", "characters", "moves"}, ...]}``, each move in notation), played again from a new
    campaign of ``book`` (the ``book`` option: None or ``"campaign"`` for the demo campaign, or a
    book's plain JSON data) and chained through ``finish_mission``: how a replay records a whole
    campaign. ConfigError naming the mission and move of the first fault."""
    d = need_object(where, data, ("infinite", "missions"))
    infinite = need_bool(at(where, "infinite"), d.get("infinite", False))
    campaign = new_campaign(None if book in (None, CAMPAIGN_BOOK) else book, infinite=infinite)
    for i, item in enumerate(need_list(at(where, "missions"), d.get("missions"), 0, MAX_MISSIONS_PLAYED)):
        here = at(where, "missions", i)
        m = need_object(here, item, ("seed", "players", "characters", "moves"))
        seed = need_int(at(here, "seed"), m.get("seed"), 0, 2**63 - 1)
        players = need_int(at(here, "players"), m.get("players"), 1, 4)
        characters = need_list(at(here, "characters"), m.get("characters"), 2, 4)
        try:
            state = start_mission(campaign, seed, characters, players)
        except RulesError as exc:
            raise ConfigError(f"{here}: {exc}") from None
        moves = need_list(at(here, "moves"), m.get("moves"), 0, ENGINE_BOUND)
        for k, move in enumerate(moves):
            if state.phase is Phase.OVER:
                raise ConfigError(f"{at(here, 'moves', k)}: the mission is over before this move")
            try:
                state = ENGINE.apply(state, ENGINE.parse(state, move))
            except RulesError as exc:
                raise ConfigError(f"{at(here, 'moves', k)}: {exc}") from None
        if state.phase is not Phase.OVER:
            raise ConfigError(f"{at(here, 'moves')}: the mission is not over after its moves")
        campaign = finish_mission(campaign, state)
    return campaign


def start_after(data: object, book: object = None) -> Start:
    """What the next mission starts from, after the missions played in ``data`` (see
    ``played_campaign``); ConfigError when that campaign cannot go on."""
    c = played_campaign(data, book)
    if c.lost:
        raise ConfigError("campaign: the campaign is lost after these missions")
    if main_mission(c) is None:
        raise ConfigError("campaign: every main mission is done after these missions")
    return _start(c)


if start_after not in PLAYED:
    PLAYED.append(start_after)  # setup plays a campaign's missions written in a mission's options with it
