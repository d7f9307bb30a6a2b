"""A card set of one's own is checked for what it can do: a chain of "when flipped" and "when
killed" effects that feeds itself is refused, so every accepted set plays a game that ends within
``max_decisions`` with a stack that stays small."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wasteland.core.game import ConfigError
from wasteland.core.rng import Rng
from wasteland.raxxon import apply, legal_actions, max_decisions, new_game, outcome
from wasteland.raxxon.card_set import read_card_set
from wasteland.raxxon.cards import CHARACTER_KEYS, EFFECT_NAMES, TRIGGER_NAMES, TYPE_NAMES

HEALTHY = ("Hostile", "Celebrity", "Susceptible", "Innocent", "Familiar", "Family")
INFECTED = ("Carrier", "Volatile", "Chaotic")

effects = st.lists(st.sampled_from(EFFECT_NAMES), max_size=4)


@st.composite
def population_type(draw: Any, name: str) -> dict[str, Any]:
    counts = draw(st.lists(st.integers(1, 8), max_size=3, unique=True))
    return {"type": name, "count": draw(st.integers(1, 12)),
            "flipped": [{"count": n, "effects": draw(effects)} for n in counts], "killed": draw(effects)}


@st.composite
def raxxon_card(draw: Any, i: int) -> dict[str, Any]:
    kind = draw(st.sampled_from(TRIGGER_NAMES))
    trigger: dict[str, Any] = {"kind": kind, "count": draw(st.integers(0, 6))}
    if kind == "face_up_type":
        trigger["type"] = draw(st.sampled_from(TYPE_NAMES))
    elif kind == "character":
        trigger["character"] = draw(st.sampled_from(CHARACTER_KEYS))
    n = draw(st.integers(1, 3))
    options = [{"label": f"option {k}" if n > 1 else "", "effects": draw(effects)} for k in range(n)]
    return {"title": f"card {i}", "trigger": trigger, "options": options, "count": draw(st.integers(1, 3))}


@st.composite
def card_sets(draw: Any) -> dict[str, Any]:
    """Random card sets in the card-set format: some valid, some refused by the chain check."""
    healthy = draw(st.lists(st.sampled_from(HEALTHY), min_size=1, max_size=3, unique=True))
    infected = draw(st.lists(st.sampled_from(INFECTED), min_size=1, max_size=3, unique=True))
    population = [draw(population_type(name)) for name in healthy + infected]
    raxxon = [draw(raxxon_card(i)) for i in range(draw(st.integers(1, 8)))]
    return {"population": population, "raxxon": raxxon}


def test_a_kill_that_kills_is_refused_naming_the_card() -> None:
    cards = {"population": [{"type": "Hostile", "count": 5, "killed": ["kill_up"]}, {"type": "Carrier", "count": 5}]}
    with pytest.raises(ConfigError, match='Hostile "when killed" \\(kill_up\\) sets off Hostile "when killed"'):
        new_game(0, cards=cards)


def test_a_flip_that_flips_is_refused_naming_the_card() -> None:
    cards = {"population": [{"type": "Chaotic", "count": 5, "flipped": [{"count": 2, "effects": ["add", "flip"]}]},
                            {"type": "Family", "count": 5}]}
    with pytest.raises(ConfigError, match='Chaotic "when flipped" at 2 \\(flip\\)'):
        new_game(0, cards=cards)


def test_a_flip_and_a_kill_that_set_each_other_off_are_refused() -> None:
    cards = {"population": [{"type": "Volatile", "count": 5, "flipped": [{"count": 1, "effects": ["kill_up"]}]},
                            {"type": "Innocent", "count": 5, "killed": ["add", "flip"]}]}
    with pytest.raises(ConfigError, match="Volatile .* sets off Innocent \"when killed\", and Innocent"):
        new_game(0, cards=cards)


def test_the_default_set_and_the_example_set_pass_the_check() -> None:
    assert read_card_set({}) is not None
    import json
    from pathlib import Path

    example = Path(__file__).resolve().parents[2] / "examples" / "cards" / "raxxon_calm_city.json"
    assert read_card_set(json.loads(example.read_text(encoding="utf-8"))) is not None


#: The most effects a stack holds in any game of an accepted set (measured far below).
STACK_LIMIT = 200


@settings(max_examples=60)
@given(cards=card_sets(), seed=st.integers(0, 2**16), players=st.integers(1, 4))
def test_every_accepted_card_set_plays_a_game_that_ends_within_the_bound(cards: dict[str, Any], seed: int,
                                                                         players: int) -> None:
    try:
        state = new_game(seed, players=players, cards=cards)
    except ConfigError:
        return  # refused: a chain that feeds itself, or a table that cannot be dealt
    bound = max_decisions(state)
    pick = Rng.from_seed(seed)
    decisions = 0
    while outcome(state) is None:
        assert decisions < bound
        action, pick = pick.choice(legal_actions(state))
        state = apply(state, action)
        decisions += 1
        assert len(state.stack) <= STACK_LIMIT, f"the stack grew to {len(state.stack)}"
    assert outcome(state) is not None
