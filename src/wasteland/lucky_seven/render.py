"""Drawings: the table as text and as SVG for a reader, a few words per action, the events as sentences.

``render(state, player)`` draws the grid(s) with every threat's strength as it
stands (after the Joker), the drawn threat waiting for a decision with its
printed column, the attacks assigned, the fallen, what happened since the last
decision, and, once the game is over, how it ended; ``svg(state, player)`` draws
the same and more as one SVG picture (see ``svg``). ``describe(state, action)``
names an action in a few words (never raises). ``events(state)`` tells the
state's events as sentences.
"""

from __future__ import annotations

from typing import Any, Callable

from wasteland.core.game import describer, need_state, seen_by
from wasteland.core.svg import PALETTE, Drawing, wrap
from wasteland.core.words import plural
from wasteland.lucky_seven.actions import (
    Attack, ChooseRow, Deselect, Discard, EndPhase, GetDown, GetUp, Move, Select, Stop, cell_code,
)
from wasteland.lucky_seven.attack import attacker_strength, can_attack, reach, threat_strength
from wasteland.lucky_seven.board import COLUMNS, GRID, ROWS, cell_of, column_of, flare_cells, row_of, side_of
from wasteland.lucky_seven.card_set import table_of
from wasteland.lucky_seven.cards import (
    ABBREVIATIONS, DEPOT, KIND_LABELS, PUBLIC_TABLE, SQUAD, SQUAD_SIZE, TANK, THREATS, CardTable, ThreatKind,
    member_card,
)
from wasteland.lucky_seven.rules import current_player, ending
from wasteland.lucky_seven.state import (
    Attacked, CounterAttacked, Displaced, Event, HelicopterCalled, HelicopterLeaves, MortarHit, NoRoom, Phase,
    Placed, SquadEliminated, State, TurnBegan,
)
from wasteland.lucky_seven.view import view

__all__ = [
    "render", "svg", "describe", "events", "event_text", "member_name", "cell_name", "threat_label", "LEGEND",
    "SVG_LEGEND", "KIND_NAMES", "summary", "seat_role",
]

#: The key printed under every drawing.
LEGEND = ("key: LDR^ up, ldr_ down, * has acted, > selected; INF1 a threat and its strength, INF2(1) "
          "weakened by the Joker; +FL a flare on the cell; T the tank column")

#: Colours for a terminal: (regular expression, rich style) pairs over ``render``'s text; the
#: text says everything without them.
HIGHLIGHTS: tuple[tuple[str, str], ...] = (
    (r"^The Lucky Seven - .*$", "bold"),
    (r"\b[A-Z]{3}\^\*?", "bold green"),
    (r"\b[a-z]{3}_\*?", "yellow"),
    (r">(?=[A-Za-z]{3}[\^_])", "bold reverse"),
    (r"\b(?:INF|MG|MORTAR|TANK)\d*(?:\(\d+\))?", "bold red"),
    (r"\bFLARE\b|\+FL\b", "magenta"),
    (r"\bDEPOT\d*\b", "blue"),
    (r"^fallen: .*$", "red"),
    (r"^drawn: .*$", "bold yellow"),
    (r"^key: .*$", "dim"),
)

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


def _grid_order(across: bool) -> tuple[list[int], list[int | None]]:
    """The rows top to bottom and the columns left to right (None: a blank corner) of a grid as
    drawn: row 1 at the top; ``across``, the partner's grid seen from the other side of the
    table, row 1 at the bottom and column 7 - c above grid 1's column c, the tank column last."""
    if across:
        return list(range(ROWS - 1, -1, -1)), [None, *range(COLUMNS - 1, 0, -1), 0]
    return list(range(ROWS)), list(range(COLUMNS))


def _grid_lines(state: State, side: int, across: bool) -> list[str]:
    """One grid, row 1 at the top; ``across``: the partner's grid seen from the other side of the
    table (row 1 at the bottom, against grid 1's row 1, each column over the one it touches)."""
    flares = flare_cells(state)
    table = table_of(state)
    rows, columns = _grid_order(across)
    names = "".join(("" if c is None else "T" if c == 0 else str(c)).center(_WIDTH) for c in columns)
    lines = [("      " + names).rstrip()]
    for r in rows:
        cells = "".join(" " * _WIDTH if c is None else _cell_text(state, cell_of(side, r, c), flares, table)
                        for c in columns)
        lines.append(f"row {r + 1} {cells}".rstrip())
    return lines


def seat_role(state: State, player: int) -> str:
    """What seat ``player`` plays at this table: ``the squad``, ``the threats`` (the competitive
    game's second seat) or ``grid 2`` (the cooperative game)."""
    variant = state.options.variant
    if variant == "competitive":
        return "the squad" if player == 0 else "the threats"
    if variant == "cooperative":
        return f"grid {player + 1}"
    return "the squad"


def _header(state: State, player: int | None) -> list[str]:
    sides = _sides(state)
    seen = "" if player is None else f" (seen by player {player}, {seat_role(state, player)})"
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



#: How a member discarded at setup (the last one dealt to each grid) is told from one who fell.
AT_SETUP = " (discarded at setup)"


def _at_setup(state: State, member: int) -> str:
    """``AT_SETUP`` for the member each grid discards at setup (the first fallen of each grid:
    setup puts it there before play), else nothing: on turn 1 a fallen member is no mystery."""
    sides = 2 if state.options.variant == "cooperative" else 1
    return AT_SETUP if member in state.fallen[:sides] else ""


def _fallen_name(state: State, member: int, sides: int) -> str:
    """``Leader``, ``Leader (discarded at setup)``, ``Leader (grid 1, discarded at setup)``."""
    name, told = member_name(member, sides)[4:], _at_setup(state, member)
    return name[:-1] + ", " + told[2:] if told and name.endswith(")") else name + told


def render(state: State, player: int | None = None) -> str:
    """The table as text, as ``player`` sees it (None: the state as it is); see the module's text."""
    need_state(state, State, "a Lucky Seven")
    state = seen_by(state, player, view)
    sides = _sides(state)
    lines = _header(state, player)
    for side in range(sides):
        deck = len(state.decks[side])
        lines.append(f"grid {side + 1}: {plural(deck, 'threat')} in the deck"
                     + ("; the helicopter has been called" if deck == 0 else ""))
    if sides == 2:
        lines.append("grid 2 (seen from across the table; its row 1 faces grid 1's row 1):")
        lines += _grid_lines(state, 1, True)
        lines.append("-" * (6 + _WIDTH * (COLUMNS + 1)))
        lines.append("grid 1:")
    lines += _grid_lines(state, 0, False)
    if state.fallen:
        lines.append("fallen: " + ", ".join(_fallen_name(state, m, sides) for m in state.fallen))
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


def _deal_text(event: Event, sides: int, table: CardTable) -> str | None:
    """A deal's event as a sentence (a threat placed, a Mortar, a threat or a member discarded),
    or None for another event."""
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
    return None


def event_text(state: State, event: Event) -> str:
    """One event as a sentence (``state`` gives the card set and the number of grids)."""
    sides = _sides(state)
    table = table_of(state)
    dealt = _deal_text(event, sides, table)
    if dealt is not None:
        return dealt
    kind = type(event)
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

# -- the rules in short ----------------------------------------------------------------------------

_GOAL = {
    "solo": ("You command the squad. Goal: no threat left on the map at the end of the last turn. "
             "You lose if threats are left then, or if the whole squad is discarded before."),
    "competitive": ("Seat 0 commands the squad, seat 1 plays the threats: as each threat is drawn, seat 1 "
                    "chooses the row it enters (one threat per row each turn). Seat 0 wins if no threat is "
                    "left on the map at the end of the last turn; otherwise (threats left, or the squad "
                    "discarded) seat 1 wins."),
    "cooperative": ("Two squads on two grids whose top rows face each other: seat 0 plays grid 1, seat 1 "
                    "grid 2, a whole turn each in turn. Cards of the facing top rows help and harm across "
                    "the edge, but nothing crosses it. You win together if neither grid has a threat left "
                    "at the end of its last turn; you lose together if either has, or if a squad is "
                    "discarded."),
}

_TURN = (
    "A turn: 1 encounter: a threat is dealt to each row, entering at the column printed on it (Infantry and "
    "Machine Guns take the nearest empty cell of the row; a full row makes you discard a squad member "
    "there). 2 maneuver: each squad member may do one thing: move to an adjacent cell (or swap with a "
    "neighbour), get up, get down, or use its ability. 3 attack: each member that is up may attack one "
    "adjacent threat; a threat falls when the attackers' strengths add up to its own. 4 counter-attack: "
    "the threats left on the map strike.",
)
_ENDS = (" The game ends when the helicopter comes: it is called as the last four threats of the deck are "
         "dealt; that turn and one more, with no new threats, are played.")


def _threat_words(depot: bool) -> list[str]:
    lines: dict[ThreatKind, str] = {}
    for card in (*THREATS, DEPOT) if depot else THREATS:
        if card.kind not in lines:
            label = KIND_LABELS[list(ThreatKind).index(card.kind)]
            lines[card.kind] = f"  {label}: {card.name}, acts in the {card.phase}: {card.effect}"
    return list(lines.values())


def summary(state: State) -> str:
    """The game in a few lines for a player at this table: first the goal and how the game ends (for
    the table's variant), then the turn, and the words and marks the text uses."""
    need_state(state, State, "a Lucky Seven")
    members = [f"  {ABBREVIATIONS[c.id]} the {c.name}, strength {c.up_strength}."
               + (f" {c.up_ability}" if c.up_ability else "")
               + (f" Down: {c.down_ability}" if c.down_ability else "") for c in SQUAD]
    lines = ["The Lucky Seven: " + _GOAL.get(state.options.variant, _GOAL["solo"]) + _ENDS, *_TURN,
             "The squad (three letters, in capitals when up, in small letters when down):", *members,
             "The threats (their strength after the name where they can be attacked):",
             *_threat_words(state.options.depot),
             "Map: rows 1-4 from the top, columns 1-6, T the tank column. " + LEGEND[0].upper() + LEGEND[1:]]
    return "\n".join(lines)


def events(state: State) -> tuple[str, ...]:
    """What happened without a decision since the last one, as sentences."""
    need_state(state, State, "a Lucky Seven")
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

_describe = describer(_NAMERS)


def describe(state: State, action: object) -> str:
    """A few words naming ``action`` in ``state`` (as the reader sees it); IllegalAction when
    ``state`` is not a state of this game, and otherwise never raises, whatever ``action`` is."""
    need_state(state, State, "a Lucky Seven")
    return _describe(state, action)



# -- the SVG drawing -------------------------------------------------------------------------------

#: The threat kinds' names, by kind code (as ``KIND_LABELS``).
KIND_NAMES = ("Infantry", "Machine Gun", "Flare", "Mortar", "Tank", "Depot")

_CELL_W = 90
_CELL_H = 86
_GAP = 4
_PITCH_X = _CELL_W + _GAP
_PITCH_Y = _CELL_H + _GAP
_LEFT = 16
_LABEL_W = 58
_PANEL_W = 330
_DOWN_FILL = "#e5e7eb"
_TANK_FILL = "#eef2f7"

#: The key drawn under every SVG drawing: a swatch (a colour or a palette role) and what it means.
SVG_LEGEND: tuple[tuple[str, str], ...] = (
    ("friend", "squad member, up (^)"),
    (_DOWN_FILL, "squad member, down (_)"),
    ("#ffffff", "dashed outline: has acted (rotated, *)"),
    ("focus", "blue ring: selected, drawn, to decide; blue arrow: an attack assigned"),
    ("foe", "threat: its printed strength; 'now n': after the Joker"),
    ("gold", "flare on the cell (+FL)"),
    (_TANK_FILL, "T: the tank column, outside the map"),
    ("hidden", "threat deck, face down (its order is hidden)"),
)


def _seat_name(state: State, player: int) -> str:
    return f"player {player} ({seat_role(state, player)})"


def _phase_line(state: State) -> str:
    parts = [f"turn {state.turn}", f"{state.phase.value} phase" if state.phase is not Phase.OVER else "over"]
    if _sides(state) > 1 and state.phase is not Phase.OVER:
        parts.append(f"grid {state.active + 1} to play")
    if state.final and state.phase is not Phase.OVER:
        parts.append("final turn: the helicopter is coming (no deal)")
    return " · ".join(parts)


def _abbrevs(members: list[int]) -> str:
    return ", ".join(ABBREVIATIONS[m % SQUAD_SIZE] for m in members) or "nobody"


def _on_active_grid(state: State) -> list[int]:
    """The members on the grid in play, in cell order."""
    first = state.active * GRID
    return [m for m in state.squad[first:first + GRID] if m >= 0]


def _decision(state: State) -> str | None:
    """Who decides now and on what, in words (None once the game is over)."""
    who = current_player(state)
    if who is None:
        return None
    name = _seat_name(state, who)
    if state.phase is Phase.ENCOUNTER and state.pending >= 0:
        label = threat_label(state.pending, table_of(state))
        if state.pending_row < 0:
            free = ", ".join(str(r + 1) for r in range(ROWS) if r not in state.dealt_rows)
            return f"{name} chooses the row of the drawn {label} (free rows: {free})"
        return (f"{name} discards a squad member of row {state.pending_row + 1} (full) to make room for "
                f"the drawn {label}")
    if state.phase is Phase.MANEUVER:
        if state.selected >= 0:
            member = member_card(state.selected).name
            if state.moved:
                more = "a second step" if member == "Athlete" else "get down" if member == "Mouse" else "more"
                return f"{name}: the {member} has moved: {more}, or stop"
            return f"{name}: the {member} is selected: move, get up or down, or put it back"
        fresh = [m for m in _on_active_grid(state) if m not in state.rotated]
        return (f"{name} selects a squad member to act (not yet acted: {_abbrevs(fresh)}), "
                "or ends the maneuver")
    if state.phase is Phase.ATTACK:
        assigned = {m for m, _ in state.attacks}
        ready = [m for m in _on_active_grid(state) if m not in assigned and can_attack(state, m)
                 and reach(state, m, state.squad.index(m))]
        return (f"{name} assigns an attacker to an adjacent threat (can still attack: {_abbrevs(ready)}), "
                "or ends the phase to resolve the attacks")
    return f"{name} decides"


def _draw_header(d: Drawing, state: State, width: float) -> float:
    """The title, the turn, the reader, the outcome or the decision; returns the y under it."""
    d.text(_LEFT, 30, "The Lucky Seven", size=22, bold=True)
    variant = state.options.variant + (", with the Depot" if state.options.depot else "")
    d.text(_LEFT + 212, 30, f"{variant} · {_phase_line(state)}", size=14)
    seen = ("referee: the whole table" if state.viewer is None
            else f"seen by {_seat_name(state, state.viewer)}: the deck order is hidden")
    d.text(_LEFT, 52, seen[0].upper() + seen[1:], size=12, fill=PALETTE["muted"], italic=True)
    y = 64.0
    result = ending(state)
    if result is not None:
        won = 0 in result.winners  # the squad's seat: every seat but the competitive opponent's
        verdict = "won" if result.winners else "lost"
        if state.options.variant == "competitive":
            verdict = "the squad won" if 0 in result.winners else "the threats won"
        d.rect(_LEFT, y, width, 40, fill=PALETTE["friend"] if won else PALETTE["foe"],
               stroke=PALETTE["friend_ink"] if won else PALETTE["foe_ink"], width=2, rx=8)
        d.text(_LEFT + 14, y + 26, f"GAME OVER after turn {state.turn}: {verdict}, {result.reason}", size=15,
               bold=True, fill=PALETTE["friend_ink"] if won else PALETTE["foe_ink"])
        return y + 52
    decision = _decision(state) or ""
    chars = int((width - 28) / (13 * 0.6))
    lines = wrap("To decide: " + decision, chars)
    height = 12 + 17 * len(lines)
    d.rect(_LEFT, y, width, height, fill="#eff6ff", stroke=PALETTE["focus"], width=2, rx=8)
    d.lines(_LEFT + 14, y + 20, lines, size=13, gap=1.3, fill=PALETTE["ink"], bold=True)
    return y + height + 12


def _threat_lines(state: State, cell: int, table: CardTable) -> tuple[str, list[str], int]:
    """A threat's title, its lines, and how much the Joker takes off its strength now."""
    card = state.threats[cell]
    kind = table.kind[card]
    lines = [KIND_NAMES[kind]]
    weakened = 0
    if table.attackable[card]:
        now = threat_strength(state, cell)
        if now != table.strength[card]:
            lines.append(f"now {now} (Joker)")
            weakened = table.strength[card] - now
        else:
            lines.append(f"strength {table.strength[card]}")
    else:
        lines.append("no strength")
    return threat_label(card, table), lines, weakened


def _member_lines(state: State, member: int, cell: int, flare: bool) -> list[str]:
    """What a member's card says under its name: up or down, acted, selected, its attack."""
    down = member in state.down
    lines = [member_card(member).name, ("down" if down else "up") + (" · acted" if member in state.rotated else "")]
    extra = []
    if member == state.selected:
        extra.append("SELECTED")
    targets = [target for m, target in state.attacks if m == member]
    if targets:
        extra.append(f"attacks {cell_code(targets[0])}")
    elif state.phase is Phase.ATTACK and can_attack(state, member):
        extra.append(f"strength {attacker_strength(state, member, cell)}")
    if flare:
        extra.append("pinned")
    if state.threats[cell] >= 0:
        extra.append("+ " + threat_label(state.threats[cell], table_of(state)))
    if extra:
        lines.append(", ".join(extra))
    return lines


def _draw_cell(d: Drawing, state: State, cell: int, x: float, y: float, flares: frozenset[int],
               table: CardTable, marked: bool) -> None:
    """One cell: the member or the threat in it, a flare on top, its name in the notation."""
    tank = column_of(cell) == 0
    d.rect(x, y, _CELL_W, _CELL_H, fill=_TANK_FILL if tank else PALETTE["paper"],
           stroke=PALETTE["focus"] if marked else PALETTE["line"], width=2 if marked else 1, rx=5,
           dash=marked)
    member, threat, flare = state.squad[cell], state.threats[cell], cell in flares
    card_x, card_y, card_w, card_h = x + 3, y + 3, _CELL_W - 6, _CELL_H - 22
    sides = _sides(state)
    if member >= 0:
        down = member in state.down
        d.card(card_x, card_y, card_w, card_h, title=ABBREVIATIONS[member % SQUAD_SIZE] + ("_" if down else "^"),
               lines=_member_lines(state, member, cell, flare), fill=_DOWN_FILL if down else PALETTE["friend"],
               ink=PALETTE["muted"] if down else PALETTE["friend_ink"], focus=member == state.selected,
               dim=member in state.rotated, size=10, tip=member_name(member, sides))
    elif threat >= 0:
        title, lines, weakened = _threat_lines(state, cell, table)
        d.card(card_x, card_y, card_w, card_h, title=title, lines=lines, fill=PALETTE["foe"],
               ink=PALETTE["foe_ink"], size=10, tip=f"{KIND_NAMES[table.kind[threat]]} in {cell_name(cell, sides)}")
        if weakened:
            d.circle(x + _CELL_W - 11, y + 11, 7, fill=PALETTE["gold"], stroke=PALETTE["gold_ink"])
            d.text(x + _CELL_W - 11, y + 14, f"-{weakened}", size=7.5, anchor="middle", bold=True,
                   fill=PALETTE["gold_ink"])
    elif flare:
        d.card(card_x, card_y, card_w, card_h, title="FLARE", lines=["Flare", "no one may enter"],
               fill=PALETTE["gold"], ink=PALETTE["gold_ink"], size=10)
    strip = y + _CELL_H - 17
    d.text(x + 5, strip + 11, "tank" if tank else cell_code(cell), size=8, fill=PALETTE["muted"])
    if flare:
        d.rect(x + _CELL_W - 54, strip, 51, 14, fill=PALETTE["gold"], stroke=PALETTE["gold_ink"], rx=3)
        d.text(x + _CELL_W - 28.5, strip + 10.5, "+FL flare", size=8.5, anchor="middle",
               fill=PALETTE["gold_ink"], bold=True)


def _draw_grid(d: Drawing, state: State, side: int, across: bool, x: float, y: float,
               centres: dict[int, tuple[float, float]], heads_below: bool) -> float:
    """One grid with its row and column names; ``across``: the partner's grid seen from across the
    table (row 1 at the bottom, column 7 - c over column c, the tank column at the right).
    Records each cell's centre in ``centres``; returns the y under the grid."""
    flares = flare_cells(state)
    table = table_of(state)
    rows, columns = _grid_order(across)
    pending_here = state.phase is Phase.ENCOUNTER and state.pending >= 0 and side == state.active
    printed = table.column[state.pending] if pending_here else -1
    if printed >= 0 and table.kind[state.pending] == TANK:
        printed = 0
    grid_top = y if heads_below else y + 20
    heads_y = grid_top + ROWS * _PITCH_Y + 14 if heads_below else y + 14
    for i, c in enumerate(columns):
        if c is None:
            continue
        cx = x + _LABEL_W + i * _PITCH_X + _CELL_W / 2
        name = "T tank" if c == 0 else f"column {c}"
        hot = c == printed
        d.text(cx, heads_y, ("drawn: " if hot else "") + name, size=11, anchor="middle", bold=hot,
               fill=PALETTE["focus"] if hot else PALETTE["muted"])
    for j, r in enumerate(rows):
        ry = grid_top + j * _PITCH_Y
        free = pending_here and state.pending_row < 0 and r not in state.dealt_rows
        full = pending_here and state.pending_row == r
        label_fill = PALETTE["focus"] if free or full else PALETTE["ink"]
        d.text(x, ry + _CELL_H / 2 + 4, f"row {r + 1}", size=12, bold=True, fill=label_fill)
        if free:
            d.text(x, ry + _CELL_H / 2 + 18, "free", size=10, fill=PALETTE["focus"], bold=True)
        if full:
            d.text(x, ry + _CELL_H / 2 + 18, "full", size=10, fill=PALETTE["focus"], bold=True)
        for i, c in enumerate(columns):
            if c is None:
                continue
            cell = cell_of(side, r, c)
            cx = x + _LABEL_W + i * _PITCH_X
            marked = full and state.squad[cell] >= 0
            _draw_cell(d, state, cell, cx, ry, flares, table, marked)
            centres[cell] = (cx + _CELL_W / 2, ry + _CELL_H / 2)
    bottom = grid_top + ROWS * _PITCH_Y
    return bottom + (20 if heads_below else 0)


def _draw_attacks(d: Drawing, state: State, centres: dict[int, tuple[float, float]]) -> None:
    """An arrow from each assigned attacker to its target."""
    for member, target in state.attacks:
        if member not in state.squad or target not in centres:
            continue
        x1, y1 = centres[state.squad.index(member)]
        x2, y2 = centres[target]
        dx, dy = x2 - x1, y2 - y1
        length = (dx * dx + dy * dy) ** 0.5 or 1.0
        ux, uy = dx / length, dy / length
        sx, sy = x1 + ux * 20, y1 + uy * 20
        ex, ey = x2 - ux * 22, y2 - uy * 22
        d.line(sx, sy, ex, ey, stroke=PALETTE["focus"], width=3)
        d.polygon([(ex + ux * 10, ey + uy * 10), (ex - uy * 6, ey + ux * 6), (ex + uy * 6, ey - ux * 6)],
                  fill=PALETTE["focus"], stroke=PALETTE["focus"])


def _panel_title(d: Drawing, x: float, y: float, text: str) -> float:
    d.text(x, y + 14, text, size=14, bold=True)
    d.line(x, y + 19, x + _PANEL_W, y + 19, stroke=PALETTE["line"])
    return y + 36


def _draw_decks(d: Drawing, state: State, x: float, y: float) -> float:
    sides = _sides(state)
    y = _panel_title(d, x, y, "Threat decks")
    for side in range(sides):
        count = len(state.decks[side])
        for k in range(3, 0, -1):
            if count >= k:
                d.rect(x + 2 * k, y - 2 * k, 34, 46, fill=PALETTE["hidden"], stroke=PALETTE["ink"], rx=4)
        if count == 0:
            d.rect(x, y, 34, 46, fill=PALETTE["paper"], stroke=PALETTE["line"], rx=4, dash=True)
        d.text(x + 19, y + 29, str(count), size=15, bold=True, anchor="middle",
               fill=PALETTE["paper"] if count else PALETTE["muted"])
        whose = f"Grid {side + 1}: " if sides > 1 else ""
        d.text(x + 50, y + 16, f"{whose}{plural(count, 'threat')} in the deck", size=12, bold=True)
        if count == 0:
            d.rect(x + 50, y + 24, 210, 18, fill=PALETTE["gold"], stroke=PALETTE["gold_ink"], rx=9)
            d.text(x + 58, y + 37, "the helicopter has been called", size=11, fill=PALETTE["gold_ink"], bold=True)
        else:
            d.text(x + 50, y + 36, "helicopter not called yet", size=11, fill=PALETTE["muted"])
        y += 60
    return y


def _draw_pending(d: Drawing, state: State, x: float, y: float) -> float:
    table = table_of(state)
    card = state.pending
    y = _panel_title(d, x, y, "Drawn threat")
    printed = table.column[card]
    column = "tank column" if table.kind[card] == TANK or not printed else f"printed column {printed}"
    strength = f"strength {table.strength[card]}" if table.attackable[card] else "no strength"
    d.card(x, y, 96, 84, title=threat_label(card, table), lines=[KIND_NAMES[table.kind[card]], strength, column],
           fill=PALETTE["foe"], ink=PALETTE["foe_ink"], focus=True, size=10)
    if state.pending_row < 0:
        free = ", ".join(str(r + 1) for r in range(ROWS) if r not in state.dealt_rows)
        who = current_player(state)
        chooser = "The opponent" if who is None else _seat_name(state, who).capitalize()
        text = f"Drawn: {threat_label(card, table)}, {column}. {chooser} chooses its row (free: {free})."
    else:
        text = (f"Drawn: {threat_label(card, table)}, {column}. Row {state.pending_row + 1} is full: discard a "
                "squad member there to make room.")
    end = d.paragraph(x + 108, y + 14, text, width=_PANEL_W - 108, size=12)
    return max(y + 96, end + 4)


def _draw_attack_list(d: Drawing, state: State, x: float, y: float) -> float:
    table = table_of(state)
    sides = _sides(state)
    y = _panel_title(d, x, y, "Attacks assigned")
    targets: dict[int, list[int]] = {}
    for member, target in state.attacks:
        targets.setdefault(target, []).append(member)
    for target in sorted(targets):
        members = targets[target]
        card = state.threats[target]
        if card < 0:
            continue
        total = sum(attacker_strength(state, m, state.squad.index(m)) for m in members if m in state.squad)
        needed = threat_strength(state, target)
        verdict = "it falls" if total >= needed else "it holds"
        names = ", ".join(ABBREVIATIONS[m % SQUAD_SIZE] for m in members)
        text = (f"{names} > {cell_code(target)} ({threat_label(card, table)} in {cell_name(target, sides)}): "
                f"{total} against {needed}, {verdict}")
        y = d.paragraph(x, y, text, width=_PANEL_W, size=12, fill=PALETTE["focus"]) + 2
    return y + 4


def _draw_bullets(d: Drawing, x: float, y: float, title: str, items: list[str], *,
                  fill: str = PALETTE["ink"]) -> float:
    """A titled list, each item wrapped and marked with a dot."""
    y = _panel_title(d, x, y, title)
    for item in items:
        d.circle(x + 3, y - 4, 2, fill=fill, stroke=fill)
        y = d.paragraph(x + 10, y, item, width=_PANEL_W - 10, size=11, fill=fill) + 3
    return y + 6


def svg(state: State, player: int | None = None) -> str:
    """The table as one SVG drawing, as ``player`` sees it (None: the state as it is).

    ``player`` given on a full state draws ``view(state, player)``, so the drawing holds
    nothing that seat may not see. The header names the game, the turn and phase, the
    reader and who is to decide on what (or, once over, how it ended); the grid(s) show
    every squad member (up or down, acted, selected) and threat (printed strength, and
    its strength now where the Joker weakens it) with each cell's notation, flares, the
    tank column, the rows free for the drawn threat and the attacks assigned as arrows;
    the panel beside them the decks, the helicopter, the drawn threat, the attacks with
    their totals, flipped Depots, the fallen and what happened since the last decision;
    a legend closes it.
    """
    need_state(state, State, "a Lucky Seven")
    state = seen_by(state, player, view)
    sides = _sides(state)
    slots = COLUMNS + (1 if sides > 1 else 0)
    grid_w = _LABEL_W + slots * _PITCH_X
    panel_x = _LEFT + grid_w + 20
    width = panel_x + _PANEL_W - _LEFT
    seen = "referee" if state.viewer is None else f"seen by player {state.viewer}"
    d = Drawing(title=f"The Lucky Seven, {_phase_line(state)} ({seen})")
    y = _draw_header(d, state, width)
    top = y
    centres: dict[int, tuple[float, float]] = {}

    def grid_title(text: str, active: bool) -> None:
        nonlocal y
        d.text(_LEFT, y + 14, text, size=14, bold=True, fill=PALETTE["focus"] if active else PALETTE["ink"])
        y += 22

    playing = state.phase is not Phase.OVER
    if sides == 2:
        grid_title("Grid 2 (player 1), seen from across the table" + (": to play" if playing and state.active == 1
                                                                        else ""), playing and state.active == 1)
        y = _draw_grid(d, state, 1, True, _LEFT, y, centres, heads_below=False) + 2
        d.line(_LEFT + _LABEL_W, y, _LEFT + _LABEL_W + COLUMNS * _PITCH_X - _GAP, y, stroke=PALETTE["ink"], width=2,
               dash=True)
        d.text(_LEFT + _LABEL_W + COLUMNS * _PITCH_X + 4, y + 4, "the top rows touch", size=10,
               fill=PALETTE["muted"], italic=True)
        y += 6
        y = _draw_grid(d, state, 0, False, _LEFT, y, centres, heads_below=True)
        y += 4
        grid_title("Grid 1 (player 0), its row 1 faces grid 2's row 1" + (": to play" if playing and state.active == 0
                                                                         else ""), playing and state.active == 0)
    else:
        if state.options.variant == "competitive":
            grid_title("The map: player 0 plays the squad, player 1 the threats", False)
        else:
            grid_title("The map", False)
        y = _draw_grid(d, state, 0, False, _LEFT, y, centres, heads_below=False)
    _draw_attacks(d, state, centres)
    grids_bottom = y

    x = panel_x
    py = _draw_decks(d, state, x, top)
    if state.pending >= 0 and state.phase is Phase.ENCOUNTER:
        py = _draw_pending(d, state, x, py)
    if state.attacks:
        py = _draw_attack_list(d, state, x, py)
    if state.depots:
        stride = table_of(state).stride
        py = _draw_bullets(d, x, py, "Flipped Depots", [
            (f"grid {card // stride + 1}: " if sides > 1 else "") +
            "no squad member is discarded until the end of the turn" for card in state.depots])
    fallen = []
    for side in range(sides):
        names = [member_card(m).name + _at_setup(state, m) for m in state.fallen if m // SQUAD_SIZE == side]
        if names:
            fallen.append((f"grid {side + 1}: " if sides > 1 else "") + ", ".join(names))
    py = _draw_bullets(d, x, py, f"Fallen ({len(state.fallen)})", fallen or ["nobody yet"],
                       fill=PALETTE["muted"])
    told = list(events(state))
    py = _draw_bullets(d, x, py, "Since the last decision", told or ["nothing happened by itself"])

    bottom = max(grids_bottom, py) + 10
    d.legend(_LEFT, bottom, SVG_LEGEND, width=width)
    return d.svg()
