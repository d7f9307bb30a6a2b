"""Text for people: a terminal picture of a state (normally a view), the events, and
a few words naming an action.

``render`` shows the round, the contested and junkyard piles, the mercenary piles
with their costs and values, each tribe (the viewer's hand with card values), the
action under way, the skirmish declarations, the last events (a skirmish's
forces, totals, people and winner, reshuffles, the round starting) and, at the
end, the final scores. ``describe(state, action)`` names an action as the reader
of ``state`` may know it: another seat's trashed cards and kept dug card stay
unnamed in a view.
"""

from __future__ import annotations

from typing import Any, Callable

from wasteland.arctic_scavengers import actions as A
from wasteland.arctic_scavengers.card_set import table_of
from wasteland.arctic_scavengers.cards import ABILITY_NAMES, HIDDEN, MERCENARY_PILES, CardTable, type_of_id
from wasteland.arctic_scavengers.gathering import action_total
from wasteland.arctic_scavengers.state import (
    Cards, Declaring, Event, ForcesRevealed, GameEnded, Phase, Reshuffled, RoundStarted, SkirmishResolved, State,
    Task,
)
from wasteland.core.game import describer, short

__all__ = ["render", "describe", "events", "event_text", "card_name", "card_stats", "cards_text"]


def card_name(card: int, table: CardTable) -> str:
    """``Brawler#12``; ``?`` for a hidden card."""
    if card == HIDDEN:
        return "?"
    if card.__class__ is int and 0 <= card < len(table.name) and table.type_index[card] >= 0:
        return f"{table.name[card]}#{card}"
    ctype = type_of_id(card) if card.__class__ is int else None
    return f"card#{short(card)}" if ctype is None else f"{ctype.name}#{card}"


def cards_text(cards: Cards, table: CardTable) -> str:
    if not cards:
        return "-"
    if all(c == HIDDEN for c in cards):
        return f"{len(cards)} hidden"
    return ", ".join(card_name(c, table) for c in cards)


def _values(card: int, table: CardTable) -> str:
    people, medicine = table.people[card], table.medicine[card]
    parts = [f"{people}p"] if people else []
    for a, word in enumerate(ABILITY_NAMES):
        base, bonus = table.base[a][card], table.bonus[a][card]
        if base >= 0:
            parts.append(f"{word} {base}")
        elif bonus:
            parts.append(f"{word} +{bonus}")
    if medicine:
        parts.append(f"med {medicine}")
    if table.is_saboteur[card]:
        parts.append("disarm")
    if table.is_sniper[card]:
        parts.append("snipe")
    return ", ".join(parts) or "no use"


def card_stats(card: int, table: CardTable) -> str:
    """A card's values in a few characters: people, abilities, modifiers, medicine."""
    if card == HIDDEN:
        return "?"
    return f"{card_name(card, table)} ({_values(card, table)})"


def _cost(table: CardTable, pile: int) -> str:
    medicine, food, any_mix = table.pile_costs[pile]
    if any_mix:
        return f"{medicine + food} food/med"
    parts = ([f"{medicine} med"] if medicine else []) + ([f"{food} food"] if food else [])
    return " + ".join(parts) or "free"


def _seat(p: int | None) -> str:
    return "nobody" if p is None else f"seat {p}"


def event_text(event: Event, table: CardTable) -> str:
    """One event as a line of text."""
    if isinstance(event, RoundStarted):
        return f"round {event.round} begins; seat {event.initiator} is the initiator"
    if isinstance(event, Reshuffled):
        return f"seat {event.seat} shuffles its discard into a new deck"
    if isinstance(event, ForcesRevealed):
        return "forces revealed: " + "; ".join(
            f"seat {q} {cards_text(force, table)}" for q, force in enumerate(event.forces))
    if isinstance(event, SkirmishResolved):
        totals = ", ".join(f"seat {q} fight {f} ({p} people)"
                           for q, (f, p) in enumerate(zip(event.fights, event.people)))
        if event.winner is None:
            return (f"skirmish: {totals}: stalemate; the contested resource goes unseen to the junkyard, "
                    f"which is shuffled")
        prize = "a contested resource" if event.prize == HIDDEN else card_name(event.prize, table)
        return f"skirmish: {totals}: seat {event.winner} wins and takes {prize}"
    if isinstance(event, GameEnded):
        scores = ", ".join(f"seat {q} {s} people" for q, s in enumerate(event.scores))
        winners = " and ".join(f"seat {w}" for w in event.winners)
        verb = "share the win" if len(event.winners) > 1 else "wins"
        return f"game over: {scores}; {winners} {verb}"
    return short(event)


def events(state: State) -> tuple[str, ...]:
    """What happened without a decision since the last one, as text (as the state's reader sees it)."""
    table = table_of(state)
    return tuple(event_text(e, table) for e in state.events)


def _declarations(state: State) -> str:
    n = state.options.players
    order = [(state.initiator + k) % n for k in range(n)]
    now = state.stack[-1].seat if state.stack and isinstance(state.stack[-1], Declaring) else None
    marks = []
    done = True
    for q in order:
        if q == now:
            done = False
            marks.append(f"seat {q} declaring")
        else:
            marks.append(f"seat {q} {'done' if done else 'waiting'}")
    return "declarations (from the initiator): " + ", ".join(marks)


def render(state: State, player: int | None = None) -> str:
    """The state drawn as text, from seat ``player``'s eyes (or the referee's with None)."""
    n = state.options.players
    table = table_of(state)
    seat = "referee" if player is None else f"seat {player}"
    top = ""
    if state.contested and state.contested[0] != HIDDEN and player is not None:
        top = f", top {card_stats(state.contested[0], table)} (you peeked)"
    lines = [
        f"Arctic Scavengers, round {state.round}, {state.phase.value}  ({seat}; initiator: seat {state.initiator})",
        f"contested: {len(state.contested)} left{top}",
        f"junkyard: {len(state.junkyard)} cards",
        "mercenaries (cost; values):",
    ]
    for i, (key, pile) in enumerate(zip(MERCENARY_PILES, state.piles)):
        ctype = table.card_type(key)
        values = _values(pile[-1], table) if pile else "-"
        lines.append(f"    {ctype.name:<14} {len(pile):>2} left  {_cost(table, i):<15} {values}")
    for q in range(n):
        mark = ">" if q == state.turn and state.phase is not Phase.OVER else " "
        lines.append(f"{mark} seat {q}: deck {len(state.decks[q])}, discard {len(state.discards[q])}, "
                     f"hand {len(state.hands[q])}")
        if q == player and state.hands[q]:
            lines.append("    hand: " + "; ".join(card_stats(c, table) for c in state.hands[q]))
        else:
            lines.append(f"    hand: {cards_text(state.hands[q], table)}")
        if state.played[q]:
            lines.append(f"    played: {cards_text(state.played[q], table)}")
        if state.discards[q]:
            lines.append(f"    discard: {cards_text(state.discards[q], table)}")
    if state.task is not None:
        total = len(state.committed) if HIDDEN in state.committed else action_total(state, table)
        lines.append(f"under way: {state.task.name.lower()} (total {total}); committed "
                     f"{cards_text(state.committed, table)}" + (
                         "; equipped " + ", ".join(f"{card_name(m, table)} on {card_name(c, table)}"
                                                   for m, c in state.equipped)
                         if state.equipped else ""))
    if state.phase is Phase.GATHERING and state.used:
        taken = [t.name.lower() for t in Task if state.used >> t._value_ & 1]
        lines.append(f"actions taken this round: {', '.join(taken)}")
    if state.food:
        lines.append(f"food this round: {state.food}")
    if state.dug:
        lines.append(f"dug: {cards_text(state.dug, table)}")
    if state.phase is Phase.SKIRMISH:
        lines.append(_declarations(state))
        if state.spent:
            lines.append(f"declared: {cards_text(state.spent, table)}")
    said = [event_text(e, table) for e in state.events]
    if said:
        lines.append("since the last decision:")
        lines += [f"    {line}" for line in said]
    if state.phase is Phase.OVER and not any(isinstance(e, GameEnded) for e in state.events):
        lines.append("game over")
    return "\n".join(lines)


# --- describe ----------------------------------------------------------------------------


def _task_word(task: Any) -> str:
    return task.name.lower() if task.__class__ is Task else short(task)


def _hidden_from(state: State) -> bool:
    """The reader of ``state`` is a seat other than the one deciding."""
    return state.viewer is not None and state.viewer != state.turn


def _commit(state: State, action: A.Commit) -> str:
    task = state.task
    if task is Task.TRASH:
        if _hidden_from(state):
            return "put a card face down to trash"
        return f"put {card_name(action.card, table_of(state))} face down to trash"
    where = f" to the {task.name.lower()}" if task is not None else ""
    return f"commit {card_name(action.card, table_of(state))}{where}"


def _resolve(state: State, action: A.Resolve) -> str:
    task = state.task
    if task is None:
        return "resolve the action"
    total = len(state.committed) if HIDDEN in state.committed else action_total(state)
    if task is Task.DIG:
        return f"dig {total} from the junkyard"
    if task is Task.DRAW:
        return f"draw {total}"
    if task is Task.HUNT:
        return f"hunt {total} food"
    return f"trash {total} card{'s' if total != 1 else ''} to the junkyard"


def _keep(state: State, action: A.Keep) -> str:
    if action.card is None:
        return "keep none of the dug cards"
    if _hidden_from(state):
        return "keep one dug card"
    return f"keep {card_name(action.card, table_of(state))}"


def _hire(state: State, action: A.Hire) -> str:
    pile = action.pile
    if pile.__class__ is not int or not 0 <= pile < len(A.PILE_NAMES):
        return f"hire from pile {short(pile)}"
    return f"hire a {A.PILE_NAMES[pile]} ({_cost(table_of(state), pile)})"


_NAMERS: dict[type, Callable[[Any, Any], str]] = {
    A.Begin: lambda s, a: f"begin a {_task_word(a.task)}",
    A.Commit: _commit,
    A.Equip: lambda s, a: f"equip {card_name(a.modifier, table_of(s))} on {card_name(a.person, table_of(s))}",
    A.Resolve: _resolve,
    A.Keep: _keep,
    A.Hire: _hire,
    A.EndGathering: lambda s, a: f"end gathering; {len(s.hands[s.turn])} cards stay as the force",
    A.Sabotage: lambda s, a: (f"{card_name(a.saboteur, table_of(s))} disarms "
                              f"{card_name(a.target, table_of(s))}"),
    A.Snipe: lambda s, a: f"{card_name(a.sniper, table_of(s))} snipes {card_name(a.target, table_of(s))}",
    A.EndDeclarations: lambda s, a: "declare nothing more",
}

#: ``describe(state, action)``: a few words naming ``action`` for the reader of ``state``; never raises.
describe: Callable[[State, object], str] = describer(_NAMERS)
