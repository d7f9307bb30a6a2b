"""The contract's rules: the engine's table of reasons and rules, the driver's effects, the end.

Everything passes through the engine (``wasteland.core.engine``): ``RULES`` says for each action
when it is legal and what it does (``turn.py``); the attacks and the turn's automatic steps are
effects on the stack (``attack.py``, ``turn.py``); a ``Wait`` on top of the stack is a pending
decision of ``decider`` in ``phase``.
"""

from __future__ import annotations

from typing import Any

from wasteland.core.bounds import Bounds, check_loaded
from wasteland.core.driver import Driver
from wasteland.core.engine import Engine, Rule
from wasteland.core.game import Outcome
from wasteland.terror_below.actions import (
    ACTION_TYPES, Action, Claim, Clear, Deliver, Draw, Enter, Extra, Hide, Lead, Leap, Move, Pass, PickUp, Play,
    Revive, Stash, Steer, Use, action_count, decode, notation,
)
from wasteland.terror_below.attack import attack, do_strike, resolve, retire
from wasteland.terror_below.card_set import table_of
from wasteland.terror_below.cards import GEAR, LINE, LOCATIONS, NONE
from wasteland.terror_below.loaded import check_options, check_state
from wasteland.terror_below.scoring import points
from wasteland.terror_below.setup import initial_state, make_options
from wasteland.terror_below.state import (
    Attack, EndActions, EndTurn, NextTurn, Options, Phase, Resolve, Retire, State, Strike, Wait, Work,
)
from wasteland.terror_below.turn import (
    DOS, moves as move_targets, REASONS, claims, clears, deliveries, end_actions, end_turn, extras, hunt_uses, leaps,
    next_turn, own_turn_uses, plays, revivals, stashes, steers,
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


def actions_of(s: State) -> tuple[Action, ...]:
    """The legal actions, on the table or on the deciding seat's view."""
    phase = s.phase
    if phase is Phase.OVER:
        return ()
    if phase is Phase.LEAD:
        return tuple(Lead(c) for c in sorted(s.squads[s.decider]))
    if phase is Phase.ENTER:
        return tuple(Enter(k) for k, c in enumerate(LOCATIONS) if c not in s.pawns)
    if phase is Phase.PLAY:
        return tuple(Play(c, k) for c, k in plays(s))
    if phase is Phase.EXTRA:
        return (*(Extra(c) for c in extras(s)), Pass())
    if phase is Phase.STASH:
        return (*(Stash(c, k) for c, k in stashes(s)), Pass())
    if phase is Phase.DRAW:
        return tuple(Draw(w) for w in (False, True) if (s.weapon_deck if w else s.item_deck))
    if phase is Phase.HIDE:
        return tuple(Hide(k) for k in range(LINE) if s.line[k] != NONE) + ((Hide(LINE),) if s.bounty_deck else ())
    if phase is Phase.HUNT:
        return (*(Use(g, NONE) for g in sorted(hunt_uses(s))), Pass())
    if phase is Phase.REVIVE:
        return tuple(Revive(c) for c in revivals(s))
    if phase is Phase.CLAIM:
        return tuple(Claim(b) for b in claims(s))
    if phase is Phase.STEER:
        return tuple(Steer(c) for c in steers(s))
    here = s.pawns[s.active]
    out: list[Action] = [Move(c) for c in sorted(move_targets(s))]
    out += [Leap(c) for c in leaps(s)]
    out += [Clear(c) for c in clears(s)]
    if any(s.eggs[here * 4:here * 4 + 4]):
        out.append(PickUp())
    out += [Deliver(colour, b) for colour, b in deliveries(s)]
    out += [Use(g, t) for g, t in sorted(own_turn_uses(s))]
    out.append(Pass())
    return tuple(out)  # no two alike: each kind lists distinct cells, cards or (colour, bounty) pairs


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
    return None if ENGINE.state(state).phase is Phase.OVER else state.decider


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
