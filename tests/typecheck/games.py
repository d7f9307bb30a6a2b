"""Checked by mypy --strict in tests/test_typing.py, never run: the real types reach a user.

Each ``assert_type`` fails the type check if a game's functions lose their precise types
(``Any`` where a ``State`` should be), and each assignment to ``GameModule`` fails if a game
package stops providing the contract.
"""

from __future__ import annotations

from typing import assert_type

import wasteland.arctic_scavengers as arctic
import wasteland.lucky_seven as lucky
import wasteland.raxxon as raxxon
from wasteland.core.game import Game, GameModule, Outcome

state = lucky.new_game(1)
assert_type(state, lucky.State)
action = lucky.legal_actions(state)[0]
assert_type(action, lucky.Action)
assert_type(lucky.apply(state, action), lucky.State)
assert_type(lucky.outcome(state), Outcome | None)
assert_type(lucky.returns(state), tuple[float, ...])
assert_type(lucky.view(state, 0), lucky.State)
assert_type(lucky.determinize(lucky.view(state, 0), 0, 5), lucky.State)
assert_type(lucky.notation(state, action), str)
assert_type(lucky.parse(state, "end"), lucky.Action)
assert_type(lucky.GAME, Game[lucky.State, lucky.Action])
assert_type(lucky.GAME.apply(state, action), lucky.State)
assert_type(lucky.GAME.legal_actions(state), tuple[lucky.Action, ...])
assert_type(lucky.action_from_id(state, 0), lucky.Action)
assert_type(lucky.observe(lucky.view(state, 0)), tuple[float, ...])
lucky_module: GameModule[lucky.State, lucky.Action] = lucky

table = arctic.new_game(1, players=3)
assert_type(table, arctic.State)
move = arctic.legal_actions(table)[0]
assert_type(move, arctic.Action)
assert_type(arctic.apply(table, move), arctic.State)
assert_type(arctic.determinize(arctic.view(table, 1), 1, 5), arctic.State)
assert_type(arctic.GAME.determinize(arctic.view(table, 1), 1, seed=5), arctic.State)  # as the docs write it
assert_type(arctic.GAME, Game[arctic.State, arctic.Action])
assert_type(arctic.GAME.parse(table, "end"), arctic.Action)
arctic_module: GameModule[arctic.State, arctic.Action] = arctic

crowd = raxxon.new_game(1, players=2, difficulty="hard")
assert_type(crowd, raxxon.State)
choice = raxxon.legal_actions(crowd)[0]
assert_type(choice, raxxon.Action)
assert_type(raxxon.apply(crowd, choice), raxxon.State)
assert_type(raxxon.determinize(raxxon.view(crowd, 1), 1, 5), raxxon.State)
assert_type(raxxon.svg(crowd, 0), str)
assert_type(raxxon.GAME, Game[raxxon.State, raxxon.Action])
assert_type(raxxon.GAME.parse(crowd, "pass"), raxxon.Action)
raxxon_module: GameModule[raxxon.State, raxxon.Action] = raxxon
