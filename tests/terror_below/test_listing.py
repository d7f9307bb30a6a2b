"""The fast paths of a decision, held to the plain rules they stand for: the act step and the plays
listed in one pass are the per-kind lists in their order, and the working copy, which keeps the
State's tuples and replaces a collection whole when a rule changes it, leaves no list behind."""

from __future__ import annotations

import typing

import attrs
import pytest

from wasteland.terror_below import GAME, Clear, Deliver, Leap, Move, Pass, PickUp, Play, Use, new_game
from wasteland.terror_below.state import Phase, State
from wasteland.terror_below.turn import clears, deliveries, leaps, moves, own_turn_uses, plays
from wasteland.testing.support import random_walk


def _expected(s: State) -> tuple[object, ...]:
    """The legal actions of the act and play steps, as each kind's own function lists them."""
    if s.phase is Phase.PLAY:
        return tuple(Play(c, k) for c, k in plays(s))
    here = s.pawns[s.active]
    return (*(Move(c) for c in sorted(moves(s))), *(Leap(c) for c in leaps(s)), *(Clear(c) for c in clears(s)),
            *((PickUp(),) if any(s.eggs[here * 4:here * 4 + 4]) else ()),
            *(Deliver(c, b) for c, b in deliveries(s)), *(Use(g, t) for g, t in sorted(own_turn_uses(s))), Pass())


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("side", ["desert", "canyon"])
def test_the_act_step_and_the_plays_are_listed_as_each_kind_lists_them(players: int, side: str) -> None:
    seen = 0
    for seed in range(3):
        for s in random_walk(GAME, new_game(seed, players=players, side=side), seed, 3000):
            if s.phase in (Phase.ACT, Phase.PLAY):
                assert GAME.legal_actions(s) == _expected(s), (seed, s.phase)
                seen += 1
    assert seen > 100


#: The fields of the State that hold a tuple.
_TUPLES = tuple(f.name for f in attrs.fields(State)
                if typing.get_origin(typing.get_type_hints(State)[f.name]) is tuple)


@pytest.mark.parametrize("players", [1, 2, 5])
def test_a_decision_leaves_a_tuple_in_every_collection_of_the_state(players: int) -> None:
    assert len(_TUPLES) == 41
    for s in random_walk(GAME, new_game(7, players=players), 7, 3000):
        for name in _TUPLES:
            value = getattr(s, name)
            assert type(value) is tuple and all(type(v) is not list for v in value), name
