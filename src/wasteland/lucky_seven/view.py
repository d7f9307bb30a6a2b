"""What a player may see: everything on the table, but not the order of the threat decks
nor the random generator.

The map numbers were dealt face up and then flipped down; the player saw them
and they matter for nothing after setup, so the view keeps them (*design*).
"""

from __future__ import annotations

from attrs import evolve

from wasteland.core.rng import Rng
from wasteland.lucky_seven.state import State

__all__ = ["view", "HIDDEN_RNG"]

#: The generator every view carries in place of the real one.
HIDDEN_RNG = Rng(key=0, counter=0)


def view(state: State, player: int) -> State:
    """``state`` as ``player`` sees it: each threat deck in id order, the Rng replaced."""
    return evolve(state, decks=tuple(tuple(sorted(deck)) for deck in state.decks), rng=HIDDEN_RNG)
