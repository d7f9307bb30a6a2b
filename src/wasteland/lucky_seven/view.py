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

from wasteland.core.game import IllegalAction, check_determinize, check_viewer, need_state
from wasteland.core.records import replace
from wasteland.core.rng import HIDDEN_RNG, Rng
from wasteland.lucky_seven.attack import attacker_strength, can_attack, threat_strength
from wasteland.lucky_seven.board import GRID
from wasteland.lucky_seven.card_set import table_of
from wasteland.lucky_seven.cards import DEPOT_KIND, INFANTRY, MACHINE_GUN, SQUAD_SIZE
from wasteland.lucky_seven.rules import current_player
from wasteland.lucky_seven.state import Phase, State, check_view_content

__all__ = [
    "view", "determinize", "HIDDEN_RNG", "observation_size", "observe", "GLOBAL_FEATURES", "CELL_FEATURES",
    "GRID_FEATURES",
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

#: The numbers before the grids: phase (4), turn, final, own grid in play, my decision, another
#: seat's decision, seat (2), moved, the drawn threat (present, kind 5, printed strength, printed
#: column 0-6, its row 4), the rows dealt this turn (4).
GLOBAL_FEATURES = 34
#: The numbers of one map cell: member (kind 8, up, down, rotated, selected, attack assigned,
#: attack strength now), threat (infantry, machine gun, depot, printed strength, strength now),
#: flare, attackers assigned to it and their total strength.
CELL_FEATURES = 22
#: The numbers of one grid: its 24 map cells, then a tank in each row (4), the deck (size,
#: by kind 5, by printed column 1-6), the fallen by squad order (8), a flipped Depot shields it.
GRID_FEATURES = 24 * CELL_FEATURES + 4 + 12 + 8 + 1

_PHASES = {Phase.ENCOUNTER: 0, Phase.MANEUVER: 1, Phase.ATTACK: 2, Phase.OVER: 3}
#: Where a threat kind is marked in a cell: only these kinds lie on map cells (a flare lies on
#: top and has its own number, a Mortar resolves at once, a Tank takes the tank column).
_CELL_KIND = {INFANTRY: 14, MACHINE_GUN: 15, DEPOT_KIND: 16}
_TANKS = 24 * CELL_FEATURES
_DECK = _TANKS + 4
_FALLEN = _DECK + 12
_SHIELD = _FALLEN + 8


def observation_size(state: State) -> int:
    """The length of ``observe``'s vector: 587 with one grid, 1140 with two (the variant alone
    decides it)."""
    sides = 2 if _state(state).options.variant == "cooperative" else 1
    return GLOBAL_FEATURES + sides * GRID_FEATURES


def observe(view: State) -> tuple[float, ...]:
    """Everything ``view.viewer`` sees and decides on, as ``observation_size`` floats (see
    docs/rules/lucky_seven.md for the layout). IllegalAction for the table: an observation is
    what one seat sees."""
    _state(view)
    seat = view.viewer
    if seat is None:
        raise IllegalAction("observe takes a player's view, not the table: call view(state, player) first")
    table = table_of(view)
    sides = len(view.decks)
    own = seat if sides == 2 else 0
    out = [0.0] * (GLOBAL_FEATURES + sides * GRID_FEATURES)
    out[_PHASES[view.phase]] = 1.0
    out[4] = float(view.turn)
    out[5] = float(view.final)
    out[6] = float(view.active == own)
    decider = current_player(view)
    if decider is not None:
        out[7 if decider == seat else 8] = 1.0
    out[9 + seat] = 1.0
    out[11] = float(view.moved)
    if view.pending >= 0:
        card = view.pending
        out[12] = 1.0
        out[13 + table.kind[card]] = 1.0
        out[18] = float(table.strength[card])
        out[19 + table.column[card]] = 1.0
        if view.pending_row >= 0:
            out[26 + view.pending_row] = 1.0
    for row in view.dealt_rows:
        out[30 + row] = 1.0
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
        start = GLOBAL_FEATURES + position * GRID_FEATURES
        _grid(view, side, start, out, assigned, attackers, flares)
        if side in shielded:
            out[start + _SHIELD] = 1.0
    return tuple(out)


def _grid(
    view: State, side: int, start: int, out: list[float], assigned: dict[int, list[int]], attackers: set[int],
    flares: set[int],
) -> None:
    """Write grid ``side``'s block from ``start``."""
    table = table_of(view)
    squad, threats, down, rotated = view.squad, view.threats, view.down, view.rotated
    first = side * GRID
    for index in range(24):
        cell = first + index // 6 * 7 + index % 6 + 1
        at = start + index * CELL_FEATURES
        member = squad[cell]
        if member >= 0:
            out[at + member % SQUAD_SIZE] = 1.0
            out[at + (9 if member in down else 8)] = 1.0
            out[at + 10] = float(member in rotated)
            out[at + 11] = float(member == view.selected)
            out[at + 12] = float(member in attackers)
            if can_attack(view, member):
                out[at + 13] = float(attacker_strength(view, member, cell))
        card = threats[cell]
        if card >= 0:
            slot = _CELL_KIND.get(table.kind[card])
            if slot is not None:
                out[at + slot] = 1.0
            if table.attackable[card]:
                out[at + 17] = float(table.strength[card])
                out[at + 18] = float(threat_strength(view, cell))
        if cell in flares:
            out[at + 19] = 1.0
        tally = assigned.get(cell)
        if tally is not None:
            out[at + 20] = float(tally[0])
            out[at + 21] = float(tally[1])
    for row in range(4):
        if threats[first + row * 7] >= 0:
            out[start + _TANKS + row] = 1.0
    deck = view.decks[side]
    out[start + _DECK] = float(len(deck))
    for card in deck:
        out[start + _DECK + 1 + table.kind[card]] += 1.0
        column = table.column[card]
        if column:
            out[start + _DECK + 5 + column] += 1.0
    for member in view.fallen:
        if member // SQUAD_SIZE == side:
            out[start + _FALLEN + member % SQUAD_SIZE] += 1.0
