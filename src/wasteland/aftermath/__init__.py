"""Aftermath, the cooperative adventure-book game for 1-4 players: a mission on the page.

The adventure book, not a board, says what happens: each page is a map of spaces joined by typed
lines and a list of entries, read when the party arrives, visits a space, lets the threat build
up, meets the page's calamity or looks for the way out. On a turn a character draws to 5 action
cards (threat cards go on the threat track), acts with them (moves, skill tests, attacks,
scavenging, group tasks), then the threat is checked: the enemies take their turn when the
situation is hostile. The book ends the mission in success; every character fleeing at once, or
the rounds running out, fails it. Missions chain into a campaign (``campaign.py``: ``new_campaign``,
``start_mission``, ``finish_mission``). See docs/rules/aftermath.md.
"""

from wasteland.core.engine import bundle
from wasteland.core.game import Utility, always
from wasteland.aftermath.actions import (
    ACTION_TYPES, Ability, Action, Card, Cheer, Choose, Communicate, Consult, Contribute, Discard, Done, Draw, End,
    Equip, Go, Melee, Move, Nest, Pass, Pick, Ranged, Recover, Scavenge, Step, action_count, action_id, notation,
)
from wasteland.aftermath.book import DEFAULT_BOOK_PATH
from wasteland.aftermath.campaign import Campaign, finish_mission, new_campaign, start_mission
from wasteland.aftermath.render import describe, events, render, summary, svg
from wasteland.aftermath.rules import (
    action_from_id, apply, current_player, legal_actions, max_decisions, moves, new_game, num_players, outcome,
    parse, returns,
)
from wasteland.aftermath.state import Options, State
from wasteland.aftermath.view import determinize, observation_size, observe, view

__all__ = [
    "GAME", "new_game", "current_player", "legal_actions", "moves", "apply", "outcome", "returns", "view",
    "determinize",
    "notation", "parse", "num_players", "events", "render", "svg", "describe", "summary", "max_decisions", "Options",
    "State", "DEFAULT_BOOK_PATH", "Campaign", "new_campaign", "start_mission", "finish_mission",
    "Action", "ACTION_TYPES", "Discard", "Draw", "Move", "Step", "Card", "Done", "Communicate", "Melee", "Ranged",
    "Scavenge", "Recover", "Ability", "Cheer", "Equip", "Contribute", "Consult", "End", "Nest", "Pass", "Pick", "Go",
    "Choose", "action_count", "action_id", "action_from_id", "observation_size", "observe",
]

#: Cooperative: the team wins or loses together.
GAME = bundle(__name__, key="aftermath", title="Aftermath", player_counts=(1, 2, 3, 4), rules_version=3,
              utility=always(Utility.IDENTICAL, State, "an Aftermath"))
