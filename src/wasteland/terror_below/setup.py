"""Options and the table at the start (the seed's "Preparar" and "Configuración").

The decks are shuffled; 4 bounties go face up; each player gets 1 Item and 1 Weapon (hidden), 3
Vehicles and 3 Characters; the 4 starter Worms (and 1/2/3 more for 3/4/5 players) attack at their
start coordinates (effects left on the stack, played by ``new_game``) and go to the discard; 3
Worms fill the Terror zone with their Targets. The first player is drawn (*design*: "who last
defeated a worm" is not something the table knows); each player chooses a leader, from the first
player on, then the pawns go on distinct Locations from the last player backwards.

Solo is set up as for 2 players with one squad, without the Queens and the "Not for Solo" cards.
"""

from __future__ import annotations

from wasteland.core.game import ConfigError, check_options, short
from wasteland.core.rng import Rng
from wasteland.terror_below.card_set import card_table, read_card_set
from wasteland.terror_below.cards import (
    BOUNTIES, CELLS, CHARACTERS, EGGS_PER_COLOUR, GEAR, HAND, ITEMS, LINE, NONE, RUBBLE, SCENARIOS, SIDES, SQUAD,
    VEHICLES, cell,
)
from wasteland.terror_below.state import MAX_GOAL, Effect, Options, Phase, State, Strike, Wait

__all__ = ["make_options", "initial_state", "PLAYER_COUNTS", "in_play"]

PLAYER_COUNTS = (1, 2, 3, 4, 5)


def make_options(*, players: int = 2, side: str = "desert", scenario: str | None = None,
                 cards: object = None, goal: int = 0) -> Options:
    """The options of a new game; ConfigError lists the allowed values. ``scenario`` is for solo
    only (default ``boomtown``); ``cards`` plain JSON data of one's own cards (``card_set.py``);
    ``goal`` a solo goal of one's own, 1 to ``MAX_GOAL``, of what the scenario counts (VP, eggs
    delivered or Worms defeated) in place of its designed goal (0, the default)."""
    check_options("players", players, PLAYER_COUNTS)
    check_options("side", side, SIDES)
    if scenario is not None:
        if players != 1:
            raise ConfigError(f"a scenario is a solo objective: players must be 1, got {short(players)}")
        check_options("scenario", scenario, tuple(SCENARIOS))
    if type(goal) is not int or not 0 <= goal <= MAX_GOAL:
        raise ConfigError(f"goal must be a whole number from 1 to {MAX_GOAL} (0: the scenario's own), "
                          f"got {short(goal)}")
    if goal and players != 1:
        raise ConfigError(f"a goal is a solo objective's: players must be 1, got {short(players)}")
    return Options(players=players, side=side, scenario=(scenario or "boomtown") if players == 1 else "",
                   cards=read_card_set(cards), goal=goal)


def in_play(options: Options) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """The Worm, gear and Character ids in the game, and the starters (solo: no Queen, nothing
    marked "Not for Solo")."""
    table = card_table(options.cards).worms
    if options.players != 1:  # every card of the set
        return (tuple(range(len(table))), tuple(range(len(GEAR))), tuple(range(len(CHARACTERS))),
                tuple(i for i, w in enumerate(table) if w.starter))
    worms = tuple(i for i, w in enumerate(table) if w.solo)
    gear = tuple(i for i, g in enumerate(GEAR) if g.solo)
    characters = tuple(i for i, c in enumerate(CHARACTERS) if c.solo)
    starters = tuple(i for i in worms if table[i].starter)
    return worms, gear, characters, starters


def initial_state(seed: int, options: Options) -> State:
    """The table before the first decision; the setup attacks wait on the stack."""
    n = options.players
    rng = Rng.from_seed(seed)
    worm_ids, gear_ids, character_ids, starters = in_play(options)
    worms = card_table(options.cards).worms
    worm_deck, rng = rng.shuffle([w for w in worm_ids if not worms[w].starter])
    vehicles, rng = rng.shuffle(range(len(VEHICLES)))
    items, rng = rng.shuffle([g for g in gear_ids if g < len(ITEMS)])
    weapons, rng = rng.shuffle([g for g in gear_ids if g >= len(ITEMS)])
    bounties, rng = rng.shuffle(range(len(BOUNTIES)))
    characters, rng = rng.shuffle(character_ids)
    first, rng = rng.below(n)
    extra = max(0, n - 2)
    strikes = (*starters, *worm_deck[:extra])
    zone = worm_deck[extra:extra + 3]
    deck = worm_deck[extra + 3:]
    targets = tuple(cell(*worms[w].start) for w in zone)
    hands = tuple(vehicles[p * HAND:(p + 1) * HAND] for p in range(n))
    gear = tuple((items[p], weapons[p]) for p in range(n))
    squads = tuple(characters[p * SQUAD:(p + 1) * SQUAD] for p in range(n))
    order = tuple((first + k) % n for k in range(n))
    stack: tuple[Effect, ...] = (Wait(), *(Strike(w) for w in reversed(strikes)))  # the strikes first, then the leaders
    empty: tuple[tuple[int, ...], ...] = ((),) * n
    return State(
        options=options, phase=Phase.LEAD, active=first, decider=first, turn=0,
        worm_deck=deck, worms=zone, targets=targets, under=((), (), ()), owners=((), (), ()), worm_discard=(),
        vehicle_deck=vehicles[n * HAND:], hands=hands, vehicle_discard=(),
        item_deck=items[n:], weapon_deck=weapons[n:], gear=gear, worn=empty, fresh=empty, gear_discard=(),
        bounty_deck=bounties[LINE:], line=bounties[:LINE], hidden=empty, completed=empty,
        squads=squads, dead=empty, box=characters[n * SQUAD:],
        pawns=(NONE,) * n, rubble=(0,) * CELLS, eggs=(0,) * (CELLS * 4), carried=(0,) * (n * 4),
        carried_rubble=(0,) * n, egg_supply=(EGGS_PER_COLOUR,) * 4, rubble_supply=RUBBLE,
        vp=(0,) * n, kills=(0,) * n, delivered=(0,) * n, ap=0, vehicle=NONE, slot=NONE, bonus=False,
        hunters=(), caught=(), safe=(), used=(), damage=0, killer=NONE, leaders_due=order[1:], steer=(),
        out=(False,) * n, final=NONE, winners=(), ending="",
        stack=stack, events=(), rng=rng, viewer=None,
    )
