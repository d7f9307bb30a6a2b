"""The heuristic bot plays from its view only and finishes the starter mission far more often
than random play."""

from __future__ import annotations

from tests.aftermath.balance import play
from tests.aftermath.tables import book, entry, page, table
from wasteland.agents import make_bot
from wasteland.agents.aftermath import HeuristicBot, goal_of
from wasteland.aftermath import GAME, new_game, view
from wasteland.aftermath.book import Dial, Trigger


def test_the_heuristic_bot_finishes_the_starter_mission_often_and_random_play_does_not() -> None:
    heuristic = sum(bool(GAME.outcome(play(seed, 2)[0]).winners) for seed in range(12))  # type: ignore[union-attr]
    random = sum(bool(GAME.outcome(play(seed, 2, "random")[0]).winners) for seed in range(12))  # type: ignore[union-attr]
    assert heuristic >= 8 and random <= 2


def test_the_bot_is_registered_and_chooses_a_legal_action_from_a_view() -> None:
    bot = make_bot("heuristic", "aftermath", 3)
    assert isinstance(bot, HeuristicBot)
    state = new_game(3, players=3)
    for _ in range(80):
        seat = GAME.current_player(state)
        if seat is None:
            break
        legal = GAME.legal_actions(state)
        choice = bot.choose(GAME, view(state, seat), legal)
        assert choice in legal
        state = GAME.apply(state, choice)


def test_the_goal_is_the_nearest_unread_entry_a_token_s_first() -> None:
    the_book = book(page(1, entry("1-1", Trigger.SPACE, Dial("food", 1), space="B"),
                         entry("1-2", Trigger.TOKEN, Dial("food", 1), space="F", token="objective")))
    s = table(the_book, spaces=("A", "A"))
    assert goal_of(s) == "B"
    from wasteland.aftermath.state import Token
    from wasteland.core.records import replace
    assert goal_of(replace(s, tokens=(Token("F", "objective"),))) == "F"
    assert goal_of(replace(s, read=("begin", "1-1"))) is None


def test_evaluate_weighs_the_best_off_character_s_life_progress_and_danger() -> None:
    from wasteland.agents.aftermath import evaluate
    fresh = table(spaces=("A", "A"))
    (value,) = evaluate(fresh)
    assert 0.0 < value < 1.0
    one_hurt = table(spaces=("A", "A"), wounds=(3, 0))
    both_hurt = table(spaces=("A", "A"), wounds=(3, 3))
    fled = table(spaces=("", "A"), fled=(True, False))
    assert evaluate(both_hurt)[0] < evaluate(one_hurt)[0] < value
    assert evaluate(fled)[0] < value
    assert evaluate(table(spaces=("A", "A"), read=("1-1", "1-2")))[0] > value
    assert evaluate(table(spaces=("A", "A"), hostile=True))[0] < value
