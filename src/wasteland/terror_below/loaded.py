"""What a table or a view read from a file may hold (the codec runs these checks on every State
and Options it reads; ``rules`` registers them).

Each check raises ValueError naming the first thing wrong, which the codec turns into one
``CodecError`` line: every Worm, Vehicle, gear card, Bounty and Character of the game in exactly
one place and within its id range (a view hides only where ``view`` hides), the eggs and the
rubble counted within the box's numbers, every seat, slot, cell and counter within the options
and the rules' bounds, the stack's effects in range, a killer choosing its bounty among two or
more, and, in rules, a decision with an answer.
A field is checked on its own line, so a new field is a new line.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import chain

from wasteland.core.rng import HIDDEN_RNG
from wasteland.terror_below.attack import hunt_bounties
from wasteland.terror_below.card_set import read_card_set, card_set_data, table_of
from wasteland.terror_below.cards import (
    BOUNTIES, CARRY, CELLS, EGGS_PER_COLOUR, GEAR, HAND, HIDDEN, ITEMS, LINE, NONE, RUBBLE, RUBBLE_CAP,
    SCENARIOS, SIDES, VEHICLES,
)
from wasteland.terror_below.setup import PLAYER_COUNTS, in_play, make_options
from wasteland.terror_below.state import (
    COUNT_LIMIT, TURN_LIMIT, Attack, EndActions, EndTurn, Ending, NextTurn, Options, Phase, Resolve, Retire, State,
    Strike, Wait,
)

__all__ = ["check_options", "check_state", "check_view", "TURN_LIMIT", "COUNT_LIMIT"]

def check_options(options: Options) -> None:
    """Options read from a file are what ``make_options`` makes of them (a card set of one's own
    passes the reader's checks of its plain data)."""
    if options.players not in PLAYER_COUNTS or options.side not in SIDES:
        raise ValueError(f"players run from 1 to 5 and the side is one of {', '.join(SIDES)}")
    if options.players == 1 and options.scenario not in SCENARIOS:
        raise ValueError(f"a solo game's scenario is one of {', '.join(SCENARIOS)}")
    cards = None if options.cards is None else read_card_set(card_set_data(options.cards))
    again = make_options(players=options.players, side=options.side,
                         scenario=options.scenario if options.players == 1 else None, cards=cards,
                         goal=options.goal)
    if again != options:
        raise ValueError("the options do not read back as new_game would make them")


#: The members of each member, in order (the cards of every hand), read in C.
_flat = chain.from_iterable
#: What ``ending`` may say: nothing (a game in play) or one of the game's endings.
_ENDINGS = ("", *(e.value for e in Ending))


def _per_seat(state: State, rows: tuple[object, ...], what: str) -> None:
    if len(rows) != state.options.players:
        raise ValueError(f"{what} holds one entry per player")


def _once(cards: Iterable[int], ids: Sequence[int], what: str, *, view: bool) -> None:
    """``cards`` (HIDDEN allowed in a view) are ``ids`` (ascending, each once) each exactly once."""
    placed = list(cards)
    known = [c for c in placed if c != HIDDEN] if view else placed
    seen = set(known)
    if len(seen) != len(known) or not _among(seen, ids):
        raise ValueError(f"{what} ids are those of the game, each in one place")
    if len(placed) != len(ids):
        raise ValueError(f"every {what} card is in exactly one place")


def _among(seen: set[int], ids: Sequence[int]) -> bool:
    """Whether every id ``seen`` is one of ``ids`` (ascending, each once: the ids of a game): by
    the least and the greatest when the ids run without a gap (a game of more than one player)."""
    if not seen or not ids:
        return not seen
    if ids[-1] - ids[0] + 1 == len(ids):
        return ids[0] <= min(seen) and max(seen) <= ids[-1]
    return seen.issubset(ids)


def _within(cards: tuple[int, ...], low: int, high: int) -> bool:
    """Whether every card is an id from ``low`` to ``high`` - 1, or HIDDEN (the least and the
    greatest looked at first, in C)."""
    return not cards or low <= min(cards) and max(cards) < high or all(
        c == HIDDEN or low <= c < high for c in cards)


def _counts(values: tuple[int, ...], size: int, high: int, what: str) -> None:
    if len(values) != size or values and not (0 <= min(values) and max(values) <= high):
        raise ValueError(f"{what} holds {size} counts from 0 to {high}")


def check_state(state: State) -> None:
    """ValueError naming the first thing wrong with a table or view read from a file."""
    worm_ids, gear_ids, character_ids, _ = in_play(state.options)
    _check_worms(state, worm_ids)
    _check_vehicles(state)
    _check_items_and_weapons(state, gear_ids)
    _check_bounties(state)
    _check_characters(state, character_ids)
    _check_board(state)
    _check_scores(state)
    _check_attack(state)
    _check_waiting(state, worm_ids)


def _check_worms(state: State, worm_ids: tuple[int, ...]) -> None:
    """Each Worm of the game once (deck, zone, discard, a setup strike); Targets on the board; no more
    Vehicles under a Worm than its limit."""
    view = state.viewer is not None
    worms = table_of(state).worms
    if len(state.worms) != 3 or len(state.targets) != 3 or len(state.under) != 3 or len(state.owners) != 3:
        raise ValueError("the Terror zone has 3 slots: worms, targets, under and owners hold 3 each")
    strikes = [e.worm for e in state.stack if type(e) is Strike]
    _once((*state.worm_deck, *(w for w in state.worms if w != NONE), *state.worm_discard, *strikes), worm_ids,
          "Worm", view=view)
    if HIDDEN in (*state.worms, *state.worm_discard, *strikes):
        raise ValueError("only the Worm deck hides its cards")
    if not all(t == NONE or 0 <= t < CELLS for t in state.targets):
        raise ValueError("a Target is off the board")
    for w, u in zip(state.worms, state.under):
        if w == NONE and u or w != NONE and len(u) > worms[w].limit:
            raise ValueError("more Vehicles under a Worm than its card limit")


def _check_vehicles(state: State) -> None:
    """Each Vehicle once (deck, hands, under the Worms, discard); who placed each card under a Worm;
    the Vehicle and slot played."""
    view = state.viewer is not None
    _per_seat(state, state.hands, "hands")
    if not all(len(h) <= HAND + 1 for h in state.hands):
        raise ValueError(f"a hand holds {HAND + 1} Vehicles at most")
    under = list(_flat(state.under))
    _once((*state.vehicle_deck, *_flat(state.hands), *under, *state.vehicle_discard),
          range(len(VEHICLES)), "Vehicle", view=view)
    if HIDDEN in state.vehicle_discard:
        raise ValueError("the Vehicle discard is face up")
    if [len(o) for o in state.owners] != [len(u) for u in state.under]:
        raise ValueError("owners names who placed each card under a Worm")
    for u, owners in zip(state.under, state.owners):
        for c, o in zip(u, owners):
            if c == HIDDEN and o in (NONE, state.viewer):
                raise ValueError("a view hides only the face-down Vehicles others placed")


def _check_items_and_weapons(state: State, gear_ids: tuple[int, ...]) -> None:
    """Each Item and Weapon of the game once (decks, held, worn, discard); the gear new this turn the
    last a seat drew."""
    view = state.viewer is not None
    for what, rows in (("gear", state.gear), ("worn", state.worn), ("fresh", state.fresh)):
        _per_seat(state, rows, what)
    _once((*state.item_deck, *state.weapon_deck, *_flat(state.gear),
           *_flat(state.worn), *state.gear_discard), gear_ids, "Item and Weapon", view=view)
    if not _within(state.item_deck, 0, len(ITEMS)):
        raise ValueError("the Item deck holds Items only")
    if not _within(state.weapon_deck, len(ITEMS), len(GEAR)):
        raise ValueError("the Weapon deck holds Weapons only")
    if HIDDEN in (*state.gear_discard, *_flat(state.worn)):
        raise ValueError("worn gear and the gear discard are face up")
    for held, fresh in zip(state.gear, state.fresh):
        if fresh and tuple(held[len(held) - len(fresh):]) != fresh:
            raise ValueError("the gear new this turn is the last drawn of a seat's gear")


def _check_bounties(state: State) -> None:
    """Each Bounty once (deck, line, hidden, completed); the line's 4 slots face up."""
    view = state.viewer is not None
    for what, rows in (("hidden", state.hidden), ("completed", state.completed)):
        _per_seat(state, rows, what)
    if len(state.line) != LINE:
        raise ValueError(f"the bounty line has {LINE} slots")
    _once((*state.bounty_deck, *(b for b in state.line if b != NONE), *_flat(state.hidden),
           *_flat(state.completed)), range(len(BOUNTIES)), "Bounty", view=view)
    if HIDDEN in (*state.line, *_flat(state.completed)):
        raise ValueError("the bounty line and the completed bounties are face up")


def _check_characters(state: State, character_ids: tuple[int, ...]) -> None:
    """Each Character of the game once (squads, dead, box)."""
    view = state.viewer is not None
    for what, rows in (("squads", state.squads), ("dead", state.dead)):
        _per_seat(state, rows, what)
    _once((*_flat(state.squads), *_flat(state.dead), *state.box), character_ids,
          "Character", view=view)
    if HIDDEN in (*_flat(state.squads), *_flat(state.dead)):
        raise ValueError("squads and the dead are face up")


def _check_board(state: State) -> None:
    """The board: pawns (one a cell), rubble, eggs."""
    n = state.options.players
    _per_seat(state, state.pawns, "pawns")
    placed = [c for c in state.pawns if c != NONE]
    if len(set(placed)) != len(placed):
        raise ValueError("two pawns stand on one cell")
    _counts(state.rubble, CELLS, RUBBLE_CAP, "rubble")
    _counts(state.carried_rubble, n, CARRY, "carried_rubble")
    if not 0 <= state.rubble_supply <= RUBBLE \
            or sum(state.rubble) + sum(state.carried_rubble) + state.rubble_supply > RUBBLE:
        raise ValueError(f"the rubble on the board, carried and in the supply is {RUBBLE} pieces at most")
    _counts(state.eggs, CELLS * 4, EGGS_PER_COLOUR, "eggs")
    _counts(state.carried, n * 4, EGGS_PER_COLOUR, "carried")
    _counts(state.egg_supply, 4, EGGS_PER_COLOUR, "egg_supply")
    for colour in range(4):
        if (sum(state.eggs[colour::4]) + sum(state.carried[colour::4]) + state.egg_supply[colour]
                > EGGS_PER_COLOUR):
            raise ValueError(f"there are {EGGS_PER_COLOUR} eggs of each colour")


def _check_scores(state: State) -> None:
    """VP tokens, Worms defeated and eggs delivered per seat, action points and damage, in bounds."""
    n = state.options.players
    for what, values in (("vp", state.vp), ("kills", state.kills), ("delivered", state.delivered)):
        _counts(values, n, COUNT_LIMIT, what)


def _check_attack(state: State) -> None:
    """The seats of the attack in progress and of the end, the last-turn mask, the ending; then who
    decides."""
    n = state.options.players
    for what, seats in (("hunters", state.hunters), ("caught", state.caught), ("safe", state.safe),
                        ("leaders_due", state.leaders_due), ("winners", state.winners)):
        if len(set(seats)) != len(seats):
            raise ValueError(f"{what} names a seat twice")
    if len(set(state.steer)) != len(state.steer) or not all(0 <= k < 3 and state.targets[k] != NONE
                                                            for k in state.steer):
        raise ValueError("steer names each slot with a Target once at most")
    if bool(state.steer) != (state.phase is Phase.STEER):
        raise ValueError("slots wait to be steered exactly while the game waits for a steer")
    _per_seat(state, state.out, "out")
    if not (state.final == NONE or 0 <= state.final < 1 << n):
        raise ValueError("final holds a bit per seat")
    if state.ending not in _ENDINGS or (state.ending != "") != (state.phase is Phase.OVER):
        raise ValueError("a finished game, and only a finished one, names one of the game's endings")
    if state.final != NONE and any(state.final >> p & 1 for p in range(n) if state.out[p]):
        raise ValueError("only a seat still in has a last turn to take")
    _check_turn(state)


def _check_waiting(state: State, worm_ids: tuple[int, ...]) -> None:
    """The stack (a Wait on top while the game runs) and, in a view, what it hides."""
    view = state.viewer is not None
    _check_stack(state, worm_ids)
    if view:
        check_view(state)


def _check_turn(state: State) -> None:
    """Who is out and who decides agree with the phase."""
    n = state.options.players
    for p in range(n):
        if state.out[p] != (not state.squads[p]):
            raise ValueError("a seat is out exactly when its whole squad is dead")
    if state.phase is Phase.OVER:
        return
    if all(state.out):
        raise ValueError("a game in play has a seat still in")
    if state.phase in (Phase.PLAY, Phase.EXTRA, Phase.ACT, Phase.DRAW, Phase.HIDE, Phase.STASH, Phase.REVIVE,
                       Phase.STEER) and (state.decider != state.active or state.out[state.active]):
        raise ValueError("the active player decides on their own turn, and is still in")
    if state.phase is Phase.CLAIM and (state.killer != state.decider or not 0 <= state.slot < 3
                                       or state.worms[state.slot] == NONE):
        raise ValueError("the killing blow's bounty is chosen by the killer, for the Worm of the attack")
    if state.phase is Phase.CLAIM and state.viewer in (None, state.killer):
        _check_claim(state)
    if state.phase is Phase.HUNT and (not state.hunters or state.hunters[0] != state.decider
                                      or not set(state.hunters) <= set(state.caught)):
        raise ValueError("in a hunt the first of the caught players still hunting decides")
    if state.out[state.decider]:
        raise ValueError("a seat that is out decides nothing")


def _check_claim(state: State) -> None:
    """A killer chooses its bounty only among two or more hunting bounties its kill completes (the
    rules complete a single one at once): on the table, or in the killer's own view (another seat's
    view hides the killer's bounties, which ``determinize`` deals so that the choice stays open)."""
    kind = table_of(state).worms[state.worms[state.slot]].kind
    if len(hunt_bounties(state, state.killer, kind)) < 2:
        raise ValueError("a killer chooses its bounty among two or more hunting bounties its kill completes")


def _check_stack(state: State, worm_ids: tuple[int, ...]) -> None:
    for position, effect in enumerate(state.stack):
        if type(effect) is Strike and effect.worm not in worm_ids:
            raise ValueError("a setup attack names a Worm not in the game")
        if type(effect) is Wait and position != len(state.stack) - 1:
            raise ValueError("a pending decision is always on top of the stack")
        if type(effect) not in (Wait, EndActions, EndTurn, NextTurn, Attack, Resolve, Retire, Strike):
            raise ValueError("the stack holds an effect the game does not know")
    if state.phase is Phase.OVER:
        if state.stack:
            raise ValueError("a finished game has nothing left to resolve")
    elif not state.stack or type(state.stack[-1]) is not Wait:
        raise ValueError("a table in play waits for a decision: a Wait on top of the stack")


def check_view(state: State) -> None:
    """ValueError unless a view hides what ``view`` hides: every deck, the box, the other seats'
    hands, gear, gear new this turn and hidden bounties, and shows no generator."""
    seat = state.viewer
    if seat is None:
        raise ValueError("the table is not a view")
    for what, pile in (("worm_deck", state.worm_deck), ("vehicle_deck", state.vehicle_deck),
                       ("item_deck", state.item_deck), ("weapon_deck", state.weapon_deck),
                       ("bounty_deck", state.bounty_deck), ("box", state.box)):
        if any(c != HIDDEN for c in pile):
            raise ValueError(f"a view hides the {what}")
    for what, rows in (("hands", state.hands), ("gear", state.gear), ("fresh", state.fresh),
                       ("hidden", state.hidden)):
        for p, row in enumerate(rows):
            if HIDDEN in row if p == seat else any(c != HIDDEN for c in row):
                raise ValueError(f"a view hides the others' {what} and shows its seat's own")
    for u, owners in zip(state.under, state.owners):
        for c, o in zip(u, owners):
            if (c == HIDDEN) != (o not in (NONE, seat)):
                raise ValueError("a view hides exactly the face-down Vehicles others placed")
    if state.rng != HIDDEN_RNG:
        raise ValueError("a view shows no generator")
