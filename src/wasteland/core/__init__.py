"""The shared core: randomness, piles, dice, grids, the contract types and the codec.

The core knows no game.
"""

from wasteland.core.codec import CodecError, digest, dumps, loads
from wasteland.core.dice import Die
from wasteland.core.game import ConfigError, Game, IllegalAction, Outcome, RulesError
from wasteland.core.grid import Grid
from wasteland.core.spaces import Border, BorderKind, SpaceGraph
from wasteland.core.rng import Rng

__all__ = [
    "Border",
    "BorderKind",
    "CodecError",
    "ConfigError",
    "Die",
    "Game",
    "Grid",
    "IllegalAction",
    "Outcome",
    "Rng",
    "RulesError",
    "SpaceGraph",
    "digest",
    "dumps",
    "loads",
]
