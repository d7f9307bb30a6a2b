"""wasteland: pure, typed rules engines for survival board games.

Each game is a key of ``GAMES``: the library's own, The Lucky Seven (``lucky_seven``), Arctic
Scavengers (``arctic_scavengers``), Raxxon (``raxxon``), Terror Below (``terror_below``) and
Aftermath (``aftermath``), and any game another installed package names in the entry-point group
``wasteland.games`` (see :mod:`wasteland.registry`).

>>> from wasteland import GAMES
>>> sorted(GAMES)[:1]
['aftermath']
"""

from wasteland.core.game import ConfigError, Game, IllegalAction, Outcome, RulesError
from wasteland.registry import GAMES, get_game

__all__ = ["GAMES", "ConfigError", "Game", "IllegalAction", "Outcome", "RulesError", "get_game"]
__version__ = "0.1.0"
