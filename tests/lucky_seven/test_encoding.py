"""The fixed action space (``action_count``, ``action_id``, ``action_from_id``) and the observation
vector (``observation_size``, ``observe``) of docs/rules/lucky_seven.md, "Action ids and
observations"."""

from __future__ import annotations

import math
from typing import Any

import pytest

from tests.lucky_seven.grids import cell, member, table
from wasteland.core.game import IllegalAction
from wasteland.core.records import replace
from wasteland.core.rng import Rng
from wasteland.lucky_seven import (
    GAME, Attack, ChooseRow, Deselect, Discard, EndPhase, GetDown, GetUp, Move, Select, State, Stop,
    action_count, action_from_id, action_id, apply, current_player, determinize, legal_actions, new_game,
    observation_size, observe, outcome, view,
)
from wasteland.lucky_seven.actions import decode
from wasteland.lucky_seven.state import Phase
from wasteland.lucky_seven.view import CELL_FEATURES, GLOBAL_FEATURES, GRID_FEATURES

OPTIONS: list[dict[str, Any]] = [
    {"players": 1, "variant": "solo"},
    {"players": 1, "variant": "solo", "depot": True},
    {"players": 2, "variant": "competitive"},
    {"players": 2, "variant": "competitive", "depot": True},
    {"players": 2, "variant": "cooperative"},
    {"players": 2, "variant": "cooperative", "depot": True},
]
IDS = ["solo", "solo-depot", "competitive", "competitive-depot", "cooperative", "cooperative-depot"]
#: A card set of one's own: more threats, other strengths. It changes no size.
OWN_CARDS = {"threats": [{"kind": "Infantry", "strength": 5, "column": 2, "count": 20},
                         {"kind": "Machine Gun", "strength": 7, "column": 4, "count": 10},
                         {"kind": "Tank", "count": 3}],
             "members": [{"name": "Hammer", "up": 3}]}


def test_bundle_holds_the_package_s_functions() -> None:
    assert GAME.action_count is action_count and GAME.action_id is action_id
    assert GAME.action_from_id is action_from_id
    assert GAME.observation_size is observation_size and GAME.observe is observe


@pytest.mark.parametrize(("options", "actions", "size"), [
    ({"players": 1}, 189, 587),
    ({"players": 1, "depot": True}, 189, 587),
    ({"players": 2, "variant": "competitive"}, 193, 587),
    ({"players": 2, "variant": "cooperative", "depot": True}, 225, 1140),
    ({"players": 1, "cards": OWN_CARDS}, 189, 587),
    ({"players": 2, "variant": "cooperative", "cards": OWN_CARDS}, 225, 1140),
])
def test_sizes_follow_the_variant_only(options: dict[str, Any], actions: int, size: int) -> None:
    state = new_game(5, **options)
    assert action_count(state) == actions and observation_size(state) == size
    assert GLOBAL_FEATURES == 34 and CELL_FEATURES == 22 and GRID_FEATURES == 553
    for player in range(state.options.players):
        seen = view(state, player)
        assert action_count(seen) == actions and observation_size(seen) == size
        assert len(observe(seen)) == size


# -- random play: after every step --------------------------------------------------------------

def _check_step(state: State, count: int, size: int, seed: int) -> None:
    legal = legal_actions(state)
    ids = [action_id(state, a) for a in legal]
    assert len(set(ids)) == len(ids), "distinct legal actions have distinct ids"
    assert all(type(i) is int and 0 <= i < count for i in ids)
    for action, i in zip(legal, ids):
        assert action_from_id(state, i) is action
    allowed = set(ids)
    for i in range(count):
        if i not in allowed:
            with pytest.raises(IllegalAction):
                action_from_id(state, i)
    for player in range(state.options.players):
        seen = view(state, player)
        assert [action_id(seen, a) for a in legal] == ids, "a view has the table's ids"
        assert all(action_from_id(seen, i) is a for a, i in zip(legal, ids))
        observation = observe(seen)
        assert len(observation) == size
        assert all(type(x) is float and math.isfinite(x) for x in observation)
        for k in (seed, seed + 1):
            again = view(determinize(seen, player, k), player)
            assert observe(again) == observation, "equal views give equal observations"
        shuffled = replace(state, decks=tuple(tuple(reversed(d)) for d in state.decks), rng=Rng.from_seed(seed))
        assert observe(view(shuffled, player)) == observation, "the deck order and the generator are hidden"
    if state.options.variant == "cooperative":
        first, second = observe(view(state, 0)), observe(view(state, 1))
        own = slice(GLOBAL_FEATURES, GLOBAL_FEATURES + GRID_FEATURES)
        other = slice(GLOBAL_FEATURES + GRID_FEATURES, None)
        assert first[own] == second[other] and first[other] == second[own], "each seat sees its grid first"


def _pick(state: State, pick: Rng, eager: bool) -> tuple[Any, Rng]:
    """A random legal action; ``eager``: an attack whenever there is one, and never lying down
    (such games last longer and reach the final turn more often)."""
    legal = legal_actions(state)
    if eager:
        attacks = [a for a in legal if type(a) is Attack]
        legal = tuple(attacks) or tuple(a for a in legal if type(a) is not GetDown) or legal
    return pick.choice(legal)


@pytest.mark.parametrize("options", OPTIONS, ids=IDS)
def test_random_play_keeps_ids_and_observations_sound(options: dict[str, Any]) -> None:
    steps = 0
    seen: set[tuple[Phase, bool, bool]] = set()
    for game in range(16):
        state = new_game(400 + game, **options)
        count, size = action_count(state), observation_size(state)
        pick = Rng.from_seed(game)
        while True:
            assert action_count(state) == count and observation_size(state) == size
            _check_step(state, count, size, steps)
            seen.add((state.phase, state.final, state.pending >= 0))
            if outcome(state) is not None:
                break
            action, pick = _pick(state, pick, eager=game % 2 == 1)
            state = apply(state, action)
            steps += 1
    assert steps > 300
    assert {Phase.MANEUVER, Phase.ATTACK, Phase.OVER} <= {phase for phase, _, _ in seen}
    assert any(final for _, final, _ in seen), "a final turn is played"
    assert options["variant"] != "competitive" or (Phase.ENCOUNTER, False, True) in seen, "a drawn threat waits"


@pytest.mark.parametrize("options", [{"players": 1}, {"players": 2}, {"players": 2, "variant": "cooperative"}],
                         ids=["solo", "competitive", "cooperative"])
def test_every_id_is_legal_somewhere(options: dict[str, Any]) -> None:
    """The space is tight: random games reach a state where each id is legal (fixed seeds; a few
    thousand short games at most)."""
    state = new_game(0, **options)
    count = action_count(state)
    seen: set[int] = set()
    for game in range(6000):
        state = new_game(game, **options)
        pick = Rng.from_seed(game + 1000)
        while outcome(state) is None:
            legal = legal_actions(state)
            seen.update(action_id(state, a) for a in legal)
            action, pick = pick.choice(legal)
            state = apply(state, action)
        if len(seen) == count:
            break
    assert seen == set(range(count))


# -- what has no id, and ids that name nothing -----------------------------------------------------

def test_action_from_id_refuses_what_is_not_an_id_in_range() -> None:
    state = new_game(1)
    for i in (True, False, 1.0, 3.5, float("nan"), None, "3", [3], object(), -1, 189, 10**5000, -(10**5000)):
        with pytest.raises(IllegalAction) as error:
            action_from_id(state, i)  # type: ignore[arg-type]
        assert 0 < len(str(error.value)) < 120


def test_action_from_id_says_why_an_id_is_not_legal_now() -> None:
    state = new_game(1)
    assert state.phase is Phase.MANEUVER and state.selected < 0
    with pytest.raises(IllegalAction, match=r"^select a squad member first$"):
        action_from_id(state, 32)
    assert action_from_id(state, 36) == EndPhase()


def test_action_id_refuses_what_has_no_id() -> None:
    """The tank column, a member of no grid in play, the Joker and the Pacifist attacking, a row
    choice outside the competitive game, fields of the wrong type, what is not an action."""
    state = new_game(1)
    stranger: Any = 2.0  # a field of the wrong type, as a file or a network may bring
    for action in (Move(0), Move(7), Move(28), Move(-1), Move(True), Move(stranger), Move(10**5000),
                   Select(8), Select(-1), Select(True), Discard(8), Discard(stranger),
                   Attack(6, 9), Attack(7, 9), Attack(0, 0), Attack(0, 28), Attack(8, 9), Attack(0, stranger),
                   ChooseRow(0), None, 3, "end", object()):
        with pytest.raises(IllegalAction) as error:
            action_id(state, action)  # type: ignore[arg-type]
        assert 0 < len(str(error.value)) < 120


def test_the_functions_refuse_what_is_not_a_lucky_seven_state() -> None:
    for call in (lambda: action_count("x"), lambda: action_id(None, EndPhase()),  # type: ignore[arg-type]
                 lambda: action_from_id(3, 0), lambda: observation_size([]),  # type: ignore[arg-type]
                 lambda: observe(object())):  # type: ignore[arg-type]
        with pytest.raises(IllegalAction, match="not a Lucky Seven state"):
            call()


def test_observe_refuses_the_table() -> None:
    with pytest.raises(IllegalAction, match="view"):
        observe(new_game(1))


# -- exact ids and encodings on hand-made tables ---------------------------------------------------

def test_ids_of_a_solo_table() -> None:
    state = table("""
    .    .   .    .   .   .   .
    .    LDR INF1 HAM PAC .   .
    .    ath JOK  MG  .   .   .
    .    .   .    .   .   NAT .
    """)
    ham = member("HAM")
    expected: dict[Any, int] = {
        Select(ham): 4, Move(cell(1, 3)): 10, GetUp(): 32, GetDown(): 33, Stop(): 34, Deselect(): 35, EndPhase(): 36,
        Attack(ham, cell(3, 3)): 37 + 4 * 24 + 14, Attack(member("NAT"), cell(3, 3)): 123, Discard(member("NAT")): 184,
    }
    for action, i in expected.items():
        assert action_id(state, action) == i
    assert action_from_id(state, 4) == Select(ham)
    selected = apply(state, Select(ham))
    assert action_from_id(selected, 10) == Move(cell(1, 3))
    attack = replace(state, phase=Phase.ATTACK)
    assert action_from_id(attack, 147) == Attack(ham, cell(3, 3))
    with pytest.raises(IllegalAction, match="^there is no threat it can attack in that cell$"):
        action_from_id(attack, 123)  # the Natural is nowhere near


def test_ids_of_the_competitive_row_choice() -> None:
    state = table("""
    .    .   .    .   .   .   .
    .    LDR ATH  .   .   .   .
    .    .   .    .   .   .   .
    .    .   .    .   .   .   .
    """, deck=["INF1/3", "MG/2", "INF2/4", "MG/5"], phase=Phase.ENCOUNTER, variant="competitive", pending=0,
         dealt_rows=frozenset({0}))
    assert action_count(state) == 193 and current_player(state) == 1
    assert [action_id(state, a) for a in legal_actions(state)] == [190, 191, 192]
    assert action_from_id(state, 191) == ChooseRow(2)
    with pytest.raises(IllegalAction, match="already got a threat"):
        action_from_id(state, 189)


def test_cooperative_ids_count_from_the_grid_in_play() -> None:
    state = table("""
    .    .   .    INF1 .   .   .
    .    .   .    .   .   .   .
    .    .   .    .   .   .   .
    .    .   .    .   .   .   PAC
    """, """
    .    .   .    .   LDR .   .
    .    .   .    .   NAT .   .
    .    .   .    .   .   .   .
    .    .   .    .   .   .   .
    """, phase=Phase.ATTACK, active=1)
    leader = member("LDR", side=1)
    across = Attack(leader, cell(1, 3))  # grid 2's column 4 touches grid 1's column 3
    assert action_count(state) == 225
    assert action_id(state, across) == 37 + 0 * 30 + 24 + 2 == 63
    assert action_id(state, Select(leader)) == 0 and action_id(state, Move(cell(2, 5, side=1))) == 8 + 6 + 4
    assert action_id(state, Discard(member("NAT", side=1))) == 37 + 180 + 3
    assert [action_id(state, a) for a in legal_actions(state)] == [63, 36]
    assert action_from_id(state, 63) == across and action_from_id(view(state, 0), 63) == across
    for action in (Select(member("PAC")), Move(cell(2, 2)), Attack(leader, cell(2, 3))):
        with pytest.raises(IllegalAction):
            action_id(state, action)  # grid 1's member or map cell, a cell no attacker of grid 2 reaches


def _cell(observation: tuple[float, ...], row: int, column: int, block: int = 0) -> list[float]:
    at = GLOBAL_FEATURES + block * GRID_FEATURES + ((row - 1) * 6 + column - 1) * CELL_FEATURES
    return list(observation[at:at + CELL_FEATURES])


def _grid(observation: tuple[float, ...], block: int = 0) -> list[float]:
    at = GLOBAL_FEATURES + block * GRID_FEATURES + 24 * CELL_FEATURES
    return list(observation[at:at + 25])


def test_observation_of_a_maneuver() -> None:
    state = table("""
    .    .   .    .    .   .   .
    .    LDR INF1 >HAM PAC .   .
    TANK ath JOK  MG   .   .   .
    .    .   .    FL   .   NAT* .
    """, deck=["INF1/3", "MG/2", "TANK", "FL/4"], turn=3)
    observation = observe(view(state, 0))
    assert observation[:GLOBAL_FEATURES] == (
        0, 1, 0, 0, 3, 0, 1, 1, 0, 1, 0, 0,  # maneuver, turn 3, own grid in play, my decision, seat 0 (not moved)
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)  # nothing drawn, no row dealt
    hammer = [0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 1, 0, 2] + [0] * 8  # up, selected, strength 2 (by the Pacifist)
    assert _cell(observation, 2, 3) == hammer
    assert _cell(observation, 3, 1) == [0, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0] + [0] * 8  # the down Athlete
    assert _cell(observation, 3, 3) == [0] * 14 + [0, 1, 0, 3, 2, 0, 0, 0]  # MG 3, 2 beside the up Joker
    assert _cell(observation, 2, 2) == [0] * 14 + [1, 0, 0, 1, 0, 0, 0, 0]  # INF1, 0 above the up Joker
    assert _cell(observation, 4, 3) == [0] * 19 + [1, 0, 0]  # a flare
    assert _cell(observation, 4, 5) == [0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 1, 0, 0, 1] + [0] * 8  # Natural, acted
    assert _cell(observation, 1, 1) == [0] * CELL_FEATURES
    last = observe(view(replace(state, turn=9, final=True, moved=True), 0))
    assert last[4:12] == (9, 1, 1, 1, 0, 1, 0, 1)  # turn 9, the final turn; the Hammer has moved
    assert _grid(observation) == [0, 0, 1, 0,  # a tank in row 3
                                  4, 1, 1, 1, 0, 1,  # the deck: 4 cards, by kind
                                  0, 1, 1, 1, 0, 0,  # by printed column 1-6
                                  0, 0, 1, 0, 0, 1, 0, 0,  # the Mouse and the Anvil fell
                                  0]


def test_observation_of_attacks_a_drawn_threat_and_a_depot() -> None:
    state = table("""
    .    .   .    .    .   .   .
    .    LDR INF1 HAM  PAC .   .
    .    ath JOK  MG   .   .   .
    .    .   .    .    .   NAT .
    """, phase=Phase.ATTACK, attacks=((member("HAM"), cell(3, 3)), (member("LDR"), cell(2, 2))))
    observation = observe(view(state, 0))
    assert observation[:4] == (0, 0, 1, 0)
    assert _cell(observation, 3, 3)[17:] == [3, 2, 0, 1, 2]  # one attacker of strength 2
    assert _cell(observation, 2, 2)[17:] == [1, 0, 0, 1, 1]
    assert _cell(observation, 2, 3)[12] == 1 and _cell(observation, 2, 1)[12] == 1
    assert _cell(observation, 3, 1)[12:14] == [0, 0]  # the down Athlete cannot attack
    drawn = table("""
    .    LDR ATH  INF1 MOU INF1 INF1
    .    .   .    .    .   .   .
    .    .   .    .    .   .   .
    .    .   .    .    .   .   .
    """, deck=[], phase=Phase.ENCOUNTER, depot=True, pending=9, pending_row=0, dealt_rows=frozenset({0}))
    observation = observe(view(drawn, 0))
    assert observation[12:GLOBAL_FEATURES] == (1, 1, 0, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0,  # INF2 printed in column 3
                                               1, 0, 0, 0, 1, 0, 0, 0)  # waiting in row 1; row 1 dealt
    shielded = replace(drawn, depots=(28,))
    assert observe(view(shielded, 0))[GLOBAL_FEATURES + GRID_FEATURES - 1] == 1


def test_observation_of_each_competitive_seat() -> None:
    state = table("""
    .    .   .    .    .   .   .
    .    LDR ATH  .    .   .   .
    .    .   .    .    .   .   .
    .    .   .    .    .   .   .
    """, deck=["MG/2"], phase=Phase.ENCOUNTER, variant="competitive", pending=0, dealt_rows=frozenset({0}))
    squad, threats = observe(view(state, 0)), observe(view(state, 1))
    assert squad[6:11] == (1, 0, 1, 1, 0) and threats[6:11] == (1, 1, 0, 0, 1)  # the threats decide
    assert squad[11:] == threats[11:]


@pytest.mark.parametrize("options", [{}, {"players": 2}, {"players": 2, "variant": "cooperative"}])
def test_every_id_is_the_id_of_the_action_it_decodes_to_from_either_grid(options: dict[str, Any]) -> None:
    """``action_id`` inverts ``decode`` for every id, with either grid in play; the same fields
    a grid too far, of the other grid or of the wrong type have no id."""
    state = new_game(2, **options)
    stranger: Any = 1.0
    for active in range(len(state.decks)):
        table = replace(state, active=active)
        other = (1 - active) * 8
        for i in range(action_count(table)):
            assert action_id(table, decode(table, i)) == i
        for action in (Select(other), Move(other * 28 // 8 + 1), Attack(other, 9), Attack(active * 8, 56),
                       Attack(active * 8 + 6, active * 28 + 1), Attack(True, 9), Discard(other), Discard(stranger)):
            with pytest.raises(IllegalAction):
                action_id(table, action)
