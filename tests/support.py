"""Shared helpers of the library's tests: hand-made refusals, positions of random play, files
changed on purpose. The checks every game owes the contract (random play checked after every
step, one decider, determinize) live in :mod:`wasteland.testing.support` and are named here too.
"""

from __future__ import annotations

import json
from typing import Any, Callable

import pytest

from wasteland.core import codec
from wasteland.core.game import Game, IllegalAction
from wasteland.core.rng import Rng
from wasteland.registry import GAME_KEYS, package_of
from wasteland.testing.support import (  # noqa: F401 - the tests import them from here
    Invariant, check_decider, check_round_trip, check_v2_step, random_playout, random_walk,
)

#: The library's own games: those with rules pages, docs pages and example replays (the tests
#: also register the example game of examples/salvage, which has none of these).
LIBRARY_KEYS: tuple[str, ...] = tuple(key for key in GAME_KEYS if package_of(key).startswith("wasteland."))


def assert_illegal(game: Game[Any, Any], state: Any, action: Any, *fragments: str) -> IllegalAction:
    """``apply`` refuses ``action`` with IllegalAction whose reason contains each fragment."""
    try:
        game.apply(state, action)
    except IllegalAction as exc:
        message = str(exc).lower()
        for fragment in fragments:
            assert fragment.lower() in message, f"{fragment!r} not in reason {str(exc)!r}"
        return exc
    raise AssertionError(f"{action!r} was accepted")


def played(game: Game[Any, Any], steps: int, seed: int = 3, **options: Any) -> Any:
    """A table of ``game`` after ``steps`` random legal decisions (``seed`` deals and picks)."""
    state = game.new_game(seed, **options)
    pick = Rng.from_seed(seed)
    for _ in range(steps):
        action, pick = pick.choice(game.legal_actions(state))
        state = game.apply(state, action)
    return state


def assert_load_refused(state: Any, change: Callable[[dict[str, Any]], None], message: str) -> None:
    """``state`` reads back from its file as it was; changed by ``change``, it is refused with a
    CodecError of one line that says ``message`` (a regular expression)."""
    assert codec.loads(codec.dumps(state)) == state
    with pytest.raises(codec.CodecError, match=message) as refused:
        load_changed(state, change)
    assert "\n" not in str(refused.value)


def load_changed(state: Any, change: Callable[[dict[str, Any]], None]) -> Any:
    """``state`` written as JSON, changed in place by ``change``, and read back by the codec (which
    may refuse it with CodecError)."""
    doc = json.loads(codec.dumps(state, share=False))
    change(doc)
    return codec.loads(json.dumps(doc))
