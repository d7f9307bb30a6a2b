"""Setup: starting decks out of the supply, the two-player removals, shuffles, the initiator."""

from __future__ import annotations

from typing import Iterable

from wasteland.arctic_scavengers.card_sets import card_set
from wasteland.arctic_scavengers.cards import CONTESTED_TYPES, JUNKYARD_TYPES, MERCENARY_PILES, STARTING_DECK
from wasteland.arctic_scavengers.draw_phase import draw_phase
from wasteland.arctic_scavengers.state import ROUND_START, Options, Phase, State
from wasteland.arctic_scavengers.table import table_for
from wasteland.core.game import ConfigError, check_options
from wasteland.core.rng import Rng

__all__ = ["new_game", "PLAYER_COUNTS", "TWO_PLAYER_JUNKYARD_REMOVAL"]

PLAYER_COUNTS = (2, 3, 4, 5)
#: Cards of each junkyard type removed in a two-player game.
TWO_PLAYER_JUNKYARD_REMOVAL = 2


def new_game(seed: int, players: int = 2, peeking: Iterable[str] = (), cards: object = None,
             **options: object) -> State:
    """A new game: setup done and the first draw phase played; the initiator gathers first.

    ``cards`` is a user's card set (see :mod:`card_sets`); None plays the public set.
    """
    if options:
        raise ConfigError(f"unknown option(s) {sorted(options)}; allowed: 'players' (2, 3, 4, 5), "
                          f"'peeking' (contested-resource keys), 'cards' (a card set, or null)")
    check_options("players", players, PLAYER_COUNTS)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ConfigError(f"seed must be an integer, got {seed!r}")
    if isinstance(peeking, str):
        raise ConfigError("peeking must be a list of contested-resource keys, not a string")
    try:
        keys = tuple(sorted(set(peeking)))
    except TypeError:
        raise ConfigError(f"peeking must be a list of contested-resource keys, got {peeking!r}") from None
    for key in keys:
        check_options("peeking entries", key, CONTESTED_TYPES)
    return draw_phase(setup(seed, Options(players, keys, card_set(cards, players, keys))))


def setup(seed: int, options: Options) -> State:
    """The table before the first draw phase (round 0)."""
    players = options.players
    table = table_for(options.cards)
    pools = {t: list(table.ids_of(t)) for t in ("refugee",) + MERCENARY_PILES + JUNKYARD_TYPES + CONTESTED_TYPES}
    decks: list[tuple[int, ...]] = []
    for _ in range(players):
        deck: list[int] = []
        for key, copies in STARTING_DECK:
            deck += pools[key][:copies]
            del pools[key][:copies]
        decks.append(tuple(deck))
    removed = list(pools.pop("refugee"))  # extra Refugees leave the game
    if players == 2:
        for key in JUNKYARD_TYPES:
            removed += pools[key][:TWO_PLAYER_JUNKYARD_REMOVAL]
            del pools[key][:TWO_PLAYER_JUNKYARD_REMOVAL]
        for key in CONTESTED_TYPES:
            if table.card_type(key).peek or key in options.peeking:
                removed += pools.pop(key)
                pools[key] = []
    junkyard = [c for key in JUNKYARD_TYPES for c in pools[key]]
    contested = [c for key in CONTESTED_TYPES for c in pools[key]]
    rng = Rng.from_seed(seed)
    shuffled_junkyard, rng = rng.shuffle(junkyard)
    shuffled_contested, rng = rng.shuffle(contested)
    shuffled_decks = []
    for deck_cards in decks:
        shuffled, rng = rng.shuffle(deck_cards)
        shuffled_decks.append(shuffled)
    initiator, rng = rng.below(players)
    empty: tuple[tuple[int, ...], ...] = ((),) * players
    return State(
        options=options,
        round=0,
        phase=Phase.GATHERING,
        initiator=initiator,
        turn=initiator,
        hands=empty,
        decks=tuple(shuffled_decks),
        discards=empty,
        played=empty,
        secret=(frozenset(),) * players,
        junkyard=shuffled_junkyard,
        contested=shuffled_contested,
        piles=tuple(tuple(pools[key]) for key in MERCENARY_PILES),
        removed=tuple(sorted(removed)),
        **ROUND_START,
        rng=rng,
    )
