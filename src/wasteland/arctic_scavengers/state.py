"""The records of a game of Arctic Scavengers: options, the state, its effects and events.

Zones hold card ids (ints; the game's :class:`cards.CardTable` turns an id into
its values: ids 0..148 in the public set, see :mod:`cards` for a user set); a
pile's top is index 0, except the mercenary piles, whose top is the last
element. Per-player zones are tuples indexed by seat. Nothing derived is
stored: totals, scores and the peeked card are functions of these fields.

**Effects** are the automatic steps the driver (``rules.DRIVER``) resolves from
the state's ``stack`` (top last): the end of the gathering phase, revealing the
forces, offering each seat its declarations, resolving the skirmish, the draw
phase, the end of the game. :class:`Declaring` is the one pending decision
that waits on the stack (a seat's skirmish declarations, with the skirmish's
resolution under it). **Events** are small records of what happened without a
decision since the last one; ``render.events`` turns them into text.
"""

from __future__ import annotations

import enum
from typing import Any, TypeVar, Union

from attrs import frozen

from wasteland.arctic_scavengers.card_set import CardSet
from wasteland.core.codec import register
from wasteland.core.rng import Rng

__all__ = [
    "Phase", "Task", "Options", "State", "Cards", "TASKS", "HAND_SIZE", "FIRST_SKIRMISH_ROUND", "ROUND_START",
    "GatheringOver", "RevealForces", "Declare", "Declaring", "ResolveSkirmish", "DrawPhase", "EndOfGame",
    "Effect", "RoundStarted", "Reshuffled", "ForcesRevealed", "SkirmishResolved", "GameEnded", "Event",
    "set_at", "without", "remove_one",
]

#: Cards drawn in each draw phase.
HAND_SIZE = 5
#: The first round with a skirmish (and with the initiator's peek).
FIRST_SKIRMISH_ROUND = 3

Cards = tuple[int, ...]
T = TypeVar("T")


@register("arctic_scavengers.Phase")
class Phase(enum.Enum):
    """Where the round stands. The draw phase has no decisions: the driver plays it."""

    GATHERING = "gathering"
    KEEP = "keep"  # a Dig was resolved: the digger chooses which dug card to keep
    SKIRMISH = "skirmish"  # forces revealed: Saboteur and Sniper Team declarations
    OVER = "over"


@register("arctic_scavengers.Task")
class Task(enum.Enum):
    """The gathering actions; each at most once per round. Values index abilities and bits."""

    DIG = 0
    DRAW = 1
    HUNT = 2
    HIRE = 3
    TRASH = 4


TASKS: tuple[Task, ...] = tuple(Task)


@register("arctic_scavengers.Options")
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

    def __codec_check__(self) -> None:
        """Options read from a file are checked as ``new_game`` checks them, the card set included:
        a set of a billion cards, or a type whose name or ability was rewritten, is refused."""
        from wasteland.arctic_scavengers.card_set import card_set_data
        from wasteland.arctic_scavengers.setup import make_options

        data = None if self.cards is None else card_set_data(self.cards)
        if make_options(self.players, self.peek_rule, list(self.peeking), data) != self:
            raise ValueError("the options do not read back as new_game would make them")


# --- effects: automatic steps on the stack ------------------------------------


@register("arctic_scavengers.GatheringOver")
@frozen
class GatheringOver:
    """Every tribe has gathered: the skirmish follows (round 3 on), or the next draw phase."""


@register("arctic_scavengers.RevealForces")
@frozen
class RevealForces:
    """Every tribe reveals the cards it kept for the skirmish."""


@register("arctic_scavengers.Declare")
@frozen
class Declare:
    """Offer ``seat`` its skirmish declarations; a seat with no unit able to act is passed over."""

    seat: int


@register("arctic_scavengers.Declaring")
@frozen
class Declaring:
    """A pending decision: ``seat`` declares its Saboteurs' and Sniper Teams' actions."""

    seat: int


@register("arctic_scavengers.ResolveSkirmish")
@frozen
class ResolveSkirmish:
    """Total the fights, give the contested resource (or stalemate), pass the initiator card."""


@register("arctic_scavengers.DrawPhase")
@frozen
class DrawPhase:
    """The next round's draw phase: discard the last round's cards, draw five."""


@register("arctic_scavengers.EndOfGame")
@frozen
class EndOfGame:
    """The last contested resource is gone: the game is over."""


Effect = Union[GatheringOver, RevealForces, Declare, Declaring, ResolveSkirmish, DrawPhase, EndOfGame]


# --- events: what happened without a decision ---------------------------------


@register("arctic_scavengers.RoundStarted")
@frozen
class RoundStarted:
    """Round ``round`` began (its draw phase is done); ``initiator`` gathers first."""

    round: int
    initiator: int


@register("arctic_scavengers.Reshuffled")
@frozen
class Reshuffled:
    """``seat`` shuffled its discard into a new deck to go on drawing."""

    seat: int


@register("arctic_scavengers.ForcesRevealed")
@frozen
class ForcesRevealed:
    """The skirmish began: each tribe's force, by seat."""

    forces: tuple[Cards, ...]


@register("arctic_scavengers.SkirmishResolved")
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


@register("arctic_scavengers.GameEnded")
@frozen
class GameEnded:
    """The game is over: each tribe's people and the winners (a shared win lists several)."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]


Event = Union[RoundStarted, Reshuffled, ForcesRevealed, SkirmishResolved, GameEnded]


@register("arctic_scavengers.State")
@frozen(cache_hash=True)
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

    def _repr_svg_(self) -> str:
        """The state drawn as SVG (``render.svg(self)``), so that Jupyter shows the table."""
        from wasteland.arctic_scavengers.render import svg

        return svg(self)

    def __codec_check__(self) -> None:
        """A state read from a file holds only what a game can hold: one zone per tribe, seats in
        range, and card ids of its own card set (or the placeholder of a hidden card in a view)."""
        from wasteland.arctic_scavengers.card_set import table_of

        n = self.options.players
        per_tribe = (self.hands, self.decks, self.discards, self.played, self.secret)
        if any(len(zone) != n for zone in per_tribe) or len(self.piles) != 8:
            raise ValueError(f"a table of {n} tribes has {n} of each tribe's zones and 8 mercenary piles")
        if not (0 <= self.initiator < n and 0 <= self.turn < n and 0 <= self.round <= 10_000):
            raise ValueError("the initiator, the seat deciding or the round is out of range")
        if not (self.viewer is None or 0 <= self.viewer < n):
            raise ValueError("the viewer is not a seat of the table")
        ids = frozenset(table_of(self).ids)
        known = ids | {-1} if self.viewer is not None else ids
        zones = [*self.hands, *self.decks, *self.discards, *self.played, *self.piles, self.junkyard,
                 self.contested, self.removed, self.committed, self.dug, self.spent,
                 tuple(c for pair in self.equipped for c in pair), *(tuple(s) for s in self.secret)]
        for zone in zones:
            for card in zone:
                if card not in known:
                    raise ValueError(f"card id {card} is not a card of this game's set")
        if not 0 <= self.used < 32 or not 0 <= self.food <= 10_000:
            raise ValueError("the actions taken or the food of the round are out of range")


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
