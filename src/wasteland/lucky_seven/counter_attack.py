"""Counter-attack and the end of the turn.

Infantry discards every adjacent squad member, a Machine Gun every adjacent
member that is up, a Tank every member of its row that is up and then leaves.
While the last threats are dealt the helicopter is called: that turn is
finished and one more is played without a deal; then the game ends.
"""

from __future__ import annotations


from wasteland.lucky_seven.board import COLUMNS, GRID
from wasteland.lucky_seven.cards import INFANTRY, MACHINE_GUN, TANK
from wasteland.lucky_seven.encounter import begin_turn
from wasteland.lucky_seven.state import Phase
from wasteland.lucky_seven.table import Board, Work, cards_of, discard_members, layout

__all__ = ["counter_attack", "end_of_turn", "helicopter_called", "helicopter_leaves"]


def counter_attack(work: Work) -> None:
    """Resolve the active grid's Infantry, Machine Guns and Tanks (all at once), then the
    Tanks leave."""
    geometry = layout(work)
    kinds = cards_of(work).kind
    squad, threats, down = work.squad, work.threats, work.down
    victims: set[int] = set()
    first = work.active * GRID
    for cell in range(first, first + GRID):
        card = threats[cell]
        if card < 0:
            continue
        kind = kinds[card]
        if kind == INFANTRY:
            victims.update(n for n in geometry.adjacent[cell] if squad[n] >= 0)
        elif kind == MACHINE_GUN:
            victims.update(n for n in geometry.adjacent[cell] if squad[n] >= 0 and squad[n] not in down)
        elif kind == TANK:
            row = (cell - first) // COLUMNS
            victims.update(n for n in geometry.row_cells[work.active * 4 + row]
                           if squad[n] >= 0 and squad[n] not in down)
            threats[cell] = -1
            work.discard.append(card)
    discard_members(work, victims)


def helicopter_called(board: Board) -> bool:
    """The active grid's last threats have been dealt: the helicopter is on its way."""
    return not board.decks[board.active]


def helicopter_leaves(board: Board) -> bool:
    """The final turn (no deal) of the last grid to play is over."""
    return board.final and board.active == len(board.decks) - 1 and not any(board.decks)


def end_of_turn(work: Work) -> None:
    """Flipped Depots are discarded; the game ends when the helicopter leaves, else the next
    grid (or the same one) starts a turn."""
    if work.depots:
        work.discard += work.depots
        work.depots = []
    if work.phase is Phase.OVER:
        return
    if helicopter_leaves(work):
        work.phase = Phase.OVER
        return
    side = work.active + 1
    if side == len(work.decks):
        begin_turn(work, 0, work.turn + 1)
    else:
        begin_turn(work, side, work.turn)
