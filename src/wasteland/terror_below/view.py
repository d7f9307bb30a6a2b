"""What a player may see, a table drawn at random among those that fit, and the observation.

Hidden from a seat: the other hands of Vehicles, the Items and Weapons the others hold (and which
of them are new this turn), the others' hidden bounties, the face-down Vehicles under the Worms
that others placed, every deck's order (and the Characters left in the box), and the Rng. A hidden
card is ``HIDDEN`` where it lies; the events say nothing any seat may not see.
"""

from __future__ import annotations

from wasteland.core.game import IllegalAction, check_determinize, check_viewer
from wasteland.core.records import replace
from wasteland.core.rng import HIDDEN_RNG, Rng
from wasteland.terror_below.actions import MAX_PLAYERS
from wasteland.terror_below.cards import (
    BOUNTIES, CELLS, GEAR, HIDDEN, ITEMS, LINE, LOCATIONS, NONE, VEHICLES,
)
from wasteland.terror_below.card_set import table_of
from wasteland.terror_below.rules import ENGINE
from wasteland.terror_below.setup import in_play
from wasteland.terror_below.state import Phase, State

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
    deal = iter(unseen_b)
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


_PHASES = tuple(Phase)
_CELL = 1 + 4 + MAX_PLAYERS + 3 + 1  # rubble, eggs, pawns (from the viewer on), targets, Location
_SLOT = 5 + 4 + 3
_BOUNTY = 1 + 4 + 5 + 5 + 1
_SEAT = 1 + 4 + 1 + 1 + 1 + 1 + 1 + 1 + 1
_SIZE = (CELLS * _CELL + 3 * _SLOT + LINE * _BOUNTY + MAX_PLAYERS * _SEAT + len(VEHICLES) + len(GEAR)
         + len(BOUNTIES) + len(_PHASES) + 3)


def observation_size(state: State) -> int:
    return _SIZE


def observe(view: State) -> tuple[float, ...]:
    """The board (rubble, eggs, pawns from the viewer on, Targets, Locations), the Worms, the bounty
    line, each seat (VP, eggs and rubble carried, squad, hand and gear counts, bounties), the
    viewer's own Vehicles, gear and hidden bounties, the phase, the action points, whose decision."""
    ENGINE.state(view)
    if view.viewer is None:
        raise IllegalAction("observe reads a seat's view, not the table")
    out = [0.0] * _SIZE
    _observe_board(view, out)
    _observe_cards(view, out)
    return tuple(out)


def _observe_board(view: State, out: list[float]) -> None:
    me, n = view.viewer or 0, view.options.players
    for c in range(CELLS):
        base = c * _CELL
        out[base] = view.rubble[c] / 2
        for k in range(4):
            out[base + 1 + k] = float(view.eggs[c * 4 + k])
        for k in range(3):
            out[base + 5 + MAX_PLAYERS + k] = 1.0 if view.targets[k] == c else 0.0
        out[base + _CELL - 1] = 1.0 if c in LOCATIONS else 0.0
    for p in range(n):
        if view.pawns[p] >= 0:
            out[view.pawns[p] * _CELL + 5 + (p - me) % n] = 1.0
    base = CELLS * _CELL
    for k in range(3):
        w = view.worms[k]
        if w >= 0:
            worm = table_of(view).worms[w]
            out[base + k * _SLOT + worm.kind] = 1.0
            if worm.colour >= 0:
                out[base + k * _SLOT + 5 + worm.colour] = 1.0
            out[base + k * _SLOT + 9] = worm.health / 8
            out[base + k * _SLOT + 10] = worm.limit / 4
            out[base + k * _SLOT + 11] = len(view.under[k]) / 4


def _observe_cards(view: State, out: list[float]) -> None:
    me, n = view.viewer or 0, view.options.players
    base = CELLS * _CELL + 3 * _SLOT
    for k in range(LINE):
        b = view.line[k]
        if b >= 0:
            bounty = table_of(view).bounties[b]
            at = base + k * _BOUNTY
            out[at] = float(bounty.hunt)
            if bounty.colour >= 0:
                out[at + 1 + bounty.colour] = 1.0
            if bounty.location >= 0:
                out[at + 5 + bounty.location] = 1.0
            if bounty.kind >= 0:
                out[at + 10 + bounty.kind] = 1.0
            out[at + 15] = bounty.points / 5
    base += LINE * _BOUNTY
    for p in range(n):
        at = base + ((p - me) % n) * _SEAT
        out[at] = (view.vp[p] + sum(table_of(view).bounties[b].points for b in view.completed[p])) / 20
        for k in range(4):
            out[at + 1 + k] = float(view.carried[p * 4 + k])
        out[at + 5] = view.carried_rubble[p] / 3
        out[at + 6] = len(view.squads[p]) / 3
        out[at + 7] = float(view.out[p])
        out[at + 8] = len(view.hands[p]) / 4
        out[at + 9] = len(view.gear[p]) / 4
        out[at + 10] = len(view.completed[p]) / 10
    base += MAX_PLAYERS * _SEAT
    for c in view.hands[me]:
        out[base + c] = 1.0
    base += len(VEHICLES)
    for g in view.gear[me]:
        out[base + g] = 1.0
    base += len(GEAR)
    for b in view.hidden[me]:
        out[base + b] = 1.0
    base += len(BOUNTIES)
    out[base + _PHASES.index(view.phase)] = 1.0
    base += len(_PHASES)
    out[base] = view.ap / 15
    out[base + 1] = 1.0 if view.decider == me and view.phase is not Phase.OVER else 0.0
    out[base + 2] = view.turn / 200

