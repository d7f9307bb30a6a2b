"""The heuristic bot plays from its view only and beats random play."""

from __future__ import annotations

from tests.terror_below.balance import play
from tests.terror_below.tables import at, rubble, table
from wasteland.agents import make_bot
from wasteland.agents.terror_below import HeuristicBot, danger, distances
from wasteland.terror_below import GAME, new_game, view
from wasteland.core.records import replace
from wasteland.terror_below.cards import WORMS


def test_the_heuristic_bot_beats_random_play() -> None:
    won = 0
    for seed in range(12):
        final, _ = play(seed, {"players": 2}, ("heuristic", "random") if seed % 2 == 0 else ("random", "heuristic"))
        result = GAME.outcome(final)
        assert result is not None
        won += (seed % 2) in result.winners
    assert won >= 10


def test_the_bot_is_registered_and_chooses_a_legal_action_from_a_view() -> None:
    bot = make_bot("heuristic", "terror_below", 3)
    assert isinstance(bot, HeuristicBot)
    state = new_game(3, players=3)
    for _ in range(60):
        seat = GAME.current_player(state)
        assert seat is not None
        legal = GAME.legal_actions(state)
        choice = bot.choose(GAME, view(state, seat), legal)
        assert choice in legal
        state = GAME.apply(state, choice)


def test_distances_count_the_rubble_to_clear_and_danger_marks_an_imminent_attack() -> None:
    s = table(rubble=rubble(b2=2))
    far = distances(s, [at(1, 2)])
    assert far[at(1, 2)] == 0 and far[at(2, 2)] == 1 and far[at(3, 2)] == 4  # through b2: 2 rubble to clear
    assert far[at(3, 1)] == 3  # around by b1 and a1 is cheaper than through the rubble
    worm = s.worms[0]
    limit = WORMS[worm].limit
    quiet = replace(s, targets=(at(3, 3), at(6, 6), at(6, 6)), under=((), (), ()), owners=((), (), ()))
    assert at(3, 3) not in danger(quiet)
    soon = replace(quiet, under=((27,) * (limit - 1), (), ()), owners=((-1,) * (limit - 1), (), ()))
    assert at(3, 3) in danger(soon)
