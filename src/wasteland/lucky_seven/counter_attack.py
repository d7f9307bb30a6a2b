"""Counter-attack and the end of the turn.

Infantry discards every adjacent squad member, a Machine Gun every adjacent
member that is up, a Tank every member of its row that is up and then leaves.
Then the turn ends: flipped Depots leave, and the next turn begins ("return
to the encounter phase and start a new turn"). While the last threats are
dealt the helicopter is called: that turn is finished and one more is played
without a deal; then the game ends.

``counter_attack`` and ``end_of_turn`` are the handlers of the ``CounterAttack``
and ``EndOfTurn`` effects the attack phase leaves on the stack. They work on
the working copy (``state.Work``).
"""

from __future__ import annotations

from typing import AbstractSet

from wasteland.lucky_seven.board import COLUMNS, GRID, geometry, helicopter_leaves, squad_eliminated
from wasteland.lucky_seven.card_set import table_of
from wasteland.lucky_seven.cards import DEPOT_KIND, INFANTRY, MACHINE_GUN, SQUAD_SIZE, TANK
from wasteland.lucky_seven.state import (
    CounterAttack, CounterAttacked, EndOfTurn, HelicopterLeaves, Phase, SquadEliminated, TurnBegan, Work,
)

__all__ = ["counter_attack", "end_of_turn", "begin_turn", "discard_members"]


def counter_attack(work: Work, _: CounterAttack | None = None) -> None:
    """Resolve the active grid's Infantry, Machine Guns and Tanks (all at once), then the
    Tanks leave."""
    tables = geometry(work)
    kinds = table_of(work).kind
    squad, threats, down = work.squad, work.threats, work.down
    victims: set[int] = set()
    tanks: list[int] = []
    adjacent = tables.adjacent
    first = work.active * GRID
    for cell in range(first, first + GRID):
        card = threats[cell]
        if card < 0:
            continue
        kind = kinds[card]
        if kind == INFANTRY:
            for n in adjacent[cell]:
                if squad[n] >= 0:
                    victims.add(n)
        elif kind == MACHINE_GUN:
            for n in adjacent[cell]:
                member = squad[n]
                if member >= 0 and member not in down:
                    victims.add(n)
        elif kind == TANK:
            row = (cell - first) // COLUMNS
            for n in tables.row_cells[work.active * 4 + row]:
                member = squad[n]
                if member >= 0 and member not in down:
                    victims.add(n)
            threats[cell] = -1
            work.discard.append(card)
            tanks.append(card)
    if victims or tanks:
        fell, saved = discard_members(work, victims, report=False)
        work.events.append(CounterAttacked(fell, saved, tuple(tanks)))
        if work.phase is Phase.OVER:  # the squad's end comes after the blow that caused it
            work.events.append(SquadEliminated(_eliminated_side(work)))


def discard_members(
    work: Work, cells: AbstractSet[int], report: bool = True
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Discard the squad members in ``cells`` (a flipped Depot saves its owner's members); the
    game ends at once if a squad is eliminated (``report``: say so in the events). Returns the
    members discarded and those saved."""
    if not cells:
        return (), ()
    if work.depots:
        kinds = table_of(work).kind
        stride = table_of(work).stride
        shielded = {t // stride for t in work.depots if kinds[t] == DEPOT_KIND}
    else:
        shielded = set()
    squad = work.squad
    fell: list[int] = []
    saved: list[int] = []
    for cell in sorted(cells):
        member = squad[cell]
        if member < 0:
            continue
        if cell // GRID in shielded:
            saved.append(member)
            continue
        squad[cell] = -1
        work.fallen.append(member)
        work.down.discard(member)
        work.rotated.discard(member)
        fell.append(member)
    if fell and squad_eliminated(work):
        work.phase = Phase.OVER
        work.selected = -1
        work.moved = False
        work.attacks = []
        if report:
            work.events.append(SquadEliminated(_eliminated_side(work)))
    return tuple(fell), tuple(saved)


def _eliminated_side(work: Work) -> int:
    counts = [0] * len(work.decks)
    for member in work.fallen:
        counts[member // SQUAD_SIZE] += 1
    return counts.index(SQUAD_SIZE)


def end_of_turn(work: Work, _: EndOfTurn | None = None) -> None:
    """Flipped Depots are discarded; the game ends when the helicopter leaves, else the next
    grid (or the same one) starts a turn."""
    if work.depots:
        work.discard += work.depots
        work.depots = []
    if work.phase is Phase.OVER:
        return
    if helicopter_leaves(work):
        work.phase = Phase.OVER
        work.events.append(HelicopterLeaves())
        return
    side = work.active + 1
    if side == len(work.decks):
        begin_turn(work, 0, work.turn + 1)
    else:
        begin_turn(work, side, work.turn)


def begin_turn(work: Work, side: int, turn: int) -> None:
    """A new turn for ``side``, from its encounter: if its threat deck is empty the helicopter
    has been called and this is the final turn, with no deal."""
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
    work.events.append(TurnBegan(side, turn, work.final))
