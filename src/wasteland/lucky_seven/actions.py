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
with IllegalAction (the engine checks each field's type, the rules the rest).
The legal actions are shared instances from the tables
below, so listing them builds nothing.

**Notation** (see docs/rules/lucky_seven.md): a member by its three letters
(``HAM``), a cell as ``r2c3`` (row 2 from the top, map column 3; ``g2r1c4`` on
the second grid of the cooperative game); ``HAM`` selects, ``r2c3`` moves
there, ``up``, ``down``, ``stop``, ``back``, ``end``; ``HAM>r2c3`` attacks;
``drop HAM`` discards from a full row; ``row 2`` places the drawn threat.

**Action ids** (for learning agents and search; the table is in
docs/rules/lucky_seven.md): a fixed space of ``action_count(state)`` ids, 189
solo, 193 competitive (the four rows of ``ChooseRow`` at the end), 225
cooperative (an attacker may reach the partner's top row). Members and cells
are counted from the grid in play, the only grid whose members act: the same
id means the same decision for either squad of the cooperative game.
``action_id`` is arithmetic on the action's fields, ``decode`` its inverse;
``rules.action_from_id`` gives the legal action with an id. Both read a view as
well as the table.
"""

from __future__ import annotations

from typing import Any, Callable

from attrs import frozen

from wasteland.core.codec import register_records
from wasteland.core.game import IllegalAction, short
from wasteland.lucky_seven.cards import ABBREVIATIONS, SQUAD_SIZE
from wasteland.lucky_seven.state import State

__all__ = [
    "Select", "Move", "GetUp", "GetDown", "Stop", "Deselect", "EndPhase", "Attack", "Discard", "ChooseRow",
    "Action", "ACTION_TYPES", "SELECT", "MOVE", "ATTACK", "DISCARD", "CHOOSE_ROW", "GET_UP", "GET_DOWN", "STOP",
    "DESELECT", "END_PHASE", "notation", "cell_code", "member_code", "action_count", "action_id", "decode",
]


@frozen(cache_hash=True)
class Select:
    """Choose the squad member who acts next in the maneuver."""

    member: int


@frozen(cache_hash=True)
class Move:
    """The selected member moves to ``cell``; if a squad member is there, they swap."""

    cell: int


@frozen(cache_hash=True)
class GetUp:
    """The selected member flips to its up side."""


@frozen(cache_hash=True)
class GetDown:
    """The selected member flips to its down side."""


@frozen(cache_hash=True)
class Stop:
    """The selected member ends its action (the Athlete after one step, the Mouse after moving)."""


@frozen(cache_hash=True)
class Deselect:
    """Put the selected member back before it acts, to choose another (*design*)."""


@frozen(cache_hash=True)
class EndPhase:
    """End the maneuver, or resolve the assigned attacks."""


@frozen(cache_hash=True)
class Attack:
    """``member`` attacks the threat in ``cell``."""

    member: int
    cell: int


@frozen(cache_hash=True)
class Discard:
    """Discard ``member`` from a full row to make room for the new threat."""

    member: int


@frozen(cache_hash=True)
class ChooseRow:
    """Competitive variant: the drawn threat goes to ``row`` (0 is the top row)."""

    row: int


Action = Select | Move | GetUp | GetDown | Stop | Deselect | EndPhase | Attack | Discard | ChooseRow
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


# -- action ids ----------------------------------------------------------------------------------
#
# The layout (a member or a cell counted from the grid in play, side ``s``):
#   Select(8s + k)      k            (k: squad order, Leader 0 .. Pacifist 7)
#   Move(cell)          8 + m        (m = row * 6 + column - 1: the 24 map cells of grid s)
#   GetUp, GetDown, Stop, Deselect, EndPhase    32, 33, 34, 35, 36
#   Attack(8s + k, c)   37 + k * T + t   (k < 6: the Joker and the Pacifist never attack;
#                                          t = m for a map cell of grid s, 24 + column - 1 for
#                                          the partner's top row; T = 24, or 30 cooperative)
#   Discard(8s + k)     37 + 6T + k
#   ChooseRow(r)        45 + 6T + r  (competitive only)

_MAP_CELLS = 24
_EDGE_CELLS = 6
_ATTACKERS = 6
_GET_UP_ID, _GET_DOWN_ID, _STOP_ID, _DESELECT_ID, _END_PHASE_ID = 32, 33, 34, 35, 36
_ATTACK_BASE = 37
_FIXED_IDS: dict[type, int] = {
    GetUp: _GET_UP_ID, GetDown: _GET_DOWN_ID, Stop: _STOP_ID, Deselect: _DESELECT_ID, EndPhase: _END_PHASE_ID,
}
_FIXED_ACTIONS: dict[int, Action] = {
    _GET_UP_ID: GET_UP, _GET_DOWN_ID: GET_DOWN, _STOP_ID: STOP, _DESELECT_ID: DESELECT, _END_PHASE_ID: END_PHASE,
}


def _targets(sides: int) -> int:
    """How many cells an attacker of the grid in play may ever attack."""
    return _MAP_CELLS if sides == 1 else _MAP_CELLS + _EDGE_CELLS


def _checked(state: object) -> State:
    if type(state) is not State:
        raise IllegalAction(f"not a Lucky Seven state: {short(state)}")
    return state


def action_count(state: State) -> int:
    """The size of the action space: 189 solo, 193 competitive, 225 cooperative (it depends on
    the variant only, never on the card set)."""
    variant = _checked(state).options.variant
    count = _ATTACK_BASE + _ATTACKERS * _targets(2 if variant == "cooperative" else 1) + SQUAD_SIZE
    return count + 4 if variant == "competitive" else count


def _map_index(cell: object, side: int) -> int:
    """The index 0-23 of ``cell`` among the map cells of grid ``side``, or -1."""
    if type(cell) is not int:
        return -1
    rest = cell - side * 28
    if not 0 <= rest < 28:
        return -1
    row, column = divmod(rest, 7)
    return row * 6 + column - 1 if column else -1


def _target_index(cell: object, active: int, sides: int) -> int:
    """The index of an attacked cell: a map cell of the grid in play 0-23, a cell of the
    partner's top row 24-29 (cooperative), or -1."""
    index = _map_index(cell, active)
    if index >= 0 or sides == 1:
        return index
    index = _map_index(cell, 1 - active)
    return _MAP_CELLS + index if 0 <= index < _EDGE_CELLS else -1


def _kind_of(member: object, active: int) -> int:
    """The squad order 0-7 of a member of the grid in play, or -1."""
    if type(member) is not int:
        return -1
    kind = member - active * SQUAD_SIZE
    return kind if 0 <= kind < SQUAD_SIZE else -1


#: ``_map_index`` of every cell of the board, by grid in play.
_MAP_INDEX: tuple[tuple[int, ...], ...] = tuple(
    tuple(_map_index(cell, side) for cell in range(_CELLS)) for side in (0, 1))
#: ``_target_index`` of every cell of the board, by number of grids and grid in play.
_TARGETS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(_target_index(cell, active, sides) for cell in range(_CELLS)) for active in range(sides))
    for sides in (1, 2))


def _select_id(state: State, action: Any) -> int:
    """Select(8s + k): k."""
    return _kind_of(action.member, state.active)


def _move_id(state: State, action: Any) -> int:
    """Move(cell): 8 + its map index in the grid in play."""
    cell = action.cell
    if type(cell) is int and 0 <= cell < _CELLS:
        target = _MAP_INDEX[state.active][cell]
        if target >= 0:
            return SQUAD_SIZE + target
    return -1


def _attack_id(state: State, action: Any) -> int:
    """Attack(8s + k, c): k < 6 (never the Joker or the Pacifist), c a cell it may ever attack."""
    active, sides = state.active, len(state.decks)
    member, cell = action.member, action.cell
    if type(member) is int and type(cell) is int and 0 <= cell < _CELLS:
        kind = member - active * SQUAD_SIZE
        target = _TARGETS[sides - 1][active][cell]
        if 0 <= kind < _ATTACKERS and target >= 0:
            return _ATTACK_BASE + kind * _targets(sides) + target
    return -1


def _discard_id(state: State, action: Any) -> int:
    """Discard(8s + k): after the attacks."""
    member = _kind_of(action.member, state.active)
    return _ATTACK_BASE + _ATTACKERS * _targets(len(state.decks)) + member if member >= 0 else -1


def _choose_row_id(state: State, action: Any) -> int:
    """ChooseRow(r), competitive only: after the discards."""
    row = action.row
    if state.options.variant == "competitive" and _int_in(row, 4):
        return _ATTACK_BASE + _ATTACKERS * _targets(1) + SQUAD_SIZE + int(row)
    return -1


#: The id of an action of each type with fields, from its fields (-1: none); the fields are
#: checked there, not trusted.
_ID_OF: dict[type, Callable[[State, Any], int]] = {
    Select: _select_id, Move: _move_id, Attack: _attack_id, Discard: _discard_id, ChooseRow: _choose_row_id,
}


def action_id(state: State, action: Action) -> int:
    """The id of ``action`` in the action space of ``state`` (members and cells counted from the
    grid in play): arithmetic on its fields, without checking that it is legal now.
    IllegalAction for what has no id (a member of the other grid, the tank column, an attack by
    the Joker, a row choice outside the competitive game, a field of the wrong type...)."""
    if type(state) is not State:
        _checked(state)  # IllegalAction
    kind = type(action)
    fixed = _FIXED_IDS.get(kind)
    if fixed is not None:
        return fixed
    id_of = _ID_OF.get(kind)
    if id_of is not None:
        i = id_of(state, action)
        if i >= 0:
            return i
    raise IllegalAction(f"{short(action)} has no action id in The Lucky Seven now")


def _cell_from(index: int, active: int) -> int:
    """The cell of a map index 0-23 of the grid in play, or 24-29 of the partner's top row."""
    if index < _MAP_CELLS:
        return active * 28 + index // 6 * 7 + index % 6 + 1
    return (1 - active) * 28 + index - _MAP_CELLS + 1


def decode(state: State, i: int) -> Action:
    """The action with id ``i`` (0 <= i < ``action_count(state)``), not yet checked."""
    active = state.active
    base = active * SQUAD_SIZE
    if i < SQUAD_SIZE:
        return SELECT[base + i]
    if i < _GET_UP_ID:
        return MOVE[_cell_from(i - SQUAD_SIZE, active)]
    if i < _ATTACK_BASE:
        return _FIXED_ACTIONS[i]
    targets = _targets(len(state.decks))
    i -= _ATTACK_BASE
    if i < _ATTACKERS * targets:
        member, target = divmod(i, targets)
        return ATTACK[base + member, _cell_from(target, active)]
    i -= _ATTACKERS * targets
    if i < SQUAD_SIZE:
        return DISCARD[base + i]
    return CHOOSE_ROW[i - SQUAD_SIZE]


register_records("lucky_seven", *ACTION_TYPES)  # the codec tags: lucky_seven.<ClassName>
