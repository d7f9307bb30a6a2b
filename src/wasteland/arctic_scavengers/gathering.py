"""The gathering phase: Dig, Draw, Hunt, Hire and Trash, each at most once per round.

A gathering action is built in small steps: :class:`Begin` it, :class:`Commit`
cards from the hand (persons able to do it, medicine for Hire, anything for
Trash), :class:`Equip` tools and Group Leaders on committed persons, then
:class:`Resolve` (or :class:`Hire`). Committed cards go to the tribe's played
area and serve no other action this round (a Trash's cards lie there face down
until it resolves). :class:`EndGathering` announces the force and hands the
gathering to the next seat clockwise; after the last seat the effect
:class:`GatheringOver` moves the round on to the skirmish (round 3 on) or the
next draw phase.

Each decision has its check (``*_reason(state, action)``: None when legal, else
why not; the engine calls it after its own checks of the action's fields) and
its rule (``rule(work, action)``, on the working copy), which assumes the check
passed; ``rules.RULES`` pairs them.
"""

from __future__ import annotations

from wasteland.arctic_scavengers import actions as A
from wasteland.arctic_scavengers.card_set import table_of
from wasteland.arctic_scavengers.cards import CardTable
from wasteland.arctic_scavengers.state import (
    FIRST_SKIRMISH_ROUND, Cards, Declare, DrawPhase, GatheringOver, Phase, Reshuffled, ResolveSkirmish,
    RevealForces, State, Task, Work, remove_one, set_at, without,
)
from wasteland.core.deck import draw_reshuffling
from wasteland.core.game import short

__all__ = [
    "best_total", "action_total", "can_afford", "medicine_in", "gathering_actions", "keep_actions",
    "begin_reason", "commit_reason", "equip_reason", "resolve_reason", "hire_reason", "keep_reason",
    "end_gathering_reason", "begin_action", "commit_card", "equip_modifier", "resolve_action",
    "hire_mercenary", "keep_dug_card", "end_gathering", "gathering_over", "GATHERING_OVER", "out_of_phase",
]

_DIG, _DRAW, _HUNT, _HIRE, _TRASH = Task.DIG, Task.DRAW, Task.HUNT, Task.HIRE, Task.TRASH
_GATHERING = Phase.GATHERING
_DIG_BIT, _DRAW_BIT, _HUNT_BIT, _HIRE_BIT, _TRASH_BIT = (1 << t._value_ for t in (_DIG, _DRAW, _HUNT, _HIRE, _TRASH))
_TASKS = tuple(Task)
_TASK_WORDS = ", ".join(t.name.lower() for t in _TASKS)


def best_total(table: CardTable, cards: Cards, ability: int) -> int:
    """The highest total ``cards`` can reach for ``ability`` (persons plus modifiers, one
    tool and one Group Leaders per person, placed at best)."""
    base, bonus, is_leader = table.base[ability], table.bonus[ability], table.is_leader
    persons = total = 0
    tools: list[int] = []
    leaders: list[int] = []
    for c in cards:
        b = base[c]
        if b >= 0:
            persons += 1
            total += b
        elif bonus[c]:
            (leaders if is_leader[c] else tools).append(bonus[c])
    if not persons:
        return 0
    tools.sort(reverse=True)
    leaders.sort(reverse=True)
    return total + sum(tools[:persons]) + sum(leaders[:persons])


def _can_reach_one(table: CardTable, cards: Cards, ability: int) -> bool:
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


def action_total(state: State | Work, table: CardTable | None = None) -> int:
    """The value of the action under way: committed persons plus their modifiers
    (for Hire and Trash, the number of cards committed)."""
    task = state.task
    if task is _TRASH or task is _HIRE or task is None:
        return len(state.committed)
    if table is None:
        table = table_of(state)
    a = task._value_
    base, bonus = table.base[a], table.bonus[a]
    total = 0
    for c in state.committed:
        total += base[c]
    for m, _ in state.equipped:
        total += bonus[m]
    return total


def medicine_in(table: CardTable, cards: Cards) -> int:
    medicine = table.medicine
    total = 0
    for c in cards:
        total += medicine[c]
    return total


def can_afford(table: CardTable, pile: int, medicine: int, food: int) -> bool:
    """Whether ``medicine`` and ``food`` pay for a mercenary of pile ``pile``."""
    need_med, need_food, any_mix = table.pile_costs[pile]
    if any_mix:
        return medicine + food >= need_med + need_food
    return medicine >= need_med and food >= need_food


def _affordable(table: CardTable, piles: tuple[Cards, ...], medicine: int, food: int,
                first: bool = False) -> list[int]:
    """The piles with a mercenary that ``medicine`` and ``food`` pay for (only the first one
    found when ``first``), in pile order."""
    out: list[int] = []
    for i, (need_med, need_food, any_mix) in enumerate(table.pile_costs):
        if piles[i] and (medicine + food >= need_med + need_food if any_mix
                         else medicine >= need_med and food >= need_food):
            out.append(i)
            if first:
                break
    return out


def _can_begin(state: State, table: CardTable, task: Task, hand: Cards) -> bool:
    if task is _TRASH:
        return bool(hand)
    if task is _HIRE:
        return bool(_affordable(table, state.piles, medicine_in(table, hand), state.food, first=True))
    if task is _DIG and not state.junkyard:
        return False
    if task is _DRAW and not (state.decks[state.turn] or state.discards[state.turn]):
        return False
    return _can_reach_one(table, hand, task._value_)


def _begins(state: State, table: CardTable, hand: Cards) -> list[A.Action]:
    """The actions not yet taken this round that the hand can begin (as :func:`_can_begin`
    says, task by task in Task order), then ending the gathering."""
    used = state.used
    begins = A.BEGINS
    out: list[A.Action] = []
    if not used & _DIG_BIT and state.junkyard and _can_reach_one(table, hand, _DIG._value_):
        out.append(begins[_DIG._value_])
    if not used & _DRAW_BIT and (state.decks[state.turn] or state.discards[state.turn]) \
            and _can_reach_one(table, hand, _DRAW._value_):
        out.append(begins[_DRAW._value_])
    if not used & _HUNT_BIT and _can_reach_one(table, hand, _HUNT._value_):
        out.append(begins[_HUNT._value_])
    if not used & _HIRE_BIT and _affordable(table, state.piles, medicine_in(table, hand), state.food, first=True):
        out.append(begins[_HIRE._value_])
    if not used & _TRASH_BIT and hand:
        out.append(begins[_TRASH._value_])
    out.append(A.END_GATHERING)
    return out


def _has_modifier(state: State, is_leader: tuple[bool, ...], person: int, leader: bool) -> bool:
    for m, q in state.equipped:
        if q == person and is_leader[m] == leader:
            return True
    return False


# --- the legal actions ------------------------------------------------------------


def gathering_actions(state: State) -> list[A.Action]:
    p = state.turn
    hand = state.hands[p]
    task = state.task
    table = table_of(state)
    if task is None:
        return _begins(state, table, hand)
    cards = state.options.cards
    commits = (A.PUBLIC_SPACE if cards is None else A.space_for(cards)).commits
    out: list[A.Action]
    if task is _TRASH:
        out = [commits[c] for c in hand]
        if state.committed:
            out.append(A.RESOLVE)
        return out
    if task is _HIRE:
        is_medicine = table.is_medicine
        out = [commits[c] for c in hand if is_medicine[c]]
        hires = A.HIRES
        out += [hires[i] for i in _affordable(table, state.piles, medicine_in(table, state.committed), state.food)]
        return out
    a = task._value_
    base = table.base[a]
    out = [commits[c] for c in hand if base[c] >= 0]
    if state.committed:
        out += _equips(state, table, hand, a)
        if action_total(state, table) >= 1:
            out.append(A.RESOLVE)
    return out


def _equips(state: State, table: CardTable, hand: Cards, ability: int) -> list[A.Action]:
    """Each tool or Group Leaders in hand that raises ``ability``, on each committed person
    without one of its kind."""
    bonus, modifies, is_leader = table.bonus[ability], table.modifies, table.is_leader
    out: list[A.Action] = []
    for m in hand:
        if bonus[m] and modifies[m]:
            leader = is_leader[m]
            for person in state.committed:
                if not _has_modifier(state, is_leader, person, leader):
                    out.append(A.Equip(m, person))
    return out


def keep_actions(state: State) -> list[A.Action]:
    cards = state.options.cards
    keeps = (A.PUBLIC_SPACE if cards is None else A.space_for(cards)).keeps
    out: list[A.Action] = [keeps[c] for c in state.dug]
    out.append(A.KEEP_NONE)
    return out


# --- the checks ---------------------------------------------------------------------

_PHASE_WORDS = {
    Phase.GATHERING: "gathering", Phase.KEEP: "choosing a dug card to keep", Phase.SKIRMISH: "skirmish declarations",
}


def out_of_phase(state: State, need: Phase, word: str) -> str | None:
    """Why ``word`` ("hiring") is not possible in ``state``'s phase, or None in phase ``need``
    (the engine has refused a finished game already)."""
    phase = state.phase
    if phase is need:
        return None
    return f"{word} is not possible now ({_PHASE_WORDS.get(phase, phase.value)})"


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


def begin_reason(state: State, action: A.Begin) -> str | None:
    if state.phase is not _GATHERING:
        return out_of_phase(state, _GATHERING, "beginning an action")
    task = action.task
    if state.task is not None:
        return f"finish the {state.task.name.lower()} under way first"
    if state.used >> task._value_ & 1:
        return f"{task.name.title()} was already taken this round"
    if not _can_begin(state, table_of(state), task, state.hands[state.turn]):
        return _why_not(state, task)
    return None


def commit_reason(state: State, action: A.Commit) -> str | None:
    if state.phase is not _GATHERING:
        return out_of_phase(state, _GATHERING, "committing a card")
    task = state.task
    if task is None:
        return "begin an action before committing cards"
    card = action.card
    if card not in state.hands[state.turn]:
        return f"card {card} is not in your hand"
    if task is _HIRE:
        if not table_of(state).is_medicine[card]:
            return "only medicine cards can be committed to a hire"
    elif task is not _TRASH and table_of(state).base[task._value_][card] < 0:
        return f"this card cannot {task.name.lower()}; tools and Group Leaders are equipped on a person"
    return None


def equip_reason(state: State, action: A.Equip) -> str | None:
    if state.phase is not _GATHERING:
        return out_of_phase(state, _GATHERING, "equipping")
    task = state.task
    if task is None or task is _HIRE or task is _TRASH:
        return "tools and Group Leaders are equipped only during a dig, draw or hunt"
    m, person = action.modifier, action.person
    if m not in state.hands[state.turn]:
        return f"modifier {m} is not in your hand"
    if person not in state.committed:
        return f"person {person} is not committed to this {task.name.lower()}"
    table = table_of(state)
    if not table.modifies[m]:
        return "only a tool or Group Leaders can be equipped"
    if not table.bonus[task._value_][m]:
        return f"this card does not raise {task.name.lower()}"
    leader = table.is_leader[m]
    if _has_modifier(state, table.is_leader, person, leader):
        return "that person already has " + ("Group Leaders" if leader else "a tool")
    return None


def resolve_reason(state: State, action: A.Resolve) -> str | None:
    if state.phase is not _GATHERING:
        return out_of_phase(state, _GATHERING, "resolving an action")
    task = state.task
    if task is None:
        return "no action is under way"
    if task is _HIRE:
        return "a hire resolves by choosing a mercenary pile"
    if action_total(state) < 1:
        return f"the {task.name.lower()} total is 0; commit more cards"
    return None


def hire_reason(state: State, action: A.Hire) -> str | None:
    if state.phase is not _GATHERING:
        return out_of_phase(state, _GATHERING, "hiring")
    if state.task is not _HIRE:
        return "begin a hire first" if not state.used >> _HIRE._value_ & 1 else "Hire was already taken this round"
    i = action.pile
    if not 0 <= i < len(state.piles):
        return f"pile must be 0..{len(state.piles) - 1}, got {i}"
    if not state.piles[i]:
        return f"the {A.PILE_NAMES[i]} pile is empty"
    table = table_of(state)
    medicine = medicine_in(table, state.committed)
    if not can_afford(table, i, medicine, state.food):
        return f"cannot afford a {A.PILE_NAMES[i]} with {state.food} food and {medicine} medicine"
    return None


def keep_reason(state: State, action: A.Keep) -> str | None:
    if state.phase is not Phase.KEEP:
        return out_of_phase(state, Phase.KEEP, "keeping a dug card")
    card = action.card
    if card is not None and (card.__class__ is not int or card not in state.dug):
        return f"card {short(card)} was not dug"
    return None


def end_gathering_reason(state: State, action: A.EndGathering) -> str | None:
    if state.phase is not _GATHERING:
        return out_of_phase(state, _GATHERING, "ending the gathering")
    if state.task is not None:
        return f"finish the {state.task.name.lower()} under way first"
    return None


# --- the rules (the check has passed) -------------------------------------------------


def begin_action(work: Work, action: A.Begin) -> None:
    task = action.task
    work.task = task
    work.used |= 1 << task._value_


def _hand_to_played(work: Work, card: int) -> None:
    """The gathering player puts ``card`` from the hand into the played area (a card in play is
    seen, so it is no longer secret)."""
    p = work.turn
    work.hands[p] = remove_one(work.hands[p], card)
    work.played[p] += (card,)
    secret = work.secret[p]
    if card in secret:
        work.secret = set_at(work.secret, p, secret - {card})


def commit_card(work: Work, action: A.Commit) -> None:
    card = action.card
    work.committed += (card,)
    _hand_to_played(work, card)


def equip_modifier(work: Work, action: A.Equip) -> None:
    m = action.modifier
    work.equipped += ((m, action.person),)
    _hand_to_played(work, m)


def _dig(work: Work, total: int) -> None:
    """Draw as many junkyard cards as the dig total; the digger keeps one of them (Keep)."""
    n = min(total, len(work.junkyard))
    work.phase = Phase.KEEP
    work.dug = work.junkyard[:n]
    work.junkyard = work.junkyard[n:]


def _draw(work: Work, total: int) -> None:
    """Draw as many cards as the draw total, the discard reshuffled when the deck runs out."""
    p = work.turn
    deck, discard = work.decks[p], work.discards[p]
    if len(deck) < total and discard:
        work.events.append(Reshuffled(p))
    drawn, deck, work.discards[p], work.rng = draw_reshuffling(deck, discard, total, work.rng)
    work.decks = set_at(work.decks, p, deck)
    work.hands[p] += drawn


def _hunt(work: Work, total: int) -> None:
    """The hunt total is food for this round's hire."""
    work.food += total


def _trash(work: Work, total: int) -> None:
    """The committed cards go on top of the junkyard, which is then shuffled."""
    p = work.turn
    work.played[p] = without(work.played[p], work.committed)
    work.junkyard, work.rng = work.rng.shuffle(work.committed + work.junkyard)


_RESOLVE = {_DIG: _dig, _DRAW: _draw, _HUNT: _hunt, _TRASH: _trash}


def resolve_action(work: Work, action: A.Resolve) -> None:
    task = work.task
    assert task is not None
    _RESOLVE[task](work, action_total(work))
    work.task = None
    work.committed = ()
    work.equipped = ()


def hire_mercenary(work: Work, action: A.Hire) -> None:
    i = action.pile
    pile = work.piles[i]
    p = work.turn
    work.piles = set_at(work.piles, i, pile[:-1])
    work.discards[p] += (pile[-1],)
    work.task = None
    work.committed = ()
    work.equipped = ()


def keep_dug_card(work: Work, action: A.Keep) -> None:
    card = action.card
    dug = work.dug
    work.phase = Phase.GATHERING
    work.dug = ()
    if card is None:
        work.junkyard += dug
        return
    p = work.turn
    work.junkyard += remove_one(dug, card)
    work.discards[p] += (card,)
    work.secret = set_at(work.secret, p, work.secret[p] | {card})


def end_gathering(work: Work, action: A.EndGathering) -> None:
    """The player announces the force (the hand's size) and the next seat clockwise gathers;
    after the last seat (the one before the initiator) :func:`gathering_over` follows."""
    nxt = (work.turn + 1) % work.options.players
    work.used = 0
    work.food = 0
    if nxt != work.initiator:
        work.turn = nxt
    else:
        work.stack.append(GATHERING_OVER)


#: The shared instance of the effect.
GATHERING_OVER = GatheringOver()


def gathering_over(work: Work, effect: GatheringOver) -> None:
    """The effect: from round 3 the forces are revealed and declared from the initiator on,
    then the skirmish is resolved; before round 3 the next draw phase follows."""
    if work.round >= FIRST_SKIRMISH_ROUND:
        work.stack += [ResolveSkirmish(), Declare(work.initiator), RevealForces()]
    else:
        work.stack.append(DrawPhase())
