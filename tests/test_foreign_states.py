"""Every function of the contract that takes a state refuses anything that is not a state of
its own game (None, a number, text, another game's state) with IllegalAction: never an
AttributeError from deep inside, never an answer about the wrong table."""

from __future__ import annotations

from typing import Any, Callable

import pytest

from wasteland import GAMES, IllegalAction
from wasteland.registry import GAME_KEYS

#: Each function that takes a state, and the arguments that follow the state.
CALLS: dict[str, tuple[Any, ...]] = {
    "current_player": (), "legal_actions": (), "moves": (), "apply": (None,), "outcome": (), "returns": (),
    "view": (0,), "determinize": (0, 0), "notation": (None,), "parse": ("end",), "num_players": (),
    "events": (), "render": (None,), "svg": (None,), "describe": (None,), "action_count": (),
    "action_id": (None,), "action_from_id": (0,), "observation_size": (), "observe": (), "summary": (),
    "utility": (), "max_decisions": (),
}


def _junk(key: str) -> list[object]:
    others = [GAMES[other].new_game(1) for other in GAME_KEYS if other != key]
    return [None, 3, "state", object(), *others]


@pytest.mark.parametrize("key", GAME_KEYS)
@pytest.mark.parametrize("name", sorted(CALLS))
def test_a_contract_function_refuses_what_is_not_its_state(key: str, name: str) -> None:
    function: Callable[..., object] = getattr(GAMES[key], name)
    for junk in _junk(key):
        with pytest.raises(IllegalAction):
            function(junk, *CALLS[name])


@pytest.mark.parametrize("key", GAME_KEYS)
@pytest.mark.parametrize("name", ["render", "svg"])
def test_drawings_for_a_seat_refuse_what_is_not_their_state(key: str, name: str) -> None:
    function: Callable[..., object] = getattr(GAMES[key], name)
    for junk in _junk(key):
        with pytest.raises(IllegalAction):
            function(junk, 0)


@pytest.mark.parametrize("key", GAME_KEYS)
def test_the_list_covers_every_function_of_the_bundle_that_takes_a_state(key: str) -> None:
    game = GAMES[key]
    functions = {name for name in dir(game) if not name.startswith("_") and callable(getattr(game, name))
                 and name not in ("new_game",) and not isinstance(getattr(game, name), type)}
    assert functions == set(CALLS)
