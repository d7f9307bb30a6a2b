"""The decisions of Raxxon, each a small step, and their notation.

At the start of a turn the active player takes the turn (``Turn``) or passes for
the day (``Pass``); with no token on the sheet there is nothing to trigger, and
the player chooses an action (``Act``) or passes at once. After the
consequences, ``Act(k)`` chooses action ``k`` of the sheet (0 is Investigate).
The steps of actions and effects are answered with a crowd cell (``Target``), a
row or column (``Line``), a cell for an added card (``Place``, in the 8 × 8 frame
around the crowd), an option of a Raxxon card (``Option``), or ``Take`` /
``Decline`` for an optional effect.

**Notation**: ``turn``, ``pass``, ``investigate`` or the action's name
(``carry out``), ``r2c3`` (row 2, column 3 of the crowd), ``row 2`` / ``col 3``,
``add r0c3`` (row 0 and 7, column 0 and 7 lie beside the crowd), ``1 deny``
(option 1), ``take``, ``decline``.

**Action ids** (docs/rules/raxxon.md): 124 ids, the same for every table:
Turn 0, Pass 1, Take 2, Decline 3, Act 4-8, Option 9-11, Target 12-47,
Line 48-59 (rows then columns), Place 60-123.
"""

from __future__ import annotations

from typing import Annotated, Any

from attrs import frozen

from wasteland.core.action_ids import ActionSpace, Ids
from wasteland.core.codec import register_records
from wasteland.core.game import IllegalAction, short
from wasteland.raxxon.cards import SHEETS
from wasteland.raxxon.card_set import table_of
from wasteland.raxxon.state import CELLS, COLUMNS, Ask, State

__all__ = [
    "Turn", "Pass", "Act", "Target", "Line", "Place", "Option", "Take", "Decline", "Action", "ACTION_TYPES",
    "TURN", "PASS", "TAKE", "DECLINE", "ACT", "TARGET", "LINE", "PLACE", "OPTION", "FRAME",
    "notation", "cell_code", "place_code", "action_count", "action_id", "decode", "COUNT", "SPACE",
]

#: The side of the frame around the crowd where an added card may go.
FRAME = 8


@frozen(cache_hash=True)
class Turn:
    """Take the turn: the sheet's consequences trigger, then an action is chosen."""


@frozen(cache_hash=True)
class Pass:
    """Pass: no more turns this day."""


@frozen(cache_hash=True)
class Act:
    """Choose action ``index`` of the sheet (0: Investigate)."""

    index: Annotated[int, Ids(5)]


@frozen(cache_hash=True)
class Target:
    """Answer the pending step with the crowd card in ``cell`` (row * 6 + column)."""

    cell: Annotated[int, Ids(CELLS)]


@frozen(cache_hash=True)
class Line:
    """Answer the pending step with row ``index`` (0-5) or column ``index - 6`` (6-11)."""

    index: Annotated[int, Ids(12)]


@frozen(cache_hash=True)
class Place:
    """Put the added card in ``cell`` of the 8 × 8 frame around the crowd ((row + 1) * 8 + column + 1)."""

    cell: Annotated[int, Ids(FRAME * FRAME)]


@frozen(cache_hash=True)
class Option:
    """Choose option ``index`` of the Raxxon card being read."""

    index: Annotated[int, Ids(3)]


@frozen(cache_hash=True)
class Take:
    """Take the optional effect (a Raxxon card is drawn after the action)."""


@frozen(cache_hash=True)
class Decline:
    """Decline the optional effect (no Raxxon card)."""


Action = Turn | Pass | Act | Target | Line | Place | Option | Take | Decline
ACTION_TYPES: tuple[type, ...] = (Turn, Pass, Act, Target, Line, Place, Option, Take, Decline)

#: The action ids, from the fields' values, in this order: Turn 0, Pass 1, Take 2, Decline 3, Act 4-8,
#: Option 9-11, Target 12-47, Line 48-59, Place 60-123. Every action is made once, here.
SPACE: ActionSpace[Action] = ActionSpace(State, "Raxxon", Turn, Pass, Take, Decline, Act, Option, Target, Line, Place)
COUNT = SPACE.count
action_count, action_id, decode = SPACE.action_count, SPACE.action_id, SPACE.decode
TURN, PASS, TAKE, DECLINE = SPACE.block(Turn)[0], SPACE.block(Pass)[0], SPACE.block(Take)[0], SPACE.block(Decline)[0]
ACT, OPTION, TARGET, LINE, PLACE = (SPACE.block(Act), SPACE.block(Option), SPACE.block(Target), SPACE.block(Line),
                                    SPACE.block(Place))

_WORDS: dict[type, str] = {Turn: "turn", Pass: "pass", Take: "take", Decline: "decline"}


def cell_code(cell: int) -> str:
    """``r2c3``: row 2 from the top, column 3 from the left."""
    row, column = divmod(cell, COLUMNS)
    return f"r{row + 1}c{column + 1}"


def place_code(cell: int) -> str:
    """A cell of the 8 × 8 frame: ``r0c3`` lies above the crowd's first row."""
    row, column = divmod(cell, FRAME)
    return f"r{row}c{column}"


def _int_in(value: object, limit: int) -> bool:
    return type(value) is int and 0 <= value < limit


def _pending(state: State) -> Ask | None:
    top = state.stack[-1] if state.stack else None
    return top if type(top) is Ask else None


def notation(state: State, action: Action) -> str:
    """The short text of ``action`` (see the module's text); unique among the legal actions.
    IllegalAction for what is not an action of this game."""
    kind = type(action)
    word = _WORDS.get(kind)
    if word is not None:
        return word
    a: Any = action
    if kind is Act:
        if _int_in(a.index, 5):
            return _act_name(state, a.index)
    elif kind is Target:
        if _int_in(a.cell, CELLS):
            return cell_code(a.cell)
    elif kind is Line:
        if _int_in(a.index, 12):
            return f"row {a.index + 1}" if a.index < 6 else f"col {a.index - 5}"
    elif kind is Place:
        if _int_in(a.cell, FRAME * FRAME):
            return f"add {place_code(a.cell)}"
    elif kind is Option:
        if _int_in(a.index, 3):
            return _option_name(state, a.index)
    raise IllegalAction(f"no Raxxon action has a notation for {short(action)}")


def _act_name(state: State, index: int) -> str:
    """``investigate``, or the name of action ``index`` of the active player's sheet."""
    if index == 0:
        return "investigate"
    seat = state.active
    if type(state) is State and 0 <= seat < len(state.characters):
        actions = SHEETS[state.characters[seat]].actions
        if index <= len(actions):
            name: str = actions[index - 1].name
            return name.lower()
    return f"action {index}"


def _option_name(state: State, index: int) -> str:
    """``1 deny``: the number of option ``index`` of the Raxxon card being read, and its label."""
    label = ""
    ask = _pending(state) if type(state) is State else None
    if ask is not None and ask.arg >= 0:
        options = table_of(state).options
        if ask.arg < len(options) and index < len(options[ask.arg]):
            label = " ".join(options[ask.arg][index][0].split())
    text: str = f"{index + 1} {label}"[:40].strip()
    return text


register_records("raxxon", *ACTION_TYPES)  # the codec tags: raxxon.<ClassName>
