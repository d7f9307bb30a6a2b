"""The Lucky Seven (Coincidence, 2023): a squad of seven holds out until the helicopter comes.

Solo by default; ``players=2`` plays the competitive variant (the second seat
chooses each threat's row) or the cooperative one (two facing grids);
``depot=True`` adds the Depot card; ``cards={...}`` plays a card set of one's
own (plain JSON data). See docs/rules/lucky_seven.md.
"""

from wasteland.core.game import Game
from wasteland.lucky_seven.actions import (
    Action, Attack, ChooseRow, Discard, EndPhase, GetDown, GetUp, Move, Select, Stop,
)
from wasteland.lucky_seven.render import describe, render
from wasteland.lucky_seven.rules import apply, current_player, legal_actions, new_game, num_players, outcome
from wasteland.lucky_seven.state import Options, State
from wasteland.lucky_seven.view import view

__all__ = [
    "GAME", "new_game", "current_player", "legal_actions", "apply", "outcome", "view", "Options", "State",
    "Action", "Select", "Move", "GetUp", "GetDown", "Stop", "EndPhase", "Attack", "Discard", "ChooseRow",
]

GAME: Game[State, Action] = Game(
    key="lucky_seven",
    title="The Lucky Seven",
    player_counts=(1, 2),
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
