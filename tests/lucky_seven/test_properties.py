"""Random games across every option: the invariants of the contract after every step."""

from __future__ import annotations

from typing import Any

from attrs import evolve
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support import random_playout
from wasteland.core import codec
from wasteland.core.game import IllegalAction
from wasteland.core.rng import Rng
from wasteland.lucky_seven import (
    GAME, Attack, ChooseRow, Discard, EndPhase, GetDown, GetUp, Move, Select, State, Stop, apply,
    legal_actions, view,
)
from wasteland.lucky_seven.board import GRID, column_of
from wasteland.lucky_seven.cards import TANK
from wasteland.lucky_seven.rules import illegal_reason
from wasteland.lucky_seven.state import Phase
from wasteland.lucky_seven.table import cards_of
from wasteland.lucky_seven.view import HIDDEN_RNG

OPTIONS: list[dict[str, Any]] = [
    {"players": 1},
    {"players": 1, "depot": True},
    {"players": 2, "variant": "competitive"},
    {"players": 2, "variant": "competitive", "depot": True},
    {"players": 2, "variant": "cooperative"},
    {"players": 2, "variant": "cooperative", "depot": True},
]


def conservation(state: State) -> None:
    """Every squad member, threat and map card is in exactly one zone (threat ids as the
    state's card set numbers them)."""
    sides = len(state.decks)
    table = cards_of(state)
    members = [m for m in state.squad if m >= 0] + list(state.fallen)
    assert sorted(members) == list(range(8 * sides))
    threats = [t for t in state.threats if t >= 0] + [c for _, c in state.flares] + list(state.discard)
    threats += list(state.depots) + [c for deck in state.decks for c in deck]
    threats += [state.pending] if state.pending >= 0 else []
    own = table.threat_ids + 1 if state.options.depot else table.threat_ids
    expected = [side * table.stride + k for side in range(sides) for k in range(own)]
    assert sorted(threats) == expected
    assert sorted(state.row_cards + state.column_cards) == list(range(10 * sides))


def bounds(state: State) -> None:
    sides = len(state.decks)
    table = cards_of(state)
    assert len(state.squad) == len(state.threats) == GRID * sides
    on_grid = {m for m in state.squad if m >= 0}
    assert state.down <= on_grid and state.rotated <= on_grid
    for cell, member in enumerate(state.squad):
        if member >= 0:
            assert column_of(cell) != 0 and member // 8 == cell // GRID
    for cell, threat in enumerate(state.threats):
        if threat >= 0:
            assert (column_of(cell) == 0) == (table.kind[threat] == TANK)
            assert threat // table.stride == cell // GRID
    assert state.selected == -1 or state.selected in on_grid
    assert all(m in on_grid for m, _ in state.attacks)
    last_turn = -(-table.threat_ids // 4) + 1  # the turns that deal, then the final one
    assert 1 <= state.turn <= last_turn and 0 <= state.active < sides
    assert all(len(deck) <= table.threat_ids for deck in state.decks)
    assert (state.phase is Phase.ATTACK) or not state.attacks
    assert state.phase is not Phase.ATTACK or not state.flares, "flares leave at the end of the maneuver"


def views_hide_deck_order_and_rng(state: State) -> None:
    for player in range(state.options.players):
        seen = view(state, player)
        assert seen.rng == HIDDEN_RNG
        assert all(list(deck) == sorted(deck) for deck in seen.decks)
        other = evolve(state, decks=tuple(tuple(reversed(deck)) for deck in state.decks), rng=Rng.from_seed(99))
        assert view(other, player) == seen, "states differing only in hidden things give equal views"


def _candidates(state: State) -> list[Any]:
    out: list[Any] = [EndPhase(), GetUp(), GetDown(), Stop(), None, 3, "move", object(), Rng.from_seed(1)]
    cells = len(state.squad)
    out += [Select(m) for m in range(-1, 18)]
    out += [Move(c) for c in range(-1, cells + 1)]
    out += [Discard(m) for m in range(-1, 18)]
    out += [ChooseRow(r) for r in range(-1, 5)]
    members = [m for m in state.squad if m >= 0][:4] + [99]
    out += [Attack(m, c) for m in members for c in range(-1, cells + 1, 3)]
    out += list(legal_actions(state))
    return out


def direct_check_agrees(state: State) -> None:
    """The check inside apply and the list agree, on every candidate, garbage included."""
    legal = set(legal_actions(state))
    for action in _candidates(state):
        ok = illegal_reason(state, action) is None
        assert ok == (action in legal), f"{action!r}: direct check {ok}, listed {action in legal}"


def garbage_raises(state: State) -> None:
    legal = legal_actions(state)
    for action in (None, 7, "end", Select(-5), Move(999), object(), ChooseRow(9)):
        if action not in legal:
            try:
                apply(state, action)
            except IllegalAction as exc:
                assert str(exc)
            else:
                raise AssertionError(f"{action!r} accepted")


INVARIANTS = (conservation, bounds, views_hide_deck_order_and_rng, direct_check_agrees, garbage_raises)


@settings(max_examples=60)
@given(seed=st.integers(0, 2**32), choices=st.integers(0, 2**32), which=st.integers(0, len(OPTIONS) - 1))
def test_random_games_keep_every_invariant(seed: int, choices: int, which: int) -> None:
    state = random_playout(GAME, seed, OPTIONS[which], choices, max_steps=2000, invariants=INVARIANTS,
                           full_checks_every=7)
    assert GAME.outcome(state) is not None


def test_many_random_games_end_with_cards_conserved() -> None:
    """Thousands of random games over all options: conservation, bounds and one decider after
    every step; the JSON round trip now and then."""
    for n in range(1800):
        options = OPTIONS[n % len(OPTIONS)]
        state = GAME.new_game(n, **options)
        pick = Rng.from_seed(n)
        for _ in range(3000):
            if GAME.outcome(state) is not None:
                break
            assert GAME.current_player(state) is not None
            action, pick = pick.choice(legal_actions(state))
            state = apply(state, action)
            conservation(state)
            bounds(state)
        assert GAME.outcome(state) is not None
        if n % 50 == 0:
            bounds(state)
            assert codec.loads(codec.dumps(state)) == state


def test_apply_rejects_foreign_states() -> None:
    try:
        apply("not a state", EndPhase())  # type: ignore[arg-type]
    except IllegalAction:
        pass
    else:
        raise AssertionError


def test_actions_refuse_wrong_field_types() -> None:
    for build in (lambda: Select(True), lambda: Move(1.0), lambda: ChooseRow("1"), lambda: Attack(1, None)):
        try:
            build()
        except TypeError:
            continue
        raise AssertionError("built an action with a wrong field type")
    try:
        codec.loads('{"$r":"lucky_seven.actions.Select","member":true}')
    except codec.CodecError:
        pass
    else:
        raise AssertionError
