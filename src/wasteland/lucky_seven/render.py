"""Text drawings of a table and short names of the actions."""

from __future__ import annotations

from wasteland.lucky_seven.actions import (
    Attack, ChooseRow, Discard, EndPhase, GetDown, GetUp, Move, Select, Stop,
)
from wasteland.lucky_seven.board import COLUMNS, GRID, ROWS, cell_of, column_of, row_of, side_of
from wasteland.lucky_seven.cards import (
    DEPOT_KIND, FLARE, INFANTRY, MACHINE_GUN, MORTAR, PUBLIC_TABLE, TANK, CardTable, member_card,
)
from wasteland.lucky_seven.state import Phase, State
from wasteland.lucky_seven.table import cards_of, flare_cells

__all__ = ["render", "describe", "member_name", "cell_name", "threat_label"]

#: The key printed under every drawing.
LEGEND = ("key: LDR^ up, ldr_ down, * has acted, > selected; INF1 a threat and its strength; "
          "+FL a flare on the cell; T the tank column")

_ABBREV = ("LDR", "ATH", "MOU", "NAT", "HAM", "ANV", "JOK", "PAC")
_WIDTH = 9


def member_name(member: int, sides: int = 1) -> str:
    name = f"the {member_card(member).name}"
    return name if sides == 1 else f"{name} (grid {member // 8 + 1})"


def cell_name(cell: int, sides: int = 1) -> str:
    where = f"row {row_of(cell) + 1}, column {column_of(cell)}" if column_of(cell) else \
        f"row {row_of(cell) + 1}, tank column"
    return where if sides == 1 and side_of(cell) == 0 else f"grid {side_of(cell) + 1} {where}"


_SHORT = {INFANTRY: "INF", MACHINE_GUN: "MG", FLARE: "FLARE", MORTAR: "MORTAR", TANK: "TANK", DEPOT_KIND: "DEPOT"}


def threat_label(card: int, table: CardTable = PUBLIC_TABLE) -> str:
    """A threat's short name and, if it can be attacked, its strength (in ``table``'s set)."""
    short = _SHORT[table.kind[card]]
    return f"{short}{table.strength[card]}" if table.attackable[card] else short


def _member_label(state: State, member: int) -> str:
    abbrev = _ABBREV[member % 8]
    label = abbrev + ("^" if member not in state.down else "_")
    if member not in state.down:
        label = label.upper()
    else:
        label = label.lower()
    if member in state.rotated:
        label += "*"
    if member == state.selected:
        label = ">" + label
    return label


def _cell_text(state: State, cell: int, flares: frozenset[int]) -> str:
    parts = []
    if state.squad[cell] >= 0:
        parts.append(_member_label(state, state.squad[cell]))
    if state.threats[cell] >= 0:
        parts.append(threat_label(state.threats[cell], cards_of(state)))
    if cell in flares:
        parts.append("+FL")
    text = "".join(parts) if parts else ("." if column_of(cell) else " ")
    return text.center(_WIDTH)


def _grid_lines(state: State, side: int, flipped: bool) -> list[str]:
    flares = flare_cells(state)
    columns = list(range(COLUMNS))
    rows = list(range(ROWS))
    if flipped:
        columns.reverse()
        rows.reverse()
    header = "      " + "".join(("T" if c == 0 else str(c)).center(_WIDTH) for c in columns)
    lines = [header]
    for r in rows:
        cells = "".join(_cell_text(state, cell_of(side, r, c), flares) for c in columns)
        lines.append(f"row {r + 1} {cells}")
    return lines


def render(state: State, player: int | None = None) -> str:
    """The table as text: ``NAME^`` up, ``name_`` down, ``*`` rotated, ``>`` selected;
    threats with their strength; ``+FL`` a flare on the cell."""
    sides = len(state.decks)
    head = [f"The Lucky Seven - turn {state.turn}, {state.phase.value}"
            + (f", grid {state.active + 1} to play" if sides > 1 else "")
            + (" (final turn: the helicopter is coming)" if state.final else "")]
    for side in range(sides):
        deck = len(state.decks[side])
        head.append(f"grid {side + 1}: {deck} threats in the deck"
                    + ("; the helicopter has been called" if deck == 0 else ""))
    lines = list(head)
    if sides == 2:
        lines.append("grid 2 (seen from across the table):")
        lines += _grid_lines(state, 1, True)
        lines.append("-" * (6 + _WIDTH * COLUMNS))
        lines.append("grid 1:")
    lines += _grid_lines(state, 0, False)
    if state.fallen:
        lines.append("fallen: " + ", ".join(
            member_card(m).name if sides == 1 else f"{member_card(m).name} (grid {m // 8 + 1})" for m in state.fallen))
    if state.attacks:
        lines.append("attacks: " + "; ".join(
            f"{member_card(m).name} -> {cell_name(c, sides)}" for m, c in state.attacks))
    if state.pending >= 0:
        where = "waiting for a row" if state.pending_row < 0 else \
            f"row {state.pending_row + 1} is full: discard a squad member there"
        lines.append(f"drawn: {threat_label(state.pending, cards_of(state))} ({where})")
    if state.phase is Phase.OVER:
        lines.append("the game is over")
    lines.append(LEGEND)
    return "\n".join(lines)


def describe(action: object) -> str:
    """A few words naming an action."""
    if isinstance(action, Select):
        return f"select {member_name(action.member, 2 if action.member >= 8 else 1)}"
    if isinstance(action, Move):
        return f"move to {cell_name(action.cell, 2 if action.cell >= GRID else 1)} (swap if occupied)"
    if isinstance(action, GetUp):
        return "get up"
    if isinstance(action, GetDown):
        return "get down"
    if isinstance(action, Stop):
        return "stop here"
    if isinstance(action, EndPhase):
        return "end the phase"
    if isinstance(action, Attack):
        return (f"{member_name(action.member, 2 if action.member >= 8 else 1)} attacks "
                f"{cell_name(action.cell, 2 if action.cell >= GRID else 1)}")
    if isinstance(action, Discard):
        return f"discard {member_name(action.member, 2 if action.member >= 8 else 1)}"
    if isinstance(action, ChooseRow):
        return f"put the threat in row {action.row + 1}"
    return repr(action)

