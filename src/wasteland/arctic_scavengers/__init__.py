"""Arctic Scavengers: the deckbuilder of tribes in a new ice age (base game, 2–5 players)."""

from wasteland.arctic_scavengers.actions import (
    Begin, Commit, EndDeclarations, EndGathering, Equip, Hire, Keep, Resolve, Sabotage, Snipe, describe,
)
from wasteland.arctic_scavengers.end import outcome
from wasteland.arctic_scavengers.render import render
from wasteland.arctic_scavengers.rules import apply, current_player, legal_actions, num_players
from wasteland.arctic_scavengers.setup import PLAYER_COUNTS, new_game
from wasteland.arctic_scavengers.state import Options, State
from wasteland.arctic_scavengers.view import view
from wasteland.core.game import Game

__all__ = [
    "GAME", "new_game", "current_player", "legal_actions", "apply", "outcome", "view", "Options", "State",
    "Begin", "Commit", "Equip", "Resolve", "Keep", "Hire", "EndGathering", "Sabotage", "Snipe",
    "EndDeclarations",
]

GAME: Game[State, object] = Game(
    key="arctic_scavengers",
    title="Arctic Scavengers",
    player_counts=PLAYER_COUNTS,
    new_game=new_game,
    current_player=current_player,
    legal_actions=legal_actions,
    apply=apply,
    outcome=outcome,
    view=view,
    num_players=num_players,
    render=render,
    describe=describe,
    options_type=Options,
)
