"""Setup, steps 1-9, and the options."""

from __future__ import annotations

import pytest

from wasteland.core.game import ConfigError
from wasteland.raxxon import new_game
from wasteland.raxxon.card_set import table_of
from wasteland.raxxon.cards import CARRIER, CELEBRITY, CHAOTIC, FAMILY, HOSTILE, VOLATILE
from wasteland.raxxon.setup import DEALT
from wasteland.raxxon.state import EMPTY, State


def _population_in_play(state: State) -> list[int]:
    return [*state.draw, *(c for c in state.crowd if c != EMPTY)]


def test_intro_puts_the_seed_s_removals_back_in_the_box() -> None:
    state = new_game(1, difficulty="intro")
    kind = table_of(state).kind
    removed = [kind[c] for c in state.removed]
    assert sorted(removed) == sorted([HOSTILE] * 5 + [FAMILY] * 3 + [CELEBRITY] * 2 + [CHAOTIC] * 4
                                     + [CARRIER] * 4 + [VOLATILE] * 4)
    healthy = table_of(state).healthy
    assert sum(1 for c in _population_in_play(state) if healthy[c]) == 20


@pytest.mark.parametrize("difficulty", sorted(DEALT))
def test_the_dealt_infected_are_shuffled_into_the_healthy_and_the_rest_form_the_supply(difficulty: str) -> None:
    state = new_game(4, difficulty=difficulty)
    healthy = table_of(state).healthy
    infected_in_play = sum(1 for c in _population_in_play(state) if not healthy[c])
    assert infected_in_play == DEALT[difficulty]
    assert all(not healthy[c] for c in state.supply)
    total_infected = 30 - (12 if difficulty == "intro" else 0)
    assert len(state.supply) == total_infected - DEALT[difficulty]


def test_characters_are_chosen_or_dealt_by_the_seed() -> None:
    assert new_game(1, players=2, characters=("wolfe", "heart")).characters == (1, 0)
    dealt = new_game(7, players=4).characters
    assert len(set(dealt)) == 4 and dealt == new_game(7, players=4).characters


def test_power_starts_at_0_the_raxxon_deck_is_shuffled_and_the_first_player_is_random() -> None:
    states = [new_game(seed, players=4) for seed in range(12)]
    assert all(s.power == 0 and len(s.raxxon_draw) == 40 for s in states)
    assert len({s.raxxon_draw for s in states}) == 12
    assert len({s.first for s in states}) > 1
    assert all(s.active == s.first for s in states)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"difficulty": "nightmare"}, "difficulty"),
        ({"players": 5}, "players"),
        ({"characters": ("heart",), "players": 2}, "one sheet per player"),
        ({"characters": ("heart", "heart"), "players": 2}, "at most once"),
        ({"characters": ("nobody",)}, "characters"),
        ({"characters": 5}, "characters"),
        ({"colour": "red"}, "colour"),
        ({"table_talk": "yes"}, "table_talk"),
    ],
)
def test_bad_options_are_config_errors_naming_what_is_allowed(options: dict[str, object], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        new_game(1, **options)
