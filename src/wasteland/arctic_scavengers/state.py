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

from wasteland.arctic_scavengers.card_set import CardSet, table_of
from wasteland.arctic_scavengers.cards import MERCENARY_PILES
from wasteland.core.codec import register
from wasteland.core.engine import WorkingCopy, working_copy
from wasteland.core.rng import HIDDEN_RNG, Rng

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


Effect = GatheringOver | RevealForces | Declare | Declaring | ResolveSkirmish | DrawPhase | EndOfGame


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


Event = RoundStarted | Reshuffled | ForcesRevealed | SkirmishResolved | GameEnded


class Ending(enum.StrEnum):
    """How a game ends (``Outcome.code``): the biggest tribe; the biggest tribes tied and the most
    contested resources decided; tied on those too, the win shared."""

    MOST_PEOPLE = "most_people"
    CONTESTED_TIEBREAK = "contested_tiebreak"
    SHARED_WIN = "shared_win"


@register("arctic_scavengers.State")
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

    def __codec_check__(self) -> None:
        """A state read from a file holds only what a game can hold: one zone per tribe, seats in
        range, and card ids of its own card set (or the placeholder of a hidden card in a view)."""
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
        table = table_of(self)
        check_conservation(self, table.ids)
        if self.viewer is not None:
            check_view_content(self)
            shown = frozenset(_places(self))
            unplaced = sum(1 for c in table.ids if c not in shown and table.is_contested[c])
            if self.contested.count(-1) > unplaced:
                raise ValueError("the contested pile hides more cards than there are contested resources to place")
        if not all(c in table.ids_of(key) for key, pile in zip(MERCENARY_PILES, self.piles) for c in pile):
            raise ValueError("each mercenary pile holds cards of its own type")
        check_decision(self)
        check_events(self, ids)


@working_copy(State)
class Work(WorkingCopy[State]):
    """The mutable working copy of a State that the rules change in place: the hands, discards and
    played cards of each tribe, the stack and the events are lists; the decks and the unseen cards
    (changed only by draws), the shared piles and the small zones of the action under way keep
    their tuples (a rule replaces them whole)."""

    options: Options
    round: int
    phase: Phase
    initiator: int
    turn: int
    hands: list[Cards]
    decks: tuple[Cards, ...]
    discards: list[Cards]
    played: list[Cards]
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
    stack: list[Effect]
    events: list[Event]
    rng: Rng
    viewer: int | None


def peeks(state: State) -> bool:
    """Whether initiators look at the top contested resource in this game: always, except
    with two players under the default reading of the two-player rule (``peek_rule="no_peek"``)."""
    options = state.options
    return options.players != 2 or options.peek_rule != "no_peek"


def peeked_card(state: State) -> int | None:
    """The contested resource the initiator has looked at this round, if any (round 3 on)."""
    if state.round >= FIRST_SKIRMISH_ROUND and state.contested and state.phase is not Phase.OVER and peeks(state):
        return state.contested[0]
    return None


def _places(state: State) -> list[int]:
    """Every card where it lies (each card lies in exactly one of these zones)."""
    return [*(c for zones in (state.hands, state.decks, state.discards, state.played, state.piles)
              for zone in zones for c in zone),
            *state.junkyard, *state.contested, *state.removed, *state.dug]


def check_conservation(state: State, ids: tuple[int, ...]) -> None:
    """Each card of the set exactly once (a view: each card it shows once, and as many hidden
    places as cards it does not show); the cards under way among those played; each tribe's
    unseen cards among its own."""
    places = _places(state)
    shown = [c for c in places if c != -1]
    if len(set(shown)) != len(shown) or len(places) != len(ids):
        raise ValueError("every card of the set lies in exactly one zone")
    if state.viewer is None and -1 in places:
        raise ValueError("only a view hides cards")
    turn = state.turn
    played = frozenset(state.played[turn])
    committed = [c for c in state.committed if c != -1]
    if len(set(committed)) != len(committed) or not frozenset(committed) <= played:
        raise ValueError("the cards committed to the action under way are cards its tribe played")
    modifiers = [m for m, _ in state.equipped]  # a person may hold a tool and Group Leaders
    if len(set(modifiers)) != len(modifiers) or not frozenset(modifiers) <= played \
            or not frozenset(q for _, q in state.equipped) <= frozenset(state.committed):
        raise ValueError("the equipped cards are distinct cards played by the tribe deciding, on persons committed")
    tribes = frozenset(c for zones in (state.hands, state.played, state.discards) for zone in zones for c in zone)
    if len(set(state.spent)) != len(state.spent) or not frozenset(state.spent) <= tribes - {-1}:
        raise ValueError("the units that declared are cards of the tribes")
    for q, secret in enumerate(state.secret):
        own = frozenset((*state.hands[q], *state.decks[q], *state.discards[q], *state.played[q]))
        if not secret <= own - {-1}:
            raise ValueError("a tribe's unseen cards are cards of that tribe")


def check_decision(state: State) -> None:
    """The phase agrees with the stack and the fields: a declaration pending only on top of the
    stack in the skirmish, dug cards only while a dug card is to be kept, an action under way only
    while gathering, nothing pending once the game is over."""
    stack = state.stack
    n = state.options.players
    for position, item in enumerate(stack):
        if type(item) in (Declare, Declaring) and not 0 <= item.seat < n:  # type: ignore[union-attr]
            raise ValueError("a declaration names a seat not at the table")
        if type(item) is Declaring and position != len(stack) - 1:
            raise ValueError("a pending decision is always on top of the stack")
    phase = state.phase
    waiting = bool(stack) and type(stack[-1]) is Declaring
    if stack and not waiting:
        raise ValueError("a saved table has no effect left to resolve before a decision")
    if (phase is Phase.SKIRMISH) != waiting or (waiting and stack[-1].seat != state.turn):  # type: ignore[union-attr]
        raise ValueError("the skirmish waits for the declaration of the seat deciding, and only it does")
    if (phase is Phase.KEEP) != bool(state.dug):
        raise ValueError("dug cards wait only while the digger keeps one")
    if state.task is not None and phase is not Phase.GATHERING:
        raise ValueError("a gathering action is under way only while gathering")
    if state.task is None and (state.committed or state.equipped):
        raise ValueError("cards are committed only to an action under way")
    if state.equipped and state.task not in (Task.DIG, Task.DRAW, Task.HUNT):
        raise ValueError("tools and Group Leaders are equipped only during a dig, draw or hunt")
    if state.spent and phase is not Phase.SKIRMISH:
        raise ValueError("units declare only in the skirmish")


def check_events(state: State, ids: frozenset[int]) -> None:
    """Every seat and card an event names is at the table, so telling it cannot fail."""
    n = state.options.players
    seats = range(n)
    known = ids | {-1}
    for event in state.events:
        kind = type(event)
        if kind is RoundStarted and event.initiator not in seats:  # type: ignore[union-attr]
            raise ValueError("an event names a seat not at the table")
        if kind is Reshuffled and event.seat not in seats:  # type: ignore[union-attr]
            raise ValueError("an event names a seat not at the table")
        if kind is ForcesRevealed or kind is SkirmishResolved:
            forces = event.forces  # type: ignore[union-attr]
            if len(forces) != n or not all(c in known for force in forces for c in force):
                raise ValueError("an event names a force not of this table")
        if kind is SkirmishResolved:
            e = event
            if (len(e.fights) != n or len(e.people) != n  # type: ignore[union-attr]
                    or not (e.winner is None or e.winner in seats) or e.prize not in known):  # type: ignore[union-attr]
                raise ValueError("a skirmish event does not fit the table")
        if kind is GameEnded and (len(event.scores) != n  # type: ignore[union-attr]
                                  or not all(w in seats for w in event.winners)):  # type: ignore[union-attr]
            raise ValueError("the end of the game names seats not at the table")


def check_view_content(state: State) -> None:
    """ValueError unless ``state`` is what ``view`` makes for its viewer (see ``view``; the
    loader checks conservation first, as for a table): the viewer's own zones whole and its deck
    in id order; the others' hands hidden until the forces are revealed, their decks hidden and
    their unseen discards hidden; the junkyard and the contested pile hidden (but the top for an
    initiator who peeked); another's dug cards and Trash under way face down; no generator."""
    seat = state.viewer
    if seat is None:
        raise ValueError("the table is not a view")
    trashing = state.task is Task.TRASH and state.turn != seat
    _check_tribes_seen(state, seat, trashing)
    _check_action_seen(state, trashing)
    _check_shared_seen(state, seat)


_HIDDEN = -1


def _whole(cards: Cards) -> bool:
    return _HIDDEN not in cards


def _none(cards: Cards) -> bool:
    return all(c == _HIDDEN for c in cards)


def _check_tribes_seen(state: State, seat: int, trashing: bool) -> None:
    """The played cards face up (but another's Trash under way); the viewer's own cards whole, its
    deck in id order; the others' decks hidden, their hands until the forces are revealed."""
    revealed = state.phase is Phase.SKIRMISH or state.phase is Phase.OVER
    for q in range(state.options.players):
        if not (q == state.turn and trashing) and not _whole(state.played[q]):
            raise ValueError("a view shows the cards played face up")
        if q == seat:
            deck = state.decks[q]
            if not (_whole(state.hands[q]) and _whole(deck) and list(deck) == sorted(deck)
                    and _whole(state.discards[q])):
                raise ValueError("a view shows its seat's own cards, its deck in id order")
            continue
        if not (_whole(state.hands[q]) if revealed else _none(state.hands[q])) or not _none(state.decks[q]):
            raise ValueError("a view hides the others' decks, and their hands until the forces are revealed")
        if state.secret[q]:
            raise ValueError("a view does not know which cards another tribe took unseen")


def _check_action_seen(state: State, trashing: bool) -> None:
    """The cards committed face up, but those of another tribe's Trash under way."""
    if trashing:
        if state.played[state.turn].count(_HIDDEN) != len(state.committed) or not _none(state.committed):
            raise ValueError("a view hides exactly the cards of another tribe's Trash under way")
    elif not _whole(state.committed):
        raise ValueError("a view shows the cards committed face up")


def _check_shared_seen(state: State, seat: int) -> None:
    """The junkyard and the contested pile hidden (but the peeked top for the initiator), the dug
    cards to the digger only, the mercenary piles and removed cards shown, no generator, and a
    won contested resource shown to its winner only."""
    if not _none(state.junkyard) or not _none(state.contested[1:]):
        raise ValueError("a view hides the junkyard and the contested pile")
    if state.contested:
        peeked = seat == state.initiator and peeked_card(state) is not None
        if peeked == (state.contested[0] == _HIDDEN):
            raise ValueError("a view shows the top contested resource to the initiator who peeked, and only then")
    if not (_whole(state.dug) if seat == state.turn else _none(state.dug)):
        raise ValueError("a view shows dug cards to the digger only")
    if not (_whole(state.removed) and all(_whole(pile) for pile in state.piles)):
        raise ValueError("a view shows the mercenary piles and the removed cards")
    if state.rng != HIDDEN_RNG:
        raise ValueError("a view holds no generator")
    if any(type(e) is SkirmishResolved and e.winner != seat and e.prize != _HIDDEN for e in state.events):
        raise ValueError("a view shows the contested resource only to the skirmish's winner")


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
