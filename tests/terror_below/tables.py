"""Hand-built tables for the rules tests: a game past its setup, then the fields a test sets."""

from __future__ import annotations

from typing import Any

from wasteland.core.records import replace
from wasteland.terror_below import Deliver, Pass, Play, Use, apply, legal_actions, new_game
from wasteland.terror_below.cards import (
    BOUNTIES, CELLS, EGGS_PER_COLOUR, GEAR, HOSPITAL, ITEMS, LOCATIONS, NONE, RUBBLE, VEHICLES, WORMS, cell,
)
from wasteland.terror_below.setup import in_play
from wasteland.terror_below.rules import ENGINE
from wasteland.terror_below.state import Attack, Effect, EndTurn, Phase, State, Wait, Work


def started(players: int = 2, seed: int = 1, **options: Any) -> State:
    """A new game with every leader chosen and every pawn placed (the first legal choices)."""
    state = new_game(seed, players=players, **options)
    while state.phase in (Phase.LEAD, Phase.ENTER):
        state = apply(state, legal_actions(state)[0])
    return state


def table(players: int = 2, seed: int = 1, **changes: Any) -> State:
    """A started game on an empty board (no rubble, no eggs, pawns off the board unless given),
    player 0 to play, squads whose leaders change no rule the tests look at (hand of 4, courier,
    scrapper...), then ``changes``."""
    state = started(players, seed)
    squads = ((0, 3, 6), (8, 11, 14), (12, 4, 7), (1, 9, 10), (2, 5, 13))[:players]
    base: dict[str, Any] = dict(
        squads=squads, dead=((),) * players,
        rubble=(0,) * CELLS, eggs=(0,) * (CELLS * 4), pawns=(NONE,) * players, active=0, decider=0,
        phase=Phase.PLAY, stack=(Wait(),), events=(),
    )
    base.update(changes)
    return replace(state, **base)


def at(column: int, row: int) -> int:
    return cell(column, row)


def run(state: State, *effects: Effect) -> State:
    """``effects`` played by the driver on a working copy of ``state`` (the first given runs first)."""
    work: Any = Work(state)
    work.events = []
    work.stack = list(reversed(effects))
    ENGINE.driver.run(work)
    finished: State = work.finish()
    return finished


def acting(state: State, ap: int, vehicle: int = 0, slot: int = 0) -> State:
    """``state`` with its active player spending ``ap`` action points of ``vehicle`` (under ``slot``)."""
    from_play = replace(state, phase=Phase.ACT, ap=ap, vehicle=vehicle, slot=slot, decider=state.active)
    return from_play


def rubble(**cells: int) -> tuple[int, ...]:
    out = [0] * CELLS
    for name, n in cells.items():
        out["abcdef".index(name[0]) + (int(name[1]) - 1) * 6] = n
    return tuple(out)


def tidy(state: State) -> State:
    """``state`` with every card the test placed (Worms in the zone, Vehicles in hands and under the
    Worms, gear held or worn, bounties in the line, hidden or completed, characters in squads or
    dead) taken out of the decks and
    discards it is also in, the cards placed nowhere put back in their decks, and the supplies of
    eggs and rubble counting what the board and the seats do not: a table the loader accepts."""
    worm_ids, gear_ids, character_ids, _ = in_play(state.options)
    placed_c = {c for h in (*state.squads, *state.dead) for c in h}
    zone = {w for w in state.worms if w != NONE}
    discard = tuple(w for w in state.worm_discard if w not in zone)
    worm_deck = tuple(w for w in worm_ids if w not in zone and w not in discard)
    placed_v = {c for h in (*state.hands, *state.under) for c in h}
    v_discard = tuple(c for c in state.vehicle_discard if c not in placed_v)
    v_deck = tuple(c for c in range(len(VEHICLES)) if c not in placed_v and c not in v_discard)
    placed_g = {g for h in (*state.gear, *state.worn) for g in h}
    g_discard = tuple(g for g in state.gear_discard if g not in placed_g)
    rest = [g for g in gear_ids if g not in placed_g and g not in g_discard]
    placed_b = {b for b in state.line if b != NONE} | {b for h in (*state.hidden, *state.completed) for b in h}
    eggs = tuple(EGGS_PER_COLOUR - sum(state.eggs[k::4]) - sum(state.carried[k::4]) for k in range(4))
    return replace(
        state, worm_deck=worm_deck, worm_discard=discard, vehicle_deck=v_deck, vehicle_discard=v_discard,
        item_deck=tuple(g for g in rest if g < len(ITEMS)), weapon_deck=tuple(g for g in rest if g >= len(ITEMS)),
        gear_discard=g_discard, bounty_deck=tuple(b for b in range(len(BOUNTIES)) if b not in placed_b),
        box=tuple(c for c in character_ids if c not in placed_c), egg_supply=eggs,
        rubble_supply=RUBBLE - sum(state.rubble) - sum(state.carried_rubble),
    )


def decisions() -> dict[str, State]:
    """A hand-made table waiting for each decision random play seldom reaches: which dead character
    the Hospital revives, which of two matching hunting bounties the killing blow completes, and
    which of two cells equally close a Motorcycle draws a Target to."""
    out: dict[str, State] = {}
    base = started()
    leader, second, third = base.squads[0]
    revive = acting(table(squads=((leader,), base.squads[1]), dead=((second, third), ()),
                          pawns=(LOCATIONS[HOSPITAL], at(6, 6)), carried=(1, 0, 0, 0, 0, 0, 0, 0)), 3)
    out["revive"] = apply(tidy(revive), Deliver(0, NONE))
    worm = next(i for i, w in enumerate(WORMS) if not w.starter and w.kind == 0 and w.health == 3)
    rifle = next(i for i, g in enumerate(GEAR) if g.name == "Rifle")
    hunts = [b for b, x in enumerate(BOUNTIES) if x.hunt and x.kind in (NONE, 0)]
    plain = [b for b, x in enumerate(BOUNTIES) if not x.hunt]
    limit = WORMS[worm].limit
    attack = table(pawns=(at(3, 2), at(6, 6)), worms=(worm, *table().worms[1:]),
                   targets=(at(3, 3), at(6, 6), at(6, 6)), under=(tuple(range(27, 27 + limit)), (), ()),
                   owners=((NONE,) * limit, (), ()),
                   gear=((rifle,), ()), line=(hunts[0], *plain[:3]), hidden=((hunts[-1],), ()),
                   hands=((0, 1, 2), (3, 4, 5)))
    out["claim"] = apply(run(tidy(attack), Attack(0), EndTurn()), Use(rifle, NONE))
    motorcycle = next(i for i, v in enumerate(VEHICLES) if v.ability == "motorcycle" and v.arrows == "RU")
    steer = table(pawns=(at(3, 3), at(6, 6)), hands=((motorcycle, 0, 1), (2, 3, 4)),
                  targets=(at(5, 5), at(1, 1), at(5, 1)))
    out["steer"] = apply(apply(tidy(steer), Play(motorcycle, 1)), Pass())
    return out
