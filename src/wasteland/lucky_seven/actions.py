"""The decisions of The Lucky Seven, each a small step, and their notation.

Maneuver: ``Select`` a squad member, then its action (``Move`` to a cell, a
swap when a squad member stands there; ``GetUp``; ``GetDown``), ``Stop`` after
the Athlete's first step or the Mouse's move, or ``Deselect`` to choose again
before it acts; ``EndPhase`` ends the maneuver. Attack: ``Attack`` assigns one
attacker to one threat; ``EndPhase`` resolves the attacks. Encounter:
``Discard`` the squad member a threat displaces from a full row; ``ChooseRow``
(competitive, second seat) puts the drawn threat in a row.

The fields are not checked when an action is built: any value may arrive
(from a file, a network, a test), and ``apply`` refuses whatever is not legal
with IllegalAction. The legal actions are shared instances from the tables
below, so listing them builds nothing.

**Notation** (see docs/rules/lucky_seven.md): a member by its three letters
(``HAM``), a cell as ``r2c3`` (row 2 from the top, map column 3; ``g2r1c4`` on
the second grid of the cooperative game); ``HAM`` selects, ``r2c3`` moves
there, ``up``, ``down``, ``stop``, ``back``, ``end``; ``HAM>r2c3`` attacks;
``drop HAM`` discards from a full row; ``row 2`` places the drawn threat.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Union

from attrs import frozen

from wasteland.core.codec import register
from wasteland.core.game import IllegalAction, parser, short
from wasteland.lucky_seven.cards import ABBREVIATIONS, SQUAD_SIZE

if TYPE_CHECKING:
    from wasteland.lucky_seven.state import State

__all__ = [
    "Select", "Move", "GetUp", "GetDown", "Stop", "Deselect", "EndPhase", "Attack", "Discard", "ChooseRow",
    "Action", "ACTION_TYPES", "SELECT", "MOVE", "ATTACK", "DISCARD", "CHOOSE_ROW", "GET_UP", "GET_DOWN", "STOP",
    "DESELECT", "END_PHASE", "notation", "parse", "cell_code", "member_code",
]


@register("lucky_seven.Select")
@frozen(cache_hash=True)
class Select:
    """Choose the squad member who acts next in the maneuver."""

    member: int


@register("lucky_seven.Move")
@frozen(cache_hash=True)
class Move:
    """The selected member moves to ``cell``; if a squad member is there, they swap."""

    cell: int


@register("lucky_seven.GetUp")
@frozen(cache_hash=True)
class GetUp:
    """The selected member flips to its up side."""


@register("lucky_seven.GetDown")
@frozen(cache_hash=True)
class GetDown:
    """The selected member flips to its down side."""


@register("lucky_seven.Stop")
@frozen(cache_hash=True)
class Stop:
    """The selected member ends its action (the Athlete after one step, the Mouse after moving)."""


@register("lucky_seven.Deselect")
@frozen(cache_hash=True)
class Deselect:
    """Put the selected member back before it acts, to choose another (*design*)."""


@register("lucky_seven.EndPhase")
@frozen(cache_hash=True)
class EndPhase:
    """End the maneuver, or resolve the assigned attacks."""


@register("lucky_seven.Attack")
@frozen(cache_hash=True)
class Attack:
    """``member`` attacks the threat in ``cell``."""

    member: int
    cell: int


@register("lucky_seven.Discard")
@frozen(cache_hash=True)
class Discard:
    """Discard ``member`` from a full row to make room for the new threat."""

    member: int


@register("lucky_seven.ChooseRow")
@frozen(cache_hash=True)
class ChooseRow:
    """Competitive variant: the drawn threat goes to ``row`` (0 is the top row)."""

    row: int


Action = Union[Select, Move, GetUp, GetDown, Stop, Deselect, EndPhase, Attack, Discard, ChooseRow]
ACTION_TYPES: tuple[type, ...] = (Select, Move, GetUp, GetDown, Stop, Deselect, EndPhase, Attack, Discard, ChooseRow)

#: Member ids of both squads, cells of both grids.
_MEMBERS = 2 * SQUAD_SIZE
_CELLS = 56

SELECT: tuple[Select, ...] = tuple(Select(m) for m in range(_MEMBERS))
MOVE: tuple[Move, ...] = tuple(Move(c) for c in range(_CELLS))
ATTACK: dict[tuple[int, int], Attack] = {(m, c): Attack(m, c) for m in range(_MEMBERS) for c in range(_CELLS)}
DISCARD: tuple[Discard, ...] = tuple(Discard(m) for m in range(_MEMBERS))
CHOOSE_ROW: tuple[ChooseRow, ...] = tuple(ChooseRow(r) for r in range(4))
GET_UP = GetUp()
GET_DOWN = GetDown()
STOP = Stop()
DESELECT = Deselect()
END_PHASE = EndPhase()


# -- notation ------------------------------------------------------------------------------------

def member_code(member: int) -> str:
    """A member's three letters: ``HAM`` (the same for both squads of the cooperative game: only
    the active grid's members ever act)."""
    return ABBREVIATIONS[member % SQUAD_SIZE]


def cell_code(cell: int) -> str:
    """``r2c3``: row 2 from the top, map column 3 (``c0`` the tank column); ``g2r1c4`` on the
    second grid."""
    side, rest = divmod(cell, 28)
    row, column = divmod(rest, 7)
    code = f"r{row + 1}c{column}"
    return f"g{side + 1}{code}" if side else code


_WORDS: dict[type, str] = {GetUp: "up", GetDown: "down", Stop: "stop", Deselect: "back", EndPhase: "end"}


def _int_in(value: object, limit: int) -> bool:
    return type(value) is int and 0 <= value < limit


def notation(state: State, action: Action) -> str:
    """The short text of ``action`` (see the module's text); unique among the legal actions of
    ``state``, whatever the letter case. IllegalAction for what is not an action of this game."""
    kind = type(action)
    word = _WORDS.get(kind)
    if word is not None:
        return word
    a: Any = action  # fields are checked here, not trusted
    if kind is Select:
        if _int_in(a.member, _MEMBERS):
            return member_code(a.member)
    elif kind is Move:
        if _int_in(a.cell, _CELLS):
            return cell_code(a.cell)
    elif kind is Attack:
        if _int_in(a.member, _MEMBERS) and _int_in(a.cell, _CELLS):
            return f"{member_code(a.member)}>{cell_code(a.cell)}"
    elif kind is Discard:
        if _int_in(a.member, _MEMBERS):
            return f"drop {member_code(a.member)}"
    elif kind is ChooseRow:
        if _int_in(a.row, 4):
            return f"row {a.row + 1}"
    raise IllegalAction(f"no Lucky Seven action has a notation for {short(action)}")


def parse(state: State, text: str) -> Action:
    """The legal action written ``text`` (letter case and spacing do not matter); IllegalAction
    for text that names none. Reads a player's view as well as the table (what is legal depends
    only on what everyone sees)."""
    from wasteland.lucky_seven.rules import actions_of  # the rules import this module
    from wasteland.lucky_seven.state import State

    if type(state) is not State:
        raise IllegalAction(f"not a Lucky Seven state: {short(state)}")
    read: Any = parser(actions_of, notation)
    action: Action = read(state, text)
    return action
