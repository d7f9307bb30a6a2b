"""Encounter: deal a threat to each row, top row first, and place it.

Infantry and Machine Guns avoid occupied cells (the nearest empty cell in the
row, ties toward the centre); a full row makes the player discard a squad
member there (``Discard``), a row full of threats discards the new threat.
Mortars and Flares land on their column, on top of whatever is there; the
Mortar resolves at once. Tanks take the tank column. In the competitive
variant the second seat chooses each drawn threat's row (``ChooseRow``).

These rules work on a ``Work`` (see ``table``).
"""

from __future__ import annotations

from wasteland.lucky_seven.board import PLACEMENT_ORDER, cell_of
from wasteland.lucky_seven.cards import FLARE, MORTAR, TANK
from wasteland.lucky_seven.state import Options, Phase
from wasteland.lucky_seven.table import Board, Work, cards_of, discard_members, layout

__all__ = [
    "begin_turn", "encounter", "place_threat", "mortar", "choose_row", "discard_for_threat",
    "row_candidates", "free_rows", "is_competitive",
]


def is_competitive(options: Options) -> bool:
    return options.variant == "competitive"


def begin_turn(work: Work, side: int, turn: int) -> None:
    """A new turn for ``side``: if its threat deck is empty the helicopter has been called
    and this is the final turn, with no deal."""
    work.phase = Phase.ENCOUNTER
    work.active = side
    work.turn = turn
    work.final = not work.decks[side]
    work.dealt_rows = set()
    work.selected = -1
    work.moved = False
    work.attacks = []
    work.pending = -1
    work.pending_row = -1


def encounter(work: Work) -> None:
    """Deal until a decision is needed or every row has its threat; then the maneuver begins."""
    if work.final:
        work.phase = Phase.MANEUVER
        return
    side = work.active
    deck = work.decks[side]
    if is_competitive(work.options):
        if len(work.dealt_rows) < 4 and deck:
            work.decks[side] = deck[1:]
            work.pending = deck[0]
            work.pending_row = -1
        else:
            work.phase = Phase.MANEUVER
        return
    rows = [r for r in range(4) if r not in work.dealt_rows]
    dealt = min(len(rows), len(deck))
    for i in range(dealt):
        row, card = rows[i], deck[i]
        work.dealt_rows.add(row)
        work.decks[side] = deck[i + 1:]
        place_threat(work, card, row)
        if work.pending >= 0:
            return
    work.phase = Phase.MANEUVER


def place_threat(work: Work, card: int, row: int) -> None:
    """Put the threat ``card`` (already out of the deck) into ``row`` of the active grid:
    Mortars resolve (``mortar``), Flares lie on top, Tanks take the tank column, Infantry and
    Machine Guns take the nearest empty cell (ties toward the centre); a full row leaves the
    threat pending until the player discards a squad member there; a row full of threats
    discards it."""
    side = work.active
    table = cards_of(work)
    kind = table.kind[card]
    if kind == MORTAR:
        mortar(work, card, cell_of(side, row, table.column[card]))
        return
    if kind == FLARE:
        work.flares.append((cell_of(side, row, table.column[card]), card))
        return
    threats = work.threats
    if kind == TANK:
        cell = cell_of(side, row, 0)
        if threats[cell] >= 0:  # cannot happen: tanks leave every turn, one threat comes to a row
            work.discard.append(card)
        else:
            threats[cell] = card
        return
    squad = work.squad
    flares = {c for c, _ in work.flares}
    occupied = False
    for column in PLACEMENT_ORDER[table.column[card]]:
        cell = cell_of(side, row, column)
        if squad[cell] < 0 and threats[cell] < 0 and cell not in flares:
            threats[cell] = card
            return
        if squad[cell] >= 0:
            occupied = True
    if occupied:
        work.pending = card
        work.pending_row = row
    else:
        work.discard.append(card)


def mortar(work: Work, card: int, cell: int) -> None:
    """Flip down and rotate the squad member in the cell, flip down all adjacent squad
    members, then discard the Mortar."""
    squad = work.squad
    member = squad[cell]
    if member >= 0:
        work.down.add(member)
        work.rotated.add(member)
    for near in layout(work).adjacent[cell]:
        if squad[near] >= 0:
            work.down.add(squad[near])
    work.discard.append(card)


def row_candidates(board: Board, side: int, row: int) -> tuple[int, ...]:
    """The squad members in a row, in column order: those a full row lets the player discard."""
    squad = board.squad
    return tuple(squad[c] for c in layout(board).row_cells[side * 4 + row] if squad[c] >= 0)


def free_rows(board: Board) -> tuple[int, ...]:
    """Competitive variant: the rows still without a threat this turn."""
    return tuple(r for r in range(4) if r not in board.dealt_rows)


def choose_row(work: Work, row: int) -> None:
    """Competitive variant: the second seat puts the drawn threat in ``row``."""
    card = work.pending
    work.pending = -1
    work.pending_row = -1
    work.dealt_rows.add(row)
    place_threat(work, card, row)


def discard_for_threat(work: Work, member: int) -> None:
    """The row was full: discard ``member`` and put the waiting threat in its cell."""
    cell = work.squad.index(member)
    work.threats[cell] = work.pending
    work.pending = -1
    work.pending_row = -1
    discard_members(work, {cell})
