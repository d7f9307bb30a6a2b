"""End-of-game clauses: the last contested resource, the most people, the tie-break."""

from __future__ import annotations

import attrs

import pytest

from wasteland.arctic_scavengers import EndGathering, State, events, outcome, returns, view
from wasteland.arctic_scavengers.end import tribe_people
from wasteland.arctic_scavengers.state import GameEnded, Phase
from wasteland.core.game import IllegalAction, Outcome

from .tables import ids, one, play, table


def _last_skirmish(hands: dict[int, tuple[int, ...]], prize: int, players: int = 3) -> State:
    """Round 16 with ``prize`` the only contested resource left; the last seat ends gathering."""
    state = table(players=players, round=16, hands=hands, turn=players - 1, contested=(prize,))
    state = attrs.evolve(state, contested=(prize,), removed=tuple(sorted(state.removed + state.contested[1:])))
    return play(state, EndGathering())


def test_game_ends_when_the_last_contested_resource_is_won() -> None:
    prize = one("tribe_family_5")
    state = _last_skirmish({0: (one("brawler"),), 1: (), 2: ()}, prize)
    assert state.phase is Phase.OVER and state.contested == ()
    result = outcome(state)
    assert isinstance(result, Outcome)
    assert result.scores == tuple(float(tribe_people(state, p)) for p in range(3))
    # The end is an event too, with the final scores, seen by every seat.
    ended = state.events[-1]
    assert isinstance(ended, GameEnded) and ended.scores == tuple(tribe_people(state, p) for p in range(3))
    assert set(ended.winners) == result.winners
    for p in range(3):
        assert events(view(state, p))[-1].startswith("game over: seat 0 ")


def test_most_people_wins() -> None:
    prize = one("tribe_family_5")
    state = _last_skirmish({0: (one("brawler"),), 1: (), 2: ()}, prize)
    result = outcome(state)
    assert result is not None
    best = max(result.scores)
    assert result.winners == frozenset(p for p in range(3) if result.scores[p] == best)
    if len(result.winners) == 1:
        assert result.code == "most_people"
        assert returns(state) == tuple(1.0 if p in result.winners else 0.0 for p in range(3))


def test_tie_broken_by_contested_resources_then_shared() -> None:
    base = table(players=2, phase=Phase.OVER, contested=(), hands={0: (), 1: ()},
                 decks={0: ids("refugee", 3), 1: ids("refugee", 3, 3)},
                 discards={0: (), 1: ()}, played={0: (), 1: ()})
    result = outcome(base)
    assert result is not None and result.winners == frozenset({0, 1}) and "share" in result.reason
    assert result.code == "shared_win"
    assert returns(base) == (1.0, 1.0)  # a shared win gives each sharer 1
    # same people (3 each), but seat 1's come partly from a contested Tribe Family
    family = one("tribe_family_3")
    tilted = table(players=2, phase=Phase.OVER, contested=(), hands={0: (), 1: ()},
                   decks={0: ids("refugee", 3), 1: (family,)}, discards={0: (), 1: ()}, played={0: (), 1: ()})
    result = outcome(tilted)
    assert result is not None and result.winners == frozenset({1}) and result.code == "contested_tiebreak"
    assert returns(tilted) == (0.0, 1.0)


def test_running_game_has_no_outcome() -> None:
    assert outcome(table()) is None
    with pytest.raises(IllegalAction, match="not over"):
        returns(table())
