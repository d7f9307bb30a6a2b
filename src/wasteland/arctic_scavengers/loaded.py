"""What an Arctic Scavengers table, or a seat's view, read from a file must hold: the codec's
check of a State (registered from ``rules``), and the check ``determinize`` makes of a view it is
given.

Nothing here runs in ``apply``: a table made by the rules holds all of it by construction.
"""

from __future__ import annotations

from itertools import chain

from wasteland.arctic_scavengers.card_set import table_of
from wasteland.arctic_scavengers.cards import MERCENARY_PILES
from wasteland.arctic_scavengers.state import (
    Cards, Declare, Declaring, ForcesRevealed, GameEnded, Phase, Reshuffled, RoundStarted, SkirmishResolved, State,
    Task, peeked_card,
)
from wasteland.core.rng import HIDDEN_RNG

__all__ = ["check_state_content", "check_conservation", "check_decision", "check_events", "check_view_content"]

#: The members of each member (the cards of every zone), read in C.
_flat = chain.from_iterable


def check_state_content(state: State) -> None:
    """ValueError naming the first thing wrong in a state read from a file: it holds only what a
    game can hold (one zone per tribe, seats in range, card ids of its own card set or the
    placeholder of a hidden card in a view, each card once, a decision with an answer)."""
    n = state.options.players
    per_tribe = (state.hands, state.decks, state.discards, state.played, state.secret)
    if any(len(zone) != n for zone in per_tribe) or len(state.piles) != 8:
        raise ValueError(f"a table of {n} tribes has {n} of each tribe's zones and 8 mercenary piles")
    if not (0 <= state.initiator < n and 0 <= state.turn < n and 0 <= state.round <= 10_000):
        raise ValueError("the initiator, the seat deciding or the round is out of range")
    if not (state.viewer is None or 0 <= state.viewer < n):
        raise ValueError("the viewer is not a seat of the table")
    ids = frozenset(table_of(state).ids)
    known = ids | {-1} if state.viewer is not None else ids
    zones = [*state.hands, *state.decks, *state.discards, *state.played, *state.piles, state.junkyard,
             state.contested, state.removed, state.committed, state.dug, state.spent,
             tuple(c for pair in state.equipped for c in pair), *(tuple(s) for s in state.secret)]
    if not known.issuperset(_flat(zones)):  # in C; the first card that is not named
        card = next(c for c in _flat(zones) if c not in known)
        raise ValueError(f"card id {card} is not a card of this game's set")
    if not 0 <= state.used < 32 or not 0 <= state.food <= 10_000:
        raise ValueError("the actions taken or the food of the round are out of range")
    table = table_of(state)
    check_conservation(state, table.ids)
    if state.viewer is not None:
        check_view_content(state)
        shown = frozenset(_places(state))
        unplaced = sum(1 for c in table.ids if c not in shown and table.is_contested[c])
        if state.contested.count(-1) > unplaced:
            raise ValueError("the contested pile hides more cards than there are contested resources to place")
    if not all(set(pile).issubset(table.ids_of(key)) for key, pile in zip(MERCENARY_PILES, state.piles)):
        raise ValueError("each mercenary pile holds cards of its own type")
    check_decision(state)
    check_events(state, ids)


def _places(state: State) -> list[int]:
    """Every card where it lies (each card lies in exactly one of these zones)."""
    return [*_flat(state.hands), *_flat(state.decks), *_flat(state.discards), *_flat(state.played),
            *_flat(state.piles), *state.junkyard, *state.contested, *state.removed, *state.dug]


def check_conservation(state: State, ids: tuple[int, ...]) -> None:
    """Each card of the set exactly once (a view: each card it shows once, and as many hidden
    places as cards it does not show); the cards under way among those played; each tribe's
    unseen cards among its own."""
    places = _places(state)
    hidden = places.count(-1)  # the shown cards (all but these) distinct: the set of all less -1
    if len(set(places)) - (hidden > 0) != len(places) - hidden or len(places) != len(ids):
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
    spent = state.spent
    if spent and (len(set(spent)) != len(spent) or -1 in spent
                  or not set(spent).issubset((*_flat(state.hands), *_flat(state.played), *_flat(state.discards)))):
        raise ValueError("the units that declared are cards of the tribes")
    for q, secret in enumerate(state.secret):  # each among its tribe's own cards, none of them hidden (-1)
        if secret and (-1 in secret or not secret.issubset(
                (*state.hands[q], *state.decks[q], *state.discards[q], *state.played[q]))):
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
