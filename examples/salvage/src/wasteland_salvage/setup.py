"""Options and the table at the start."""

from __future__ import annotations

from wasteland_salvage.cards import DECK, HAND
from wasteland_salvage.state import Draw, Options, Phase, State
from wasteland.core.game import check_options
from wasteland.core.rng import Rng

__all__ = ["make_options", "initial_state"]


def make_options(*, players: int = 2) -> Options:
    """The options of a new game; ConfigError lists the allowed values."""
    check_options("players", players, (2, 3, 4))
    return Options(players=players)


def initial_state(seed: int, options: Options) -> State:
    """The shuffled deck, two cards dealt to each player, and player 0 about to draw."""
    deck, rng = Rng.from_seed(seed).shuffle(range(DECK))
    n = options.players
    hands = tuple(deck[p * HAND:(p + 1) * HAND] for p in range(n))
    return State(options, Phase.PLAY, 0, hands, deck[n * HAND:], (), (Draw(),), (), rng, None)
