"""A heuristic player for The Lucky Seven.

It sees only its seat's view. In the maneuver it tries every action of every
member that may still act (the Athlete's second step and the Mouse's getting
down included), scores the table each would leave with ``table_score`` and takes
the best one while it beats ending the phase. ``table_score`` plays the coming
attack out in full (every assignment of attackers, kept small by the few
threats in reach), then the counter-attack, and counts who is left standing,
what threats remain and how close the squad stands to them (the attackers one
maneuver can bring beside each threat, as many as its free cells hold). In the
turn that calls the helicopter nothing more will be dealt, so its best tables
and attacks are judged by playing the final turn out (``last_look``). In the
attack it carries out the best assignment; a full row loses its least useful member; as
the second seat of the competitive game it puts each threat where it hurts the
squad most.

``LookaheadBot`` (bot name ``lookahead``) is the same player with a search over its own
maneuvers: the heuristic's few best, each weighed on tables drawn from its view by how the next
turn stands once the next threats are dealt; as the competitive game's threat seat it weighs
each free row for a drawn threat the same way (docs/agents.md). ``OracleLookahead`` (bot name
``oracle:lookahead``) weighs them on the referee's table instead, two maneuvers ahead: **not a fair
player**, an upper bound for designers.
"""

from __future__ import annotations

import math
import time
from itertools import product
from typing import Any, Callable

from wasteland.agents.search import Budget
from wasteland.core.game import Game
from wasteland.core.rng import Rng
from wasteland.lucky_seven import GAME, current_player, determinize, moves, returns, view
from wasteland.lucky_seven import attack as atk
from wasteland.lucky_seven import maneuver as man
from wasteland.lucky_seven.actions import (
    ATTACK, END_PHASE, MOVE, SELECT, STOP, ChooseRow, Discard,
)
from wasteland.lucky_seven.board import COLUMNS, GRID, can_get_up, geometry, squad_eliminated, threats_left
from wasteland.lucky_seven.card_set import table_of
from wasteland.lucky_seven.cards import (
    ANVIL, ATHLETE, HAMMER, INFANTRY, JOKER, MACHINE_GUN, MOUSE, NATURAL, PACIFIST, ROWS, SQUAD_SIZE, TANK,
)
from wasteland.lucky_seven.encounter import choose_row
from wasteland.lucky_seven.rules import ENGINE, RULES, THREAT_SEAT
from wasteland.lucky_seven.state import Phase, State, Work

__all__ = ["HeuristicBot", "LookaheadBot", "OracleLookahead", "table_score", "evaluate", "best_attack",
           "attack_options", "last_look", "maneuvers", "SEARCH", "BALANCE_BOTS"]

ALIVE = 10.0
THREAT = 6.0
DOWN = 0.6
PRESSURE = 2.0
LATE = 3.0
FORMATION = 3.0
HARD = 0.0
#: How much the squad misses each member when a full row forces a discard (least first).
KEEP = {7: 0, 6: 1, 5: 2, 4: 2, 1: 3, 3: 3, 0: 4, 2: 5}


def _within(steps: int) -> tuple[frozenset[int], ...]:
    """The cells of the same grid at most ``steps`` away (rows and columns each within
    ``steps``), the cell itself among them, by cell."""
    return tuple(
        frozenset(side * GRID + r * COLUMNS + c for r in range(GRID // COLUMNS) for c in range(COLUMNS)
                  if abs(r - cell % GRID // COLUMNS) <= steps and abs(c - cell % COLUMNS) <= steps)
        for side in range(2) for cell in range(side * GRID, side * GRID + GRID))


#: The cells of the same grid at most one step away (rows and columns each within one), by cell.
WITHIN_ONE = _within(1)
#: The cells of the same grid at most two steps away (rows and columns each within two), by cell.
WITHIN_TWO = _within(2)


def _attackers(state: State) -> list[tuple[int, int, list[int]]]:
    """Each member of the grid in play that can attack, its cell and the threats it reaches."""
    return list(atk.attackers(state))


#: A line-up of attackers: the threats each reaches, each one's strength, and the strength of
#: each threat reached (what ``_kills`` reads).
LineUp = tuple[tuple[tuple[int, ...], ...], tuple[int, ...], tuple[tuple[int, int], ...]]


class _Threats:
    """What every table of one maneuver shares, read once: the threats stand still while the
    squad moves, so the counter-attack's shooters, the threats that stay, their weights and the
    free cells beside each are the same for all of them. It also keeps what the tables met so far
    taught (``reach``, ``kills``), so it lives for one search only: ``plan_maneuver`` and
    ``_member_options`` read one for all their tables, ``attack_options`` alone builds its own."""

    __slots__ = ("table", "adjacent", "diagonal", "tank_rows", "lasting", "infantry", "guns", "weight", "late",
                 "final", "grids", "free", "reach", "kills")

    def __init__(self, state: State) -> None:
        tables = geometry(state)
        table = self.table = table_of(state)
        self.adjacent, self.diagonal = tables.adjacent, tables.diagonal
        threats = state.threats
        first = state.active * GRID
        #: The map cells of the rows of the grid in play that hold a Tank (one entry a Tank).
        self.tank_rows: list[tuple[int, ...]] = []
        #: The threats a counter-attack leaves on the map (all but Tanks), by cell.
        self.lasting: list[int] = []
        #: The Infantry and the Machine Guns of the grid in play, which shoot if they survive.
        self.infantry: set[int] = set()
        self.guns: set[int] = set()
        for cell, card in enumerate(threats):
            if card < 0:
                continue
            kind = table.kind[card]
            mine = first <= cell < first + GRID
            if kind == TANK:
                if mine:
                    self.tank_rows.append(tables.row_cells[state.active * 4 + (cell - first) // COLUMNS])
                continue
            self.lasting.append(cell)
            if mine and kind == INFANTRY:
                self.infantry.add(cell)
            elif mine and kind == MACHINE_GUN:
                self.guns.add(cell)
        self.weight = {cell: 1.0 + HARD * (table.strength[threats[cell]] - 1) for cell in self.lasting}
        self.late = THREAT + LATE * state.turn
        self.final = state.final and state.active == len(state.decks) - 1
        self.grids = len(state.decks)
        #: For each threat that stays: its printed strength, the free cells beside it and those
        #: diagonal to it (``_reachers``).
        self.free: dict[int, tuple[int, list[int], list[int]]] = {}
        for t in self.lasting:
            spots = [n for n in tables.adjacent[t] if threats[n] < 0]
            corners = [n for n in tables.diagonal[t] if threats[n] < 0]
            self.free[t] = (table.strength[threats[t]], spots, spots + corners)
        #: What a member in a cell, up or down, brings to each threat (``_reacher``), as met, by threat.
        self.reach: dict[int, dict[tuple[int, int, bool], tuple[int, int, bool]]] = {}
        #: The sets of threats each line-up of attackers kills (``_kills``), as met.
        self.kills: dict[LineUp, list[tuple[frozenset[int], tuple[tuple[int, int], ...]]]] = {}


def _scorer(state: State, shared: _Threats) -> Callable[[frozenset[int]], float]:
    """The score of the table after an attack that kills the threats in the given cells,
    counter-attack included. What every attack from ``state`` shares is read once (the
    counter-attack's blows, who could reach each threat next turn, the formations);
    ``attack_options`` asks once for each set of killed threats, however many assignments kill it."""
    squad, down = state.squad, state.down
    adjacent = shared.adjacent
    always = {n for row in shared.tank_rows for n in row if squad[n] >= 0 and squad[n] not in down}
    if_alive: dict[int, frozenset[int]] = {}
    for cell in shared.infantry:
        if_alive[cell] = frozenset([n for n in adjacent[cell] if squad[n] >= 0])
    for cell in shared.guns:
        if_alive[cell] = frozenset([n for n in adjacent[cell] if squad[n] >= 0 and squad[n] not in down])
    lasting, weight, late, final, grids = shared.lasting, shared.weight, shared.late, shared.final, shared.grids
    placed = _placed(state)
    members = frozenset([c for c, _, _ in placed])
    downed = frozenset([c for c, _, lying in placed if lying])
    pacifists = [c for c, m, _ in placed if m % SQUAD_SIZE == PACIFIST]
    pairs = []  # Hammers and Anvils up, with the up Pacifists beside them
    if pacifists:
        for c, member, lying in placed:
            if member % SQUAD_SIZE in (HAMMER, ANVIL) and not lying:
                beside = tuple(n for n in adjacent[c] if n in pacifists and squad[n] not in down)
                if beside:
                    pairs.append((c, beside))
    reachers: dict[int, tuple[int, int, list[tuple[int, int, int]]]] = {}

    def score(killed: frozenset[int]) -> float:
        victims = set(always)
        remaining = 0
        weighted = 0.0
        staying = []
        for cell in lasting:
            if cell not in killed:
                remaining += 1
                weighted += weight[cell]
                staying.append(cell)
                hit = if_alive.get(cell)
                if hit:
                    victims |= hit
        alive = members - victims
        if final:
            value = (1000.0 if remaining == 0 and alive else 0.0) + len(alive) - 50.0 * remaining
        elif not alive if grids == 1 else len({c // GRID for c in alive}) < grids:
            value = -1000.0
        else:
            value = (ALIVE * len(alive) - late * weighted - DOWN * len(alive & downed)
                     + PRESSURE * (_potential(state, shared, reachers, staying, alive, placed, pacifists)
                                   if remaining else 0.0)
                     + FORMATION * (sum(1 for c, beside in pairs if c in alive and any(n in alive for n in beside))
                                    if pairs else 0))
        return value
    return score


def _potential(state: State, shared: _Threats, reachers: dict[int, tuple[int, int, list[tuple[int, int, int]]]],
               staying: list[int], alive: frozenset[int], placed: list[tuple[int, int, bool]],
               pacifists: list[int]) -> float:
    """How well the survivors stand to kill the threats that stay next turn (0 to 1 each): the
    attackers who can be beside the threat in one maneuver (``_reachers``), as many as its free
    neighbouring cells hold (the Natural may use a diagonal one), the Joker's help (one less to
    reach), the up Pacifist's (one more for a Hammer or an Anvil)."""
    last = next((c for c in reversed(pacifists) if c in alive), -1)
    pacifist = last >= 0 and state.squad[last] not in state.down
    total = 0.0
    for t in staying:
        known = reachers.get(t)
        if known is None:
            known = reachers[t] = _reachers(state, shared, t, placed)
        need, room, near = known
        values = []
        diagonal = 0
        for c, role, value in near:
            if c in alive:
                if role == 0:
                    need -= 1
                    room -= 1
                elif role == 3:
                    if value > diagonal:
                        diagonal = value
                else:
                    values.append(value + 1 if role == 2 and pacifist else value)
        if room <= 0:
            have = diagonal
        elif len(values) <= room:
            have = sum(values) + diagonal
        else:  # the strongest fill the free cells
            values.sort(reverse=True)
            have = sum(values[:room]) + diagonal
        total += min(have / (need if need > 1 else 1), 1.0)
    return total


def _placed(state: State) -> list[tuple[int, int, bool]]:
    """Each member on the map: its cell, its id and whether it is down."""
    down = state.down
    return [(c, m, m in down) for c, m in enumerate(state.squad) if m >= 0]


def _reachers(state: State, shared: _Threats, t: int,
              placed: list[tuple[int, int, bool]]) -> tuple[int, int, list[tuple[int, int, int]]]:
    """The threat in ``t``'s printed strength, how many free cells beside it attackers may take,
    and the members who can attack it next turn: beside it already (up, or able to get up, or
    the Mouse), or up and one step from a free cell beside it (the Athlete two; the Natural also
    diagonally), as (cell, role, up strength) with role 0 for a Joker, 2 for a Hammer or an
    Anvil, 3 for the Natural, 1 for another attacker. ``placed``: the members (``_placed``).
    What a member standing in a cell, up or down, brings to ``t`` is kept in ``shared.reach``
    for the other tables of the maneuver (but whether a down member beside it can get up,
    which its neighbours decide)."""
    strength, spots, _ = shared.free[t]
    known = shared.reach.get(t)
    if known is None:
        known = shared.reach[t] = {}
    near = []
    for member in placed:
        entry = known.get(member)
        if entry is None:
            entry = known[member] = _reacher(shared, t, *member)
        role, value, ask = entry
        if role >= 0 and (not ask or can_get_up(state, member[1], member[0])):
            near.append((member[0], role, value))
    return strength, len(spots), near


def _reacher(shared: _Threats, t: int, c: int, member: int, lying: bool) -> tuple[int, int, bool]:
    """What ``member``, in ``c`` and down or not, brings to the threat in ``t`` (``_reachers``): its
    role (-1 if it cannot attack ``t`` next turn), its up strength and whether it must get up
    first."""
    kind = member % SQUAD_SIZE
    if kind == PACIFIST or (kind != ATHLETE and c not in WITHIN_TWO[t] and c // GRID == t // GRID):
        return -1, 0, False
    _, spots, either = shared.free[t]
    targets = either if kind == NATURAL else spots
    ask = False
    if c in targets:
        ask = lying and kind != MOUSE
    elif lying and kind != MOUSE:
        return -1, 0, False
    elif (WITHIN_TWO if kind == ATHLETE else WITHIN_ONE)[c].isdisjoint(targets):
        return -1, 0, False
    role = 0 if kind == JOKER else 3 if kind == NATURAL else 2 if kind in (HAMMER, ANVIL) else 1
    return role, shared.table.up[member], ask


def best_attack(state: State, shared: _Threats | None = None) -> tuple[float, tuple[tuple[int, int], ...]]:
    """The best score reachable by an attack from ``state`` and the assignments that reach it."""
    return attack_options(state, shared)[0]


#: The place, in the order of ``itertools.product`` over every attacker's choices (no attack,
#: then each threat it reaches), of the last assignment ``attack_options`` looks at (``_kills``).
ASSIGNMENTS = 3000


def attack_options(state: State, shared: _Threats | None = None) -> list[tuple[float, tuple[tuple[int, int], ...]]]:
    """The attacks worth making from ``state``, best first: for each set of threats an attack can
    kill, its score and the first assignment found that kills it (killing nothing, first of all
    if nothing can be killed). ``shared``: what the tables of one maneuver share (``_Threats``)."""
    shared = shared or _Threats(state)
    score = _scorer(state, shared)
    attackers = _attackers(state)
    strengths = tuple([atk.attacker_strength(state, m, c) for m, c, _ in attackers])
    needs = {t: atk.threat_strength(state, t) for _, _, targets in attackers for t in targets}
    key: LineUp = (tuple([tuple(targets) for _, _, targets in attackers]), strengths, tuple(needs.items()))
    kills = shared.kills.get(key)
    if kills is None:
        kills = shared.kills[key] = _kills([targets for _, _, targets in attackers], strengths, needs)
    found = [(score(killed), tuple([(attackers[i][0], t) for i, t in choice])) for killed, choice in kills]
    return sorted(found, key=lambda o: -o[0]) if len(found) > 1 else found


def _kills(reaches: list[list[int]], strengths: tuple[int, ...],
           needs: dict[int, int]) -> list[tuple[frozenset[int], tuple[tuple[int, int], ...]]]:
    """Each set of threats some assignment of the attackers kills (the threats each reaches, their
    strengths, the threats' strengths), with the first assignment found that kills it, as
    (attacker's index, threat) pairs: the assignments in the order of ``itertools.product`` over
    every attacker's choices (no attack, then each threat it reaches), as far as the one in place
    ``ASSIGNMENTS``; an assignment that leaves an attacked threat standing is passed over."""
    options = [[-1] + targets for targets in reaches]
    found: dict[frozenset[int], tuple[tuple[int, int], ...]] = {}
    for count, choice in enumerate(product(*options)):
        if count > ASSIGNMENTS:
            break
        totals: dict[int, int] = {}
        for strength, target in zip(strengths, choice):
            if target >= 0:
                totals[target] = totals.get(target, 0) + strength
        if any(total < needs[t] for t, total in totals.items()):
            continue  # an attack that kills nothing only wastes the attackers
        killed = frozenset(totals)
        if killed not in found:
            found[killed] = tuple((i, t) for i, t in enumerate(choice) if t >= 0)
    return list(found.items())


def table_score(state: State, shared: _Threats | None = None) -> float:
    """The score of the best attack from here, counter-attack included (the heuristic's measure)."""
    return best_attack(state, shared)[0]


class HeuristicBot:
    """Greedy one-member-at-a-time maneuvers scored by a full attack and counter-attack look-ahead."""

    name = "heuristic"

    def __init__(self, seed: int = 0, width: int = 32) -> None:
        self.rng = Rng.from_seed(seed)
        self.width = width
        self.plan: list[Any] = []
        #: The turn and grid of the maneuver the plan belongs to: a plan outlives no maneuver (a
        #: maneuver that ends by itself leaves its closing ``EndPhase``, which would end the attack).
        self.planned: tuple[int, int] = (-1, -1)
        #: The attack chosen by playing the final turn out, and the turn and grid it is for.
        self.last_attack: tuple[tuple[int, int], ...] = ()
        self.looked: tuple[int, int] = (-1, -1)

    def choose(self, game: Game[Any, Any], view: Any, legal: tuple[Any, ...]) -> Any:
        state: State = view
        if state.phase is not Phase.MANEUVER or self.planned != (state.turn, state.active):
            self.plan = []
        while self.plan:
            action = self.plan.pop(0)
            if action in legal:
                return action
            if action is not STOP:
                self.plan = []
        if state.phase is Phase.MANEUVER:
            return self._maneuver(state, legal)
        if state.phase is Phase.ATTACK:
            if LAST_LOOK and before_last(state):
                if self.looked != (state.turn, state.active):  # played out once, at the first attack
                    self.looked, self.last_attack = (state.turn, state.active), last_look(state)[1]
                plan = self.last_attack
            else:
                _, plan = best_attack(state)
            for member, target in plan:
                action = ATTACK[member, target]
                if action in legal:
                    return action
            return END_PHASE
        if isinstance(legal[0], ChooseRow):
            return self._choose_row(state, legal)
        if isinstance(legal[0], Discard):
            return min(legal, key=lambda a: KEEP[a.member % SQUAD_SIZE])
        action, self.rng = self.rng.choice(legal)
        return action

    def _maneuver(self, state: State, legal: tuple[Any, ...]) -> Any:
        if state.selected >= 0:  # finishing an action: the best way for this member
            options = _member_options(state)
            if not options:
                return legal[-1]
            steps = max(options, key=lambda o: o[0])[1]
            self.plan, self.planned = steps[1:], (state.turn, state.active)
            return steps[0] if steps[0] in legal else legal[-1]
        width = self.width * 10 if state.final else self.width * 3 if not state.decks[state.active] else self.width
        plan = plan_maneuver(state, width)
        if not plan:
            return END_PHASE
        self.plan, self.planned = plan[1:] + [END_PHASE], (state.turn, state.active)
        return plan[0]

    def _choose_row(self, state: State, legal: tuple[Any, ...]) -> Any:
        return self._rows_by_score(state, legal)[0]

    def _rows_by_score(self, state: State, legal: tuple[Any, ...]) -> list[Any]:
        """The rows for the drawn threat, the one that leaves the squad the lowest score
        (``table_score``) first; of equal ones, the top row first."""
        scores = []
        for action in legal:
            work = Work(state)
            choose_row(work, action.row)
            scores.append((table_score(work.finish()), action.row, action))
        return [action for _, _, action in sorted(scores, key=lambda s: (s[0], s[1]))]


def plan_maneuver(state: State, width: int) -> list[Any]:
    """A beam search over whole maneuvers: the best sequence of member actions found
    (``maneuvers``). In the turn that calls the helicopter of a game that ends with this grid's
    next turn, the few best tables are judged by playing that last turn out (``last_look``)."""
    best_plan, kept = maneuvers(state, width)
    if LAST_LOOK and before_last(state):
        kept.sort(key=lambda k: -k[0])
        looks = [(last_look(_do(node, END_PHASE))[0], score, plan) for score, node, plan in kept[:LAST_LOOK]]
        best_plan = max(looks, key=lambda k: (k[0], k[1]))[2]
    return best_plan


def maneuvers(state: State, width: int) -> tuple[list[Any], list[tuple[float, State, list[Any]]]]:
    """The beam search of ``plan_maneuver``: the best sequence of member actions found (a deeper
    one only where it scores more than a hundredth above the best shallower one), and every
    table the beam kept, the root's first, each with its score (``table_score``) and the
    sequence that makes it. A member's action is closed (``Stop``) only on the tables the beam
    keeps. Maneuvers move the squad only, so every table of the search shares the root's threats
    (``_Threats``, read once)."""
    shared = _Threats(state)
    root_score = table_score(state, shared)
    best_score, best_plan = root_score, []
    beam: list[tuple[float, State, list[Any]]] = [(root_score, state, [])]
    kept: list[tuple[float, State, list[Any]]] = [(root_score, state, [])]
    seen: set[tuple[tuple[int, ...], frozenset[int]]] = {(state.squad, state.down)}
    while beam:
        children: list[tuple[float, State, list[Any], bool]] = []
        for _, node, plan in beam:
            for _target, steps in _assaults(node):
                after = _play(node, steps)
                key = (after.squad, after.down)
                if key not in seen:
                    seen.add(key)
                    children.append((table_score(after, shared), after, plan + steps, False))
            for member in man.actors(node):
                selected = _do(node, SELECT[member])
                for steps, after in _member_sequences(selected):
                    key = (after.squad, after.down)
                    if key in seen:
                        continue
                    seen.add(key)
                    children.append((table_score(after, shared), after, plan + [SELECT[member], *steps], True))
        children.sort(key=lambda c: -c[0])
        beam = [(score, _do(after, STOP) if stop else after, plan) for score, after, plan, stop in children[:width]]
        kept.extend(beam)
        if beam and beam[0][0] > best_score + 0.01:
            best_score, best_plan = beam[0][0], beam[0][2]
    return best_plan, kept


#: How many of its best tables the maneuver before the final turn plays out to the end, and with
#: how wide a beam the final turn is played there.
LAST_LOOK = 8
LAST_WIDTH = 16
#: How many of the best attacks (by their killed threats) are played out to the end there.
LAST_ATTACKS = 3


def before_last(state: State) -> bool:
    """Whether this is the turn that called the helicopter, with the game's last turn this
    grid's own next one (solo and competitive: nothing is dealt, so the rest is in sight)."""
    return len(state.decks) == 1 and not state.final and not state.decks[state.active]


def calls_helicopter(state: State) -> bool:
    """Whether the competitive game's threat seat, placing a drawn threat, is in the turn that
    calls the helicopter: the deck holds no more cards than the rows still to fill after this one."""
    return len(state.decks[state.active]) <= ROWS - 1 - len(state.dealt_rows)


def last_look(state: State) -> tuple[float, tuple[tuple[int, int], ...]]:
    """From the attack phase before the final turn (or a table past it): the best of the final
    turn's scores after each of the best attacks, and that attack. The final turn deals nothing,
    so it is played out exactly, with the heuristic's own beam (``LAST_WIDTH``)."""
    if state.phase is not Phase.ATTACK:
        return _final_value(state), ()
    best: tuple[float, tuple[tuple[int, int], ...]] = (float("-inf"), ())
    for _, assignment in attack_options(state)[:LAST_ATTACKS]:
        work = Work(state)
        work.events = []
        for member, target in assignment:
            atk.assign(work, ATTACK[member, target])
        RULES[type(END_PHASE)].do(work, END_PHASE)
        ENGINE.driver.run(work)
        value = _final_value(work.finish())
        if value > best[0]:
            best = (value, assignment)
    return best


def _final_value(state: State) -> float:
    """The final turn's score of the best maneuver and attack from ``state`` (a finished table:
    1000 won, -1000 lost)."""
    if state.phase is Phase.OVER:
        return -1000.0 if squad_eliminated(state) or threats_left(state) else 1000.0
    if state.phase is Phase.MANEUVER and state.selected < 0:
        plan = plan_maneuver(state, LAST_WIDTH)
        for step in plan:
            state = _do(state, step)
    return table_score(state)


def _assaults(state: State) -> list[tuple[int, list[Any]]]:
    """For each threat with strength, moves that gather enough attackers around it this turn
    (the Joker joins when one point is missing)."""
    out = []
    tables = geometry(state)
    attackable = table_of(state).attackable
    # who stands ready on the table itself, who may move and where: read once for every threat
    ready, movers = _attackers(state), _movers(state)
    reach: dict[int, list[int]] = {}
    for target, card in enumerate(state.threats):
        if card < 0 or not attackable[card] or target // GRID != state.active and not _touches(state, target):
            continue
        steps: list[Any] = []
        node = state
        for _ in range(4):
            at_root = node is state
            need = atk.threat_strength(node, target)
            around = _around(ready if at_root else _attackers(node), target)
            have = sum(atk.attacker_strength(node, m, c) for m, c in around)
            if have >= need:
                out.append((target, steps))
                break
            move = _closing_move(node, target, tables.adjacent[target], have + 1 >= need,
                                 movers if at_root else _movers(node), reach if at_root else {})
            if move is None:
                move = _pacifist_move(node, around)
            if move is None:
                break
            node = _play(node, move)
            steps = steps + move
    return out


def _touches(state: State, target: int) -> bool:
    return any(state.squad[n] >= 0 for n in geometry(state).adjacent[target])


def _around(attackers: list[tuple[int, int, list[int]]], target: int) -> list[tuple[int, int]]:
    """The members of ``attackers`` (``_attackers``) able to attack ``target`` from where they stand."""
    return [(member, cell) for member, cell, targets in attackers if target in targets]


def _movers(state: State) -> list[tuple[int, int, int]]:
    """The members of the grid in play that may still act and can help an attack, as (cell,
    member, kind): the strongest attackers first, the Joker (which weakens a threat instead)
    last."""
    squad, rotated = state.squad, state.rotated
    movers = []
    for cell in geometry(state).map_cells[state.active]:
        member = squad[cell]
        if member < 0 or member in rotated:
            continue
        kind = member % SQUAD_SIZE
        if kind == PACIFIST or not atk.can_attack(state, member) and kind != JOKER:
            continue
        movers.append((0 if kind == JOKER else -atk.attacker_strength(state, member, cell), cell, member))
    return [(cell, member, member % SQUAD_SIZE) for _, cell, member in sorted(movers)]


def _closing_move(state: State, target: int, spots: tuple[int, ...], joker: bool,
                  movers: list[tuple[int, int, int]], reach: dict[int, list[int]]) -> list[Any] | None:
    """One member's move onto an empty cell next to ``target``: the strongest mover first (the
    Joker only when ``joker``). ``movers`` are the table's (``_movers``); ``reach`` keeps the
    cells each member may move to, as met, for a table asked about several threats."""
    squad = state.squad
    empty = [c for c in spots if squad[c] < 0 and state.threats[c] < 0]
    if not empty:
        return None
    for cell, member, kind in movers:
        if cell in spots or kind == JOKER and not joker:
            continue
        first = reach.get(member)
        if first is None:
            first = reach[member] = man.move_targets(state, member, cell)
        for spot in empty:
            if spot in first:
                tail = [STOP] if member % SQUAD_SIZE in (ATHLETE, MOUSE) else []
                return [SELECT[member], MOVE[spot], *tail]
        if member % SQUAD_SIZE == ATHLETE:
            selected: State | None = None
            for step in first:
                if squad[step] >= 0:
                    continue
                if selected is None:
                    selected = _do(state, SELECT[member])
                second = man.move_targets(_do(selected, MOVE[step]), member, step)
                spot = next((sp for sp in empty if sp in second), -1)
                if spot >= 0:
                    return [SELECT[member], MOVE[step], MOVE[spot]]
    return None


def _pacifist_move(state: State, around: list[tuple[int, int]]) -> list[Any] | None:
    """Bring the up Pacifist next to a Hammer or an Anvil among ``around``, the members attacking
    a threat (``_around``)."""
    squad = state.squad
    hitters = [c for m, c in around if m % SQUAD_SIZE in (HAMMER, ANVIL)]
    if not hitters:
        return None
    tables = geometry(state)
    for cell in tables.map_cells[state.active]:
        member = squad[cell]
        if member >= 0 and member % SQUAD_SIZE == PACIFIST and member not in state.rotated and member not in state.down:
            spots = {n for h in hitters for n in tables.adjacent[h] if squad[n] < 0 and state.threats[n] < 0}
            if any(n in spots for h in hitters for n in tables.adjacent[h] if n == cell):
                return None
            for spot in man.move_targets(state, member, cell):
                if spot in spots:
                    return [SELECT[member], MOVE[spot]]
    return None


def _play(state: State, steps: list[Any]) -> State:
    """``state`` after the member actions ``steps`` and a ``Stop``, played on one working copy."""
    work = Work(state)
    for step in [*steps, STOP]:
        work.events = []
        RULES[type(step)].do(work, step)
    return work.finish()


def _member_sequences(state: State) -> list[tuple[list[Any], State]]:
    """Every way the selected member can act (one step, or a step and its follow-up), each with
    the table it leaves."""
    out: list[tuple[list[Any], State]] = []
    for action in man.member_actions(state):
        after = _do(state, action)
        if after.selected >= 0 and after.moved:
            out.append(([action, STOP], _do(after, STOP)))
            for second in man.member_actions(after):
                if second is not STOP:
                    out.append(([action, second], _do(after, second)))
        else:
            out.append(([action], after))
    return out


def _member_options(state: State) -> list[tuple[float, list[Any]]]:
    """Score every way the selected member can act (one step, or a step and its follow-up)."""
    shared = _Threats(state)
    out: list[tuple[float, list[Any]]] = []
    for action in man.member_actions(state):
        after = _do(state, action)
        if after.selected >= 0 and after.moved:
            out.append((table_score(after, shared), [action, STOP]))
            for second in man.member_actions(after):
                if second is not STOP:
                    out.append((table_score(_do(after, second), shared), [action, second]))
        else:
            out.append((table_score(after, shared), [action]))
    return out


def _do(state: State, action: Any) -> State:
    """``state`` (a view) after the member action ``action``, by its rule, without playing on."""
    work = Work(state)
    work.events = []
    RULES[type(action)].do(work, action)
    return work.finish()


#: How many of the heuristic's best maneuvers the lookahead bot weighs, and how wide a beam the
#: heuristic plans with on the tables it draws (its own is ``HeuristicBot``'s, 32).
LOOK_PLANS = 4
LOOK_WIDTH = 8
#: The tables the lookahead bot draws for each maneuver it weighs, by the number of grids: a
#: cooperative table plays the partner's turn too, on two grids, about four times a solo one's work.
LOOK_DRAWS = {1: 8, 2: 2}
#: The tables drawn for each row the competitive game's threat seat weighs: a row's play-out
#: runs through the squad's whole maneuver, and a turn asks three times.
ROW_DRAWS = 4
#: The most tables a lookahead bot may be asked to draw for each maneuver or row (``lookahead:N``).
MAX_DRAWS = 64
#: What a drawn table that ends before the grid's next maneuver is worth: a win or a loss, on the
#: scale of ``_final_value``.
ENDED = 1000.0
#: The oracle form's plans and horizon (``oracle:lookahead``): with the one table that will be
#: played, a look two maneuvers ahead pays; on drawn tables it did not (docs/agents.md).
ORACLE_PLANS = 8
ORACLE_HORIZON = 2


class LookaheadBot(HeuristicBot):
    """The heuristic bot, but at each maneuver of a turn that has not called the helicopter it
    weighs the heuristic's few best maneuvers (``LOOK_PLANS``: the highest-scored tables its beam
    kept) on tables drawn from its view (``determinize``: the threat decks shuffled). On each
    drawn table it makes the maneuver, then the heuristic (a beam ``LOOK_WIDTH`` wide) plays on
    until this grid's next maneuver, and the best table the heuristic's beam finds there is the
    maneuver's worth (a game over by then is worth ``ENDED``, won or lost; ``horizon`` 2 plays on to
    the grid's second maneuver from now, and so on). Every maneuver is
    weighed on the same tables, with the same seeds; the best total is made. As the competitive
    game's threat seat it weighs every free row for each drawn threat the same way
    (``ROW_DRAWS`` tables), the squad's best table at its next turn's maneuver counted against it.
    The turn that calls the helicopter, the final turn, the attacks and the discards are the
    heuristic's own. It sees only its view: a fair player.

    ``draws`` tables a maneuver or row (by default ``LOOK_DRAWS`` for the table's grids, or
    ``ROW_DRAWS``), or as many as fit in ``seconds`` (checked after each drawn table, on which
    every option is weighed; at least one: not reproducible, as any budget in time)."""

    name = "lookahead"

    def __init__(self, seed: int = 0, draws: int | None = None, plans: int = LOOK_PLANS, width: int = 32,
                 inner: int = LOOK_WIDTH, *, seconds: float | None = None, horizon: int = 1) -> None:
        super().__init__(seed, width)
        for what, value, most in (("draws", draws, MAX_DRAWS), ("plans", plans, 16), ("inner", inner, 64),
                                  ("horizon", horizon, 8)):
            if value is None and what == "draws":
                continue
            if type(value) is not int or not 1 <= value <= most:
                raise ValueError(f"{what} must be a whole number from 1 to {most}, got {value!r}")
        if draws is not None and seconds is not None:
            raise ValueError("give the tables drawn for each plan or a time, not both")
        Budget(draws, seconds, 1)  # refuses a bad time
        self.draws, self.plans, self.inner, self.seconds, self.horizon = draws, plans, inner, seconds, horizon
        #: The maneuvers (or rows, each a list of its one action) weighed at the last decision that
        #: looked ahead, with their totals (best first).
        self.weighed: list[tuple[float, list[Any]]] = []

    def _maneuver(self, state: State, legal: tuple[Any, ...]) -> Any:
        if state.selected >= 0 or state.final or before_last(state) or self.plans == 1:
            return super()._maneuver(state, legal)
        _, kept = maneuvers(state, self.width)
        kept.sort(key=lambda k: -k[0])
        best = self._weigh(state, [plan for _, _, plan in kept[:self.plans]], self._worth)
        if not best:
            return END_PHASE
        self.plan, self.planned = best[1:] + [END_PHASE], (state.turn, state.active)
        return best[0]

    def _choose_row(self, state: State, legal: tuple[Any, ...]) -> Any:
        """The competitive game's threat seat: every free row for the drawn threat, weighed like a
        maneuver (``_row_worth``), the heuristic's order first (so its choice wins a tie)."""
        if self.plans == 1 or len(legal) == 1 or calls_helicopter(state):
            return super()._choose_row(state, legal)
        return self._weigh(state, [[action] for action in self._rows_by_score(state, legal)], self._row_worth)[0]

    def _weigh(self, state: State, options: list[list[Any]],
               worth: Callable[[State, int, list[Any], int], float]) -> list[Any]:
        """The option (a maneuver's actions, or a row) with the best total ``worth`` over the drawn
        tables, every option on the same tables with the same seeds; the first of equal totals.
        Keeps them all in ``weighed``."""
        me = state.viewer if state.viewer is not None else current_player(state)
        assert me is not None, "a decision has a decider"
        budget = Budget(None if self.seconds is not None else self.draws or self._draws(state), self.seconds, 1)
        sums = [0.0] * len(options)
        started, drawn = time.perf_counter(), 0
        while budget.more(drawn, started):
            key, self.rng = self.rng.below(2 ** 31)
            for i, option in enumerate(options):
                sums[i] += worth(state, me, option, key)
            drawn += 1
        self.weighed = sorted(zip(sums, options), key=lambda t: -t[0])  # a stable sort
        return self.weighed[0][1]

    def _draws(self, state: State) -> int:
        """The tables drawn for each maneuver or row weighed, when the name gives no count nor time."""
        return ROW_DRAWS if state.pending >= 0 else LOOK_DRAWS.get(len(state.decks), 2)

    def _table(self, seen: State, me: int, key: int) -> State:
        """The table a maneuver or a row is weighed on: one drawn from the view with ``key``."""
        return determinize(seen, me, key)

    def _worth(self, seen: State, me: int, plan: list[Any], key: int) -> float:
        """What ``plan`` (then ending the maneuver) is worth on the table drawn from ``seen`` with
        ``key``, the heuristic playing on (``_play_on``)."""
        bot = HeuristicBot(key, self.inner)
        bot.plan, bot.planned = [*plan, END_PHASE], (seen.turn, seen.active)
        return self._play_on(self._table(seen, me, key), seen, me, bot)

    def _row_worth(self, seen: State, me: int, row: list[Any], key: int) -> float:
        """What putting the drawn threat in the row ``row[0]`` is worth to the threat seat on the
        table drawn from ``seen`` with ``key``, the heuristic playing on for both seats
        (``_play_on``)."""
        return self._play_on(moves(self._table(seen, me, key)).play(row[0]), seen, me, HeuristicBot(key, self.inner))

    def _play_on(self, table: State, seen: State, me: int, bot: HeuristicBot) -> float:
        """``table``'s worth to ``me``, ``bot`` playing every seat on until the grid of ``seen``
        reaches its ``horizon``-th maneuver of a turn after ``seen``'s: the best table the
        heuristic's beam finds there, counted against the competitive game's threat seat (the
        squad's gain is its loss); a game over by then is worth ``ENDED``, won or lost."""
        sign = -1.0 if seen.options.variant == "competitive" and me == THREAT_SEAT else 1.0
        turn, ahead = seen.turn, 0
        while True:
            if table.phase is Phase.OVER:
                return ENDED if returns(table)[me] > 0 else -ENDED
            if (table.phase is Phase.MANEUVER and table.selected < 0 and table.active == seen.active
                    and table.turn > turn):
                turn, ahead = table.turn, ahead + 1
                if ahead == self.horizon:
                    _, kept = maneuvers(view(table, me), self.inner)
                    return sign * max(score for score, _, _ in kept)
            listed = moves(table)
            legal = listed.actions
            if len(legal) == 1:
                table = listed.play(legal[0])
                continue
            seat = current_player(table)
            assert seat is not None, "a table that is not over has a decider"
            table = listed.play(bot.choose(GAME, view(table, seat), legal))


class OracleLookahead(LookaheadBot):
    """The lookahead bot on the referee's table (``oracle:lookahead``): **not a fair player**. It is
    handed the whole table, the threat decks in their order, so it weighs the beam's
    ``ORACLE_PLANS`` best maneuvers on the one table that will be played, each played on to its
    grid's ``ORACLE_HORIZON``-th maneuver from now (and, as the competitive game's threat seat,
    every free row, to the squad's ``ORACLE_HORIZON``-th maneuver of a later turn). One table an option
    by default: more (``oracle:lookahead:N``) change only the ties of the heuristic that plays on.
    An upper bound of how winnable a deal is for this kind of play."""

    name = "oracle:lookahead"
    sees_table = True

    def __init__(self, seed: int = 0, draws: int | None = None, plans: int = ORACLE_PLANS, width: int = 32,
                 inner: int = LOOK_WIDTH, *, seconds: float | None = None, horizon: int = ORACLE_HORIZON) -> None:
        super().__init__(seed, draws, plans, width, inner, seconds=seconds, horizon=horizon)

    def _draws(self, state: State) -> int:
        return 1

    def _table(self, seen: State, me: int, key: int) -> State:
        return seen


#: The bots of a balance table by default (``wasteland.balance.default_bots``): here the lookahead
#: bot, the best fair bot measured, and its oracle form, not the search, which does not win here.
BALANCE_BOTS: tuple[str, ...] = ("lookahead", "oracle:lookahead")


#: The settings of ``ismcts:<budget>`` and ``flat:<budget>`` with nothing else given (docs/agents.md).
SEARCH: dict[str, Any] = {"rollout": "random", "depth": 8}
#: The threat cards dealt a turn (a turn's worth of the threat decks).
PER_TURN = 4.0
#: How hard each threat on the map weighs against the squad's hope, with no turn left to kill it.
THREAT_WEIGHT = 0.5


def evaluate(state: State) -> tuple[float, ...]:
    """The squad's chance in [0, 1]: the square of the share of its members still on the map (a
    member down counts half), held back by the threats on the map, which weigh less the more turns are left
    before the helicopter. The competitive game's threat player gets the rest. A finished table
    is worth its returns."""
    n = state.options.players
    if state.phase is Phase.OVER:
        won = 0.0 if squad_eliminated(state) or threats_left(state) else 1.0
    else:
        members = [m for m in state.squad if m >= 0]
        standing = sum(0.5 if m in state.down else 1.0 for m in members)
        squads = len(state.decks)
        alive = standing / (7.0 * squads)
        threats = sum(1 for t in state.threats if t >= 0)
        turns = sum(len(d) for d in state.decks) / (PER_TURN * squads)
        won = min(1.0, alive) ** 2 * math.exp(-THREAT_WEIGHT * threats / (squads * (1.0 + turns)))
    if state.options.variant == "competitive":
        return (won, 1.0 - won)
    return (won,) * n
