"""The decisions of Arctic Scavengers, each a small step, and their names for people.

Every action names the seat taking it (``player``), so acting out of turn is
refused with a reason. Gathering: :class:`Begin` an action, :class:`Commit` a card
to it, :class:`Equip` a tool or Group Leaders to a committed person,
:class:`Resolve` it (Dig, Draw, Hunt, Trash) or :class:`Hire` from a pile;
:class:`Keep` one dug card; :class:`EndGathering` announces the force. Skirmish:
:class:`Sabotage`, :class:`Snipe`, :class:`EndDeclarations`.

Action records are immutable values; the constructors below hand out shared
instances, which keeps listing the legal actions cheap.
"""

from __future__ import annotations

from typing import Union

from attrs import frozen

from wasteland.arctic_scavengers.cards import MERCENARY_PILES, card_type, type_of_id
from wasteland.arctic_scavengers.state import Task
from wasteland.core.codec import register

__all__ = [
    "Begin", "Commit", "Equip", "Resolve", "Keep", "Hire", "EndGathering",
    "Sabotage", "Snipe", "EndDeclarations", "Action", "ACTION_TYPES", "describe",
    "begin", "commit", "equip", "resolve", "keep", "hire", "end_gathering",
    "sabotage", "snipe", "end_declarations",
]


@register
@frozen(cache_hash=True)
class Begin:
    """Start a gathering action (Dig, Draw, Hunt, Hire or Trash)."""

    player: int
    task: Task


@register
@frozen(cache_hash=True)
class Commit:
    """Play a hand card into the action under way (a person, a medicine card, or trash)."""

    player: int
    card: int


@register
@frozen(cache_hash=True)
class Equip:
    """Put a tool or Group Leaders from the hand on a person committed to the action."""

    player: int
    modifier: int
    person: int


@register
@frozen(cache_hash=True)
class Resolve:
    """Carry out the action under way (Dig, Draw, Hunt or Trash)."""

    player: int


@register
@frozen(cache_hash=True)
class Keep:
    """Keep one dug card (to the discard); ``None`` keeps none. The rest go to the junkyard bottom."""

    player: int
    card: int | None


@register
@frozen(cache_hash=True)
class Hire:
    """Hire the top mercenary of pile ``pile`` (0..7, in :data:`cards.MERCENARY_PILES` order)."""

    player: int
    pile: int


@register
@frozen(cache_hash=True)
class EndGathering:
    """Stop gathering; the cards left in hand are the skirmish force."""

    player: int


@register
@frozen(cache_hash=True)
class Sabotage:
    """A Saboteur in your force disarms a tool in another player's force."""

    player: int
    saboteur: int
    target: int


@register
@frozen(cache_hash=True)
class Snipe:
    """A Sniper Team in your force snipes a person in another player's force."""

    player: int
    sniper: int
    target: int


@register
@frozen(cache_hash=True)
class EndDeclarations:
    """Declare nothing more in this skirmish."""

    player: int


Action = Union[Begin, Commit, Equip, Resolve, Keep, Hire, EndGathering, Sabotage, Snipe, EndDeclarations]
ACTION_TYPES: tuple[type, ...] = (
    Begin, Commit, Equip, Resolve, Keep, Hire, EndGathering, Sabotage, Snipe, EndDeclarations,
)

_CACHE: dict[tuple[object, ...], Action] = {}


def _shared(key: tuple[object, ...], make: type, *args: object) -> Action:
    action = _CACHE.get(key)
    if action is None:
        action = make(*args)
        _CACHE[key] = action
    return action


def begin(player: int, task: Task) -> Action:
    return _shared((0, player, task), Begin, player, task)


def commit(player: int, card: int) -> Action:
    return _shared((1, player, card), Commit, player, card)


def equip(player: int, modifier: int, person: int) -> Action:
    return _shared((2, player, modifier, person), Equip, player, modifier, person)


def resolve(player: int) -> Action:
    return _shared((3, player), Resolve, player)


def keep(player: int, card: int | None) -> Action:
    return _shared((4, player, card), Keep, player, card)


def hire(player: int, pile: int) -> Action:
    return _shared((5, player, pile), Hire, player, pile)


def end_gathering(player: int) -> Action:
    return _shared((6, player), EndGathering, player)


def sabotage(player: int, saboteur: int, target: int) -> Action:
    return _shared((7, player, saboteur, target), Sabotage, player, saboteur, target)


def snipe(player: int, sniper: int, target: int) -> Action:
    return _shared((8, player, sniper, target), Snipe, player, sniper, target)


def end_declarations(player: int) -> Action:
    return _shared((9, player), EndDeclarations, player)


def _card(card: int) -> str:
    ctype = type_of_id(card) if card.__class__ is int else None
    return f"card #{card!r}" if ctype is None else f"{ctype.name} #{card}"


def describe(action: object) -> str:
    """A few words naming ``action`` for a person choosing from a list."""
    if isinstance(action, Begin):
        return f"begin {action.task.name.lower()}"
    if isinstance(action, Commit):
        return f"commit {_card(action.card)}"
    if isinstance(action, Equip):
        return f"equip {_card(action.modifier)} on {_card(action.person)}"
    if isinstance(action, Resolve):
        return "resolve the action"
    if isinstance(action, Keep):
        return "keep nothing" if action.card is None else f"keep {_card(action.card)}"
    if isinstance(action, Hire):
        if 0 <= action.pile < len(MERCENARY_PILES):
            return f"hire a {card_type(MERCENARY_PILES[action.pile]).name}"
        return f"hire from pile {action.pile}"
    if isinstance(action, EndGathering):
        return "end gathering (keep the rest as the force)"
    if isinstance(action, Sabotage):
        return f"{_card(action.saboteur)} disarms {_card(action.target)}"
    if isinstance(action, Snipe):
        return f"{_card(action.sniper)} snipes {_card(action.target)}"
    if isinstance(action, EndDeclarations):
        return "declare nothing more"
    return repr(action)
