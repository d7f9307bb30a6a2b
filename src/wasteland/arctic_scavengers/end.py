"""The end of the game: the last contested resource is gone; the biggest tribe wins.

Scores are each tribe's people, counted on every card it owns. A tie on
people goes to the tied tribe holding the most contested-resource cards; if
still tied, the tied tribes share the win (each of them gets 1 in
``returns``). Outcome codes: the :class:`state.Ending` members ``most_people``,
``contested_tiebreak``, ``shared_win``.
"""

from __future__ import annotations

from wasteland.arctic_scavengers.card_set import table_of
from wasteland.arctic_scavengers.state import EndOfGame, Ending, GameEnded, Phase, State, Work
from wasteland.core.game import Outcome

__all__ = ["tribe_cards", "tribe_people", "contested_won", "final_result", "outcome_of", "end_of_game"]


def tribe_cards(state: State | Work, p: int) -> tuple[int, ...]:
    """Every card tribe ``p`` owns: deck, hand, discard and played area."""
    return state.decks[p] + state.hands[p] + state.discards[p] + state.played[p]


def tribe_people(state: State | Work, p: int) -> int:
    """The people shown on all of tribe ``p``'s cards."""
    people = table_of(state).people
    return sum(people[c] for c in tribe_cards(state, p))


def contested_won(state: State | Work, p: int) -> int:
    """How many contested-resource cards tribe ``p`` holds (the end-game tie-break)."""
    contested = table_of(state).is_contested
    return sum(1 for c in tribe_cards(state, p) if contested[c])


def final_result(state: State | Work) -> tuple[tuple[int, ...], tuple[int, ...], Ending]:
    """Each tribe's people, the winners (ascending) and the outcome code."""
    n = state.options.players
    scores = tuple(tribe_people(state, p) for p in range(n))
    best = max(scores)
    tied = [p for p in range(n) if scores[p] == best]
    if len(tied) == 1:
        return scores, tuple(tied), Ending.MOST_PEOPLE
    won = {p: contested_won(state, p) for p in tied}
    most = max(won.values())
    tied = [p for p in tied if won[p] == most]
    return scores, tuple(tied), Ending.CONTESTED_TIEBREAK if len(tied) == 1 else Ending.SHARED_WIN


_REASONS = {
    Ending.MOST_PEOPLE: "the last contested resource was taken; the biggest tribe wins",
    Ending.CONTESTED_TIEBREAK: "the biggest tribes tied; the most contested resources decide",
    Ending.SHARED_WIN: "the biggest tribes tied, on contested resources too, and share the win",
}


def outcome_of(state: State) -> Outcome:
    """The outcome of a finished game (the rules' ``outcome`` checks the state first)."""
    scores, winners, code = final_result(state)
    return Outcome(winners=frozenset(winners), reason=_REASONS[code], code=code,
                   scores=tuple(float(s) for s in scores))


def end_of_game(work: Work, effect: EndOfGame) -> None:
    """The effect: the game is over; the event tells each tribe's people and the winners."""
    work.phase = Phase.OVER
    work.turn = work.initiator
    scores, winners, _ = final_result(work)
    work.events.append(GameEnded(scores, winners))
