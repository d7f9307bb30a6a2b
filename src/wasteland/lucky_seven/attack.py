"""Attack: each standing squad member may attack one adjacent threat.

Attackers are assigned one by one (``Attack``); ``EndPhase`` resolves them:
a threat falls when the combined strength of its attackers reaches its
strength. An attacker's strength is that of its visible side (``cards_of``).
The Joker and the Pacifist cannot attack; the Joker makes adjacent
threats 1 weaker; the Hammer and the Anvil have 1 more strength (2 in the
public set) while the Pacifist is adjacent and up; the Natural also attacks diagonally; the Mouse attacks
while down. Threats without strength (Tank, Flare, Mortar) cannot be attacked.
A defeated Depot flips over instead of being discarded.
"""

from __future__ import annotations

from wasteland.core.records import replace

from wasteland.lucky_seven.actions import ATTACK, Attack
from wasteland.lucky_seven.cards import ANVIL, DEPOT_KIND, HAMMER, JOKER, MOUSE, NATURAL, PACIFIST, SQUAD_SIZE
from wasteland.lucky_seven.state import State
from wasteland.lucky_seven.table import Board, Work, cards_of, layout

__all__ = [
    "can_attack", "reach", "attack_actions", "any_attack", "assign", "threat_strength",
    "attacker_strength", "resolve_attack",
]


def can_attack(state: Board, member: int) -> bool:
    """Up members with strength attack, the Mouse also while down (with its down strength);
    never the Joker or the Pacifist, nor a member whose visible side has strength 0."""
    kind = member % SQUAD_SIZE
    if kind == JOKER or kind == PACIFIST:
        return False
    if member in state.down:
        return kind == MOUSE and cards_of(state).down[member] > 0
    return cards_of(state).up[member] > 0


def reach(state: Board, member: int, cell: int) -> list[int]:
    """The cells of the threats ``member`` (in ``cell``) may attack."""
    threats = state.threats
    geometry = layout(state)
    attackable = cards_of(state).attackable
    out = [n for n in geometry.adjacent[cell] if threats[n] >= 0 and attackable[threats[n]]]
    if member % SQUAD_SIZE == NATURAL and member not in state.down:
        out += [n for n in geometry.diagonal[cell] if threats[n] >= 0 and attackable[threats[n]]]
    return out


def _assigned(state: Board) -> set[int]:
    return {member for member, _ in state.attacks}


def attack_actions(state: Board) -> list[Attack]:
    assigned = _assigned(state)
    squad = state.squad
    out: list[Attack] = []
    for cell in layout(state).map_cells[state.active]:
        member = squad[cell]
        if member >= 0 and member not in assigned and can_attack(state, member):
            out += [ATTACK[member, target] for target in reach(state, member, cell)]
    return out


def any_attack(state: Board) -> bool:
    assigned = _assigned(state)
    squad = state.squad
    for cell in layout(state).map_cells[state.active]:
        member = squad[cell]
        if member >= 0 and member not in assigned and can_attack(state, member) and reach(state, member, cell):
            return True
    return False


def assign(state: State, member: int, cell: int) -> State:
    return replace(state, attacks=state.attacks + ((member, cell),))


def threat_strength(state: Board, cell: int) -> int:
    """The printed strength, 1 less while an up Joker is adjacent (never below 0)."""
    strength = cards_of(state).strength[state.threats[cell]]
    squad, down = state.squad, state.down
    for near in layout(state).adjacent[cell]:
        member = squad[near]
        if member >= 0 and member % SQUAD_SIZE == JOKER and member not in down:
            return max(strength - 1, 0)
    return strength


def attacker_strength(state: Board, member: int, cell: int) -> int:
    """The strength of the attacker's visible side (1 for every attacker of the public set);
    one more for the Hammer and the Anvil next to an up Pacifist (2 in the public set)."""
    table = cards_of(state)
    down = state.down
    strength = table.down[member] if member in down else table.up[member]
    if member % SQUAD_SIZE in (HAMMER, ANVIL):
        squad = state.squad
        for near in layout(state).adjacent[cell]:
            other = squad[near]
            if other >= 0 and other % SQUAD_SIZE == PACIFIST and other not in down:
                return strength + 1
    return strength


def resolve_attack(work: Work) -> None:
    """Discard every attacked threat whose attackers' combined strength reaches its strength."""
    totals: dict[int, int] = {}
    squad = work.squad
    for member, target in work.attacks:
        totals[target] = totals.get(target, 0) + attacker_strength(work, member, squad.index(member))
    threats = work.threats
    kinds = cards_of(work).kind
    for target in sorted(totals):
        if totals[target] >= threat_strength(work, target):
            card = threats[target]
            threats[target] = -1
            (work.depots if kinds[card] == DEPOT_KIND else work.discard).append(card)
    work.attacks = []
