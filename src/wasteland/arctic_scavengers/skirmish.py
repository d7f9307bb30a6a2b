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
from wasteland.arctic_scavengers.gathering import best_total
from wasteland.arctic_scavengers.state import (
    Cards, Declare, Declaring, DrawPhase, EndOfGame, ForcesRevealed, Phase, ResolveSkirmish, RevealForces,
    SkirmishResolved, State, remove_one, set_at,
)
from wasteland.core.driver import Scratch
from wasteland.core.game import short
from wasteland.core.records import replace

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
    return sum(people[c] for c in force)


def skirmish_result(state: State | Scratch[State]) -> tuple[int | None, tuple[int, ...], tuple[int, ...]]:
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


def _units(state: State | Scratch[State], table: CardTable, p: int) -> tuple[list[int], list[int]]:
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


def _targets(state: State | Scratch[State], p: int, check: tuple[bool, ...]) -> list[int]:
    n = state.options.players
    return [c for q in range(p + 1, p + n) for c in state.hands[q % n] if check[c]]


def _can_declare(state: State | Scratch[State], table: CardTable, p: int) -> bool:
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
        out += [A.sabotage(s, t) for s in saboteurs for t in tools]
    if snipers:
        persons = _targets(state, p, table.is_person)
        out += [A.snipe(s, t) for s in snipers for t in persons]
    out.append(A.END_DECLARATIONS)
    return out


def _unit_reason(state: State, unit: object, kind: tuple[bool, ...], what: str) -> str | None:
    if unit.__class__ is not int or unit not in state.hands[state.turn]:
        return f"{what} {short(unit)} is not in your force"
    if not kind[unit]:
        return f"card {unit} is not a {what}"
    if unit in state.spent:
        return f"that {what} has already declared"
    return None


def _target_reason(state: State, target: object, kind: tuple[bool, ...], what: str) -> str | None:
    p = state.turn
    if target.__class__ is not int or not any(
        target in state.hands[q] for q in range(state.options.players) if q != p
    ):
        return f"target {short(target)} is not in another tribe's force"
    if not kind[target]:
        return f"the target must be a {what}"
    return None


def sabotage_reason(state: State, action: A.Sabotage) -> str | None:
    table = table_of(state)
    return (_unit_reason(state, action.saboteur, table.is_saboteur, "Saboteur")
            or _target_reason(state, action.target, table.is_tool, "tool"))


def snipe_reason(state: State, action: A.Snipe) -> str | None:
    table = table_of(state)
    return (_unit_reason(state, action.sniper, table.is_sniper, "Sniper Team")
            or _target_reason(state, action.target, table.is_person, "person"))


def end_declarations_reason(state: State, action: A.EndDeclarations) -> str | None:
    return None


# --- the rules (the check has passed) -----------------------------------------------------


def _hit(state: State, unit: int, target: int) -> State:
    """``target`` leaves its force for its owner's discard; ``unit`` has declared. The same
    seat is offered its declarations again (it goes on if it still has a unit able to act)."""
    n = state.options.players
    p = state.turn
    owner = next(q for q in range(n) if q != p and target in state.hands[q])
    return replace(
        state,
        hands=set_at(state.hands, owner, remove_one(state.hands[owner], target)),
        discards=set_at(state.discards, owner, state.discards[owner] + (target,)),
        spent=state.spent + (unit,),
        stack=state.stack[:-1] + (Declare(p),),
        events=(),
    )


def declare_sabotage(state: State, action: A.Sabotage) -> State:
    return _hit(state, action.saboteur, action.target)


def declare_snipe(state: State, action: A.Snipe) -> State:
    return _hit(state, action.sniper, action.target)


def end_declarations(state: State, action: A.EndDeclarations) -> State:
    """The seat declares nothing more: the next seat clockwise is offered its turn, or,
    once every seat from the initiator on has had it, the skirmish is resolved."""
    nxt = (state.turn + 1) % state.options.players
    rest = state.stack[:-1]
    return replace(state, stack=rest + (Declare(nxt),) if nxt != state.initiator else rest, events=())


# --- the effects ----------------------------------------------------------------------------


def reveal_forces(work: Scratch[State], effect: RevealForces) -> None:
    """Every force is revealed: its cards no longer enter a discard unseen."""
    work.phase = Phase.SKIRMISH
    work.secret = [s - frozenset(h) if s else s for s, h in zip(work.secret, work.hands)]
    work.spent = []
    work.events.append(ForcesRevealed(tuple(work.hands)))


def declare(work: Scratch[State], effect: Declare) -> None:
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


def resolve_skirmish(work: Scratch[State], effect: ResolveSkirmish) -> None:
    """Fight totals decide; the winner takes the top contested resource unseen, or stalemate:
    it goes unseen onto the junkyard, which is shuffled. The initiator card passes left;
    the game ends when the contested pile is empty, otherwise the next round's draw phase
    follows."""
    winner, fights, people = skirmish_result(work)
    prize = work.contested.pop(0)
    if winner is None:
        junkyard, work.rng = work.rng.shuffle((prize,) + tuple(work.junkyard))
        work.junkyard = list(junkyard)
    else:
        work.discards[winner] += (prize,)
        work.secret[winner] = work.secret[winner] | {prize}
    work.events.append(SkirmishResolved(tuple(work.hands), fights, people, winner, prize))
    work.initiator = (work.initiator + 1) % work.options.players
    work.spent = []
    work.stack.append(DrawPhase() if work.contested else EndOfGame())
