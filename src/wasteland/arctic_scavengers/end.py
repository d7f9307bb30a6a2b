"""The end of the game: the last contested resource is gone; the biggest tribe wins."""

from __future__ import annotations

from wasteland.arctic_scavengers.state import Phase, State
from wasteland.arctic_scavengers.table import table_of
from wasteland.core.game import Outcome

__all__ = ["tribe_cards", "tribe_people", "contested_won", "outcome"]

def tribe_cards(state: State, p: int) -> tuple[int, ...]:
    """Every card tribe ``p`` owns: deck, hand, discard and played area."""
    return state.decks[p] + state.hands[p] + state.discards[p] + state.played[p]


def tribe_people(state: State, p: int) -> int:
    """The people shown on all of tribe ``p``'s cards."""
    people = table_of(state).people
    return sum(people[c] for c in tribe_cards(state, p))


def contested_won(state: State, p: int) -> int:
    """How many contested-resource cards tribe ``p`` holds (the end-game tie-break)."""
    contested = table_of(state).is_contested
    return sum(1 for c in tribe_cards(state, p) if contested[c])


def outcome(state: State) -> Outcome | None:
    """None while running. At the end the most people wins; a tie goes to the tied
    tribe holding the most contested resources; if still tied, they share the win."""
    if state.phase is not Phase.OVER:
        return None
    n = state.options.players
    scores = [tribe_people(state, p) for p in range(n)]
    best = max(scores)
    tied = [p for p in range(n) if scores[p] == best]
    reason = "the last contested resource was taken; the biggest tribe wins"
    if len(tied) > 1:
        won = {p: contested_won(state, p) for p in tied}
        most = max(won.values())
        tied = [p for p in tied if won[p] == most]
        reason = ("the biggest tribes tied; " + ("the most contested resources decide"
                  if len(tied) == 1 else "they tie on contested resources too and share the win"))
    return Outcome(frozenset(tied), reason, tuple(float(s) for s in scores))
