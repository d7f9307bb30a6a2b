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
import attrs
from attrs import frozen

from wasteland.core.codec import register
from wasteland.core.engine import WorkingCopy, working_copy
from wasteland.core.game import TRUNCATED
from wasteland.core.rng import HIDDEN_RNG, Rng
from wasteland.raxxon.card_set import CardSet, table_of
from wasteland.raxxon.cards import CHARACTER_KEYS, EFFECT_NAMES, POWER_LIMIT, SHEETS, VERB_NAMES

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
DIFFICULTIES = ("intro", "regular", "hard", "expert")
#: The most decisions a game may take (*design*): the published game has no bound on its length
#: (no last day, and a turn's consequences may add cards to look at), so the engine ends a game
#: that reaches it, with the outcome ``decision_limit`` (nobody wins: a truncation, not a loss).
#: The longest of thousands of games under any bot or policy took a small fraction of it.
DECISION_LIMIT = 5_000


@register("raxxon.Options")
@frozen
class Options:
    """``players`` 1-4; ``difficulty`` intro, regular, hard or expert; ``characters`` the sheet
    keys chosen per seat (None: dealt by the seed); ``cards`` a card set of one's own."""

    players: int = 1
    difficulty: str = "regular"
    characters: tuple[str, ...] | None = None
    cards: CardSet | None = None


@register("raxxon.Phase")
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

@register("raxxon.Icon")
@frozen(cache_hash=True)
class Icon:
    """Resolve one effect code (``cards.EFFECT_NAMES``)."""

    code: int


#: Step and Ask kinds: the verbs of ``cards.VERB_NAMES`` (0-11), then these.
K_SWAP2, K_KILL_UP, K_EVAC_UP, K_PLACE, K_OPTION, K_OPTIONAL = range(12, 18)
KINDS = ("look", "flip", "evacuate", "evacuate_group", "evacuate_row", "quarantine", "quarantine_group", "kill",
         "kill_row", "kill_column", "swap", "kill_group", "swap_with", "kill_up", "evac_up", "place", "option",
         "optional")
#: The kinds answered with a crowd cell, and those answered with a row or column.
CELL_KINDS = frozenset((0, 1, 2, 3, 5, 6, 7, 10, 11, K_SWAP2, K_KILL_UP, K_EVAC_UP))
LINE_KINDS = frozenset((4, 8, 9))


@register("raxxon.Step")
@frozen(cache_hash=True)
class Step:
    """A step of an action or effect that may need a decision: ``count`` cards still to do;
    ``arg`` the first cell of a swap, the Raxxon card of an option, the verb of an optional
    effect. It becomes an ``Ask`` when there is a choice, is done at once when there is one
    way, and is dropped when there is none."""

    kind: int
    count: int
    arg: int


@register("raxxon.Ask")
@frozen(cache_hash=True)
class Ask:
    """A decision the active player must make (see ``Step``)."""

    kind: int
    count: int
    arg: int


@register("raxxon.FileRaxxon")
@frozen(cache_hash=True)
class FileRaxxon:
    """Raxxon card ``card`` has been resolved: to the triggered pile."""

    card: int


@register("raxxon.EndOfDay")
@frozen(cache_hash=True)
class EndOfDay:
    """The end of the day, steps 1-5, then the next day's crowd."""


Effect = Icon | Step | Ask | FileRaxxon | EndOfDay


# -- events --------------------------------------------------------------------------------------

@register("raxxon.DayBegan")
@frozen
class DayBegan:
    """Day ``day`` began with ``dealt`` cards in the crowd; ``first`` starts."""

    day: int
    first: int
    dealt: int


@register("raxxon.Infected")
@frozen
class Infected:
    """The infection rate rose: ``card`` (-1: the supply was empty) went face up to the discard."""

    card: int


@register("raxxon.PowerChanged")
@frozen
class PowerChanged:
    """Raxxon power is now ``power``."""

    power: int


@register("raxxon.DayEnded")
@frozen
class DayEnded:
    """The player actions ended: ``icon`` True by an end-of-day icon, False when all passed."""

    icon: bool


@register("raxxon.Spread")
@frozen
class Spread:
    """The infection spread ``times`` times (``infected`` infected cards, at most 4)."""

    infected: int
    times: int


@register("raxxon.Added")
@frozen
class Added:
    """A card was added face down to ``cell`` (-1: there was none to add)."""

    cell: int


@register("raxxon.Flipped")
@frozen
class Flipped:
    """``card`` in ``cell`` was flipped face up: ``count`` of its type face up; ``fired`` the
    matching "when flipped" effects resolved (empty when none matched)."""

    cell: int
    card: int
    count: int
    fired: tuple[int, ...]


@register("raxxon.Looked")
@frozen
class Looked:
    """Seat ``player`` looked at the card in ``cell`` (``card``: HIDDEN in other seats' views)."""

    player: int
    cell: int
    card: int


@register("raxxon.Killed")
@frozen
class Killed:
    """``card`` was killed; ``fired`` its "when killed" effects."""

    card: int
    fired: tuple[int, ...]


@register("raxxon.Evacuated")
@frozen
class Evacuated:
    """``card`` left the crowd; ``escaped`` an infected card that went to the discard."""

    card: int
    escaped: bool


@register("raxxon.Quarantined")
@frozen
class Quarantined:
    """``card`` went to the contained quarantine."""

    card: int


@register("raxxon.Swapped")
@frozen
class Swapped:
    """The cards of cells ``a`` and ``b`` changed places."""

    a: int
    b: int


@register("raxxon.HostileBack")
@frozen
class HostileBack:
    """A Hostile went from the evacuation pile to the discard (``card`` -1: there was none)."""

    card: int


@register("raxxon.RaxxonDrawn")
@frozen
class RaxxonDrawn:
    """Raxxon card ``card`` was drawn (-1: there was none); ``triggered`` if its trigger applied."""

    card: int
    triggered: bool


@register("raxxon.Reshuffled")
@frozen
class Reshuffled:
    """``pile`` ("population" or "raxxon") was shuffled into its draw pile."""

    pile: str


@register("raxxon.Released")
@frozen
class Released:
    """``count`` cards of the contained quarantine became uncontained."""

    count: int


@register("raxxon.Hidden")
@frozen
class Hidden:
    """``count`` face-up Hostile cards turned face down."""

    count: int


Event = (DayBegan | Infected | PowerChanged | DayEnded | Spread | Added | Flipped | Looked | Killed | Evacuated
         | Quarantined | Swapped | HostileBack | RaxxonDrawn | Reshuffled | Released | Hidden)


@register("raxxon.State")
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

    options: Options
    phase: Phase
    day: int
    first: int
    active: int
    stage: int
    passed: frozenset[int]
    characters: tuple[int, ...]
    tokens: tuple[tuple[int, ...], ...]
    crowd: list[int]
    face_up: set[int]
    seen: tuple[frozenset[int], ...]
    draw: list[int]
    discard: list[int]
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
    stack: list[Effect]
    events: list[Event]
    rng: Rng
    viewer: int | None


def check_state_content(state: State) -> None:
    """ValueError naming the first thing out of range in a state built from a stranger's file
    (the codec's check of a State, with ``rules``' check that the decision waiting has an answer)."""
    _check_sheets(state)
    _check_cards(state)
    _check_counters(state)
    _check_stack(state)
    _check_events(state, table_of(state).population, table_of(state).raxxon, len(EFFECT_NAMES))
    _check_waiting(state)
    if state.viewer is not None:
        check_view_content(state)


def _check_sheets(state: State) -> None:
    """The crowd's size, and a character, a sheet of tokens and the cells seen per seat."""
    n = state.options.players
    if len(state.crowd) != CELLS:
        raise ValueError(f"the crowd has {CELLS} cells")
    if len(state.characters) != n or len(state.tokens) != n or len(state.seen) != n:
        raise ValueError("characters, tokens and seen hold one entry per player")
    if not all(0 <= c < len(CHARACTER_KEYS) for c in state.characters) or len(set(state.characters)) != n:
        raise ValueError("characters are distinct sheets")
    for c, tokens in zip(state.characters, state.tokens):
        slots = SHEETS[c].actions
        side = 0 if n <= 2 else 1
        if len(tokens) != len(slots) or not all(0 <= t <= len(a.slots[side]) for t, a in zip(tokens, slots)):
            raise ValueError("tokens out of range for the sheet")
    if not all(seen <= set(range(CELLS)) for seen in state.seen):
        raise ValueError("a seen cell is off the crowd")


def _check_cards(state: State) -> None:
    """Every population and Raxxon card in exactly one place, hidden only where a view hides."""
    table = table_of(state)
    low = HIDDEN if state.viewer is not None else 0
    population = [*state.draw, *state.discard, *state.supply, *state.evacuated, *state.contained,
                  *state.uncontained, *state.removed, *state.unknown, *(c for c in state.crowd if c != EMPTY)]
    known = [c for c in population if c != HIDDEN]
    if not all(low <= c < table.population for c in population) or len(set(known)) != len(known):
        raise ValueError(f"population card ids run from 0 to {table.population - 1}, each once")
    if sorted(known) != list(range(table.population)):
        raise ValueError("every population card is in exactly one place")
    if not all(c == HIDDEN or not table.healthy[c] for c in state.supply):
        raise ValueError("the infection supply holds infected cards only")
    raxxon = [*state.raxxon_draw, *state.triggered, *state.untriggered, *state.reading]
    if sorted(raxxon) != list(range(table.raxxon)):
        raise ValueError(f"Raxxon card ids run from 0 to {table.raxxon - 1}, each in one place")
    if not state.face_up <= set(state.crowd) - {HIDDEN, EMPTY}:
        raise ValueError("a face-up card is not in the crowd")
    placed = [*state.discard, *state.evacuated, *state.contained, *state.uncontained, *state.removed,
              *state.unknown]
    if HIDDEN in placed:
        raise ValueError("only the crowd, the draw pile and the supply hide their cards")
    if not all(state.crowd[c] != EMPTY for seen in state.seen for c in seen):
        raise ValueError("a seen cell holds no card")


def _check_counters(state: State) -> None:
    """Power, seats, stage, day, the decisions counted and the cut in range."""
    n = state.options.players
    if not (0 <= state.power <= POWER_LIMIT and 0 <= state.first < n and 0 <= state.active < n
            and state.stage in (START, CHOOSE, DONE) and state.passed <= set(range(n))
            and 0 < state.day <= 100_000 and (state.viewer is None or 0 <= state.viewer < n)):
        raise ValueError("power, first, active, stage, passed, day or viewer is out of range")
    if not 0 <= state.decisions <= DECISION_LIMIT or (state.cut and state.phase is not Phase.OVER):
        raise ValueError(f"decisions run from 0 to {DECISION_LIMIT}; only a finished game is cut")
    if state.viewer is None and state.unknown:
        raise ValueError("only a view holds unknown cards")


def _check_stack(state: State) -> None:
    """Every effect and step on the stack in range, a pending decision only on top."""
    table = table_of(state)
    for position, item in enumerate(state.stack):
        if isinstance(item, (Step, Ask)):
            if not (0 <= item.kind < len(KINDS) and 0 <= item.count <= 36):
                raise ValueError("a pending step is out of range")
            limit = {K_OPTION: table.raxxon, K_OPTIONAL: len(VERB_NAMES), K_SWAP2: CELLS}.get(item.kind)
            if not (0 <= item.arg < limit if limit is not None else item.arg == -1):
                raise ValueError("a pending step's argument is out of range")
            if item.kind == K_OPTION and item.arg not in state.reading:
                raise ValueError("a Raxxon card's option is pending but the card is not being read")
        if isinstance(item, Ask) and position != len(state.stack) - 1:
            raise ValueError("a pending decision is always on top of the stack")
        if isinstance(item, Icon) and not 0 <= item.code < len(EFFECT_NAMES):
            raise ValueError("an effect code is out of range")
        if isinstance(item, FileRaxxon) and item.card not in state.reading:
            raise ValueError("a Raxxon card to file is not being read")


def _check_waiting(state: State) -> None:
    """A table in play waits for its active player's decision; a finished one for nothing."""
    if state.phase is Phase.ACTIONS and state.active in state.passed:
        raise ValueError("the active player has passed for the day")
    if state.phase is Phase.OVER and state.stack:
        raise ValueError("a finished game has nothing left to resolve")
    if state.phase is Phase.ACTIONS and (type(state.stack[-1]) is not Ask if state.stack else state.stage == DONE):
        raise ValueError("a table waits for a decision: a pending step on top, or a turn to take or an action "
                         "to choose")


def check_view_content(state: State) -> None:
    """ValueError unless ``state`` is what ``view`` makes for its viewer: the draw pile and the
    supply hidden, a crowd card hidden exactly where the seat has not seen it face down, the
    cards it cannot place (enough infected ones for the supply) in ``unknown`` in id order, the
    Raxxon draw pile in id order, another seat's looks without their card, and no generator."""
    seat = state.viewer
    if seat is None:
        raise ValueError("the table is not a view")
    if any(c != HIDDEN for c in state.draw) or any(c != HIDDEN for c in state.supply):
        raise ValueError("a view hides the draw pile and the infection supply")
    mine = state.seen[seat]
    hidden = 0
    for cell, card in enumerate(state.crowd):
        if card == HIDDEN:
            hidden += 1
            if cell in mine:
                raise ValueError("a view hides a crowd card its seat has seen")
        elif card != EMPTY and card not in state.face_up and cell not in mine:
            raise ValueError("a view shows a face-down crowd card its seat has not seen")
    unknown = state.unknown
    if list(unknown) != sorted(unknown) or len(unknown) != hidden + len(state.draw) + len(state.supply):
        raise ValueError("a view lists, in id order, exactly the cards its seat cannot place")
    healthy = table_of(state).healthy
    if sum(1 for c in unknown if not healthy[c]) < len(state.supply):
        raise ValueError("the cards a view cannot place hold too few infected ones for the supply")
    if list(state.raxxon_draw) != sorted(state.raxxon_draw) or state.rng != HIDDEN_RNG:
        raise ValueError("a view shows the Raxxon draw pile in id order and no generator")
    if any(type(e) is Looked and e.player != seat and e.card != HIDDEN for e in state.events):
        raise ValueError("a view does not show the card another seat looked at")


def _check_events(state: State, population: int, raxxon: int, effects: int) -> None:
    """Every id an event names is in range, so telling it cannot fail (-1: none; HIDDEN: not seen)."""
    for event in state.events:
        if type(event) is RaxxonDrawn:
            if not -1 <= event.card < raxxon:
                raise ValueError("an event names a Raxxon card that does not exist")
            continue
        for field in attrs.fields(type(event)):
            value = getattr(event, field.name)
            if field.name == "card" and not (value == HIDDEN or -1 <= value < population):
                raise ValueError("an event names a population card that does not exist")
            if field.name in ("cell", "a", "b") and not -1 <= value < CELLS:
                raise ValueError("an event names a cell off the crowd")
            if field.name in ("player", "first") and not 0 <= value < state.options.players:
                raise ValueError("an event names a seat not at the table")
            if field.name == "fired" and not all(0 <= code < effects for code in value):
                raise ValueError("an event names an effect that does not exist")
