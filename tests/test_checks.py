"""The check of an action looks at that action: no rule lists the legal actions again to find it.

Two things hold that together, for every registered game built on the engine:

* the check accepts exactly what ``legal_actions`` lists: at tables and views of random play,
  every action an id names (every value each field may hold, and one beyond) is accepted by
  ``illegal_reason`` exactly when it is listed;
* the checked path (``legal_actions`` + ``apply``) costs little more than the bots' path
  (``moves`` + ``play_at``) over whole random games, counted in bytecode instructions run (a
  count the machine's load does not move): at most 15 % more. The count weighs each cheap compare
  of a check as much as an instruction that copies a whole table in playing, so it overstates
  the check: on the clock the checked path costs 3-9 % more in every game
  (``examples/chess_speed.py`` measures both paths side by side).
"""

from __future__ import annotations

import random
import sys
from typing import Any

import pytest

from wasteland import GAMES
from wasteland.core.engine import Engine
from wasteland.core.game import IllegalAction


def _engine(key: str) -> Engine[Any, Any, Any, Any]:
    engine = getattr(GAMES[key].apply, "__self__", None)
    if not isinstance(engine, Engine):
        pytest.skip(f"{key} is not built on the engine")
    return engine


def _positions(key: str, per_count: int) -> list[Any]:
    """Tables of random play at every player count, a few steps apart."""
    game = GAMES[key]
    out: list[Any] = []
    for players in game.player_counts:
        for seed in range(2):
            state, pick = game.new_game(seed, players=players), random.Random(seed)
            steps = 0
            while game.current_player(state) is not None and steps < 40 * per_count:
                if steps % 7 == 3:
                    out.append(state)
                state = game.apply(state, pick.choice(game.legal_actions(state)))
                steps += 1
    return out


@pytest.mark.parametrize("key", sorted(GAMES))
def test_the_check_accepts_exactly_the_listed_actions(key: str) -> None:
    game, engine = GAMES[key], _engine(key)
    checked = 0
    for state in _positions(key, 3):
        for seen in (state, game.view(state, game.current_player(state))):
            legal = set(engine.actions_of(seen))
            count = engine.action_count(seen)
            for i in range(count):
                try:
                    action = engine.decode(seen, i)
                except IllegalAction:
                    continue  # an id that names no action at this table (Arctic's positions)
                accepted = engine.illegal_reason(seen, action) is None
                assert accepted == (action in legal), (action, engine.illegal_reason(seen, action))
                checked += 1
    assert checked > 100


def _calls(key: str, players: int, seed: int, checked: bool) -> int:
    """The bytecode instructions run in one random game through one path (the same choices both
    ways)."""
    game = GAMES[key]
    state = game.new_game(seed, players=players)
    pick = random.Random(seed)
    count = [0]

    def counter(frame: Any, event: str, arg: object) -> Any:
        if event == "call":
            frame.f_trace_lines = False
            frame.f_trace_opcodes = True
        elif event == "opcode":
            count[0] += 1  # each bytecode instruction run
        return counter

    sys.settrace(counter)
    try:
        while game.current_player(state) is not None:
            if checked:
                legal = game.legal_actions(state)
                state = game.apply(state, legal[pick.randrange(len(legal))])
            else:
                listed = game.moves(state)
                state = listed.play_at(pick.randrange(len(listed.actions)))
    finally:
        sys.settrace(None)
    return count[0]


@pytest.mark.parametrize("key", sorted(GAMES))
def test_the_checked_path_costs_little_more_than_the_bots_path(key: str) -> None:
    _engine(key)
    game = GAMES[key]
    for players in (min(game.player_counts), max(game.player_counts)):
        checked = sum(_calls(key, players, seed, True) for seed in range(2))
        bots = sum(_calls(key, players, seed, False) for seed in range(2))
        assert checked <= 1.15 * bots, (players, checked, bots, round(checked / bots, 3))
