"""The observation vectors as each game wrote them before the shared layout of
``wasteland.core.observation``, kept word for word (but renamed) so that a test can show the
layout changed no number on many positions. Nothing else uses them."""

# ruff: noqa
# mypy: ignore-errors
from __future__ import annotations

from wasteland.core.game import IllegalAction, need_state, short
from wasteland.core.data import DerivedCache
from wasteland.lucky_seven.attack import attacker_strength, can_attack, threat_strength
from wasteland.lucky_seven.board import GRID
from wasteland.lucky_seven.card_set import table_of as lucky_table_of
from wasteland.lucky_seven.cards import DEPOT_KIND, INFANTRY, MACHINE_GUN, SQUAD_SIZE
from wasteland.lucky_seven.rules import current_player
from wasteland.lucky_seven import state as lucky_state
from wasteland.raxxon.card_set import table_of as raxxon_table_of
from wasteland.raxxon.cards import POWER_LIMIT
from wasteland.raxxon.state import CELLS, EMPTY, HIDDEN as RAXXON_HIDDEN, KINDS, Ask
from wasteland.raxxon import state as raxxon_state
from wasteland.arctic_scavengers.actions import action_space, space_for
from wasteland.arctic_scavengers.card_set import table_of as arctic_table_of
from wasteland.arctic_scavengers.cards import CARD_TYPES, HIDDEN, MERCENARY_PILES
from wasteland.arctic_scavengers.draw_phase import peeks
from wasteland.arctic_scavengers.gathering import action_total, medicine_in
from wasteland.arctic_scavengers.skirmish import fight_total, people_present
from wasteland.arctic_scavengers.state import TASKS, Cards, Options
from wasteland.arctic_scavengers import state as arctic_state

def _lucky_state(state):
    return need_state(state, lucky_state.State, "a Lucky Seven")


def _raxxon_state(state):
    return need_state(state, raxxon_state.State, "a Raxxon")


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

_PHASES = {lucky_state.Phase.ENCOUNTER: 0, lucky_state.Phase.MANEUVER: 1, lucky_state.Phase.ATTACK: 2, lucky_state.Phase.OVER: 3}
#: Where a threat kind is marked in a cell: only these kinds lie on map cells (a flare lies on
#: top and has its own number, a Mortar resolves at once, a Tank takes the tank column).
_CELL_KIND = {INFANTRY: 14, MACHINE_GUN: 15, DEPOT_KIND: 16}
_TANKS = 24 * CELL_FEATURES
_DECK = _TANKS + 4
_FALLEN = _DECK + 12
_SHIELD = _FALLEN + 8


def lucky_observation_size(state: lucky_state.State) -> int:
    """The length of ``observe``'s vector: 587 with one grid, 1140 with two (the variant alone
    decides it)."""
    sides = 2 if _lucky_state(state).options.variant == "cooperative" else 1
    return GLOBAL_FEATURES + sides * GRID_FEATURES


def lucky_observe(view: lucky_state.State) -> tuple[float, ...]:
    """Everything ``view.viewer`` sees and decides on, as ``observation_size`` floats (see
    docs/rules/lucky_seven.md for the layout). IllegalAction for the table: an observation is
    what one seat sees."""
    _lucky_state(view)
    seat = view.viewer
    if seat is None:
        raise IllegalAction("observe takes a player's view, not the table: call view(state, player) first")
    table = lucky_table_of(view)
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
    view: lucky_state.State, side: int, start: int, out: list[float], assigned: dict[int, list[int]], attackers: set[int],
    flares: set[int],
) -> None:
    """Write grid ``side``'s block from ``start``."""
    table = lucky_table_of(view)
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


# -- the observation vector ----------------------------------------------------------------------

#: day, power / 8, pile sizes (draw, supply, discard, evacuated, contained, uncontained, Raxxon
#: draw, triggered, untriggered, removed), over, stage (3), my decision, pending kind (17), its count.
RAXXON_GLOBAL = 2 + 10 + 1 + 3 + 1 + len(KINDS) + 1
#: per crowd cell: a card, face up, seen by me, seen by another seat, its type (9) when I know it.
RAXXON_CELL = 4 + 9
#: per seat (4, mine first): at the table, me, active, passed, character (6), tokens on actions 1-3.
SEAT_FEATURES = 4 + 6 + 3
#: the types (9) face up in the crowd, in the discard, evacuated, contained, uncontained.
PILE_FEATURES = 5 * 9
OBSERVATION_SIZE = RAXXON_GLOBAL + CELLS * RAXXON_CELL + 4 * SEAT_FEATURES + PILE_FEATURES


def raxxon_observation_size(state: raxxon_state.State) -> int:
    """The length of ``observe``'s vector: the same for every table."""
    _raxxon_state(state)
    return OBSERVATION_SIZE


def raxxon_observe(view: raxxon_state.State) -> tuple[float, ...]:
    """Everything ``view.viewer`` sees, as ``OBSERVATION_SIZE`` floats; IllegalAction for the table."""
    _raxxon_state(view)
    seat = view.viewer
    if seat is None:
        raise IllegalAction("observe takes a player's view, not the table: call view(state, player) first")
    kind = raxxon_table_of(view).kind
    out = [0.0] * OBSERVATION_SIZE
    out[0] = float(view.day)
    out[1] = view.power / POWER_LIMIT
    for i, pile in enumerate((view.draw, view.supply, view.discard, view.evacuated, view.contained,
                              view.uncontained, view.raxxon_draw, view.triggered, view.untriggered, view.removed)):
        out[2 + i] = float(len(pile))
    out[12] = float(view.phase is raxxon_state.Phase.OVER)
    out[13 + view.stage] = 1.0
    out[16] = float(view.phase is not raxxon_state.Phase.OVER and view.active == seat)
    top = view.stack[-1] if view.stack else None
    if type(top) is Ask:
        out[17 + top.kind] = 1.0
        out[17 + len(KINDS)] = float(top.count)
    at = RAXXON_GLOBAL
    others = frozenset().union(*(s for p, s in enumerate(view.seen) if p != seat))
    for cell, card in enumerate(view.crowd):
        base = at + cell * RAXXON_CELL
        if card == EMPTY:
            continue
        out[base] = 1.0
        out[base + 3] = float(cell in others)
        if card == RAXXON_HIDDEN:
            continue
        out[base + 1] = float(card in view.face_up)
        out[base + 2] = float(cell in view.seen[seat])
        out[base + 4 + kind[card]] = 1.0
    at += CELLS * RAXXON_CELL
    n = view.options.players
    for position in range(n):
        p = (seat + position) % n
        base = at + position * SEAT_FEATURES
        out[base] = 1.0
        out[base + 1] = float(p == seat)
        out[base + 2] = float(p == view.active)
        out[base + 3] = float(p in view.passed)
        out[base + 4 + view.characters[p]] = 1.0
        for k, tokens in enumerate(view.tokens[p][:3]):
            out[base + 10 + k] = float(tokens)
    at += 4 * SEAT_FEATURES
    piles: tuple[frozenset[int] | tuple[int, ...], ...] = (
        view.face_up, view.discard, view.evacuated, view.contained, view.uncontained)
    for i, group in enumerate(piles):
        for card in group:
            out[at + i * 9 + kind[card]] += 1.0
    return tuple(out)


# --- the observation vector --------------------------------------------------------------------

#: The phases in the order of the ``phase`` one-hot.
PHASES: tuple[Phase, ...] = (arctic_state.Phase.GATHERING, arctic_state.Phase.KEEP, arctic_state.Phase.SKIRMISH, arctic_state.Phase.OVER)
#: The scalar features of each tribe's block, before its four type-count groups.
TRIBE_FEATURES = ("hand", "deck", "discard", "played", "discard_unseen", "fight", "people")
#: The features of each card's block that do not depend on the number of players; then, for each
#: other tribe in seat order from the viewer's left: in its force, in its discard, in its played area.
CARD_FEATURES = ("my_hand", "my_deck", "my_discard", "my_played", "committed", "equipped", "dug", "pile",
                 "removed", "peeked", "spent")
_TYPES = len(CARD_TYPES)


class ObservationLayout:
    """Where each part of the observation lies, for one game's options (see the rules page)."""

    __slots__ = ("players", "cards", "positions", "card_features", "tribe_size", "sections", "start", "size")

    def __init__(self, options: Options) -> None:
        n, t = options.players, _TYPES
        space = space_for(options.cards)
        self.players = n
        self.cards = len(space.cards)
        self.positions = space.positions
        self.card_features = len(CARD_FEATURES) + 3 * (n - 1)
        self.tribe_size = len(TRIBE_FEATURES) + 4 * t
        lengths = (
            ("round", 1), ("phase", len(PHASES)), ("seat", n), ("initiator", n), ("decider", n), ("peeking", 1),
            ("taken", len(TASKS)), ("food", 1), ("task", len(TASKS)), ("action_total", 1), ("medicine", 1),
            ("contested", 1), ("peeked", t), ("junkyard", 1), ("piles", len(MERCENARY_PILES)), ("removed", t),
            ("dug", 1), ("dug_types", t), ("committed", 1), ("committed_types", t),
            ("committed_slots", self.positions * (t + 2)), ("equipped_types", t), ("spent", 1),
            ("tribes", n * self.tribe_size), ("cards", self.cards * self.card_features),
        )
        sections: list[tuple[str, int, int]] = []
        at = 0
        for name, length in lengths:
            sections.append((name, at, length))
            at += length
        self.sections: tuple[tuple[str, int, int], ...] = tuple(sections)
        self.start: dict[str, int] = {name: start for name, start, _ in sections}
        self.size: int = at


_LAYOUTS: DerivedCache[Options, ObservationLayout] = DerivedCache(ObservationLayout)


def _layout(state: object) -> ObservationLayout:
    if type(state) is not arctic_state.State:
        raise IllegalAction(f"not an Arctic Scavengers state: {short(state)}")
    return _LAYOUTS(state.options)


def arctic_observation_size(state: arctic_state.State) -> int:
    """The length of every observation of ``state``'s game (it depends on the options only:
    the number of players and the card set). Works on a table or a view."""
    return _layout(state).size


def observation_sections(state: arctic_state.State) -> tuple[tuple[str, int, int], ...]:
    """The observation's sections as (name, first index, length), in order (the rules page
    describes each)."""
    return _layout(state).sections


def arctic_observe(seen: arctic_state.State) -> tuple[float, ...]:
    """The observation vector of ``seen.viewer``, from the view ``seen`` only (the table is
    refused with IllegalAction): every number finite, length :func:`observation_size`.
    Seats are counted from the viewer (0 = the viewer, 1 = the next seat clockwise, ...)."""
    layout = _layout(seen)
    me = seen.viewer
    if me is None:
        raise IllegalAction("observe takes a player's view, not the table: observe(view(state, p))")
    n = layout.players
    table = arctic_table_of(seen)
    space = action_space(seen)
    kind, index = table.type_index, space.index
    start = layout.start
    out = [0.0] * layout.size

    def count(at: int, cards: Cards) -> None:
        for c in cards:
            if c != HIDDEN:
                out[at + kind[c]] += 1.0

    width = layout.card_features
    first_card = start["cards"]

    def mark(cards: Cards, feature: int) -> None:
        for c in cards:
            if c != HIDDEN:
                out[first_card + index[c] * width + feature] = 1.0

    phase = seen.phase
    over = phase is arctic_state.Phase.OVER
    out[start["round"]] = float(seen.round)
    out[start["phase"] + PHASES.index(phase)] = 1.0
    out[start["seat"] + me] = 1.0
    out[start["initiator"] + (seen.initiator - me) % n] = 1.0
    if not over:
        out[start["decider"] + (seen.turn - me) % n] = 1.0
    out[start["peeking"]] = 1.0 if peeks(seen) else 0.0
    for task in TASKS:
        if seen.used >> task._value_ & 1:
            out[start["taken"] + task._value_] = 1.0
    out[start["food"]] = float(seen.food)
    committed = seen.committed
    if seen.task is not None:
        out[start["task"] + seen.task._value_] = 1.0
        if HIDDEN not in committed:
            out[start["action_total"]] = float(action_total(seen, table))
            out[start["medicine"]] = float(medicine_in(table, committed))
        else:  # another seat's Trash: its cards lie face down, their number is known
            out[start["action_total"]] = float(len(committed))
    out[start["contested"]] = float(len(seen.contested))
    top = seen.contested[0] if seen.contested else HIDDEN
    if top != HIDDEN:
        out[start["peeked"] + kind[top]] = 1.0
        mark((top,), 9)
    out[start["junkyard"]] = float(len(seen.junkyard))
    for i, pile in enumerate(seen.piles):
        out[start["piles"] + i] = float(len(pile))
        mark(pile, 7)
    count(start["removed"], seen.removed)
    mark(seen.removed, 8)
    out[start["dug"]] = float(len(seen.dug))
    count(start["dug_types"], seen.dug)
    mark(seen.dug, 6)
    out[start["committed"]] = float(len(committed))
    count(start["committed_types"], committed)
    mark(committed, 4)
    slot = _TYPES + 2
    is_leader = table.is_leader
    for position, c in enumerate(committed[:layout.positions]):
        if c == HIDDEN:
            continue
        at = start["committed_slots"] + position * slot
        out[at + kind[c]] = 1.0
        for m, person in seen.equipped:
            if person == c:
                out[at + _TYPES + (1 if is_leader[m] else 0)] = 1.0
    equipped = tuple(m for m, _ in seen.equipped)
    count(start["equipped_types"], equipped)
    mark(equipped, 5)
    out[start["spent"]] = float(len(seen.spent))
    mark(seen.spent, 10)
    spent = seen.spent
    for r in range(n):
        q = (me + r) % n
        at = start["tribes"] + r * layout.tribe_size
        hand, deck, discard, played = seen.hands[q], seen.decks[q], seen.discards[q], seen.played[q]
        out[at] = float(len(hand))
        out[at + 1] = float(len(deck))
        out[at + 2] = float(len(discard))
        out[at + 3] = float(len(played))
        out[at + 4] = float(discard.count(HIDDEN))
        if HIDDEN not in hand:
            out[at + 5] = float(fight_total(table, hand, spent))
            out[at + 6] = float(people_present(table, hand))
        types = at + len(TRIBE_FEATURES)
        count(types, hand)
        count(types + _TYPES, deck)
        count(types + 2 * _TYPES, discard)
        count(types + 3 * _TYPES, played)
        if r == 0:
            mark(hand, 0)
            mark(deck, 1)
            mark(discard, 2)
            mark(played, 3)
        else:
            other = len(CARD_FEATURES) + 3 * (r - 1)
            mark(hand, other)
            mark(discard, other + 1)
            mark(played, other + 2)
    return tuple(out)


# -- Terror Below, as its writer wrote every number of every cell ---------------------------------

from wasteland.terror_below.actions import MAX_PLAYERS as TERROR_MAX_PLAYERS
from wasteland.terror_below.cards import CELLS as TERROR_CELLS, LINE as TERROR_LINE, LOCATIONS as TERROR_LOCATIONS
from wasteland.terror_below.cards import SCENARIOS as TERROR_SCENARIOS
from wasteland.terror_below.card_set import table_of as terror_table_of
from wasteland.terror_below.state import Phase as TerrorPhase
from wasteland.terror_below.view import LAYOUT as TERROR_LAYOUT

_TERROR_PHASES = tuple(TerrorPhase)
_TERROR_CELL = 1 + 4 + TERROR_MAX_PLAYERS + 3 + 1
_TERROR_SLOT = 5 + 4 + 3
_TERROR_BOUNTY = 1 + 4 + 5 + 5 + 1
_TERROR_SEAT = 1 + 4 + 1 + 1 + 1 + 1 + 1 + 1 + 1


def terror_observe(view) -> tuple[float, ...]:
    if view.viewer is None:
        raise IllegalAction("observe takes a player's view, not the table: call view(state, player) first")
    me, shape = view.viewer, TERROR_LAYOUT
    out = [0.0] * shape.size
    n = view.options.players
    cells = shape.start["cells"]
    for c in range(TERROR_CELLS):
        base = cells + c * _TERROR_CELL
        out[base] = float(view.rubble[c])
        for k in range(4):
            out[base + 1 + k] = float(view.eggs[c * 4 + k])
        for k in range(3):
            out[base + 5 + TERROR_MAX_PLAYERS + k] = 1.0 if view.targets[k] == c else 0.0
        out[base + _TERROR_CELL - 1] = 1.0 if c in TERROR_LOCATIONS else 0.0
    for p in range(n):
        if view.pawns[p] >= 0:
            out[cells + view.pawns[p] * _TERROR_CELL + 5 + (p - me) % n] = 1.0
    base = shape.start["worms"]
    for k in range(3):
        w = view.worms[k]
        if w >= 0:
            worm = terror_table_of(view).worms[w]
            out[base + k * _TERROR_SLOT + worm.kind] = 1.0
            if worm.colour >= 0:
                out[base + k * _TERROR_SLOT + 5 + worm.colour] = 1.0
            out[base + k * _TERROR_SLOT + 9] = float(worm.health)
            out[base + k * _TERROR_SLOT + 10] = float(worm.limit)
            out[base + k * _TERROR_SLOT + 11] = float(len(view.under[k]))
    base = shape.start["line"]
    for k in range(TERROR_LINE):
        b = view.line[k]
        if b >= 0:
            bounty = terror_table_of(view).bounties[b]
            at = base + k * _TERROR_BOUNTY
            out[at] = float(bounty.hunt)
            if bounty.colour >= 0:
                out[at + 1 + bounty.colour] = 1.0
            if bounty.location >= 0:
                out[at + 5 + bounty.location] = 1.0
            if bounty.kind >= 0:
                out[at + 10 + bounty.kind] = 1.0
            out[at + 15] = float(bounty.points)
    base = shape.start["seats"]
    for p in range(n):
        at = base + ((p - me) % n) * _TERROR_SEAT
        out[at] = float(view.vp[p] + sum(terror_table_of(view).bounties[b].points for b in view.completed[p]))
        for k in range(4):
            out[at + 1 + k] = float(view.carried[p * 4 + k])
        out[at + 5] = float(view.carried_rubble[p])
        out[at + 6] = float(len(view.squads[p]))
        out[at + 7] = float(view.out[p])
        out[at + 8] = float(len(view.hands[p]))
        out[at + 9] = float(len(view.gear[p]))
        out[at + 10] = float(len(view.completed[p]))
    for c in view.hands[me]:
        out[shape.start["hand"] + c] = 1.0
    for g in view.gear[me]:
        out[shape.start["gear"] + g] = 1.0
    for b in view.hidden[me]:
        out[shape.start["hidden"] + b] = 1.0
    out[shape.start["phase"] + _TERROR_PHASES.index(view.phase)] = 1.0
    out[shape.start["ap"]] = float(view.ap)
    out[shape.start["to_play"]] = 1.0 if view.decider == me and view.phase is not TerrorPhase.OVER else 0.0
    out[shape.start["turn"]] = float(view.turn)
    if n == 1:
        scenarios = list(TERROR_SCENARIOS)
        out[shape.start["solo"] + scenarios.index(view.options.scenario)] = 1.0
        counted, designed = TERROR_SCENARIOS[view.options.scenario]
        out[shape.start["solo"] + 3] = float(view.options.goal or designed)
        bounties = terror_table_of(view).bounties
        out[shape.start["solo"] + 4] = float(
            {"vp": view.vp[0] + sum(bounties[b].points for b in view.completed[0]),
             "eggs": view.delivered[0], "kills": view.kills[0]}[counted])
        worms = terror_table_of(view).worms
        out[shape.start["solo"] + 5] = float(len([w for w in view.worm_discard if not worms[w].starter]))
    return tuple(out)


# -- Aftermath, as its writer wrote every number before its offsets were module constants ----------

from wasteland.aftermath.cards import (
    ABILITY_NAMES as AFTERMATH_ABILITY_NAMES, ACTION_CARDS as AFTERMATH_ACTION_CARDS,
    CHARACTER_NAMES as AFTERMATH_CHARACTER_NAMES, CHARACTERS as AFTERMATH_CHARACTERS,
    ENVIRONMENT_NAMES as AFTERMATH_ENVIRONMENT_NAMES, MAX_SPACES as AFTERMATH_MAX_SPACES, NONE as AFTERMATH_NONE,
    TRACK as AFTERMATH_TRACK, VEHICLE_NAMES as AFTERMATH_VEHICLE_NAMES,
)
from wasteland.aftermath.mission import decider as aftermath_decider, enemy as aftermath_enemy
from wasteland.aftermath.mission import life_of as aftermath_life_of, owner as aftermath_owner
from wasteland.aftermath.state import Phase as AftermathPhase
from wasteland.aftermath.view import LAYOUT as AFTERMATH_LAYOUT

_AFTERMATH_PHASES = tuple(AftermathPhase)
_AFTERMATH_SPACE = 4
_AFTERMATH_CHARACTER = 10
_AFTERMATH_SLOT = 7


def aftermath_observe(view) -> tuple[float, ...]:
    if view.viewer is None:
        raise IllegalAction("observe takes a player's view, not the table: call view(state, player) first")
    out = [0.0] * AFTERMATH_LAYOUT.size
    aftermath_write(view, view.viewer, AFTERMATH_LAYOUT, out)
    return tuple(out)


def aftermath_write(view, me, shape, out) -> None:
    page = next((p for p in view.book.pages if p.number == view.page), None)
    index = {sp.name: k for k, sp in enumerate(page.spaces[:AFTERMATH_MAX_SPACES])} if page else {}
    base = shape.start["spaces"]
    for sp in view.spaces:
        k = index.get(sp)
        if k is not None:
            out[base + k * _AFTERMATH_SPACE] += 1.0
    for foe in view.foes:
        for sp in foe.spaces:
            k = index.get(sp)
            if k is not None:
                out[base + k * _AFTERMATH_SPACE + 1] += 1.0
    for t in view.tokens:
        k = index.get(t.space)
        if k is not None:
            out[base + k * _AFTERMATH_SPACE + 2] += 1.0
    for cache in view.caches:
        k = index.get(cache.space)
        if k is not None:
            out[base + k * _AFTERMATH_SPACE + 3] += 1.0
    _aftermath_characters(view, me, shape, out, index)
    _aftermath_track(view, shape, out)
    _aftermath_public(view, me, shape, out)


def _aftermath_characters(view, me, shape, out, index) -> None:
    base, hand = shape.start["characters"], shape.start["hand"]
    for c, name in enumerate(view.options.characters):
        at = base + c * _AFTERMATH_CHARACTER
        here = view.spaces[c]
        if here:
            out[at] = 1.0
            if here in index:
                out[at + 1] = float(index[here] + 1)
        out[at + 2] = float(AFTERMATH_CHARACTERS[AFTERMATH_CHARACTER_NAMES.index(name)].life)
        out[at + 3] = float(view.wounds[c])
        out[at + 4] = float(view.toxic[c])
        out[at + 5] = float(len(view.statuses[c]))
        out[at + 6] = float(len(view.hands[c]))
        out[at + 7] = float(sum(1 for i in view.gear[c] if i != AFTERMATH_NONE))
        out[at + 8] = float(view.batteries[c])
        if aftermath_owner(view, c) == me:
            out[at + 9] = 1.0
            for card in view.hands[c]:
                out[hand + card] = 1.0


def _aftermath_track(view, shape, out) -> None:
    base = shape.start["track"]
    for k in range(AFTERMATH_TRACK):
        at = base + k * _AFTERMATH_SLOT
        if k < len(view.foes):
            foe = view.foes[k]
            info = aftermath_enemy(view, foe.card)
            out[at] = 1.0
            out[at + 1] = float(aftermath_life_of(view, foe.card))
            out[at + 2] = float(info.defence)
            out[at + 3] = float(info.communicate)
            out[at + 4] = float(len(foe.spaces))
            out[at + 5] = float(sum(foe.wounds))
        if view.threats[k] != AFTERMATH_NONE:
            out[at + 6] = float(AFTERMATH_ACTION_CARDS[view.threats[k]].value)


def _aftermath_public(view, me, shape, out) -> None:
    for k, value in enumerate(view.dials):
        out[shape.start["dials"] + k] = float(value)
    out[shape.start["bookkeeper"] + view.bookkeeper] = 1.0
    out[shape.start["situation"]] = 1.0 if view.hostile else 0.0
    if view.task is not None:
        out[shape.start["task"]] = 1.0
        out[shape.start["task"] + 1] = float(view.task.difficulty)
        out[shape.start["task"] + 2] = float(view.task_dial)
    if view.test is not None:
        out[shape.start["test"]] = 1.0
        out[shape.start["test"] + 1] = float(view.test.difficulty)
        out[shape.start["test"] + 2] = float(sum(AFTERMATH_ACTION_CARDS[k].value for k in view.played))
    out[shape.start["phase"] + _AFTERMATH_PHASES.index(view.phase)] = 1.0
    deciding = view.phase is not AftermathPhase.OVER and aftermath_owner(view, aftermath_decider(view)) == me
    out[shape.start["to_play"]] = 1.0 if deciding else 0.0
    out[shape.start["round"]] = float(view.round)
    out[shape.start["page"]] = float(view.page)
    outing = view.outing
    for held in outing.abilities:
        for name in held:
            out[shape.start["abilities"] + AFTERMATH_ABILITY_NAMES.index(name)] = 1.0
    for c in outing.influenced:
        out[shape.start["influence"] + c] = 1.0
    for name in outing.environment:
        out[shape.start["environment"] + AFTERMATH_ENVIRONMENT_NAMES.index(name)] = 1.0
    for name in outing.vehicles:
        out[shape.start["vehicles"] + AFTERMATH_VEHICLE_NAMES.index(name)] = 1.0
    out[shape.start["supply"]] = float(len(outing.supply))
    if outing.exit_page:
        out[shape.start["exit"]] = 1.0
    for c in outing.ahead:
        out[shape.start["exit"] + 1 + c] = 1.0
