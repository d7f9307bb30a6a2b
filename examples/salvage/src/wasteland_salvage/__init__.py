"""Salvage, a small example game from a package of its own: keep the best two of three scrap cards.

Twelve cards (values 1-6, two of each) are shuffled; each player is dealt two
face down. On a turn the player draws one and discards one of the three face up.
When the deck runs out at the start of a turn, the highest hand wins (ties
share). It is the smallest game with hidden hands, a deck, a driver step and an
end, built with nothing but the engine: docs/adding-a-game.md builds it step by
step. Installed beside wasteland, it is a game of every tool (the entry point in its
pyproject.toml), and the library's tests play it beside their own games.
"""

from wasteland_salvage.actions import ACTION_TYPES, Action, Discard, action_count, action_id, notation
from wasteland_salvage.render import describe, events, render, summary, svg
from wasteland_salvage.rules import (
    action_from_id, apply, current_player, legal_actions, max_decisions, moves, new_game, num_players, outcome, parse,
    returns,
)
from wasteland_salvage.state import Options, State
from wasteland_salvage.view import determinize, observation_size, observe, view
from wasteland.core.engine import bundle
from wasteland.core.game import Game, Utility, always

__all__ = [
    "GAME", "new_game", "current_player", "legal_actions", "moves", "apply", "outcome", "returns", "view",
    "determinize",
    "notation", "parse", "num_players", "events", "render", "svg", "describe", "summary", "max_decisions", "Options",
    "State",
    "Action", "ACTION_TYPES", "Discard", "action_count", "action_id", "action_from_id", "observation_size", "observe",
]

GAME: Game[State, Action] = bundle(__name__, key="salvage", title="Salvage", player_counts=(2, 3, 4), rules_version=1,
                                   utility=always(Utility.GENERAL_SUM, State, "a Salvage"))  # a tie shares the win
