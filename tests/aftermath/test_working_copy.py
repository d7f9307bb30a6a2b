"""The working copy keeps the State's tuples: only the effects pending and the events of a decision
are lists, and a rule replaces any other collection it changes whole, so a decision leaves a tuple
in every collection of the State (never a list the next decision could change in place)."""

from __future__ import annotations

import typing

import attrs
import pytest

from wasteland.aftermath import GAME, new_campaign, new_game, start_mission
from wasteland.aftermath.state import State, Work
from wasteland.testing.support import random_walk

#: The fields of the State that hold a tuple.
_TUPLES = tuple(f.name for f in attrs.fields(State)
                if typing.get_origin(typing.get_type_hints(State)[f.name]) is tuple)


def _tuples_only(s: State) -> None:
    for name in _TUPLES:
        value = getattr(s, name)
        assert type(value) is tuple and all(type(v) is not list for v in value), name


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_a_decision_leaves_a_tuple_in_every_collection_of_the_state(players: int) -> None:
    assert len(_TUPLES) == 36
    steps = 0
    for seed in range(3):
        for s in random_walk(GAME, new_game(seed, players=players), seed, 3000):
            _tuples_only(s)
            steps += 1
    assert steps > 100


def test_a_campaign_mission_leaves_a_tuple_in_every_collection_of_the_state() -> None:
    start = start_mission(new_campaign(), 3, ("grumple", "whisper"))
    _tuples_only(start)
    assert sum(1 for s in random_walk(GAME, start, 3, 3000) if _tuples_only(s) is None) > 100


def test_the_working_copy_names_only_the_stack_and_the_events_as_lists() -> None:
    s = new_game(0, players=2)
    work = Work(s)
    assert type(work.stack) is list and type(work.events) is list
    assert all(getattr(work, name) is getattr(s, name) for name in _TUPLES if name not in ("stack", "events"))
