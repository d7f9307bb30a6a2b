"""wasteland: pure, typed rules engines for survival board games.

Four games today, each a key of ``GAMES``: The Lucky Seven (``lucky_seven``), Arctic
Scavengers (``arctic_scavengers``), Raxxon (``raxxon``) and Terror Below (``terror_below``);
Aftermath follows on the same core.

>>> from wasteland import GAMES
>>> sorted(GAMES)[:1]
['arctic_scavengers']
"""

from wasteland.core.game import ConfigError, Game, IllegalAction, Outcome, RulesError
from wasteland.registry import GAMES, get_game

__all__ = ["GAMES", "ConfigError", "Game", "IllegalAction", "Outcome", "RulesError", "get_game"]
__version__ = "0.1.0"
