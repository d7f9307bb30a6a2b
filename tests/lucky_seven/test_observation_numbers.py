"""The observation writer gives the numbers of the old writer (``tests.rl.observation_reference``,
which asks the attack rules cell by cell) on positions that reach every rule it encodes: the
Joker and the Pacifist across the edge where the cooperative grids meet, two Jokers on one
threat, attacks on the partner's top row, card sets with members and threats of strength 0;
and the same numbers from the table as from each seat's view."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.lucky_seven.grids import cell, member, table
from tests.rl.observation_reference import lucky_observe
from wasteland.core.records import replace
from wasteland.lucky_seven import legal_actions, new_game, observe, view
from wasteland.lucky_seven.rules import apply, current_player
from wasteland.lucky_seven.state import Phase, State
from wasteland.lucky_seven.view import CELL_FEATURES, GLOBAL_FEATURES, GRID_FEATURES, observation_size

#: Members that cannot attack up (the Hammer) or down (the Mouse), strong ones, threats of
#: strength 0 and beyond the Jokers' reach, a strong Depot.
ODD_CARDS: dict[str, Any] = {
    "threats": [
        {"kind": "Infantry", "strength": 0, "column": 2, "count": 3},
        {"kind": "Infantry", "strength": 1, "column": 3, "count": 4},
        {"kind": "Machine Gun", "strength": 2, "column": 4, "count": 3},
        {"kind": "Machine Gun", "strength": 5, "column": 1, "count": 2},
        {"kind": "Flare", "column": 5, "count": 2},
        {"kind": "Mortar", "column": 6, "count": 2},
        {"kind": "Tank", "count": 2},
    ],
    "members": [
        {"name": "Hammer", "up": 0, "down": 0},
        {"name": "Anvil", "up": 3, "down": 1},
        {"name": "Mouse", "up": 2, "down": 0},
        {"name": "Joker", "up": 2, "down": 1},
        {"name": "Leader", "up": 1, "down": 2},
    ],
    "depot": {"strength": 7},
}

#: The biggest decks a card set may hold (``MAX_THREATS`` a deck): the card ids go highest.
BIG_CARDS: dict[str, Any] = {"threats": [
    {"kind": "Infantry", "strength": 1, "column": 1 + i % 6, "count": 20} for i in range(4)
] + [{"kind": "Machine Gun", "strength": 2, "column": 3, "count": 18}, {"kind": "Tank", "count": 2}]}

TABLES: list[dict[str, Any]] = [
    {"players": 1}, {"players": 1, "depot": True}, {"players": 2},
    {"players": 2, "variant": "cooperative"}, {"players": 2, "variant": "cooperative", "depot": True},
    {"players": 1, "cards": ODD_CARDS}, {"players": 2, "cards": ODD_CARDS},
    {"players": 2, "variant": "cooperative", "depot": True, "cards": ODD_CARDS},
    {"players": 2, "variant": "cooperative", "depot": True, "cards": BIG_CARDS},
]


def _writes(state: State, seat: int) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """The observation of ``seat`` from its view and written straight from the table."""
    seen = observe(view(state, seat))
    direct = [0.0] * observation_size(state)
    observe.seat_into(state, seat, direct)
    return seen, tuple(direct)


def _agree(state: State) -> None:
    for seat in range(state.options.players):
        seen, direct = _writes(state, seat)
        assert seen == lucky_observe(view(state, seat))
        assert direct == seen


@pytest.mark.parametrize("options", TABLES, ids=lambda o: "-".join(f"{k}={v}" for k, v in o.items() if k != "cards")
                         + ({id(ODD_CARDS): "-odd-cards", id(BIG_CARDS): "-big-decks"}.get(id(o.get("cards")), "")))
def test_random_play_gives_the_old_writer_s_numbers(options: dict[str, Any]) -> None:
    positions = 0
    for seed in range(6):
        chooser = random.Random(seed)
        state = new_game(seed, **options)
        while True:
            _agree(state)
            positions += 1
            if current_player(state) is None:
                break
            state = apply(state, chooser.choice(legal_actions(state)))
    assert positions >= 100


def test_jokers_and_the_pacifist_across_the_meeting_edge() -> None:
    """Cooperative: the top rows meet (column c faces column 7 - c): a Joker on one grid and one
    on the other weaken the same threat by 2, a Pacifist across the edge makes the Hammer
    stronger, and an attack on the partner's top row is counted there."""
    state = table("""
    .    ANV  HAM  JOK  .   .   .
    .    .    INF1 .    .   .   .
    .    .    .    .    .   .   .
    .    .    .    .    .   .   .
    """, """
    .    .    .    JOK  MG  PAC INF2
    .    .    .    .    .   .   .
    .    .    .    .    .   .   .
    .    .    .    .    .   .   .
    """, phase=Phase.ATTACK, attacks=((member("HAM"), cell(2, 2)), (member("ANV"), cell(1, 6, side=1))))
    _agree(state)
    seen = observe(view(state, 0))
    other = GLOBAL_FEATURES + GRID_FEATURES  # the partner's grid
    assert _cell(seen, 1, 4, other)[17:19] == [3, 1]  # a Joker on each side: 3 - 2
    assert _cell(seen, 1, 6, other)[17:] == [2, 2, 0, 1, 1]  # the Anvil attacks across
    assert _cell(seen, 1, 2)[12:14] == [1, 2]  # the Hammer, beside the Pacifist across
    assert _cell(seen, 2, 2)[17:] == [1, 1, 0, 1, 2]


def _cell(seen: tuple[float, ...], row: int, column: int, grid: int = GLOBAL_FEATURES) -> list[float]:
    at = grid + ((row - 1) * 6 + column - 1) * CELL_FEATURES
    return list(seen[at:at + CELL_FEATURES])


def test_a_joker_and_a_pacifist_down_then_up() -> None:
    state = table("""
    .    .    .    .    .   .   .
    .    jok  MG   HAM  .   .   .
    .    .    .    ANV  .   .   .
    .    .    .    pac  .   .   .
    """)
    _agree(state)
    seen = observe(view(state, 0))
    assert _cell(seen, 2, 2)[17:19] == [3, 3]  # the down Joker weakens nothing
    assert _cell(seen, 3, 3)[13] == 1  # nor does the down Pacifist help the Anvil
    joker = member("JOK")
    up = replace(state, down=frozenset(), rotated=frozenset({joker}))
    _agree(up)
    seen = observe(view(up, 0))
    assert _cell(seen, 2, 2)[17:19] == [3, 2]  # a rotated Joker is up
    assert _cell(seen, 3, 3)[13] == 2
    assert _cell(seen, 2, 3)[13] == 1  # the Hammer is not beside the Pacifist
