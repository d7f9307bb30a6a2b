"""The shared core: randomness, piles, dice, boards, the driver, card data, the contract types, the codec.

The core knows no game.
"""

from wasteland.core.codec import CodecError, digest, dumps, loads
from wasteland.core.dice import Die
from wasteland.core.game import ConfigError, Game, IllegalAction, Outcome, RulesError
from wasteland.core.rng import Rng

__all__ = [
    "CodecError",
    "ConfigError",
    "Die",
    "Game",
    "IllegalAction",
    "Outcome",
    "Rng",
    "RulesError",
    "digest",
    "dumps",
    "loads",
]
