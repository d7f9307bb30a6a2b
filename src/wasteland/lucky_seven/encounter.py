"""Encounter: deal a threat to each row, top row first, and place it.

Infantry and Machine Guns avoid occupied cells (the nearest empty cell in the
row, ties toward the centre); a full row makes the player discard a squad
member there (``Discard``), a row full of threats discards the new threat.
Mortars and Flares land on their column, on top of whatever is there; the
Mortar resolves at once. Tanks take the tank column. In the competitive
variant the second seat chooses each drawn threat's row (``ChooseRow``).

The phase moves on through the driver: :func:`step` is its part of
``rules.advance`` (deal the threats, take a choice that has one option, or
begin the maneuver); the rules that change the table work on the working
copy (``state.Work``). The two decisions are ``choose_row_reason``/``choose_row_rule``
and ``discard_reason``/``discard``.
"""

from __future__ import annotations

from wasteland.core.game import short
from wasteland.lucky_seven.actions import ChooseRow, Discard
from wasteland.lucky_seven.board import PLACEMENT_ORDER, Board, cell_of, geometry, member_reason, phase_reason
from wasteland.lucky_seven.card_set import table_of
from wasteland.lucky_seven.cards import FLARE, MORTAR, TANK
from wasteland.lucky_seven.counter_attack import discard_members
from wasteland.lucky_seven.state import Displaced, HelicopterCalled, MortarHit, NoRoom, Phase, Placed, State, Work
__all__ = [
    "deal", "step", "waiting", "place_threat", "mortar", "choose_row", "discard_for_threat", "row_candidates",
    "free_rows", "choose_row_reason", "choose_row_rule", "discard_reason", "discard",
]


def waiting(board: Board) -> bool:
    """Whether the encounter waits for a decision: a drawn threat with more than one row to go
    to (competitive), or a full row with more than one member to discard."""
    if board.pending < 0:
        return False
    if board.pending_row < 0:
        return len(board.dealt_rows) < 3  # two free rows or more
    return len(row_candidates(board, board.active, board.pending_row)) > 1


def step(work: Work) -> bool:
    """The encounter's next automatic step; False when somebody must decide."""
    if work.pending >= 0:
        if work.pending_row < 0:
            if len(work.dealt_rows) < 3:
                return False
            choose_row(work, free_rows(work)[0])
            return True
        members = row_candidates(work, work.active, work.pending_row)
        if len(members) > 1:
            return False
        discard_for_threat(work, members[0])
        return True
    deal(work)
    return True


def deal(work: Work) -> None:
    """Deal a threat to each row still without one, top row first, until a placement waits for
    a decision (a full row); then the maneuver begins. In the competitive variant one threat is
    drawn for the second seat to place. With the deck out, or in the final turn, nothing is
    dealt."""
    side = work.active
    deck = work.decks[side]
    dealt = work.dealt_rows
    if work.final or not deck or len(dealt) == 4:
        work.phase = Phase.MANEUVER
        return
    if work.options.variant == "competitive":
        work.pending = deck[0]
        work.pending_row = -1
        work.decks[side] = deck = deck[1:]
        if not deck:
            work.events.append(HelicopterCalled(side))
        return
    row = 0
    events = work.events
    cards: list[int] = []  # the threats placed in a row, told as one event (events cost)
    cells: list[int] = []
    while deck and row < 4:
        if row in dealt:
            row += 1
            continue
        card = deck[0]
        work.decks[side] = deck = deck[1:]
        dealt.add(row)
        told = len(events)
        cell = place_threat(work, card, row)
        if cell >= 0:
            cards.append(card)
            cells.append(cell)
        elif cards and len(events) > told:  # a mortar or a discarded threat: tell in order
            events.insert(told, Placed(tuple(cards), tuple(cells)))
            cards, cells = [], []
        if work.pending >= 0:
            break  # a full row: the player discards a member there, then the deal goes on
    if cards:
        events.append(Placed(tuple(cards), tuple(cells)))
    if not deck:
        events.append(HelicopterCalled(side))
    if work.pending < 0:
        work.phase = Phase.MANEUVER


def place_threat(work: Work, card: int, row: int) -> int:
    """Put the threat ``card`` (already out of the deck) into ``row`` of the active grid:
    Mortars resolve (``mortar``), Flares lie on top, Tanks take the tank column, Infantry and
    Machine Guns take the nearest empty cell (ties toward the centre); a full row leaves the
    threat pending until the player discards a squad member there; a row full of threats
    discards it. Returns the cell the threat now lies in, or -1 (resolved, pending or discarded);
    the caller tells the placement (``Placed``)."""
    side = work.active
    table = table_of(work)
    kind = table.kind[card]
    if kind == MORTAR:
        mortar(work, card, cell_of(side, row, table.column[card]))
        return -1
    if kind == FLARE:
        cell = cell_of(side, row, table.column[card])
        work.flares.append((cell, card))
        return cell
    threats = work.threats
    if kind == TANK:
        cell = cell_of(side, row, 0)
        if threats[cell] >= 0:  # cannot happen: tanks leave every turn, one threat comes to a row
            work.discard.append(card)
            work.events.append(NoRoom(card, side * 4 + row))
            return -1
        threats[cell] = card
        return cell
    squad = work.squad
    flares = {c for c, _ in work.flares}
    occupied = False
    for column in PLACEMENT_ORDER[table.column[card]]:
        cell = cell_of(side, row, column)
        if squad[cell] < 0 and threats[cell] < 0 and cell not in flares:
            threats[cell] = card
            return cell
        if squad[cell] >= 0:
            occupied = True
    if occupied:
        work.pending = card
        work.pending_row = row
    else:
        work.discard.append(card)
        work.events.append(NoRoom(card, side * 4 + row))
    return -1


def mortar(work: Work, card: int, cell: int) -> None:
    """Flip down and rotate the squad member in the cell, flip down all adjacent squad
    members, then discard the Mortar."""
    squad = work.squad
    member = squad[cell]
    if member >= 0:
        work.down.add(member)
        work.rotated.add(member)
    downed = []
    for near in geometry(work).adjacent[cell]:
        if squad[near] >= 0:
            work.down.add(squad[near])
            downed.append(squad[near])
    work.discard.append(card)
    work.events.append(MortarHit(card, cell, member, tuple(downed)))


def row_candidates(board: Board, side: int, row: int) -> tuple[int, ...]:
    """The squad members in a row, in column order: those a full row lets the player discard."""
    squad = board.squad
    return tuple(squad[c] for c in geometry(board).row_cells[side * 4 + row] if squad[c] >= 0)


def free_rows(board: Board) -> tuple[int, ...]:
    """Competitive variant: the rows still without a threat this turn."""
    return tuple(r for r in range(4) if r not in board.dealt_rows)


def choose_row(work: Work, row: int) -> None:
    """Competitive variant: the second seat puts the drawn threat in ``row``."""
    card = work.pending
    work.pending = -1
    work.pending_row = -1
    work.dealt_rows.add(row)
    cell = place_threat(work, card, row)
    if cell >= 0:
        work.events.append(Placed((card,), (cell,)))


def discard_for_threat(work: Work, member: int) -> None:
    """The row was full: discard ``member`` and put the waiting threat in its cell."""
    cell = work.squad.index(member)
    card = work.pending
    work.threats[cell] = card
    work.pending = -1
    work.pending_row = -1
    work.events.append(Displaced(member, card, cell))
    discard_members(work, {cell})


# -- the decisions: why each is not legal now, and what it does -----------------------------------

def choose_row_reason(state: State, action: ChooseRow) -> str | None:
    reason = phase_reason(state, action)
    if reason is not None:
        return reason
    row = action.row
    if not 0 <= row < 4:
        return f"a row is an int from 0 (the top) to 3, got {short(row)}"
    return None if row not in state.dealt_rows else "that row already got a threat this turn"


def choose_row_rule(work: Work, action: ChooseRow) -> None:
    choose_row(work, action.row)


def discard_reason(state: State, action: Discard) -> str | None:
    reason = phase_reason(state, action)
    if reason is not None:
        return reason
    member = action.member
    reason = member_reason(state, member)
    if reason is not None:
        return reason
    if member not in row_candidates(state, state.active, state.pending_row):
        return "that squad member is not in the full row"
    return None


def discard(work: Work, action: Discard) -> None:
    discard_for_threat(work, action.member)
