"""The fixed action space (``action_id``, ``decode``, ``action_from_id``) and the observation
vector: every id round-trips, what has no id is refused, and the writer gives the numbers of the
observation's first writer (``tests/rl/observation_reference.py``) at every step of whole games,
from a seat's view and straight from the table, for every player count and option."""

from __future__ import annotations

import array
import json
import random
from pathlib import Path
from typing import Any

import pytest

from tests.rl.observation_reference import terror_observe
from tests.terror_below.tables import decisions
from wasteland.core.game import IllegalAction
from wasteland.core.records import replace
from wasteland.terror_below import (
    ACTION_TYPES, GAME, Claim, Clear, Deliver, Draw, Enter, Extra, Hide, Lead, Leap, Move, Pass, PickUp, Play,
    Revive, Stash, Steer, Use, action_count, action_from_id, action_id, new_game, observe, view,
)
from wasteland.terror_below.actions import decode
from wasteland.terror_below.card_set import table_of
from wasteland.terror_below.cards import BOUNTIES, CELLS, CHARACTERS, GEAR, LINE, NONE, VEHICLES
from wasteland.terror_below.state import Phase, State
from wasteland.terror_below.loaded import check_state
from wasteland.terror_below.view import LAYOUT

BURROWERS = Path(__file__).resolve().parents[2] / "examples" / "cards" / "terror_below_burrowers.json"


# -- action ids ------------------------------------------------------------------------------------

def test_every_id_decodes_to_an_action_whose_id_it_is() -> None:
    state = new_game(1, players=3)
    kinds: set[type] = set()
    for i in range(action_count(state)):
        action = decode(state, i)
        assert action_id(state, action) == i
        kinds.add(type(action))
    assert kinds == set(ACTION_TYPES), "every kind of action has ids"


def test_the_ids_of_each_kind_of_action() -> None:
    """The id space, kind after kind in ``ACTION_TYPES`` order, fixed for saved tables of ids."""
    state = new_game(1)
    v, g, b, c = len(VEHICLES), len(GEAR), len(BOUNTIES), len(CHARACTERS)
    firsts = [0, c, c + 5, c + 5 + 3 * v, c + 5 + 4 * v, c + 5 + 7 * v]
    assert [action_id(state, a) for a in (Lead(0), Enter(0), Play(0, 0), Extra(0), Stash(0, 0), Pass())] == firsts
    move = c + 5 + 7 * v + 1
    assert [action_id(state, a) for a in (Move(0), Leap(0), Clear(0), PickUp())] == [
        move, move + CELLS, move + 2 * CELLS, move + 3 * CELLS]
    deliver = move + 3 * CELLS + 1
    assert action_id(state, Deliver(0, NONE)) == deliver
    assert action_id(state, Deliver(2, 7)) == deliver + 2 * (b + 1) + 8
    use = deliver + 4 * (b + 1)
    assert action_id(state, Use(0, NONE)) == use and action_id(state, Use(30, 2)) == use + 30 * 6 + 3
    draw = use + g * 6
    assert [action_id(state, a) for a in (Draw(False), Draw(True), Hide(0), Hide(LINE))] == [
        draw, draw + 1, draw + 2, draw + 2 + LINE]
    assert action_id(state, Play(53, 2)) == c + 5 + 53 * 3 + 2
    revive = draw + 2 + LINE + 1
    assert [action_id(state, a) for a in (Revive(0), Claim(0), Steer(0), Steer(CELLS - 1))] == [
        revive, revive + c, revive + c + b, revive + c + b + CELLS - 1]
    assert revive + c + b + CELLS == action_count(state) == 1064


def test_the_legal_actions_ids_round_trip_through_action_from_id_over_whole_games() -> None:
    for players in (1, 3, 5):
        pick = random.Random(players)
        state = new_game(players, players=players)
        kinds: set[type] = set()
        while (seat := GAME.current_player(state)) is not None:
            legal = GAME.legal_actions(state)
            ids = [action_id(state, a) for a in legal]
            assert len(set(ids)) == len(ids)
            assert [action_from_id(state, i) for i in ids] == list(legal)
            seen = view(state, seat)
            assert [action_id(seen, a) for a in legal] == ids, "a view has the table's ids"
            kinds.update(type(a) for a in legal)
            state = GAME.apply(state, pick.choice(legal))
        assert {Lead, Enter, Play, Pass, Move, PickUp, Deliver, Use} <= kinds


def test_action_id_refuses_what_has_no_id() -> None:
    """What is not an action, and fields of the wrong type or outside the game's ranges, as a file
    or a network may bring: IllegalAction with a short reason, never another error or an id out of
    the space."""
    state = new_game(1)
    stranger: Any = 2.0  # 2.0, "a", None, 2: fields of the wrong type, as a file or a network may bring
    text: Any = "a"
    nothing: Any = None
    two: Any = 2
    junk: tuple[Any, ...] = (
        None, 3, "pass", object(), Pass, Phase.ACT,
        Lead(-1), Lead(len(CHARACTERS)), Lead(True), Lead(stranger), Lead(nothing),
        Enter(5), Enter(-1), Play(len(VEHICLES), 0), Play(0, 3), Play(0, -1), Play(text, 1), Play(stranger, 0),
        Extra(-1), Stash(0, 3), Stash(nothing, 0), Move(CELLS), Move(-1), Move(nothing), Move(10**5000),
        Leap(CELLS), Clear(stranger), Deliver(4, NONE), Deliver(0, len(BOUNTIES)), Deliver(0, -2),
        Deliver(stranger, 1), Use(len(GEAR), NONE), Use(0, 5), Use(0, -2), Use(False, 1), Draw(two), Draw(nothing),
        Draw(stranger), Hide(LINE + 1), Hide(-1), Hide(True), Revive(len(CHARACTERS)), Revive(-1), Revive(nothing),
        Claim(len(BOUNTIES)), Claim(NONE), Claim(stranger), Steer(CELLS), Steer(-1), Steer(True),
    )
    for action in junk:
        with pytest.raises(IllegalAction) as error:
            action_id(state, action)
        assert 0 < len(str(error.value)) < 120, repr(action)
    for table in (nothing, text):
        with pytest.raises(IllegalAction, match="not a Terror Below state"):
            action_id(table, Pass())


# -- the observation ---------------------------------------------------------------------------------

def _features(state: State, seat: int) -> set[str]:
    """What the observation of ``seat`` shows at ``state`` that is not there at every step, so that
    a test can check its positions show each of them at least once."""
    cards = table_of(state)
    found = {f"phase {state.phase.name}"}
    if state.decider == seat and state.phase is not Phase.OVER:
        found.add("to play")
    if any(not 0 <= c < CELLS for c in state.targets):
        found.add("a target off the board")
    if NONE in state.pawns:
        found.add("a pawn off the board")
    for w, under in zip(state.worms, state.under):
        if w == NONE:
            found.add("an empty Terror zone slot")
        elif cards.worms[w].colour == NONE:
            found.add("a Worm of no colour")
        if under:
            found.add("Vehicles under a Worm")
    for b in state.line:
        if b == NONE:
            found.add("an empty bounty slot")
        elif cards.bounties[b].hunt:
            found.add("a hunting bounty in the line")
        elif cards.bounties[b].location == NONE:
            found.add("a delivery anywhere in the line")
    for p in range(state.options.players):
        found.update(name for name, there in (
            ("a bounty completed", state.completed[p]), ("eggs carried", any(state.carried[4 * p:4 * p + 4])),
            ("rubble carried", state.carried_rubble[p]), ("a player out", state.out[p]),
            ("an empty hand", not state.hands[p]), ("no gear", not state.gear[p]),
        ) if there)
    if state.hidden[seat]:
        found.add("a hidden bounty")
    return found | _solo_features(state)


def _solo_features(state: State) -> set[str]:
    """The solo section's cases: each scenario, a Worm (not a starter) in the discard."""
    if state.options.players != 1:
        return set()
    worms = table_of(state).worms
    lost = any(not worms[w].starter for w in state.worm_discard)
    return {f"solo {state.options.scenario}"} | ({"a Worm toward the solo loss"} if lost else set())


_ALL_FEATURES = {f"phase {p.name}" for p in Phase} | {
    "to play", "a target off the board", "a pawn off the board", "an empty Terror zone slot", "a Worm of no colour",
    "Vehicles under a Worm", "a hunting bounty in the line", "a delivery anywhere in the line", "a bounty completed",
    "eggs carried", "rubble carried", "a player out", "no gear", "a hidden bounty",
    "solo boomtown", "solo egg_hunt", "solo exterminator", "a Worm toward the solo loss",
}


def _check_position(state: State, seat: int) -> None:
    seen = view(state, seat)
    expected = terror_observe(seen)
    assert observe(seen) == expected
    into = [0.0] * LAYOUT.size
    observe.write(state, seat, LAYOUT, into)
    assert tuple(into) == expected, "the table and the seat's view give the same numbers"
    floats = array.array("f", bytes(4 * LAYOUT.size))
    observe.write(state, seat, LAYOUT, memoryview(floats))
    assert tuple(floats) == expected


def _whole_games(options: dict[str, Any], seeds: int) -> set[str]:
    """Every seat's observation at every step of ``seeds`` random games checked against the first
    writer; what the positions showed (``_features``)."""
    found: set[str] = set()
    players = options["players"]
    for seed in range(seeds):
        pick = random.Random(seed)
        state = new_game(seed, **options)
        while True:
            for seat in range(players):
                _check_position(state, seat)
                found |= _features(state, seat)
            if GAME.current_player(state) is None:
                break
            state = GAME.apply(state, pick.choice(GAME.legal_actions(state)))
    return found


def test_the_writer_gives_the_first_writer_s_numbers_over_whole_games() -> None:
    """Whole games at every player count, which reach every case the writer treats apart (each
    phase, an empty slot, a Queen, a bounty completed, a player out...)."""
    found: set[str] = set()
    for players in (1, 2, 3, 4, 5):
        found |= _whole_games({"players": players}, seeds=2)
    for scenario in ("egg_hunt", "exterminator"):
        found |= _whole_games({"players": 1, "scenario": scenario, "goal": 40}, seeds=1)
    for state in decisions().values():  # the decisions random play seldom reaches
        for seat in range(state.options.players):
            _check_position(state, seat)
            found |= _features(state, seat)
    missing = _ALL_FEATURES - found
    assert not missing, f"no position shows {sorted(missing)}"


OPTIONS: list[dict[str, Any]] = [
    {"players": 1, "scenario": "egg_hunt"}, {"players": 1, "scenario": "exterminator", "side": "canyon"},
    {"players": 3, "side": "canyon"}, {"players": 3, "cards": "burrowers"},
]


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: "-".join(f"{k}={v}" for k, v in o.items()))
def test_the_writer_gives_the_first_writer_s_numbers_for_every_option(options: dict[str, Any]) -> None:
    if options.get("cards") == "burrowers":
        options = {**options, "cards": json.loads(BURROWERS.read_text(encoding="utf-8"))}
    assert _whole_games(options, seeds=1)


def test_a_solo_observation_says_the_scenario_its_goal_and_how_far_the_game_has_come() -> None:
    """Exterminator with a goal of 7, 3 Worms defeated and two Worms (not starters) in the
    discard beside the four starters: the solo section's numbers, from the view and from the
    table; a versus table leaves the section at zero."""
    state = new_game(5, players=1, scenario="exterminator", goal=7)
    worms = table_of(state).worms
    assert all(worms[w].starter for w in state.worm_discard), "the starters begin in the discard"
    others = state.worm_deck[:2]
    state = replace(state, kills=(3,), worm_discard=(*state.worm_discard, *others), worm_deck=state.worm_deck[2:])
    check_state(state)
    _check_position(state, 0)
    numbers = observe(view(state, 0))
    at = LAYOUT.start["solo"]
    assert LAYOUT.size - at == 6
    assert numbers[at:] == (0.0, 0.0, 1.0, 7.0, 3.0, 2.0), "exterminator's flag, the goal, kills, Worms lost"
    boomtown = replace(new_game(5, players=1), vp=(4,))
    assert observe(view(boomtown, 0))[at:at + 5] == (1.0, 0.0, 0.0, 45.0, 4.0), "the designed goal, VP counted"
    assert not any(observe(view(new_game(5, players=2), 1))[at:]), "no solo section at a versus table"


def test_a_hand_made_position_of_every_seat_block_field() -> None:
    """Eggs of every colour carried, rubble carried, a player out with no hand, bounties completed
    and hidden, no action points and turn 0: each seat's block against the first writer."""
    state = new_game(4, players=3)
    state = replace(
        state, turn=0, ap=0, carried=(1, 0, 2, 0, 0, 3, 0, 1, 0, 0, 0, 0), carried_rubble=(2, 0, 1),
        completed=((state.bounty_deck[0], state.bounty_deck[1]), (), (state.bounty_deck[2],)),
        out=(False, True, False), hidden=((), (), (state.bounty_deck[3],)),
        bounty_deck=state.bounty_deck[4:],
    )
    for seat in range(3):
        _check_position(state, seat)
