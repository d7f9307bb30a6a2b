"""What a player may see, and a table drawn at random among those that fit what they see.

Everything of The Lucky Seven lies face up except the order of the threat
decks, and the random generator, which would tell the future. A view shows
each deck in card id order (its contents are known: every other card is in
sight) and carries a fixed placeholder generator; both seats of a 2-player
game see the same. The map numbers were dealt face up and then flipped down;
the player saw them and they matter for nothing after setup, so the view
keeps them (*design*). The events tell only what everyone saw happen, so a
view keeps them whole.

``determinize(view, player, seed)`` shuffles each deck with the generator of
``seed`` and gives the table a generator drawn from the same stream: every
order of the decks is as likely as it is to the player.

``observe(view)`` encodes what the viewer sees as a flat tuple of floats of
``observation_size(state)`` numbers (587 with one grid, 1140 with two): a block
of the game's progress, then one block per grid, the viewer's own grid first.
It reads only what the view shows (the decks by their contents, never their
order); the layout is documented in docs/rules/lucky_seven.md.
"""

from __future__ import annotations

from typing import Mapping

from wasteland.core.game import IllegalAction, check_determinize, check_viewer, need_state
from wasteland.core.observation import FloatBuffer, Layout, Observer, Section, layout
from wasteland.core.records import replace
from wasteland.core.rng import HIDDEN_RNG, Rng
from wasteland.lucky_seven.attack import attacker_strength, can_attack, threat_strength
from wasteland.lucky_seven.board import GRID
from wasteland.lucky_seven.card_set import table_of
from wasteland.lucky_seven.cards import DEPOT_KIND, INFANTRY, MACHINE_GUN, SQUAD_SIZE
from wasteland.lucky_seven.rules import current_player
from wasteland.lucky_seven.loaded import check_view_content
from wasteland.lucky_seven.state import Phase, State

__all__ = [
    "view", "determinize", "HIDDEN_RNG", "observation_size", "observation_layout", "observe", "GAME_LAYOUT",
    "CELL_LAYOUT", "LAYOUTS", "GLOBAL_FEATURES", "CELL_FEATURES", "GRID_FEATURES",
]

def _state(state: object) -> State:
    return need_state(state, State, "a Lucky Seven")


def view(state: State, player: int) -> State:
    """``state`` as ``player`` sees it: each threat deck in id order, the Rng replaced, ``viewer``
    set. IllegalAction for a seat not at the table, or a state that is already a view."""
    _state(state)
    if state.viewer is not None:
        raise IllegalAction(f"this is already player {state.viewer}'s view: a view is made from the table")
    seat = check_viewer(player, state.options.players)
    return replace(state, decks=tuple(tuple(sorted(deck)) for deck in state.decks), rng=HIDDEN_RNG, viewer=seat)


def determinize(view: State, player: int, seed: int) -> State:
    """A table consistent with everything ``player`` sees in ``view``: the decks shuffled and
    a generator drawn from ``seed``. IllegalAction unless ``view`` is ``player``'s view, as
    ``view`` makes it (each deck in id order, no generator)."""
    check_determinize(_state(view), player, seed)
    try:
        check_view_content(view)
    except ValueError as why:
        raise IllegalAction(f"no table gives this view: {why}") from None
    rng = Rng.from_seed(seed)
    decks = []
    for deck in view.decks:
        shuffled, rng = rng.shuffle(deck)
        decks.append(shuffled)
    return replace(view, decks=tuple(decks), rng=rng.fork(1), viewer=None)


# -- the observation vector ----------------------------------------------------------------------

#: The numbers before the grids.
GAME_LAYOUT = layout(
    ("phase", 4, "phase, one-hot: encounter, maneuver, attack, over"),
    ("turn", 1, "turn (of the grid in play)"),
    ("final", 1, "the final turn (the helicopter has been called)"),
    ("own_grid_in_play", 1, "the grid in play is the viewer's own (always 1 with one grid)"),
    ("my_decision", 1, "the viewer decides now (0 once the game is over)"),
    ("other_decision", 1, "another seat decides now (0 once the game is over)"),
    ("seat", 2, "the viewer's seat, one-hot (competitive: 0 the squad, 1 the threats)"),
    ("moved", 1, "the selected member has moved (the Athlete's second step, the Mouse's get-down)"),
    ("drawn", 1, "a drawn threat waits (a full row, or the competitive row choice)"),
    ("drawn_kind", 5, "its kind, one-hot: Infantry, Machine Gun, Flare, Mortar, Tank"),
    ("drawn_strength", 1, "its printed strength (0 without one)"),
    ("drawn_column", 7, "its printed column, one-hot 0-6 (0: a Tank's tank column)"),
    ("drawn_row", 4, "the full row it waits in, one-hot (all 0 while its row is to be chosen)"),
    ("dealt_rows", 4, "the rows of the grid in play dealt a threat this turn"),
)
#: The numbers of one map cell (a grid's ``cells`` section is 24 of these, map cell *m* =
#: 6 x row + column - 1 at 22 x *m*).
CELL_LAYOUT = layout(
    ("member", SQUAD_SIZE, "the member here, one-hot by place in the squad (Leader ... Pacifist)"),
    ("up", 1, "it is up"),
    ("down", 1, "it is down"),
    ("rotated", 1, "it is rotated (has acted, or a Mortar stunned it)"),
    ("selected", 1, "it is the selected member"),
    ("attacking", 1, "it has been assigned an attack"),
    ("attack_strength", 1, "its attack strength as it stands (its visible side, +1 for the Hammer and the "
                           "Anvil beside an up Pacifist; 0 if it cannot attack)"),
    ("threat", 3, "the threat here: Infantry, Machine Gun, Depot (the only threats that lie on map cells)"),
    ("threat_printed", 1, "its printed strength"),
    ("threat_strength", 1, "its strength after the Joker (never below 0)"),
    ("flare", 1, "a flare lies on the cell"),
    ("attackers", 1, "the attackers assigned to the threat here"),
    ("attackers_strength", 1, "their total strength"),
)
_GRID_SECTIONS = (
    ("cells", 24 * CELL_LAYOUT.size, "the 24 map cells, 22 numbers each (the cell table)"),
    ("tanks", 4, "a Tank in the tank column of rows 1-4"),
    ("deck", 1, "cards left in the threat deck"),
    ("deck_kinds", 5, "of them, by kind: Infantry, Machine Gun, Flare, Mortar, Tank"),
    ("deck_columns", 6, "of them, by printed column 1-6"),
    ("fallen", SQUAD_SIZE, "the fallen members, by place in the squad (Leader ... Pacifist)"),
    ("shielded", 1, "a flipped Depot protects this grid until the end of the turn"),
)
#: The prefixes of the grid sections: the viewer's own grid (the only one but in the cooperative
#: game), then the partner's.
GRID_PREFIXES = ("", "other_")
#: The layouts with one grid and with two.
LAYOUTS = tuple(
    Layout(GAME_LAYOUT.sections + tuple(
        Section(prefix + name, size, ("the partner's grid: " if prefix else "") + what)
        for prefix in GRID_PREFIXES[:sides] for name, size, what in _GRID_SECTIONS))
    for sides in (1, 2)
)
GLOBAL_FEATURES = GAME_LAYOUT.size
CELL_FEATURES = CELL_LAYOUT.size
GRID_FEATURES = LAYOUTS[0].size - GLOBAL_FEATURES

_PHASES = {Phase.ENCOUNTER: 0, Phase.MANEUVER: 1, Phase.ATTACK: 2, Phase.OVER: 3}
#: Where a threat kind is marked in a cell: only these kinds lie on map cells (a flare lies on
#: top and has its own number, a Mortar resolves at once, a Tank takes the tank column).
_CELL_KIND = {kind: CELL_LAYOUT.start["threat"] + i for i, kind in enumerate((INFANTRY, MACHINE_GUN, DEPOT_KIND))}


def observation_layout(state: State) -> Layout:
    """The observation's sections for ``state``'s options: one grid, or two in the cooperative
    game (the variant alone decides it)."""
    return LAYOUTS[1 if _state(state).options.variant == "cooperative" else 0]


def observation_size(state: State) -> int:
    """The length of ``observe``'s vector: 587 with one grid, 1140 with two (the variant alone
    decides it)."""
    return observation_layout(state).size


def _viewer(state: State) -> int | None:
    return state.viewer


def _seats(state: State) -> int:
    return state.options.players


def _write(view: State, seat: int, shape: Layout, out: FloatBuffer) -> None:
    """Everything ``seat`` sees and decides on, section by section. ``view`` is the seat's view
    or the table: the decks are only counted and the generator is not read, which is all a
    view hides, so both give the same numbers."""
    start = shape.start
    table = table_of(view)
    sides = len(view.decks)
    own = seat if sides == 2 else 0
    out[start["phase"] + _PHASES[view.phase]] = 1.0
    if view.turn:
        out[start["turn"]] = float(view.turn)
    if view.final:
        out[start["final"]] = 1.0
    if view.active == own:
        out[start["own_grid_in_play"]] = 1.0
    decider = current_player(view)
    if decider is not None:
        out[start["my_decision" if decider == seat else "other_decision"]] = 1.0
    out[start["seat"] + seat] = 1.0
    if view.moved:
        out[start["moved"]] = 1.0
    if view.pending >= 0:
        card = view.pending
        out[start["drawn"]] = 1.0
        out[start["drawn_kind"] + table.kind[card]] = 1.0
        out[start["drawn_strength"]] = float(table.strength[card])
        out[start["drawn_column"] + table.column[card]] = 1.0
        if view.pending_row >= 0:
            out[start["drawn_row"] + view.pending_row] = 1.0
    for row in view.dealt_rows:
        out[start["dealt_rows"] + row] = 1.0
    assigned: dict[int, list[int]] = {}  # target cell -> [attackers, total strength]
    attackers: set[int] = set()
    squad = view.squad
    for member, target in view.attacks:
        attackers.add(member)
        tally = assigned.setdefault(target, [0, 0])
        tally[0] += 1
        tally[1] += attacker_strength(view, member, squad.index(member))
    flares = {cell for cell, _ in view.flares}
    shielded = {card // table.stride for card in view.depots if table.kind[card] == DEPOT_KIND}
    for position in range(sides):
        side = own if position == 0 else 1 - own
        prefix = GRID_PREFIXES[position]
        _grid(view, side, prefix, start, out, assigned, attackers, flares)
        if side in shielded:
            out[start[prefix + "shielded"]] = 1.0


_C = CELL_LAYOUT.start
_UP, _DOWN, _ROTATED, _SELECTED = _C["up"], _C["down"], _C["rotated"], _C["selected"]
_ATTACKING, _ATTACK_STRENGTH = _C["attacking"], _C["attack_strength"]
_PRINTED, _STRENGTH, _FLARE = _C["threat_printed"], _C["threat_strength"], _C["flare"]
_ATTACKERS, _ATTACKERS_STRENGTH = _C["attackers"], _C["attackers_strength"]
#: The 24 map cells of each grid, in the order of its ``cells`` section (its tank column left out).
_MAP_CELLS = tuple(tuple(side * GRID + index // 6 * 7 + index % 6 + 1 for index in range(24)) for side in (0, 1))
#: Where the numbers of each cell of the board start in its grid's ``cells`` section; -1 for the
#: cells of the tank columns, which have none.
_CELL_AT = tuple(-1 if (cell % GRID) % 7 == 0 else ((cell % GRID) // 7 * 6 + (cell % GRID) % 7 - 1) * CELL_FEATURES
                 for cell in range(2 * GRID))


def _grid(
    view: State, side: int, prefix: str, start: Mapping[str, int], out: FloatBuffer,
    assigned: dict[int, list[int]], attackers: set[int], flares: set[int],
) -> None:
    """Write grid ``side``'s sections, named with ``prefix``: its members, its threats, its
    flares and attacks cell by cell, only where there are some; its tanks, deck and fallen."""
    table = table_of(view)
    first = side * GRID
    cells = start[prefix + "cells"]
    _members(view, first, cells, out, attackers)
    _threats(view, first, cells, out)
    last = first + GRID
    cell_at = _CELL_AT
    for cell in flares:
        if first <= cell < last and cell_at[cell] >= 0:
            out[cells + cell_at[cell] + _FLARE] = 1.0
    for cell, (count, strength) in assigned.items():
        if first <= cell < last and cell_at[cell] >= 0:
            at = cells + cell_at[cell]
            out[at + _ATTACKERS] = float(count)
            if strength:
                out[at + _ATTACKERS_STRENGTH] = float(strength)
    threats = view.threats
    tanks = start[prefix + "tanks"]
    for row in range(4):
        if threats[first + row * 7] >= 0:
            out[tanks + row] = 1.0
    deck = view.decks[side]
    out[start[prefix + "deck"]] = float(len(deck))
    by_kind, columns = start[prefix + "deck_kinds"], start[prefix + "deck_columns"] - 1
    kinds, column_of = table.kind, table.column
    for card in deck:
        out[by_kind + kinds[card]] += 1.0
        column = column_of[card]
        if column:
            out[columns + column] += 1.0
    fallen = start[prefix + "fallen"]
    for member in view.fallen:
        if member // SQUAD_SIZE == side:
            out[fallen + member % SQUAD_SIZE] += 1.0


def _members(view: State, first: int, cells: int, out: FloatBuffer, attackers: set[int]) -> None:
    """The members standing on the map cells of the grid from cell ``first``."""
    squad, down, rotated, selected = view.squad, view.down, view.rotated, view.selected
    cell_at = _CELL_AT
    for cell in [c for c in range(first, first + GRID) if squad[c] >= 0]:
        at = cell_at[cell]
        if at < 0:
            continue
        at += cells
        member = squad[cell]
        out[at + member % SQUAD_SIZE] = 1.0
        out[at + (_DOWN if member in down else _UP)] = 1.0
        if member in rotated:
            out[at + _ROTATED] = 1.0
        if member == selected:
            out[at + _SELECTED] = 1.0
        if member in attackers:
            out[at + _ATTACKING] = 1.0
        if can_attack(view, member):
            strength = attacker_strength(view, member, cell)
            if strength:
                out[at + _ATTACK_STRENGTH] = float(strength)


def _threats(view: State, first: int, cells: int, out: FloatBuffer) -> None:
    """The threats lying on the map cells of the grid from cell ``first`` (not its tank column)."""
    table = table_of(view)
    threats = view.threats
    kinds, attackable, printed = table.kind, table.attackable, table.strength
    cell_at = _CELL_AT
    for cell in [c for c in range(first, first + GRID) if threats[c] >= 0]:
        at = cell_at[cell]
        if at < 0:
            continue
        at += cells
        card = threats[cell]
        slot = _CELL_KIND.get(kinds[card])
        if slot is not None:
            out[at + slot] = 1.0
        if attackable[card]:
            if printed[card]:
                out[at + _PRINTED] = float(printed[card])
            strength = threat_strength(view, cell)
            if strength:
                out[at + _STRENGTH] = float(strength)


#: ``observe(view)``: everything ``view.viewer`` sees and decides on, as ``observation_size``
#: floats (the sections are in docs/rules/lucky_seven.md); ``observe.into(view, out)`` writes
#: them into a zeroed buffer, ``observe.seat_into(table, seat, out)`` the same without the view.
#: IllegalAction for the table: an observation is what one seat sees.
observe: Observer[State] = Observer(observation_layout, _viewer, _seats, _write)
