"""Which seat plays which role in the 2-player games, said wherever win rates are shown."""

from __future__ import annotations

import builtins

import pytest

from wasteland import GAMES
from wasteland.cli import main
from wasteland.lucky_seven import new_game
from wasteland.lucky_seven.render import seat_role
from wasteland.simulate import seat_roles, simulate


def test_seat_roles_of_each_variant() -> None:
    assert seat_role(new_game(1), 0) == "the squad"
    competitive = new_game(1, players=2)
    assert (seat_role(competitive, 0), seat_role(competitive, 1)) == ("the squad", "the threats")
    cooperative = new_game(1, players=2, variant="cooperative")
    assert (seat_role(cooperative, 0), seat_role(cooperative, 1)) == ("grid 1", "grid 2")


def test_the_simulation_summary_names_each_seat_s_role() -> None:
    summary = simulate("lucky_seven", 2, ["random"], seed=1, options={"players": 2}, workers=1)
    assert summary.roles == ("the squad", "the threats")
    assert "seat 0 (the squad): " in summary.format() and "seat 1 (the threats): " in summary.format()


def test_seats_that_play_the_same_role_are_not_named() -> None:
    game = GAMES["arctic_scavengers"]
    assert seat_roles(game, game.new_game(1, players=3)) == ()
    assert seat_roles(GAMES["lucky_seven"], new_game(1)) == ()  # one seat: nothing to tell apart
    summary = simulate("arctic_scavengers", 1, ["random"], seed=1, options={"players": 2}, workers=1)
    assert summary.roles == () and "seat 0: " in summary.format()


def test_the_demo_names_the_lucky_seven_s_roles(monkeypatch: pytest.MonkeyPatch,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(builtins, "input", lambda prompt="": "q")
    assert main(["demo", "-n", "1", "--bot", "random", "--quiet"]) == 0  # the README's test runs the heuristic demo
    out = capsys.readouterr().out
    assert "The Lucky Seven, 2 players (seat 0 the squad, seat 1 the threats): 1 game, bots random" in out
    assert "seat 0 (the squad): " in out and "seat 1 (the threats): " in out
