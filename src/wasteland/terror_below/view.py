"""What a player may see, a table drawn at random among those that fit, and the observation.

Hidden from a seat: the other hands of Vehicles, the Items and Weapons the others hold (and which
of them are new this turn), the others' hidden bounties, the face-down Vehicles under the Worms
that others placed, every deck's order (and the Characters left in the box), and the Rng. A hidden
card is ``HIDDEN`` where it lies; the events say nothing any seat may not see.
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from itertools import compress

from attrs import frozen

from wasteland.core.data import DerivedCache
from wasteland.core.game import IllegalAction, check_determinize, check_viewer
from wasteland.core.observation import FloatBuffer, Layout, Observer, layout, write_block
from wasteland.core.records import replace
from wasteland.core.rng import HIDDEN_RNG, Rng
from wasteland.terror_below.actions import MAX_PLAYERS
from wasteland.terror_below.attack import completes, hunt_bounties
from wasteland.terror_below.cards import (
    BOUNTIES, CELLS, GEAR, HIDDEN, ITEMS, LINE, LOCATIONS, NONE, SCENARIOS, VEHICLES, Bounty, Worm,
)
from wasteland.terror_below.card_set import CardSet, card_table, table_of
from wasteland.terror_below.rules import ENGINE
from wasteland.terror_below.scoring import solo_count
from wasteland.terror_below.setup import in_play
from wasteland.terror_below.state import Phase, State, solo_goal

__all__ = ["view", "determinize", "observation_size", "observe"]


def _hide(cards: tuple[int, ...]) -> tuple[int, ...]:
    return (HIDDEN,) * len(cards)


def view(state: State, player: int) -> State:
    """``state`` as ``player`` sees it; IllegalAction for a seat not at the table or a view."""
    if ENGINE.state(state).viewer is not None:
        raise IllegalAction(f"this is already player {state.viewer}'s view: a view is made from the table")
    seat = check_viewer(player, state.options.players)

    def mine(rows: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, ...], ...]:
        return tuple(r if p == seat else _hide(r) for p, r in enumerate(rows))

    under = tuple(tuple(c if o in (NONE, seat) else HIDDEN for c, o in zip(u, os))
                  for u, os in zip(state.under, state.owners))
    return replace(
        state, worm_deck=_hide(state.worm_deck), under=under, vehicle_deck=_hide(state.vehicle_deck),
        hands=mine(state.hands), item_deck=_hide(state.item_deck), weapon_deck=_hide(state.weapon_deck),
        gear=mine(state.gear), fresh=mine(state.fresh), bounty_deck=_hide(state.bounty_deck),
        hidden=mine(state.hidden), box=_hide(state.box), rng=HIDDEN_RNG, viewer=seat,
    )


def determinize(view: State, player: int, seed: int) -> State:
    """A table whose view for ``player`` is ``view``: the unseen cards dealt at random."""
    seat = check_determinize(ENGINE.state(view), player, seed)
    rng = Rng.from_seed(seed)
    worm_ids, gear_ids, character_ids, _ = in_play(view.options)
    n = view.options.players
    # Vehicles
    seen_v = {c for c in (*view.hands[seat], *view.vehicle_discard, *(c for u in view.under for c in u)) if c >= 0}
    unseen_v, rng = rng.shuffle(sorted(set(range(len(VEHICLES))) - seen_v))
    deal = iter(unseen_v)
    hands = tuple(h if p == seat else tuple(next(deal) for _ in h) for p, h in enumerate(view.hands))
    under = tuple(tuple(c if c != HIDDEN else next(deal) for c in u) for u in view.under)
    vehicle_deck = tuple(deal)
    # Items and Weapons
    seen_g = {g for g in (*view.gear[seat], *view.gear_discard, *(g for w in view.worn for g in w))}
    unseen = sorted(set(gear_ids) - seen_g)
    items, rng = rng.shuffle([g for g in unseen if g < len(ITEMS)])
    weapons, rng = rng.shuffle([g for g in unseen if g >= len(ITEMS)])
    ni, nw = len(view.item_deck), len(view.weapon_deck)
    if ni > len(items) or nw > len(weapons):
        raise IllegalAction("this view does not count the Items and Weapons of the game")
    held, rng = rng.shuffle(items[ni:] + weapons[nw:])
    deal = iter(held)
    gear = tuple(g if p == seat else tuple(next(deal) for _ in g) for p, g in enumerate(view.gear))
    fresh = tuple(f if p == seat else gear[p][len(gear[p]) - len(f):] if f else () for p, f in enumerate(view.fresh))
    # Bounties
    seen_b = {b for b in (*view.line, *view.hidden[seat], *(b for c in view.completed for b in c)) if b >= 0}
    unseen_b, rng = rng.shuffle(sorted(set(range(len(BOUNTIES))) - seen_b))
    deal = iter(_claimable_first(view, seat, unseen_b))
    hidden = tuple(h if p == seat else tuple(next(deal) for _ in h) for p, h in enumerate(view.hidden))
    bounty_deck = tuple(deal)
    # Worms and Characters
    worm_deck, rng = rng.shuffle(sorted(set(worm_ids) - {w for w in (*view.worms, *view.worm_discard) if w >= 0}))
    box, rng = rng.shuffle(sorted(set(character_ids) - {c for s in (*view.squads, *view.dead) for c in s}))
    counts = (len(vehicle_deck), len(bounty_deck), len(worm_deck), len(box))
    if counts != (len(view.vehicle_deck), len(view.bounty_deck), len(view.worm_deck), len(view.box)) or n < 1:
        raise IllegalAction("this view does not count the cards of the game")
    return replace(
        view, worm_deck=worm_deck, under=under, vehicle_deck=vehicle_deck, hands=hands, item_deck=items[:ni],
        weapon_deck=weapons[:nw], gear=gear, fresh=fresh, bounty_deck=bounty_deck, hidden=hidden, box=box,
        rng=rng, viewer=None,
    )


def _claimable_first(view: State, seat: int, unseen: Sequence[int]) -> Sequence[int]:
    """The unseen bounties in the order they are dealt to the other seats' hidden bounties (seat
    by seat, the deck last). A killer choosing among the bounties its kill completes (``CLAIM``)
    has at least two of them: every seat sees that it chooses, so a table drawn for another seat
    must give the killer enough of them. The killer's first hidden bounties are then the first
    unseen ones that fit, as many as the line does not already give; the rest keep their order."""
    killer = view.killer
    if (view.phase is not Phase.CLAIM or killer == seat or not 0 <= killer < len(view.hidden)
            or not 0 <= view.slot < 3 or view.worms[view.slot] < 0):
        return unseen
    table = table_of(view)
    kind = table.worms[view.worms[view.slot]].kind
    need = 2 - len(hunt_bounties(view, killer, kind))  # the line's: the killer's hidden ones are hidden
    first = [b for b in unseen if completes(table.bounties[b], kind)][:max(0, need)]
    rest = [b for b in unseen if b not in first]
    at = sum(len(h) for p, h in enumerate(view.hidden[:killer]) if p != seat)
    return rest[:at] + first + rest[at:]


_PHASES = tuple(Phase)
_CELL = 1 + 4 + MAX_PLAYERS + 3 + 1  # rubble, eggs, pawns (from the viewer on), targets, Location
_SLOT = 5 + 4 + 3
_BOUNTY = 1 + 4 + 5 + 5 + 1
_SEAT = 1 + 4 + 1 + 1 + 1 + 1 + 1 + 1 + 1

#: The observation, section by section (``core.observation``; the rules page lists them).
LAYOUT = layout(
    ("cells", CELLS * _CELL, "per cell: rubble, eggs of each colour, a pawn of each seat counted from the "
     "viewer on, each Worm's Target, a Location"),
    ("worms", 3 * _SLOT, "per Terror zone slot: the Worm's type, its egg colour, health, limit, "
     "Vehicles under it"),
    ("line", LINE * _BOUNTY, "per bounty of the line: hunting, colour, Location, Worm type, points"),
    ("seats", MAX_PLAYERS * _SEAT, "per seat from the viewer on: VP, eggs carried, rubble, squad, out, "
     "hand, gear, bounties completed (counts)"),
    ("hand", len(VEHICLES), "1 for each Vehicle in the viewer's hand"),
    ("gear", len(GEAR), "1 for each Item or Weapon the viewer holds"),
    ("hidden", len(BOUNTIES), "1 for each of the viewer's hidden bounties"),
    ("phase", len(_PHASES), "the phase, one flag each"),
    ("ap", 1, "action points left"),
    ("to_play", 1, "1 when the viewer decides"),
    ("turn", 1, "the turn"),
    ("solo", len(SCENARIOS) + 3, "solo only: the scenario, one flag each; its goal; the count toward it so far "
     "(VP, eggs delivered or Worms defeated); the Worms, not starters, in the discard (15 lose)"),
)


def _layout(state: State) -> Layout:
    ENGINE.state(state)
    return LAYOUT


def observation_size(state: State) -> int:
    return _layout(state).size


#: Where each number lies (the layout is the same for every table): each cell's rubble, each of
#: ``State.eggs`` (four colours a cell), each Location's flag, cell 0's first pawn and first Target
#: flag, and the first number of each section after the board.
_CELLS_AT = LAYOUT.start["cells"]
_RUBBLE_AT = tuple(_CELLS_AT + c * _CELL for c in range(CELLS))
_EGG_AT = tuple(_CELLS_AT + i // 4 * _CELL + 1 + i % 4 for i in range(4 * CELLS))
_LOCATION_AT = tuple(_CELLS_AT + c * _CELL + _CELL - 1 for c in LOCATIONS)
_PAWN_AT = _CELLS_AT + 5
_TARGET_AT = _CELLS_AT + 5 + MAX_PLAYERS
_WORMS_AT, _LINE_AT, _SEATS_AT, _HAND_AT, _GEAR_AT, _HIDDEN_AT, _AP_AT, _TO_PLAY_AT, _TURN_AT, _SOLO_AT = (
    LAYOUT.start[name]
    for name in ("worms", "line", "seats", "hand", "gear", "hidden", "ap", "to_play", "turn", "solo"))
#: Each solo scenario's flag, by its name, and where the goal, the count and the Worms discarded lie.
_SCENARIO_AT = {name: _SOLO_AT + i for i, name in enumerate(SCENARIOS)}
_GOAL_AT = _SOLO_AT + len(SCENARIOS)
#: Each phase's flag, by the phase's name (a name hashes at C speed, an Enum member in Python).
_PHASE_AT = {phase.name: LAYOUT.start["phase"] + i for i, phase in enumerate(_PHASES)}
_OVER = Phase.OVER
#: ``float(i)`` for every count of a game's pieces (rubble, eggs, cards in a pile; the 54 Vehicles
#: are the most of any kind), read from here rather than built for each write.
_FLOAT = tuple(float(i) for i in range(len(VEHICLES) + 1))
#: 0, 1, 2... as far as the longest tuple of counts (``State.eggs``): ``compress(_INDEX, counts)``
#: gives the indices of the counts that are not zero (it stops at the end of ``counts``), and walks
#: a tuple faster than a range.
_INDEX = tuple(range(4 * CELLS))


#: The numbers a card writes wherever it lies: (index, number) pairs, the zeros left out.
_Numbers = tuple[tuple[int, float], ...]
#: A Worm's own numbers in its slot of the Terror zone (the slot's last is the Vehicles under it).
_WORM_BLOCK = _SLOT - 1


@frozen
class _CardNumbers:
    """What each card of a card set writes, as float32s that ``write_block`` copies into its slot:
    ``worm_blocks[w]`` Worm ``w``'s (1 for its type, 1 for its egg colour, its health, its card
    limit: the first ``_WORM_BLOCK`` numbers of a slot of the Terror zone), ``bounty_blocks[b]``
    Bounty ``b``'s (1 if it is a hunt, 1 for its egg colour, its Location and its Worm type, each
    when it names one, its points: a slot of the line); ``points[b]`` Bounty ``b``'s points; and
    ``starters`` the starter Worms (a solo game counts the others discarded)."""

    points: tuple[int, ...]
    starters: frozenset[int]
    worm_blocks: tuple[array[float], ...]
    bounty_blocks: tuple[array[float], ...]


def _worm_numbers(worm: Worm, at: int) -> _Numbers:
    """What ``worm`` writes in the slot whose numbers start at ``at``."""
    numbers = [(at + worm.kind, 1.0)]
    if worm.colour >= 0:
        numbers.append((at + 5 + worm.colour, 1.0))
    if worm.health:
        numbers.append((at + 9, float(worm.health)))
    if worm.limit:
        numbers.append((at + 10, float(worm.limit)))
    return tuple(numbers)


def _bounty_numbers(bounty: Bounty, at: int) -> _Numbers:
    """What ``bounty`` writes in the slot of the line whose numbers start at ``at``."""
    numbers = [(at, 1.0)] if bounty.hunt else []
    if bounty.colour >= 0:
        numbers.append((at + 1 + bounty.colour, 1.0))
    if bounty.location >= 0:
        numbers.append((at + 5 + bounty.location, 1.0))
    if bounty.kind >= 0:
        numbers.append((at + 10 + bounty.kind, 1.0))
    if bounty.points:
        numbers.append((at + 15, float(bounty.points)))
    return tuple(numbers)


def _block(numbers: _Numbers, size: int) -> array[float]:
    """``numbers`` (pairs of an index from 0 and a number) as ``size`` float32s."""
    block = array("f", bytes(4 * size))
    for at, number in numbers:
        block[at] = number
    return block


def _card_numbers(cards: CardSet | None) -> _CardNumbers:
    """The numbers of every card of ``cards`` (None: the designed set), in every slot."""
    played = card_table(cards)
    return _CardNumbers(
        points=tuple(b.points for b in played.bounties),
        starters=frozenset(i for i, w in enumerate(played.worms) if w.starter),
        worm_blocks=tuple(_block(_worm_numbers(w, 0), _WORM_BLOCK) for w in played.worms),
        bounty_blocks=tuple(_block(_bounty_numbers(b, 0), _BOUNTY) for b in played.bounties),
    )


#: The numbers of each card of the designed set, and of each card set of one's own.
_DESIGNED_NUMBERS = _card_numbers(None)
_CARD_NUMBERS: DerivedCache[CardSet, _CardNumbers] = DerivedCache(_card_numbers)


def _write(view: State, me: int, shape: Layout, out: FloatBuffer) -> None:
    """The board (rubble, eggs, pawns from ``me`` on, Targets, Locations), the Worms, the bounty
    line, each seat (VP, eggs and rubble carried, squad, hand and gear counts, bounties), ``me``'s own
    Vehicles, gear and hidden bounties, the phase, the action points, whose decision, and in a solo
    game what it asks for and how far it has come: only what seat ``me`` may see, so the table and
    ``me``'s view give the same numbers. Only the numbers that are
    not zero are written (the buffer starts at zero). ``shape`` is ``LAYOUT``, for every table."""
    cards = view.options.cards
    numbers = _DESIGNED_NUMBERS if cards is None else _CARD_NUMBERS(cards)
    _write_board(view, me, out)
    _write_worms(view, numbers, out)
    _write_line(view.line, numbers, out)
    _write_seats(view, me, numbers.points, out)
    _write_own(view, me, out)
    if view.options.players == 1:
        _write_solo(view, numbers, out)


def _write_solo(view: State, numbers: _CardNumbers, out: FloatBuffer) -> None:
    """A solo game's scenario (its flag), its goal, the count toward it (VP with the bounties
    completed, eggs delivered or Worms defeated) and the Worms, not starters, in the discard."""
    options = view.options
    out[_SCENARIO_AT[options.scenario]] = 1.0
    out[_GOAL_AT] = float(solo_goal(options)[1])
    have = solo_count(view)
    if have:
        out[_GOAL_AT + 1] = float(have)
    discard = view.worm_discard
    lost = len(discard) - len(numbers.starters.intersection(discard))  # scoring.worms_lost, at C speed
    if lost:
        out[_GOAL_AT + 2] = _FLOAT[lost]


#: ``observe(view)``: what the viewer sees, as numbers.
observe: Observer[State] = Observer(_layout, lambda state: state.viewer, lambda state: state.options.players,
                                    _write)


def _write_board(view: State, me: int, out: FloatBuffer) -> None:
    """Per cell: its rubble, its eggs of each colour, 1 for each Worm whose Target it is, 1 for a
    Location, 1 for the pawn of each seat on it (counted from ``me`` on)."""
    rubble, eggs = view.rubble, view.eggs
    for c in compress(_INDEX, rubble):  # the cells with rubble, found at C speed
        out[_RUBBLE_AT[c]] = _FLOAT[rubble[c]]
    for i in compress(_INDEX, eggs):
        out[_EGG_AT[i]] = _FLOAT[eggs[i]]
    for k, c in enumerate(view.targets):
        if 0 <= c < CELLS:
            out[_TARGET_AT + c * _CELL + k] = 1.0
    for at in _LOCATION_AT:
        out[at] = 1.0
    n = view.options.players
    for p, c in enumerate(view.pawns):
        if c >= 0:
            out[_PAWN_AT + c * _CELL + (p - me) % n] = 1.0


def _write_worms(view: State, numbers: _CardNumbers, out: FloatBuffer) -> None:
    """Per slot of the Terror zone that holds a Worm: the Worm's numbers (``_CardNumbers``), then
    the count of Vehicles under it. A Worm's numbers are copied as one block where the buffer
    takes a slice of float32s, and set one by one otherwise."""
    under = view.under
    blocks = numbers.worm_blocks
    for k, w in enumerate(view.worms):
        if w >= 0:
            write_block(out, _WORMS_AT + k * _SLOT, blocks[w])
            if under[k]:
                out[_WORMS_AT + k * _SLOT + 11] = _FLOAT[len(under[k])]


def _write_line(line: tuple[int, ...], numbers: _CardNumbers, out: FloatBuffer) -> None:
    """Per slot of the bounty line that holds a bounty: the bounty's numbers (``_CardNumbers``),
    copied as one block where the buffer takes a slice of float32s, set one by one otherwise."""
    blocks = numbers.bounty_blocks
    for k, b in enumerate(line):
        if b >= 0:
            write_block(out, _LINE_AT + k * _BOUNTY, blocks[b])


def _write_seats(view: State, me: int, bounty_points: tuple[int, ...], out: FloatBuffer) -> None:
    """Per seat, in blocks counted from ``me`` on: its VP (bounties completed included), its eggs
    carried of each colour, its rubble carried, its squad's size, 1 if it is out, the sizes of its
    hand and its gear, its bounties completed."""
    n = view.options.players
    vp, completed_by, carried_rubble = view.vp, view.completed, view.carried_rubble
    squads, outs, hands, gear = view.squads, view.out, view.hands, view.gear
    for p in range(n):
        at = _SEATS_AT + (p - me) % n * _SEAT
        points = vp[p]
        completed = completed_by[p]
        if completed:
            points += sum(bounty_points[b] for b in completed)
            out[at + 10] = _FLOAT[len(completed)]
        if points:
            out[at] = float(points)
        if carried_rubble[p]:
            out[at + 5] = _FLOAT[carried_rubble[p]]
        if squads[p]:
            out[at + 6] = _FLOAT[len(squads[p])]
        if outs[p]:
            out[at + 7] = 1.0
        if hands[p]:
            out[at + 8] = _FLOAT[len(hands[p])]
        if gear[p]:
            out[at + 9] = _FLOAT[len(gear[p])]
    carried = view.carried
    for i in compress(_INDEX, carried):  # the eggs of colour i % 4 that seat i // 4 carries
        out[_SEATS_AT + (i // 4 - me) % n * _SEAT + 1 + i % 4] = _FLOAT[carried[i]]


def _write_own(view: State, me: int, out: FloatBuffer) -> None:
    """1 for each of ``me``'s Vehicles, gear cards and hidden bounties, 1 for the phase, the action
    points, 1 if ``me`` decides now, the turn."""
    for c in view.hands[me]:
        out[_HAND_AT + c] = 1.0
    for g in view.gear[me]:
        out[_GEAR_AT + g] = 1.0
    for b in view.hidden[me]:
        out[_HIDDEN_AT + b] = 1.0
    phase = view.phase
    out[_PHASE_AT[phase._name_]] = 1.0
    if view.ap:
        out[_AP_AT] = float(view.ap)
    if view.decider == me and phase is not _OVER:
        out[_TO_PLAY_AT] = 1.0
    if view.turn:
        out[_TURN_AT] = float(view.turn)
