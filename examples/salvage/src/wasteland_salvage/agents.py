"""Salvage's own bot: the module ``wasteland.registry.bots_of`` finds beside a game of another
package (``<package>.agents``), so that ``--bot heuristic`` plays it in every tool.

The highest hand wins when the deck runs out, so the bot keeps its two best cards: it discards
the lowest card it holds (of two equal, the one the seeded generator picks).
"""

from __future__ import annotations

from wasteland_salvage.actions import Action, Discard
from wasteland_salvage.cards import VALUES
from wasteland_salvage.state import State
from wasteland.core.game import Game
from wasteland.core.rng import Rng

__all__ = ["HeuristicBot"]


class HeuristicBot:
    """Discards its lowest card."""

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng.from_seed(seed)

    def choose(self, game: Game[State, Action], view: State, legal: tuple[Action, ...]) -> Action:
        lowest = min(VALUES[action.card] for action in legal if type(action) is Discard)
        ties = [action for action in legal if type(action) is Discard and VALUES[action.card] == lowest]
        choice, self.rng = self.rng.choice(ties)
        return choice
