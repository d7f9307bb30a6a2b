"""The skirmish (round 3 on): reveal, Saboteur and Sniper Team declarations, fight, the winner.

The cards left in each hand are that tribe's force; :class:`RevealForces`
reveals them. From the initiator clockwise each tribe declares its units'
special actions (:class:`Declare` offers a seat its turn, passing over a seat
with no unit able to act; :class:`Declaring` waits for its decisions); a unit
disarmed or sniped before its owner declares never acts. Hit cards go to their
owner's discard. Then :class:`ResolveSkirmish` totals the fights, breaks ties
by the people present (not with two players, where the winner must lead by 2),
and gives the top contested resource to the winner or, in a stalemate,
shuffles it into the junkyard. The initiator card passes left, and the next
draw phase (or the end of the game) follows.
"""

from __future__ import annotations

from wasteland.arctic_scavengers import actions as A
from wasteland.arctic_scavengers.card_set import table_of
from wasteland.arctic_scavengers.cards import FIGHT, CardTable
from wasteland.arctic_scavengers.gathering import best_total, out_of_phase
from wasteland.arctic_scavengers.state import (
    Cards, Declare, Declaring, DrawPhase, EndOfGame, ForcesRevealed, Phase, ResolveSkirmish, RevealForces,
    SkirmishResolved, State, Work, remove_one, set_at,
)

__all__ = [
    "TWO_PLAYER_MARGIN", "fight_total", "people_present", "skirmish_result", "skirmish_winner",
    "declaration_actions", "sabotage_reason", "snipe_reason", "end_declarations_reason",
    "declare_sabotage", "declare_snipe", "end_declarations", "reveal_forces", "declare", "resolve_skirmish",
]

#: With two players a skirmish must be won by this margin, otherwise it is a stalemate.
TWO_PLAYER_MARGIN = 2


def fight_total(table: CardTable, force: Cards, spent: Cards = ()) -> int:
    """The force's fight value with its tools and Group Leaders placed at best.

    Units that declared a special action (``spent``) do not fight. Placing the
    modifiers at best is the owner reassigning them after a snipe or disarm.
    """
    return best_total(table, tuple(c for c in force if c not in spent) if spent else force, FIGHT)


def people_present(table: CardTable, force: Cards) -> int:
    """People in the force (Refugees and Tribe Families count), for breaking ties."""
    people = table.people
    total = 0
    for c in force:
        total += people[c]
    return total


def skirmish_result(state: State | Work) -> tuple[int | None, tuple[int, ...], tuple[int, ...]]:
    """The winner as the forces now stand (None for a stalemate), each force's fight total
    and each force's people present. ``state`` is a state or a working copy."""
    n = state.options.players
    table = table_of(state)
    spent = tuple(state.spent)
    fights = tuple(fight_total(table, state.hands[p], spent) for p in range(n))
    people = tuple(people_present(table, state.hands[p]) for p in range(n))
    best = max(fights)
    leaders = [p for p in range(n) if fights[p] == best]
    if n == 2:
        winner = leaders[0] if abs(fights[0] - fights[1]) >= TWO_PLAYER_MARGIN else None
    elif len(leaders) == 1:
        winner = leaders[0]
    else:
        present = [people[p] for p in leaders]
        most = max(present)
        winner = leaders[present.index(most)] if present.count(most) == 1 else None
    return winner, fights, people


def skirmish_winner(state: State) -> int | None:
    """The tribe that wins the skirmish as the forces now stand, or None for a stalemate."""
    return skirmish_result(state)[0]


def _units(state: State | Work, table: CardTable, p: int) -> tuple[list[int], list[int]]:
    """Saboteurs and Sniper Teams of ``p`` that may still declare."""
    saboteurs: list[int] = []
    snipers: list[int] = []
    spent = state.spent
    is_saboteur, is_sniper = table.is_saboteur, table.is_sniper
    for c in state.hands[p]:
        if is_saboteur[c] and c not in spent:
            saboteurs.append(c)
        elif is_sniper[c] and c not in spent:
            snipers.append(c)
    return saboteurs, snipers


def _targets(state: State | Work, p: int, check: tuple[bool, ...]) -> list[int]:
    n = state.options.players
    return [c for q in range(p + 1, p + n) for c in state.hands[q % n] if check[c]]


def _can_declare(state: State | Work, table: CardTable, p: int) -> bool:
    saboteurs, snipers = _units(state, table, p)
    return bool((saboteurs and _targets(state, p, table.is_tool))
                or (snipers and _targets(state, p, table.is_person)))


# --- the legal actions and their checks -------------------------------------------------


def declaration_actions(state: State) -> list[A.Action]:
    p = state.turn
    table = table_of(state)
    saboteurs, snipers = _units(state, table, p)
    out: list[A.Action] = []
    if saboteurs:
        tools = _targets(state, p, table.is_tool)
        out += [A.Sabotage(s, t) for s in saboteurs for t in tools]
    if snipers:
        persons = _targets(state, p, table.is_person)
        out += [A.Snipe(s, t) for s in snipers for t in persons]
    out.append(A.END_DECLARATIONS)
    return out


_SKIRMISH = Phase.SKIRMISH


def _unit_reason(state: State, unit: int, kind: tuple[bool, ...], what: str) -> str | None:
    if unit not in state.hands[state.turn]:
        return f"{what} {unit} is not in your force"
    if not kind[unit]:
        return f"card {unit} is not a {what}"
    if unit in state.spent:
        return f"that {what} has already declared"
    return None


def _target_reason(state: State, target: int, kind: tuple[bool, ...], what: str) -> str | None:
    p = state.turn
    if not any(target in state.hands[q] for q in range(state.options.players) if q != p):
        return f"target {target} is not in another tribe's force"
    if not kind[target]:
        return f"the target must be a {what}"
    return None


def sabotage_reason(state: State, action: A.Sabotage) -> str | None:
    if state.phase is not _SKIRMISH:
        return out_of_phase(state, _SKIRMISH, "disarming")
    table = table_of(state)
    return (_unit_reason(state, action.saboteur, table.is_saboteur, "Saboteur")
            or _target_reason(state, action.target, table.is_tool, "tool"))


def snipe_reason(state: State, action: A.Snipe) -> str | None:
    if state.phase is not _SKIRMISH:
        return out_of_phase(state, _SKIRMISH, "sniping")
    table = table_of(state)
    return (_unit_reason(state, action.sniper, table.is_sniper, "Sniper Team")
            or _target_reason(state, action.target, table.is_person, "person"))


def end_declarations_reason(state: State, action: A.EndDeclarations) -> str | None:
    return out_of_phase(state, _SKIRMISH, "ending the declarations")


# --- the rules (the check has passed) -----------------------------------------------------


def _hit(work: Work, unit: int, target: int) -> None:
    """``target`` leaves its force for its owner's discard; ``unit`` has declared. The same
    seat is offered its declarations again (it goes on if it still has a unit able to act)."""
    p = work.turn
    hands = work.hands
    owner = next(q for q in range(work.options.players) if q != p and target in hands[q])
    hands[owner] = remove_one(hands[owner], target)
    work.discards[owner] += (target,)
    work.spent += (unit,)
    work.stack[-1] = Declare(p)


def declare_sabotage(work: Work, action: A.Sabotage) -> None:
    _hit(work, action.saboteur, action.target)


def declare_snipe(work: Work, action: A.Snipe) -> None:
    _hit(work, action.sniper, action.target)


def end_declarations(work: Work, action: A.EndDeclarations) -> None:
    """The seat declares nothing more: the next seat clockwise is offered its turn, or,
    once every seat from the initiator on has had it, the skirmish is resolved."""
    nxt = (work.turn + 1) % work.options.players
    if nxt != work.initiator:
        work.stack[-1] = Declare(nxt)
    else:
        work.stack.pop()


# --- the effects ----------------------------------------------------------------------------


def reveal_forces(work: Work, effect: RevealForces) -> None:
    """Every force is revealed: its cards no longer enter a discard unseen."""
    work.phase = Phase.SKIRMISH
    work.secret = tuple(s - frozenset(h) if s else s for s, h in zip(work.secret, work.hands))
    work.spent = ()
    work.events.append(ForcesRevealed(tuple(work.hands)))


def declare(work: Work, effect: Declare) -> None:
    """``seat`` declares if it has a unit able to act; otherwise the next seat is offered
    its turn, until the initiator comes round again."""
    seat = effect.seat
    if _can_declare(work, table_of(work), seat):
        work.turn = seat
        work.stack.append(Declaring(seat))
        return
    nxt = (seat + 1) % work.options.players
    if nxt != work.initiator:
        work.stack.append(Declare(nxt))


def resolve_skirmish(work: Work, effect: ResolveSkirmish) -> None:
    """Fight totals decide; the winner takes the top contested resource unseen, or stalemate:
    it goes unseen onto the junkyard, which is shuffled. The initiator card passes left;
    the game ends when the contested pile is empty, otherwise the next round's draw phase
    follows."""
    winner, fights, people = skirmish_result(work)
    prize = work.contested[0]
    work.contested = work.contested[1:]
    if winner is None:
        work.junkyard, work.rng = work.rng.shuffle((prize,) + work.junkyard)
    else:
        work.discards[winner] += (prize,)
        work.secret = set_at(work.secret, winner, work.secret[winner] | {prize})
    work.events.append(SkirmishResolved(tuple(work.hands), fights, people, winner, prize))
    work.initiator = (work.initiator + 1) % work.options.players
    work.spent = ()
    work.stack.append(DrawPhase() if work.contested else EndOfGame())
