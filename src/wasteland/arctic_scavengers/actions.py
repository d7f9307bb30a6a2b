"""The decisions of Arctic Scavengers, each a small step, and their notation.

The seat deciding is ``current_player(state)``; actions do not name it.
Gathering: :class:`Begin` an action, :class:`Commit` a card to it,
:class:`Equip` a tool or Group Leaders to a committed person, :class:`Resolve`
it (Dig, Draw, Hunt, Trash) or :class:`Hire` from a pile; :class:`Keep` one dug
card; :class:`EndGathering` announces the force. Skirmish: :class:`Sabotage`,
:class:`Snipe`, :class:`EndDeclarations`.

Action records are immutable values; the constructors below (``commit(card)``,
…) hand out shared instances, which keeps listing the legal actions cheap.

**Notation** (the table is in docs/rules/arctic_scavengers.md): ``dig``,
``draw``, ``hunt``, ``hire``, ``trash`` begin an action; ``c 17`` commits card
17; ``eq 12>17`` equips modifier 12 on person 17; ``go`` resolves; ``keep 40``
/ ``keep none``; ``hire Brawler`` hires from that pile; ``end`` ends the
gathering; ``disarm 33>71`` and ``snipe 33>71`` declare; ``pass`` declares
nothing more. :func:`parse` reads it back (case and spacing do not matter).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Union

from attrs import frozen

from wasteland.arctic_scavengers.cards import MERCENARY_PILES, card_type
from wasteland.arctic_scavengers.state import TASKS, Task
from wasteland.core.codec import register
from wasteland.core.game import parser, short

if TYPE_CHECKING:
    from wasteland.arctic_scavengers.state import State

__all__ = [
    "Begin", "Commit", "Equip", "Resolve", "Keep", "Hire", "EndGathering",
    "Sabotage", "Snipe", "EndDeclarations", "Action", "ACTION_TYPES",
    "begin", "commit", "equip", "keep", "hire", "sabotage", "snipe",
    "RESOLVE", "END_GATHERING", "END_DECLARATIONS", "KEEP_NONE", "PILE_NAMES",
    "notation", "parse",
]


@register("arctic_scavengers.Begin")
@frozen(cache_hash=True)
class Begin:
    """Start a gathering action (Dig, Draw, Hunt, Hire or Trash)."""

    task: Task


@register("arctic_scavengers.Commit")
@frozen(cache_hash=True)
class Commit:
    """Play a hand card into the action under way (a person, a medicine card, or trash)."""

    card: int


@register("arctic_scavengers.Equip")
@frozen(cache_hash=True)
class Equip:
    """Put a tool or Group Leaders from the hand on a person committed to the action."""

    modifier: int
    person: int


@register("arctic_scavengers.Resolve")
@frozen(cache_hash=True)
class Resolve:
    """Carry out the action under way (Dig, Draw, Hunt or Trash)."""


@register("arctic_scavengers.Keep")
@frozen(cache_hash=True)
class Keep:
    """Keep one dug card (to the discard); ``None`` keeps none. The rest go to the junkyard bottom."""

    card: int | None


@register("arctic_scavengers.Hire")
@frozen(cache_hash=True)
class Hire:
    """Hire the top mercenary of pile ``pile`` (0..7, in :data:`cards.MERCENARY_PILES` order)."""

    pile: int


@register("arctic_scavengers.EndGathering")
@frozen(cache_hash=True)
class EndGathering:
    """Stop gathering; the cards left in hand are the skirmish force."""


@register("arctic_scavengers.Sabotage")
@frozen(cache_hash=True)
class Sabotage:
    """A Saboteur in your force disarms a tool in another player's force."""

    saboteur: int
    target: int


@register("arctic_scavengers.Snipe")
@frozen(cache_hash=True)
class Snipe:
    """A Sniper Team in your force snipes a person in another player's force."""

    sniper: int
    target: int


@register("arctic_scavengers.EndDeclarations")
@frozen(cache_hash=True)
class EndDeclarations:
    """Declare nothing more in this skirmish."""


Action = Union[Begin, Commit, Equip, Resolve, Keep, Hire, EndGathering, Sabotage, Snipe, EndDeclarations]
ACTION_TYPES: tuple[type, ...] = (
    Begin, Commit, Equip, Resolve, Keep, Hire, EndGathering, Sabotage, Snipe, EndDeclarations,
)

# --- shared instances ----------------------------------------------------------

RESOLVE = Resolve()
END_GATHERING = EndGathering()
END_DECLARATIONS = EndDeclarations()
KEEP_NONE = Keep(None)
_BEGIN = {task: Begin(task) for task in TASKS}
_COMMIT: dict[int, Commit] = {}
_KEEP: dict[int, Keep] = {}
_HIRE: dict[int, Hire] = {}
_EQUIP: dict[tuple[int, int], Equip] = {}
_SABOTAGE: dict[tuple[int, int], Sabotage] = {}
_SNIPE: dict[tuple[int, int], Snipe] = {}


def begin(task: Task) -> Begin:
    return _BEGIN[task]


def commit(card: int) -> Commit:
    action = _COMMIT.get(card)
    if action is None:
        action = _COMMIT[card] = Commit(card)
    return action


def keep(card: int) -> Keep:
    action = _KEEP.get(card)
    if action is None:
        action = _KEEP[card] = Keep(card)
    return action


def hire(pile: int) -> Hire:
    action = _HIRE.get(pile)
    if action is None:
        action = _HIRE[pile] = Hire(pile)
    return action


def equip(modifier: int, person: int) -> Equip:
    action = _EQUIP.get((modifier, person))
    if action is None:
        action = _EQUIP[modifier, person] = Equip(modifier, person)
    return action


def sabotage(saboteur: int, target: int) -> Sabotage:
    action = _SABOTAGE.get((saboteur, target))
    if action is None:
        action = _SABOTAGE[saboteur, target] = Sabotage(saboteur, target)
    return action


def snipe(sniper: int, target: int) -> Snipe:
    action = _SNIPE.get((sniper, target))
    if action is None:
        action = _SNIPE[sniper, target] = Snipe(sniper, target)
    return action


# --- notation -------------------------------------------------------------------

#: The printed name of each mercenary pile, as the notation writes it (``hire Sniper Team``).
PILE_NAMES: tuple[str, ...] = tuple(card_type(key).name for key in MERCENARY_PILES)
_WORDS = {task: task.name.lower() for task in TASKS}


def _pile_name(pile: object) -> str:
    if pile.__class__ is int and 0 <= pile < len(PILE_NAMES):
        return PILE_NAMES[pile]
    return short(pile)


_NOTATION: dict[type, Callable[[Any], str]] = {
    Begin: lambda a: _WORDS.get(a.task, short(a.task)),
    Commit: lambda a: f"c {short(a.card)}",
    Equip: lambda a: f"eq {short(a.modifier)}>{short(a.person)}",
    Resolve: lambda a: "go",
    Keep: lambda a: "keep none" if a.card is None else f"keep {short(a.card)}",
    Hire: lambda a: f"hire {_pile_name(a.pile)}",
    EndGathering: lambda a: "end",
    Sabotage: lambda a: f"disarm {short(a.saboteur)}>{short(a.target)}",
    Snipe: lambda a: f"snipe {short(a.sniper)}>{short(a.target)}",
    EndDeclarations: lambda a: "pass",
}


def notation(state: State, action: Action) -> str:
    """The short text of ``action`` (see the module's text); it needs no state, but the
    contract passes the state the action is taken in."""
    write = _NOTATION.get(type(action))
    if write is None:
        return short(action)
    try:
        return write(action)
    except Exception:  # noqa: BLE001 - a hand-built action may hold any value (an odd Task, say)
        return short(action)


_parse: Callable[[State, str], Action] | None = None


def parse(state: State, text: str) -> Action:
    """The legal action whose notation is ``text`` (case and spacing do not matter);
    IllegalAction when no legal action is written so."""
    global _parse
    if _parse is None:
        from wasteland.arctic_scavengers.rules import legal_actions

        _parse = parser(legal_actions, notation)
    return _parse(state, text)
