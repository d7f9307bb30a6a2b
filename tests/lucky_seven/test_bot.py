"""The heuristic bot plays legal moves from the view alone, in every variant."""

from __future__ import annotations

from tests.lucky_seven.grids import cell, member, table
from wasteland.agents import make_bot
from wasteland.lucky_seven import GAME


def test_heuristic_bot_plays_whole_games() -> None:
    for options in ({"players": 1}, {"players": 2, "variant": "competitive"},
                    {"players": 2, "variant": "cooperative", "depot": True}):
        bots = [make_bot("heuristic", "lucky_seven", p) for p in range(options["players"])]  # type: ignore[arg-type]
        state = GAME.new_game(3, **options)
        while (player := GAME.current_player(state)) is not None:
            legal = GAME.legal_actions(state)
            action = bots[player].choose(GAME, GAME.view(state, player), legal)
            assert action in legal
            state = GAME.apply(state, action)
        assert GAME.outcome(state) is not None


def test_heuristic_bot_beats_random_on_survival() -> None:
    """Over a few seeds the bot keeps more of its squad than random play does."""
    def survivors(bot_name: str, seed: int) -> int:
        bot = make_bot(bot_name, "lucky_seven", seed)
        state = GAME.new_game(seed)
        while GAME.current_player(state) is not None:
            state = GAME.apply(state, bot.choose(GAME, GAME.view(state, 0), GAME.legal_actions(state)))
        return sum(1 for m in state.squad if m >= 0)

    seeds = range(4)
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
