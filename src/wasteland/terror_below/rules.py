"""The contract's rules: the engine's table of reasons and rules, the driver's effects, the end.

Everything passes through the engine (``wasteland.core.engine``): ``RULES`` says for each action
when it is legal and what it does (``turn.py``); the attacks and the turn's automatic steps are
effects on the stack (``attack.py``, ``turn.py``); a ``Wait`` on top of the stack is a pending
decision of ``decider`` in ``phase``.
"""

from __future__ import annotations

from typing import Any, Callable

from wasteland.core.bounds import Bounds, check_loaded
from wasteland.core.driver import Driver
from wasteland.core.engine import Engine, Rule
from wasteland.core.game import Outcome
from wasteland.terror_below.actions import (
    ACTION_TYPES, Action, Claim, Clear, Deliver, Draw, Enter, Extra, Hide, Lead, Leap, Move, Pass, PickUp, Play,
    Revive, Stash, Steer, Use, MAX_PLAYERS, action_count, decode, notation,
)
from wasteland.terror_below.attack import attack, do_strike, resolve, retire
from wasteland.terror_below.card_set import table_of
from wasteland.terror_below.cards import CELLS, GEAR, LINE, LOCATION_AT, LOCATIONS, NONE, VEHICLES
from wasteland.terror_below.loaded import check_options, check_state
from wasteland.terror_below.scoring import points
from wasteland.terror_below.setup import initial_state, make_options
from wasteland.terror_below.state import (
    Attack, EndActions, EndTurn, NextTurn, Options, Phase, Resolve, Retire, State, Strike, Wait, Work,
)
from wasteland.terror_below.turn import (
    DOS, moves as move_targets, REASONS, claims, deliveries, end_actions, end_turn, extras, hunt_uses, leaps,
    next_turn, own_turn_uses, revivals, stashes, steers, steps_of,
)

__all__ = [
    "ENGINE", "RULES", "new_game", "current_player", "legal_actions", "moves", "apply", "outcome", "returns",
    "num_players",
    "parse", "action_from_id", "max_decisions", "score",
]

RULES: dict[type, Rule[State, Work, Any]] = {t: Rule(REASONS[t], DOS[t]) for t in ACTION_TYPES}


def ready(state: State) -> bool:
    return state.phase is Phase.OVER or bool(state.stack) and type(state.stack[-1]) is Wait


def over(state: State) -> bool:
    return state.phase is Phase.OVER


#: The actions of the act phase made once (records that never change, shared by every list): a
#: listing picks them by index instead of building a record per action at every decision.
_MOVES = tuple(Move(c) for c in range(CELLS))
_LEAPS = tuple(Leap(c) for c in range(CELLS))
_CLEARS = tuple(Clear(c) for c in range(CELLS))
_PASS, _PICK_UP = Pass(), PickUp()
#: Play(card, slot) for every Vehicle and Worm slot.
_PLAYS = tuple(tuple(Play(v, k) for k in range(3)) for v in range(len(VEHICLES)))
#: Use(gear, target) for every gear card and target (NONE or a seat), by (gear, target).
_USES = {(g, t): Use(g, t) for g in range(len(GEAR)) for t in range(NONE, MAX_PLAYERS)}


def _act(s: State) -> tuple[Action, ...]:
    p = s.active
    pawns, rubble = s.pawns, s.rubble
    here = pawns[p]
    # the cells are the board's (its adjacency lists them): each has its record
    out: list[Action] = []  # the free cells one step away, ascending
    piled: list[Action] = []
    beside_a_pawn = False
    for c in steps_of(s)[here]:
        if rubble[c]:
            piled.append(_CLEARS[c])
            if c in pawns:
                beside_a_pawn = True
        elif c in pawns:
            beside_a_pawn = True
        else:
            out.append(_MOVES[c])
    if beside_a_pawn:  # moves through the pawns, and leapfrogs
        out = [_MOVES[c] for c in sorted(move_targets(s))]
        out += [_LEAPS[c] for c in leaps(s)]
    if piled:
        out += piled
    if any(s.eggs[here * 4:here * 4 + 4]):
        out.append(_PICK_UP)
    if LOCATION_AT[here] != NONE:
        out += [Deliver(colour, b) for colour, b in deliveries(s)]
    if s.gear[p] or s.worn[p]:
        out += [_USES.get(pair) or Use(*pair) for pair in sorted(own_turn_uses(s))]
    out.append(_PASS)
    return tuple(out)  # no two alike: each kind lists distinct cells, cards or (colour, bounty) pairs


def _plays(s: State) -> tuple[Action, ...]:
    limits = table_of(s).worms
    worms, under = s.worms, s.under
    open_slots = [k for k in range(3) if worms[k] != NONE and len(under[k]) < limits[worms[k]].limit]
    if not open_slots:
        return ()
    hand = sorted(s.hands[s.active])
    if not (hand and 0 <= hand[0] and hand[-1] < len(_PLAYS)):  # a card the table does not have: no record
        return tuple([Play(c, k) for c in hand for k in open_slots])
    out: list[Action] = []
    if len(open_slots) == 3:
        for c in hand:
            out += _PLAYS[c]
    else:
        for c in hand:
            row = _PLAYS[c]
            out += [row[k] for k in open_slots]
    return tuple(out)  # as ``plays`` lists them: by card, then by slot


#: What each phase lists (one look-up a decision instead of a comparison per phase).
_LISTS: dict[Phase, Callable[[State], tuple[Action, ...]]] = {
    Phase.OVER: lambda s: (),
    Phase.LEAD: lambda s: tuple(Lead(c) for c in sorted(s.squads[s.decider])),
    Phase.ENTER: lambda s: tuple(Enter(k) for k, c in enumerate(LOCATIONS) if c not in s.pawns),
    Phase.PLAY: _plays,
    Phase.EXTRA: lambda s: (*(Extra(c) for c in extras(s)), _PASS),
    Phase.STASH: lambda s: (*(Stash(c, k) for c, k in stashes(s)), _PASS),
    Phase.DRAW: lambda s: tuple(Draw(w) for w in (False, True) if (s.weapon_deck if w else s.item_deck)),
    Phase.HIDE: lambda s: tuple(Hide(k) for k in range(LINE) if s.line[k] != NONE) + (
        (Hide(LINE),) if s.bounty_deck else ()),
    Phase.HUNT: lambda s: (*[_USES.get((g, NONE)) or Use(g, NONE) for g in sorted(hunt_uses(s))], _PASS),
    Phase.REVIVE: lambda s: tuple(Revive(c) for c in revivals(s)),
    Phase.CLAIM: lambda s: tuple(Claim(b) for b in claims(s)),
    Phase.STEER: lambda s: tuple(Steer(c) for c in steers(s)),
    Phase.ACT: _act,
}
assert set(_LISTS) == set(Phase)


def actions_of(s: State) -> tuple[Action, ...]:
    """The legal actions, on the table or on the deciding seat's view."""
    return _LISTS[s.phase](s)


def _advance(work: Work) -> bool:
    return False  # every automatic step is an effect on the stack


def ending(state: State) -> Outcome | None:
    """How the game ended, None while it runs (on a view too: everything it reads is in sight)."""
    if state.phase is not Phase.OVER:
        return None
    scores = tuple(float(score(state, p)) for p in range(state.options.players))
    reasons = {
        "twenty_vp": "reached 20 VP", "last_turn": "the last turns after an elimination are over",
        "worms_spent": "the Worm deck is spent", "shared": "the best tied and share the win",
        "objective": "the solo objective is met", "fifteen_worms": "15 Worms are in the discard",
        "squad_lost": "the squad is gone",
    }
    return Outcome(winners=state.winners, reason=reasons.get(state.ending, state.ending), code=state.ending,
                   scores=scores)


ENGINE: Engine[State, Action, Work, Options] = Engine(
    title="Terror Below", state_type=State, work_type=Work, rules=RULES, actions_of=actions_of, ready=ready,
    driver=Driver(effects={Strike: do_strike, Attack: attack, Resolve: resolve, Retire: retire,
                           EndActions: end_actions, EndTurn: end_turn, NextTurn: next_turn}, advance=_advance),
    make_options=make_options, setup=initial_state, notation=notation, over=over, ending=ending,
    action_count=action_count, decode=decode,
)
assert set(RULES) == set(ACTION_TYPES)

new_game = ENGINE.new_game
legal_actions = ENGINE.legal_actions
moves = ENGINE.moves
apply = ENGINE.apply
parse = ENGINE.parse
outcome = ENGINE.outcome
returns = ENGINE.returns
action_from_id = ENGINE.action_from_id
num_players = ENGINE.num_players


def current_player(state: State) -> int | None:
    if type(state) is not State:
        ENGINE.state(state)  # IllegalAction: not a Terror Below state
    return None if state.phase is Phase.OVER else state.decider


def score(state: State, player: int) -> int:
    """VP tokens plus the points of the bounties completed."""
    return points(table_of(state).bounties, state.completed[player], state.vp[player])


#: The most decisions of one turn: enter, play, Boots, Bicycle, the Government's choice, the
#: Hospital's revival, three Targets steered and a pass (10); each other decision of the turn
#: spends an action point or a gear card (a Medkit's revival with it), and a turn has at most 7 + 6
#: (Boots) + 2 (runner, Cowboy hat) points plus 2 for each Nitro; a rubble draw follows 2 spent
#: points at least; a Pistol's shot removes a Hat.
_PER_TURN = 10 + 15 + 4 * len(GEAR) + 6


def max_decisions(state: State) -> int:
    """A bound on the decisions left, from the rules: every turn plays a Vehicle under a Worm below
    its limit and no slot is refilled once the Worm deck is spent (the game then ends), so the turns
    left are at most the room under the Worms in the zone and in the deck; each turn takes at most
    ``_PER_TURN`` decisions, each attack (one per Worm) at most 48 per caught player, a leader's
    choice and the killing blow's bounty, and the setup 2 per player."""
    s = ENGINE.state(state)
    if s.phase is Phase.OVER:
        return 0
    n = s.options.players
    worms = table_of(s).worms
    room = sum(worms[w].limit - len(u) for w, u in zip(s.worms, s.under) if w != NONE)
    room += sum(worms[w].limit for w in s.worm_deck) if all(w >= 0 for w in s.worm_deck) \
        else max(x.limit for x in worms) * len(s.worm_deck)
    attacks = 3 + len(s.worm_deck)
    return 2 * n + (room + 1) * _PER_TURN + attacks * (n * (len(GEAR) + 2) + 1)


# -- what a file may hold ---------------------------------------------------------------------------

#: The seats of a table, which its records' ``Within("seat")`` fields name (the other bounds are fixed).
BOUNDS = Bounds(lambda state: {"seat": range(state.options.players)})
check_loaded(ENGINE, check_state, bounds=BOUNDS, options=check_options)  # and a running game has a legal action
