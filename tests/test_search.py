"""The search bots: they see only views, they are reproducible, and they find a won line."""

from __future__ import annotations

import time
from typing import Any

import attrs
import pytest

from wasteland import GAMES
from wasteland.agents import BOT_NAMES, ISMCTS, FlatMonteCarlo, RandomBot, make_bot, parse_bot, reads_view
from wasteland.agents.search import Budget
from wasteland.core.game import Game, IllegalAction
from wasteland.core.rng import Rng

SETTINGS = [("lucky_seven", {}), ("lucky_seven", {"players": 2}),
            ("lucky_seven", {"players": 2, "variant": "cooperative"}),
            ("arctic_scavengers", {"players": 2}), ("arctic_scavengers", {"players": 3}),
            ("raxxon", {}), ("raxxon", {"players": 3})]


class GuardedMoves:
    """``moves(state)`` of a :class:`Guarded` game: what ``play`` gives is kept as drawn."""

    def __init__(self, guard: Guarded, listed: Any) -> None:
        self.guard = guard
        self.listed = listed
        self.actions = listed.actions

    def play(self, action: Any) -> Any:
        return self.guard._keep(self.listed.play(action))

    def play_at(self, i: int) -> Any:
        return self.guard._keep(self.listed.play_at(i))


class Guarded:
    """A game whose ``apply``, ``legal_actions``, ``moves``, ``returns``, ``outcome`` and ``view``
    work only on tables the bot drew itself with ``determinize`` (and the tables played on from
    them)."""

    def __init__(self, game: Game[Any, Any]) -> None:
        self.game = game
        self.drawn: dict[int, Any] = {}  # id -> table, kept alive so that no id is reused

    def _check(self, state: Any) -> None:
        if self.drawn.get(id(state)) is not state:
            raise AssertionError("the bot played on a state it did not draw with determinize")

    def _keep(self, state: Any) -> Any:
        self.drawn[id(state)] = state
        return state

    def determinize(self, view: Any, player: int, seed: int) -> Any:
        assert view.viewer == player, "determinize was given something other than the bot's view"
        return self._keep(self.game.determinize(view, player, seed))

    def apply(self, state: Any, action: Any) -> Any:
        self._check(state)
        return self._keep(self.game.apply(state, action))

    def legal_actions(self, state: Any) -> Any:
        self._check(state)
        return self.game.legal_actions(state)

    def moves(self, state: Any) -> Any:
        self._check(state)
        return GuardedMoves(self, self.game.moves(state))

    def returns(self, state: Any) -> Any:
        self._check(state)
        return self.game.returns(state)

    def outcome(self, state: Any) -> Any:
        self._check(state)
        return self.game.outcome(state)

    def view(self, state: Any, player: int) -> Any:
        self._check(state)
        return self.game.view(state, player)

    def wrapped(self) -> Game[Any, Any]:
        return attrs.evolve(self.game, determinize=self.determinize, apply=self.apply,
                            legal_actions=self.legal_actions, moves=self.moves, returns=self.returns,
                            outcome=self.outcome, view=self.view)


def _positions(key: str, options: dict[str, Any], seed: int, every: int) -> list[Any]:
    """Tables met in one random game, one in ``every`` decisions with a real choice."""
    game = GAMES[key]
    state = game.new_game(seed, **options)
    rng = Rng.from_seed(seed)
    out = []
    step = 0
    while game.current_player(state) is not None:
        legal = game.legal_actions(state)
        if len(legal) > 1:
            if step % every == 0:
                out.append(state)
            step += 1
        action, rng = rng.choice(legal)
        state = game.apply(state, action)
    return out


@pytest.mark.parametrize("key,options", SETTINGS)
@pytest.mark.parametrize("name", ["flat:6", "ismcts:8", "ismcts:4:heuristic:d8"])
def test_search_bots_play_only_on_tables_they_drew_from_their_view(
    key: str, options: dict[str, Any], name: str
) -> None:
    game = GAMES[key]
    guarded = Guarded(game)
    wrapped = guarded.wrapped()
    positions = _positions(key, options, 3, every=25 if key == "arctic_scavengers" else 6)
    assert positions
    for state in positions[:4]:
        player = game.current_player(state)
        assert player is not None
        legal = game.legal_actions(state)
        bot = make_bot(name, key, 5)
        action = bot.choose(wrapped, game.view(state, player), legal)
        assert action in legal
    assert guarded.drawn, "the bot never searched"


def test_the_guard_catches_a_bot_that_plays_on_the_view() -> None:
    game = GAMES["lucky_seven"]
    state = game.new_game(1)
    wrapped = Guarded(game).wrapped()
    with pytest.raises(AssertionError, match="did not draw"):
        wrapped.legal_actions(game.view(state, 0))
    with pytest.raises(IllegalAction):  # and the game itself refuses a view
        game.apply(game.view(state, 0), game.legal_actions(state)[0])


def _choices(key: str, options: dict[str, Any], name: str, seed: int) -> list[str]:
    game = GAMES[key]
    bot = make_bot(name, key, seed)
    picks = []
    for state in _positions(key, options, 11, every=20 if key == "arctic_scavengers" else 5)[:5]:
        player = game.current_player(state)
        assert player is not None
        picks.append(game.notation(state, bot.choose(game, game.view(state, player), game.legal_actions(state))))
    return picks


@pytest.mark.parametrize("key,options", [SETTINGS[0], SETTINGS[3]])
@pytest.mark.parametrize("name", ["flat:12", "ismcts:16"])
def test_the_same_seed_gives_the_same_choices(key: str, options: dict[str, Any], name: str) -> None:
    first = _choices(key, options, name, 7)
    assert first == _choices(key, options, name, 7)
    assert len(first) == 5


def test_ismcts_counts_its_iterations_and_skips_forced_moves() -> None:
    game = GAMES["arctic_scavengers"]
    state = _positions("arctic_scavengers", {"players": 2}, 2, every=1)[0]
    bot = ISMCTS(1, 30)
    legal = game.legal_actions(state)
    bot.choose(game, game.view(state, game.current_player(state) or 0), legal)
    assert bot.last_iterations == 30
    assert bot.last_root is not None and bot.last_root.visits == 30
    assert sum(child.visits for child in bot.last_root.children.values()) == 30
    assert bot.choose(game, game.view(state, 0), legal[:1]) is legal[0]
    assert bot.last_iterations == 0


def test_a_budget_in_seconds_runs_at_least_one_iteration() -> None:
    game = GAMES["lucky_seven"]
    state = _positions("lucky_seven", {}, 2, every=1)[0]
    bot = make_bot("ismcts:0.001s", "lucky_seven", 1)
    assert isinstance(bot, ISMCTS)
    bot.choose(game, game.view(state, 0), game.legal_actions(state))
    assert bot.last_iterations >= 1


#: A won game of the solo Lucky Seven (seed 10, the heuristic bot), in notation. Three decisions
#: before its end the squad must attack the last threat with the Anvil, the Natural and the
#: Athlete together: ending the attack phase instead loses the game.
WON_SEED = 10
WON_MOVES = (
    "ATH r2c3 r3c3 PAC r1c2 end ANV>r1c4 ATH>r3c2 MOU>r4c5 end MOU r4c5 NAT up PAC r2c3 ATH r4c3 stop end "
    "ANV>r1c4 NAT>r4c4 ATH>r4c4 MOU>r4c4 ANV r1c2 PAC r1c3 HAM r3c4 MOU r3c5 JOK r2c6 end ANV>r1c1 NAT>r4c4 "
    "HAM>r4c4 MOU>r3c6 ATH>r4c4 NAT r3c2 ANV up MOU up end NAT>r3c1 JOK r1c5 end ANV>r1c1 NAT>r3c3 HAM>r3c3 "
    "ATH>r4c4 NAT r3c3 HAM up ATH r3c2 r2c2 ANV up end NAT>r2c4 HAM>r2c4 HAM r2c5 PAC up ANV r2c3 MOU up end "
    "HAM>r2c6 MOU>r3c6 end ANV r3c2 ATH r3c1 r4c1 end ANV>r4c2 NAT>r4c2 ATH>r4c2"
).split()


def _won_position() -> Any:
    game = GAMES["lucky_seven"]
    state = game.new_game(WON_SEED)
    for move in WON_MOVES[:-3]:
        state = game.apply(state, game.parse(state, move))
    return state


def test_ismcts_finds_the_winning_attack_and_ending_the_phase_loses() -> None:
    game = GAMES["lucky_seven"]
    start = _won_position()
    legal = game.legal_actions(start)
    assert [game.notation(start, a) for a in legal] == ["ANV>r4c2", "NAT>r4c2", "ATH>r4c2", "end"]
    lost = game.apply(start, legal[-1])
    while game.current_player(lost) is not None:  # whatever follows the end of the attack
        lost = game.apply(lost, game.legal_actions(lost)[0])
    assert game.returns(lost) == (0.0,)
    for seed in range(3):
        state = start
        bot = ISMCTS(seed, 60)
        while game.current_player(state) is not None:
            action = bot.choose(game, game.view(state, 0), game.legal_actions(state))
            state = game.apply(state, action)
        assert game.returns(state) == (1.0,), f"seed {seed}"


def test_flat_monte_carlo_takes_the_winning_attack_when_one_move_is_left() -> None:
    game = GAMES["lucky_seven"]
    state = _won_position()
    for move in WON_MOVES[-3:-1]:
        state = game.apply(state, game.parse(state, move))
    legal = game.legal_actions(state)
    assert [game.notation(state, a) for a in legal] == ["ATH>r4c2", "end"]
    assert FlatMonteCarlo(0, 8).choose(game, game.view(state, 0), legal) == legal[0]


def test_a_cut_playout_is_scored_by_the_evaluator_or_the_fallback() -> None:
    game = GAMES["arctic_scavengers"]
    state = _positions("arctic_scavengers", {"players": 2}, 4, every=1)[0]
    player = game.current_player(state)
    assert player is not None
    seen: list[Any] = []

    def evaluate(table: Any) -> tuple[float, float]:
        seen.append(table)
        assert table.viewer is None  # a determinized table, not a view
        return (0.25, 0.75)

    bot = ISMCTS(1, 20, rollout_depth=3, evaluate=evaluate)
    bot.choose(game, game.view(state, player), game.legal_actions(state))
    assert len(seen) == 20
    assert bot.last_root is not None
    assert all(child.total == pytest.approx(child.visits * (0.25, 0.75)[player])
               for child in bot.last_root.children.values())
    # With evaluate=None, and no playout finished: an even share.
    bot = ISMCTS(1, 20, rollout_depth=3, evaluate=None)
    bot.choose(game, game.view(state, player), game.legal_actions(state))
    assert bot.last_root is not None
    assert all(child.total == pytest.approx(child.visits * 0.5) for child in bot.last_root.children.values())
    # By default, the game's own evaluation scores the cut playouts.
    bot = ISMCTS(1, 20, rollout_depth=3)
    bot.choose(game, game.view(state, player), game.legal_actions(state))
    assert bot.last_root is not None
    assert any(child.total != pytest.approx(child.visits * 0.5) for child in bot.last_root.children.values())


def test_bot_names_carry_budgets_and_playout_settings() -> None:
    bot = make_bot("ismcts:40:heuristic:d12", "arctic_scavengers", 3)
    assert isinstance(bot, ISMCTS)
    assert (bot.budget.iterations, bot.rollout, bot.rollout_depth, bot.name) == (40, "heuristic", 12,
                                                                                 "ismcts:40:heuristic:d12")
    flat = make_bot("flat", "lucky_seven")
    assert isinstance(flat, FlatMonteCarlo) and flat.budget.iterations == 100
    assert make_bot("ismcts:0.5s", "lucky_seven").budget.seconds == 0.5  # type: ignore[attr-defined]
    assert set(BOT_NAMES) == {"random", "heuristic", "lookahead", "flat", "ismcts", "oracle"}
    for bad, words in [("ismcts:0", "cannot read"), ("ismcts:fast", "cannot read"), ("alphazero", "unknown bot"),
                       ("random:10", "takes no settings"), ("ismcts:10:20", "iterations twice"),
                       ("flat:1s:2s", "a time twice"),
                       ("ismcts:1e999s", "cannot read")]:
        with pytest.raises(ValueError, match=words):
            parse_bot(bad, "lucky_seven")


def test_bots_say_whether_they_read_the_view() -> None:
    assert RandomBot.reads_view is False and not reads_view(make_bot("random", "lucky_seven"))
    for name in ("heuristic", "lookahead", "flat", "ismcts"):
        assert reads_view(make_bot(name, "lucky_seven"))


def test_search_settings_out_of_range_are_refused() -> None:
    with pytest.raises(ValueError, match="iterations"):
        ISMCTS(0, 0)
    with pytest.raises(ValueError, match="rollout must be"):
        ISMCTS(0, 10, rollout="greedy")
    with pytest.raises(ValueError, match="seconds must be"):
        FlatMonteCarlo(0, 10, seconds=True)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="exploration"):
        ISMCTS(0, 10, exploration=float("nan"))
    with pytest.raises(ValueError, match="score_weight"):
        ISMCTS(0, 10, score_weight=2.0)


def test_with_heuristic_playouts_the_tree_tries_the_heuristic_s_choice_first() -> None:
    game = GAMES["arctic_scavengers"]
    from wasteland.agents.arctic_scavengers import HeuristicBot

    for state in _positions("arctic_scavengers", {"players": 2}, 6, every=7)[:4]:
        player = game.current_player(state)
        assert player is not None
        view, legal = game.view(state, player), game.legal_actions(state)
        wanted = HeuristicBot(0).choose(game, view, legal)
        bot = ISMCTS(3, 1, rollout="heuristic", rollout_depth=0)  # one iteration: one child
        assert bot.choose(game, view, legal) == wanted
        assert ISMCTS(3, 1, rollout="heuristic", rollout_depth=0, bias=0.0).bias == 0.0


def test_the_score_share_smooths_the_value_of_a_playout() -> None:
    game = GAMES["arctic_scavengers"]
    state = _positions("arctic_scavengers", {"players": 2}, 8, every=1)[10]
    player = game.current_player(state)
    assert player is not None
    bot = ISMCTS(2, 12, score_weight=1.0)
    bot.choose(game, game.view(state, player), game.legal_actions(state))
    assert bot.last_root is not None
    totals = [child.total for child in bot.last_root.children.values()]
    assert any(t != int(t) for t in totals)  # shares of the people, not wins and losses
    assert all(0.0 <= child.total <= child.visits for child in bot.last_root.children.values())
    plain = ISMCTS(2, 12)
    plain.choose(game, game.view(state, player), game.legal_actions(state))
    assert plain.last_root is not None
    assert all(child.total == int(child.total) for child in plain.last_root.children.values())


ON_TABLE = [("arctic_scavengers", {"players": 2}), ("arctic_scavengers", {"players": 4}),
            ("terror_below", {"players": 2}), ("terror_below", {"players": 4}), ("terror_below", {"players": 1})]


@pytest.mark.parametrize("key,options", ON_TABLE)
def test_a_heuristic_said_to_read_only_its_view_chooses_the_same_on_the_table(
    key: str, options: dict[str, Any]
) -> None:
    """``PLAYOUT_ON_TABLE``: playouts hand the heuristic the determinized table, so it must choose, and
    draw its ties, exactly as it does on the deciding seat's view of that table."""
    from wasteland.agents.search import heuristic_class, playout_on_table

    assert playout_on_table(key)
    game, heuristic = GAMES[key], heuristic_class(key)
    for seed in (1, 2):
        state = game.new_game(seed, **options)
        rng = Rng.from_seed(seed)
        seen = 0
        while (player := game.current_player(state)) is not None and seen < 400:
            legal = game.legal_actions(state)
            on_view, on_table = heuristic(seed), heuristic(seed)
            chosen = on_view.choose(game, game.view(state, player), legal)
            assert on_table.choose(game, state, legal) == chosen
            assert on_table.rng == on_view.rng
            seen += 1
            index, rng = rng.below(len(legal))  # a third of the moves random, to reach other positions
            state = game.apply(state, legal[index] if index % 3 == 0 else chosen)
        assert seen > 50


def test_the_games_without_the_flag_hand_their_heuristic_a_view() -> None:
    from wasteland.agents.search import playout_on_table

    assert not playout_on_table("lucky_seven") and not playout_on_table("no_such_game_module")


def test_handing_the_heuristic_the_table_changes_no_choice_of_the_search(monkeypatch: pytest.MonkeyPatch) -> None:
    import wasteland.agents.terror_below as module

    game = GAMES["terror_below"]
    for state in _positions("terror_below", {"players": 3}, 4, every=9)[:3]:
        player = game.current_player(state)
        assert player is not None
        view, legal = game.view(state, player), game.legal_actions(state)
        fast = ISMCTS(5, 12, rollout="heuristic", rollout_depth=6)
        picked = fast.choose(game, view, legal)
        monkeypatch.setattr(module, "PLAYOUT_ON_TABLE", False)
        slow = ISMCTS(5, 12, rollout="heuristic", rollout_depth=6)
        assert slow.choose(game, view, legal) == picked
        assert fast.last_root is not None and slow.last_root is not None
        assert ({a: (n.visits, n.total) for a, n in fast.last_root.children.items()}
                == {a: (n.visits, n.total) for a, n in slow.last_root.children.items()})
        monkeypatch.setattr(module, "PLAYOUT_ON_TABLE", True)


def test_a_budget_of_iterations_and_seconds_ends_at_whichever_comes_first() -> None:
    budget = Budget(3, 60.0, 1)
    now = time.perf_counter()
    assert [budget.more(done, now) for done in range(5)] == [True, True, True, False, False]
    slow = Budget(1_000_000, 1e-6, 1)  # the time runs out long before the iterations
    long_ago = time.perf_counter() - 1.0
    assert slow.more(0, long_ago) and not slow.more(1, long_ago)  # and at least one runs
    assert parse_bot("ismcts:7:60s").budget("arctic_scavengers") == (7, 60.0)
    game = GAMES["arctic_scavengers"]
    state = game.new_game(3, players=2)
    player = game.current_player(state)
    assert player is not None
    view, legal = game.view(state, player), game.legal_actions(state)
    # (a time, like best, asks for the game's tuned settings)
    both, counted = make_bot("ismcts:7:60s", game.key, 5), make_bot("ismcts:7:best", game.key, 5)
    assert isinstance(both, ISMCTS) and isinstance(counted, ISMCTS)
    # the time never binds here, so the search is the same as with the iterations alone
    assert both.choose(game, view, legal) == counted.choose(game, view, legal)
    assert both.last_iterations == counted.last_iterations == 7


def test_at_raxxon_a_time_alone_stops_at_the_tuned_fifty_iterations() -> None:
    assert parse_bot("ismcts:0.5s").budget("raxxon", 1) == (50, 0.5)
    assert parse_bot("oracle:0.5s").budget("raxxon", 3) == (50, 0.5)
    assert parse_bot("ismcts:80:0.5s").budget("raxxon", 1) == (80, 0.5)  # the name's own number
    assert parse_bot("ismcts:0.5s:random").budget("raxxon", 1) == (None, 0.5)  # the plain search
    assert parse_bot("ismcts:120:best").budget("raxxon", 1) == (120, None)
    assert parse_bot("flat:0.5s").budget("raxxon", 1) == (None, 0.5)  # flat's budget counts playouts
    assert parse_bot("ismcts:0.5s").budget("terror_below", 2) == (None, 0.5)  # no ceiling there
    assert parse_bot("oracle:0.5s").spelled("raxxon", 1) == "oracle:50:0.5s:heuristic:d12"
    game = GAMES["raxxon"]
    state = game.new_game(4, players=1)
    while len(game.legal_actions(state)) < 2:
        state = game.apply(state, game.legal_actions(state)[0])
    view, legal = game.view(state, 0), game.legal_actions(state)
    timed, counted = make_bot("ismcts:30s", game.key, 9, players=1), make_bot("ismcts:50:best", game.key, 9, players=1)
    assert isinstance(timed, ISMCTS) and isinstance(counted, ISMCTS)
    assert timed.choose(game, view, legal) == counted.choose(game, view, legal)
    assert timed.last_iterations == counted.last_iterations == 50
