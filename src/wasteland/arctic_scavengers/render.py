"""A terminal picture of a state (normally a view), from one seat or the referee's."""

from __future__ import annotations

from wasteland.arctic_scavengers.cards import ABILITY_NAMES, HIDDEN, MERCENARY_PILES, card_type
from wasteland.arctic_scavengers.gathering import action_total
from wasteland.arctic_scavengers.state import Cards, Phase, State, Task
from wasteland.arctic_scavengers.table import Table, table_of

__all__ = ["render", "card_name", "card_stats", "cards_text"]


def card_name(card: int, table: Table) -> str:
    return "?" if card == HIDDEN else f"{table.name[card]}#{card}"


def cards_text(cards: Cards, table: Table) -> str:
    if not cards:
        return "-"
    if all(c == HIDDEN for c in cards):
        return f"{len(cards)} hidden"
    return ", ".join(card_name(c, table) for c in cards)


def card_stats(card: int, table: Table) -> str:
    """A card's values in a few characters: people, abilities, modifiers, medicine."""
    if card == HIDDEN:
        return "?"
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
    return f"{card_name(card, table)} ({', '.join(parts) or 'no use'})"


def render(state: State, player: int | None = None) -> str:
    n = state.options.players
    table = table_of(state)
    seat = "referee" if player is None else f"seat {player}"
    lines = [
        f"Arctic Scavengers, round {state.round}, {state.phase.value}  ({seat}; initiator: seat {state.initiator})",
        f"contested: {len(state.contested)} left"
        + (f", top {card_name(state.contested[0], table)}" if state.contested and state.contested[0] != HIDDEN
           and player is not None else ""),
        f"junkyard: {len(state.junkyard)} cards",
        "mercenaries: " + ", ".join(
            f"{card_type(k).name} {len(p)}" for k, p in zip(MERCENARY_PILES, state.piles)
        ),
    ]
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
        lines.append(f"under way: {state.task.name.lower()} (total {action_total(state)}); committed "
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
    return "\n".join(lines)
