"""The gathering phase: Dig, Draw, Hunt, Hire and Trash, each at most once per round.

A gathering action is built in small steps: :class:`Begin` it, :class:`Commit`
cards from the hand (persons able to do it, medicine for Hire, anything for
Trash), :class:`Equip` tools and Group Leaders on committed persons, then
:class:`Resolve` (or :class:`Hire`). Committed cards go to the tribe's played
area and serve no other action this round.
"""

from __future__ import annotations

from wasteland.arctic_scavengers import actions as A
from wasteland.arctic_scavengers.cards import MERCENARY_PILES, card_type
from wasteland.arctic_scavengers.common import best_total, illegal, set_at, without
from wasteland.core.deck import draw_reshuffling
from wasteland.core.records import replace
from wasteland.arctic_scavengers.draw_phase import draw_phase
from wasteland.arctic_scavengers.skirmish import begin_skirmish
from wasteland.arctic_scavengers.state import FIRST_SKIRMISH_ROUND, Cards, Phase, State, Task
from wasteland.arctic_scavengers.table import Table, table_of

__all__ = [
    "best_total", "action_total", "can_afford", "medicine_in", "gathering_actions",
    "keep_actions", "begin_action", "commit_card", "equip_modifier", "resolve_action",
    "hire_mercenary", "keep_dug_card", "end_gathering",
]

_DIG, _DRAW, _HUNT, _HIRE, _TRASH = Task.DIG, Task.DRAW, Task.HUNT, Task.HIRE, Task.TRASH
_TASKS = tuple(Task)
_ABILITY_TASKS = (_DIG, _DRAW, _HUNT)

def _can_reach_one(table: Table, cards: Cards, ability: int) -> bool:
    base, bonus = table.base[ability], table.bonus[ability]
    person = modifier = False
    for c in cards:
        b = base[c]
        if b >= 1:
            return True
        if b == 0:
            person = True
        elif bonus[c]:
            modifier = True
    return person and modifier


def action_total(state: State, table: Table | None = None) -> int:
    """The value of the action under way: committed persons plus their modifiers."""
    task = state.task
    if task is _TRASH or task is _HIRE or task is None:
        return len(state.committed)
    if table is None:
        table = table_of(state)
    a = task._value_
    base, bonus = table.base[a], table.bonus[a]
    return sum(base[c] for c in state.committed) + sum(bonus[m] for m, _ in state.equipped)


def medicine_in(table: Table, cards: Cards) -> int:
    medicine = table.medicine
    return sum(medicine[c] for c in cards)


def can_afford(table: Table, pile: int, medicine: int, food: int) -> bool:
    """Whether ``medicine`` and ``food`` pay for a mercenary of pile ``pile``."""
    need_med, need_food, any_mix = table.pile_costs[pile]
    if any_mix:
        return medicine + food >= need_med + need_food
    return medicine >= need_med and food >= need_food


def _can_begin(state: State, table: Table, task: Task, hand: Cards) -> bool:
    if task is _TRASH:
        return bool(hand)
    if task is _HIRE:
        med, food = medicine_in(table, hand), state.food
        return any(pile and can_afford(table, i, med, food) for i, pile in enumerate(state.piles))
    if task is _DIG and not state.junkyard:
        return False
    if task is _DRAW and not (state.decks[state.turn] or state.discards[state.turn]):
        return False
    return _can_reach_one(table, hand, task._value_)


def _has_modifier(state: State, is_leader: tuple[bool, ...], person: int, leader: bool) -> bool:
    for m, q in state.equipped:
        if q == person and is_leader[m] == leader:
            return True
    return False


def gathering_actions(state: State) -> list[A.Action]:
    p = state.turn
    hand = state.hands[p]
    task = state.task
    table = table_of(state)
    out: list[A.Action] = []
    if task is None:
        used = state.used
        for t in _TASKS:
            if not used >> t._value_ & 1 and _can_begin(state, table, t, hand):
                out.append(A.begin(p, t))
        out.append(A.end_gathering(p))
        return out
    if task is _TRASH:
        out = [A.commit(p, c) for c in hand]
        if state.committed:
            out.append(A.resolve(p))
        return out
    if task is _HIRE:
        is_medicine = table.is_medicine
        out = [A.commit(p, c) for c in hand if is_medicine[c]]
        med, food = medicine_in(table, state.committed), state.food
        for i, pile in enumerate(state.piles):
            if pile and can_afford(table, i, med, food):
                out.append(A.hire(p, i))
        return out
    a = task._value_
    base, bonus = table.base[a], table.bonus[a]
    for c in hand:
        if base[c] >= 0:
            out.append(A.commit(p, c))
    if state.committed:
        modifies, is_leader = table.modifies, table.is_leader
        for m in hand:
            if bonus[m] and modifies[m]:
                leader = is_leader[m]
                for person in state.committed:
                    if not _has_modifier(state, is_leader, person, leader):
                        out.append(A.equip(p, m, person))
        if action_total(state, table) >= 1:
            out.append(A.resolve(p))
    return out


def keep_actions(state: State) -> list[A.Action]:
    p = state.turn
    out = [A.keep(p, c) for c in state.dug]
    out.append(A.keep(p, None))
    return out


# --- apply -----------------------------------------------------------------


def begin_action(state: State, action: A.Begin) -> State:
    task = action.task
    if task.__class__ is not Task:
        illegal(f"task must be a Task, got {task!r}")
    if state.task is not None:
        illegal(f"finish the {state.task.name.lower()} under way first")
    if state.used >> task._value_ & 1:
        illegal(f"{task.name.title()} was already taken this round")
    if not _can_begin(state, table_of(state), task, state.hands[state.turn]):
        illegal(_why_not(state, task))
    return replace(state, task=task, used=state.used | 1 << task._value_)


def _why_not(state: State, task: Task) -> str:
    if task is _TRASH:
        return "no cards in hand to trash"
    if task is _HIRE:
        return "no mercenary is affordable with this round's food and the medicine in hand"
    if task is _DIG and not state.junkyard:
        return "the junkyard is empty"
    if task is _DRAW and not (state.decks[state.turn] or state.discards[state.turn]):
        return "no cards left to draw"
    return f"no {task.name.lower()} value in hand (the cards cannot reach 1)"


def commit_card(state: State, action: A.Commit) -> State:
    task = state.task
    if task is None:
        illegal("begin an action before committing cards")
    card = action.card
    p = state.turn
    hand = state.hands[p]
    if card.__class__ is not int or card not in hand:
        illegal(f"card {card!r} is not in your hand")
    if task is _HIRE:
        if not table_of(state).is_medicine[card]:
            illegal("only medicine cards can be committed to a hire")
    elif task is not _TRASH and table_of(state).base[task._value_][card] < 0:
        illegal(f"this card cannot {task.name.lower()}; tools and Group Leaders are equipped on a person")
    secret = state.secret[p]
    return replace(
        state,
        hands=set_at(state.hands, p, without(hand, (card,))),
        played=set_at(state.played, p, state.played[p] + (card,)),
        committed=state.committed + (card,),
        secret=set_at(state.secret, p, secret - {card}) if card in secret else state.secret,
    )


def equip_modifier(state: State, action: A.Equip) -> State:
    task = state.task
    if task is None or task is _HIRE or task is _TRASH:
        illegal("tools and Group Leaders are equipped only during a dig, draw or hunt")
    m, person = action.modifier, action.person
    p = state.turn
    hand = state.hands[p]
    if m.__class__ is not int or m not in hand:
        illegal(f"modifier {m!r} is not in your hand")
    if person.__class__ is not int or person not in state.committed:
        illegal(f"person {person!r} is not committed to this {task.name.lower()}")
    table = table_of(state)
    if not table.modifies[m]:
        illegal("only a tool or Group Leaders can be equipped")
    if not table.bonus[task._value_][m]:
        illegal(f"this card does not raise {task.name.lower()}")
    leader = table.is_leader[m]
    if _has_modifier(state, table.is_leader, person, leader):
        illegal("that person already has " + ("Group Leaders" if leader else "a tool"))
    return replace(
        state,
        hands=set_at(state.hands, p, without(hand, (m,))),
        played=set_at(state.played, p, state.played[p] + (m,)),
        equipped=state.equipped + ((m, person),),
        secret=set_at(state.secret, p, state.secret[p] - {m}) if m in state.secret[p] else state.secret,
    )


def resolve_action(state: State, action: A.Resolve) -> State:
    task = state.task
    if task is None:
        illegal("no action is under way")
    if task is _HIRE:
        illegal("a hire resolves by choosing a mercenary pile")
    total = action_total(state)
    if total < 1:
        illegal(f"the {task.name.lower()} total is 0; commit more cards")
    p = state.turn
    done = dict(task=None, committed=(), equipped=())
    if task is _DIG:
        n = min(total, len(state.junkyard))
        return replace(state, phase=Phase.KEEP, dug=state.junkyard[:n], junkyard=state.junkyard[n:], **done)
    if task is _DRAW:
        drawn, deck, discard, rng = draw_reshuffling(state.decks[p], state.discards[p], total, state.rng)
        return replace(
            state,
            hands=set_at(state.hands, p, state.hands[p] + drawn),
            decks=set_at(state.decks, p, deck),
            discards=set_at(state.discards, p, discard),
            rng=rng,
            **done,
        )
    if task is _HUNT:
        return replace(state, food=state.food + total, **done)
    # Trash: the cards go on top of the junkyard, which is then shuffled.
    junkyard, rng = state.rng.shuffle(state.committed + state.junkyard)
    return replace(
        state,
        played=set_at(state.played, p, without(state.played[p], state.committed)),
        junkyard=junkyard,
        rng=rng,
        **done,
    )


def hire_mercenary(state: State, action: A.Hire) -> State:
    if state.task is not _HIRE:
        illegal("begin a hire first" if not state.used >> 3 & 1 else "Hire was already taken this round")
    i = action.pile
    if i.__class__ is not int or not 0 <= i < len(state.piles):
        illegal(f"pile must be 0..{len(state.piles) - 1}, got {i!r}")
    pile = state.piles[i]
    if not pile:
        illegal(f"the {card_type(MERCENARY_PILES[i]).name} pile is empty")
    table = table_of(state)
    medicine = medicine_in(table, state.committed)
    if not can_afford(table, i, medicine, state.food):
        illegal(f"cannot afford a {card_type(MERCENARY_PILES[i]).name} with "
                f"{state.food} food and {medicine} medicine")
    p = state.turn
    return replace(
        state,
        piles=set_at(state.piles, i, pile[:-1]),
        discards=set_at(state.discards, p, state.discards[p] + (pile[-1],)),
        task=None,
        committed=(),
        equipped=(),
    )


def keep_dug_card(state: State, action: A.Keep) -> State:
    card = action.card
    p = state.turn
    dug = state.dug
    if card is None:
        rest = dug
        discards, secret = state.discards, state.secret
    else:
        if card.__class__ is not int or card not in dug:
            illegal(f"card {card!r} was not dug")
        rest = without(dug, (card,))
        discards = set_at(state.discards, p, state.discards[p] + (card,))
        secret = set_at(state.secret, p, state.secret[p] | {card})
    return replace(state, phase=Phase.GATHERING, dug=(), junkyard=state.junkyard + rest,
                  discards=discards, secret=secret)


def end_gathering(state: State, action: A.EndGathering) -> State:
    """The player announces the force (the hand's size); the next seat gathers, or the round moves on."""
    if state.task is not None:
        illegal(f"finish the {state.task.name.lower()} under way first")
    nxt = (state.turn + 1) % state.options.players
    if nxt != state.initiator:
        return replace(state, turn=nxt, used=0, food=0)
    if state.round >= FIRST_SKIRMISH_ROUND:
        return begin_skirmish(replace(state, used=0, food=0))
    return draw_phase(state)
