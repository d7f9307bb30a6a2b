"""Terror Below, the worm-hunting race to 20 VP for 1-5 players (solo included).

Each turn a player plays a Vehicle under a Worm (its arrows move the Worm's Target), spends its
action points on the 6 × 6 board (move, leapfrog, clear rubble, pick up eggs, deliver them at the
Locations for bounties), then refills the hand; a Worm holding as many Vehicles as its limit
attacks: eggs and rubble fall around its Target, and the pawns caught hunt it or lose their
leader. 20 VP wins at once; a squad wiped out gives the others one last turn. See
docs/rules/terror_below.md.
"""

from wasteland.core.engine import bundle
from wasteland.core.game import Game, Utility, always
from wasteland.terror_below.actions import (
    ACTION_TYPES, Action, Claim, Clear, Deliver, Draw, Enter, Extra, Hide, Lead, Leap, Move, Pass, PickUp, Play,
    Revive, Stash, Steer, Use, action_count, action_id, notation,
)
from wasteland.terror_below.render import describe, events, render, summary, svg
from wasteland.terror_below.rules import (
    action_from_id, apply, current_player, legal_actions, max_decisions, moves, new_game, num_players, outcome, parse,
    returns,
)
from wasteland.terror_below.state import Options, State
from wasteland.terror_below.view import determinize, observation_size, observe, view

__all__ = [
    "GAME", "new_game", "current_player", "legal_actions", "moves", "apply", "outcome", "returns", "view",
    "determinize",
    "notation", "parse", "num_players", "events", "render", "svg", "describe", "summary", "max_decisions", "Options",
    "State",
    "Action", "ACTION_TYPES", "Lead", "Enter", "Play", "Extra", "Stash", "Pass", "Move", "Leap", "Clear", "PickUp",
    "Deliver", "Use", "Draw", "Hide", "Revive", "Claim", "Steer",
    "action_count", "action_id", "action_from_id", "observation_size", "observe",
]

GAME: Game[State, Action] = bundle(
    __name__, key="terror_below", title="Terror Below", player_counts=(1, 2, 3, 4, 5), rules_version=2,
    utility=always(Utility.GENERAL_SUM, State, "a Terror Below"),
)
