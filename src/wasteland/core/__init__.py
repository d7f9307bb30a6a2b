"""The shared core: randomness, piles, dice, grids, the contract types and the codec.

The core knows no game.
"""

from wasteland.core.codec import CodecError, digest, dumps, loads
from wasteland.core.game import ConfigError, Game, IllegalAction, Outcome, RulesError
from wasteland.core.rng import Rng

__all__ = [
    "CodecError",
    "ConfigError",
    "Game",
    "IllegalAction",
    "Outcome",
    "Rng",
    "RulesError",
    "digest",
    "dumps",
    "loads",
]
