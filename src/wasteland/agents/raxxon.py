"""A heuristic player for Raxxon.

It sees only its seat's view. Every choice is scored with a few plain weights:

* an effect's cost (``effect_cost``): Raxxon power and the infection rate cost
  more as the track nears 8 and the supply nears empty; calm and an evacuation
  are gains;
* an action's worth (``action_worth``): healthy cards it would evacuate (face up,
  or face down and known from a look; a row or a group is thought to be worth
  waiting for while cards are still face down), infected cards it would kill
  before the day's spread (a quarantined card counts again the next day, so
  quarantine is worth less), face-down cards still to look at or flip; minus the
  consequence under the slot its token would take (it fires on every later turn
  of the day);
* a turn is taken while the best action is worth more than the consequences it
  triggers, by ``TURN_MARGIN``; otherwise the bot passes.

Targets: evacuate the biggest known-healthy group, quarantine the biggest
face-up infected group, kill known infected cards, look at and flip unknown
cards (flip first the cards it knows are healthy). Options of a Raxxon card:
the cheapest. An optional effect: taken when its second use is worth more than
the Raxxon card it costs, by ``OPTIONAL_MARGIN`` (a known healthy card to
evacuate, a known infected card worth killing or quarantining).
"""

from __future__ import annotations

import math
from typing import Any

from wasteland.core.game import Game
from wasteland.core.rng import Rng
from wasteland.raxxon import cards as C
from wasteland.raxxon.actions import DECLINE, PASS, TAKE, TURN, Act, Line, Option, Place
from wasteland.raxxon.card_set import table_of
from wasteland.raxxon.icons import healthy_left
from wasteland.raxxon.crowd import ADJACENT, COLUMN_CELLS, ROW_CELLS
from wasteland.raxxon.rules import pending
from wasteland.raxxon.state import CHOOSE, EMPTY, HIDDEN, K_EVAC_UP, K_KILL_UP, K_OPTION, K_OPTIONAL, K_SWAP2, State
from wasteland.raxxon.state import Phase
from wasteland.raxxon.turn import available, consequences, side

__all__ = ["HeuristicBot", "effect_cost", "action_worth", "evaluate", "features", "win_chance", "SEARCH",
           "BALANCE_BOTS"]

#: What one healthy card evacuated is worth, one infected card taken out of the crowd, one
#: unknown card looked at or flipped.
EVACUATE = 4.0
CONTAIN = 2.2
LOOK = 0.4
FLIP = 0.7
#: The share of an evacuation a healthy card turned face up is worth to a sheet that evacuates
#: face-up cards together.
UP_FOR_LATER = 0.3
#: How many cards short of its best a row or group evacuation is thought to be while cards are unknown.
PATIENCE = 0.6
#: How much the consequence under a new token weighs (it fires on every later turn of the day).
SLOT_WEIGHT = 1.2
#: How much more than the Raxxon card it costs an optional effect must be worth to be taken.
OPTIONAL_MARGIN = 1.0
#: How much more than the consequences a turn triggers its best action must be worth to be taken.
#: Without it the bot wins more solo deals alone, and the search that plays it out wins fewer
#: (docs/agents.md, "The Raxxon heuristic re-tuned, and not kept").
TURN_MARGIN = 0.5


#: What the effects whose cost does not depend on the table cost the team (negative: a gain).
_FIXED_COST: dict[int, float] = {
    C.END_DAY: 1.0, C.HOSTILE_BACK: 1.5, C.ADD: 0.4, C.FLIP: 0.1, C.RELEASE: 1.0, C.RESHUFFLE: 0.3,
    C.HIDE_HOSTILES: 0.5, C.KILL_UP: -0.5, C.CALM: -2.5, C.EVAC_UP: -3.0,
}


def effect_cost(state: State, code: int) -> float:
    """How much the team loses when effect ``code`` resolves (negative: a gain)."""
    if code == C.POWER:
        return 2.0 + 3.0 * max(0, state.power - 4)
    if code == C.INFECT:
        supply = len(state.supply)
        return 2.5 + (6.0 if supply <= 2 else 2.0 if supply <= 5 else 0.0)
    if code == C.RAXXON:
        return 1.2 + 0.5 * max(0, state.power - 4)
    return _FIXED_COST.get(code, 0.0)


def _known(state: State, cell: int) -> int:
    """The card the viewer knows in ``cell``, or -1."""
    card = state.crowd[cell]
    return card if card >= 0 else -1


def _healthy_cells(state: State, up_only: bool) -> list[int]:
    healthy = table_of(state).healthy
    return [c for c in range(36) if _known(state, c) >= 0 and healthy[state.crowd[c]]
            and (not up_only or state.crowd[c] in state.face_up)]


def _infected_cells(state: State, up_only: bool) -> list[int]:
    healthy = table_of(state).healthy
    return [c for c in range(36) if _known(state, c) >= 0 and not healthy[state.crowd[c]]
            and (not up_only or state.crowd[c] in state.face_up)]


def _unknown_cells(state: State) -> list[int]:
    seat = state.viewer if state.viewer is not None else state.active
    return [c for c in range(36) if state.crowd[c] == HIDDEN
            or (state.crowd[c] >= 0 and state.crowd[c] not in state.face_up and c not in state.seen[seat])]


def _group(state: State, cell: int, healthy_wanted: bool) -> list[int]:
    healthy = table_of(state).healthy
    return [cell] + [n for n in ADJACENT[cell] if state.crowd[n] >= 0 and state.crowd[n] in state.face_up
                     and healthy[state.crowd[n]] == healthy_wanted]


def infected_odds(state: State) -> float:
    """The chance that a card the viewer cannot see in the crowd is infected."""
    healthy = table_of(state).healthy
    pool = state.unknown if state.viewer is not None else (*state.draw, *(
        c for c in state.crowd if c >= 0 and c not in state.face_up))
    hidden = len(pool) - len(state.supply) if state.viewer is not None else len(pool)
    infected = sum(1 for c in pool if not healthy[c]) - (len(state.supply) if state.viewer is not None else 0)
    return infected / hidden if hidden > 0 else 0.0


def removal_worth(state: State) -> float:
    """What taking one infected card out of the crowd saves at the end of the day (nothing while
    more than 4 would still spread: the spread stops at 4)."""
    healthy = table_of(state).healthy
    known = sum(1 for c in state.crowd if c >= 0 and not healthy[c])
    unknown = sum(1 for c in range(36) if state.crowd[c] == HIDDEN)
    loose = known + unknown * infected_odds(state) + sum(1 for c in state.uncontained if not healthy[c])
    infect = effect_cost(state, C.INFECT)
    return infect * min(1.0, (C.MAX_SPREAD + 0.5) / max(loose, 0.1) * 0.8)


def _kill_value(state: State, cells: list[int]) -> float:
    table = table_of(state)
    value = 0.0
    gain = removal_worth(state)
    for c in cells:
        card = state.crowd[c]
        if card == EMPTY:
            continue
        if card == HIDDEN:
            value -= 0.8  # maybe a healthy card with a when-killed effect
            continue
        if table.healthy[card]:
            value -= 1.0 + sum(effect_cost(state, e) for e in table.killed[card])
        else:
            value += gain - sum(effect_cost(state, e) for e in table.killed[card])
    return value


def _evacuates_face_up(state: State) -> bool:
    """Whether the active sheet still has a token slot for an action that evacuates face-up cards
    (a row, or a card with its face-up neighbours): then a healthy card flipped now is worth more."""
    sheet = C.SHEETS[state.characters[state.active]]
    s = side(state.options.players)
    return any(action.verb in (C.EVACUATE_ROW, C.EVACUATE_GROUP) and tokens < len(action.slots[s])
               for action, tokens in zip(sheet.actions, state.tokens[state.active]))


def _verb_worth(state: State, verb: int, count: int) -> float:
    odds = infected_odds(state)
    if verb == C.LOOK:
        return (LOOK + odds * removal_worth(state)) * min(count, len(_unknown_cells(state)))
    if verb == C.FLIP_CARDS:
        down = [c for c in _healthy_cells(state, False) if state.crowd[c] not in state.face_up]
        unknown = len(_unknown_cells(state))
        later = EVACUATE * UP_FOR_LATER if _evacuates_face_up(state) else 0.0
        return (FLIP * min(count, unknown) + (1 - odds) * (FLIP + later) * min(count, unknown)
                + (EVACUATE * 0.3 + later) * min(count, len(down)))
    if verb == C.EVACUATE:
        return EVACUATE * min(count, len(_healthy_cells(state, False)))
    # a row or a group could take more cards later: while cards are still to be turned up, taking a
    # single one wastes a slot
    patience = PATIENCE if _unknown_cells(state) else 0.0
    if verb == C.EVACUATE_GROUP:
        best = max((len(_group(state, c, True)) for c in _healthy_cells(state, False)), default=0)
        return EVACUATE * max(0.0, best - patience)
    if verb == C.EVACUATE_ROW:
        up = set(_healthy_cells(state, True))
        best = max(sum(1 for c in line if c in up) for line in ROW_CELLS)
        return EVACUATE * max(0.0, best - patience)
    contain = CONTAIN * removal_worth(state) / 4  # counted again tomorrow, uncontained
    if verb == C.QUARANTINE:
        return contain * min(count, len(_infected_cells(state, False)))
    if verb == C.QUARANTINE_GROUP:
        return contain * max((len(_group(state, c, False)) for c in _infected_cells(state, False)), default=0)
    if verb == C.KILL:
        table = table_of(state)
        gains = sorted((removal_worth(state) - sum(effect_cost(state, e) for e in table.killed[state.crowd[c]])
                        for c in _infected_cells(state, False)), reverse=True)
        return max(0.0, sum(gains[:count]))
    if verb == C.KILL_GROUP:
        return max((_kill_value(state, _group(state, c, False)) for c in _infected_cells(state, False)),
                   default=0.0)
    if verb in (C.KILL_ROW, C.KILL_COLUMN):
        lines = ROW_CELLS if verb == C.KILL_ROW else COLUMN_CELLS
        return max(0.0, max(_kill_value(state, list(line)) for line in lines))
    if verb == C.SWAP:
        return 0.1
    return 0.0


def action_worth(state: State, index: int) -> float:
    """What choosing action ``index`` of the active sheet is worth now (the token's later cost
    included)."""
    sheet = C.SHEETS[state.characters[state.active]]
    if index == 0:
        verb, count = sheet.investigate
        return _verb_worth(state, verb, count)
    action = sheet.actions[index - 1]
    worth = _verb_worth(state, action.verb, action.count)
    if action.optional is not None:
        worth += max(0.0, _verb_worth(state, *action.optional) - 1.5)
    slot = action.slots[side(state.options.players)][state.tokens[state.active][index - 1]]
    return worth - SLOT_WEIGHT * sum(effect_cost(state, e) for e in slot)


class HeuristicBot:
    """Scores actions, targets and options with plain weights (see the module's text)."""

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng.from_seed(seed)

    def choose(self, game: Game[Any, Any], view: Any, legal: tuple[Any, ...]) -> Any:
        state: State = view
        ask = pending(state)
        if ask is not None:
            return self._answer(state, ask.kind, ask.arg, legal)
        acts = [a for a in legal if type(a) is Act]
        if TURN in legal:
            cost = sum(effect_cost(state, e) for e in consequences(state, state.active))
            best = max((action_worth(state, k) for k in available(state)), default=0.0)
            return TURN if best > cost + TURN_MARGIN else PASS
        if not acts:  # no action has a free slot: the pass is all there is
            return legal[0]
        best_act = max(acts, key=lambda a: action_worth(state, a.index))
        if PASS in legal and state.stage != CHOOSE and action_worth(state, best_act.index) <= 0.3:
            return PASS
        return best_act

    def _answer(self, state: State, kind: int, arg: int, legal: tuple[Any, ...]) -> Any:
        if kind == K_OPTION:
            options = table_of(state).options[arg]
            return min((a for a in legal if type(a) is Option),
                       key=lambda a: sum(effect_cost(state, e) for e in options[a.index][1]))
        if kind == K_OPTIONAL:
            return TAKE if _verb_worth(state, arg, 1) > effect_cost(state, C.RAXXON) + OPTIONAL_MARGIN else DECLINE
        if type(legal[0]) is Place:
            return legal[0]
        if type(legal[0]) is Line:
            return max(legal, key=lambda a: self._line_value(state, kind, a.index))
        return max(legal, key=lambda a: self._cell_value(state, kind, a.cell))

    def _line_value(self, state: State, kind: int, index: int) -> float:
        line = list(ROW_CELLS[index] if index < 6 else COLUMN_CELLS[index - 6])
        if kind == C.EVACUATE_ROW:
            up = set(_healthy_cells(state, True))
            return sum(1 for c in line if c in up)
        return _kill_value(state, line)

    def _cell_value(self, state: State, kind: int, cell: int) -> float:
        card = state.crowd[cell]
        table = table_of(state)
        known = card >= 0
        healthy = known and table.healthy[card]
        tie, self.rng = self.rng.below(1000)
        jitter = tie / 100_000  # breaks ties at random
        if kind in (C.EVACUATE, K_EVAC_UP):
            return (3.0 if healthy else -3.0 if known else 0.0) + jitter
        if kind == C.EVACUATE_GROUP:
            return (len(_group(state, cell, True)) if healthy else -3.0 if known else -1.0) + jitter
        if kind == C.QUARANTINE_GROUP:
            return (len(_group(state, cell, False)) if known and not healthy else -3.0) + jitter
        if kind == C.KILL_GROUP:
            if not known:
                return -1.0 + jitter
            return _kill_value(state, _group(state, cell, False)) + jitter
        if kind == C.QUARANTINE:
            return (3.0 if known and not healthy else -2.0 if healthy else 0.0) + jitter
        if kind in (C.KILL, K_KILL_UP):
            if not known:
                return -0.5 + jitter
            if healthy:
                return -2.0 - sum(effect_cost(state, e) for e in table.killed[card]) + jitter
            return 2.0 + jitter
        if kind == C.FLIP_CARDS:
            return (2.0 if healthy else -1.0 if known else 0.0) + jitter
        if kind in (C.SWAP, K_SWAP2):
            return jitter
        return jitter


#: The settings of ``ismcts:<budget>`` and ``flat:<budget>`` with nothing else given (docs/agents.md).
#: ``guard`` is flat Monte Carlo's alone: unguarded, its best totals over short playouts overruled
#: the heuristic on noise and won 4 solo deals of 40 where the heuristic won 12. ``iterations`` is
#: ISMCTS's and the oracle's alone: named with a time and no number (``ismcts:0.5s``) they stop at
#: 50 iterations too, the budget of every measured row, since 100 and 200 won fewer solo deals.
SEARCH: dict[str, Any] = {"rollout": "heuristic", "depth": 12, "guard": 2.0, "iterations": 50}
#: The bots of a balance table by default (``wasteland.balance.default_bots``): the search at the 50
#: iterations of every measured row, not the library's 200, since a longer search won fewer solo
#: deals here, the oracle's included; and two oracles, since neither wins more at every table size.
#: With the heuristic's playouts run to the end of the game and no cut, on the referee's table (the
#: future known) the oracle won far more deals with one to three players than with the cut (10, 11
#: and 11 of 12 at regular, against 7, 8 and 8), at about three times the time of the library's
#: oracle at 200 iterations; with four players it won fewer (7 of 12 against 12, and the fair
#: search 10: in a game that long, we read, its playouts' wins and losses are too few to tell the
#: choices apart). The bound of a table is the higher of the two (docs/agents.md).
BALANCE_BOTS: tuple[str, ...] = ("ismcts:50:best", "oracle:50:heuristic", "oracle:50:best")
#: The weights of ``evaluate``'s logistic model, fitted by logistic regression on drawn tables of
#: 3,800 games of the heuristic bot at the regular difficulty (1 to 4 players; seeds 10000-11999,
#: 20000-20999, 25000-25399 and 30000-30399; one decision in six, the deciding seat's view
#: determinized as a search bot's is, paired with the game's result):
#: ``examples/fit_raxxon_evaluation.py``. A constant for each table size (the heuristic wins about
#: a quarter of its solo and three-player games, half of its two- and four-player ones), then the
#: share of the healthy cards evacuated, Raxxon power and the cards left in the infection supply.
BIAS_BY_PLAYERS: dict[int, float] = {1: -4.736, 2: -3.876, 3: -4.770, 4: -3.828}
DONE = 3.424
POWER = -0.237
SUPPLY = 0.209


def features(state: State) -> tuple[float, float, float]:
    """What ``evaluate`` reads off a table: the share of the healthy cards in play evacuated,
    Raxxon power and the cards left in the infection supply."""
    healthy = table_of(state).healthy
    saved = sum(1 for c in state.evacuated if healthy[c])
    left = healthy_left(state)
    return (saved / (saved + left) if saved + left else 1.0, float(state.power), float(len(state.supply)))


def win_chance(state: State, bias: float, done_w: float, power_w: float, supply_w: float) -> float:
    """The logistic model of ``evaluate`` with the given constant and weights of its three
    ``features``, for an unfinished table."""
    done, power, supply = features(state)
    x = bias + done_w * done + power_w * power + supply_w * supply
    return 1.0 / (1.0 + math.exp(-x))


def evaluate(state: State) -> tuple[float, ...]:
    """The team's chance in [0, 1], the same for every seat: a logistic model of the result (the
    weights above) in the share of the healthy cards evacuated, Raxxon power on its way to 8 and
    the infection supply on its way out (the two ways to lose). A finished table is worth its
    result: 1 won, 0 lost."""
    n = state.options.players
    if state.phase is Phase.OVER:
        return (1.0 if healthy_left(state) == 0 and not state.cut else 0.0,) * n
    return (win_chance(state, BIAS_BY_PLAYERS[n], DONE, POWER, SUPPLY),) * n
