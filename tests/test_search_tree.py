"""ISMCTS's tree settings: reuse between decisions, root parallelism over processes, a pool of
determinizations, a tree split by what the seat is shown. Each is reproducible from the seed,
keeps to its budget, sees only its view and ends the game."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from wasteland import GAMES
from wasteland.agents import ISMCTS, Oracle, make_bot, parse_bot
from wasteland.parallel import Workers
from wasteland.core.game import Game
from wasteland.simulate import play
from tests.test_search import Guarded, _positions

NEW = ["ismcts:6:d6:reuse", "ismcts:4:d6:p2", "ismcts:6:d6:k2", "ismcts:6:d6:observe"]


def _game(name: str, key: str, options: dict[str, Any], seed: int) -> tuple[list[str], list[Any]]:
    """One game of ``name`` in every seat: its moves and the bots."""
    game = GAMES[key]
    state = game.new_game(seed, **options)
    bots = [make_bot(name, key, 100 + seat) for seat in range(game.num_players(state))]
    moves: list[str] = []
    final, _ = play(game, state, bots, moves=moves)
    assert game.current_player(final) is None
    return moves, bots


@pytest.mark.parametrize("name", NEW)
def test_a_tree_setting_is_reproducible_from_the_seed_and_ends_the_game(name: str) -> None:
    first, _ = _game(name, "raxxon", {}, 4)
    again, _ = _game(name, "raxxon", {}, 4)
    assert first == again and first


@pytest.mark.parametrize("name", NEW)
@pytest.mark.parametrize("key,options", [("lucky_seven", {}), ("arctic_scavengers", {"players": 2})])
def test_a_tree_setting_plays_only_on_tables_drawn_from_its_view(name: str, key: str, options: dict[str, Any]) -> None:
    game = GAMES[key]
    guarded = Guarded(game)
    wrapped = guarded.wrapped()  # not the registry's game: root searches run in this process, guarded
    bot = make_bot(name, key, 5)
    for state in _positions(key, options, 3, every=1)[:6]:  # consecutive decisions: reuse gets to follow
        player = game.current_player(state)
        assert player is not None
        assert bot.choose(wrapped, game.view(state, player), game.legal_actions(state)) in game.legal_actions(state)
    assert guarded.drawn


def test_reuse_keeps_the_subtree_of_the_seat_s_own_compound_decisions() -> None:
    game = GAMES["terror_below"]
    state = game.new_game(3, players=2)
    bots = [make_bot("ismcts:12:d4:reuse", "terror_below", 100 + seat) for seat in range(2)]
    reused = []
    for _ in range(60):  # the first decisions of a game
        player = game.current_player(state)
        assert player is not None
        legal = game.legal_actions(state)
        bot = bots[player]
        assert isinstance(bot, ISMCTS)
        action = bot.choose(game, game.view(state, player), legal)
        if len(legal) > 1:
            assert bot.last_iterations == 12  # the budget is the new iterations, whatever was kept
            assert bot.last_root is not None
            assert sum(c.visits for c in bot.last_root.children.values()) == 12 + bot.last_reused
            reused.append(bot.last_reused)
        state = game.apply(state, action)
    assert any(r > 0 for r in reused), "the kept tree was never found again"
    assert any(r == 0 for r in reused)


def test_reuse_keeps_nothing_from_another_game_or_a_view_that_does_not_follow() -> None:
    game = GAMES["terror_below"]
    bot = make_bot("ismcts:12:d4:reuse", "terror_below", 1)
    assert isinstance(bot, ISMCTS)
    state = game.new_game(3, players=2)
    player = game.current_player(state)
    assert player is not None
    bot.choose(game, game.view(state, player), game.legal_actions(state))
    assert bot._kept is not None
    other = game.new_game(4, players=2)  # a new game: its first view does not follow
    player = game.current_player(other)
    assert player is not None
    bot.choose(game, game.view(other, player), game.legal_actions(other))
    assert bot.last_reused == 0
    # and the choice is the one a bot with the same stream and no tree would make
    fresh = make_bot("ismcts:12:d4:reuse", "terror_below", 1)
    assert isinstance(fresh, ISMCTS)
    fresh.rng = bot.rng
    again = game.new_game(5, players=2)
    player = game.current_player(again)
    assert player is not None
    bot._kept = None
    assert fresh.choose(game, game.view(again, player), game.legal_actions(again)) == \
        bot.choose(game, game.view(again, player), game.legal_actions(again))


def test_the_oracle_follows_its_tree_on_the_referee_s_table() -> None:
    game = GAMES["raxxon"]
    state = game.new_game(2)
    bot = Oracle(3, 10, reuse=True)
    reused = []
    for _ in range(12):
        player = game.current_player(state)
        if player is None:
            break
        legal = game.legal_actions(state)
        action = bot.choose(game, state, legal)
        reused.append(bot.last_reused)
        state = game.apply(state, action)
    assert any(r > 0 for r in reused)


def test_root_parallelism_sums_the_searches_and_does_not_depend_on_the_processes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = GAMES["arctic_scavengers"]
    positions = _positions("arctic_scavengers", {"players": 2}, 2, every=9)[:2]

    def choices() -> list[tuple[Any, list[tuple[Any, int, float]]]]:
        bot = make_bot("ismcts:5:p2", "arctic_scavengers", 9)
        assert isinstance(bot, ISMCTS)
        out = []
        for state in positions:
            player = game.current_player(state)
            assert player is not None
            action = bot.choose(game, game.view(state, player), game.legal_actions(state))
            assert bot.last_iterations == 10 and bot.last_root is not None
            assert sum(c.visits for c in bot.last_root.children.values()) == 10
            out.append((action, sorted(((repr(a), n.visits, n.total) for a, n in bot.last_root.children.items()))))
        return out

    on_processes = choices()

    def in_order(self: Any, function: Any, jobs: Any) -> Any:
        return [function(job) for job in jobs]

    monkeypatch.setattr(Workers, "map", in_order)
    assert choices() == on_processes


def test_a_pool_of_determinizations_draws_that_many_tables() -> None:
    game = GAMES["lucky_seven"]
    state = _positions("lucky_seven", {}, 2, every=1)[0]
    drawn = []

    def determinize(view: Any, player: int, seed: int) -> Any:
        drawn.append(seed)
        return game.determinize(view, player, seed)

    counted: Game[Any, Any] = attrs.evolve(game, determinize=determinize)
    bot = ISMCTS(1, 20, determinizations=3)
    bot.choose(counted, game.view(state, 0), game.legal_actions(state))
    assert len(drawn) == 3 and bot.last_iterations == 20
    drawn.clear()
    ISMCTS(1, 20).choose(counted, game.view(state, 0), game.legal_actions(state))
    assert len(drawn) == 20


def test_tree_settings_in_names_and_their_refusals() -> None:
    bot = make_bot("ismcts:40:reuse", "raxxon", 1)
    assert isinstance(bot, ISMCTS) and bot.reuse and bot.processes == 1
    bot = make_bot("oracle:40:p3:k5", "raxxon", 1)
    assert isinstance(bot, Oracle) and bot.processes == 3 and bot.determinizations == 5 and not bot.reuse
    assert parse_bot("ismcts:40:p2").spelled("raxxon") == "ismcts:40:random:p2"
    assert parse_bot("ismcts:0.5s:p2").tuned
    bot = make_bot("ismcts:40:observe", "raxxon", 1)
    assert isinstance(bot, ISMCTS) and bot.observe and not bot.reuse
    assert parse_bot("ismcts:40:observe:k3").spelled("raxxon") == "ismcts:40:random:observe:k3"
    for bad, words in [("flat:10:reuse", "settings of ismcts"), ("ismcts:10:reuse:p2", "one or the other"),
                       ("ismcts:10:reuse:observe", "one or the other"), ("flat:10:observe", "settings of ismcts"),
                       ("ismcts:10:p1", "cannot read"), ("ismcts:10:p65", "cannot read"),
                       ("ismcts:10:k0", "cannot read"), ("heuristic:reuse", "takes no settings")]:
        with pytest.raises(ValueError, match=words):
            parse_bot(bad, "raxxon")
    refused: list[tuple[dict[str, Any], str]] = [
        ({"processes": 0}, "processes"), ({"reuse": 1}, "reuse"), ({"reuse": True, "processes": 2}, "one or the other"),
        ({"determinizations": 0}, "determinizations"), ({"observe": 1}, "observe"),
        ({"observe": True, "reuse": True}, "one or the other")]
    for kwargs, words in refused:
        with pytest.raises(ValueError, match=words):
            ISMCTS(0, 10, **kwargs)


@attrs.frozen
class Coin:
    """The peek-or-guess game of one seat: a coin lies face down (``face`` -1 in the seat's view
    until it peeks); the seat may peek once, then guesses; it wins when the guess is the face."""

    face: int
    peeked: bool = False
    guess: int | None = None
    viewer: int | None = None


class CoinMoves:
    def __init__(self, state: Coin) -> None:
        self.state = state
        self.actions: tuple[str, ...] = () if state.guess is not None else (
            ("heads", "tails") if state.peeked else ("peek", "heads", "tails"))

    def play(self, action: object) -> Coin:
        if action == "peek":
            return attrs.evolve(self.state, peeked=True)
        return attrs.evolve(self.state, guess=0 if action == "heads" else 1)

    def play_at(self, i: int) -> Coin:
        return self.play(self.actions[i])


def _coin_game() -> Game[Any, Any]:
    def view(state: Coin, player: int) -> Coin:
        return attrs.evolve(state, face=state.face if state.peeked else -1, viewer=player)

    def determinize(state: Coin, player: int, seed: int) -> Coin:
        return attrs.evolve(state, face=state.face if state.face >= 0 else seed % 2, viewer=None)

    def returns(state: Coin) -> tuple[float, ...]:
        return (1.0 if state.guess == state.face else 0.0,)

    return attrs.evolve(GAMES["raxxon"], key="coin", current_player=lambda s: None if s.guess is not None else 0,
                        moves=CoinMoves, view=view, determinize=determinize, returns=returns,
                        num_players=lambda s: 1, legal_actions=lambda s: CoinMoves(s).actions)


def test_observe_splits_the_tree_by_what_the_seat_is_shown_so_a_look_is_worth_its_news() -> None:
    game = _coin_game()
    view = Coin(face=-1, viewer=0)
    legal = ("peek", "heads", "tails")
    chosen: dict[bool, str] = {}
    mean: dict[bool, float] = {}
    for observe in (False, True):
        bot = ISMCTS(3, 400, evaluate=None, observe=observe)
        chosen[observe] = bot.choose(game, view, legal)
        root = bot.last_root
        assert root is not None and bot.last_iterations == 400
        peek = root.children["peek"]
        mean[observe] = peek.total / peek.visits
        if observe:  # after the peek, one node for each face the seat was shown, each sure of its guess
            assert peek.outcomes is not None and peek.children == {}
            assert sorted(node.face for node in peek.outcomes) == [0, 1]
            for shown, node in peek.outcomes.items():
                right = "heads" if shown.face == 0 else "tails"
                assert max(node.children, key=lambda a: node.children[a].visits) == right
        else:  # one node after the peek, whatever the coin showed: the guess after it is a coin toss
            assert peek.outcomes is None
    assert chosen[True] == "peek" and mean[True] > 0.85
    assert mean[False] < 0.65  # without the split the peek looks no better than a guess


def test_a_game_that_tunes_both_reuse_and_observe_gets_the_reused_tree(monkeypatch: pytest.MonkeyPatch) -> None:
    from wasteland.agents import raxxon
    monkeypatch.setattr(raxxon, "SEARCH", {**raxxon.SEARCH, "reuse": True, "observe": True})
    bot = make_bot("ismcts:0.5s", "raxxon", 1)
    assert isinstance(bot, ISMCTS) and bot.reuse and not bot.observe
    bot = make_bot("ismcts:0.5s:p2", "raxxon", 1)  # root parallelism takes no reuse, so the tuned split
    assert isinstance(bot, ISMCTS) and bot.observe and not bot.reuse and bot.processes == 2
    bot.close()
