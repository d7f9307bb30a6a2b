"""What a Lucky Seven table, or a seat's view, read from a file must hold: the codec's check of a
State (registered from ``rules``), and the check ``determinize`` makes of a view it is given.

Nothing here runs in ``apply``: a table made by the rules holds all of it by construction.
"""

from __future__ import annotations

from bisect import bisect_left
from itertools import chain

from wasteland.core.rng import HIDDEN_RNG
from wasteland.core.words import plural
from wasteland.lucky_seven.card_set import table_of
from wasteland.lucky_seven.cards import DEPOT_KIND, FLARE, MAP_IDS, MORTAR, TANK
from wasteland.lucky_seven.state import Phase, Placed, State

__all__ = ["check_state_content", "check_conservation", "check_places", "check_map_cards", "check_decision",
           "check_view_content"]


def check_state_content(state: State) -> None:
    """ValueError naming the first thing wrong in a state built from a stranger's file (the ranges of
    its ids are its records' bounds, checked before: ``rules.BOUNDS``)."""
    sides = 2 if state.options.variant == "cooperative" else 1
    cells = 28 * sides
    if len(state.decks) != sides or len(state.squad) != cells or len(state.threats) != cells:
        raise ValueError(f"a {state.options.variant} table has {plural(sides, 'grid')} of 28 cells")
    check_conservation(state, sides)
    if state.viewer is not None:
        check_view_content(state)
    if any(type(event) is Placed and len(event.cards) != len(event.cells) for event in state.events):
        raise ValueError("a deal event names as many cells as cards")
    check_decision(state)


def check_conservation(state: State, sides: int) -> None:
    """Each card exactly once: every squad member on a cell or fallen, every threat of the game
    (the Depot with the ``depot`` option) in exactly one zone, each grid's map cards dealt."""
    standing = _placed(state.squad)
    if sorted([*standing, *state.fallen]) != list(range(8 * sides)):
        raise ValueError("every squad member is on a cell or fallen, exactly once")
    if not (state.down.issubset(standing) and state.rotated.issubset(standing)):
        raise ValueError("a flipped down or rotated member is not on the grid")
    table = table_of(state)
    expected: list[int] = []
    for side in range(sides):
        first = side * table.stride
        expected.extend(range(first, first + table.threat_ids))
        if state.options.depot:
            expected.append(first + table.stride - 1)
    threats = _placed(state.threats)
    threats += chain.from_iterable(state.decks)
    threats += (*state.discard, *state.depots, *((state.pending,) if state.pending >= 0 else ()))
    if state.flares:
        threats += [card for _, card in state.flares]
    threats.sort()
    if threats != expected:  # the ids of each side in order, then the next side's
        raise ValueError("every threat card of the game is in exactly one zone")
    if len({cell for cell, _ in state.flares}) != len(state.flares):
        raise ValueError("two flares lie on one cell")
    check_places(state)
    check_map_cards(state, sides)


def _placed(cells: tuple[int, ...]) -> list[int]:
    """The ids on the cells of a grid that hold one (not NONE: -1), least first (sorted in C)."""
    ordered = sorted(cells)
    return ordered[bisect_left(ordered, 0):]


def check_places(state: State) -> None:
    """Every card lies where it can: a member alone on a map cell of its grid, a threat on its
    grid (a Tank in the tank column), a flare a Flare, a deck its grid's, a drawn threat one
    that waits, a flipped card a Depot."""
    table = table_of(state)
    stride, kind, squad, threats = table.stride, table.kind, state.squad, state.threats
    # only the cells where something stands (a few of the 28 a grid) are looked at
    for cell in [cell for cell, member in enumerate(squad) if member >= 0]:
        member = squad[cell]
        if threats[cell] >= 0 or cell % 7 == 0 or member // 8 != cell // 28:
            raise ValueError("a squad member stands on a map cell of its own grid, alone")
    for cell in [cell for cell, card in enumerate(threats) if card >= 0]:
        card = threats[cell]
        if (kind[card] == TANK) != (cell % 7 == 0) or kind[card] in (FLARE, MORTAR) or card // stride != cell // 28:
            raise ValueError("a threat lies where it can: a Tank in the tank column, the others on the map")
    if not all(table.kind[card] == FLARE and card // stride == cell // 28 for cell, card in state.flares):
        raise ValueError("only a Flare of the grid lies on a cell as a flare")
    if not all(not deck or side * stride <= min(deck) and max(deck) < (side + 1) * stride
               for side, deck in enumerate(state.decks)):  # each card // stride == side, in C
        raise ValueError("each grid's deck holds that grid's threats")
    if state.pending >= 0 and (state.pending // stride != state.active or (
            state.pending_row >= 0 and table.kind[state.pending] in (FLARE, MORTAR, TANK))):
        raise ValueError("the drawn threat is not one that waits for a decision on the grid in play")
    if not all(table.kind[c] == DEPOT_KIND for c in state.depots):
        raise ValueError("only a Depot lies flipped over")


def check_map_cards(state: State, sides: int) -> None:
    """Each grid has its 4 row cards and 6 column cards, once each."""
    for side in range(sides):
        rows = state.row_cards[side * 4:side * 4 + 4]
        columns = state.column_cards[side * 6:side * 6 + 6]
        offset = side * MAP_IDS
        if sorted(rows) != [offset + i for i in range(4)] or sorted(columns) != [offset + i for i in range(4, 10)]:
            raise ValueError("each grid has its 4 row cards and 6 column cards, once each")
    if len(state.row_cards) != 4 * sides or len(state.column_cards) != 6 * sides:
        raise ValueError("each grid has its 4 row cards and 6 column cards, once each")


def check_decision(state: State) -> None:
    """The phase agrees with the fields: nothing left on the stack, a drawn threat only in the
    encounter (where it is the decision), a selected member only in the maneuver, attacks only
    in the attack (that a running game has a legal action is the rules' check, registered with
    the codec by ``rules``)."""
    if state.stack:
        raise ValueError("a saved table has no effect left to resolve: somebody decides")
    phase = state.phase
    if (phase is Phase.ENCOUNTER) != (state.pending >= 0) or (state.pending_row >= 0 and state.pending < 0):
        raise ValueError("a drawn threat waits for a decision in the encounter, and only there")
    if state.selected >= 0 and (phase is not Phase.MANEUVER or state.selected not in state.squad
                                or state.selected // 8 != state.active):
        raise ValueError("the selected member is not on the grid in play in the maneuver")
    if state.moved and state.selected < 0:
        raise ValueError("a member moved but none is selected")
    if state.attacks and phase is not Phase.ATTACK:
        raise ValueError("attacks are assigned only in the attack phase")
    attackers = [m for m, _ in state.attacks]
    if len(set(attackers)) != len(attackers) or not all(m in state.squad for m in attackers):
        raise ValueError("an attacker is not on the grid or attacks twice")
    if not all(state.threats[cell] >= 0 for _, cell in state.attacks):
        raise ValueError("an attack names a cell without a threat")


def check_view_content(state: State) -> None:
    """A view shows each deck in id order and no generator: what ``view`` makes (the loader
    checks the rest, as for a table; ``determinize`` checks this much, cheaply)."""
    if any(list(deck) != sorted(deck) for deck in state.decks) or state.rng != HIDDEN_RNG:
        raise ValueError("a view shows each deck in id order and no generator")
