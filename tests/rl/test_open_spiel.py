"""The OpenSpiel adapter: OpenSpiel's own random_sim_test for every game and player count,
and what the adapter promises beyond it (chance, views only, ids, strings, pickling)."""

from __future__ import annotations

import pickle
import random
import sys
from typing import Any

import attrs
import pytest

pyspiel = pytest.importorskip("pyspiel")

import numpy as np  # noqa: E402
from open_spiel.python.observation import make_observation  # noqa: E402

from tests.rl.cases import CASES, case_id  # noqa: E402
from tests.support import random_walk  # noqa: E402
from wasteland import GAMES, ConfigError, IllegalAction  # noqa: E402
from wasteland.core import codec  # noqa: E402
from wasteland.rl import seed_for  # noqa: E402
from wasteland.rl import open_spiel  # noqa: E402
from wasteland.rl.open_spiel import (  # noqa: E402
    MAX_GAME_LENGTH, load_game, options_of, params_of, parameters, short_name,
)

#: What OpenSpiel's random_sim_test may spend on a table, in decisions times seats: it checks every
#: decision for every seat (strings, tensors, clones); a 5-player Arctic Scavengers game is about
#: 500 decisions, about a second a game.
SIM_BUDGET = 300


def sims(key: str, options: dict[str, Any]) -> int:
    """Simulations for a table, from 1 to 5: the budget over the decisions times the seats of one
    random game of it (a short game plays several, a long one once)."""
    game = GAMES[key]
    state = game.new_game(0, **options)
    decisions = sum(1 for _ in random_walk(game, state, 0, game.max_decisions(state)))
    return max(1, min(5, SIM_BUDGET // max(1, decisions * game.num_players(state))))


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_open_spiel_random_sim_test_passes(case: tuple[str, dict[str, Any]]) -> None:
    key, options = case
    pyspiel.random_sim_test(load_game(key, **options), num_sims=sims(key, options), serialize=False, verbose=False)


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_the_game_has_the_sizes_of_a_new_game_with_its_options(case: tuple[str, dict[str, Any]]) -> None:
    key, options = case
    game = GAMES[key]
    table = game.new_game(0, **options)
    g = load_game(key, **options)
    assert g.num_distinct_actions() == game.action_count(table)
    assert g.observation_tensor_size() == game.observation_size(table)
    assert g.information_state_tensor_size() == game.observation_size(table)
    assert g.num_players() == game.num_players(table)
    assert g.max_chance_outcomes() == 1
    assert (g.min_utility(), g.max_utility()) == (0.0, 1.0)
    assert g.max_game_length() == min(MAX_GAME_LENGTH, game.max_decisions(table) + 1)
    kind = g.get_type()
    assert kind.short_name == short_name(key) == f"wasteland_{key}"
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert (kind.min_num_players, kind.max_num_players) == (min(game.player_counts), max(game.player_counts))


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_play_is_the_game_s_seen_from_each_seat(case: tuple[str, dict[str, Any]]) -> None:
    """Ids, notation, tensors and strings after every step of a random game against the
    game's own functions; returns at the end."""
    key, options = case
    game = GAMES[key]
    g = load_game(key, rng_seed=9, **options)
    state = g.new_initial_state()
    assert state.is_chance_node() and state.chance_outcomes() == [(0, 1.0)]
    state.apply_action(0)
    table = game.new_game(seed_for(9, 0), **options)
    assert state.table == table
    chooser = random.Random(1)
    steps = 0
    while not state.is_terminal():
        mover = game.current_player(table)
        assert state.current_player() == mover
        legal = game.legal_actions(table)
        ids = {game.action_id(table, a): a for a in legal}
        assert state.legal_actions() == sorted(ids)
        assert state.legal_actions_mask() == [int(i in ids) for i in range(g.num_distinct_actions())]
        assert [state.action_to_string(i) for i in sorted(ids)] == [game.notation(table, ids[i]) for i in sorted(ids)]
        if steps % 7 == 0:
            for p in range(game.num_players(table)):
                vector = np.asarray(game.observe(game.view(table, p)), np.float32)
                assert np.array_equal(state.observation_tensor(p), vector)
                assert np.array_equal(state.information_state_tensor(p), vector)
                text = game.render(game.view(table, p), p)
                assert state.observation_string(p) == text
                assert state.information_state_string(p).startswith(text + "\nseen now: ")
            assert state.returns() == [0.0] * game.num_players(table)
        i = chooser.choice(sorted(ids))
        state.apply_action(i)
        table = game.apply(table, ids[i])
        assert state.table == table
        steps += 1
    assert state.returns() == list(game.returns(table))
    assert state.rewards() == list(game.returns(table))
    assert state.history() == [0] + state.history()[1:] and len(state.history()) == steps + 1


def test_each_deal_takes_the_next_seed_of_the_stream() -> None:
    game = GAMES["arctic_scavengers"]
    g = load_game("arctic_scavengers", players=3, rng_seed=4)
    first, second = g.new_initial_state(), g.new_initial_state()
    clone = first.clone()  # neither a new state nor a clone draws a seed: only a deal does
    g.observation_tensor_size()  # (OpenSpiel makes a new state to measure its tensors)
    second.apply_action(0)
    first.apply_action(0)
    assert second.table == game.new_game(seed_for(4, 0), players=3)
    assert first.table == game.new_game(seed_for(4, 1), players=3)
    clone.apply_action(0)
    assert clone.table == game.new_game(seed_for(4, 2), players=3)
    chosen = g.new_initial_state(1234)
    chosen.apply_action(0)
    assert chosen.table == game.new_game(1234, players=3)
    again = load_game("arctic_scavengers", players=3, rng_seed=4).new_initial_state()
    again.apply_action(0)
    assert again.table == second.table


def test_a_clone_plays_on_alone() -> None:
    g = load_game("lucky_seven", players=2)
    state = g.new_initial_state()
    state.apply_action(0)
    clone = state.clone()
    assert str(clone) == str(state) and clone.history() == state.history()
    clone.apply_action(clone.legal_actions()[0])
    assert clone.history() != state.history()
    assert clone.table != state.table


def test_the_information_state_string_remembers_what_the_seat_saw() -> None:
    g = load_game("arctic_scavengers", players=2)
    state = g.new_initial_state(5)
    assert state.information_state_string(0) == state.observation_string(0) == "before the deal"
    assert not state.observation_tensor(0) or not any(state.observation_tensor(0))
    state.apply_action(0)
    seen = set()
    chooser = random.Random(5)
    for _ in range(40):
        keys = [state.information_state_string(p) for p in range(2)]
        assert keys[0] != keys[1]
        assert keys[0] not in seen  # a step later, the seat has seen one more view
        seen.add(keys[0])
        state.apply_action(chooser.choice(state.legal_actions()))
    # The same history gives the same string, whatever the path to it (clone, pickle, replay).
    copy = pickle.loads(pickle.dumps(state))
    assert copy.information_state_string(1) == state.information_state_string(1)


def test_open_spiel_s_own_observer_gives_the_seat_s_vector_and_refuses_other_seats() -> None:
    """``make_observation(game)``, OpenSpiel's observer (its tensor is a numpy array, written in
    place), gives each seat ``observe(view(table, seat))``; a seat not at the table is refused."""
    game = GAMES["arctic_scavengers"]
    g = load_game("arctic_scavengers", players=3)
    observation = make_observation(g)
    state = g.new_initial_state(5)
    state.apply_action(0)
    chooser = random.Random(5)
    for _ in range(30):
        for p in range(3):
            observation.set_from(state, p)
            expected = np.asarray(game.observe(game.view(state.table, p)), np.float32)
            assert np.array_equal(observation.tensor, expected)
        state.apply_action(chooser.choice(state.legal_actions()))
    for seat in (3, -1, True, "0"):
        with pytest.raises(IllegalAction, match="seat"):
            observation.set_from(state, seat)


def test_a_history_keeps_its_recent_tables_and_makes_older_ones_again_for_the_strings(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Only the last RECENT_TABLES tables of a history, every CHECKPOINT_EVERY-th and its first
    are kept; a seat's information-state string asked late, which needs the views of tables
    let go, is the one a history that kept every table gives, and the one asked at every step
    gives."""
    g = load_game("raxxon", players=3)
    ids: list[int] = []
    chooser = random.Random(2)
    state = g.new_initial_state(2)
    state.apply_action(0)
    while not state.is_terminal() and len(ids) < 60:
        ids.append(chooser.choice(state.legal_actions()))
        state.apply_action(ids[-1])
    chain = list(state.node.chain())
    kept = [node.depth for node in chain if node.table is not None]
    every = open_spiel.CHECKPOINT_EVERY
    older = [node.depth for node in chain[open_spiel.RECENT_TABLES:-1]]
    assert older and any(d % every for d in older), "some tables let go"
    assert kept == [node.depth for node in chain[:open_spiel.RECENT_TABLES]] + [
        d for d in older if d % every == 0] + [0], "the recent tables, the checkpoints and the first"
    late = [state.information_state_string(p) for p in range(3)]
    draws = iter([0.25, 0.5, 0.75, 0.125])
    drawn = state.resample_from_infostate(1, lambda: next(draws))
    assert drawn.information_state_string(1) == late[1], "a table drawn for seat 1 keeps its memory"

    asked = g.new_initial_state(2)
    asked.apply_action(0)
    for i in ids:
        asked.apply_action(i)
        for p in range(3):
            asked.information_state_string(p)
    assert [asked.information_state_string(p) for p in range(3)] == late

    monkeypatch.setattr(open_spiel, "RECENT_TABLES", 10**6)
    every = g.new_initial_state(2)
    every.apply_action(0)
    for i in ids:
        every.apply_action(i)
    assert all(node.table is not None for node in every.node.chain())
    assert [every.information_state_string(p) for p in range(3)] == late


def _work_of_strings(key: str, players: int, every: int, seed: int) -> tuple[list[int], list[int]]:
    """One game of random play in which seat 0's information-state string is asked every
    ``every`` steps: for each ask, the Python calls it made (a count of the work that the
    machine's load does not move) and the actions it replayed (calls of the game's apply)."""
    g = load_game(key, players=players)
    apply_code = GAMES[key].apply.__code__
    state = g.new_initial_state(seed)
    state.apply_action(0)
    chooser = random.Random(seed)
    counts = [0, 0]

    def count(frame: Any, event: str, arg: object) -> None:
        if event == "call":
            counts[0] += 1
            counts[1] += frame.f_code is apply_code

    calls: list[int] = []
    replayed: list[int] = []
    step = 0
    while not state.is_terminal():
        if step % every == 0:
            counts[:] = [0, 0]
            sys.setprofile(count)
            state.information_state_string(0)
            sys.setprofile(None)
            calls.append(counts[0])
            replayed.append(counts[1])
        state.apply_action(chooser.choice(state.legal_actions()))
        step += 1
    return calls, replayed


@pytest.mark.parametrize(("key", "players", "seed"), [
    ("arctic_scavengers", 5, 4), ("terror_below", 2, 1), ("aftermath", 4, 1)])
def test_a_string_asked_late_costs_what_the_seat_missed_not_the_whole_game(key: str, players: int, seed: int) -> None:
    """A seat asked every 9 or 10 steps (more than RECENT_TABLES) needs the views of tables let
    go: they are made again from the nearest checkpoint, not from the deal, so a string in the
    last fifth of a long game costs about what one in the first fifth does (within 1.5x, in
    Python calls, which the machine's load does not change: 1.08x on Arctic Scavengers, 4.7x
    when they were made from the deal), and replays at most the steps missed and a checkpoint's
    distance. The games the growth was found in (Terror Below with two players, Aftermath with
    four) besides the longest of Arctic Scavengers."""
    every = 10 if key == "arctic_scavengers" else 9
    assert every > open_spiel.RECENT_TABLES
    calls, replayed = _work_of_strings(key, players, every, seed)
    fifth = len(calls) // 5
    assert fifth >= 6, "a long game"
    first, last = sum(calls[:fifth]), sum(calls[-fifth:])
    assert last <= 1.5 * first, (first, last)
    assert max(replayed) <= every + open_spiel.CHECKPOINT_EVERY
    kept = [node.table is not None for node in _played(key, players, seed).node.chain()]
    assert sum(kept) <= open_spiel.RECENT_TABLES + 1 + len(kept) // open_spiel.CHECKPOINT_EVERY + 1


def _played(key: str, players: int, seed: int) -> Any:
    g = load_game(key, players=players)
    state = g.new_initial_state(seed)
    state.apply_action(0)
    chooser = random.Random(seed)
    while not state.is_terminal():
        state.apply_action(chooser.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("key", sorted(GAMES))
def test_a_view_s_digest_depends_on_its_values_alone(key: str) -> None:
    """view_digest gives a view and its copy read back from JSON (equal, but sharing no
    object with it) the same digest, and the views of one game, seat after seat and step
    after step, as many digests as there are different views."""
    game = GAMES[key]
    players = max(game.player_counts)
    table = game.new_game(3, players=players)
    chooser = random.Random(3)
    digests: dict[str, Any] = {}
    steps = 0
    while steps < 40 and game.current_player(table) is not None:
        view = game.view(table, steps % players)
        copy = codec.loads(codec.dumps(view))
        assert copy == view and copy is not view
        digest = open_spiel.view_digest(view)
        assert open_spiel.view_digest(copy) == digest
        assert digests.setdefault(digest, view) == view, "two different views, one digest"
        table = game.apply(table, chooser.choice(game.legal_actions(table)))
        steps += 1
    assert len(digests) > steps // 2 > 0


def test_observation_types_other_than_the_seat_s_own_are_refused() -> None:
    g = load_game("lucky_seven", players=2)
    public_only = pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE)
    with pytest.raises(ValueError, match="own observation"):
        g.make_py_observer(public_only)
    with pytest.raises(ValueError, match="not supported"):
        g.make_py_observer(None, {"colour": "red"})


def test_an_id_that_names_no_legal_action_is_refused() -> None:
    g = load_game("lucky_seven", players=1)
    state = g.new_initial_state(3)
    with pytest.raises(IllegalAction):
        state.apply_action(1)  # the deal has one outcome
    state.apply_action(0)
    illegal = next(i for i in range(g.num_distinct_actions()) if i not in state.legal_actions())
    before = state.table
    with pytest.raises(IllegalAction):  # with the rules' reason
        state.apply_action(illegal)
    assert state.table is before and state.history() == [0], "a refused id changes nothing"
    assert state.action_to_string(illegal) == f"action {illegal}"
    with pytest.raises(pyspiel.SpielError):
        state.apply_action_with_legality_check(illegal)


def test_games_and_states_pickle_and_serialize() -> None:
    g = load_game("arctic_scavengers", players=2, peek_rule="remove_marked", peeking=["grenade", "wolf_pack"])
    state = g.new_initial_state()
    state.apply_action(0)
    for i in range(12):
        state.apply_action(state.legal_actions()[i % len(state.legal_actions())])
    copy = pickle.loads(pickle.dumps(state))
    assert str(copy) == str(state) and copy.history() == state.history() and copy.table == state.table
    restored = g.deserialize_state(state.serialize())
    assert restored.table == state.table and restored.history() == state.history()
    again = pickle.loads(pickle.dumps(g))
    assert str(again) == str(g) and again.deals == g.deals == 1
    # A game string holds structured options in a form OpenSpiel's parser reads back.
    assert str(pyspiel.load_game(str(g))) == str(g)


def test_parameters_are_the_options() -> None:
    assert [(p.name, p.kind, p.default) for p in parameters("lucky_seven")] == [
        ("players", "value", 1), ("variant", "text", ""), ("depot", "value", False), ("cards", "json", "")]
    assert {p.name for p in parameters("arctic_scavengers")} == {"players", "peeking", "cards", "peek_rule"}
    options = {"players": 2, "peeking": ["grenade"], "peek_rule": "remove_marked"}
    params = params_of("arctic_scavengers", options)
    assert params["peeking"].startswith("b64:")
    assert options_of("arctic_scavengers", params) == options
    # By hand, plain JSON text is read too, and "" is the game's default.
    direct = pyspiel.load_game("wasteland_arctic_scavengers",
                               {"players": 2, "peek_rule": "remove_marked", "peeking": '["grenade"]'})
    state = direct.new_initial_state(8)
    state.apply_action(0)
    assert state.table == GAMES["arctic_scavengers"].new_game(8, **options)
    assert pyspiel.load_game("wasteland_lucky_seven", {"players": 2, "variant": ""}).num_players() == 2
    # A card set of one's own travels as JSON in the game string and back.
    cards = {"Brawler": {"fight": 3}}
    own = load_game("arctic_scavengers", players=2, cards=cards)
    state = pyspiel.load_game(str(own)).new_initial_state(8)
    state.apply_action(0)
    assert state.table == GAMES["arctic_scavengers"].new_game(8, players=2, cards=cards)


def test_bad_options_are_refused_in_the_game_s_words() -> None:
    with pytest.raises(ConfigError, match="players"):
        load_game("arctic_scavengers", players=7)
    with pytest.raises(ConfigError, match="variant"):
        load_game("lucky_seven", players=2, variant="solo")
    from wasteland.lucky_seven.card_set import read_card_set

    record = read_card_set({})  # the game takes its own record; a game string needs plain data
    assert record is not None
    with pytest.raises(ConfigError, match="plain JSON"):
        load_game("lucky_seven", cards=record)
    with pytest.raises(ConfigError, match="rng_seed"):
        load_game("lucky_seven", rng_seed="7")
    with pytest.raises(ConfigError, match="rng_seed"):
        load_game("lucky_seven", rng_seed=2**40)
    with pytest.raises(ValueError, match="unknown game"):
        load_game("chess")
    # OpenSpiel knows one game per name: a bundle other than the registry's cannot take it.
    with pytest.raises(ValueError, match="registered"):
        load_game(attrs.evolve(GAMES["lucky_seven"], title="Another"))


def test_open_spiel_s_rl_environment_plays_a_game() -> None:
    from open_spiel.python import rl_environment

    env = rl_environment.Environment(load_game("lucky_seven", players=2), seed=3)
    assert env.observation_spec()["info_state"] == (GAMES["lucky_seven"].observation_size(
        GAMES["lucky_seven"].new_game(0, players=2)),)
    step = env.reset()
    chooser = random.Random(3)
    while not step.last():
        player = step.observations["current_player"]
        step = env.step([chooser.choice(step.observations["legal_actions"][player])])
    assert sorted(step.rewards) in ([0.0, 1.0], [0.0, 0.0], [1.0, 1.0])
