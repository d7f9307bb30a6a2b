"""Text: the table drawn for a reader, a few words per action, the events as sentences.

``render(state, player)`` draws the grid(s) with every threat's strength as it
stands (after the Joker), the drawn threat waiting for a decision with its
printed column, the attacks assigned, the fallen, what happened since the last
decision, and, once the game is over, how it ended. ``describe(state, action)``
names an action in a few words (never raises). ``events(state)`` tells the
state's events as sentences.
"""

from __future__ import annotations

from typing import Any, Callable

from wasteland.core.game import describer
from wasteland.lucky_seven.actions import (
    Attack, ChooseRow, Deselect, Discard, EndPhase, GetDown, GetUp, Move, Select, Stop, cell_code,
)
from wasteland.lucky_seven.attack import threat_strength
from wasteland.lucky_seven.board import COLUMNS, ROWS, cell_of, column_of, flare_cells, row_of, side_of
from wasteland.lucky_seven.card_set import table_of
from wasteland.lucky_seven.cards import ABBREVIATIONS, KIND_LABELS, PUBLIC_TABLE, SQUAD_SIZE, CardTable, member_card
from wasteland.lucky_seven.rules import ending
from wasteland.lucky_seven.state import (
    Attacked, CounterAttacked, Displaced, Event, HelicopterCalled, HelicopterLeaves, MortarHit, NoRoom, Phase,
    Placed, SquadEliminated, State, TurnBegan,
)

__all__ = ["render", "describe", "events", "event_text", "member_name", "cell_name", "threat_label", "LEGEND"]

#: The key printed under every drawing.
LEGEND = ("key: LDR^ up, ldr_ down, * has acted, > selected; INF1 a threat and its strength, INF2(1) "
          "weakened by the Joker; +FL a flare on the cell; T the tank column")

_WIDTH = 9


def _sides(state: State) -> int:
    return len(state.decks)


def member_name(member: int, sides: int = 1) -> str:
    """``the Leader``; ``the Leader (grid 2)`` for a member of the second squad."""
    name = f"the {member_card(member).name}"
    return name if sides == 1 else f"{name} (grid {member // SQUAD_SIZE + 1})"


def cell_name(cell: int, sides: int = 1) -> str:
    """``row 2, column 3``; ``row 3, tank column``; ``grid 2 row 1, column 4`` on the second grid."""
    column = column_of(cell)
    where = f"row {row_of(cell) + 1}, column {column}" if column else f"row {row_of(cell) + 1}, tank column"
    return where if sides == 1 and side_of(cell) == 0 else f"grid {side_of(cell) + 1} {where}"


def threat_label(card: int, table: CardTable = PUBLIC_TABLE) -> str:
    """A threat's short name and, if it can be attacked, its printed strength (in ``table``'s set)."""
    label = KIND_LABELS[table.kind[card]]
    return f"{label}{table.strength[card]}" if table.attackable[card] else label


# -- the drawing -----------------------------------------------------------------------------------

def _member_label(state: State, member: int) -> str:
    abbrev = ABBREVIATIONS[member % SQUAD_SIZE]
    label = abbrev.lower() + "_" if member in state.down else abbrev + "^"
    if member in state.rotated:
        label += "*"
    if member == state.selected:
        label = ">" + label
    return label


def _threat_text(state: State, cell: int, table: CardTable) -> str:
    card = state.threats[cell]
    label = threat_label(card, table)
    if table.attackable[card]:
        now = threat_strength(state, cell)
        if now != table.strength[card]:
            label += f"({now})"
    return label


def _cell_text(state: State, cell: int, flares: frozenset[int], table: CardTable) -> str:
    parts = []
    if state.squad[cell] >= 0:
        parts.append(_member_label(state, state.squad[cell]))
    if state.threats[cell] >= 0:
        parts.append(_threat_text(state, cell, table))
    if cell in flares:
        parts.append("+FL")
    text = "".join(parts) if parts else ("." if column_of(cell) else " ")
    return text.center(_WIDTH)


def _grid_lines(state: State, side: int, across: bool) -> list[str]:
    """One grid, row 1 at the top; ``across``: the partner's grid seen from the other side of the
    table (row 1 at the bottom, against grid 1's row 1, each column over the one it touches)."""
    flares = flare_cells(state)
    table = table_of(state)
    rows = list(range(ROWS))
    columns: list[int | None] = list(range(COLUMNS))
    if across:
        rows.reverse()
        columns = [None, *range(COLUMNS - 1, 0, -1), 0]  # column 7 - c above grid 1's column c
    names = "".join(("" if c is None else "T" if c == 0 else str(c)).center(_WIDTH) for c in columns)
    lines = [("      " + names).rstrip()]
    for r in rows:
        cells = "".join(" " * _WIDTH if c is None else _cell_text(state, cell_of(side, r, c), flares, table)
                        for c in columns)
        lines.append(f"row {r + 1} {cells}".rstrip())
    return lines


def _seat(state: State, player: int) -> str:
    variant = state.options.variant
    if variant == "competitive":
        return "the squad" if player == 0 else "the threats"
    if variant == "cooperative":
        return f"grid {player + 1}"
    return "the squad"


def _header(state: State, player: int | None) -> list[str]:
    sides = _sides(state)
    seen = "" if player is None else f" (seen by player {player}, {_seat(state, player)})"
    result = ending(state)
    if result is not None:
        verdict = "won" if result.winners else "lost"
        if state.options.variant == "competitive":
            verdict = "the squad won" if 0 in result.winners else "the threats won"
        return [f"The Lucky Seven - game over after turn {state.turn}: {verdict}, {result.reason}{seen}"]
    head = (f"The Lucky Seven - turn {state.turn}, {state.phase.value}"
            + (f", grid {state.active + 1} to play" if sides > 1 else "")
            + (" (final turn: the helicopter is coming)" if state.final else "") + seen)
    return [head]


def _pending_line(state: State) -> str:
    table = table_of(state)
    card = state.pending
    label = threat_label(card, table)
    printed = table.column[card]
    column = f"printed column {printed}" if printed else "the tank column"
    if state.pending_row < 0:
        rows = ", ".join(str(r + 1) for r in range(4) if r not in state.dealt_rows)
        return f"drawn: {label}, {column}; player 1 chooses its row (free: {rows})"
    return (f"drawn: {label}, {column}; row {state.pending_row + 1} is full: discard a squad member there "
            "to make room")


def render(state: State, player: int | None = None) -> str:
    """The table as text, as ``player`` sees it (None: the referee); see the module's text."""
    sides = _sides(state)
    lines = _header(state, player)
    for side in range(sides):
        deck = len(state.decks[side])
        lines.append(f"grid {side + 1}: {deck} threats in the deck"
                     + ("; the helicopter has been called" if deck == 0 else ""))
    if sides == 2:
        lines.append("grid 2 (seen from across the table; its row 1 faces grid 1's row 1):")
        lines += _grid_lines(state, 1, True)
        lines.append("-" * (6 + _WIDTH * (COLUMNS + 1)))
        lines.append("grid 1:")
    lines += _grid_lines(state, 0, False)
    if state.fallen:
        lines.append("fallen: " + ", ".join(member_name(m, sides)[4:] for m in state.fallen))
    if state.attacks:
        lines.append("attacks: " + "; ".join(
            f"{ABBREVIATIONS[m % SQUAD_SIZE]}>{cell_code(c)}" for m, c in state.attacks))
    if state.pending >= 0 and state.phase is Phase.ENCOUNTER:
        lines.append(_pending_line(state))
    told = events(state)
    if told:
        lines.append("since the last decision:")
        lines += [f"  {line}" for line in told]
    lines.append(LEGEND)
    return "\n".join(lines)


# -- events --------------------------------------------------------------------------------------

def _names(members: tuple[int, ...], sides: int) -> str:
    return ", ".join(member_name(m, sides) for m in members)


def event_text(state: State, event: Event) -> str:
    """One event as a sentence (``state`` gives the card set and the number of grids)."""
    sides = _sides(state)
    table = table_of(state)
    kind = type(event)
    if kind is Placed:
        assert isinstance(event, Placed)
        return "; ".join(f"{threat_label(card, table)} dealt to {cell_name(cell, sides)}"
                         for card, cell in zip(event.cards, event.cells))
    if kind is MortarHit:
        assert isinstance(event, MortarHit)
        text = f"a MORTAR falls on {cell_name(event.cell, sides)}"
        if event.hit >= 0:
            text += f": {member_name(event.hit, sides)} is knocked down and stunned"
        if event.downed:
            text += f"; knocked down beside it: {_names(event.downed, sides)}"
        return text
    if kind is NoRoom:
        assert isinstance(event, NoRoom)
        grid = f"grid {event.row // 4 + 1} " if sides > 1 else ""
        return f"{threat_label(event.card, table)} discarded: {grid}row {event.row % 4 + 1} holds only threats"
    if kind is Displaced:
        assert isinstance(event, Displaced)
        return (f"{member_name(event.member, sides)} is discarded to make room: "
                f"{threat_label(event.card, table)} takes {cell_name(event.cell, sides)}")
    if kind is Attacked:
        assert isinstance(event, Attacked)
        label = threat_label(event.card, table)
        result = "it holds"
        if event.defeated:
            result = "defeated, flipped over" if KIND_LABELS[table.kind[event.card]] == "DEPOT" else "defeated"
        return (f"attack on {label} at {cell_name(event.cell, sides)}: {event.total} against {event.needed}, "
                f"{result}")
    if kind is CounterAttacked:
        assert isinstance(event, CounterAttacked)
        parts = [f"fell: {_names(event.fell, sides)}" if event.fell else "nobody fell"]
        if event.saved:
            parts.append(f"saved by the Depot: {_names(event.saved, sides)}")
        if event.tanks:
            parts.append("the tank left" if len(event.tanks) == 1 else f"{len(event.tanks)} tanks left")
        return "counter-attack: " + "; ".join(parts)
    if kind is HelicopterCalled:
        assert isinstance(event, HelicopterCalled)
        whose = f"grid {event.side + 1}'s" if sides > 1 else "the"
        return f"{whose} last threat is dealt: the helicopter is called, one more turn after this one"
    if kind is TurnBegan:
        assert isinstance(event, TurnBegan)
        whose = f" for grid {event.side + 1}" if sides > 1 else ""
        final = " (the final turn: no deal)" if event.final else ""
        return f"turn {event.turn} begins{whose}{final}"
    if kind is HelicopterLeaves:
        return "the final turn is over: the helicopter leaves"
    if kind is SquadEliminated:
        assert isinstance(event, SquadEliminated)
        return "the squad is eliminated" if sides == 1 else f"grid {event.side + 1}'s squad is eliminated"
    return repr(event)


def events(state: State) -> tuple[str, ...]:
    """What happened without a decision since the last one, as sentences."""
    return tuple(event_text(state, event) for event in state.events)


# -- describe --------------------------------------------------------------------------------------

def _pending_label(state: State) -> str:
    return threat_label(state.pending, table_of(state)) if state.pending >= 0 else "the threat"


def _move(state: State, action: Any) -> str:
    sides = _sides(state)
    text = f"move to {cell_name(action.cell, sides)}"
    there = state.squad[action.cell]
    if there >= 0 and there != state.selected:
        text += f", swapping with {member_name(there, sides)}"
    return text


def _attack(state: State, action: Any) -> str:
    sides = _sides(state)
    card = state.threats[action.cell]
    target = f"the {threat_label(card, table_of(state))} in " if card >= 0 else ""
    return f"{member_name(action.member, sides)} attacks {target}{cell_name(action.cell, sides)}"


def _end(state: State, action: Any) -> str:
    if state.phase is Phase.ATTACK:
        return "resolve the attacks (then the counter-attack)"
    return "end the maneuver"


_NAMERS: dict[type, Callable[[Any, Any], str]] = {
    Select: lambda state, action: f"select {member_name(action.member, _sides(state))}",
    Move: _move,
    GetUp: lambda state, action: "get up",
    GetDown: lambda state, action: "get down",
    Stop: lambda state, action: "stop here",
    Deselect: lambda state, action: "put the selected member back, to choose another",
    EndPhase: _end,
    Attack: _attack,
    Discard: lambda state, action: (f"discard {member_name(action.member, _sides(state))} to make room for "
                                    f"{_pending_label(state)}"),
    ChooseRow: lambda state, action: f"put {_pending_label(state)} in row {action.row + 1}",
}

describe: Callable[[State, object], str] = describer(_NAMERS)
describe.__doc__ = """A few words naming ``action`` in ``state`` (as the reader sees it); never raises."""
