"""The heuristic bot plays legal moves from the view alone, in every variant."""

from __future__ import annotations

import pytest

from tests.lucky_seven.grids import cell, member, table
from wasteland.agents import bot_input, is_fair, make_bot, parse_bot, sees_table
from wasteland.agents.lucky_seven import (
    LOOK_PLANS, LOOK_WIDTH, ORACLE_HORIZON, ORACLE_PLANS, ROW_DRAWS, HeuristicBot, LookaheadBot, OracleLookahead,
    _placed, _reachers, _Threats, before_last, calls_helicopter, last_look, maneuvers,
)
from wasteland.core.records import replace
from wasteland.core.rng import Rng
from wasteland.lucky_seven import GAME
from wasteland.lucky_seven.actions import END_PHASE
from wasteland.lucky_seven.state import Phase, State


@pytest.mark.parametrize("name", ["heuristic", "lookahead:1"])
@pytest.mark.parametrize("options", [{"players": 1}, {"players": 2, "variant": "competitive"},
                                     {"players": 2, "variant": "cooperative", "depot": True}],
                         ids=["solo", "competitive", "cooperative"])
def test_the_bots_play_whole_games(options: dict[str, object], name: str) -> None:
    """Every decision legal, from the view alone, to the end; the lookahead bot looks ahead."""
    players = options["players"]
    assert isinstance(players, int)
    bots = [make_bot(name, "lucky_seven", p) for p in range(players)]
    state = GAME.new_game(3, **options)
    while (player := GAME.current_player(state)) is not None:
        legal = GAME.legal_actions(state)
        action = bots[player].choose(GAME, GAME.view(state, player), legal)
        assert action in legal
        state = GAME.apply(state, action)
    assert GAME.outcome(state) is not None
    assert name == "heuristic" or any(bot.weighed for bot in bots if isinstance(bot, LookaheadBot))


def test_heuristic_bot_beats_random_on_survival() -> None:
    """Over two seeds the bot keeps more of its squad than random play does (11 members against 1)."""
    def survivors(bot_name: str, seed: int) -> int:
        bot = make_bot(bot_name, "lucky_seven", seed)
        state = GAME.new_game(seed)
        while GAME.current_player(state) is not None:
            state = GAME.apply(state, bot.choose(GAME, GAME.view(state, 0), GAME.legal_actions(state)))
        return sum(1 for m in state.squad if m >= 0)

    seeds = range(2)
    assert sum(survivors("heuristic", s) for s in seeds) > sum(survivors("random", s) for s in seeds)


def test_heuristic_bot_attacks_after_a_maneuver_that_ends_by_itself() -> None:
    """The plan of a maneuver ends with ``EndPhase``; when the maneuver ends by itself (the last
    member able to act has acted), that leftover must not end the attack that follows."""
    state = table("""
    . .   .    .    .    .   .
    . .   HAM* INF2 .    .   .
    . .   .    .    .    .   .
    . .   .    .    ANV  .   .
    """, deck=["INF1/1", "INF1/1", "INF1/6", "INF1/6"])
    infantry = state.threats[cell(2, 3)]
    bot = make_bot("heuristic", "lucky_seven", 0)
    while state.turn == 1 and GAME.current_player(state) is not None:
        state = GAME.apply(state, bot.choose(GAME, GAME.view(state, 0), GAME.legal_actions(state)))
    assert infantry in state.discard, "the Anvil joins the Hammer and the INF2 falls"
    assert {member("HAM"), member("ANV")} <= set(state.squad)


def test_only_members_who_can_be_beside_a_threat_next_turn_press_it() -> None:
    """A threat is pressed by the attackers that one maneuver can bring beside it: one step
    for most, two for the Athlete, a diagonal cell for the Natural, none for a member down out
    of reach; the free cells beside it bound how many can strike."""
    state = table("""
    . MG  .    .    .   .  .
    . .   .    .    .   .  .
    . .   .    HAM  ATH .  .
    . .   NAT  .    ldr .  .
    """)
    need, room, near = _reachers(state, _Threats(state), cell(1, 1), _placed(state))
    assert (need, room) == (3, 2), "a Machine Gun in the corner has two cells beside it"
    assert {c for c, _, _ in near} == {cell(3, 4)}, "only the Athlete gets there in one action"
    state = table("""
    . MG  .    .    .   .  .
    . .   .    NAT  .   .  .
    . .   HAM  .    .   .  .
    . .   .    .    .   .  .
    """)
    _, _, near = _reachers(state, _Threats(state), cell(1, 1), _placed(state))
    assert {c for c, _, _ in near} == {cell(2, 3), cell(3, 2)}


def test_the_turn_before_the_last_is_judged_by_playing_the_last_turn_out() -> None:
    """Before the final turn nothing more is dealt: ``last_look`` plays the attack, the
    counter-attack and the whole final turn, and sees a win two steps away."""
    grid = """
    . .   .    .    .   .  INF2
    . .   .    .    .   .  .
    . .   .    .    {ath} .  LDR
    . .   .    .    .   .  .
    """
    state = table(grid.format(ath="ATH"), deck=[], phase=Phase.ATTACK, turn=7)
    assert before_last(state) and not before_last(replace(state, final=True))
    assert last_look(state)[0] >= 1000, "the Leader and the Athlete close in and kill the INF2"
    alone = table(grid.format(ath="."), deck=[], phase=Phase.ATTACK, turn=7)
    assert last_look(alone)[0] < 0, "the Leader alone cannot kill it"


# -- the lookahead bot -----------------------------------------------------------------------------

def _first_maneuver(seed: int) -> State:
    state = GAME.new_game(seed)
    while state.phase is not Phase.MANEUVER:
        state = GAME.apply(state, GAME.legal_actions(state)[0])
    return state


def test_the_lookahead_bot_weighs_the_heuristic_s_best_maneuvers_on_the_same_drawn_tables() -> None:
    """At the first maneuver it weighs the four highest-scored tables of the heuristic's beam,
    each on the same drawn tables (the keys its seed draws), and makes the best total's first
    step: each total is the sum of ``_worth`` over those keys."""
    state = _first_maneuver(2)
    seen = GAME.view(state, 0)
    bot = LookaheadBot(7, draws=3)
    action = bot.choose(GAME, seen, GAME.legal_actions(state))
    _, kept = maneuvers(seen, 32)
    kept.sort(key=lambda k: -k[0])
    plans = [plan for _, _, plan in kept[:LOOK_PLANS]]
    assert len(bot.weighed) == LOOK_PLANS and {tuple(plan) for plan in plans} == {tuple(p) for _, p in bot.weighed}
    rng, keys = Rng.from_seed(7), []
    for _ in range(3):
        key, rng = rng.below(2 ** 31)
        keys.append(key)
    again = LookaheadBot(0, draws=3)
    for total, plan in bot.weighed:
        assert total == sum(again._worth(seen, 0, plan, key) for key in keys)
    best = bot.weighed[0][1]
    assert action == (best[0] if best else END_PHASE)
    assert bot.weighed[0][0] >= bot.weighed[-1][0]


def test_the_lookahead_bot_is_reproducible_and_reads_only_its_view() -> None:
    """The same seed and view give the same maneuver; a table whose threat deck lies in another
    order (the same view) gives the same one too, since the bot draws its own tables."""
    state = _first_maneuver(4)
    reordered = replace(state, decks=(tuple(reversed(state.decks[0])),))
    assert GAME.view(reordered, 0) == GAME.view(state, 0)
    legal = GAME.legal_actions(state)
    chosen = [LookaheadBot(11, draws=2).choose(GAME, GAME.view(table, 0), legal) for table in (state, state, reordered)]
    assert chosen[0] == chosen[1] == chosen[2]


def test_the_lookahead_bot_is_named_and_bounded() -> None:
    assert make_bot("lookahead", "lucky_seven").name == "lookahead"
    assert make_bot("lookahead:3", "lucky_seven").draws == 3  # type: ignore[attr-defined]
    assert make_bot("lookahead", "lucky_seven").draws is None  # type: ignore[attr-defined]
    timed = make_bot("lookahead:0.5s", "lucky_seven")
    assert (timed.draws, timed.seconds, timed.name) == (None, 0.5, "lookahead:0.5s")  # type: ignore[attr-defined]
    for bad, words in [("lookahead:0", "one setting"), ("lookahead:65", "1 to 64"), ("lookahead:0s", "one setting"),
                       ("lookahead:4:4", "one setting"), ("lookahead:2:1s", "one setting"),
                       ("lookahead:d8", "one setting")]:
        with pytest.raises(ValueError, match=words):
            parse_bot(bad, "lucky_seven")
    with pytest.raises(ValueError, match="no lookahead bot for 'raxxon'"):
        make_bot("lookahead", "raxxon")
    for bad_value in (0, 65, True, 2.0):
        with pytest.raises(ValueError, match="draws must be"):
            LookaheadBot(0, draws=bad_value)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="not both"):
        LookaheadBot(0, draws=2, seconds=1.0)
    with pytest.raises(ValueError, match="seconds must be"):
        LookaheadBot(0, seconds=float("nan"))


def test_a_lookahead_bot_with_a_time_weighs_on_at_least_one_table_and_stops_when_the_time_is_spent() -> None:
    """A budget in seconds draws tables until the time is spent (checked after each): with a
    moment's budget, one table, every maneuver weighed on it."""
    state = _first_maneuver(2)
    seen = GAME.view(state, 0)
    bot = LookaheadBot(7, seconds=1e-9)
    bot.choose(GAME, seen, GAME.legal_actions(state))
    key, _ = Rng.from_seed(7).below(2 ** 31)
    judge = LookaheadBot(0)
    assert len(bot.weighed) == LOOK_PLANS
    assert all(total == judge._worth(seen, 0, plan, key) for total, plan in bot.weighed), "one table, the first key"


def _first_row_choice(seed: int) -> State:
    """A competitive table at the threat seat's first choice of a row (all four free)."""
    state = GAME.new_game(seed, players=2, variant="competitive")
    while GAME.current_player(state) != 1:
        state = GAME.apply(state, GAME.legal_actions(state)[0])
    return state


def _against_the_squad(state: State, row: object, key: int) -> float:
    """What the threat seat should find putting the drawn threat in ``row`` worth on ``state``
    itself: the heuristic (seeded ``key``) plays both seats on to the squad's maneuver of the
    next turn, where the best table its beam finds counts against the threat seat; a game over
    before then is worth 1000 or -1000 to the threat seat."""
    bot, turn = HeuristicBot(key, LOOK_WIDTH), state.turn
    state = GAME.apply(state, row)
    while (seat := GAME.current_player(state)) is not None:
        if state.phase is Phase.MANEUVER and state.selected < 0 and state.turn > turn:
            return -max(score for score, _, _ in maneuvers(GAME.view(state, 1), LOOK_WIDTH)[1])
        legal = GAME.legal_actions(state)
        state = GAME.apply(state, legal[0] if len(legal) == 1 else bot.choose(GAME, GAME.view(state, seat), legal))
    return 1000.0 if GAME.returns(state)[1] > 0 else -1000.0


def test_the_lookahead_threat_seat_weighs_every_free_row_against_the_squad_s_next_turn() -> None:
    """The competitive game's second seat weighs each free row for the drawn threat on the same
    drawn tables: made, then the heuristic plays both seats on to the squad's next maneuver, whose
    best table counts against it. On the referee's table (horizon 1) each total is that one
    play-out's; the best is chosen; the heuristic's own order comes first, so it wins a tie."""
    state = _first_row_choice(5)
    legal = GAME.legal_actions(state)
    assert len(legal) == 4
    bot = OracleLookahead(7, horizon=1)
    action = bot.choose(GAME, state, legal)
    key, _ = Rng.from_seed(7).below(2 ** 31)
    assert sorted(p[0].row for _, p in bot.weighed) == [0, 1, 2, 3]
    for total, plan in bot.weighed:
        assert total == _against_the_squad(state, plan[0], key)
    assert action == bot.weighed[0][1][0] and bot.weighed[0][0] == max(total for total, _ in bot.weighed)
    order = bot._rows_by_score(GAME.view(state, 1), legal)
    assert order[0] == HeuristicBot(0).choose(GAME, GAME.view(state, 1), legal)
    ties = [p[0] for total, p in bot.weighed if total == bot.weighed[0][0]]
    assert ties == [row for row in order if row in ties], "equal totals keep the heuristic's order"


def test_the_fair_threat_seat_weighs_each_row_on_row_draws_tables_drawn_from_its_view() -> None:
    """By default a row is weighed on ``ROW_DRAWS`` tables, the keys its seed draws, every row on
    the same ones: each total is the sum of ``_row_worth`` over those keys."""
    state = _first_row_choice(5)
    seen, legal = GAME.view(state, 1), GAME.legal_actions(state)
    bot = LookaheadBot(7)
    action = bot.choose(GAME, seen, legal)
    rng, keys = Rng.from_seed(7), []
    for _ in range(ROW_DRAWS):
        key, rng = rng.below(2 ** 31)
        keys.append(key)
    judge = LookaheadBot(0)
    assert len(bot.weighed) == len(legal)
    for total, plan in bot.weighed:
        assert total == sum(judge._row_worth(seen, 1, plan, key) for key in keys)
    assert action == bot.weighed[0][1][0]


def test_the_lookahead_threat_seat_is_reproducible_and_reads_only_its_view() -> None:
    """The same seed and view give the same row; a table whose threat deck lies in another order
    (the same view) gives the same one, since the fair bot draws its own tables."""
    state = _first_row_choice(5)
    reordered = replace(state, decks=(tuple(reversed(state.decks[0])),))
    assert GAME.view(reordered, 1) == GAME.view(state, 1)
    legal = GAME.legal_actions(state)
    chosen = [LookaheadBot(11, draws=2).choose(GAME, GAME.view(table, 1), legal) for table in (state, state, reordered)]
    assert chosen[0] == chosen[1] == chosen[2] and chosen[0] in legal


def test_the_rows_of_the_turn_that_calls_the_helicopter_are_the_heuristic_s() -> None:
    """A row decision calls the helicopter exactly when the deck runs out in its turn (the turn's
    maneuver is the one before the last); there the lookahead bot weighs nothing and puts the
    threat where the heuristic does, and before it weighs every free row."""
    state, rows = GAME.new_game(5, players=2, variant="competitive"), []
    heuristic = HeuristicBot(3)
    while (seat := GAME.current_player(state)) is not None:
        legal = GAME.legal_actions(state)
        if seat == 1 and len(legal) > 1:
            rows.append((state, calls_helicopter(GAME.view(state, 1))))
        if state.phase is Phase.MANEUVER and state.selected < 0 and rows and rows[-1][0].turn == state.turn:
            assert all(calls == before_last(state) for earlier, calls in rows if earlier.turn == state.turn)
        state = GAME.apply(state, heuristic.choose(GAME, GAME.view(state, seat), legal))
    last_weighed = [earlier for earlier, calls in rows if not calls][-1]
    first_calling = next(earlier for earlier, calls in rows if calls)
    for earlier, calls in ((last_weighed, False), (first_calling, True)):
        seen, legal = GAME.view(earlier, 1), GAME.legal_actions(earlier)
        bot = LookaheadBot(11, draws=1)
        chosen = bot.choose(GAME, seen, legal)
        assert len(bot.weighed) == (0 if calls else len(legal))
        if calls:
            assert chosen == HeuristicBot(0).choose(GAME, seen, legal)


# -- the lookahead oracle (not a fair player) -------------------------------------------------------

def _two_maneuvers_on(state: State, plan: list[object], key: int) -> float:
    """What the oracle should find ``plan`` worth: made (and the maneuver ended) on the referee's
    table itself, then the heuristic (seeded ``key``) plays on to this grid's second maneuver from
    now, whose best table its beam scores; a game over before then is worth 1000 or -1000."""
    bot, turn, ahead = HeuristicBot(key, LOOK_WIDTH), state.turn, 0
    for action in plan:
        state = GAME.apply(state, action)
    if state.phase is Phase.MANEUVER:  # unless it ended by itself, every member having acted
        state = GAME.apply(state, END_PHASE)
    while (seat := GAME.current_player(state)) is not None:
        if state.phase is Phase.MANEUVER and state.selected < 0 and state.active == 0 and state.turn > turn:
            turn, ahead = state.turn, ahead + 1
            if ahead == ORACLE_HORIZON:
                return max(score for score, _, _ in maneuvers(GAME.view(state, 0), LOOK_WIDTH)[1])
        legal = GAME.legal_actions(state)
        state = GAME.apply(state, legal[0] if len(legal) == 1 else bot.choose(GAME, GAME.view(state, seat), legal))
    return 1000.0 if GAME.returns(state)[0] > 0 else -1000.0


def test_the_lookahead_oracle_weighs_its_plans_on_the_table_that_will_be_played_two_maneuvers_ahead() -> None:
    """Handed the referee's table, it weighs the beam's eight best maneuvers on that very table
    (its threat decks in their order), each played on to the grid's second maneuver from now; a
    table that differs only in the order of its threat deck (the same view) is weighed apart."""
    state = _first_maneuver(2)
    bot = OracleLookahead(7)
    assert sees_table(bot) and bot_input(bot, GAME, state, 0) is state
    action = bot.choose(GAME, state, GAME.legal_actions(state))
    _, kept = maneuvers(state, 32)
    kept.sort(key=lambda k: -k[0])
    plans = {tuple(plan) for _, _, plan in kept[:ORACLE_PLANS]}
    assert len(bot.weighed) == ORACLE_PLANS and plans == {tuple(p) for _, p in bot.weighed}
    key, _ = Rng.from_seed(7).below(2 ** 31)
    for total, plan in bot.weighed:
        assert total == _two_maneuvers_on(state, plan, key)
    best = bot.weighed[0][1]
    assert action == (best[0] if best else END_PHASE)
    reordered = replace(state, decks=(tuple(reversed(state.decks[0])),))
    assert GAME.view(reordered, 0) == GAME.view(state, 0)
    other = OracleLookahead(7)
    other.choose(GAME, reordered, GAME.legal_actions(reordered))
    assert other.weighed != bot.weighed, "the oracle reads the deck's order, which the view hides"


@pytest.mark.parametrize("options", [{"players": 1}, {"players": 2, "variant": "competitive"},
                                     {"players": 2, "variant": "cooperative"}],
                         ids=["solo", "competitive", "cooperative"])
def test_the_lookahead_oracle_plays_whole_games_weighing_for_every_seat(options: dict[str, object]) -> None:
    """Every decision legal to the end; each squad's seat weighs its own maneuvers (the second
    grid of a cooperative table as well as the first), and the competitive game's threat seat
    its rows."""
    players = options["players"]
    assert isinstance(players, int)
    bots = [OracleLookahead(seat, plans=2) for seat in range(players)]
    state, looked = GAME.new_game(3, **options), set()
    while (player := GAME.current_player(state)) is not None:
        legal, bot = GAME.legal_actions(state), bots[player]
        action = bot.choose(GAME, bot_input(bot, GAME, state, player), legal)
        assert action in legal
        if bot.weighed:
            looked.add(player)
            bot.weighed = []
        state = GAME.apply(state, action)
    assert GAME.outcome(state) is not None
    assert looked == set(range(players))


def test_the_lookahead_oracle_is_named_marked_unfair_and_bounded() -> None:
    oracle = make_bot("oracle:lookahead", "lucky_seven")
    assert isinstance(oracle, OracleLookahead) and oracle.name == "oracle:lookahead"
    assert (oracle.plans, oracle.horizon, oracle.draws) == (ORACLE_PLANS, ORACLE_HORIZON, None)
    assert not is_fair("oracle:lookahead") and not is_fair("oracle:lookahead:0.5s")
    assert make_bot("oracle:lookahead:3", "lucky_seven").draws == 3  # type: ignore[attr-defined]
    assert parse_bot("oracle:lookahead:2s", "lucky_seven").spelled("lucky_seven") == "oracle:lookahead:2s"
    for bad in ("oracle:lookahead:reuse", "oracle:lookahead:4:4", "oracle:lookahead:heuristic", "oracle:lookahead:0"):
        with pytest.raises(ValueError, match="one setting"):
            parse_bot(bad, "lucky_seven")
    with pytest.raises(ValueError, match="1 to 64"):
        parse_bot("oracle:lookahead:65", "lucky_seven")
    with pytest.raises(ValueError, match="no lookahead oracle for 'raxxon'"):
        make_bot("oracle:lookahead", "raxxon")
    with pytest.raises(ValueError, match="horizon must be"):
        OracleLookahead(0, horizon=0)
