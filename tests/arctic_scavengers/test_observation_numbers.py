"""The observation's numbers, position by position, against the frozen copy of the writer they
came from (``tests/rl/observation_reference.py``), over whole random games: every seat, from
its view and straight from the table. The short games of ``tests/rl`` end before the first
skirmish; these reach the reveal and the end, and the test checks that its positions hold every
part of the writer that depends on what a seat may see. Random play seldom keeps a Saboteur and
a tool to the skirmish, so the declarations are checked on a hand-made table."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from tests.rl.observation_reference import arctic_observe
from wasteland.arctic_scavengers import (
    EndGathering, Sabotage, apply, current_player, legal_actions, new_game, observe, view,
)
from wasteland.arctic_scavengers.state import Phase, State, Task, peeked_card

from .tables import play, table as hand_made
from .test_encoding import OWN_SET

#: (options, seeds): whole games, until each situation below has come up in the positions.
GAMES: list[tuple[dict[str, Any], range]] = [
    ({"players": 2}, range(2)),
    ({"players": 3}, range(2)),
    ({"players": 4}, range(1)),
    ({"players": 5}, range(1)),
    ({"players": 2, "peek_rule": "remove_marked", "peeking": ["grenade"]}, range(1)),
    ({"players": 3, "cards": OWN_SET}, range(1)),
]


def _situations(state: State, seat: int) -> set[str]:
    """What of the writer's seat-dependent parts ``state`` exercises for ``seat``."""
    found = set()
    if state.task is Task.TRASH and state.turn != seat and state.committed:
        found.add("another's trash under way")
    if any(state.secret[q] & set(state.discards[q]) for q in range(state.options.players) if q != seat):
        found.add("another's discard with cards taken unseen")
    if seat == state.initiator and peeked_card(state) is not None:
        found.add("the peeked card")
    revealed = state.phase is Phase.SKIRMISH or state.phase is Phase.OVER
    if revealed and any(state.hands[q] for q in range(state.options.players) if q != seat):
        found.add("another's revealed force")
    if state.phase is Phase.OVER:
        found.add("the end")
    if state.dug:
        found.add("dug cards")
    if state.equipped:
        found.add("equipped modifiers")
    return found


@pytest.mark.parametrize("options, seeds", GAMES, ids=lambda v: repr(v) if isinstance(v, dict) else "")
def test_every_seat_gets_the_old_writer_s_numbers_through_whole_games(options: dict[str, Any],
                                                                      seeds: range) -> None:
    seen_situations: Counter[str] = Counter()
    size = 0
    for seed in seeds:
        chooser = random.Random(seed)
        table = new_game(seed, **options)
        size = len(observe(view(table, 0)))
        while True:
            for seat in range(options["players"]):
                seen = view(table, seat)
                expected = arctic_observe(seen)
                assert observe(seen) == expected
                direct = [0.0] * size
                observe.seat_into(table, seat, direct)
                assert tuple(direct) == expected
                seen_situations.update(_situations(table, seat))
            if current_player(table) is None:
                break
            table = apply(table, chooser.choice(legal_actions(table)))
    wanted = {"another's trash under way", "another's discard with cards taken unseen", "another's revealed force",
              "the end", "dug cards", "equipped modifiers"}
    if options["players"] > 2 or options.get("peek_rule") == "remove_marked":
        wanted.add("the peeked card")
    assert wanted <= set(seen_situations), wanted - set(seen_situations)


def _same_numbers_for_every_seat(table: State) -> None:
    size = len(observe(view(table, 0)))
    for seat in range(table.options.players):
        expected = arctic_observe(view(table, seat))
        assert observe(view(table, seat)) == expected
        direct = [0.0] * size
        observe.seat_into(table, seat, direct)
        assert tuple(direct) == expected


def test_the_declarations_of_a_skirmish_give_the_old_writer_s_numbers() -> None:
    """Revealed forces with tools and Group Leaders, a Saboteur spent on a Spear, the Sniper Team
    still to declare: every seat, from its view and from the table."""
    grenade, saboteur, sniper, spear, hunter, brawler, leaders, shovel = 138, 65, 83, 109, 57, 49, 78, 119
    state = hand_made(players=3, round=3, contested=(grenade,),
                      hands={0: (saboteur, brawler, shovel), 1: (spear, hunter, leaders), 2: (sniper, 39)})
    state = play(state, EndGathering(), EndGathering(), EndGathering())
    assert state.phase is Phase.SKIRMISH
    _same_numbers_for_every_seat(state)
    state = apply(state, Sabotage(saboteur, spear))
    assert state.spent == (saboteur,) and state.phase is Phase.SKIRMISH
    _same_numbers_for_every_seat(state)
