"""Encounter: deal a threat to each row, top row first, and place it.

Infantry and Machine Guns avoid occupied cells (the nearest empty cell in the
row, ties toward the centre); a full row makes the player discard a squad
member there (``Discard``), a row full of threats discards the new threat.
Mortars and Flares land on their column, on top of whatever is there; the
Mortar resolves at once. Tanks take the tank column. In the competitive
variant the second seat chooses each drawn threat's row (``ChooseRow``).
"""

from __future__ import annotations

from attrs import evolve

from wasteland.lucky_seven.board import PLACEMENT_ORDER, cell_of
from wasteland.lucky_seven.cards import COLUMN, FLARE, KIND, MORTAR, TANK
from wasteland.lucky_seven.state import Options, Phase, State
from wasteland.lucky_seven.table import discard_members, flare_cells, layout

__all__ = [
    "begin_turn", "encounter", "place_threat", "mortar", "choose_row", "discard_for_threat",
    "row_candidates", "free_rows", "is_competitive",
]


def is_competitive(options: Options) -> bool:
    return options.variant == "competitive"


def begin_turn(state: State, side: int, turn: int) -> State:
    """A new turn for ``side``: if its threat deck is empty the helicopter has been called
    and this is the final turn, with no deal."""
    return evolve(
        state, phase=Phase.ENCOUNTER, active=side, turn=turn, final=not state.decks[side],
        dealt_rows=frozenset(), selected=-1, moved=False, attacks=(), pending=-1, pending_row=-1,
    )


def _draw(state: State) -> tuple[int, State]:
    side = state.active
    deck = state.decks[side]
    decks = state.decks[:side] + (deck[1:],) + state.decks[side + 1:]
    return deck[0], evolve(state, decks=decks)


def encounter(state: State) -> State:
    """Deal until a decision is needed or every row has its threat; then the maneuver begins."""
    if state.final:
        return evolve(state, phase=Phase.MANEUVER)
    if is_competitive(state.options):
        if len(state.dealt_rows) < 4 and state.decks[state.active]:
            card, state = _draw(state)
            return evolve(state, pending=card, pending_row=-1)
        return evolve(state, phase=Phase.MANEUVER)
    for row in range(4):
        if row in state.dealt_rows:
            continue
        if not state.decks[state.active]:
            break
        card, state = _draw(state)
        state = place_threat(evolve(state, dealt_rows=state.dealt_rows | {row}), card, row)
        if state.pending >= 0 or state.phase is Phase.OVER:
            return state
    return evolve(state, phase=Phase.MANEUVER)


def place_threat(state: State, card: int, row: int) -> State:
    """Put the threat ``card`` (already out of the deck) into ``row`` of the active grid."""
    side = state.active
    kind = KIND[card]
    if kind == MORTAR:
        return mortar(state, card, cell_of(side, row, COLUMN[card]))
    if kind == FLARE:
        return evolve(state, flares=state.flares + ((cell_of(side, row, COLUMN[card]), card),))
    threats = state.threats
    if kind == TANK:
        cell = cell_of(side, row, 0)
        if threats[cell] >= 0:  # cannot happen with the printed deck: tanks leave every turn
            return evolve(state, discard=state.discard + (card,))
        return evolve(state, threats=threats[:cell] + (card,) + threats[cell + 1:])
    squad = state.squad
    flares = flare_cells(state)
    for column in PLACEMENT_ORDER[COLUMN[card]]:
        cell = cell_of(side, row, column)
        if squad[cell] < 0 and threats[cell] < 0 and cell not in flares:
            return evolve(state, threats=threats[:cell] + (card,) + threats[cell + 1:])
    if row_candidates(state, side, row):
        return evolve(state, pending=card, pending_row=row)
    return evolve(state, discard=state.discard + (card,))


def mortar(state: State, card: int, cell: int) -> State:
    """Flip down and rotate the squad member in the cell, flip down all adjacent squad
    members, then discard the Mortar."""
    squad = state.squad
    down = set(state.down)
    rotated = state.rotated
    member = squad[cell]
    if member >= 0:
        down.add(member)
        rotated = rotated | {member}
    for near in layout(state).adjacent[cell]:
        if squad[near] >= 0:
            down.add(squad[near])
    return evolve(state, down=frozenset(down), rotated=rotated, discard=state.discard + (card,))


def row_candidates(state: State, side: int, row: int) -> tuple[int, ...]:
    """The squad members in a row, in column order: those a full row lets the player discard."""
    squad = state.squad
    return tuple(squad[c] for c in layout(state).row_cells[side * 4 + row] if squad[c] >= 0)


def free_rows(state: State) -> tuple[int, ...]:
    """Competitive variant: the rows still without a threat this turn."""
    return tuple(r for r in range(4) if r not in state.dealt_rows)


def choose_row(state: State, row: int) -> State:
    """Competitive variant: the second seat puts the drawn threat in ``row``."""
    card = state.pending
    state = evolve(state, pending=-1, pending_row=-1, dealt_rows=state.dealt_rows | {row})
    return place_threat(state, card, row)


def discard_for_threat(state: State, member: int) -> State:
    """The row was full: discard ``member`` and put the waiting threat in its cell."""
    cell = state.squad.index(member)
    card = state.pending
    threats = state.threats
    state = evolve(state, threats=threats[:cell] + (card,) + threats[cell + 1:], pending=-1, pending_row=-1)
    return discard_members(state, {cell})
