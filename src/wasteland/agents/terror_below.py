"""A heuristic player for Terror Below.

It sees only its seat's view and plays greedily, one small decision at a time:

* **deliver** an egg whenever it stands on a Location with one (for the bounty worth most, else
  the plain VP); **pick up** the eggs it stands on; use an Item the moment it may (Nitro, Hats,
  Medkit, Map, Crowbar; the Pistol at a rival's Hat);
* **move** (or leapfrog, or clear the rubble in the way) toward its goal: the nearest Location
  while it carries eggs (a Location a bounty it can claim names, first), else the nearest eggs;
  it keeps off the cells a Worm about to attack will hit;
* **play** the Vehicle worth most: its action points, its ability (the toll and the spill cost,
  the item, weapon and VP abilities pay), and the distance the Target ends from its pawn (far is
  safe); Boots take the biggest card; the Bicycle's card is skipped;
* **hunt** when its weapons can kill the Worm on their own (biggest first), else it hides behind a
  shield if it has one, else it keeps its weapons; with no eggs carried (or in the exterminator
  scenario) it walks onto the Target of a Worm about to attack that its weapons can kill;
* **revive** the dead character it would most like to lead; **claim** the hunting bounty worth
  most; **steer** a Target (two cells equally close) where its Worm's attack would miss its own pawn
  and catch the most rivals.
"""

from __future__ import annotations

import heapq
from typing import Any

from wasteland.core.game import Game
from wasteland.core.rng import Rng
from wasteland.terror_below.actions import (
    Claim, Clear, Deliver, Draw, Extra, Hide, Leap, Move, Pass, PickUp, Play, Revive, Steer, Use,
)
from wasteland.terror_below.attack import shift
from wasteland.terror_below.card_set import table_of
from wasteland.terror_below.turn import blocked, moves
from wasteland.terror_below.scoring import points, solo_count, worms_lost
from wasteland.terror_below.cards import (
    BOARD, CELLS, CHARACTERS, GEAR, LINE, LOCATION_AT, LOCATIONS, NONE, SIZE, SOLO_LOSS, SQUAD, WIN_VP,
)
from wasteland.agents.search import share
from wasteland.terror_below.state import Phase, State, solo_goal

__all__ = ["HeuristicBot", "distances", "danger", "evaluate", "SEARCH", "SEARCH_BY_PLAYERS", "PLAYOUT_ON_TABLE"]

#: Leaders by preference.
LEADERS = ("runner", "courier", "hand4", "dodger", "bruiser", "hunter", "medic", "scrapper")
ABILITY_WORTH = {"none": 0.0, "boots": 1.0, "bicycle": 0.0, "motorcycle": -0.5, "item": 1.0, "weapon": 1.0,
                 "vp": 1.5, "lure": -0.8, "toll": -1.5, "spill": -0.5}


def distances(state: State, goals: list[int]) -> list[int]:
    """Action points from every cell to the nearest goal: a step costs 1, and each rubble piece on
    the cell stepped into costs 1 more (it must be cleared first). Canyon crossings are not taken."""
    far = [99] * CELLS
    heap: list[tuple[int, int]] = []
    for g in goals:
        far[g] = 0
        heapq.heappush(heap, (0, g))
    while heap:
        d, here = heapq.heappop(heap)
        if d > far[here]:
            continue
        for there in BOARD.adjacent[here]:
            if blocked(state, here, there):
                continue
            cost = d + 1 + state.rubble[here]
            if cost < far[there]:
                far[there] = cost
                heapq.heappush(heap, (cost, there))
    return far


def danger(state: State) -> set[int]:
    """The cells a Worm one card from its limit would hit where its Target stands now."""
    out: set[int] = set()
    for k in range(3):
        w = state.worms[k]
        if w == NONE or state.targets[k] == NONE or len(state.under[k]) < table_of(state).worms[w].limit - 1:
            continue
        t = state.targets[k]
        row, column = divmod(t, SIZE)
        out.add(t)
        for dr, dc in table_of(state).worms[w].pattern:
            r, c = row + dr, column + dc
            if 0 <= r < SIZE and 0 <= c < SIZE:
                out.add(r * SIZE + c)
    return out


class HeuristicBot:
    """Greedy: deliver, pick up, walk to eggs or Locations, hunt only when it can kill."""

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng.from_seed(seed)

    def choose(self, game: Game[Any, Any], view: Any, legal: tuple[Any, ...]) -> Any:
        s: State = view
        phase = s.phase
        if phase is Phase.LEAD:
            return min(legal, key=lambda a: LEADERS.index(CHARACTERS[a.character].kind))
        if phase is Phase.ENTER:
            eggs = [c for c in range(CELLS) if any(s.eggs[c * 4:c * 4 + 4])]
            far = distances(s, eggs) if eggs else [0] * CELLS
            return min(legal, key=lambda a: far[LOCATIONS[a.location]])
        if phase is Phase.PLAY:
            return max(legal, key=lambda a: self._play_worth(s, a))
        if phase is Phase.EXTRA:
            extras = [a for a in legal if type(a) is Extra]
            return max(extras, key=lambda a: table_of(s).vehicles[a.card].ap) if extras else Pass()
        if phase is Phase.STASH:
            return Pass()
        if phase is Phase.DRAW:
            weapons = sum(1 for g in s.gear[s.active] if GEAR[g].weapon)
            want = Draw(weapons < 2)
            return want if want in legal else legal[0]
        if phase is Phase.HIDE:
            return max(legal, key=lambda a: self._hide_worth(s, a))
        if phase is Phase.HUNT:
            return self._hunt(s, legal)
        if phase is Phase.REVIVE:
            return min(legal, key=lambda a: LEADERS.index(CHARACTERS[a.character].kind) if type(a) is Revive else 99)
        if phase is Phase.CLAIM:
            return max(legal, key=lambda a: table_of(s).bounties[a.bounty].points if type(a) is Claim else -1)
        if phase is Phase.STEER:
            return min(legal, key=lambda a: self._steer_risk(s, a))
        return self._act(s, legal)

    def _steer_risk(self, s: State, a: Steer) -> tuple[int, int]:
        """(1 if the Worm attacking on ``a.cell`` would catch its own pawn, minus the rivals caught)."""
        slot = s.steer[0]
        hit = {a.cell}
        row, column = divmod(a.cell, SIZE)
        for dr, dc in table_of(s).worms[s.worms[slot]].pattern:
            r, c = row + dr, column + dc
            if 0 <= r < SIZE and 0 <= c < SIZE:
                hit.add(r * SIZE + c)
        me = s.active
        rivals = sum(1 for q, c in enumerate(s.pawns) if q != me and c in hit)
        return int(s.pawns[me] in hit), -rivals

    def _play_worth(self, s: State, a: Play) -> float:
        v = table_of(s).vehicles[a.card]
        target = shift(s.targets[a.slot], v.arrows)
        me = s.pawns[s.active]
        far = BOARD.distance[me][target] if me != NONE else 3
        worm = table_of(s).worms[s.worms[a.slot]]
        soon = len(s.under[a.slot]) + 1 >= worm.limit
        return v.ap + ABILITY_WORTH[v.ability] + (0.6 if soon else 0.2) * min(far, 4)

    def _hide_worth(self, s: State, a: Hide) -> float:
        if a.slot == LINE:
            return 2.0
        b = table_of(s).bounties[s.line[a.slot]]
        carried = s.carried[s.active * 4:s.active * 4 + 4]
        return b.points + (2.0 if not b.hunt and carried[b.colour] else 0.0)

    def _hunt(self, s: State, legal: tuple[Any, ...]) -> Any:
        me = s.decider
        worm = table_of(s).worms[s.worms[s.slot]]
        uses = [a for a in legal if type(a) is Use]
        weapons = [a for a in uses if GEAR[a.gear].weapon]
        bonus = 1 if s.squads[me] and CHARACTERS[s.squads[me][0]].kind == "bruiser" else 0
        power = sum(GEAR[a.gear].damage + bonus for a in weapons)
        if weapons and s.damage + power >= worm.health:
            return max(weapons, key=lambda a: GEAR[a.gear].damage)
        shields = [a for a in uses if not GEAR[a.gear].weapon]
        return shields[0] if shields else Pass()

    def _act(self, s: State, legal: tuple[Any, ...]) -> Any:
        p = s.active
        delivers = [a for a in legal if type(a) is Deliver]
        if delivers:
            return max(delivers, key=lambda a: -1 if a.bounty == NONE else table_of(s).bounties[a.bounty].points)
        if PickUp() in legal:
            return PickUp()
        uses = [a for a in legal if type(a) is Use]
        if uses:
            return uses[0]
        carrying = any(s.carried[p * 4:p * 4 + 4])
        if carrying:
            table = table_of(s).bounties
            wanted = {table[b].location for b in (*s.line, *s.hidden[p])
                      if b >= 0 and not table[b].hunt and s.carried[p * 4 + table[b].colour]}
            goals = [LOCATIONS[k] for k in range(5) if k in wanted or NONE in wanted] or list(LOCATIONS)
        else:
            goals = [c for c in range(CELLS) if any(s.eggs[c * 4:c * 4 + 4])]
        prey = self._prey(s)
        if prey and (not carrying or s.options.scenario == "exterminator"):
            goals = prey
        if not goals:
            return Pass()
        far = distances(s, goals)
        here = s.pawns[p]
        risky = danger(s) - set(prey)
        options: list[tuple[float, int, Any]] = []
        cost = moves(s)
        for a in legal:
            if type(a) is Move:  # a move through pawns spends a point a step
                options.append((far[a.cell] + cost[a.cell] - 1 + (3 if a.cell in risky else 0), self._roll(), a))
            elif type(a) is Leap:
                options.append((far[a.cell] + (3 if a.cell in risky else 0), self._roll(), a))
            elif type(a) is Clear:  # clearing is the first point of stepping there
                options.append((far[a.cell] + s.rubble[a.cell] - 0.5 + (3 if a.cell in risky else 0), self._roll(), a))
        if options:
            value, _, best = min(options, key=lambda o: (o[0], o[1]))
            if value < far[here] + (3 if here in risky else 0):
                return best
        return Pass()

    def _prey(self, s: State) -> list[int]:
        """The Targets (off the Locations) of the Worms about to attack that its weapons can kill."""
        p = s.active
        bonus = 1 if s.squads[p] and CHARACTERS[s.squads[p][0]].kind == "bruiser" else 0
        power = sum(GEAR[g].damage + bonus for g in (*s.gear[p], *s.worn[p]) if GEAR[g].weapon)
        out = []
        for k in range(3):
            w = s.worms[k]
            if w == NONE or len(s.under[k]) < table_of(s).worms[w].limit - 1 or LOCATION_AT[s.targets[k]] != NONE:
                continue
            if power >= table_of(s).worms[w].health:
                out.append(s.targets[k])
        return out

    def _roll(self) -> int:
        value, self.rng = self.rng.below(1000)
        return value



#: The settings of ``ismcts:<budget>`` and ``flat:<budget>`` with nothing else given (docs/agents.md).
SEARCH: dict[str, Any] = {"rollout": "heuristic", "depth": 30}
#: At three to five players the playouts are cut at 10 decisions: the setting measured to beat the
#: heuristic bots there, at under half the CPU time of an iteration cut at 30 (docs/agents.md).
SEARCH_BY_PLAYERS: dict[int, dict[str, Any]] = {players: {"depth": 10} for players in (3, 4, 5)}
#: The heuristic reads nothing that its seat's view hides, so the search's playouts hand it the
#: determinized table itself and build no view (a test checks that it chooses the same on both).
PLAYOUT_ON_TABLE = True
#: What one living squad member is worth against VP in the evaluation (it keeps a player in the game).
MEMBER_VP = 2.0
#: How many VP of lead make a player about e (2.7) times likelier to win than another.
LEAD_VP = 3.0


def evaluate(state: State) -> tuple[float, ...]:
    """Each seat's chance in [0, 1] as the table stands. Several players: a soft share of one win
    by VP plus living squad members (a player out of the game counts nothing), the sharper the
    nearer the leader is to 20 VP; solo: the objective's progress, held back by the Worms
    discarded toward the 15 that lose and by the squad's losses. A finished table is worth its
    returns."""
    n = state.options.players
    if state.phase is Phase.OVER:
        return tuple(1.0 if p in state.winners else 0.0 for p in range(n))
    if n == 1:
        goal = solo_goal(state.options)[1]
        spent = worms_lost(state) / SOLO_LOSS
        alive = len(state.squads[0]) / SQUAD
        value = min(1.0, solo_count(state) / goal) * (1.0 - min(1.0, spent) ** 2) * (0.5 + 0.5 * alive)
        return (min(1.0, max(0.0, value)),)
    bounties = table_of(state).bounties
    scores = [points(bounties, state.completed[p], state.vp[p]) for p in range(n)]
    strength = [0.0 if state.out[p] else scores[p] + MEMBER_VP * len(state.squads[p]) for p in range(n)]
    sharp = 1.0 + 2.0 * max(scores) / WIN_VP
    return share(strength, LEAD_VP / sharp, [not state.out[p] for p in range(n)])
