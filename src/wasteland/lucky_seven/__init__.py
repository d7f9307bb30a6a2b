"""The Lucky Seven (Coincidence, 2023): a squad of seven holds out until the helicopter comes.

Solo by default; ``players=2`` plays the competitive variant (the second seat
chooses each threat's row) or the cooperative one (two facing grids);
``depot=True`` adds the Depot card; ``cards={...}`` plays a card set of one's
own (plain JSON data). See docs/rules/lucky_seven.md.
"""

from wasteland.core.engine import bundle
from wasteland.core.game import Game
from wasteland.lucky_seven.actions import (
    ACTION_TYPES, Action, Attack, ChooseRow, Deselect, Discard, EndPhase, GetDown, GetUp, Move, Select, Stop,
    action_count, action_id, notation,
)
from wasteland.lucky_seven.render import describe, events, render, summary, svg
from wasteland.lucky_seven.rules import (
    action_from_id, apply, current_player, legal_actions, max_decisions, moves, new_game, num_players, outcome, parse,
    returns, utility,
)
from wasteland.lucky_seven.state import Options, State
from wasteland.lucky_seven.view import determinize, observation_size, observe, view

__all__ = [
    "GAME", "new_game", "current_player", "legal_actions", "moves", "apply", "outcome", "returns", "view",
    "determinize",
    "notation", "parse", "num_players", "events", "render", "svg", "describe", "Options", "State", "Action",
    "ACTION_TYPES", "Select", "Move", "GetUp", "GetDown", "Stop", "Deselect", "EndPhase", "Attack", "Discard",
    "ChooseRow", "action_count", "utility", "action_id", "action_from_id", "observation_size", "observe",
    "summary", "max_decisions",
]

GAME: Game[State, Action] = bundle(
    __name__, key="lucky_seven", title="The Lucky Seven", player_counts=(1, 2), rules_version=3,
    option_sets=({"players": 2, "variant": "cooperative"}, {"players": 2, "variant": "cooperative", "depot": True},
                 {"players": 1, "depot": True}),
)
