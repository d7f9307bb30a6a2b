"""The table while the rules work on it, and the questions every phase asks about it.

The rules that move many cards at once (dealing, resolving the attack, the
counter-attack, the end of the turn) work on a ``Work`` copy of the state
(lists and sets) and rebuild the immutable ``State`` once at the end. The
questions (``can_get_up``, ``squad_eliminated``...) read either a ``State`` or a
``Work``: both are a ``Board``.
"""

from __future__ import annotations

from typing import AbstractSet, Callable, Protocol, Sequence

from wasteland.lucky_seven.board import GRID, LAYOUTS, Layout
from wasteland.lucky_seven.card_set import card_table
from wasteland.lucky_seven.cards import DEPOT_KIND, LEADER, PUBLIC_TABLE, SQUAD_SIZE, CardTable
from wasteland.lucky_seven.state import Options, Phase, State

__all__ = [
    "Board", "Work", "play", "layout", "cards_of", "flare_cells", "squad_eliminated", "threats_left",
    "discard_members", "can_get_up",
]


class Board(Protocol):
    """What the rules read from a table: a ``State`` or a ``Work``."""

    @property
    def options(self) -> Options: ...
    @property
    def phase(self) -> Phase: ...
    @property
    def active(self) -> int: ...
    @property
    def final(self) -> bool: ...
    @property
    def squad(self) -> Sequence[int]: ...
    @property
    def threats(self) -> Sequence[int]: ...
    @property
    def flares(self) -> Sequence[tuple[int, int]]: ...
    @property
    def down(self) -> AbstractSet[int]: ...
    @property
    def rotated(self) -> AbstractSet[int]: ...
    @property
    def selected(self) -> int: ...
    @property
    def moved(self) -> bool: ...
    @property
    def attacks(self) -> Sequence[tuple[int, int]]: ...
    @property
    def pending(self) -> int: ...
    @property
    def pending_row(self) -> int: ...
    @property
    def dealt_rows(self) -> AbstractSet[int]: ...
    @property
    def decks(self) -> Sequence[tuple[int, ...]]: ...
    @property
    def fallen(self) -> Sequence[int]: ...
    @property
    def depots(self) -> Sequence[int]: ...


class Work:
    """A mutable copy of a state's changing parts, for the rules' multi-card steps."""

    __slots__ = ("options", "phase", "turn", "active", "final", "squad", "threats", "flares", "down",
                 "rotated", "selected", "moved", "attacks", "pending", "pending_row", "dealt_rows",
                 "decks", "discard", "fallen", "depots")

    def __init__(self, state: State) -> None:
        self.options = state.options
        self.phase = state.phase
        self.turn = state.turn
        self.active = state.active
        self.final = state.final
        self.squad = list(state.squad)
        self.threats = list(state.threats)
        self.flares = list(state.flares)
        self.down = set(state.down)
        self.rotated = set(state.rotated)
        self.selected = state.selected
        self.moved = state.moved
        self.attacks = list(state.attacks)
        self.pending = state.pending
        self.pending_row = state.pending_row
        self.dealt_rows = set(state.dealt_rows)
        self.decks = list(state.decks)
        self.discard = list(state.discard)
        self.fallen = list(state.fallen)
        self.depots = list(state.depots)

    def finish(self, state: State) -> State:
        """The new state: ``state`` with this work's changes."""
        return State(
            self.options, self.phase, self.turn, self.active, self.final, state.row_cards, state.column_cards,
            tuple(self.squad), tuple(self.threats), tuple(self.flares), frozenset(self.down),
            frozenset(self.rotated), self.selected, self.moved, tuple(self.attacks), self.pending,
            self.pending_row, frozenset(self.dealt_rows), tuple(self.decks), tuple(self.discard),
            tuple(self.fallen), tuple(self.depots), state.rng,
        )


def play(state: State, rule: Callable[..., object], *args: int) -> State:
    """Run one rule that works on a ``Work`` against ``state`` and return the new state."""
    work = Work(state)
    rule(work, *args)
    return work.finish(state)


def layout(board: Board) -> Layout:
    """The geometry of this table (one grid, or two facing grids)."""
    return LAYOUTS[len(board.decks)]


def cards_of(board: Board) -> CardTable:
    """The card facts of this table: the tables of its card set (the public one by default)."""
    cards = board.options.cards
    return PUBLIC_TABLE if cards is None else card_table(cards)


def flare_cells(board: Board) -> frozenset[int]:
    """The cells a flare lies in."""
    return frozenset(cell for cell, _ in board.flares)


def squad_eliminated(board: Board) -> bool:
    """A squad is gone when all its members are discarded (in the cooperative game, either squad)."""
    fallen = board.fallen
    if len(fallen) < SQUAD_SIZE:
        return False
    counts = [0] * len(board.decks)
    for member in fallen:
        counts[member // SQUAD_SIZE] += 1
    return SQUAD_SIZE in counts


def threats_left(board: Board) -> int:
    """How many threats lie on the grids (flares included, flipped Depots not)."""
    return sum(1 for t in board.threats if t >= 0) + len(board.flares)


def can_get_up(board: Board, member: int, cell: int) -> bool:
    """A down member gets up with the help of an adjacent up member; the up Leader also helps
    diagonally; the Leader gets up alone."""
    down = board.down
    if member not in down:
        return False
    if member % SQUAD_SIZE == LEADER:
        return True
    squad = board.squad
    geometry = LAYOUTS[len(board.decks)]
    for near in geometry.adjacent[cell]:
        helper = squad[near]
        if helper >= 0 and helper not in down:
            return True
    for near in geometry.diagonal[cell]:
        helper = squad[near]
        if helper >= 0 and helper % SQUAD_SIZE == LEADER and helper not in down:
            return True
    return False


def discard_members(work: Work, cells: set[int] | frozenset[int]) -> None:
    """Discard the squad members in ``cells`` (a flipped Depot saves its owner's members);
    the game ends at once if a squad is eliminated."""
    if not cells:
        return
    if work.depots:
        table = cards_of(work)
        shielded = {t // table.stride for t in work.depots if table.kind[t] == DEPOT_KIND}
    else:
        shielded = set()
    squad = work.squad
    gone = False
    for cell in sorted(cells):
        member = squad[cell]
        if member >= 0 and cell // GRID not in shielded:
            squad[cell] = -1
            work.fallen.append(member)
            work.down.discard(member)
            work.rotated.discard(member)
            gone = True
    if gone and squad_eliminated(work):
        work.phase = Phase.OVER
        work.selected = -1
        work.moved = False
        work.attacks = []
