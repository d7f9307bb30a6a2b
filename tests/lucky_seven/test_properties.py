"""Random games across every option: the invariants of the contract after every step."""

from __future__ import annotations

from typing import Any, Callable

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.lucky_seven.grids import table
from tests.support import random_playout
from wasteland.core import codec
from wasteland.core.game import IllegalAction, short
from wasteland.core.records import replace
from wasteland.core.rng import Rng
from wasteland.lucky_seven import (
    ACTION_TYPES, GAME, Attack, ChooseRow, Deselect, Discard, EndPhase, GetDown, GetUp, Move, Select, State, Stop,
    apply, determinize, legal_actions, notation, outcome, parse, returns, view,
)
from wasteland.lucky_seven.board import GRID, column_of
from wasteland.lucky_seven.card_set import table_of
from wasteland.lucky_seven.cards import TANK
from wasteland.lucky_seven.render import describe, events, render
from wasteland.lucky_seven.rules import ENGINE, illegal_reason
from wasteland.lucky_seven.state import Phase
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
    table = table_of(state)
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
    table = table_of(state)
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
    assert state.stack == (), "the driver leaves no effect behind once somebody must decide"
    assert state.viewer is None


def views_hide_deck_order_and_rng(state: State) -> None:
    """Each seat's view hides the deck order and the generator, and nothing else; determinize
    gives back a table whose view is that view, which keeps the invariants and plays on."""
    for player in range(state.options.players):
        seen = view(state, player)
        assert seen.viewer == player and seen.rng == HIDDEN_RNG
        assert all(list(deck) == sorted(deck) for deck in seen.decks)
        assert seen.events == state.events and events(seen) == events(state), "events tell only what all saw"
        other = replace(state, decks=tuple(tuple(reversed(deck)) for deck in state.decks), rng=Rng.from_seed(99))
        assert view(other, player) == seen, "states differing only in hidden things give equal views"
        for seed in (player, 1000 + len(state.fallen)):
            table = determinize(seen, player, seed)
            assert table.viewer is None and view(table, player) == seen
            conservation(table)
            bounds(table)
            if outcome(table) is None:
                action = legal_actions(table)[seed % len(legal_actions(table))]
                apply(table, action)  # play goes on from it


def views_refuse_play(state: State) -> None:
    for player in range(state.options.players):
        seen = view(state, player)
        for call, argument in ((lambda s: apply(s, EndPhase()), seen), (legal_actions, seen), (outcome, seen),
                               (returns, seen)):
            with pytest.raises(IllegalAction):
                call(argument)
        with pytest.raises(IllegalAction):
            view(seen, player)
        with pytest.raises(IllegalAction):
            determinize(seen, 1 - player if state.options.players == 2 else 5, 0)
        assert GAME.current_player(seen) == GAME.current_player(state)
        assert render(seen, player)


def _same(a: object, b: object) -> bool:
    """Equal actions with fields of the same types (``Select(True) == Select(1)`` for attrs)."""
    if type(a) is not type(b):
        return False
    return all(type(x) is type(y) and x == y
               for x, y in zip(attrs.astuple(a, recurse=False), attrs.astuple(b, recurse=False)))


def _candidates(state: State) -> list[Any]:
    out: list[Any] = [EndPhase(), GetUp(), GetDown(), Stop(), Deselect(), None, 3, "move", object(),
                      Rng.from_seed(1)]
    cells = len(state.squad)
    out += [Select(m) for m in range(-1, 18)] + [Select(True), Select(1.0), Select(10**5000)]
    out += [Move(c) for c in range(-1, cells + 1)] + [Move("9"), Move(None)]
    out += [Discard(m) for m in range(-1, 18)] + [Discard(False)]
    out += [ChooseRow(r) for r in range(-1, 5)] + [ChooseRow(2.0), ChooseRow(-10**5000)]
    members = [m for m in state.squad if m >= 0][:4] + [99]
    out += [Attack(m, c) for m in members for c in range(-1, cells + 1, 3)] + [Attack(1, None), Attack([], 3)]
    out += list(legal_actions(state))
    return out


def direct_check_agrees(state: State) -> None:
    """The check inside apply and the list agree, on every candidate, garbage included."""
    legal = legal_actions(state)
    for action in _candidates(state):
        ok = illegal_reason(state, action) is None
        listed = any(_same(action, a) for a in legal)
        assert ok == listed, f"{short(action, 80)}: direct check {ok}, listed {listed}"


def garbage_raises(state: State) -> None:
    legal = legal_actions(state)
    for action in (None, 7, "end", Select(-5), Move(999), object(), ChooseRow(9), Select(True), Move(10**5000)):
        if not any(_same(action, a) for a in legal):
            with pytest.raises(IllegalAction) as error:
                apply(state, action)
            assert 0 < len(str(error.value)) < 200


def notation_is_parsed_back(state: State) -> None:
    """Every legal action has a notation, unique case-insensitively, that parse reads back (on
    the table and on each seat's view); describe names each one."""
    legal = legal_actions(state)
    texts = [notation(state, a) for a in legal]
    assert len({t.casefold() for t in texts}) == len(texts), texts
    for action, text in zip(legal, texts):
        assert text == " ".join(text.split()) and text
        assert parse(state, text) is action
        assert parse(state, f"  {text.swapcase()} ") is action
        assert describe(state, action)
    for player in range(state.options.players):
        seen = view(state, player)
        for action, text in zip(legal, texts):
            assert parse(seen, text) is action


INVARIANTS: tuple[Callable[[State], None], ...] = (
    conservation, bounds, views_hide_deck_order_and_rng, views_refuse_play, direct_check_agrees, garbage_raises,
    notation_is_parsed_back,
)


@settings(max_examples=36, deadline=None)
@given(seed=st.integers(0, 2**32), choices=st.integers(0, 2**32), which=st.integers(0, len(OPTIONS) - 1))
def test_random_games_keep_every_invariant(seed: int, choices: int, which: int) -> None:
    state = random_playout(GAME, seed, OPTIONS[which], choices, max_steps=3000, invariants=INVARIANTS,
                           full_checks_every=7)
    assert GAME.outcome(state) is not None


@pytest.mark.parametrize("which", range(len(OPTIONS)))
def test_every_option_keeps_every_invariant_on_a_fixed_game(which: int) -> None:
    """One game per option with every check after every step (the random test may miss one)."""
    state = random_playout(GAME, 40 + which, OPTIONS[which], which, max_steps=3000, invariants=INVARIANTS)
    assert GAME.outcome(state) is not None
    assert returns(state) in ((1.0,), (0.0,), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0), (0.0, 0.0))


def test_many_random_games_end_with_cards_conserved() -> None:
    """Thousands of random games over all options: conservation, bounds and one decider after
    every step; the JSON round trip now and then."""
    for n in range(1500):
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
            assert codec.loads(codec.dumps(state)) == state
            assert codec.loads(codec.dumps(view(state, 0))) == view(state, 0)


def test_apply_rejects_what_is_not_a_lucky_seven_state() -> None:
    from wasteland.arctic_scavengers import GAME as OTHER

    for stranger in ("not a state", None, 3, OTHER.new_game(1, players=2), replace):
        with pytest.raises(IllegalAction, match="not a Lucky Seven state"):
            apply(stranger, EndPhase())  # type: ignore[arg-type]


def test_actions_take_any_field_value_and_apply_refuses_it() -> None:
    """Actions are built from whatever arrives (a file, a network); apply refuses what is not legal,
    and the codec carries such an action as it is."""
    state = GAME.new_game(1)
    for action in (Select(True), Move(1.0), ChooseRow("1"), Attack(1, None), Select(10**5000)):
        with pytest.raises(IllegalAction):
            apply(state, action)
    with pytest.raises(IllegalAction, match="^member must be an int, got True$"):
        apply(state, Select(True))
    with pytest.raises(codec.CodecError):
        codec.loads('{"$r":"lucky_seven.Select","member":true}')


# -- any object in any field of any action, in every phase ------------------------------------------

def _sample_states() -> list[State]:
    """States of every kind of moment: maneuver (nobody selected, a member selected, the Athlete
    after a step, the Mouse after a move), attack, a competitive draw, a full row, the end."""
    found: dict[str, State] = {}
    for n in range(60):
        state = GAME.new_game(n, **OPTIONS[n % len(OPTIONS)])
        pick = Rng.from_seed(n)
        while True:
            if state.phase is Phase.MANEUVER:
                key = "selected" if state.selected >= 0 else "maneuver"
                key += "-moved" if state.moved else ""
            elif state.phase is Phase.ENCOUNTER:
                key = "row" if state.pending_row < 0 else "full"
            else:
                key = state.phase.value
            found.setdefault(f"{key}-{len(state.decks)}", state)
            if GAME.outcome(state) is not None:
                break
            action, pick = pick.choice(legal_actions(state))
            state = apply(state, action)
    full_row = ENGINE.settle(table("""
    . LDR ATH INF1 MOU INF1 INF1
    . .   .   .   .   .   .
    . .   .   .   .   .   .
    . .   .   .   .   .   .
    """, deck=["INF2/3", "MORTAR/1", "MORTAR/2", "MORTAR/3"], phase=Phase.ENCOUNTER))
    assert full_row.pending_row == 0
    return [found[k] for k in sorted(found)] + [full_row]


STATES = _sample_states()

values = st.one_of(
    st.from_type(object).filter(lambda v: type(v).__name__ != "_Environ"),  # keep the environment out of reports
    st.integers(-3, 60), st.integers(), st.just(10**5000), st.just(-(10**5000)), st.none(),
    st.text(max_size=8), st.floats(), st.booleans(), st.lists(st.integers(0, 60), max_size=3),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2), st.builds(object),
)


@st.composite
def any_action(draw: st.DrawFn) -> object:
    kind = draw(st.sampled_from(ACTION_TYPES))
    names = [f.name for f in attrs.fields(kind)]
    return kind(**{name: draw(values) for name in names})


def test_sample_states_cover_every_moment() -> None:
    keys = {(s.phase, s.selected >= 0, s.moved, s.pending_row >= 0) for s in STATES}
    assert (Phase.MANEUVER, True, True, False) in keys and (Phase.ENCOUNTER, False, False, True) in keys
    assert (Phase.ENCOUNTER, False, False, False) in keys and any(s.phase is Phase.OVER for s in STATES)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(which=st.integers(0, len(STATES) - 1), action=any_action())
def test_any_object_in_any_field_is_only_an_illegal_action(which: int, action: object) -> None:
    state = STATES[which]
    legal = legal_actions(state)
    assert (illegal_reason(state, action) is None) == any(_same(action, a) for a in legal)
    try:
        after = apply(state, action)
    except IllegalAction as exc:
        assert 0 < len(str(exc)) < 200
    else:
        assert any(_same(action, a) for a in legal) and isinstance(after, State)
    assert isinstance(describe(state, action), str)
    try:
        notation(state, action)  # type: ignore[arg-type]
    except IllegalAction:
        pass
