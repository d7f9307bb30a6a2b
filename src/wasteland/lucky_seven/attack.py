"""Attack: each standing squad member may attack one adjacent threat.

Attackers are assigned one by one (``Attack``); ``EndPhase`` resolves them:
a threat falls when the combined strength of its attackers reaches its
strength. An attacker's strength is that of its visible side (``table_of``).
The Joker and the Pacifist cannot attack; each up Joker makes the adjacent
threats 1 weaker (two Jokers, one from each grid of the cooperative game,
take 2 off a threat they both touch); the Hammer and the Anvil have 1 more
strength (2 in the public set) while the Pacifist is adjacent and up; the
Natural also attacks diagonally; the Mouse attacks while down. Threats
without strength (Tank, Flare, Mortar) cannot be attacked. A defeated Depot
flips over instead of being discarded.

``attack_reason`` and ``assign`` are the ``Attack`` rule; ``resolve_attack`` is the
handler of the ``ResolveAttack`` effect.
"""

from __future__ import annotations

from typing import Collection, Iterator

from wasteland.lucky_seven.actions import ATTACK, Attack
from wasteland.lucky_seven.board import Board, cell_reason, geometry, member_reason, phase_reason
from wasteland.lucky_seven.card_set import table_of
from wasteland.lucky_seven.cards import ANVIL, DEPOT_KIND, HAMMER, JOKER, MOUSE, NATURAL, PACIFIST, SQUAD_SIZE
from wasteland.lucky_seven.state import Attacked, ResolveAttack, State, Work

__all__ = [
    "can_attack", "reach", "attackers", "attack_actions", "any_attack", "attack_reason", "assign", "threat_strength",
    "attacker_strength", "resolve_attack",
]


def can_attack(state: Board, member: int) -> bool:
    """Up members with strength attack, the Mouse also while down (with its down strength);
    never the Joker or the Pacifist, nor a member whose visible side has strength 0."""
    kind = member % SQUAD_SIZE
    if kind == JOKER or kind == PACIFIST:
        return False
    if member in state.down:
        return kind == MOUSE and table_of(state).down[member] > 0
    return table_of(state).up[member] > 0


def reach(state: Board, member: int, cell: int) -> list[int]:
    """The cells of the threats ``member`` (in ``cell``) may attack."""
    threats = state.threats
    tables = geometry(state)
    attackable = table_of(state).attackable
    out = [n for n in tables.adjacent[cell] if threats[n] >= 0 and attackable[threats[n]]]
    if member % SQUAD_SIZE == NATURAL and member not in state.down:
        out += [n for n in tables.diagonal[cell] if threats[n] >= 0 and attackable[threats[n]]]
    return out


def _assigned(state: Board) -> set[int]:
    return {member for member, _ in state.attacks}


def attackers(state: Board, skip: Collection[int] = ()) -> Iterator[tuple[int, int, list[int]]]:
    """Each member of the grid in play that may attack (``can_attack``), but those in ``skip``,
    with its cell and the cells of the threats it reaches (``reach``), in the grid's order; a
    member that reaches no threat is left out. The same rules as ``can_attack`` and ``reach``,
    read once for the whole grid: the driver asks after every assignment whether an attack is
    left, and the heuristic bot reads every attack of a table."""
    squad, threats, down = state.squad, state.threats, state.down
    table = table_of(state)
    attackable, up_strength, down_strength = table.attackable, table.up, table.down
    tables = geometry(state)
    adjacent, diagonal = tables.adjacent, tables.diagonal
    for cell in tables.map_cells[state.active]:
        member = squad[cell]
        if member < 0 or member in skip:
            continue
        kind = member % SQUAD_SIZE
        if kind == JOKER or kind == PACIFIST:
            continue
        if member in down:
            if kind != MOUSE or down_strength[member] <= 0:
                continue
            near = adjacent[cell]
        else:
            if up_strength[member] <= 0:
                continue
            near = adjacent[cell] + diagonal[cell] if kind == NATURAL else adjacent[cell]
        targets = [n for n in near if threats[n] >= 0 and attackable[threats[n]]]
        if targets:
            yield member, cell, targets


def attack_actions(state: Board) -> list[Attack]:
    return [ATTACK[member, target] for member, _, targets in attackers(state, _assigned(state)) for target in targets]


def any_attack(state: Board) -> bool:
    """Whether some member may still attack (``attack_actions`` would offer more than ending the
    phase): the first of ``attackers``, so it stops at the first member with a threat in reach."""
    assigned = {member for member, _ in state.attacks} if state.attacks else ()
    return next(attackers(state, assigned), None) is not None


def attack_reason(state: State, action: Attack) -> str | None:
    """Why ``action`` is not legal now: the attack phase, a member of the grid in play that has
    not attacked and can, a threat it reaches."""
    reason = phase_reason(state, action)
    if reason is not None:
        return reason
    member, cell = action.member, action.cell
    reason = member_reason(state, member) or cell_reason(state, cell)
    if reason is not None:
        return reason
    if any(m == member for m, _ in state.attacks):
        return "that squad member has already attacked"
    if not can_attack(state, member):
        return "that squad member cannot attack"
    if cell not in reach(state, member, state.squad.index(member)):
        return "there is no threat it can attack in that cell"
    return None


def assign(work: Work, action: Attack) -> None:
    """The attacker is assigned to the threat; the attacks resolve when the phase ends."""
    work.attacks.append((action.member, action.cell))


def threat_strength(state: Board, cell: int) -> int:
    """The printed strength, 1 less for each up Joker adjacent (never below 0)."""
    strength = table_of(state).strength[state.threats[cell]]
    squad, down = state.squad, state.down
    for near in geometry(state).adjacent[cell]:
        member = squad[near]
        if member >= 0 and member % SQUAD_SIZE == JOKER and member not in down:
            strength -= 1
    return strength if strength > 0 else 0


def attacker_strength(state: Board, member: int, cell: int) -> int:
    """The strength of the attacker's visible side (1 for every attacker of the public set);
    one more for the Hammer and the Anvil next to an up Pacifist (2 in the public set)."""
    table = table_of(state)
    down = state.down
    strength = table.down[member] if member in down else table.up[member]
    if member % SQUAD_SIZE in (HAMMER, ANVIL):
        squad = state.squad
        for near in geometry(state).adjacent[cell]:
            other = squad[near]
            if other >= 0 and other % SQUAD_SIZE == PACIFIST and other not in down:
                return strength + 1
    return strength


def resolve_attack(work: Work, _: ResolveAttack | None = None) -> None:
    """Discard every attacked threat whose attackers' combined strength reaches its strength."""
    totals: dict[int, int] = {}
    squad = work.squad
    for member, target in work.attacks:
        totals[target] = totals.get(target, 0) + attacker_strength(work, member, squad.index(member))
    threats = work.threats
    kinds = table_of(work).kind
    for target in sorted(totals):
        needed = threat_strength(work, target)
        card = threats[target]
        defeated = totals[target] >= needed
        if defeated:
            threats[target] = -1
            (work.depots if kinds[card] == DEPOT_KIND else work.discard).append(card)
        work.events.append(Attacked(card, target, totals[target], needed, defeated))
    work.attacks = []
