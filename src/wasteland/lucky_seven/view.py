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

from array import array
from typing import Sequence

from wasteland.core.data import DerivedCache
from wasteland.core.game import IllegalAction, check_determinize, check_viewer, need_state
from wasteland.core.observation import FloatBuffer, Layout, Observer, Section, layout, write_block
from wasteland.core.records import replace
from wasteland.core.rng import HIDDEN_RNG, Rng
from wasteland.lucky_seven.board import GEOMETRY, GRID
from wasteland.lucky_seven.card_set import table_of
from wasteland.lucky_seven.cards import (
    ANVIL, DEPOT_KIND, HAMMER, INFANTRY, JOKER, MACHINE_GUN, MOUSE, PACIFIST, SQUAD_SIZE, CardTable,
)
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

#: The phases in the order of the ``phase`` one-hot (found with ``index``, which compares by
#: identity: a dict would call the enum's ``__hash__``, a Python function).
_PHASES = (Phase.ENCOUNTER, Phase.MANEUVER, Phase.ATTACK, Phase.OVER)
#: By threat kind, where it is marked in a cell, -1 if nowhere: only Infantry, Machine Guns and
#: the Depot lie on map cells (a flare lies on top and has its own number, a Mortar resolves at
#: once, a Tank takes the tank column).
_CELL_SLOT = tuple(CELL_LAYOUT.start["threat"] + (INFANTRY, MACHINE_GUN, DEPOT_KIND).index(kind)
                   if kind in (INFANTRY, MACHINE_GUN, DEPOT_KIND) else -1 for kind in range(DEPOT_KIND + 1))


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


#: Where the numbers of the game block lie (the same in both layouts: the block comes first).
_G = GAME_LAYOUT.start
_PHASE, _TURN, _FINAL, _OWN_IN_PLAY = _G["phase"], _G["turn"], _G["final"], _G["own_grid_in_play"]
_MY_DECISION, _OTHER_DECISION, _SEAT, _MOVED = _G["my_decision"], _G["other_decision"], _G["seat"], _G["moved"]
_DRAWN, _DRAWN_KIND, _DRAWN_STRENGTH = _G["drawn"], _G["drawn_kind"], _G["drawn_strength"]
_DRAWN_COLUMN, _DRAWN_ROW, _DEALT_ROWS = _G["drawn_column"], _G["drawn_row"], _G["dealt_rows"]


def _write(view: State, seat: int, shape: Layout, out: FloatBuffer) -> None:
    """Everything ``seat`` sees and decides on, section by section. ``view`` is the seat's view
    or the table: the decks are only counted and the generator is not read, which is all a
    view hides, so both give the same numbers."""
    table = table_of(view)
    sides = len(view.decks)
    own = seat if sides == 2 else 0
    _progress(view, seat, own, table, out)
    grids = _GRIDS[sides - 1][own]
    adjacent = GEOMETRY[sides].adjacent
    jokers, boosted = _jokers_and_boosted(view, sides, adjacent)
    cell_at = grids.cell_at
    _threats(view, _members(view, cell_at, table, boosted, out), cell_at, table, jokers, adjacent, out)
    shielded = {card // table.stride for card in view.depots if table.kind[card] == DEPOT_KIND}
    for side in range(sides):
        _counts(view, side, grids, table, out)
        if side in shielded:
            out[grids.shielded[side]] = 1.0
    if view.flares or view.attacks:
        _flares_and_attacks(view, cell_at, table, boosted, out)
    fallen = grids.fallen
    for member in view.fallen:  # each member falls once
        out[fallen[member]] = 1.0


def _progress(view: State, seat: int, own: int, table: CardTable, out: FloatBuffer) -> None:
    """The numbers before the grids: phase, turn, who decides, the seat, the drawn threat and
    the rows dealt."""
    out[_PHASE + _PHASES.index(view.phase)] = 1.0
    if view.turn:
        out[_TURN] = float(view.turn)
    if view.final:
        out[_FINAL] = 1.0
    if view.active == own:
        out[_OWN_IN_PLAY] = 1.0
    decider = current_player(view)
    if decider is not None:
        out[_MY_DECISION if decider == seat else _OTHER_DECISION] = 1.0
    out[_SEAT + seat] = 1.0
    if view.moved:
        out[_MOVED] = 1.0
    if view.pending >= 0:
        card = view.pending
        out[_DRAWN] = 1.0
        out[_DRAWN_KIND + table.kind[card]] = 1.0
        out[_DRAWN_STRENGTH] = float(table.strength[card])
        out[_DRAWN_COLUMN + table.column[card]] = 1.0
        if view.pending_row >= 0:
            out[_DRAWN_ROW + view.pending_row] = 1.0
    for row in view.dealt_rows:
        out[_DEALT_ROWS + row] = 1.0


def _jokers_and_boosted(view: State, sides: int, adjacent: Sequence[Sequence[int]]) -> tuple[list[int], set[int]]:
    """The cells of the up Jokers (a threat next to one is that much weaker: the Joker's rule,
    ``attack.threat_strength``; adjacency goes both ways), and the cells next to an up Pacifist,
    where the Hammer and the Anvil have 1 more strength (the Pacifist's rule,
    ``attack.attacker_strength``). Every member that is not fallen stands on a cell."""
    squad, down, fallen = view.squad, view.down, view.fallen
    jokers: list[int] = []
    boosted: set[int] = set()
    for first in range(0, SQUAD_SIZE * sides, SQUAD_SIZE):
        joker, pacifist = first + JOKER, first + PACIFIST
        if joker not in down and joker not in fallen:
            jokers.append(squad.index(joker))
        if pacifist not in down and pacifist not in fallen:
            boosted.update(adjacent[squad.index(pacifist)])
    return jokers, boosted


def _strength(view: State, table: CardTable, member: int, cell: int, boosted: set[int]) -> int:
    """``attack.attacker_strength``: the strength of the member's visible side, 1 more for the
    Hammer and the Anvil next to an up Pacifist."""
    strength = table.down[member] if member in view.down else table.up[member]
    if cell in boosted and member % SQUAD_SIZE in (HAMMER, ANVIL):
        return strength + 1
    return strength


_C = CELL_LAYOUT.start
_UP, _DOWN, _ROTATED, _SELECTED = _C["up"], _C["down"], _C["rotated"], _C["selected"]
_ATTACKING, _ATTACK_STRENGTH = _C["attacking"], _C["attack_strength"]
_PRINTED, _STRENGTH, _FLARE = _C["threat_printed"], _C["threat_strength"], _C["flare"]
_ATTACKERS, _ATTACKERS_STRENGTH = _C["attackers"], _C["attackers_strength"]


class _Grids:
    """Where the numbers of each grid lie in a layout with ``sides`` grids, the viewer's (``own``)
    first: ``cell_at[cell]`` the first number of each cell of the board in its grid's ``cells``
    section, -1 for the cells of the tank columns, which have none; by grid, the first number
    of its ``tanks`` and ``deck`` sections and its ``shielded`` number; ``fallen[member]`` the
    number of each member in its grid's ``fallen`` section. Worked out once per layout, at
    import (a layout is fixed by the number of grids and the viewer's)."""

    __slots__ = ("cell_at", "tanks", "deck", "shielded", "fallen")

    def __init__(self, sides: int, own: int) -> None:
        start = LAYOUTS[sides - 1].start
        prefix = [GRID_PREFIXES[0 if side == own else 1] for side in range(sides)]
        self.cell_at: tuple[int, ...] = tuple(
            -1 if (cell % GRID) % 7 == 0
            else start[prefix[cell // GRID] + "cells"] + ((cell % GRID) // 7 * 6 + cell % 7 - 1) * CELL_FEATURES
            for cell in range(sides * GRID))
        self.tanks: tuple[int, ...] = tuple(start[p + "tanks"] for p in prefix)
        self.deck: tuple[int, ...] = tuple(start[p + "deck"] for p in prefix)
        self.shielded: tuple[int, ...] = tuple(start[p + "shielded"] for p in prefix)
        self.fallen: tuple[int, ...] = tuple(start[prefix[member // SQUAD_SIZE] + "fallen"] + member % SQUAD_SIZE
                                             for member in range(sides * SQUAD_SIZE))


#: The places of each layout, by number of grids less 1 and the viewer's grid.
_GRIDS = ((_Grids(1, 0),), (_Grids(2, 0), _Grids(2, 1)))


def _members(view: State, cell_at: Sequence[int], table: CardTable, boosted: set[int], out: FloatBuffer) -> list[int]:
    """The members on map cells (``cell_at``: where each cell's numbers start, -1 off the map),
    found in one walk over the board that also gives the cells with a threat, returned: each
    member's place in the squad, up or down, rotated, selected, attacking, and its attack
    strength (``attack.can_attack`` and ``attacker_strength``: never the Joker or the Pacifist,
    while down only the Mouse, never a visible side of strength 0; +1 for the Hammer and the
    Anvil in a ``boosted`` cell)."""
    squad, down, rotated, selected = view.squad, view.down, view.rotated, view.selected
    attacking = {member for member, _ in view.attacks}
    present: list[int] = []  # the cells with a threat
    for cell, member, card in zip(range(len(squad)), squad, view.threats):
        if card >= 0:
            present.append(cell)
        if member < 0:
            continue
        here = cell_at[cell]
        if here < 0:
            continue
        kind = member % SQUAD_SIZE
        out[here + kind] = 1.0
        if member in down:
            out[here + _DOWN] = 1.0
            strength = table.down[member] if kind == MOUSE else 0
        else:
            out[here + _UP] = 1.0
            strength = table.up[member]
        if member in rotated:
            out[here + _ROTATED] = 1.0
        if member == selected:
            out[here + _SELECTED] = 1.0
        if attacking and member in attacking:
            out[here + _ATTACKING] = 1.0
        if strength > 0 and kind != JOKER and kind != PACIFIST:
            if (kind == HAMMER or kind == ANVIL) and cell in boosted:
                strength += 1
            out[here + _ATTACK_STRENGTH] = float(strength)
    return present


def _threats(view: State, present: list[int], cell_at: Sequence[int], table: CardTable, jokers: list[int],
             adjacent: Sequence[Sequence[int]], out: FloatBuffer) -> None:
    """The threats of the cells ``present`` that lie on map cells: the threat's kind if it lies on
    map cells, and if it can be attacked its printed strength and that less the up ``jokers``
    next to it (``attack.threat_strength``, never below 0)."""
    threats = view.threats
    kind_of, attackable, printed_of = table.kind, table.attackable, table.strength
    for cell in present:
        here = cell_at[cell]
        if here < 0:
            continue
        card = threats[cell]
        slot = _CELL_SLOT[kind_of[card]]
        if slot >= 0:
            out[here + slot] = 1.0
        if attackable[card]:
            printed = printed_of[card]
            if printed:
                out[here + _PRINTED] = float(printed)
                strength = printed
                for joker in jokers:
                    if cell in adjacent[joker]:
                        strength -= 1
                if strength > 0:
                    out[here + _STRENGTH] = float(strength)


def _flares_and_attacks(view: State, cell_at: Sequence[int], table: CardTable, boosted: set[int],
                        out: FloatBuffer) -> None:
    """The flares on map cells, and for each attacked cell its attackers and their total
    strength."""
    for cell, _ in view.flares:
        at = cell_at[cell]
        if at >= 0:
            out[at + _FLARE] = 1.0
    if not view.attacks:
        return
    tallies: dict[int, list[int]] = {}  # target cell -> [attackers, total strength]
    squad = view.squad
    for member, target in view.attacks:
        tally = tallies.setdefault(target, [0, 0])
        tally[0] += 1
        tally[1] += _strength(view, table, member, squad.index(member), boosted)
    for cell, (count, strength) in tallies.items():
        at = cell_at[cell]
        if at >= 0:
            out[at + _ATTACKERS] = float(count)
            if strength:
                out[at + _ATTACKERS_STRENGTH] = float(strength)


#: The kinds a deck may hold: Infantry, Machine Gun, Flare, Mortar, Tank (never the Depot).
_DECK_KINDS = 5


#: Where a grid's deck-count sections lie from its ``deck`` number (the same for both grids).
_DECK_KINDS_AT = LAYOUTS[0].start["deck_kinds"] - LAYOUTS[0].start["deck"]
_DECK_COLUMNS_AT = LAYOUTS[0].start["deck_columns"] - LAYOUTS[0].start["deck"]


#: A deck's numbers: its ``deck``, ``deck_kinds`` and ``deck_columns`` sections, which follow one
#: another (the same in both layouts), from the grid's ``deck`` number.
_DECK_BLOCK = _DECK_COLUMNS_AT + 6


def _deck_counter(table: CardTable) -> DerivedCache[tuple[int, ...], array[float]]:
    """For the card facts ``table``: a deck's numbers from the grid's ``deck`` number on, as
    float32s that ``write_block`` copies: its cards, then their counts by kind and by printed
    column. A deck changes only when a threat is drawn, so each is counted once and kept (a cache
    of a pure function of the deck: it changes no number)."""
    blank = bytes(256 - len(table.kind))  # card ids and both numbers are below 256
    kind_of, column_of = bytes(table.kind) + blank, bytes(table.column) + blank

    def count(deck: tuple[int, ...]) -> array[float]:
        numbers = [(0, float(len(deck)))]
        cards = bytes(deck)
        kinds = cards.translate(kind_of)  # the cards' kinds, one byte a card, counted in C
        for kind in range(_DECK_KINDS):
            found = kinds.count(kind)
            if found:
                numbers.append((_DECK_KINDS_AT + kind, float(found)))
        columns = cards.translate(column_of)  # their printed columns
        for column in range(1, 7):  # the tank column (0) is not counted
            found = columns.count(column)
            if found:
                numbers.append((_DECK_COLUMNS_AT + column - 1, float(found)))
        block = array("f", bytes(4 * _DECK_BLOCK))
        for at, number in numbers:
            block[at] = number
        return block

    return DerivedCache(count)


_deck_counters: DerivedCache[CardTable, DerivedCache[tuple[int, ...], array[float]]] = DerivedCache(_deck_counter)


def _counts(view: State, side: int, grids: _Grids, table: CardTable, out: FloatBuffer) -> None:
    """Grid ``side``'s sections after its cells: a Tank in each row's tank column, the deck's
    cards by kind and by printed column (copied as one block where the buffer takes a slice of
    float32s, set one by one otherwise)."""
    threats = view.threats
    first = side * GRID
    tanks = grids.tanks[side]
    if threats[first] >= 0:
        out[tanks] = 1.0
    if threats[first + 7] >= 0:
        out[tanks + 1] = 1.0
    if threats[first + 14] >= 0:
        out[tanks + 2] = 1.0
    if threats[first + 21] >= 0:
        out[tanks + 3] = 1.0
    deck = view.decks[side]
    if deck:
        at = grids.deck[side]
        write_block(out, at, _deck_counters(table)(deck))


#: ``observe(view)``: everything ``view.viewer`` sees and decides on, as ``observation_size``
#: floats (the sections are in docs/rules/lucky_seven.md); ``observe.into(view, out)`` writes
#: them into a zeroed buffer, ``observe.seat_into(table, seat, out)`` the same without the view.
#: IllegalAction for the table: an observation is what one seat sees.
observe: Observer[State] = Observer(observation_layout, _viewer, _seats, _write)
