"""What a Lucky Seven table, or a seat's view, read from a file must hold: the codec's check of a
State (registered from ``rules``), and the check ``determinize`` makes of a view it is given.

Nothing here runs in ``apply``: a table made by the rules holds all of it by construction.
"""

from __future__ import annotations

import attrs

from wasteland.core.rng import HIDDEN_RNG
from wasteland.core.words import plural
from wasteland.lucky_seven.card_set import table_of
from wasteland.lucky_seven.cards import DEPOT_KIND, FLARE, MAP_IDS, MORTAR, TANK
from wasteland.lucky_seven.state import Phase, Placed, State

__all__ = ["check_state_content", "check_conservation", "check_places", "check_map_cards", "check_events",
           "check_decision", "check_view_content"]


def check_state_content(state: State) -> None:
    """ValueError naming the first thing out of range in a state built from a stranger's file."""
    sides = 2 if state.options.variant == "cooperative" else 1
    cells = 28 * sides
    if len(state.decks) != sides or len(state.squad) != cells or len(state.threats) != cells:
        raise ValueError(f"a {state.options.variant} table has {plural(sides, 'grid')} of 28 cells")
    members = 8 * sides
    threat_ids = table_of(state).stride * sides
    if not all(-1 <= m < members for m in state.squad) or not all(0 <= m < members for m in state.fallen):
        raise ValueError(f"squad member ids run from 0 to {members - 1}")
    if not (state.down <= set(range(members)) and state.rotated <= set(range(members))
            and state.backed <= set(range(members))):
        raise ValueError(f"squad member ids run from 0 to {members - 1}")
    threats = [*state.threats, *(c for deck in state.decks for c in deck), *state.discard, *state.depots,
               *(card for _, card in state.flares), state.pending]
    if not all(-1 <= c < threat_ids for c in threats):
        raise ValueError(f"threat ids run from 0 to {threat_ids - 1}")
    if not all(0 <= cell < cells for cell, _ in state.flares) or not all(0 <= r < 4 for r in state.dealt_rows):
        raise ValueError("a flare or a dealt row is off the table")
    if not (0 <= state.active < sides and -1 <= state.pending_row < 4 and -1 <= state.selected < members):
        raise ValueError("the grid in play, the pending row or the selected member is out of range")
    if not all(0 <= m < members and 0 <= c < cells for m, c in state.attacks):
        raise ValueError("an attack names a member or a cell out of range")
    if not 0 < state.turn <= 10_000 or not (state.viewer is None or 0 <= state.viewer < state.options.players):
        raise ValueError("the turn or the viewer is out of range")
    check_conservation(state, sides)
    if state.viewer is not None:
        check_view_content(state)
    check_events(state, sides)
    check_decision(state)


def check_conservation(state: State, sides: int) -> None:
    """Each card exactly once: every squad member on a cell or fallen, every threat of the game
    (the Depot with the ``depot`` option) in exactly one zone, each grid's map cards dealt."""
    members = [m for m in state.squad if m >= 0] + list(state.fallen)
    if sorted(members) != list(range(8 * sides)):
        raise ValueError("every squad member is on a cell or fallen, exactly once")
    on_grid = frozenset(m for m in state.squad if m >= 0)
    if not (state.down <= on_grid and state.rotated <= on_grid):
        raise ValueError("a flipped down or rotated member is not on the grid")
    table = table_of(state)
    expected: list[int] = []
    for side in range(sides):
        first = side * table.stride
        expected.extend(range(first, first + table.threat_ids))
        if state.options.depot:
            expected.append(first + table.stride - 1)
    flares = [card for _, card in state.flares]
    threats = [*(c for c in state.threats if c >= 0), *(c for deck in state.decks for c in deck), *state.discard,
               *state.depots, *flares, *((state.pending,) if state.pending >= 0 else ())]
    if sorted(threats) != sorted(expected):
        raise ValueError("every threat card of the game is in exactly one zone")
    if len({cell for cell, _ in state.flares}) != len(state.flares):
        raise ValueError("two flares lie on one cell")
    check_places(state)
    check_map_cards(state, sides)


def check_places(state: State) -> None:
    """Every card lies where it can: a member alone on a map cell of its grid, a threat on its
    grid (a Tank in the tank column), a flare a Flare, a deck its grid's, a drawn threat one
    that waits, a flipped card a Depot."""
    table = table_of(state)
    stride = table.stride
    for cell, (member, card) in enumerate(zip(state.squad, state.threats)):
        tank_column = cell % 7 == 0
        if member >= 0 and (card >= 0 or tank_column or member // 8 != cell // 28):
            raise ValueError("a squad member stands on a map cell of its own grid, alone")
        if card >= 0 and ((table.kind[card] == TANK) != tank_column or table.kind[card] in (FLARE, MORTAR)
                          or card // stride != cell // 28):
            raise ValueError("a threat lies where it can: a Tank in the tank column, the others on the map")
    if not all(table.kind[card] == FLARE and card // stride == cell // 28 for cell, card in state.flares):
        raise ValueError("only a Flare of the grid lies on a cell as a flare")
    if not all(card // stride == side for side, deck in enumerate(state.decks) for card in deck):
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


def check_events(state: State, sides: int) -> None:
    """Every id an event names is a card, member, cell, row or grid of this game, so telling it
    cannot fail."""
    limit = len(table_of(state).kind)
    ranges = {"card": (0, limit), "cards": (0, limit), "tanks": (0, limit), "cell": (0, 28 * sides),
              "cells": (0, 28 * sides), "member": (0, 8 * sides), "hit": (-1, 8 * sides),
              "downed": (0, 8 * sides), "fell": (0, 8 * sides), "saved": (0, 8 * sides), "row": (0, 4 * sides),
              "side": (0, sides)}
    for event in state.events:
        for field in attrs.fields(type(event)):
            name = field.name
            span = ranges.get(name)
            if span is None:
                continue
            value = getattr(event, name)
            values = value if type(value) is tuple else (value,)
            if not all(span[0] <= v < span[1] for v in values):
                raise ValueError(f"an event names a {name} that is not in this game")
        if type(event) is Placed and len(event.cards) != len(event.cells):
            raise ValueError("a deal event names as many cells as cards")


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
