"""The skirmish (round 3 on): reveal, Saboteur and Sniper Team declarations, fight, the winner.

The cards left in each hand are that tribe's force; entering the skirmish
reveals them. From the initiator clockwise each tribe declares its units'
special actions; a unit disarmed or sniped before its owner declares never acts.
Hit cards go to their owner's discard. Then :func:`resolve_skirmish` totals the
fights, breaks ties by the people present (not with two players, where the
winner must lead by 2), and gives the top contested resource to the winner or,
in a stalemate, shuffles it into the junkyard. The initiator card passes left.
"""

from __future__ import annotations

from wasteland.arctic_scavengers import actions as A
from wasteland.arctic_scavengers.common import best_total, illegal, set_at, without
from wasteland.core.records import replace
from wasteland.arctic_scavengers.draw_phase import draw_phase
from wasteland.arctic_scavengers.state import Cards, Phase, State
from wasteland.arctic_scavengers.cards import FIGHT
from wasteland.arctic_scavengers.table import Table, table_of

__all__ = [
    "TWO_PLAYER_MARGIN", "fight_total", "people_present", "skirmish_winner", "begin_skirmish",
    "declaration_actions", "declare_sabotage", "declare_snipe", "end_declarations", "resolve_skirmish",
]

#: With two players a skirmish must be won by this margin, otherwise it is a stalemate.
TWO_PLAYER_MARGIN = 2


def fight_total(table: Table, force: Cards, spent: Cards = ()) -> int:
    """The force's fight value with its tools and Group Leaders placed at best.

    Units that declared a special action (``spent``) do not fight. Placing the
    modifiers at best is the owner reassigning them after a snipe or disarm.
    """
    return best_total(table, tuple(c for c in force if c not in spent) if spent else force, FIGHT)


def people_present(table: Table, force: Cards) -> int:
    """People in the force (Refugees and Tribe Families count), for breaking ties."""
    people = table.people
    return sum(people[c] for c in force)


def skirmish_winner(state: State) -> int | None:
    """The tribe that wins the skirmish as the forces now stand, or None for a stalemate."""
    n = state.options.players
    table = table_of(state)
    fights = [fight_total(table, state.hands[p], state.spent) for p in range(n)]
    best = max(fights)
    leaders = [p for p in range(n) if fights[p] == best]
    if n == 2:
        return leaders[0] if abs(fights[0] - fights[1]) >= TWO_PLAYER_MARGIN else None
    if len(leaders) == 1:
        return leaders[0]
    people = [people_present(table, state.hands[p]) for p in leaders]
    most = max(people)
    if people.count(most) == 1:
        return leaders[people.index(most)]
    return None


def _units(state: State, table: Table, p: int) -> tuple[list[int], list[int]]:
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


def _targets(state: State, p: int, check: tuple[bool, ...]) -> list[int]:
    n = state.options.players
    return [c for q in range(p + 1, p + n) for c in state.hands[q % n] if check[c]]


def _can_declare(state: State, table: Table, p: int) -> bool:
    saboteurs, snipers = _units(state, table, p)
    return bool((saboteurs and _targets(state, p, table.is_tool))
                or (snipers and _targets(state, p, table.is_person)))


def _next_declarer(state: State, start: int) -> State:
    """Hand the declarations to the first seat from ``start`` (clockwise, before the
    initiator comes round again) with a unit able to act; resolve when there is none."""
    n = state.options.players
    table = table_of(state)
    seat = start
    while True:
        if _can_declare(state, table, seat):
            return replace(state, turn=seat)
        seat = (seat + 1) % n
        if seat == state.initiator:
            return resolve_skirmish(state)


def begin_skirmish(state: State) -> State:
    """Reveal every force and start the declarations with the initiator."""
    secrets = tuple(s - frozenset(h) if s else s for s, h in zip(state.secret, state.hands))
    return _next_declarer(replace(state, phase=Phase.SKIRMISH, secret=secrets, spent=()), state.initiator)


def declaration_actions(state: State) -> list[A.Action]:
    p = state.turn
    table = table_of(state)
    saboteurs, snipers = _units(state, table, p)
    out: list[A.Action] = []
    if saboteurs:
        tools = _targets(state, p, table.is_tool)
        out += [A.sabotage(p, s, t) for s in saboteurs for t in tools]
    if snipers:
        persons = _targets(state, p, table.is_person)
        out += [A.snipe(p, s, t) for s in snipers for t in persons]
    out.append(A.end_declarations(p))
    return out


def _hit(state: State, unit: int, target: int) -> State:
    """``target`` leaves its force for its owner's discard; ``unit`` has declared."""
    n = state.options.players
    p = state.turn
    owner = next(q for q in range(n) if q != p and target in state.hands[q])
    state = replace(
        state,
        hands=set_at(state.hands, owner, without(state.hands[owner], (target,))),
        discards=set_at(state.discards, owner, state.discards[owner] + (target,)),
        spent=state.spent + (unit,),
    )
    if _can_declare(state, table_of(state), p):
        return state
    return _next_declarer(state, (p + 1) % n) if (p + 1) % n != state.initiator else resolve_skirmish(state)


def _check_unit(state: State, unit: object, kind: tuple[bool, ...], what: str) -> int:
    if unit.__class__ is not int or unit not in state.hands[state.turn]:
        illegal(f"{what} {unit!r} is not in your force")
    assert isinstance(unit, int)
    if not kind[unit]:
        illegal(f"card {unit} is not a {what}")
    if unit in state.spent:
        illegal(f"that {what} has already declared")
    return unit


def _check_target(state: State, target: object, kind: tuple[bool, ...], what: str) -> int:
    p = state.turn
    if target.__class__ is not int or not any(
        target in state.hands[q] for q in range(state.options.players) if q != p
    ):
        illegal(f"target {target!r} is not in another tribe's force")
    assert isinstance(target, int)
    if not kind[target]:
        illegal(f"the target must be a {what}")
    return target


def declare_sabotage(state: State, action: A.Sabotage) -> State:
    table = table_of(state)
    unit = _check_unit(state, action.saboteur, table.is_saboteur, "Saboteur")
    target = _check_target(state, action.target, table.is_tool, "tool")
    return _hit(state, unit, target)


def declare_snipe(state: State, action: A.Snipe) -> State:
    table = table_of(state)
    unit = _check_unit(state, action.sniper, table.is_sniper, "Sniper Team")
    target = _check_target(state, action.target, table.is_person, "person")
    return _hit(state, unit, target)


def end_declarations(state: State, action: A.EndDeclarations) -> State:
    nxt = (state.turn + 1) % state.options.players
    if nxt == state.initiator:
        return resolve_skirmish(state)
    return _next_declarer(state, nxt)


def resolve_skirmish(state: State) -> State:
    """Fight totals decide; the winner takes the top contested resource unseen, or stalemate.

    The initiator card passes left; the game ends when the contested pile is empty,
    otherwise the next round's draw phase follows.
    """
    winner = skirmish_winner(state)
    prize, contested = state.contested[0], state.contested[1:]
    if winner is None:
        junkyard, rng = state.rng.shuffle((prize,) + state.junkyard)
        state = replace(state, contested=contested, junkyard=junkyard, rng=rng)
    else:
        state = replace(
            state,
            contested=contested,
            discards=set_at(state.discards, winner, state.discards[winner] + (prize,)),
            secret=set_at(state.secret, winner, state.secret[winner] | {prize}),
        )
    initiator = (state.initiator + 1) % state.options.players
    if not contested:
        return replace(state, phase=Phase.OVER, initiator=initiator, turn=initiator, spent=())
    return draw_phase(replace(state, initiator=initiator, spent=()))
