"""Setup: the options checked, starting decks out of the supply, the two-player removals,
shuffles, the initiator. The first draw phase waits on the stack (``rules.new_game``, the engine's,
plays it)."""

from __future__ import annotations

from wasteland.arctic_scavengers.card_set import (
    PEEK_RULES, card_table, read_card_set, read_peeking, removed_for_peeking,
)
from wasteland.arctic_scavengers.cards import CONTESTED_TYPES, JUNKYARD_TYPES, MERCENARY_PILES, STARTING_DECK
from wasteland.arctic_scavengers.state import ROUND_START, DrawPhase, Options, Phase, State
from wasteland.core.data import need_name
from wasteland.core.game import ConfigError, check_options
from wasteland.core.rng import Rng

__all__ = ["make_options", "initial_state", "PLAYER_COUNTS", "TWO_PLAYER_JUNKYARD_REMOVAL"]

PLAYER_COUNTS = (2, 3, 4, 5)
#: Cards of each junkyard type removed in a two-player game.
TWO_PLAYER_JUNKYARD_REMOVAL = 2


def make_options(*, players: int = 2, peek_rule: str = "no_peek", peeking: object = (),
                 cards: object = None) -> Options:
    """The checked :class:`Options`: ``players`` 2–5, ``peek_rule`` ``"no_peek"`` (the default) or
    ``"remove_marked"``, ``peeking`` (contested-resource keys, with ``"remove_marked"``), ``cards``
    (a card set of one's own, see :mod:`card_set`; None: the public set). ConfigError names the
    option and what is allowed."""
    check_options("players", players, PLAYER_COUNTS)
    rule: str = need_name("peek_rule", peek_rule, {r: r for r in PEEK_RULES})
    keys = read_peeking(peeking)
    if keys and rule != "remove_marked":
        raise ConfigError("peeking: names contested resources removed under peek_rule='remove_marked' only; "
                          "with the default 'no_peek' the two-player initiator does not peek and nothing is removed")
    return Options(players, keys, read_card_set(cards, players, keys, rule), rule)


def initial_state(seed: int, options: Options) -> State:
    """The table before the first draw phase (round 0), which waits on the stack."""
    players = options.players
    table = card_table(options.cards)
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
            if removed_for_peeking(table.card_type(key), players, options.peeking, options.peek_rule):
                removed += pools[key]
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
        stack=(DrawPhase(),),
        events=(),
        rng=rng,
        viewer=None,
    )
