"""Worm attacks (the seed's "Ataque de gusano", "Cazando un gusano", "Derrotar a un gusano", "Muerte").

A Worm holding as many Vehicles as its card limit attacks between turns: its face-down Vehicles
are revealed and their arrows resolved in the order played; an egg of its colour goes on the
Target (the Queen: rubble in the centre and an egg of each colour around it); rubble on the
shaded cells, at most 2 a cell, never on a Location or off the board; an egg that would land on
a Location is placed after the rubble where the red (column) and blue (row) dice say, rolled
again while they name a Location. Pawns on the cells of the attack are caught (a pawn in a
Location only if the Target is exactly there). The caught hunt in order from the last player to
take a turn; damage adding up to the Worm's health defeats it (the killing blow scores); otherwise
every caught leader dies. The Worm is discarded with its Vehicles and replaced.
"""

from __future__ import annotations

from wasteland.core.dice import roll
from wasteland.core.records import put
from wasteland.terror_below.card_set import table_of
from wasteland.terror_below.cards import (
    ARROWS, BLUE_DIE, GEAR, LOCATION_AT, NONE, RED_DIE, RUBBLE_CAP, SIZE, Bounty,
    WORM_TYPES, cell, cell_name,
)
from wasteland.terror_below.scoring import check_win, finish, gain, leader_kind, say, solo_lost
from wasteland.terror_below.state import Attack, Ending, Phase, Resolve, Retire, State, Strike, Wait, Work

__all__ = ["shift", "strike", "attack", "resolve", "retire", "do_strike", "usable_in_hunt", "next_hunter", "die",
           "step_toward", "tied_steps", "hunt_bounties", "claim", "roll_off_locations", "refill"]


def shift(target: int, arrows: str) -> int:
    """The Target after ``arrows``, left to right; a step that would leave the board is skipped."""
    for a in arrows:
        row, column = divmod(target, SIZE)
        if a == "U" and row > 0 or a == "D" and row < SIZE - 1:
            target += ARROWS[a]
        elif a == "L" and column > 0 or a == "R" and column < SIZE - 1:
            target += ARROWS[a]
    return target


def step_toward(target: int, goal: int) -> int:
    """The Target one cell closer to ``goal``: along the longer gap (*design*: the cell nearest
    ``goal`` as the crow flies); on a tie, the step along the rows (the player chooses at the
    table: ``tied_steps``)."""
    tr, tc = divmod(target, SIZE)
    gr, gc = divmod(goal, SIZE)
    if (tr, tc) == (gr, gc):
        return target
    if abs(gr - tr) >= abs(gc - tc):
        return target + (SIZE if gr > tr else -SIZE)
    return target + (1 if gc > tc else -1)


def tied_steps(target: int, goal: int) -> tuple[int, ...]:
    """The two cells 1 closer to ``goal`` when ``target`` is as many rows as columns away from it
    (the seed's Motorcycle: "you choose when there is a tie"), the row's step first; else ()."""
    if target == NONE or goal == NONE:
        return ()
    tr, tc = divmod(target, SIZE)
    gr, gc = divmod(goal, SIZE)
    if abs(gr - tr) != abs(gc - tc) or gr == tr:
        return ()
    return target + (SIZE if gr > tr else -SIZE), target + (1 if gc > tc else -1)


def _offset(target: int, dr: int, dc: int) -> int:
    row, column = divmod(target, SIZE)
    r, c = row + dr, column + dc
    return r * SIZE + c if 0 <= r < SIZE and 0 <= c < SIZE else NONE


def roll_off_locations(w: Work) -> int:
    """The cell the red (column) and blue (row) dice name, rolled again while it is a Location."""
    while True:
        column, w.rng = roll(RED_DIE, w.rng)
        row, w.rng = roll(BLUE_DIE, w.rng)
        at = cell(column, row)
        say(w, f"the dice put the egg on {cell_name(at)}")
        if LOCATION_AT[at] == NONE:
            return at


def _place_egg(w: Work, at: int, colour: int) -> int:
    """An egg of ``colour`` at ``at`` or, on a Location or off the board, where the dice say; the
    cell, or NONE when the supply of that colour is empty."""
    if w.egg_supply[colour] == 0:
        return NONE
    if at == NONE or LOCATION_AT[at] != NONE:
        at = roll_off_locations(w)
    w.egg_supply = put(w.egg_supply, colour, w.egg_supply[colour] - 1)
    w.eggs = put(w.eggs, at * 4 + colour, w.eggs[at * 4 + colour] + 1)
    return at


def strike(w: Work, worm: int, target: int) -> set[int]:
    """Worm ``worm`` strikes at ``target``: eggs and rubble placed; the cells of the attack."""
    card = table_of(w).worms[worm]
    cells = {target}
    late: list[tuple[int, int]] = []  # eggs rolled for after the rubble
    for dr, dc, colour in card.eggs:
        at = _offset(target, dr, dc)
        if at == NONE or LOCATION_AT[at] != NONE:
            late.append((at, colour))
        else:
            _place_egg(w, at, colour)
            cells.add(at)
    for dr, dc in card.pattern:
        at = _offset(target, dr, dc)
        if at == NONE or LOCATION_AT[at] != NONE:
            continue
        cells.add(at)
        if w.rubble[at] < RUBBLE_CAP and w.rubble_supply > 0:
            w.rubble = put(w.rubble, at, w.rubble[at] + 1)
            w.rubble_supply -= 1
    for at, colour in late:
        placed = _place_egg(w, at, colour)
        if placed != NONE:
            cells.add(placed)
    return cells


def do_strike(w: Work, effect: Strike) -> None:
    """A setup attack at the Worm's start coordinates; nobody is on the board yet."""
    card = table_of(w).worms[effect.worm]
    strike(w, effect.worm, cell(*card.start))
    w.worm_discard = (*w.worm_discard, effect.worm)
    say(w, f"setup: {card.name} strikes at {cell_name(cell(*card.start))}")


def usable_in_hunt(w: State | Work, p: int) -> tuple[int, ...]:
    """The gear ``p`` may use in this attack: held Weapons and shields, kept Weapons not yet used."""
    held = tuple(g for g in w.gear[p] if GEAR[g].weapon or GEAR[g].kind == "shield")
    kept = tuple(g for g in w.worn[p] if GEAR[g].weapon and g not in w.used)
    return held + kept


def next_hunter(w: Work) -> None:
    """The next caught player with something to use decides; with none left, the hunt is over."""
    while w.hunters and (w.hunters[0] in w.safe or not usable_in_hunt(w, w.hunters[0])):
        w.hunters = w.hunters[1:]
    if w.hunters:
        w.phase = Phase.HUNT
        w.decider = w.hunters[0]
        w.stack.append(Wait())


def attack(w: Work, effect: Attack) -> None:
    slot = effect.slot
    worm = w.worms[slot]
    if worm == NONE or len(w.under[slot]) < table_of(w).worms[worm].limit:
        return
    card = table_of(w).worms[worm]
    for v, owner in zip(w.under[slot], w.owners[slot]):
        if owner != NONE:
            w.targets = put(w.targets, slot, shift(w.targets[slot], table_of(w).vehicles[v].arrows))
            say(w, f"the face-down {table_of(w).vehicles[v].name} (v{v}) under Worm {slot + 1} moves its Target")
    w.owners = put(w.owners, slot, (NONE,) * len(w.under[slot]))
    target = w.targets[slot]
    say(w, f"{card.name} (Worm {slot + 1}) attacks at {cell_name(target)}")
    cells = strike(w, worm, target)
    n = w.options.players
    caught = []
    for k in range(n):
        p = (w.active + k) % n  # the last player to take a turn hunts first
        at = w.pawns[p]
        if at == NONE or w.out[p] or at not in cells:
            continue
        if LOCATION_AT[at] != NONE and at != target:
            continue
        if leader_kind(w, p) == "dodger" and at != target:
            continue
        caught.append(p)
    w.caught, w.hunters, w.safe, w.used = tuple(caught), tuple(caught), (), ()
    w.damage, w.killer, w.slot = 0, NONE, slot
    if caught:
        say(w, "caught: " + ", ".join(f"player {p}" for p in caught))
        w.stack.append(Resolve(slot))
        next_hunter(w)
    else:
        w.stack.append(Retire(slot))


def completes(bounty: Bounty, kind: int) -> bool:
    """Whether the killing blow on a Worm of type ``kind`` may complete ``bounty``: a hunting
    bounty that names that type or any Worm."""
    return bounty.hunt and bounty.kind in (NONE, kind)


def hunt_bounties(w: State | Work, p: int, kind: int) -> tuple[int, ...]:
    """The hunting bounties ``p`` may complete for a Worm of type ``kind``: those of the line, then
    ``p``'s hidden ones (those a view shows), that name its type or any Worm."""
    bounties = table_of(w).bounties
    return tuple(b for b in (*w.line, *w.hidden[p]) if b >= 0 and completes(bounties[b], kind))


def refill(w: Work, i: int) -> None:
    """Slot ``i`` of the bounty line takes the deck's top bounty (NONE when the deck is empty)."""
    deck = w.bounty_deck
    w.line = put(w.line, i, deck[0] if deck else NONE)
    w.bounty_deck = deck[1:]


def claim(w: Work, p: int, b: int) -> None:
    """``p``'s killing blow completes hunting bounty ``b`` (the line refilled), then a hunter's
    extra VP."""
    if b in w.line:
        refill(w, w.line.index(b))
    else:
        w.hidden = put(w.hidden, p, tuple(x for x in w.hidden[p] if x != b))
    w.completed = put(w.completed, p, (*w.completed[p], b))
    kind = table_of(w).bounties[b].kind
    say(w, f"player {p} completes a hunting bounty for {'any Worm' if kind == NONE else WORM_TYPES[kind]} "
           f"(b{b}, {table_of(w).bounties[b].points} points)")
    check_win(w, p)
    if w.phase is not Phase.OVER and leader_kind(w, p) == "hunter":
        gain(w, p, 1, "a hunter's kill")


def die(w: Work, p: int) -> None:
    """``p``'s leader dies: what it carries dropped, its face-up gear discarded, the pawn removed."""
    at = w.pawns[p]
    on_location = LOCATION_AT[at] != NONE
    carried, eggs = list(w.carried), list(w.eggs)
    for colour in range(4):
        k = carried[p * 4 + colour]
        carried[p * 4 + colour] = 0
        if on_location:  # no egg on a Location: each is rolled for, as an egg a Worm drops there (*design*)
            for _ in range(k):
                eggs[roll_off_locations(w) * 4 + colour] += 1
        else:
            eggs[at * 4 + colour] += k
    w.carried, w.eggs = tuple(carried), tuple(eggs)
    k = w.carried_rubble[p]
    w.carried_rubble = put(w.carried_rubble, p, 0)
    room = 0 if on_location else max(0, RUBBLE_CAP - w.rubble[at])
    w.rubble = put(w.rubble, at, w.rubble[at] + min(k, room))
    w.rubble_supply += k - min(k, room)
    w.gear_discard = (*w.gear_discard, *w.worn[p])
    w.worn = put(w.worn, p, ())
    w.pawns = put(w.pawns, p, NONE)
    leader, *rest = w.squads[p]
    w.dead = put(w.dead, p, (*w.dead[p], leader))
    w.squads = put(w.squads, p, tuple(rest))
    say(w, f"player {p}'s leader dies")
    if len(rest) > 1:
        w.leaders_due = (*w.leaders_due, p)
    elif not rest:
        w.out = put(w.out, p, True)
        say(w, f"player {p}'s whole squad is dead: player {p} is out")
        if w.options.players == 1:
            finish(w, (), Ending.SOLO_SQUAD, "game over: the squad is gone; the solo game is lost")
        elif w.final == NONE:
            w.final = sum(1 << q for q in range(w.options.players) if not w.out[q])
            say(w, "every other player takes one last turn")
        else:
            w.final &= ~(1 << p)


def resolve(w: Work, effect: Resolve) -> None:
    slot = effect.slot
    worm = w.worms[slot]
    card = table_of(w).worms[worm]
    w.hunters = ()
    w.stack.append(Retire(slot))
    if w.damage >= card.health and w.killer != NONE:
        p = w.killer
        w.kills = put(w.kills, p, w.kills[p] + 1)
        say(w, f"player {p} deals the killing blow: {card.name} is defeated")
        matching = hunt_bounties(w, p, card.kind)
        if len(matching) > 1:  # the killer chooses which (one bounty a kill)
            w.phase = Phase.CLAIM
            w.decider = p
            w.stack.append(Wait())
        elif matching:
            claim(w, p, matching[0])
        else:
            gain(w, p, 1, "the killing blow")
            if w.phase is not Phase.OVER and leader_kind(w, p) == "hunter":
                gain(w, p, 1, "a hunter's kill")
        return
    for p in w.caught:
        if p in w.safe:
            say(w, f"player {p}'s leader is shielded")
            continue
        hat = next((g for g in w.worn[p] if GEAR[g].kind == "hat_armor"), NONE)
        if hat != NONE:
            w.worn = put(w.worn, p, tuple(g for g in w.worn[p] if g != hat))
            w.gear_discard = (*w.gear_discard, hat)
            say(w, f"player {p}'s Hard hat is lost instead of the leader")
            continue
        die(w, p)
        if w.phase is Phase.OVER:
            return
    if w.leaders_due:
        w.phase = Phase.LEAD
        w.decider, w.leaders_due = w.leaders_due[0], w.leaders_due[1:]
        w.stack.append(Wait())


def retire(w: Work, effect: Retire) -> None:
    slot = effect.slot
    worm = w.worms[slot]
    w.vehicle_discard = (*w.vehicle_discard, *w.under[slot])
    w.under, w.owners = put(w.under, slot, ()), put(w.owners, slot, ())
    w.worm_discard = (*w.worm_discard, worm)
    w.worms, w.targets = put(w.worms, slot, NONE), put(w.targets, slot, NONE)
    w.caught, w.safe, w.used, w.damage, w.killer = (), (), (), 0, NONE
    if w.options.players == 1 and solo_lost(w):
        finish(w, (), Ending.SOLO_WORMS, "game over: 15 Worms are in the discard; the solo game is lost")
        return
    if w.worm_deck:
        new, w.worm_deck = w.worm_deck[0], w.worm_deck[1:]
        w.worms = put(w.worms, slot, new)
        w.targets = put(w.targets, slot, cell(*table_of(w).worms[new].start))
        say(w, f"{table_of(w).worms[new].name} takes slot {slot + 1}, its Target on {cell_name(w.targets[slot])}")
    else:
        say(w, f"the Worm deck is empty: slot {slot + 1} stays empty")

