"""A turn (the seed's "Como se Juega"): play a Vehicle, resolve it (distraction, actions, ability),
refill the hand; the choices of a leader and of a Location; and the hunt's decisions.

Every decision has a reason function (why it is not legal now, or None) and a rule (what it does
to the working copy); ``rules.py`` puts them in the engine's table.
"""

from __future__ import annotations

from typing import Any, Callable

from wasteland.core.deck import draw_reshuffling
from wasteland.core.records import put
from wasteland.terror_below.actions import (
    Claim, Clear, Deliver, Draw, Enter, Extra, Hide, Lead, Leap, Move, Pass, PickUp, Play, Revive, Stash, Steer, Use,
)
from wasteland.terror_below.card_set import table_of
from wasteland.terror_below.attack import (
    claim as claim_bounty, hunt_bounties, next_hunter, refill, shift, step_toward, tied_steps, usable_in_hunt,
)
from wasteland.terror_below.cards import (
    BOARD, CANYON, CELLS, CHARACTERS, GEAR, GOVERNMENT, HOSPITAL, LINE, LOCATION_AT, LOCATIONS, MOTEL, NONE,
    POLICE, STORE, cell_name,
)
from wasteland.terror_below.scoring import (
    carry_limit, check_win, draw_gear, finish, finish_by_standings, gain, hand_limit, leader_kind, say, solo_check,
    wears,
)
from wasteland.terror_below.state import (
    Attack, EndActions, EndTurn, Ending, NextTurn, Phase, State, Wait, Work,
)

__all__ = [
    "moves", "leaps", "clears", "deliveries", "own_turn_uses", "hunt_uses", "stashes", "extras", "plays",
    "revivals", "claims", "steers", "REASONS", "DOS", "end_actions", "end_turn", "next_turn", "blocked", "steps_of",
    "KINDS",
]

Table = State | Work


def blocked(s: Table, a: int, b: int) -> bool:
    """A canyon lies between cells ``a`` and ``b`` (the Canyon side only)."""
    return s.options.side == "canyon" and (a, b) in CANYON


#: Each cell's neighbours that a pawn may step to, in the board's order (ascending): on the Desert
#: side every orthogonal neighbour, on the Canyon side those no canyon lies between.
_OPEN_STEPS: tuple[tuple[int, ...], ...] = BOARD.adjacent
_CANYON_STEPS: tuple[tuple[int, ...], ...] = tuple(
    tuple(c for c in BOARD.adjacent[a] if (a, c) not in CANYON) for a in range(CELLS))
assert all(list(near) == sorted(near) for near in _OPEN_STEPS)  # the listing relies on it


def steps_of(s: Table) -> tuple[tuple[int, ...], ...]:
    """Each cell's neighbours a pawn may step to on the side of the board this table plays."""
    return _CANYON_STEPS if s.options.side == "canyon" else _OPEN_STEPS


#: The kind of each gear card, by id.
KINDS: tuple[str, ...] = tuple(g.kind for g in GEAR)


# -- what may be done now (for the reasons and for legal_actions) -----------------------------------

def moves(s: Table) -> dict[int, int]:
    """Cell → action points: a free cell beside the pawn (1), or a free cell reached through the
    cells of other pawns, 1 point a step (the seed: a pawn may enter or pass through a space
    holding another player's pawn, never end its move there); never into rubble or across a
    canyon, never more steps than the points left."""
    here = s.pawns[s.active]
    pawns, rubble, steps = s.pawns, s.rubble, steps_of(s)
    out: dict[int, int] = {}
    through: list[int] = []  # the cells of other pawns one step away
    for c in steps[here]:
        if rubble[c]:
            continue
        if c in pawns:
            through.append(c)
        else:
            out[c] = 1
    if not through or s.ap < 2:
        return out
    seen = {here, *through, *out}
    cost = 1
    while through and cost < s.ap:  # breadth first: a cell is first reached by its fewest steps
        cost += 1
        beyond: list[int] = []
        for f in through:
            for c in steps[f]:
                if c in seen or rubble[c]:
                    continue
                seen.add(c)
                if c in pawns:
                    beyond.append(c)
                else:
                    out[c] = cost
        through = beyond
    return out


def leaps(s: Table) -> tuple[int, ...]:
    pawns, rubble, steps = s.pawns, s.rubble, steps_of(s)
    here = pawns[s.active]
    found: set[int] = set()
    for c in steps[here]:
        if c in pawns:
            found.update(d for d in steps[c] if d != here and not rubble[d] and d not in pawns)
    return tuple(sorted(found))


def clears(s: Table) -> tuple[int, ...]:
    here, rubble = s.pawns[s.active], s.rubble
    return tuple(c for c in steps_of(s)[here] if rubble[c])


def _matches(s: Table, b: int, colour: int, location: int) -> bool:
    bounty = table_of(s).bounties[b]
    return not bounty.hunt and bounty.colour == colour and bounty.location in (NONE, location)


def deliveries(s: Table) -> tuple[tuple[int, int], ...]:
    """(colour, bounty or NONE) for every egg that may be delivered here."""
    p = s.active
    location = LOCATION_AT[s.pawns[p]]
    if location == NONE:
        return ()
    out = []
    for colour in range(4):
        if s.carried[p * 4 + colour]:
            out.append((colour, NONE))
            out.extend((colour, b) for b in (*s.line, *s.hidden[p]) if b >= 0 and _matches(s, b, colour, location))
    return tuple(out)


def _adjacent_rubble(s: Table) -> bool:
    here, rubble = s.pawns[s.active], s.rubble
    return any(rubble[c] for c in BOARD.adjacent[here])


#: What each gear card allows on its holder's own turn, by id (not gained this turn): nothing
#: (Weapons, shields), always (Hats, Nitro, Medkit), with rubble beside the pawn (Crowbar), with a
#: bounty deck (Map), a shot at another player's Hat (Pistol).
_NEVER, _ALWAYS, _CROWBAR, _MAP, _PISTOL = range(5)
_OWN_TURN: tuple[int, ...] = tuple(
    {"hat_speed": _ALWAYS, "hat_armor": _ALWAYS, "nitro": _ALWAYS, "medkit": _ALWAYS, "crowbar": _CROWBAR,
     "map": _MAP, "pistol": _PISTOL}.get(kind, _NEVER) for kind in KINDS)


def _hats(s: Table, p: int) -> list[int]:
    """The players other than ``p`` who wear a Hat (a Pistol's targets)."""
    return [q for q in range(s.options.players)
            if q != p and any(KINDS[g].startswith("hat") for g in s.worn[q])]


def own_turn_uses(s: Table) -> tuple[tuple[int, int], ...]:
    """(gear, target) usable on one's own turn: Items (not gained this turn), the Pistol's shot."""
    p = s.active
    held, worn = s.gear[p], s.worn[p]
    if not held and not worn:
        return ()
    out: list[tuple[int, int]] = []
    fresh = s.fresh[p]
    hats: list[int] | None = None  # found once, for the first Pistol
    for g in held:
        use = _OWN_TURN[g]
        if use == _NEVER or g in fresh:
            continue
        if use == _ALWAYS or use == _CROWBAR and _adjacent_rubble(s) or use == _MAP and s.bounty_deck:
            out.append((g, NONE))
        elif use == _PISTOL:
            hats = _hats(s, p) if hats is None else hats
            out += [(g, q) for q in hats]
    for g in worn:
        if _OWN_TURN[g] == _PISTOL:
            hats = _hats(s, p) if hats is None else hats
            out += [(g, q) for q in hats]
    return tuple(out)


def revivals(s: Table) -> tuple[int, ...]:
    """The dead characters of the active player's squad, one of whom may come back."""
    return tuple(sorted(s.dead[s.active]))


def claims(s: Table) -> tuple[int, ...]:
    """The hunting bounties the killing blow may complete (line and hidden, matching the Worm)."""
    if not 0 <= s.slot < 3 or s.worms[s.slot] < 0 or not 0 <= s.killer < s.options.players:
        return ()
    return tuple(sorted(hunt_bounties(s, s.killer, table_of(s).worms[s.worms[s.slot]].kind)))


def steers(s: Table) -> tuple[int, ...]:
    """The two cells equally close to the active pawn where the next Target to steer may go."""
    if not s.steer or not 0 <= s.steer[0] < 3:
        return ()
    return tied_steps(s.targets[s.steer[0]], s.pawns[s.active])


def hunt_uses(s: Table) -> tuple[int, ...]:
    return usable_in_hunt(s, s.decider)


def plays(s: Table) -> tuple[tuple[int, int], ...]:
    limits = table_of(s).worms
    worms, under = s.worms, s.under
    open_slots = [k for k in range(3) if worms[k] != NONE and len(under[k]) < limits[worms[k]].limit]
    if not open_slots:
        return ()
    return tuple([(card, k) for card in sorted(s.hands[s.active]) for k in open_slots])


def extras(s: Table) -> tuple[int, ...]:
    return tuple(sorted(c for c in s.hands[s.active] if table_of(s).vehicles[c].ap < 7))


def stashes(s: Table) -> tuple[tuple[int, int], ...]:
    return plays(s)


# -- the reasons ---------------------------------------------------------------------------------

def _phase(s: State, *phases: Phase) -> str | None:
    if s.phase not in phases:
        return f"that is not a decision now: the game waits for {s.phase.value}"
    return None


def lead_reason(s: State, a: Lead) -> str | None:
    return _phase(s, Phase.LEAD) or (None if a.character in s.squads[s.decider]
                                     else f"character {a.character} is not in your squad")


def enter_reason(s: State, a: Enter) -> str | None:
    if (why := _phase(s, Phase.ENTER)) is not None:
        return why
    if not 0 <= a.location < len(LOCATIONS):
        return "a Location is 0-4 (store, motel, police, government, hospital)"
    return f"another pawn is on {cell_name(LOCATIONS[a.location])}" if LOCATIONS[a.location] in s.pawns else None


def play_reason(s: State, a: Play) -> str | None:
    if (why := _phase(s, Phase.PLAY)) is not None:
        return why
    if a.card not in s.hands[s.active]:
        return f"vehicle {a.card} is not in your hand"
    if not 0 <= a.slot < 3 or s.worms[a.slot] == NONE or \
            len(s.under[a.slot]) >= table_of(s).worms[s.worms[a.slot]].limit:  # the slots ``plays`` lists
        return "that Worm is missing or at its card limit"
    return None


def extra_reason(s: State, a: Extra) -> str | None:
    return _phase(s, Phase.EXTRA) or (None if a.card in extras(s) else "not a Vehicle of your hand below 7 AP")


def stash_reason(s: State, a: Stash) -> str | None:
    return _phase(s, Phase.STASH) or (None if (a.card, a.slot) in stashes(s)
                                      else "not a Vehicle of your hand and a Worm below its limit")


def pass_reason(s: State, a: Pass) -> str | None:
    return _phase(s, Phase.ACT, Phase.EXTRA, Phase.STASH, Phase.HUNT)


def move_reason(s: State, a: Move) -> str | None:
    if (why := _phase(s, Phase.ACT)) is not None:
        return why
    here, cell = s.pawns[s.active], a.cell
    if cell in steps_of(s)[here] and cell not in s.pawns and not s.rubble[cell]:
        return None  # one step to a free cell: the first cells ``moves`` finds
    return None if cell in moves(s) else "no move reaches that cell now"


def leap_reason(s: State, a: Leap) -> str | None:
    return _phase(s, Phase.ACT) or (None if a.cell in leaps(s) else "no leapfrog lands on that cell")


def clear_reason(s: State, a: Clear) -> str | None:
    return _phase(s, Phase.ACT) or (None if a.cell in clears(s) else "no rubble next to you there")


def pickup_reason(s: State, a: PickUp) -> str | None:
    if (why := _phase(s, Phase.ACT)) is not None:
        return why
    here = s.pawns[s.active]
    return None if any(s.eggs[here * 4:here * 4 + 4]) else "there is no egg on your cell"


def deliver_reason(s: State, a: Deliver) -> str | None:
    return _phase(s, Phase.ACT) or (None if (a.colour, a.bounty) in deliveries(s)
                                    else "you cannot deliver that egg for that bounty here")


def use_reason(s: State, a: Use) -> str | None:
    if (why := _phase(s, Phase.ACT, Phase.HUNT)) is not None:
        return why
    if s.phase is Phase.HUNT:
        return None if a.target == NONE and a.gear in hunt_uses(s) else "not a Weapon or shield you may use now"
    return None if (a.gear, a.target) in own_turn_uses(s) else "not an Item you may use now (or no such target)"


def draw_reason(s: State, a: Draw) -> str | None:
    if (why := _phase(s, Phase.DRAW)) is not None:
        return why
    return None if (s.weapon_deck if a.weapon else s.item_deck) else "that deck is empty"


def revive_reason(s: State, a: Revive) -> str | None:
    return _phase(s, Phase.REVIVE) or (None if a.character in revivals(s)
                                       else f"character {a.character} is not a dead character of your squad")


def claim_reason(s: State, a: Claim) -> str | None:
    return _phase(s, Phase.CLAIM) or (None if a.bounty in claims(s)
                                      else f"bounty {a.bounty} is not a hunting bounty this kill may complete")


def steer_reason(s: State, a: Steer) -> str | None:
    return _phase(s, Phase.STEER) or (None if a.cell in steers(s)
                                      else "that cell is not one of the two equally close to your pawn")


def hide_reason(s: State, a: Hide) -> str | None:
    if (why := _phase(s, Phase.HIDE)) is not None:
        return why
    if a.slot == LINE:
        return None if s.bounty_deck else "the bounty deck is empty"
    return None if 0 <= a.slot < LINE and s.line[a.slot] != NONE else "no bounty in that slot of the line"


# -- the rules -----------------------------------------------------------------------------------

def _start_turn(w: Work) -> None:
    w.phase = Phase.ENTER if w.pawns[w.active] == NONE else Phase.PLAY
    w.decider = w.active


def lead(w: Work, a: Lead) -> None:
    p = w.decider
    w.squads = put(w.squads, p, (a.character, *(c for c in w.squads[p] if c != a.character)))
    say(w, f"player {p} leads with {CHARACTERS[a.character].name}")
    if w.leaders_due:
        w.decider, w.leaders_due = w.leaders_due[0], w.leaders_due[1:]
    elif w.turn == 0:  # setup: the pawns, from the last player backwards
        w.phase = Phase.ENTER
        w.decider = (w.active - 1) % w.options.players
    else:
        w.stack.pop()  # back to the attack


_PLACES = ("General Store", "Motel", "State Police", "Government Facility", "Hospital")


def enter(w: Work, a: Enter) -> None:
    p = w.decider
    w.pawns = put(w.pawns, p, LOCATIONS[a.location])
    say(w, f"player {p} enters at the {_PLACES[a.location]}")
    if w.turn == 0:
        if p != w.active:
            w.decider = (p - 1) % w.options.players
            return
        w.turn = 1
    _start_turn(w)
    w.phase = Phase.PLAY


def _remove(hand: tuple[int, ...], card: int) -> tuple[int, ...]:
    return tuple(c for c in hand if c != card)


def play(w: Work, a: Play) -> None:
    p = w.active
    v = table_of(w).vehicles[a.card]
    w.hands = put(w.hands, p, _remove(w.hands[p], a.card))
    w.under = put(w.under, a.slot, (*w.under[a.slot], a.card))
    w.owners = put(w.owners, a.slot, (*w.owners[a.slot], NONE))
    before = w.targets[a.slot]
    w.targets = put(w.targets, a.slot, shift(before, v.arrows))
    w.ap = v.ap + (1 if leader_kind(w, p) == "runner" else 0) + (1 if wears(w, p, "hat_speed") else 0)
    w.vehicle, w.slot, w.bonus = a.card, a.slot, False
    say(w, f"player {p} plays the {v.name} (v{a.card}, {v.ap} AP) under Worm {a.slot + 1}: its Target "
           f"{cell_name(before)} → {cell_name(w.targets[a.slot])}")
    w.phase = Phase.ACT
    if v.timing == "before" and v.ability != "boots":
        _automatic_ability(w, v.ability, v.name)
    if v.timing == "before" and v.ability == "boots" and extras(w) and not _over(w):
        w.phase = Phase.EXTRA


def extra(w: Work, a: Extra) -> None:
    p = w.active
    w.hands = put(w.hands, p, _remove(w.hands[p], a.card))
    w.vehicle_discard = (*w.vehicle_discard, a.card)
    w.ap += table_of(w).vehicles[a.card].ap
    v = table_of(w).vehicles[a.card]
    say(w, f"player {p} adds the {v.name} (v{a.card}) for {v.ap} more AP")
    w.phase = Phase.ACT


def stash(w: Work, a: Stash) -> None:
    p = w.active
    w.hands = put(w.hands, p, _remove(w.hands[p], a.card))
    w.under = put(w.under, a.slot, (*w.under[a.slot], a.card))
    w.owners = put(w.owners, a.slot, (*w.owners[a.slot], p))
    say(w, f"player {p} places a Vehicle face down under Worm {a.slot + 1}")
    w.stack.pop()


def _over(w: Work) -> bool:
    return w.phase is Phase.OVER


def _spend(w: Work, cost: int) -> None:
    w.ap -= cost
    if w.ap <= 0 and w.phase is Phase.ACT:
        _actions_over(w)


def _back_to_actions(w: Work) -> None:
    """Back to the active player's actions after a choice that took the turn aside; they are
    over at once when no action point is left."""
    w.phase = Phase.ACT
    if w.ap <= 0:
        _actions_over(w)


def _actions_over(w: Work) -> None:
    w.ap = 0
    w.stack.pop()  # the Wait of the turn
    w.stack.append(EndActions())


def pass_(w: Work, a: Pass) -> None:
    if w.phase is Phase.ACT:
        say(w, f"player {w.active} ends the actions")
        _actions_over(w)
    elif w.phase is Phase.EXTRA:
        w.phase = Phase.ACT
    elif w.phase is Phase.STASH:
        w.stack.pop()
    else:  # HUNT
        w.hunters = w.hunters[1:]
        w.stack.pop()
        next_hunter(w)


def move(w: Work, a: Move) -> None:
    here, cell = w.pawns[w.active], a.cell
    # one step to a free cell costs 1 (the first cells ``moves`` finds); a farther one, its search
    cost = 1 if cell in steps_of(w)[here] and cell not in w.pawns and not w.rubble[cell] else moves(w)[cell]
    say(w, f"player {w.active} moves {cell_name(w.pawns[w.active])} → {cell_name(a.cell)}")
    w.pawns = put(w.pawns, w.active, a.cell)
    _spend(w, cost)


def leap(w: Work, a: Leap) -> None:
    say(w, f"player {w.active} leapfrogs {cell_name(w.pawns[w.active])} → {cell_name(a.cell)}")
    w.pawns = put(w.pawns, w.active, a.cell)
    _spend(w, 1)


def clear(w: Work, a: Clear) -> None:
    p = w.active
    w.rubble = put(w.rubble, a.cell, w.rubble[a.cell] - 1)
    w.carried_rubble = put(w.carried_rubble, p, w.carried_rubble[p] + 1)
    say(w, f"player {p} clears rubble from {cell_name(a.cell)}")
    if w.carried_rubble[p] >= carry_limit(w, p):
        w.rubble_supply += w.carried_rubble[p]
        w.carried_rubble = put(w.carried_rubble, p, 0)
        say(w, f"player {p} returns the rubble to the supply")
        if w.item_deck and w.weapon_deck:
            w.phase = Phase.DRAW
        elif w.item_deck or w.weapon_deck:
            draw_gear(w, p, bool(w.weapon_deck))
    _spend(w, 1)


def pickup(w: Work, a: PickUp) -> None:
    p, here = w.active, w.pawns[w.active]
    carried, eggs = list(w.carried), list(w.eggs)
    for colour in range(4):
        carried[p * 4 + colour] += eggs[here * 4 + colour]
        eggs[here * 4 + colour] = 0
    w.carried, w.eggs = tuple(carried), tuple(eggs)
    say(w, f"player {p} picks up the eggs on {cell_name(here)}; the actions end")
    _actions_over(w)


def _bring_back(w: Work, p: int, back: int) -> None:
    w.dead = put(w.dead, p, _remove(w.dead[p], back))
    w.squads = put(w.squads, p, (*w.squads[p], back))
    say(w, f"player {p} revives {CHARACTERS[back].name}")


def _revive(w: Work, p: int) -> bool:
    """A dead character of ``p``'s squad comes back under the leader (the player chooses which when
    more than one lies dead: phase ``revive``); False when none is dead."""
    if not w.dead[p]:
        return False
    if len(w.dead[p]) == 1:
        _bring_back(w, p, w.dead[p][0])
    else:
        w.phase = Phase.REVIVE
    return True


def revive(w: Work, a: Revive) -> None:
    _bring_back(w, w.active, a.character)
    _back_to_actions(w)


def claim(w: Work, a: Claim) -> None:
    claim_bounty(w, w.decider, a.bounty)
    if w.phase is not Phase.OVER:
        w.stack.pop()  # back to the attack: the Worm retires


def steer(w: Work, a: Steer) -> None:
    slot, w.steer = w.steer[0], w.steer[1:]
    say(w, f"player {w.active} draws the Target of Worm {slot + 1} to {cell_name(a.cell)}")
    w.targets = put(w.targets, slot, a.cell)
    if w.steer:
        return
    if table_of(w).vehicles[w.vehicle].timing == "before":
        w.phase = Phase.ACT  # the actions follow
    else:
        w.stack.pop()  # the end of the turn follows


def deliver(w: Work, a: Deliver) -> None:
    p = w.active
    location = LOCATION_AT[w.pawns[p]]
    w.carried = put(w.carried, p * 4 + a.colour, w.carried[p * 4 + a.colour] - 1)
    w.egg_supply = put(w.egg_supply, a.colour, w.egg_supply[a.colour] + 1)
    w.delivered = put(w.delivered, p, w.delivered[p] + 1)
    if a.bounty == NONE:
        gain(w, p, 2 if leader_kind(w, p) == "courier" else 1, "an egg delivered")
    else:
        if a.bounty in w.line:
            refill(w, w.line.index(a.bounty))
        else:
            w.hidden = put(w.hidden, p, _remove(w.hidden[p], a.bounty))
        w.completed = put(w.completed, p, (*w.completed[p], a.bounty))
        say(w, f"player {p} completes bounty b{a.bounty} ({table_of(w).bounties[a.bounty].points} points)")
        check_win(w, p)
    if _over(w):
        return
    solo_check(w)
    if _over(w):
        return
    if not w.bonus:
        w.bonus = True
        if location == STORE:
            draw_gear(w, p, False)
        elif location == POLICE:
            draw_gear(w, p, True)
        elif location == MOTEL:
            gain(w, p, 1, "the Motel's bonus")
        elif location == HOSPITAL:
            if _revive(w, p) and leader_kind(w, p) == "medic":
                gain(w, p, 1, "a medic at the Hospital")
        elif location == GOVERNMENT and (w.bounty_deck or any(b != NONE for b in w.line)):
            w.phase = Phase.HIDE
    if not _over(w):
        _spend(w, 1)


def hide(w: Work, a: Hide) -> None:
    p = w.active
    if a.slot == LINE:
        b, w.bounty_deck = w.bounty_deck[0], w.bounty_deck[1:]
    else:
        b = w.line[a.slot]
        refill(w, a.slot)
    w.hidden = put(w.hidden, p, (*w.hidden[p], b))
    say(w, f"player {p} takes a hidden bounty from the {'deck' if a.slot == LINE else 'line'}")
    _back_to_actions(w)


def draw(w: Work, a: Draw) -> None:
    draw_gear(w, w.active, a.weapon)
    _back_to_actions(w)


def use(w: Work, a: Use) -> None:
    if w.phase is Phase.HUNT:
        _hunt_with(w, a.gear)
        return
    p = w.active
    card = GEAR[a.gear]
    if card.kind == "pistol":
        hats = [g for g in w.worn[a.target] if GEAR[g].kind.startswith("hat")]
        w.worn = put(w.worn, a.target, tuple(g for g in w.worn[a.target] if g not in hats))
        w.gear_discard = (*w.gear_discard, *hats)
        if a.gear in w.gear[p]:
            w.gear = put(w.gear, p, _remove(w.gear[p], a.gear))
            w.worn = put(w.worn, p, (*w.worn[p], a.gear))
        say(w, f"player {p} shoots the Hat off player {a.target} with the Pistol (g{a.gear})")
        return
    w.gear = put(w.gear, p, _remove(w.gear[p], a.gear))
    say(w, f"player {p} uses the {card.name} (g{a.gear})")
    if card.kind.startswith("hat"):
        old = [g for g in w.worn[p] if GEAR[g].kind.startswith("hat")]
        w.gear_discard = (*w.gear_discard, *old)
        w.worn = put(w.worn, p, (*(g for g in w.worn[p] if g not in old), a.gear))
        if card.kind == "hat_speed":
            w.ap += 1
        return
    w.gear_discard = (*w.gear_discard, a.gear)
    if card.kind == "nitro":
        w.ap += 2
        gain(w, p, 1, "Nitro")
    elif card.kind == "crowbar":
        here = w.pawns[p]
        rubble = list(w.rubble)
        for c in BOARD.adjacent[here]:
            w.rubble_supply += rubble[c]
            rubble[c] = 0
        w.rubble = tuple(rubble)
        gain(w, p, 1, "the Crowbar")
    elif card.kind == "map":
        w.hidden = put(w.hidden, p, (*w.hidden[p], w.bounty_deck[0]))
        w.bounty_deck = w.bounty_deck[1:]
    elif card.kind == "medkit":
        if not _revive(w, p):
            gain(w, p, 1, "a Medkit with nobody to revive")


def _hunt_with(w: Work, g: int) -> None:
    p = w.decider
    card = GEAR[g]
    w.used = (*w.used, g)
    if g in w.gear[p]:
        w.gear = put(w.gear, p, _remove(w.gear[p], g))
        if card.kept:
            w.worn = put(w.worn, p, (*w.worn[p], g))
        else:
            w.gear_discard = (*w.gear_discard, g)
    if card.kind == "shield":
        w.safe = (*w.safe, p)
        say(w, f"player {p} hides behind the {card.name} (g{g})")
    else:
        hit = card.damage + (1 if leader_kind(w, p) == "bruiser" else 0)
        w.damage += hit
        say(w, f"player {p} hunts with the {card.name} (g{g}): {hit} damage, {w.damage} in all")
        if w.damage >= table_of(w).worms[w.worms[w.slot]].health:
            w.killer = p
            w.hunters = ()
            w.stack.pop()
            return
    if p in w.safe or not usable_in_hunt(w, p):
        w.hunters = w.hunters[1:]
        w.stack.pop()
        next_hunter(w)


# -- the automatic steps ---------------------------------------------------------------------------

def end_actions(w: Work, _: EndActions) -> None:
    """The Vehicle's ability when it comes after the actions, then the end of the turn."""
    p = w.active
    v = table_of(w).vehicles[w.vehicle]
    w.stack.append(EndTurn())
    if v.timing != "after":
        return
    if v.ability == "bicycle" and stashes(w) and w.hands[p]:
        w.phase = Phase.STASH
        w.decider = p
        w.stack.append(Wait())
    else:
        _automatic_ability(w, v.ability, v.name)
        if w.steer and w.phase is not Phase.OVER:
            w.decider = p
            w.stack.append(Wait())


def _draw_closer(w: Work, slots: tuple[int, ...], here: int) -> None:
    """The Targets of ``slots`` 1 closer to the pawn on ``here``; one with two cells equally close
    waits for the player's choice (``steer``, phase ``steer``)."""
    for k in slots:
        t = w.targets[k]
        if t == NONE:
            continue
        if tied_steps(t, here):
            w.steer = (*w.steer, k)
        else:
            w.targets = put(w.targets, k, step_toward(t, here))
    if w.steer:
        w.phase = Phase.STEER


def _automatic_ability(w: Work, ability: str, name: str) -> None:
    """An ability, before or after the actions as its card says: one that asks nothing, or one that
    leaves the choice of a Target's cell to the player (phase ``steer``)."""
    p = w.active
    here = w.pawns[p]
    if ability == "motorcycle" and here != NONE:
        say(w, f"the {name} draws every Target 1 closer")
        _draw_closer(w, (0, 1, 2), here)
    elif ability == "lure" and here != NONE and w.targets[w.slot] != NONE:
        say(w, f"the {name} lures the Target of Worm {w.slot + 1} 1 closer")
        _draw_closer(w, (w.slot,), here)
    elif ability in ("item", "weapon"):
        draw_gear(w, p, ability == "weapon")
    elif ability == "vp":
        gain(w, p, 1, f"the {name}")
    elif ability == "toll":
        gain(w, p, -1, f"the {name}'s toll")
    elif ability == "spill" and here != NONE and LOCATION_AT[here] == NONE:
        colour = next((c for c in range(4) if w.carried[p * 4 + c]), NONE)
        if colour != NONE:
            w.carried = put(w.carried, p * 4 + colour, w.carried[p * 4 + colour] - 1)
            w.eggs = put(w.eggs, here * 4 + colour, w.eggs[here * 4 + colour] + 1)
            say(w, f"player {p} spills an egg on {cell_name(here)}")


def end_turn(w: Work, _: EndTurn) -> None:
    """Refill the hand, then each Worm at its card limit attacks (slot order), then the next turn."""
    p = w.active
    need = hand_limit(w, p) - len(w.hands[p])
    if need > 0:
        drawn, w.vehicle_deck, w.vehicle_discard, w.rng = draw_reshuffling(w.vehicle_deck, w.vehicle_discard, need,
                                                                           w.rng)
        w.hands = put(w.hands, p, (*w.hands[p], *drawn))
    if w.fresh[p]:
        w.fresh = put(w.fresh, p, ())
    w.ap, w.vehicle, w.bonus = 0, NONE, False
    w.stack.append(NextTurn())
    for k in (2, 1, 0):
        if w.worms[k] != NONE and len(w.under[k]) >= table_of(w).worms[w.worms[k]].limit:
            w.stack.append(Attack(k))


def next_turn(w: Work, _: NextTurn) -> None:
    n = w.options.players
    if NONE in w.worms and not w.worm_deck:
        if n == 1:
            finish(w, (), Ending.SOLO_WORMS, "game over: the Worm deck is spent; the solo game is lost")
        else:
            finish_by_standings(w, Ending.WORMS_SPENT, "the Worm deck is spent")
        return
    if w.final != NONE:
        nxt = next(((w.active + k) % n for k in range(1, n + 1) if w.final >> ((w.active + k) % n) & 1), NONE)
        if nxt == NONE:
            finish_by_standings(w, Ending.LAST_TURN, "the last turns are over")
            return
        w.final &= ~(1 << nxt)
    else:
        nxt = next((w.active + k) % n for k in range(1, n + 1) if not w.out[(w.active + k) % n])
    w.active = nxt
    w.turn += 1
    _start_turn(w)
    w.stack.append(Wait())


REASONS: dict[type, Callable[[State, Any], str | None]] = {
    Lead: lead_reason, Enter: enter_reason, Play: play_reason, Extra: extra_reason, Stash: stash_reason,
    Pass: pass_reason, Move: move_reason, Leap: leap_reason, Clear: clear_reason, PickUp: pickup_reason,
    Deliver: deliver_reason, Use: use_reason, Draw: draw_reason, Hide: hide_reason, Revive: revive_reason,
    Claim: claim_reason, Steer: steer_reason,
}
DOS: dict[type, Callable[[Work, Any], None]] = {
    Lead: lead, Enter: enter, Play: play, Extra: extra, Stash: stash, Pass: pass_, Move: move, Leap: leap,
    Clear: clear, PickUp: pickup, Deliver: deliver, Use: use, Draw: draw, Hide: hide, Revive: revive, Claim: claim,
    Steer: steer,
}
