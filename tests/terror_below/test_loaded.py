"""Terror Below tables and views from files: the loader refuses, in one line naming what is
wrong, what no game can hold (each case once crashed or hung a contract function)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from wasteland.testing.mutation import exercise, mutate
from tests.support import assert_load_refused, load_changed, played
from tests.terror_below.tables import decisions

from wasteland.core import codec
from wasteland.core.codec import CodecError
from wasteland.terror_below import GAME
from wasteland.terror_below.card_set import DESIGNED, card_set_data
from wasteland.terror_below.cards import BOUNTIES, HIDDEN
from wasteland.terror_below.state import Phase
from wasteland.core.rng import Rng


def _seat_out(doc: dict[str, Any]) -> None:
    doc["out"]["$t"][0] = True


def _phase(value: str) -> Any:
    def change(doc: dict[str, Any]) -> None:
        doc["phase"]["v"] = value
    return change


def _hand_card_twice(doc: dict[str, Any]) -> None:
    hands = doc["hands"]["$t"]
    hands[1]["$t"][0] = hands[0]["$t"][0]


def _hidden_shown(doc: dict[str, Any]) -> None:
    doc["vehicle_deck"]["$t"][0] = doc["hands"]["$t"][0]["$t"][0] + 100


@pytest.mark.parametrize(
    ("viewer", "change", "message"),
    [
        # rubble beyond the cap once made svg loop for ever in render._board
        (None, lambda d: d["rubble"]["$t"].__setitem__(0, 2**62), "rubble holds 36 counts from 0 to 2"),
        (None, lambda d: d.__setitem__("rubble_supply", 10**6), "rubble"),
        (1, lambda d: d["eggs"]["$t"].__setitem__(5, -1), "eggs holds"),
        # a seat out with its squad alive (every seat out) once raised StopIteration in next_turn
        (None, _seat_out, "out exactly when its whole squad is dead"),
        # a hunt with nobody hunting once raised IndexError on a pass
        (None, _phase("hunt"), "in a hunt the first of the caught players still hunting decides"),
        # a finished game without an ending once raised ValueError in outcome, render and svg
        (0, _phase("over"), "a finished game, and only a finished one"),
        (None, _hand_card_twice, "Vehicle ids are those of the game, each in one place"),
        (None, lambda d: d["worms"]["$t"].__setitem__(0, 999), "Worm ids"),
        (None, lambda d: d.__setitem__("active", 7), "State.active: seat 7 is out of range"),
        (None, lambda d: d["pawns"]["$t"].__setitem__(0, 36), "State.pawns: cell 36 is out of range"),
        (None, lambda d: d["stack"]["$t"].clear(), "a Wait on top of the stack"),
        (0, lambda d: d["hands"]["$t"][1]["$t"].__setitem__(0, 5), "a view hides the others' hands"),
        (0, lambda d: d["hands"]["$t"][0]["$t"].__setitem__(0, HIDDEN), "a view hides the others' hands"),
        (1, _hidden_shown, "Vehicle ids"),
        (None, lambda d: d["options"].__setitem__("players", 9), "players run from 1 to 5"),
        (None, lambda d: d["options"].__setitem__("goal", 30), "a goal is a solo objective's"),
        # a view's deck one card short once made determinize's table not view back
        (1, lambda d: d["weapon_deck"]["$t"].pop(), "every Item and Weapon card is in exactly one place"),
        # a hidden hand one card longer once made determinize run out of cards (StopIteration)
        (1, lambda d: d["hands"]["$t"][0]["$t"].append(HIDDEN), "every Vehicle card is in exactly one place"),
        # a seat missing from a per-seat field once raised IndexError in render, svg and observe
        (None, lambda d: d["vp"]["$t"].pop(), "vp holds 2 counts"),
    ],
)
def test_a_table_or_view_no_game_can_hold_is_refused(viewer: int | None, change: Any, message: str) -> None:
    state = played(GAME, 30, players=2)
    if viewer is not None:
        state = GAME.view(state, viewer)
    assert_load_refused(state, change, message)


def test_a_solo_goal_of_one_s_own_reads_back_and_a_goal_out_of_bounds_is_refused() -> None:
    state = played(GAME, 20, players=1, scenario="egg_hunt", goal=3)
    assert state.options.goal == 3
    assert_load_refused(state, lambda d: d["options"].__setitem__("goal", 1000), "from 1 to 999")
    assert_load_refused(state, lambda d: d["options"].__setitem__("goal", -2), "from 1 to 999")
    assert_load_refused(state, lambda d: d["options"].__setitem__("goal", True), "goal")


def test_a_card_set_of_ones_own_passes_the_card_readers_checks() -> None:
    state = played(GAME, 4, players=2, cards=card_set_data(DESIGNED))

    def bad_limit(doc: dict[str, Any]) -> None:
        doc["options"]["cards"]["worms"]["$t"][10]["limit"] = -3

    with pytest.raises(CodecError, match=r"cards\.worms\[10\]\.limit"):
        load_changed(state, bad_limit)


def test_every_table_and_view_of_solo_and_five_players_loads() -> None:
    """The checks refuse nothing the rules make (the fuzzer's corpus plays 1, 2 and 4 players)."""
    for options in ({"players": 5, "side": "canyon"}, {"players": 1, "scenario": "egg_hunt"}):
        for steps in (0, 15, 60):
            state = played(GAME, steps, seed=5, **options)
            for seen in (state, *(GAME.view(state, p) for p in range(GAME.num_players(state)))):
                assert codec.loads(codec.dumps(seen)) == seen


@pytest.mark.parametrize("name", ["revive", "claim", "steer"])
def test_a_table_waiting_for_a_player_s_choice_loads_and_survives_mutations(name: str) -> None:
    """The tables of the decisions random play seldom reaches (which dead character comes back, which
    hunting bounty the kill completes, where a Target is steered), and their views, read back equal;
    mutated, whatever loads is answered by every contract function."""
    state = decisions()[name]
    for seen in (state, *(GAME.view(state, p) for p in range(GAME.num_players(state)))):
        assert codec.loads(codec.dumps(seen)) == seen
        assert exercise(GAME, seen, 1) == []
    rng = Rng.from_seed(len(name))
    for k in range(150):
        doc = json.loads(codec.dumps(state if k % 2 else GAME.view(state, k % 4 // 2), share=False))
        mutate(doc, rng)
        rng = rng.fork(1)
        try:
            loaded = codec.loads(json.dumps(doc))
        except CodecError:
            continue
        if type(loaded) is type(state):
            assert exercise(GAME, loaded, k) == [], k


@pytest.mark.parametrize(
    ("name", "change", "message"),
    [
        ("steer", lambda d: d["steer"]["$t"].clear(), "exactly while the game waits for a steer"),
        ("steer", lambda d: d["steer"]["$t"].append(0), "each slot with a Target once"),
        ("claim", lambda d: d.__setitem__("killer", 1), "chosen by the killer"),
        ("revive", lambda d: d.__setitem__("decider", 1), "the active player decides"),
        ("revive", lambda d: d["pawns"]["$t"].__setitem__(1, d["pawns"]["$t"][0]), "two pawns stand on one cell"),
    ],
)
def test_a_choice_no_game_can_hold_is_refused(name: str, change: Any, message: str) -> None:
    assert_load_refused(decisions()[name], change, message)


def _one_bounty_left_to_choose(seat: str) -> Any:
    """The killer's hidden hunting bounty (``seat`` "own") or its line one ("line") swapped with a
    bounty of the deck that is not a hunting one: one bounty left that the kill completes."""
    def change(doc: dict[str, Any]) -> None:
        deck = doc["bounty_deck"]["$t"]
        plain = next(i for i, b in enumerate(deck) if b >= 0 and not BOUNTIES[b].hunt)
        holder = doc["hidden"]["$t"][0]["$t"] if seat == "own" else doc["line"]["$t"]
        deck[plain], holder[0] = holder[0], deck[plain]
    return change


@pytest.mark.parametrize("where", ["own", "line"])
def test_a_killer_choosing_its_bounty_has_two_or_more_that_its_kill_completes(where: str) -> None:
    """The killer chooses (``claim``) only among two or more matching hunting bounties; a table with
    one left (or none) has no choice to make and is refused, and so is the killer's own view of it."""
    state = decisions()["claim"]
    assert state.phase is Phase.CLAIM and state.killer == 0 and len(GAME.legal_actions(state)) == 2
    assert_load_refused(state, _one_bounty_left_to_choose(where), "two or more hunting bounties")
    seen = GAME.view(state, 0)

    def in_view(doc: dict[str, Any]) -> None:  # the killer's view: the deck hidden, so from the table
        if where == "own":
            doc["hidden"]["$t"][0]["$t"][0] = next(b for b, x in enumerate(BOUNTIES)
                                                  if not x.hunt and b not in state.line)
        else:
            doc["line"]["$t"][0] = state.hidden[0][0]
            doc["hidden"]["$t"][0]["$t"][0] = next(b for b, x in enumerate(BOUNTIES)
                                                  if not x.hunt and b not in state.line)

    with pytest.raises(CodecError, match="two or more hunting bounties"):
        load_changed(seen, in_view)


def test_another_seat_s_view_of_a_killer_choosing_its_bounty_loads() -> None:
    """The other seats' views hide the killer's bounties: the line alone may match once, and the
    view loads (``determinize`` deals the killer enough of them)."""
    state = decisions()["claim"]
    seen = GAME.view(state, 1)
    assert seen.hidden[0] == (HIDDEN,) and codec.loads(codec.dumps(seen)) == seen
    drawn = GAME.determinize(seen, 1, 3)
    assert codec.loads(codec.dumps(drawn)) == drawn and len(GAME.legal_actions(drawn)) >= 2
