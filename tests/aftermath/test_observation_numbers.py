"""The observation writer gives the numbers of the frozen copy of the writer it came from
(``tests.rl.observation_reference.aftermath_observe``, which looked every offset up by name and
wrote the zeros too) over whole random missions at every player count, for every seat, from its
view and straight from the table."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tests.rl.observation_reference import aftermath_observe
from wasteland.aftermath import apply, current_player, legal_actions, new_game, observe, view
from wasteland.aftermath.state import Phase, State
from wasteland.aftermath.view import observation_size


def _situations(state: State) -> set[str]:
    """What of the writer's parts ``state`` exercises."""
    found = set()
    if state.foes:
        found.add("an enemy on the track")
    if any(state.wounds) or any(state.toxic):
        found.add("wounds")
    if state.test is not None:
        found.add("a test")
    if state.hostile:
        found.add("hostile")
    if state.phase is Phase.OVER:
        found.add("the end")
    return found


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_every_seat_gets_the_old_writer_s_numbers_through_whole_missions(players: int) -> None:
    seen: Counter[str] = Counter()
    positions = 0
    for seed in range(2):
        chooser = random.Random(seed)
        table = new_game(seed, players=players)
        size = observation_size(table)
        while True:
            for seat in range(players):
                expected = aftermath_observe(view(table, seat))
                assert observe(view(table, seat)) == expected
                direct = [0.0] * size
                observe.seat_into(table, seat, direct)
                assert tuple(direct) == expected
            seen.update(_situations(table))
            positions += 1
            if current_player(table) is None:
                break
            table = apply(table, chooser.choice(legal_actions(table)))
    assert positions >= 100
    assert {"an enemy on the track", "wounds", "hostile", "a test", "the end"} <= set(seen), seen
