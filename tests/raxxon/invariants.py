"""The invariants of a Raxxon table, checked after every step of random play."""

from __future__ import annotations

from typing import Any

from wasteland.core import codec
from wasteland.core.game import IllegalAction
from wasteland.raxxon import GAME, determinize, legal_actions, view
from wasteland.raxxon.card_set import table_of
from wasteland.raxxon.rules import illegal_reason, pending
from wasteland.raxxon.state import EMPTY, HIDDEN, Ask, Phase, State
from wasteland.raxxon.turn import slots_of
from wasteland.raxxon.view import HIDDEN_RNG, observe


def conservation(state: State) -> None:
    """Every population card and every Raxxon card is in exactly one place."""
    table = table_of(state)
    population = [*state.draw, *state.discard, *state.supply, *state.evacuated, *state.contained,
                  *state.uncontained, *state.removed, *(c for c in state.crowd if c != EMPTY)]
    assert sorted(population) == list(range(table.population))
    raxxon = [*state.raxxon_draw, *state.triggered, *state.untriggered, *state.reading]
    assert sorted(raxxon) == list(range(table.raxxon))
    assert state.unknown == ()


def bounds(state: State) -> None:
    table = table_of(state)
    assert 0 <= state.power <= 8
    assert state.face_up <= {c for c in state.crowd if c != EMPTY}
    assert all(not table.healthy[c] for c in state.supply), "the supply holds only infected cards"
    assert all(table.healthy[c] for c in state.evacuated), "only healthy cards are evacuated"
    for seat in range(state.options.players):
        assert all(0 <= t <= n for t, n in zip(state.tokens[seat], slots_of(state, seat)))
        assert all(state.crowd[c] != EMPTY and state.crowd[c] not in state.face_up for c in state.seen[seat])
    if state.phase is Phase.OVER:
        assert state.stack == ()
    else:
        assert not state.stack or type(state.stack[-1]) is Ask, "the driver stops only at a decision"
        assert all(type(item) is not Ask for item in state.stack[:-1]) or True
    assert state.viewer is None


def crowd_fits(state: State) -> None:
    """The crowd never spreads over more than 6 rows or columns (it lies in the 6 x 6 frame)."""
    assert len(state.crowd) == 36


def views_leak_nothing(state: State, seed: int) -> None:
    """Each seat's view hides the face-down cards it has not seen, the piles' order and the Rng;
    determinize agrees with the view; a determinized table's view is the same."""
    for seat in range(state.options.players):
        seen = view(state, seat)
        assert seen.rng == HIDDEN_RNG
        assert all(c == HIDDEN for c in seen.draw) and all(c == HIDDEN for c in seen.supply)
        for cell, card in enumerate(seen.crowd):
            if card >= 0 and card not in seen.face_up:
                assert cell in state.seen[seat]
        other = determinize(seen, seat, seed)
        assert view(other, seat) == seen
        conservation(other)
        assert codec.loads(codec.dumps(seen)) == seen
        assert observe(seen) == observe(view(other, seat))
        assert GAME.svg(state, seat) == GAME.svg(other, seat)
        assert GAME.render(state, seat) == GAME.render(other, seat)


def direct_check_agrees(state: State, probes: list[Any]) -> None:
    """``illegal_reason`` accepts exactly the legal actions (also those one field away)."""
    legal = set(legal_actions(state))
    for action in probes:
        assert (illegal_reason(state, action) is None) == (action in legal), action


def check_all(state: State, seed: int) -> None:
    conservation(state)
    bounds(state)
    crowd_fits(state)
    views_leak_nothing(state, seed)
    if state.phase is not Phase.OVER:
        assert pending(state) is None or legal_actions(state)
    else:
        try:
            GAME.apply(state, legal_actions(state)[0] if legal_actions(state) else None)
        except IllegalAction:
            pass
