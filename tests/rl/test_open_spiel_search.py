"""Search through the OpenSpiel adapter: the information-state string is what a seat knows,
``resample_from_infostate`` draws a table from it (the game's ``determinize``), and
OpenSpiel's MCTS and ISMCTS bots play every game; each game's utility kind; refusals are
OpenSpiel's ``SpielError``."""

from __future__ import annotations

import pickle
import random
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")

import numpy as np  # noqa: E402

from tests.rl.cases import CASES, case_id  # noqa: E402
from wasteland import GAMES, ConfigError, IllegalAction  # noqa: E402
from wasteland.core.game import Utility  # noqa: E402
from wasteland.rl.open_spiel import BadAction, BadParameter, load_game  # noqa: E402


def _positions(key: str, options: dict[str, Any], count: int, seed: int) -> list[Any]:
    """``count`` states of random play (after the deal), some early, some late."""
    g = load_game(key, rng_seed=seed, **options)
    chooser = random.Random(seed)
    found = []
    for _ in range(count):
        state = g.new_initial_state()
        state.apply_action(0)
        for _ in range(chooser.randrange(60)):
            if state.is_terminal():
                break
            state.apply_action(chooser.choice(state.legal_actions()))
        found.append(state)
    return found


class Draws:
    """A probability sampler that counts its draws."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.calls = 0

    def __call__(self) -> float:
        self.calls += 1
        return self.rng.random()


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_a_resampled_table_gives_the_seat_the_same_information_state(case: tuple[str, dict[str, Any]]) -> None:
    key, options = case
    game = GAMES[key]
    for n, state in enumerate(_positions(key, options, 6, seed=len(str(options)))):
        for seat in range(state.get_game().num_players()):
            draws = Draws(n)
            other = state.resample_from_infostate(seat, draws)
            assert draws.calls == 2  # the seed comes from the sampler
            assert other.information_state_string(seat) == state.information_state_string(seat)
            assert other.observation_string(seat) == state.observation_string(seat)
            assert np.array_equal(other.information_state_tensor(seat), state.information_state_tensor(seat))
            assert game.view(other.table, seat) == game.view(state.table, seat)
            assert other.legal_actions() == state.legal_actions() or other.current_player() != seat
            assert other.history() == state.history() and other.current_player() == state.current_player()
            # Play goes on from the drawn table, and the original is untouched.
            if not other.is_terminal():
                before = state.table
                other.apply_action(other.legal_actions()[0])
                assert state.table is before


def test_the_string_tells_apart_what_the_seat_sees_and_remembers() -> None:
    g = load_game("arctic_scavengers", players=3, rng_seed=2)
    game = GAMES["arctic_scavengers"]
    state = g.new_initial_state()
    state.apply_action(0)
    chooser = random.Random(2)
    keys: dict[str, Any] = {}
    for _ in range(80):
        for seat in range(3):
            text = state.information_state_string(seat)
            seen = (game.view(state.table, seat), state.history())
            assert keys.setdefault(text, seen) == seen  # one string, one thing known
        state.apply_action(chooser.choice(state.legal_actions()))
    # Two deals that differ in the hand a seat holds give it different strings.
    a, b = g.new_initial_state(1), g.new_initial_state(2)
    a.apply_action(0)
    b.apply_action(0)
    assert game.view(a.table, 0) != game.view(b.table, 0)
    assert a.information_state_string(0) != b.information_state_string(0)


def test_resampling_hides_the_future() -> None:
    """A clone carries the generator (the same future); a resampled table draws its own."""
    g = load_game("arctic_scavengers", players=2, rng_seed=3)
    state = g.new_initial_state()
    state.apply_action(0)
    seat = state.current_player()
    tables = {str(state.resample_from_infostate(seat, Draws(k)).table) for k in range(8)}
    assert len(tables) > 1  # the hidden cards differ from one draw to the next
    assert str(state.clone().table) == str(state.table)


def test_resampled_states_pickle_and_resample_again() -> None:
    state = _positions("lucky_seven", {"players": 2}, 1, seed=4)[0]
    seat = state.current_player()
    other = state.resample_from_infostate(seat, Draws(1))
    other.apply_action(other.legal_actions()[-1])
    again = other.resample_from_infostate(other.current_player(), Draws(2))
    for s in (other, again):
        copy = pickle.loads(pickle.dumps(s))
        assert copy.table == s.table and copy.history() == s.history()
        assert copy.information_state_string(seat) == s.information_state_string(seat)
    before = load_game("lucky_seven", players=2).new_initial_state()
    dealt = before.resample_from_infostate(0, Draws(3))
    assert dealt.is_chance_node()
    dealt.apply_action(0)
    assert dealt.table is not None


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_open_spiel_s_mcts_and_ismcts_bots_play(case: tuple[str, dict[str, Any]]) -> None:
    from open_spiel.python.algorithms import ismcts, mcts

    key, options = case
    g = load_game(key, rng_seed=5, **options)
    rs = np.random.RandomState(5)
    evaluator = mcts.RandomRolloutEvaluator(1, rs)
    bots = [mcts.MCTSBot(g, 2.0, 4, evaluator, random_state=rs),
            ismcts.ISMCTSBot(g, evaluator, 2.0, 4, random_state=rs)]
    for bot in bots:
        state = g.new_initial_state()
        state.apply_action(0)
        for _ in range(3):
            if state.is_terminal():
                break
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)


def test_open_spiel_s_ismcts_with_a_seeded_resampler_plays_the_same_game_twice() -> None:
    """OpenSpiel's ISMCTSBot draws determinize's seed from ``pyspiel.UniformProbabilitySampler``,
    which nothing seeds; given a resampler that draws from the bot's own generator (as
    docs/rl.md shows), two runs with the same seeds make the same moves."""
    from open_spiel.python.algorithms import ismcts, mcts

    g = load_game("lucky_seven", players=2)

    def game_of_moves() -> list[int]:
        rs = np.random.RandomState(3)
        bot = ismcts.ISMCTSBot(g, mcts.RandomRolloutEvaluator(1, rs), 1.4, 8, random_state=rs)
        bot.set_resampler(lambda state, player: state.resample_from_infostate(player, rs.uniform))
        state = g.new_initial_state(3)
        state.apply_action(0)
        chooser = random.Random(3)
        moves: list[int] = []
        while not state.is_terminal() and len(moves) < 40:
            action = bot.step(state) if state.current_player() == 0 else chooser.choice(state.legal_actions())
            moves.append(action)
            state.apply_action(action)
        return moves

    assert game_of_moves() == game_of_moves()


UTILITY = {
    ("lucky_seven", 1, "solo"): Utility.IDENTICAL,
    ("lucky_seven", 2, "competitive"): Utility.CONSTANT_SUM,
    ("lucky_seven", 2, "cooperative"): Utility.IDENTICAL,
    ("arctic_scavengers", 2, ""): Utility.GENERAL_SUM,
    ("arctic_scavengers", 5, ""): Utility.GENERAL_SUM,
    ("raxxon", 1, ""): Utility.IDENTICAL,
    ("raxxon", 4, ""): Utility.IDENTICAL,
}


@pytest.mark.parametrize("key, players, variant", sorted(UTILITY))
def test_each_game_declares_its_utility_and_open_spiel_reads_it(key: str, players: int, variant: str) -> None:
    options: dict[str, Any] = {"players": players} | ({"variant": variant} if variant else {})
    kind = UTILITY[key, players, variant]
    game = GAMES[key]
    table = game.new_game(0, **options)
    assert game.utility(table) is kind
    assert game.utility(game.view(table, 0)) is kind
    g = load_game(key, **options)
    assert g.get_type().utility == getattr(pyspiel.GameType.Utility, kind.name)
    if kind is Utility.CONSTANT_SUM:
        assert g.utility_sum() == 1.0
    # OpenSpiel's own test checks the returns against the kind (equal, or adding up to 1).
    pyspiel.random_sim_test(g, num_sims=1, serialize=False, verbose=False)


def test_a_game_key_is_registered_with_the_kind_its_player_counts_share() -> None:
    kinds = {t.short_name: t.utility for t in pyspiel.registered_games()}
    assert kinds["wasteland_raxxon"] == pyspiel.GameType.Utility.IDENTICAL
    assert kinds["wasteland_arctic_scavengers"] == pyspiel.GameType.Utility.GENERAL_SUM
    assert kinds["wasteland_lucky_seven"] == pyspiel.GameType.Utility.GENERAL_SUM  # variants differ


def test_utility_refuses_what_is_not_the_game_s_state() -> None:
    for game in GAMES.values():
        with pytest.raises(IllegalAction):
            game.utility("nonsense")


# -- refusals: OpenSpiel's SpielError (and the game's own error), never another Python error --

def _deep(levels: int) -> list[Any]:
    value: list[Any] = []
    for _ in range(levels):
        value = [value]
    return value


def test_bad_parameters_raise_spiel_error() -> None:
    g = load_game("lucky_seven", players=1)
    nested = "[" * 100_000
    cases = [
        lambda: load_game("lucky_seven", cards=nested),
        lambda: pyspiel.load_game("wasteland_lucky_seven", {"cards": nested}),
        lambda: load_game("lucky_seven", cards=_deep(100_000)),
        lambda: pyspiel.load_game("wasteland_lucky_seven", {"players": 7}),
        lambda: load_game("chess"),
        lambda: load_game("lucky_seven", rng_seed="x"),
        lambda: g.new_initial_state("x"),
        lambda: g.new_initial_state("9" * 5000),
        lambda: g.new_initial_state(1.5),
        lambda: g.make_py_observer(None, {"colour": "red"}),
    ]
    for make in cases:
        with pytest.raises(pyspiel.SpielError) as caught:
            make()
        assert isinstance(caught.value, BadParameter) and isinstance(caught.value, ConfigError)
        assert str(caught.value)
    assert g.new_initial_state("12").apply_action(0) is None  # a seed's decimal text is a seed


def test_bad_actions_and_seats_raise_spiel_error() -> None:
    g = load_game("lucky_seven", players=2)
    state = g.new_initial_state(3)
    cases = [
        lambda: state.apply_action(1),  # the deal has one outcome
        lambda: state.resample_from_infostate(5, Draws(0)),
    ]
    dealt = g.new_initial_state(3)
    dealt.apply_action(0)
    illegal = next(i for i in range(g.num_distinct_actions()) if i not in dealt.legal_actions())
    cases += [
        lambda: dealt.apply_action(illegal),
        lambda: dealt.apply_action(10**6),
        lambda: dealt.resample_from_infostate(0, "not a sampler"),
        lambda: dealt.resample_from_infostate(0, lambda: 7.0),
        lambda: dealt.resample_from_infostate(0, lambda: "x"),
        lambda: dealt.fingerprint(2),
    ]
    for make in cases:
        with pytest.raises(pyspiel.SpielError) as caught:
            make()
        assert isinstance(caught.value, BadAction) and isinstance(caught.value, IllegalAction)
        assert str(caught.value)
    # A seat out of range OpenSpiel refuses itself, with its own SpielError.
    for make in (lambda: dealt.observation_string(2), lambda: dealt.information_state_string(-3),
                 lambda: dealt.observation_tensor(9), lambda: dealt.information_state_tensor(2)):
        with pytest.raises(pyspiel.SpielError):
            make()
