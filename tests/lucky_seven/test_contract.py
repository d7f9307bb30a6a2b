"""Options, views, text, and the Game bundle."""

from __future__ import annotations

import pytest

from tests.lucky_seven.grids import table
from wasteland import get_game
from wasteland.core.game import ConfigError
from wasteland.lucky_seven import (
    GAME, Attack, ChooseRow, Discard, EndPhase, GetDown, GetUp, Move, Select, Stop, legal_actions, new_game,
    view,
)
from wasteland.lucky_seven.render import describe, render


def test_registered() -> None:
    assert get_game("lucky_seven") is GAME
    assert GAME.player_counts == (1, 2)


@pytest.mark.parametrize("options, fragment", [
    ({"players": 3}, "1, 2"),
    ({"players": True}, "1, 2"),
    ({"players": 1, "variant": "cooperative"}, "'solo'"),
    ({"players": 2, "variant": "solo"}, "'competitive', 'cooperative'"),
    ({"depot": 1}, "False, True"),
    ({"colour": "red"}, "players, variant, depot"),
])
def test_bad_options_raise_config_error_naming_allowed_values(options: dict[str, object], fragment: str) -> None:
    with pytest.raises(ConfigError, match=fragment):
        new_game(1, **options)


def test_bad_seed_raises_config_error() -> None:
    with pytest.raises(ConfigError):
        new_game("7")  # type: ignore[arg-type]


def test_every_player_count_starts() -> None:
    for players in GAME.player_counts:
        state = GAME.new_game(1, players=players)
        assert GAME.num_players(state) == players and legal_actions(state)


def test_player_two_default_is_competitive() -> None:
    assert new_game(1, players=2).options.variant == "competitive"


def test_view_hides_deck_order_and_rng_only() -> None:
    state = new_game(4)
    seen = view(state, 0)
    assert seen.decks[0] == tuple(sorted(state.decks[0])) and seen.rng != state.rng
    assert seen.squad == state.squad and seen.threats == state.threats


def test_render_and_describe() -> None:
    text = render(new_game(2, players=2, variant="cooperative"), 0)
    assert "grid 2" in text and "row 4" in text
    assert "LDR^" in render(table("""
    . .   .   .   .   .   .
    . LDR .   .   .   .   .
    . .   .   .   .   .   .
    . .   .   .   .   .   .
    """), None)
    for action in (Select(0), Move(9), GetUp(), GetDown(), Stop(), EndPhase(), Attack(1, 9), Discard(2),
                   ChooseRow(1), Select(9), Move(40)):
        assert describe(action) and "(" not in describe(action).split(" ")[0]
    assert describe(Select(0)) == "select the Leader"
    assert describe(Move(9)) == "move to row 2, column 2 (swap if occupied)"
