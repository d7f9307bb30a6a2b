"""Raxxon (Plaid Hat, 2017): evacuate the healthy from a crowd before the infection or Raxxon wins.

1-4 players, cooperative; ``difficulty`` intro, regular, hard or expert;
``characters`` chooses the sheets; ``cards={...}`` plays a card set of one's own.
See docs/rules/raxxon.md.
"""

from wasteland.core.engine import bundle
from wasteland.core.game import Game, Utility, always
from wasteland.raxxon.actions import (
    ACTION_TYPES, Act, Action, Decline, Line, Option, Pass, Place, Take, Target, Turn, action_count, action_id,
    notation,
)
from wasteland.raxxon.render import describe, events, render, summary, svg
from wasteland.raxxon.rules import (
    action_from_id, apply, current_player, legal_actions, max_decisions, moves, new_game, num_players, outcome, parse,
    returns,
)
from wasteland.raxxon.state import Options, State
from wasteland.raxxon.view import determinize, observation_size, observe, view

__all__ = [
    "GAME", "new_game", "current_player", "legal_actions", "moves", "apply", "outcome", "returns", "view",
    "determinize",
    "notation", "parse", "num_players", "events", "render", "svg", "describe", "Options", "State", "Action",
    "ACTION_TYPES", "Turn", "Pass", "Act", "Target", "Line", "Place", "Option", "Take", "Decline",
    "action_count", "action_id", "action_from_id", "observation_size", "observe", "summary",
    "max_decisions",
]

#: Cooperative: the team wins or loses together.
GAME: Game[State, Action] = bundle(__name__, key="raxxon", title="Raxxon", player_counts=(1, 2, 3, 4),
                                   rules_version=2, utility=always(Utility.IDENTICAL, State, "a Raxxon"),
                                   option_sets=({"difficulty": "intro"}, {"players": 2, "difficulty": "expert"},
                                                {"players": 4, "difficulty": "intro"}))
