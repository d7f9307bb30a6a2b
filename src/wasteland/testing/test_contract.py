"""Every game under test against the contract (v2) of docs/architecture.md, generically.

A game to come passes this file before anything else: the bundle, options,
errors for any input, views that know they are views, determinize, returns,
notation, events, random play that keeps all of it after every step, and an end
within ``max_decisions`` whatever the players do. The games are those of
:func:`wasteland.testing.keys` (every registered game, or those named in
``WASTELAND_GAMES``); the tables, each player count and the game's ``option_sets``.
"""

from __future__ import annotations

import importlib
import re
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pyrsistent import PMap, PSet, PVector

from wasteland import GAMES, ConfigError, IllegalAction, Outcome
from wasteland.core import codec
from wasteland.core.game import Game, RulesError
from wasteland.core.rng import Rng
from wasteland.registry import GAME_KEYS, bots_of, package_of
from wasteland.testing import cases, keys, tables
from wasteland.testing.support import check_decider, check_v2_step, random_playout

KEYS = keys()
CASES = cases()
IDS = [f"{key}-{n}p" for key, n in CASES]
CONTRACT = ("new_game", "current_player", "legal_actions", "apply", "outcome", "returns", "view", "determinize",
            "notation", "parse", "num_players", "events", "render", "svg", "describe", "action_count", "action_id",
            "action_from_id", "observation_size", "observe", "max_decisions")


@pytest.mark.parametrize("key", KEYS)
def test_game_bundle_names_itself(key: str) -> None:
    game = GAMES[key]
    assert game.key == key
    assert game.title
    assert game.player_counts and all(n >= 1 for n in game.player_counts)
    assert type(game.rules_version) is int and game.rules_version >= 1
    assert attrs.has(game.options_type)
    assert attrs.has(game.state_type)
    assert game.action_types and all(attrs.has(t) for t in game.action_types)


@pytest.mark.parametrize("key", KEYS)
def test_the_bundle_holds_the_package_s_own_functions(key: str) -> None:
    module = importlib.import_module(package_of(key))
    game = GAMES[key]
    for name in CONTRACT:
        assert getattr(game, name) is getattr(module, name), f"GAME.{name} is not wasteland.{key}.{name}"
    assert module.State is game.state_type and module.Options is game.options_type


@pytest.mark.parametrize("key", KEYS)
def test_codec_tags_are_stable_names(key: str) -> None:
    tags = [t for t, cls in codec.registered().items() if cls.__module__.startswith(f"{package_of(key)}.")]
    assert tags, "a game registers its records"
    for tag in tags:
        assert re.fullmatch(rf"{key}\.[A-Z][A-Za-z0-9]*", tag), f"{tag!r} is not '<key>.<Name>'"


@pytest.mark.parametrize(("key", "players"), CASES, ids=IDS)
def test_new_game_offers_a_stable_list_of_actions(key: str, players: int) -> None:
    game = GAMES[key]
    state = game.new_game(3, players=players)
    assert game.num_players(state) == players
    check_decider(game, state)
    legal = game.legal_actions(state)
    assert isinstance(legal, tuple)
    assert legal == game.legal_actions(state)
    assert len(set(legal)) == len(legal), "legal actions must be distinct"
    for action in legal:
        assert type(action) in game.action_types
        assert game.describe(state, action)
        assert codec.loads(codec.dumps(action)) == action
    assert isinstance(game.render(state, None), str)


@pytest.mark.parametrize(("key", "players"), CASES, ids=IDS)
def test_same_seed_same_game(key: str, players: int) -> None:
    game = GAMES[key]
    assert codec.digest(game.new_game(11, players=players)) == codec.digest(game.new_game(11, players=players))


@pytest.mark.parametrize("key", KEYS)
def test_player_count_out_of_range_is_a_config_error(key: str) -> None:
    game = GAMES[key]
    bad = max(game.player_counts) + 1
    with pytest.raises(ConfigError, match=str(game.player_counts[0])):
        game.new_game(0, players=bad)
    for junk in (0, -1, 10**5000, "2", 2.0, True, None, [2]):
        with pytest.raises(ConfigError):
            game.new_game(0, players=junk)


@pytest.mark.parametrize("key", KEYS)
def test_unknown_option_is_a_config_error(key: str) -> None:
    with pytest.raises(ConfigError, match="no_such_option"):
        GAMES[key].new_game(0, no_such_option=1)


@pytest.mark.parametrize("key", KEYS)
def test_a_seed_that_is_not_an_int_is_a_config_error(key: str) -> None:
    for junk in (None, "7", 7.0, True, (7,)):
        with pytest.raises(ConfigError):
            GAMES[key].new_game(junk)


class _Foreign:
    pass


class _BadRepr:
    def __repr__(self) -> str:
        raise RuntimeError("no repr for you")


GARBAGE: list[Any] = [None, 0, -1, 10**5000, "move", "x" * 100_000, b"\x00", 3.5, float("nan"), (), [], {},
                      _Foreign(), _BadRepr(), Outcome(winners=(), reason="x", code="x")]


@pytest.mark.parametrize(("key", "players"), CASES, ids=IDS)
def test_garbage_is_an_illegal_action_with_a_short_reason(key: str, players: int) -> None:
    game = GAMES[key]
    state = game.new_game(5, players=players)
    for junk in GARBAGE:
        with pytest.raises(IllegalAction) as caught:
            game.apply(state, junk)
        assert len(str(caught.value)) < 300, "a refusal never echoes the whole of what it was given"
        assert isinstance(game.describe(state, junk), str)
        with pytest.raises(IllegalAction, match="has no action id in " + game.title) as caught:
            game.action_id(state, junk)
        assert len(str(caught.value)) < 300


@pytest.mark.parametrize(("key", "players"), CASES, ids=IDS)
def test_anything_but_a_state_is_refused(key: str, players: int) -> None:
    game = GAMES[key]
    state = game.new_game(5, players=players)
    action = game.legal_actions(state)[0]
    for junk in (None, 0, "state", _Foreign(), *(GAMES[o].new_game(5) for o in GAME_KEYS if o != key)):
        with pytest.raises(IllegalAction):
            game.apply(junk, action)


@pytest.mark.parametrize("key", KEYS)
def test_an_action_of_another_game_is_illegal(key: str) -> None:
    game = GAMES[key]
    state = game.new_game(5, players=game.player_counts[0])
    for other in GAME_KEYS:
        if other == key:
            continue
        foreign = GAMES[other]
        for action in foreign.legal_actions(foreign.new_game(5, players=foreign.player_counts[0]))[:10]:
            with pytest.raises(IllegalAction):
                game.apply(state, action)


def _field_values() -> st.SearchStrategy[Any]:
    return st.one_of(
        st.none(), st.booleans(), st.integers(), st.integers(-(10**30), 10**30), st.just(10**5000),
        st.floats(), st.text(max_size=20), st.binary(max_size=8), st.tuples(st.integers(0, 200)),
        st.frozensets(st.integers(0, 5), max_size=3), st.builds(_Foreign),
    )


@pytest.mark.parametrize(("key", "players"), CASES, ids=IDS)
@given(data=st.data())
@settings(max_examples=60)
def test_any_object_in_any_field_of_any_action_is_refused_or_legal(key: str, players: int, data: st.DataObject) -> None:
    game = GAMES[key]
    state = game.new_game(data.draw(st.integers(0, 50)), players=players)
    for _ in range(data.draw(st.integers(0, 30))):  # somewhere in the game
        if game.outcome(state) is not None:
            break
        legal = game.legal_actions(state)
        state = game.apply(state, legal[data.draw(st.integers(0, len(legal) - 1))])
    cls = data.draw(st.sampled_from(game.action_types))
    values = [data.draw(_field_values()) for _ in attrs.fields(cls)]
    try:
        action: Any = object.__new__(cls)
        for f, value in zip(attrs.fields(cls), values):
            object.__setattr__(action, f.name, value)
    except Exception:  # noqa: BLE001 - slots classes with cached hashes may refuse; build by init then
        return
    try:
        after = game.apply(state, action)
    except IllegalAction as why:
        assert len(str(why)) < 300
    else:
        assert game.legal_actions(state), "an action was accepted in a finished game"
        assert after is not state
    assert isinstance(game.describe(state, action), str)
    try:
        i = game.action_id(state, action)
    except IllegalAction as why:
        assert len(str(why)) < 300
    else:
        assert type(i) is int and 0 <= i < game.action_count(state), "an action has an id of the space or none"


@pytest.mark.parametrize(("key", "players"), CASES, ids=IDS)
def test_views_know_they_are_views(key: str, players: int) -> None:
    game = GAMES[key]
    state = game.new_game(9, players=players)
    action = game.legal_actions(state)[0]
    for p in range(players):
        seen = game.view(state, p)
        assert seen.viewer == p and state.viewer is None
        for call, args in ((game.apply, (seen, action)), (game.legal_actions, (seen,)), (game.outcome, (seen,)),
                           (game.returns, (seen,)), (game.view, (seen, p))):
            with pytest.raises(IllegalAction, match="view"):
                call(*args)
        assert game.current_player(seen) == game.current_player(state)
    bad: Any
    for bad in (-1, players, 99, None, "0", 1.0, 10**5000):
        with pytest.raises(IllegalAction):
            game.view(state, bad)


@pytest.mark.parametrize(("key", "players"), CASES, ids=IDS)
def test_determinize_is_consistent_with_the_view(key: str, players: int) -> None:
    game = GAMES[key]
    state = game.new_game(4, players=players)
    for p in range(players):
        seen = game.view(state, p)
        full = game.determinize(seen, p, 17)
        assert full.viewer is None
        assert game.view(full, p) == seen
        assert game.determinize(seen, p, 17) == full, "determinize is a function of its arguments"
        check_decider(game, full)
        with pytest.raises(IllegalAction):
            game.determinize(state, p, 1)  # the table is not a view
        with pytest.raises(IllegalAction):
            game.determinize(seen, (p + 1) % players if players > 1 else 5, 1)


@pytest.mark.parametrize(("key", "players"), CASES, ids=IDS)
def test_returns_once_over_and_never_before(key: str, players: int) -> None:
    game = GAMES[key]
    state = game.new_game(2, players=players)
    with pytest.raises(IllegalAction):
        game.returns(state)
    pick = Rng.from_seed(3)
    while game.outcome(state) is None:
        action, pick = pick.choice(game.legal_actions(state))
        state = game.apply(state, action)
    outcome = game.outcome(state)
    assert outcome is not None
    values = game.returns(state)
    assert len(values) == players and all(isinstance(v, float) for v in values)
    best = {p for p, v in enumerate(values) if v == max(values) and v > 0}
    assert best >= set(outcome.winners) or not outcome.winners
    assert re.fullmatch(r"[a-z][a-z0-9_]*", outcome.code)


@pytest.mark.parametrize(("key", "players"), CASES, ids=IDS)
def test_notation_names_each_legal_action_once(key: str, players: int) -> None:
    game = GAMES[key]
    state = game.new_game(6, players=players)
    legal = game.legal_actions(state)
    texts = [game.notation(state, a) for a in legal]
    assert len({t.casefold() for t in texts}) == len(texts), "notation must tell the legal actions apart"
    for action, text in zip(legal, texts):
        assert text == " ".join(text.split()) and 0 < len(text) <= 40
        assert game.parse(state, text) == action
        assert game.parse(state, f"  {text.upper()} ") == action
    junk: Any
    for junk in ("", "no such move", "x" * 10_000, None, 5):
        with pytest.raises(IllegalAction):
            game.parse(state, junk)


@pytest.mark.parametrize(("key", "players"), CASES, ids=IDS)
@given(seed=st.integers(0, 2**32), choice_seed=st.integers(0, 2**32))
@settings(max_examples=8)
def test_random_play_keeps_the_contract(key: str, players: int, seed: int, choice_seed: int) -> None:
    game = GAMES[key]
    final = random_playout(
        game, seed, {"players": players}, choice_seed, max_steps=20_000, full_checks_every=7,
        invariants=(lambda s: check_v2_step(game, s, choice_seed),),
    )
    outcome = game.outcome(final)
    assert outcome is not None and outcome.reason
    with pytest.raises(IllegalAction):
        game.apply(final, None)
    assert len(game.returns(final)) == players


@pytest.mark.parametrize(("key", "players"), CASES, ids=IDS)
def test_moves_play_the_listed_actions_as_apply_does_and_check_anything_else(key: str, players: int) -> None:
    game = GAMES[key]
    state = game.new_game(4, players=players)
    listed: Any = game.moves(state)  # a Listed, and its class and length
    assert listed.actions == game.legal_actions(state) and len(listed) == len(listed.actions)
    for action in listed.actions[:6]:
        assert listed.play(action) == game.apply(state, action)
        twin = codec.loads(codec.dumps(action))  # equal, not the listed object: checked, same result
        assert twin is not action and listed.play(twin) == game.apply(state, action)
    for i, action in enumerate(listed.actions[:6]):
        assert listed.play_at(i) == game.apply(state, action)
    index: Any
    for index in (-1, len(listed.actions), True, 1.0, "0", None):
        with pytest.raises(IllegalAction, match="index"):
            listed.play_at(index)
    for junk in (None, "pass", 3, object()):
        with pytest.raises(IllegalAction) as refused:
            listed.play(junk)
        with pytest.raises(IllegalAction) as by_apply:
            game.apply(state, junk)
        assert str(refused.value) == str(by_apply.value)
    with pytest.raises(IllegalAction, match="view"):
        game.moves(game.view(state, game.current_player(state) or 0))
    with pytest.raises(IllegalAction):
        game.moves("a state")
    with pytest.raises(TypeError, match="moves"):
        type(listed)(None, state, (), None)


def _rngs(value: Any) -> list[Rng]:
    """Every Rng inside a record, in a stable order."""
    if isinstance(value, Rng):
        return [value]
    found: list[Rng] = []
    if attrs.has(type(value)):
        for f in attrs.fields(type(value)):
            found += _rngs(getattr(value, f.name))
    elif isinstance(value, (tuple, list, PVector, PSet, frozenset)):
        for item in value:
            found += _rngs(item)
    elif isinstance(value, PMap):
        for k, v in value.items():
            found += _rngs(k) + _rngs(v)
    return found


@pytest.mark.parametrize(("key", "players"), CASES, ids=IDS)
def test_views_hide_the_generator(key: str, players: int) -> None:
    game = GAMES[key]
    a = game.new_game(1, players=players)
    b = game.new_game(2, players=players)
    assert _rngs(a) != _rngs(b)
    for p in range(players):
        view_a, view_b = game.view(a, p), game.view(b, p)
        assert codec.loads(codec.dumps(view_a)) == view_a
        assert _rngs(view_a) == _rngs(view_b), "the generator in a view must not depend on the seed"
        assert not set(_rngs(view_a)) & set(_rngs(a)), "a view must not carry the real generator"


@pytest.mark.parametrize(("key", "players"), CASES, ids=IDS)
def test_events_are_text_and_shown(key: str, players: int) -> None:
    game = GAMES[key]
    state = game.new_game(12, players=players)
    pick = Rng.from_seed(12)
    seen_any = False
    for _ in range(400):
        if game.outcome(state) is not None:
            break
        action, pick = pick.choice(game.legal_actions(state))
        state = game.apply(state, action)
        lines = game.events(state)
        assert isinstance(lines, tuple) and all(isinstance(line, str) and line for line in lines)
        if lines:
            seen_any = True
            assert lines[-1] in game.render(state, None)
    assert seen_any, "automatic effects happen in every game and are told as events"


def test_games_of_the_registry_satisfy_the_typed_bundle() -> None:
    for key in KEYS:
        assert isinstance(GAMES[key], Game)
        assert issubclass(IllegalAction, RulesError)


@pytest.mark.parametrize(("key", "players"), CASES, ids=IDS)
def test_play_goes_on_to_the_end_from_a_determinized_table(key: str, players: int) -> None:
    game = GAMES[key]
    state = game.new_game(21, players=players)
    pick = Rng.from_seed(21)
    for _ in range(40):
        if game.outcome(state) is not None:
            break
        action, pick = pick.choice(game.legal_actions(state))
        state = game.apply(state, action)
    for p in range(players):
        guess = game.determinize(game.view(state, p), p, 100 + p)
        for _ in range(20_000):
            if game.outcome(guess) is not None:
                break
            action, pick = pick.choice(game.legal_actions(guess))
            guess = game.apply(guess, action)
        assert game.outcome(guess) is not None, "a determinized table plays to an end"


@pytest.mark.parametrize(("key", "players"), CASES, ids=IDS)
def test_action_ids_and_observations(key: str, players: int) -> None:
    """The fixed action space and the observation vector, on random play (docs/architecture.md)."""
    game = GAMES[key]
    state = game.new_game(8, players=players)
    size, length = game.action_count(state), game.observation_size(state)
    pick = Rng.from_seed(8)
    for _ in range(150):
        if game.outcome(state) is not None:
            break
        assert game.action_count(state) == size and game.observation_size(state) == length
        legal = game.legal_actions(state)
        ids = [game.action_id(state, a) for a in legal]
        assert len(set(ids)) == len(ids) and all(0 <= i < size for i in ids)
        assert all(game.action_from_id(state, i) == a for i, a in zip(ids, legal))
        illegal = next((i for i in range(size) if i not in set(ids)), None)
        if illegal is not None:
            with pytest.raises(IllegalAction):
                game.action_from_id(state, illegal)
        junk: Any
        for junk in (-1, size, True, 1.0, None, 10**5000):
            with pytest.raises(IllegalAction):
                game.action_from_id(state, junk)
        for p in range(players):
            seen = game.view(state, p)
            vector = game.observe(seen)
            assert len(vector) == length and all(isinstance(x, float) and x == x and abs(x) != float("inf")
                                                  for x in vector)
            assert game.observe(game.view(game.determinize(seen, p, 3), p)) == vector
        with pytest.raises(IllegalAction):
            game.observe(state)
        action, pick = pick.choice(legal)
        state = game.apply(state, action)


# -- every game ends, and no legal action is a no-op ---------------------------------------------

#: Every player count, and the variants and difficulties whose games run differently (the
#: game's ``option_sets``).
TABLES = [(key, options) for key in KEYS for options in tables(key)]
TABLE_IDS = [f"{key}-" + "-".join(f"{k}={v}" for k, v in options.items()) for key, options in TABLES]


def _same(before: Any, after: Any) -> bool:
    """Whether ``after`` is ``before`` again, a count of decisions taken aside (a game that keeps
    one, to end at its declared limit, changes it with every decision)."""
    if hasattr(after, "decisions"):
        after = attrs.evolve(after, decisions=before.decisions)
    return bool(after == before)


@pytest.mark.parametrize(("key", "options"), TABLES, ids=TABLE_IDS)
def test_no_legal_action_leaves_the_state_unchanged(key: str, options: dict[str, Any]) -> None:
    """At every position of random games (and of games that repeat their last move while they
    can), every legal action changes the table: a legal action that changes nothing lets a
    player (or a search) repeat it for ever."""
    game = GAMES[key]
    positions = 0
    for seed in range(4):
        for policy in POLICIES:
            state = game.new_game(seed, **options)
            choose = _policy(policy, game, seed)
            last: str | None = None
            for _ in range(300):
                if game.outcome(state) is not None:
                    break
                legal = game.legal_actions(state)
                for action in legal:
                    after = game.apply(state, action)
                    assert not _same(state, after), f"{game.notation(state, action)} changes nothing"
                positions += 1
                action = choose(state, legal, last)
                last = game.notation(state, action)
                state = game.apply(state, action)
    assert positions > 50


def _policy(name: str, game: Game[Any, Any], seed: int) -> Any:
    """A choice of move ``(state, legal, last) -> action`` by a fixed rule, however foolish:
    ``habit`` plays the move it has played most often (the first in notation order on a tie)."""
    pick = [Rng.from_seed(seed)]
    played: dict[str, int] = {}

    def by_notation(state: Any, legal: tuple[Any, ...]) -> list[Any]:
        return sorted(legal, key=lambda a: game.notation(state, a))

    def choose(state: Any, legal: tuple[Any, ...], last: str | None) -> Any:
        if name == "first":
            return by_notation(state, legal)[0]
        if name == "last":
            return by_notation(state, legal)[-1]
        if name.startswith("repeat") and last is not None:
            for action in legal:
                if game.notation(state, action) == last:
                    return action
        if name == "repeat-else-first":
            return by_notation(state, legal)[0]
        if name == "habit":
            if last is not None:
                played[last] = played.get(last, 0) + 1
            return max(by_notation(state, legal), key=lambda a: played.get(game.notation(state, a), 0))
        action, pick[0] = pick[0].choice(legal)
        return action

    return choose


POLICIES = ("random", "first", "last", "repeat-else-random", "repeat-else-first", "habit")


@pytest.mark.parametrize("policy", POLICIES)
@pytest.mark.parametrize(("key", "options"), TABLES, ids=TABLE_IDS)
def test_every_game_ends_within_its_bound_under_any_policy(key: str, options: dict[str, Any], policy: str) -> None:
    """Whatever a player does, the game ends within ``max_decisions``: taking always the first or
    the last move in notation order, or repeating the last move while it is legal. It ends by its
    rules, or by its declared truncation (``Outcome.truncated``: code ``decision_limit``, nobody
    wins; the RL adapters report a truncation) where the rules set no end to a game whose players
    refuse to end it (Raxxon's players may stall, Aftermath's may outstay a mission's time)."""
    game = GAMES[key]
    for seed in range(2):
        state = game.new_game(seed, **options)
        bound = game.max_decisions(state)
        assert type(bound) is int and bound > 0
        choose = _policy(policy, game, seed)
        last: str | None = None
        decisions = 0
        while game.outcome(state) is None:
            assert decisions < bound, f"no end after {bound} decisions ({policy})"
            action = choose(state, game.legal_actions(state), last)
            last = game.notation(state, action)
            state = game.apply(state, action)
            decisions += 1
        result = game.outcome(state)
        assert result is not None
        if result.truncated:
            assert not result.winners, f"a truncated game has no winner ({policy})"
            assert game.returns(state) == (0.0,) * game.num_players(state), "a truncation rewards nobody"


#: The fast bots at every table; the search bots, with a tiny budget, at each game's smallest (a
#: game's own lookahead bot too, where it has one).
HEURISTIC = {key for key in KEYS if hasattr(bots_of(key), "HeuristicBot")}
LOOKAHEAD = [key for key in KEYS if hasattr(bots_of(key), "LookaheadBot")]
BOT_CASES = [(key, n, bot) for key, n in CASES for bot in ("random", "heuristic")
             if bot == "random" or key in HEURISTIC] + [
    (key, GAMES[key].player_counts[0], bot) for key in KEYS for bot in ("ismcts:3", "flat:3")] + [
    (key, GAMES[key].player_counts[0], "lookahead:1") for key in LOOKAHEAD]


@pytest.mark.parametrize(("key", "players", "bot_name"), BOT_CASES, ids=[f"{k}-{n}p-{b}" for k, n, b in BOT_CASES])
def test_every_game_ends_within_its_bound_under_the_bots(key: str, players: int, bot_name: str) -> None:
    """Players who play to win end the game by its rules, long before ``max_decisions``: a
    declared truncation is for players who refuse to end it, not a bound that play meets."""
    from wasteland.agents import make_bot, reads_view

    game = GAMES[key]
    state = game.new_game(1, players=players)
    bound = game.max_decisions(state)
    bots = [make_bot(bot_name, key, seed=seat) for seat in range(players)]
    decisions = 0
    while (seat := game.current_player(state)) is not None:
        assert decisions < bound, f"no end after {bound} decisions ({bot_name})"
        legal = game.legal_actions(state)
        view = game.view(state, seat) if reads_view(bots[seat]) else None
        state = game.apply(state, bots[seat].choose(game, view, legal))
        decisions += 1
    result = game.outcome(state)
    assert result is not None and result.code != "decision_limit"


@pytest.mark.parametrize("key", KEYS)
def test_max_decisions_is_part_of_the_bundle_and_refuses_a_stranger(key: str) -> None:
    game = GAMES[key]
    module = importlib.import_module(package_of(key))
    assert game.max_decisions is module.max_decisions
    with pytest.raises(IllegalAction):
        game.max_decisions("not a state")


@pytest.mark.parametrize("key", KEYS)
def test_a_replay_longer_than_its_game_can_last_is_refused_in_one_line(key: str) -> None:
    from wasteland import replay

    game = GAMES[key]
    players = game.player_counts[0]
    bound = game.max_decisions(game.new_game(0, players=players))
    assert bound <= replay.MAX_MOVES
    long = replay.Replay(key, 0, {"players": players}, ("x",) * (bound + 1), None, None, "", game.rules_version)
    with pytest.raises(replay.ReplayError) as refused:
        replay.final_state(long)
    assert str(refused.value) == (f"{bound + 1} moves: longer than a game of {key} with these options can last "
                                  f"({bound} decisions)")
