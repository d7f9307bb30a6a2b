"""Bad input: every refusal is an IllegalAction with a reason."""

from __future__ import annotations

import pytest

from wasteland.arctic_scavengers import (
    GAME, Begin, Commit, EndDeclarations, EndGathering, Equip, Hire, Keep, Resolve, Sabotage, Snipe,
)
from wasteland.arctic_scavengers.cards import MERCENARY_PILES
from wasteland.arctic_scavengers.state import Phase, Task
from tests.support import assert_illegal

from .tables import ids, one, play, table

PILE = {k: i for i, k in enumerate(MERCENARY_PILES)}


def test_hiring_twice_refused() -> None:
    medkits = ids("medkit", 2)
    state = table(hands={0: medkits})
    state = play(state, Begin(0, Task.HIRE), Commit(0, medkits[0]), Hire(0, PILE["hunter"]))
    assert_illegal(GAME, state, Hire(0, PILE["hunter"]), "hire was already taken")


def test_tool_on_a_sniper_team_refused() -> None:
    sniper, shovel, s1 = one("sniper_team"), one("shovel"), one("scavenger")
    state = play(table(hands={0: (sniper, shovel, s1)}), Begin(0, Task.DIG), Commit(0, s1))
    assert_illegal(GAME, state, Commit(0, sniper), "cannot dig")
    assert_illegal(GAME, state, Equip(0, shovel, sniper), "not committed")


def test_digging_with_no_dig_value_refused() -> None:
    state = table(hands={0: (one("hunter"), one("spear"))})
    assert_illegal(GAME, state, Begin(0, Task.DIG), "no dig value")
    refugees = table(hands={0: ids("refugee", 2)})
    assert_illegal(GAME, refugees, Begin(0, Task.DIG), "no dig value")


def test_acting_out_of_turn_refused() -> None:
    state = table(players=3)
    assert_illegal(GAME, state, EndGathering(1), "player 0's turn")
    assert_illegal(GAME, state, Begin(2, Task.TRASH), "turn")


def test_cards_not_in_hand_refused() -> None:
    state = play(table(hands={0: (one("scavenger"),)}), Begin(0, Task.HUNT))
    assert_illegal(GAME, state, Commit(0, one("brawler")), "not in your hand")
    assert_illegal(GAME, state, Commit(0, 999), "not in your hand")


@pytest.mark.parametrize("garbage", [
    None, 3, "begin dig", object(), Begin(0, "DIG"), Begin("0", Task.DIG), Commit(0, "7"), Commit(0, 1.0),  # type: ignore[arg-type]
    Commit(True, 0), Hire(0, 99), Hire(0, -1), Keep(0, 5), Equip(0, None, None), Resolve(0),  # type: ignore[arg-type]
    Sabotage(0, 1, 2), Snipe(0, 1, 2), EndDeclarations(0),
])
def test_garbage_refused_with_a_reason(garbage: object) -> None:
    state = table(players=2)
    exc = assert_illegal(GAME, state, garbage)
    assert str(exc)


def test_acting_after_the_end_refused() -> None:
    state = table(players=2, phase=Phase.OVER)
    assert_illegal(GAME, state, EndGathering(0), "over")
    assert GAME.legal_actions(state) == ()


def test_keep_only_a_dug_card() -> None:
    brawler = one("brawler")
    state = play(table(hands={0: (brawler,)}, junkyard=(one("junk"),)), Begin(0, Task.DIG), Commit(0, brawler), Resolve(0))
    assert_illegal(GAME, state, Keep(0, one("pills")), "not dug")
    assert_illegal(GAME, state, EndGathering(0), "not possible now")


def test_resolve_at_zero_refused() -> None:
    state = play(table(hands={0: (one("refugee"), one("shovel"))}), Begin(0, Task.DIG), Commit(0, one("refugee")))
    assert_illegal(GAME, state, Resolve(0), "total is 0")
