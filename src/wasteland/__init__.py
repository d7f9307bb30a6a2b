"""wasteland: pure, typed rules engines for five survival board games.

>>> from wasteland import GAMES
>>> sorted(GAMES)[:1]
['arctic_scavengers']
"""

from wasteland.core.game import ConfigError, Game, IllegalAction, Outcome, RulesError
from wasteland.registry import GAMES, get_game

__all__ = ["GAMES", "ConfigError", "Game", "IllegalAction", "Outcome", "RulesError", "get_game"]
__version__ = "0.1.0"
