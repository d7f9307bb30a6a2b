"""The contract: options, the Game bundle, views and determinize, outcome codes and returns,
notation, events, and the text (render, describe)."""

from __future__ import annotations

import pytest

from tests.lucky_seven.grids import cell, member, table
from wasteland import get_game
from wasteland.core.game import ConfigError, IllegalAction
from wasteland.lucky_seven import (
    ACTION_TYPES, GAME, Attack, ChooseRow, Deselect, Discard, EndPhase, GetDown, GetUp, Move, Options, Select,
    State, Stop, apply, determinize, events, legal_actions, new_game, notation, outcome, parse, returns, view,
)
from wasteland.lucky_seven.render import describe, render
from wasteland.lucky_seven.rules import ENGINE
from wasteland.lucky_seven.state import Phase


def test_registered() -> None:
    assert get_game("lucky_seven") is GAME
    assert GAME.player_counts == (1, 2) and GAME.rules_version == 3
    assert GAME.state_type is State and GAME.options_type is Options and GAME.action_types == ACTION_TYPES
    assert GAME.notation is notation and GAME.parse is parse and GAME.events is events


@pytest.mark.parametrize("options, fragment", [
    ({"players": 3}, "1, 2"),
    ({"players": True}, "1, 2"),
    ({"players": 10**5000}, "an int of"),
    ({"players": "2"}, "1, 2"),
    ({"players": 1, "variant": "cooperative"}, "'solo'"),
    ({"players": 2, "variant": "solo"}, "'competitive', 'cooperative'"),
    ({"players": 2, "variant": None}, "competitive"),
    ({"depot": 1}, "False, True"),
    ({"colour": "red"}, "players, variant, depot"),
])
def test_bad_options_raise_config_error_naming_allowed_values(options: dict[str, object], fragment: str) -> None:
    if options.get("variant", "x") is None:
        assert new_game(1, **options).options.variant == "competitive"  # None: the default
        return
    with pytest.raises(ConfigError, match=fragment):
        new_game(1, **options)


def test_bad_seed_raises_config_error() -> None:
    for seed in ("7", 7.0, None, True):
        with pytest.raises(ConfigError):
            new_game(seed)  # type: ignore[arg-type]
    assert new_game(10**5000).turn == 1, "any int seeds a game (reduced modulo 2**64)"


def test_every_player_count_starts() -> None:
    for players in GAME.player_counts:
        state = GAME.new_game(1, players=players)
        assert GAME.num_players(state) == players and legal_actions(state)


def test_player_two_default_is_competitive() -> None:
    assert new_game(1, players=2).options.variant == "competitive"


# -- views and determinize ----------------------------------------------------------------------

def test_view_hides_deck_order_and_rng_only() -> None:
    state = new_game(4)
    seen = view(state, 0)
    assert seen.decks[0] == tuple(sorted(state.decks[0])) and seen.rng != state.rng and seen.viewer == 0
    assert seen.squad == state.squad and seen.threats == state.threats and seen.events == state.events


def test_views_refuse_to_be_played() -> None:
    state = new_game(4, players=2)
    seen = view(state, 1)
    for call in (lambda: apply(seen, legal_actions(state)[0]), lambda: legal_actions(seen), lambda: outcome(seen),
                 lambda: returns(seen)):
        with pytest.raises(IllegalAction, match="player 1's view, not the table"):
            call()
    with pytest.raises(IllegalAction, match="already"):
        view(seen, 1)
    for bad in (2, -1, True, "0", None, 10**5000):
        with pytest.raises(IllegalAction, match="seat"):
            view(state, bad)  # type: ignore[arg-type]
    assert GAME.current_player(seen) == GAME.current_player(state) == 1


def test_determinize_draws_a_table_that_looks_the_same() -> None:
    state = new_game(4, players=2, variant="cooperative")
    seen = view(state, 1)
    tables = [determinize(seen, 1, seed) for seed in range(5)]
    assert all(view(t, 1) == seen and t.viewer is None for t in tables)
    assert len({t.decks for t in tables}) == 5, "the decks are shuffled"
    assert determinize(seen, 1, 3) == determinize(seen, 1, 3), "the same seed gives the same table"
    for wrong in ((state, 1), (seen, 0), (view(state, 0), 1)):
        with pytest.raises(IllegalAction, match="determinize needs player"):
            determinize(*wrong, 0)  # type: ignore[misc]
    with pytest.raises(IllegalAction):
        determinize(None, 0, 0)  # type: ignore[arg-type]


# -- outcome codes and returns --------------------------------------------------------------------

QUIET = """
. .   .   .   .   .   .
. LDR .   .   .   .   .
. .   .   .   .   .   .
. .   .   .   .   .   PAC
"""
LEFT = QUIET.replace(". .   .   .   .   .   PAC", ". .   .   .   .   MG  PAC")


def test_outcome_codes_and_returns() -> None:
    won = apply(table(QUIET, deck=[], final=True), EndPhase())
    assert outcome(won).code == "landing_zone_clear" and returns(won) == (1.0,)  # type: ignore[union-attr]
    lost = apply(table(LEFT, deck=[], final=True), EndPhase())
    assert outcome(lost).code == "threats_left" and returns(lost) == (0.0,)  # type: ignore[union-attr]
    gone = apply(table("""
    . .   .   .   .   .   .
    . .   .   .   .   .   .
    . .   .   ANV INF2 .  .
    . .   .   .   .   .   .
    """, phase=Phase.ATTACK), EndPhase())
    assert outcome(gone).code == "squad_eliminated" and returns(gone) == (0.0,)  # type: ignore[union-attr]
    squad = apply(table(QUIET, deck=[], final=True, variant="competitive"), EndPhase())
    threats = apply(table(LEFT, deck=[], final=True, variant="competitive"), EndPhase())
    assert returns(squad) == (1.0, 0.0) and returns(threats) == (0.0, 1.0), "competitive: the winner 1, the other 0"
    team = apply(table(QUIET, QUIET, deck=[], deck2=[], final=True, active=1), EndPhase())
    assert returns(team) == (1.0, 1.0), "cooperative: the team's result for both"
    with pytest.raises(IllegalAction, match="not over"):
        returns(new_game(1))


# -- notation ---------------------------------------------------------------------------------------

def test_notation_reads_as_the_rules_page_says() -> None:
    state = new_game(1)
    assert [notation(state, a) for a in (Select(member("HAM")), Move(cell(2, 3)), GetUp(), GetDown(), Stop(),
                                         Deselect(), EndPhase(), Attack(member("HAM"), cell(2, 3)),
                                         Discard(member("LDR")), ChooseRow(1))] == [
        "HAM", "r2c3", "up", "down", "stop", "back", "end", "HAM>r2c3", "drop LDR", "row 2"]
    assert notation(state, Move(cell(1, 4, side=1))) == "g2r1c4"
    assert notation(state, Select(member("JOK", side=1))) == "JOK"
    for junk in (Select(99), Move(-1), ChooseRow(7), Attack(1, None), None):
        with pytest.raises(IllegalAction):
            notation(state, junk)  # type: ignore[arg-type]


def test_parse_ignores_case_and_spacing_and_refuses_the_rest() -> None:
    state = new_game(1)
    first = legal_actions(state)[0]
    assert parse(state, notation(state, first).lower()) is first
    assert parse(state, " END ") is legal_actions(state)[-1]
    for text in ("", "r9c9", "fly away", "HAM>r2c3"):
        with pytest.raises(IllegalAction, match="names no legal action"):
            parse(state, text)
    for junk in (None, 3, b"end"):
        with pytest.raises(IllegalAction):
            parse(state, junk)  # type: ignore[arg-type]
    with pytest.raises(IllegalAction):
        parse(None, "end")  # type: ignore[arg-type]


# -- events ---------------------------------------------------------------------------------------

def test_events_tell_what_happened_since_the_last_decision() -> None:
    state = ENGINE.settle(table("""
    . .   ATH .   .   .   .
    . LDR NAT MOU .   .   .
    . .   .   .   .   .   .
    . .   .   .   .   .   PAC
    """, deck=["INF1/6", "MORTAR/2", "INF1/6", "INF1/5"], phase=Phase.ENCOUNTER))
    told = events(state)
    assert told[0] == "INF1 dealt to row 1, column 6"
    assert told[1].startswith("a MORTAR falls on row 2, column 2: the Natural is knocked down")
    assert "the Athlete" in told[1] and "the Leader" in told[1] and "the Mouse" in told[1]
    after = apply(state, Select(member("PAC")))
    assert after.events == () and events(after) == (), "a decision starts the events afresh"


def test_events_of_the_attack_and_the_counter_attack() -> None:
    state = table("""
    . .   .   .   .   .   .
    . HAM INF1 .  .   .   .
    . .   .   MG  ANV .   .
    . .   .   .   .   .   .
    """, phase=Phase.ATTACK, deck=["MORTAR/6", "MORTAR/5", "MORTAR/4", "MORTAR/3"])
    state = apply(apply(state, Attack(member("HAM"), cell(2, 2))), EndPhase())
    told = events(state)
    assert "attack on INF1 at row 2, column 2: 1 against 1, defeated" in told
    assert "counter-attack: fell: the Anvil" in told
    assert "turn 2 begins" in told
    assert any("last threat is dealt: the helicopter is called" in line for line in told)


def test_events_of_the_end() -> None:
    state = apply(table(QUIET, deck=[], final=True), EndPhase())
    assert events(state)[-1] == "the final turn is over: the helicopter leaves"
    gone = apply(table("""
    . .   .   .   .   .   .
    . .   .   .   .   .   .
    . .   .   ANV INF2 .  .
    . .   .   .   .   .   .
    """, phase=Phase.ATTACK), EndPhase())
    assert events(gone)[-2:] == ("counter-attack: fell: the Anvil", "the squad is eliminated")


# -- render and describe ----------------------------------------------------------------------------

def test_render_and_describe() -> None:
    text = render(new_game(2, players=2, variant="cooperative"), 0)
    assert "grid 2" in text and "row 4" in text and "seen by player 0, grid 1" in text
    assert "LDR^" in render(table("""
    . .   .   .   .   .   .
    . LDR .   .   .   .   .
    . .   .   .   .   .   .
    . .   .   .   .   .   .
    """), None)
    state = new_game(1)
    for action in (Select(0), Move(9), GetUp(), GetDown(), Stop(), Deselect(), EndPhase(), Attack(1, 9),
                   Discard(2), ChooseRow(1), Select(9), Move(40)):
        assert describe(state, action)
    assert describe(state, Select(0)) == "select the Leader"
    for junk in (None, Select("x"), Move(10**5000), Attack(None, []), 3):
        assert isinstance(describe(state, junk), str)


def test_render_shows_the_drawn_threat_with_its_printed_column() -> None:
    """Fix: the competitive opponent decides on the drawn threat: the drawing shows it, with the
    column printed on it and the rows still free."""
    state = ENGINE.settle(table(QUIET, deck=["INF2/3", "INF1/4", "INF1/5", "INF1/6"], phase=Phase.ENCOUNTER,
                         variant="competitive"))
    text = render(state, 1)
    assert "drawn: INF2, printed column 3; player 1 chooses its row (free: 1, 2, 3, 4)" in text
    assert "seen by player 1, the threats" in text
    assert describe(state, ChooseRow(2)) == "put INF2 in row 3"


def test_render_shows_every_threat_strength_after_the_joker() -> None:
    grid = "\n".join(line for line in render(table("""
    . .   .   .   .   .   .
    . .   JOK MG  INF1 .  .
    . .   .   INF2 .  .   .
    . .   .   .   .   .   .
    """)).splitlines() if line.startswith("row "))
    assert "MG3(2)" in grid, "the Joker's neighbour: printed 3, 2 now"
    assert "INF2" in grid and "INF2(" not in grid and "INF1(" not in grid, "diagonal and far threats keep theirs"


def test_render_game_over_header_says_how_it_ended() -> None:
    won = apply(table(QUIET, deck=[], final=True), EndPhase())
    assert render(won).splitlines()[0] == ("The Lucky Seven - game over after turn 1: won, the landing zone was "
                                           "clear when the helicopter came")
    lost = apply(table(LEFT, deck=[], final=True, variant="competitive"), EndPhase())
    assert "game over after turn 1: the threats won, threats were left" in render(view(lost, 0), 0)


def test_describe_says_swap_only_when_someone_stands_there() -> None:
    state = apply(table("""
    . .   .   .   .   .   .
    . .   HAM ANV .   .   .
    . .   .   .   .   .   .
    . .   .   .   .   .   PAC
    """), Select(member("HAM")))
    assert describe(state, Move(cell(2, 3))) == "move to row 2, column 3, swapping with the Anvil"
    assert describe(state, Move(cell(3, 2))) == "move to row 3, column 2"
    assert describe(view(state, 0), Move(cell(2, 3))).endswith("swapping with the Anvil")
