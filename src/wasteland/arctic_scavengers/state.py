"""The records of a game of Arctic Scavengers: options, the state, its effects and events.

Zones hold card ids (ints; the game's :class:`cards.CardTable` turns an id into
its values: ids 0..148 in the public set, see :mod:`cards` for a user set); a
pile's top is index 0, except the mercenary piles, whose top is the last
element. Per-player zones are tuples indexed by seat. Nothing derived is
stored: totals, scores and the peeked card are functions of these fields.

**Effects** are the automatic steps the engine's driver (``rules.ENGINE``) resolves from
the state's ``stack`` (top last): the end of the gathering phase, revealing the
forces, offering each seat its declarations, resolving the skirmish, the draw
phase, the end of the game. :class:`Declaring` is the one pending decision
that waits on the stack (a seat's skirmish declarations, with the skirmish's
resolution under it). **Events** are small records of what happened without a
decision since the last one; ``render.events`` turns them into text.

:class:`Work` is the typed, mutable working copy of a State that the rules change
in place (``wasteland.core.engine``); :class:`Ending` names the ways a game ends.
"""

from __future__ import annotations

import enum
from typing import Any, TypeVar

from attrs import frozen

from wasteland.arctic_scavengers.card_set import CardSet
from wasteland.core.codec import register_records
from wasteland.core.engine import WorkingCopy, working_copy
from wasteland.core.rng import Rng

__all__ = [
    "Phase", "Task", "Options", "State", "Work", "Ending", "Cards", "TASKS", "HAND_SIZE", "FIRST_SKIRMISH_ROUND",
    "ROUND_START",
    "GatheringOver", "RevealForces", "Declare", "Declaring", "ResolveSkirmish", "DrawPhase", "EndOfGame",
    "Effect", "RoundStarted", "Reshuffled", "ForcesRevealed", "SkirmishResolved", "GameEnded", "Event",
    "set_at", "without", "remove_one", "peeks", "peeked_card",
]

#: Cards drawn in each draw phase.
HAND_SIZE = 5
#: The first round with a skirmish (and with the initiator's peek).
FIRST_SKIRMISH_ROUND = 3

Cards = tuple[int, ...]
T = TypeVar("T")


class Phase(enum.Enum):
    """Where the round stands. The draw phase has no decisions: the driver plays it."""

    GATHERING = "gathering"
    KEEP = "keep"  # a Dig was resolved: the digger chooses which dug card to keep
    SKIRMISH = "skirmish"  # forces revealed: Saboteur and Sniper Team declarations
    OVER = "over"


class Task(enum.Enum):
    """The gathering actions; each at most once per round. Values index abilities and bits."""

    DIG = 0
    DRAW = 1
    HUNT = 2
    HIRE = 3
    TRASH = 4


TASKS: tuple[Task, ...] = tuple(Task)


@frozen
class Options:
    """Game options.

    ``players``: 2 to 5. ``peek_rule``: the reading of the two-player clause
    about peeking: ``"no_peek"`` (the default: with two players the initiator
    never looks at the top contested resource) or ``"remove_marked"`` (the
    initiator peeks as usual, and the contested resources marked ``peek`` in the
    card set or named in ``peeking`` leave the game). ``peeking``: contested
    resource keys for that second reading. ``cards``: the card set, as the card
    types a user set changed (None: the public set); see :mod:`card_set`.
    """

    players: int = 2
    peeking: tuple[str, ...] = ()
    cards: CardSet | None = None
    peek_rule: str = "no_peek"



# --- effects: automatic steps on the stack ------------------------------------


@frozen
class GatheringOver:
    """Every tribe has gathered: the skirmish follows (round 3 on), or the next draw phase."""


@frozen
class RevealForces:
    """Every tribe reveals the cards it kept for the skirmish."""


@frozen
class Declare:
    """Offer ``seat`` its skirmish declarations; a seat with no unit able to act is passed over."""

    seat: int


@frozen
class Declaring:
    """A pending decision: ``seat`` declares its Saboteurs' and Sniper Teams' actions."""

    seat: int


@frozen
class ResolveSkirmish:
    """Total the fights, give the contested resource (or stalemate), pass the initiator card."""


@frozen
class DrawPhase:
    """The next round's draw phase: discard the last round's cards, draw five."""


@frozen
class EndOfGame:
    """The last contested resource is gone: the game is over."""


Effect = GatheringOver | RevealForces | Declare | Declaring | ResolveSkirmish | DrawPhase | EndOfGame


# --- events: what happened without a decision ---------------------------------


@frozen
class RoundStarted:
    """Round ``round`` began (its draw phase is done); ``initiator`` gathers first."""

    round: int
    initiator: int


@frozen
class Reshuffled:
    """``seat`` shuffled its discard into a new deck to go on drawing."""

    seat: int


@frozen
class ForcesRevealed:
    """The skirmish began: each tribe's force, by seat."""

    forces: tuple[Cards, ...]


@frozen
class SkirmishResolved:
    """The skirmish as fought: each force (after snipes and disarms), its fight total and
    people present; ``winner`` (None: a stalemate) and the contested resource ``prize``
    (seen by the winner only; a stalemate's goes unseen to the junkyard)."""

    forces: tuple[Cards, ...]
    fights: tuple[int, ...]
    people: tuple[int, ...]
    winner: int | None
    prize: int


@frozen
class GameEnded:
    """The game is over: each tribe's people and the winners (a shared win lists several)."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]


Event = RoundStarted | Reshuffled | ForcesRevealed | SkirmishResolved | GameEnded


class Ending(enum.StrEnum):
    """How a game ends (``Outcome.code``): the biggest tribe; the biggest tribes tied and the most
    contested resources decided; tied on those too, the win shared."""

    MOST_PEOPLE = "most_people"
    CONTESTED_TIEBREAK = "contested_tiebreak"
    SHARED_WIN = "shared_win"


@frozen(cache_hash=True, weakref_slot=False)
class State:
    """The whole table (``viewer`` None), or what one seat sees of it (``viewer`` that seat).

    * ``hands``, ``decks``, ``discards``: each tribe's cards; ``played``: the cards it
      used for gathering actions this round (face up, to the discard at the next draw;
      the cards of a Trash under way lie face down).
    * ``secret``: per tribe, ids of cards that entered its discard unseen by the
      others (the kept dug card, the won contested resource, a force never revealed).
    * ``junkyard`` and ``contested``: face-down piles; ``piles``: the 8 face-up
      mercenary piles (top = last); ``removed``: cards out of the game.
    * ``turn``: the seat deciding now. ``used``: bits of the :class:`Task` values the
      gathering player has taken this round; ``food``: food hunted this round.
    * ``task``: the gathering action under way, with ``committed`` cards (persons,
      medicine or trash) and ``equipped`` (modifier, person) pairs.
    * ``dug``: cards drawn by a Dig, waiting for the keep choice.
    * ``spent``: Saboteurs and Sniper Teams that declared in this skirmish.
    * ``stack``: pending effects and decisions (top last); ``events``: what happened
      automatically since the last decision; ``rng``: the generator (a fixed
      placeholder in a view); ``viewer``: None for the table, the seat for a view.
    """

    options: Options
    round: int
    phase: Phase
    initiator: int
    turn: int
    hands: tuple[Cards, ...]
    decks: tuple[Cards, ...]
    discards: tuple[Cards, ...]
    played: tuple[Cards, ...]
    secret: tuple[frozenset[int], ...]
    junkyard: Cards
    contested: Cards
    piles: tuple[Cards, ...]
    removed: Cards
    used: int
    food: int
    task: Task | None
    committed: Cards
    equipped: tuple[tuple[int, int], ...]
    dug: Cards
    spent: Cards
    stack: tuple[Effect, ...]
    events: tuple[Event, ...]
    rng: Rng
    viewer: int | None

    @property
    def players(self) -> int:
        return self.options.players


@working_copy(State)
class Work(WorkingCopy[State]):
    """The mutable working copy of a State that the rules change in place: the hands, discards and
    played cards of each tribe, the stack and the events are lists; the decks and the unseen cards
    (changed only by draws), the shared piles and the small zones of the action under way keep
    their tuples (a rule replaces them whole)."""

    hands: list[Cards]
    discards: list[Cards]
    played: list[Cards]
    stack: list[Effect]
    events: list[Event]


def peeks(state: State) -> bool:
    """Whether initiators look at the top contested resource in this game: always, except
    with two players under the default reading of the two-player rule (``peek_rule="no_peek"``)."""
    options = state.options
    return options.players != 2 or options.peek_rule != "no_peek"


_OVER = Phase.OVER  # a name of the module: reading a member through its Enum class is slow


def peeked_card(state: State) -> int | None:
    """The contested resource the initiator has looked at this round, if any (round 3 on)."""
    if state.round >= FIRST_SKIRMISH_ROUND and state.contested and state.phase is not _OVER and peeks(state):
        return state.contested[0]
    return None


#: The per-round fields as a round begins: no action taken or under way, no food,
#: no dug cards, no declarations (used by ``replace``/``State`` with ``**ROUND_START``).
ROUND_START: dict[str, Any] = {
    "used": 0, "food": 0, "task": None, "committed": (), "equipped": (), "dug": (), "spent": (),
}


def set_at(items: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """``items`` with position ``index`` replaced by ``value``."""
    return items[:index] + (value,) + items[index + 1:]


def remove_one(cards: Cards, card: int) -> Cards:
    """``cards`` without ``card`` (which is there), order kept."""
    i = cards.index(card)
    return cards[:i] + cards[i + 1:]


def without(cards: Cards, gone: Cards | frozenset[int]) -> Cards:
    """``cards`` minus every card in ``gone``, order kept."""
    return tuple(c for c in cards if c not in gone)


#: Every record the State holds (options, effects, events), registered with the codec as
#: ``arctic_scavengers.<ClassName>``.
register_records("arctic_scavengers", State)
