"""The game's own invariants, checked after every step of random play."""

from __future__ import annotations

from typing import Any

import attrs

from wasteland.arctic_scavengers import apply, legal_actions
from wasteland.arctic_scavengers.state import HAND_SIZE, Phase, State
from wasteland.arctic_scavengers.table import table_of
from wasteland.arctic_scavengers.view import HIDDEN_RNG, view
from wasteland.core import codec
from wasteland.core.game import IllegalAction
from wasteland.core.rng import Rng

from .tables import card_ids

def expected_ids(state: State) -> list[int]:
    """Every card id of the game's card set, counted from its card types."""
    table = table_of(state)
    ids = [c for ctype in table.types for c in table.ids_of(ctype.key)]
    assert len(ids) == sum(t.count for t in table.types)
    return sorted(ids)


def conservation(state: State) -> None:
    assert card_ids(state) == expected_ids(state), "a card was created or lost"


def bounds(state: State) -> None:
    n = state.options.players
    table = table_of(state)
    for p in range(n):
        played = state.played[p]
        drawable = sum(max(table.base[1][c], 0) + table.bonus[1][c] for c in played)
        assert len(state.hands[p]) + len(played) <= HAND_SIZE + drawable, f"seat {p} holds too many cards"
    assert state.food >= 0 and 0 <= state.turn < n and 0 <= state.initiator < n
    assert state.used < 32
    assert len(state.contested) <= sum(table.is_contested)
    if state.phase is Phase.KEEP:
        assert state.dug and state.task is None
    else:
        assert not state.dug
    if state.task is None:
        assert not state.committed and not state.equipped
    assert all(card in state.committed for _, card in state.equipped)


def _hide_differently(state: State, p: int, rng: Rng) -> State:
    """A state that differs from ``state`` only in what ``p`` cannot see."""
    n = state.options.players
    revealed = state.phase is Phase.SKIRMISH or state.phase is Phase.OVER
    hands, decks, discards, secrets = list(state.hands), list(state.decks), list(state.discards), list(state.secret)
    for q in range(n):
        if q == p:
            deck, rng = rng.shuffle(state.decks[q])
            decks[q] = deck
            continue
        hand = () if revealed else state.hands[q]
        secret_at = [i for i, c in enumerate(state.discards[q]) if c in state.secret[q]]
        pool = hand + state.decks[q] + tuple(state.discards[q][i] for i in secret_at)
        pool, rng = rng.shuffle(pool)
        k = len(hand)
        if not revealed:
            hands[q] = pool[:k]
        decks[q] = pool[k:k + len(state.decks[q])]
        moved = pool[k + len(state.decks[q]):]
        discard = list(state.discards[q])
        for i, c in zip(secret_at, moved):
            discard[i] = c
        discards[q] = tuple(discard)
        secrets[q] = state.secret[q] | frozenset(moved)
    junk_pool = state.junkyard + (state.dug if p != state.turn else ())
    junk_pool, rng = rng.shuffle(junk_pool)
    dug = state.dug
    junkyard = junk_pool
    if p != state.turn:
        dug, junkyard = junk_pool[:len(state.dug)], junk_pool[len(state.dug):]
    contested = state.contested
    keep_top = p == state.initiator and state.round >= 3 and state.phase is not Phase.OVER and contested
    head, tail = (contested[:1], contested[1:]) if keep_top else ((), contested)
    shuffled_tail, rng = rng.shuffle(tail)
    return attrs.evolve(
        state, hands=tuple(hands), decks=tuple(decks), discards=tuple(discards), secret=tuple(secrets),
        junkyard=junkyard, dug=dug, contested=head + shuffled_tail, rng=Rng(state.rng.key ^ 0xABCDEF, 7),
    )


def views_leak_nothing(state: State) -> None:
    rng = Rng.from_seed(state.rng.counter)
    for p in range(state.options.players):
        seen = view(state, p)
        assert seen.rng == HIDDEN_RNG
        other = _hide_differently(state, p, rng.fork(p))
        conservation(other)
        assert view(other, p) == seen, f"seat {p}'s view depends on what it cannot see"


def _mutants(action: Any) -> list[Any]:
    out: list[Any] = []
    for field in attrs.fields(type(action)):
        value = getattr(action, field.name)
        for new in (-1, 0, 1, 5, 148, 149, 1000, 1200, 3399, None, "x", True):
            if new != value or type(new) is not type(value):
                out.append(attrs.evolve(action, **{field.name: new}))
    return out


GARBAGE: tuple[Any, ...] = (None, 0, "commit", object(), (1, 2))


def direct_check_agrees(state: State) -> None:
    """apply accepts exactly the actions legal_actions lists (also for mutated and foreign input)."""
    legal = legal_actions(state)
    listed = {codec.dumps(a) for a in legal}
    candidates: list[Any] = list(legal[:6]) + list(GARBAGE)
    for action in legal[:3]:
        candidates += _mutants(action)
    for action in candidates:
        try:
            apply(state, action)
            accepted = True
        except IllegalAction:
            accepted = False
        try:
            expected = codec.dumps(action) in listed
        except codec.CodecError:
            expected = False
        assert accepted == expected, f"apply {'accepted' if accepted else 'refused'} {action!r}"
