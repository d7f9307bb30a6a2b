"""Arctic Scavengers: the deckbuilder of tribes in a new ice age (base game, 2–5 players)."""

from wasteland.arctic_scavengers.actions import (
    ACTION_TYPES, Action, Begin, Commit, EndDeclarations, EndGathering, Equip, Hire, Keep, Resolve, Sabotage, Snipe,
    action_count, action_id, notation,
)
from wasteland.arctic_scavengers.render import describe, events, render, summary, svg
from wasteland.arctic_scavengers.rules import (
    action_from_id, apply, current_player, legal_actions, max_decisions, moves, new_game, num_players, outcome, parse,
    returns,
)
from wasteland.arctic_scavengers.setup import PLAYER_COUNTS
from wasteland.arctic_scavengers.state import Options, State
from wasteland.arctic_scavengers.view import determinize, observation_size, observe, view
from wasteland.core.engine import bundle
from wasteland.core.game import Game, Utility, always

__all__ = [
    "GAME", "new_game", "current_player", "legal_actions", "moves", "apply", "outcome", "returns", "view",
    "determinize",
    "notation", "parse", "num_players", "events", "render", "svg", "describe", "Options", "State", "Action",
    "ACTION_TYPES", "Begin", "Commit", "Equip", "Resolve", "Keep", "Hire", "EndGathering", "Sabotage", "Snipe",
    "EndDeclarations", "action_count", "action_id", "action_from_id", "observation_size", "observe", "summary",
    "max_decisions",
]

GAME: Game[State, Action] = bundle(
    __name__, key="arctic_scavengers", title="Arctic Scavengers", player_counts=PLAYER_COUNTS, rules_version=2,
    utility=always(Utility.GENERAL_SUM, State, "an Arctic Scavengers"),  # a tie shares the win
    option_sets=({"players": 2, "peek_rule": "remove_marked", "peeking": ["grenade"]},
                 {"players": 3, "cards": {"Sniper Team": {"cost": {"medicine": 0, "food": 0}},
                                          "Saboteur": {"cost": {"medicine": 0, "food": 0}}}}),
)
