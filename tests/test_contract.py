"""Every registered game against the contract of DESIGN.md, generically."""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from wasteland import GAMES, ConfigError, IllegalAction, Outcome
from pyrsistent import PMap, PSet, PVector

from wasteland.core import codec
from wasteland.core.rng import Rng
from wasteland.registry import GAME_KEYS

from tests.support import check_decider, random_playout

CASES = [(key, n) for key in GAME_KEYS for n in GAMES[key].player_counts]
IDS = [f"{key}-{n}p" for key, n in CASES]


@pytest.mark.parametrize("key", GAME_KEYS)
def test_game_bundle_names_itself(key: str) -> None:
    game = GAMES[key]
    assert game.key == key
    assert game.title
    assert game.player_counts and all(n >= 1 for n in game.player_counts)
    assert attrs.has(game.options_type)


@pytest.mark.parametrize(("key", "players"), CASES, ids=IDS)
def test_new_game_offers_a_stable_list_of_actions(key: str, players: int) -> None:
    game = GAMES[key]
    state = game.new_game(3, players=players)
    assert game.num_players(state) == players
    check_decider(game, state)
    legal = game.legal_actions(state)
    assert isinstance(legal, tuple)
    assert legal == game.legal_actions(state)
    assert len(set(legal)) == len(legal), "legal actions must be distinct"
    for action in legal:
        assert game.describe(action)
        assert codec.loads(codec.dumps(action)) == action
    assert isinstance(game.render(state, None), str)


@pytest.mark.parametrize(("key", "players"), CASES, ids=IDS)
def test_same_seed_same_game(key: str, players: int) -> None:
    game = GAMES[key]
    assert codec.digest(game.new_game(11, players=players)) == codec.digest(game.new_game(11, players=players))


@pytest.mark.parametrize("key", GAME_KEYS)
def test_player_count_out_of_range_is_a_config_error(key: str) -> None:
    game = GAMES[key]
    bad = max(game.player_counts) + 1
    with pytest.raises(ConfigError, match=str(game.player_counts[0])):
        game.new_game(0, players=bad)
    with pytest.raises(ConfigError):
        game.new_game(0, players=0)


@pytest.mark.parametrize("key", GAME_KEYS)
def test_unknown_option_is_a_config_error(key: str) -> None:
    with pytest.raises(ConfigError, match="no_such_option"):
        GAMES[key].new_game(0, no_such_option=1)


class _Foreign:
    pass


GARBAGE: list[Any] = [None, 0, -1, "move", b"\x00", 3.5, (), [], {}, _Foreign(), Outcome(frozenset(), "x")]


@pytest.mark.parametrize(("key", "players"), CASES, ids=IDS)
def test_garbage_is_an_illegal_action(key: str, players: int) -> None:
    game = GAMES[key]
    state = game.new_game(5, players=players)
    for junk in GARBAGE:
        with pytest.raises(IllegalAction):
            game.apply(state, junk)


@pytest.mark.parametrize("key", GAME_KEYS)
def test_an_action_of_another_game_is_illegal(key: str) -> None:
    game = GAMES[key]
    state = game.new_game(5, players=game.player_counts[0])
    for other in GAME_KEYS:
        if other == key:
            continue
        foreign = GAMES[other]
        for action in foreign.legal_actions(foreign.new_game(5, players=foreign.player_counts[0]))[:10]:
            with pytest.raises(IllegalAction):
                game.apply(state, action)


@pytest.mark.parametrize(("key", "players"), CASES, ids=IDS)
@given(seed=st.integers(0, 2**32), choice_seed=st.integers(0, 2**32))
def test_random_play_keeps_the_contract(key: str, players: int, seed: int, choice_seed: int) -> None:
    game = GAMES[key]
    final = random_playout(
        game, seed, {"players": players}, choice_seed, max_steps=20_000, full_checks_every=7
    )
    outcome = game.outcome(final)
    assert outcome is not None and outcome.reason
    with pytest.raises(IllegalAction):
        game.apply(final, None)
    for p in range(players):
        seen = game.view(final, p)
        assert type(seen) is type(final)


def _rngs(value: Any) -> list[Rng]:
    """Every Rng inside a record, in a stable order."""
    if isinstance(value, Rng):
        return [value]
    found: list[Rng] = []
    if attrs.has(type(value)):
        for f in attrs.fields(type(value)):
            found += _rngs(getattr(value, f.name))
    elif isinstance(value, (tuple, list, PVector, PSet, frozenset)):
        for item in value:
            found += _rngs(item)
    elif isinstance(value, PMap):
        for k, v in value.items():
            found += _rngs(k) + _rngs(v)
    return found


@pytest.mark.parametrize(("key", "players"), CASES, ids=IDS)
def test_views_hide_the_generator(key: str, players: int) -> None:
    game = GAMES[key]
    a = game.new_game(1, players=players)
    b = game.new_game(2, players=players)
    assert _rngs(a) != _rngs(b)
    for p in range(players):
        view_a, view_b = game.view(a, p), game.view(b, p)
        assert game.view(view_a, p) == view_a, "a view of a view adds nothing"
        assert codec.loads(codec.dumps(view_a)) == view_a
        assert _rngs(view_a) == _rngs(view_b), "the generator in a view must not depend on the seed"
        assert not set(_rngs(view_a)) & set(_rngs(a)), "a view must not carry the real generator"
