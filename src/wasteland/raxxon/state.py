"""The records of a game of Raxxon: options, the table, its effects and its events.

Every population card id (0-59 in the default set) is in exactly one place: a
cell of ``crowd``, ``draw``, ``discard``, ``supply`` (the infection supply),
``evacuated``, ``contained``, ``uncontained`` or ``removed`` (back in the box:
the intro's removals); every Raxxon card id (0-39) is in ``raxxon_draw``,
``triggered``, ``untriggered`` or ``reading`` (being resolved). A view holds the
cards its seat cannot place in ``unknown`` and ``HIDDEN`` where they lie.

The crowd is a 6 × 6 frame (``crowd`` holds a card id or ``EMPTY`` per cell,
row by row); a card added beside the frame shifts the whole crowd back inside
(the crowd is never wider or taller than 6). ``face_up`` holds the ids of the
face-up crowd cards; ``seen[p]`` the cells of face-down cards seat ``p`` has
looked at. ``tokens[p][k]`` counts the tokens on action ``k`` of seat ``p``'s
sheet (they fill its slots from the left).

``decisions`` counts the decisions taken; ``cut`` marks a game the engine ended
at its decision limit (``DECISION_LIMIT``: the published game sets no bound on
its length).

The turn: at ``stage`` START the active player takes the turn or passes; a
taken turn triggers the consequences (they resolve on the stack), then the
player chooses an action at stage CHOOSE; at DONE the turn passes on once the
stack is empty.
"""

from __future__ import annotations

import enum
from typing import Annotated

from attrs import frozen

from wasteland.core.bounds import Within
from wasteland.core.codec import added_field, register_records
from wasteland.core.engine import WorkingCopy, working_copy
from wasteland.core.game import TRUNCATED
from wasteland.core.rng import Rng
from wasteland.raxxon.card_set import CardSet

__all__ = [
    "Options", "Phase", "Ending", "State", "Work", "DECISION_LIMIT", "EMPTY", "HIDDEN", "START", "CHOOSE", "DONE",
    "DIFFICULTIES",
    "Icon", "Step", "FileRaxxon", "EndOfDay", "Ask", "Effect", "KINDS",
    "K_SWAP2", "K_KILL_UP", "K_EVAC_UP", "K_PLACE", "K_OPTION", "K_OPTIONAL", "CELL_KINDS", "LINE_KINDS",
    "DayBegan", "Infected", "PowerChanged", "DayEnded", "Spread", "Added", "Flipped", "Looked", "Killed",
    "Evacuated", "Quarantined", "Swapped", "HostileBack", "RaxxonDrawn", "Reshuffled", "Released", "Hidden",
    "Event", "ROWS", "COLUMNS", "CELLS",
]

EMPTY = -1
#: A card the viewer cannot see (in a view only).
HIDDEN = -2
ROWS = COLUMNS = 6
CELLS = ROWS * COLUMNS
START, CHOOSE, DONE = 0, 1, 2

#: What an event's int fields name, for the checks of a file (``core.bounds``; ``rules.BOUNDS`` gives
#: the ranges of a table): a population card (-1: none, HIDDEN: not seen), a Raxxon card (-1: none),
#: a crowd cell (-1: none), a seat, an effect code.
Card = Annotated[int, Within("population", also=(-1, HIDDEN))]
RaxxonCard = Annotated[int, Within("raxxon", also=(-1,))]
Cell = Annotated[int, Within("cell", also=(-1,), fixed=range(CELLS))]
Seat = Annotated[int, Within("seat")]
Code = Annotated[int, Within("effect")]

DIFFICULTIES = ("intro", "regular", "hard", "expert")
#: The most decisions a game may take (*design*): the published game has no bound on its length
#: (no last day, and a turn's consequences may add cards to look at), so the engine ends a game
#: that reaches it, with the outcome ``decision_limit`` (nobody wins: a truncation, not a loss).
#: The longest of thousands of games under any bot or policy took a small fraction of it.
DECISION_LIMIT = 5_000


@frozen
class Options:
    """``players`` 1-4; ``difficulty`` intro, regular, hard or expert; ``characters`` the sheet
    keys chosen per seat (None: dealt by the seed); ``cards`` a card set of one's own;
    ``table_talk`` (*design*, off by default) every look shared with the whole team, as players
    who tell each other what they saw (off: a look is its player's alone)."""

    players: int = 1
    difficulty: str = "regular"
    characters: tuple[str, ...] | None = None
    cards: CardSet | None = None
    table_talk: bool = added_field(False)  # added after texts were written: those read, write and digest as before


class Phase(enum.Enum):
    ACTIONS = "actions"
    OVER = "over"


class Ending(enum.StrEnum):
    """How a game ends (``Outcome.code``)."""

    EVACUATED = "evacuated"
    POWER = "power"
    INFECTION = "infection"
    DECISION_LIMIT = TRUNCATED


# -- effects (handled by the driver) and pending decisions (Ask), on the stack, top last ---------

@frozen(cache_hash=True)
class Icon:
    """Resolve one effect code (``cards.EFFECT_NAMES``)."""

    code: Code


#: Step and Ask kinds: the verbs of ``cards.VERB_NAMES`` (0-11), then these.
K_SWAP2, K_KILL_UP, K_EVAC_UP, K_PLACE, K_OPTION, K_OPTIONAL = range(12, 18)
KINDS = ("look", "flip", "evacuate", "evacuate_group", "evacuate_row", "quarantine", "quarantine_group", "kill",
         "kill_row", "kill_column", "swap", "kill_group", "swap_with", "kill_up", "evac_up", "place", "option",
         "optional")
#: The kinds answered with a crowd cell, and those answered with a row or column.
CELL_KINDS = frozenset((0, 1, 2, 3, 5, 6, 7, 10, 11, K_SWAP2, K_KILL_UP, K_EVAC_UP))
LINE_KINDS = frozenset((4, 8, 9))


@frozen(cache_hash=True)
class Step:
    """A step of an action or effect that may need a decision: ``count`` cards still to do;
    ``arg`` the first cell of a swap, the Raxxon card of an option, the verb of an optional
    effect. It becomes an ``Ask`` when there is a choice, is done at once when there is one
    way, and is dropped when there is none."""

    kind: int
    count: int
    arg: int


@frozen(cache_hash=True)
class Ask:
    """A decision the active player must make (see ``Step``)."""

    kind: int
    count: int
    arg: int


@frozen(cache_hash=True)
class FileRaxxon:
    """Raxxon card ``card`` has been resolved: to the triggered pile."""

    card: int


@frozen(cache_hash=True)
class EndOfDay:
    """The end of the day, steps 1-5, then the next day's crowd."""


Effect = Icon | Step | Ask | FileRaxxon | EndOfDay


# -- events --------------------------------------------------------------------------------------

@frozen
class DayBegan:
    """Day ``day`` began with ``dealt`` cards in the crowd; ``first`` starts."""

    day: int
    first: Seat
    dealt: int


@frozen
class Infected:
    """The infection rate rose: ``card`` (-1: the supply was empty) went face up to the discard."""

    card: Card


@frozen
class PowerChanged:
    """Raxxon power is now ``power``."""

    power: int


@frozen
class DayEnded:
    """The player actions ended: ``icon`` True by an end-of-day icon, False when all passed."""

    icon: bool


@frozen
class Spread:
    """The infection spread ``times`` times (``infected`` infected cards, at most 4)."""

    infected: int
    times: int


@frozen
class Added:
    """A card was added face down to ``cell`` (-1: there was none to add)."""

    cell: Cell


@frozen
class Flipped:
    """``card`` in ``cell`` was flipped face up: ``count`` of its type face up; ``fired`` the
    matching "when flipped" effects resolved (empty when none matched)."""

    cell: Cell
    card: Card
    count: int
    fired: tuple[Code, ...]


@frozen
class Looked:
    """Seat ``player`` looked at the card in ``cell`` (``card``: HIDDEN in other seats' views)."""

    player: Seat
    cell: Cell
    card: Card


@frozen
class Killed:
    """``card`` was killed; ``fired`` its "when killed" effects."""

    card: Card
    fired: tuple[Code, ...]


@frozen
class Evacuated:
    """``card`` left the crowd; ``escaped`` an infected card that went to the discard."""

    card: Card
    escaped: bool


@frozen
class Quarantined:
    """``card`` went to the contained quarantine."""

    card: Card


@frozen
class Swapped:
    """The cards of cells ``a`` and ``b`` changed places."""

    a: Cell
    b: Cell


@frozen
class HostileBack:
    """A Hostile went from the evacuation pile to the discard (``card`` -1: there was none)."""

    card: Card


@frozen
class RaxxonDrawn:
    """Raxxon card ``card`` was drawn (-1: there was none); ``triggered`` if its trigger applied."""

    card: RaxxonCard
    triggered: bool


@frozen
class Reshuffled:
    """``pile`` ("population" or "raxxon") was shuffled into its draw pile."""

    pile: str


@frozen
class Released:
    """``count`` cards of the contained quarantine became uncontained."""

    count: int


@frozen
class Hidden:
    """``count`` face-up Hostile cards turned face down."""

    count: int


Event = (DayBegan | Infected | PowerChanged | DayEnded | Spread | Added | Flipped | Looked | Killed | Evacuated
         | Quarantined | Swapped | HostileBack | RaxxonDrawn | Reshuffled | Released | Hidden)


@frozen(cache_hash=True, weakref_slot=False)
class State:
    """A whole table (or a seat's view of it: ``viewer`` is that seat); see the module's text."""

    options: Options
    phase: Phase
    day: int
    first: int
    active: int
    stage: int
    passed: frozenset[int]
    characters: tuple[int, ...]
    tokens: tuple[tuple[int, ...], ...]
    crowd: tuple[int, ...]
    face_up: frozenset[int]
    seen: tuple[frozenset[int], ...]
    draw: tuple[int, ...]
    discard: tuple[int, ...]
    supply: tuple[int, ...]
    evacuated: tuple[int, ...]
    contained: tuple[int, ...]
    uncontained: tuple[int, ...]
    removed: tuple[int, ...]
    raxxon_draw: tuple[int, ...]
    triggered: tuple[int, ...]
    untriggered: tuple[int, ...]
    reading: tuple[int, ...]
    power: int
    unknown: tuple[int, ...]
    decisions: int
    cut: bool
    stack: tuple[Effect, ...]
    events: tuple[Event, ...]
    rng: Rng
    viewer: int | None


@working_copy(State)
class Work(WorkingCopy[State]):
    """The mutable working copy of a State that the rules change in place: the stack, the events,
    the crowd, its face-up cards and the population draw and discard piles, which change at almost
    every decision, are edited in place; the other piles and the sheets change seldom and are
    replaced when they do (a copy converts only what is edited in place)."""

    crowd: list[int]
    face_up: set[int]
    draw: list[int]
    discard: list[int]
    stack: list[Effect]
    events: list[Event]


#: Every record the State holds (options, effects, events), registered with the codec as
#: ``raxxon.<ClassName>``.
register_records("raxxon", State)
