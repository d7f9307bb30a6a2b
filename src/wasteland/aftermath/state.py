"""The records of a mission of Aftermath: options, the table and its working copy, effects, events.

Seats are players; characters are numbered 0..n-1 in turn order and character ``c`` belongs to
seat ``c % players`` (one player controls two characters; two players may control two each).
Every action card is in exactly one place: ``deck`` (top first), ``discard``, a hand, ``played``
(in front of the character acting), ``threats`` (the threat track's slots, ``NONE`` when empty)
or ``task_card`` (the group task's slot). An enemy card is on the track (``foes``, top first), in
the Hunt box (``hunt``) or in the supply (neither). A scavenge token is face down on the map
(``caches``), in its tier's pile (``piles``) or taken: revealed (``taken``) or
left face down on a page the party left (``lost``). An item is in ``item_deck``, a
character's ``gear`` slot or ``pack``, the ``broken`` pile or ``scrapped``.

The table holds the whole ``book`` and the current page's map as a graph (``graph``); a view
holds only the current page, with the text and effects of the entries read (``view.py``).
"""

from __future__ import annotations

import enum

from attrs import frozen

from wasteland.core.codec import register
from wasteland.core.engine import WorkingCopy, working_copy
from wasteland.core.game import TRUNCATED
from wasteland.core.rng import Rng
from wasteland.core.spaces import SpaceGraph
from wasteland.aftermath.book import Book, Effect as BookEffect, GroupTask, Choice
from wasteland.aftermath.card_set import CardSet
from wasteland.aftermath.vocabulary import Prize

__all__ = [
    "Options", "Start", "Outing",
    "Phase", "PHASE_ACT", "PHASE_CHOICE", "PHASE_CHOOSE", "PHASE_DRAW", "PHASE_EAT", "PHASE_EQUIP", "PHASE_GAIN",
    "PHASE_MOVE", "PHASE_NEST", "PHASE_OVER", "PHASE_PAY", "PHASE_REPAIR", "PHASE_RETURN", "PHASE_TEST",
    "PHASE_TRAVEL",
    "Ending", "Foe", "Cache", "Token", "Loot", "Check", "Wait", "StartTurn", "Resume",
    "CheckThreat", "AfterTurn", "NextTurn", "Activate", "Attack", "Arrive", "Leave", "Fled", "Gain", "Pay", "Feed",
    "Settle", "Mend", "Rest", "Effect", "Said", "Event",
    "State", "Work",
]


@register("aftermath.Start")
@frozen
class Start:
    """What a mission of a campaign starts from (``campaign.start_mission`` makes it): the main
    mission (its index in the book), the dashboard's dials, whether the capped dial's cap is
    lifted, the infinite-lives mode, the discovery deck's cards not yet fetched (kept out of the
    item deck), the colony supply (dealt into the packs at the start, *design*), the personal
    goals already done, whether a game of the campaign was played before (``later``: this
    game starts at page 3, seed "Preparar" step 14), and the colony upgrades in the colony supply
    (``upgrades``: kept out of the item deck)."""

    mission: int
    dials: tuple[int, ...]
    lifted: bool
    infinite: bool
    box: tuple[str, ...]
    stash: tuple[str, ...]
    goals: tuple[str, ...]
    later: bool = False
    upgrades: tuple[str, ...] = ()


@register("aftermath.Options")
@frozen
class Options:
    """``players`` 1-4 (the seats); ``characters`` in turn order (1 player: 2, 2 players: 2 or 4,
    3: 3, 4: 4); ``book`` a book of one's own (None: the starter book); ``cards`` enemy cards of
    one's own (None: the designed ones); ``campaign`` what a campaign's mission starts from (None:
    a mission alone)."""

    players: int = 1
    characters: tuple[str, ...] = ("grumple", "whisper")
    book: Book | None = None
    cards: CardSet | None = None
    campaign: Start | None = None


@register("aftermath.Outing")
@frozen
class Outing:
    """The campaign's part of a mission: the party marker's space on the travel map (``""``: the
    book has none), whether the once-a-mission dial has risen, whether the capped dial's cap has
    been lifted, the discovery cards fetched and the personal goals done during the mission, and
    how often the infinite-lives mode set the dials back.

    And the cards of the families beyond the table's decks, all face up (by name): the colony
    upgrades drawn this mission (``supply``: they went to the colony supply, seed "Artículos"), each
    character's ability cards in turn order (``abilities``, the starting one first), the characters
    who have played their influence card this mission (``influenced``), the vehicle travel cards the
    party holds (``vehicles``), the environment cards in play on the page (``environment``), and
    whether the party is driving to the page it travels to (``driving``: the trip costs no day).

    And the way off the page a book opened (``exit_space``, ``exit_page``; ``""`` and 0: none) and
    the characters who have left the page by it (``ahead``, seed "Dejando una página": the party
    goes on when every character not defeated has left)."""

    location: str = ""
    raised: bool = False
    lifted: bool = False
    discovered: tuple[str, ...] = ()
    goals: tuple[str, ...] = ()
    lives: int = 0
    supply: tuple[str, ...] = ()
    abilities: tuple[tuple[str, ...], ...] = ()
    influenced: tuple[int, ...] = ()
    vehicles: tuple[str, ...] = ()
    environment: tuple[str, ...] = ()
    driving: bool = False
    exit_space: str = ""
    exit_page: int = 0
    ahead: tuple[int, ...] = ()


@register("aftermath.Phase")
class Phase(enum.Enum):
    DRAW = "draw"        # discard cards from the last turn, then draw to 5
    ACT = "act"          # take actions with the cards in hand, or end the turn
    MOVE = "move"        # a move: more cards before the first step, steps, or stop
    TEST = "test"        # a skill test: play cards one at a time, then roll
    CHOICE = "choice"    # a choice of the book
    TRAVEL = "travel"    # where the party travels
    NEST = "nest"        # the end of a safe turn: nest, or not
    CHOOSE = "choose"    # the bookkeeper chooses among characters equally near an enemy
    EQUIP = "equip"      # an Equip/Trade paid for: move items, place batteries, then done
    GAIN = "gain"        # an item gained: equip it, pack it, trade it or discard it for its value
    EAT = "eat"          # nesting, step 1: a wounded character may eat once
    REPAIR = "repair"    # nesting, step 5: the bookkeeper repairs broken items and hands them out
    RETURN = "return"    # a character who fled returns: to which companion's space
    PAY = "pay"          # an ability activated: the white cards that pay for it, one at a time
    OVER = "over"


#: Each phase as a module name, which the rules read in their hot paths: in Python 3.11 a member
#: read off its class (``Phase.ACT``) is a call of the enum's metaclass, dozens of times dearer.
PHASE_ACT = Phase.ACT
PHASE_CHOICE = Phase.CHOICE
PHASE_CHOOSE = Phase.CHOOSE
PHASE_DRAW = Phase.DRAW
PHASE_EAT = Phase.EAT
PHASE_EQUIP = Phase.EQUIP
PHASE_GAIN = Phase.GAIN
PHASE_MOVE = Phase.MOVE
PHASE_NEST = Phase.NEST
PHASE_OVER = Phase.OVER
PHASE_PAY = Phase.PAY
PHASE_REPAIR = Phase.REPAIR
PHASE_RETURN = Phase.RETURN
PHASE_TEST = Phase.TEST
PHASE_TRAVEL = Phase.TRAVEL


class Ending(enum.StrEnum):
    """How a mission ends (``Outcome.code``)."""

    WON = "mission_won"
    FAILED = "mission_failed"
    FLED = "all_fled"
    CUT = TRUNCATED  # the engine's bound on a mission's rounds (``Outcome.truncated``: not a loss)
    LOST = "campaign_lost"


@register("aftermath.Foe")
@frozen
class Foe:
    """An enemy card on the threat track: the card, the encounter it came with (its loot), and
    each of its figures' space and wounds."""

    card: int
    group: int
    spaces: tuple[str, ...]
    wounds: tuple[int, ...]


@register("aftermath.Cache")
@frozen
class Cache:
    """A face-down scavenge token on the map: its space, its difficulty and the token (HIDDEN in
    a view)."""

    space: str
    difficulty: int
    token: int


@register("aftermath.Token")
@frozen
class Token:
    """A token on the map (objective, fire, heavy, trap, fishhook, aim)."""

    space: str
    kind: str


@register("aftermath.Loot")
@frozen
class Loot:
    """The prize for defeating the last enemy of encounter ``group``."""

    group: int
    prize: Prize


@register("aftermath.Check")
@frozen
class Check:
    """A skill test in progress: character ``who`` tests ``attribute`` (``""``: any) against
    ``difficulty`` (``opposed``: the black die adds to it), for ``kind`` (``book``, ``communicate``,
    ``melee``, ``ranged``, ``scavenge``, ``recover``, ``defend``) on ``target``; ``success`` and
    ``failure`` are the book's branches; ``toxic`` a defended attack's wound."""

    who: int
    attribute: str
    difficulty: int
    opposed: bool
    kind: str
    target: int
    success: tuple[BookEffect, ...] = ()
    failure: tuple[BookEffect, ...] = ()
    toxic: bool = False


# -- effects: work that needs nobody, on the stack (the book's effects go there too) -----------


@register("aftermath.Wait")
@frozen
class Wait:
    """Not an effect: a decision is pending (see ``phase``)."""


@register("aftermath.StartTurn")
@frozen
class StartTurn:
    """The active character's turn begins: a fled character returns, then the draw step."""


@register("aftermath.Resume")
@frozen
class Resume:
    """Back to the active character's actions (or the end of the turn, if it fled meanwhile)."""


@register("aftermath.CheckThreat")
@frozen
class CheckThreat:
    """Step 5: safe with 4+ threat cards reads the threat entry; hostile with threat cards >=
    enemies runs an enemy turn."""


@register("aftermath.AfterTurn")
@frozen
class AfterTurn:
    """The end of the turn: the party may nest when safe, then the next turn."""


@register("aftermath.NextTurn")
@frozen
class NextTurn:
    """The next turn: the next character's in turn order, or the bookkeeper's (``bookkeeper``:
    after leaving a page, seed "Dejando una página" step 2). A round ends after as many turns as
    there are characters; the mission may reach the engine's bound."""

    bookkeeper: bool = False


@register("aftermath.Activate")
@frozen
class Activate:
    """The enemy card in slot ``slot`` activates its figure ``figure`` (then the next): ``stage``
    0 moves it, 1 targets and attacks; ``chosen`` is the character the bookkeeper chose among
    those equally near (NONE: not asked yet)."""

    slot: int
    figure: int
    stage: int = 0
    chosen: int = -1


@register("aftermath.Attack")
@frozen
class Attack:
    """An attack of ``strength`` on character ``who``: the character defends, or is wounded."""

    who: int
    strength: int
    toxic: bool


@register("aftermath.Arrive")
@frozen
class Arrive:
    """The party arrives at page ``page``: the figures placed, the tokens, the start entry."""

    page: int


@register("aftermath.Fled")
@frozen
class Fled:
    """Under the mission card's failure entry, read when every character has fled at once: the
    mission fails (``all_fled``) once the entry's effects are done, unless they ended it."""


@register("aftermath.Gain")
@frozen
class Gain:
    """Character ``who`` has gained the intact ``item`` (it lies here until placed, seed
    "Artículos"): equipped, packed, traded to a character in the same space, or discarded for its
    value."""

    who: int
    item: int


@register("aftermath.Pay")
@frozen
class Pay:
    """The active character's ability card ``card``, on ``target`` (NONE, a space or a figure, as
    ``Ability``), waits for white cards whose values reach its cost (seed, "Acción: Activar
    habilidad")."""

    target: int
    card: int = 0


@register("aftermath.Feed")
@frozen
class Feed:
    """Nesting, step 1: character ``who`` may choose once to spend 1 food to remove 1 wound."""

    who: int


@register("aftermath.Settle")
@frozen
class Settle:
    """Nesting, steps 2-4: toxic wounds become normal, statuses and the batteries on items are
    discarded."""


@register("aftermath.Mend")
@frozen
class Mend:
    """Nesting, step 5: the bookkeeper repairs the broken items the scrap pays for (or stops)."""


@register("aftermath.Rest")
@frozen
class Rest:
    """Nesting, step 6: +1 time."""


@register("aftermath.Leave")
@frozen
class Leave:
    """The party leaves the page for page ``page`` (seed, "Dejando una página")."""

    page: int


Effect = (Wait | StartTurn | Resume | CheckThreat | AfterTurn | NextTurn | Activate | Attack | Arrive | Leave
          | Fled | Gain | Pay | Feed | Settle | Mend | Rest | BookEffect)


@register("aftermath.Said")
@frozen
class Said:
    """An event: what happened, in words, with nothing in it that any seat may not see."""

    text: str


Event = Said


@register("aftermath.State")
@frozen(weakref_slot=False)
class State:
    options: Options
    book: Book
    phase: Phase
    active: int
    reader: int
    bookkeeper: int
    turn: int
    round: int
    page: int
    graph: SpaceGraph[str]
    visited: tuple[int, ...]
    revisit: bool
    read: tuple[str, ...]
    this_turn: tuple[str, ...]
    calamity_done: bool
    hostile: bool
    deck: tuple[int, ...]
    discard: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    played: tuple[int, ...]
    spaces: tuple[str, ...]
    wounds: tuple[int, ...]
    toxic: tuple[int, ...]
    statuses: tuple[tuple[str, ...], ...]
    fled: tuple[bool, ...]
    gear: tuple[tuple[int, ...], ...]
    charge: tuple[tuple[int, ...], ...]
    pack: tuple[tuple[int, ...], ...]
    batteries: tuple[int, ...]
    item_deck: tuple[int, ...]
    broken: tuple[int, ...]
    scrapped: tuple[int, ...]
    foes: tuple[Foe, ...]
    threats: tuple[int, ...]
    hunt: tuple[int, ...]
    loots: tuple[Loot, ...]
    encounters: int
    encounter_deck: tuple[int, ...]
    encounter_discard: tuple[int, ...]
    caches: tuple[Cache, ...]
    piles: tuple[tuple[int, ...], ...]
    taken: tuple[int, ...]
    lost: tuple[int, ...]
    tokens: tuple[Token, ...]
    dials: tuple[int, ...]
    task: GroupTask | None
    task_dial: int
    task_card: int
    test: Check | None
    mp: int
    stepped: bool
    choice: Choice | None
    travel: tuple[int, ...]
    candidates: tuple[int, ...]
    moved: tuple[int, ...]
    focus: int
    ending: str
    outing: Outing
    stack: tuple[Effect, ...]
    events: tuple[Event, ...]
    rng: Rng
    viewer: int | None


@working_copy(State)
class Work(WorkingCopy[State]):
    """The mutable working copy of a State that the rules change: the effects pending and the events
    of the decision are lists; every other field keeps the State's tuple, which a rule replaces
    whole when it changes (``core.records.put``), so that a decision copies and turns back only
    what it edits."""

    stack: list[Effect]
    events: list[Event]
