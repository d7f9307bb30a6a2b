"""The end (seed: "Mientras resuelves las últimas cuatro amenazas del mazo... GANARÁS... PERDERÁS...")."""

from __future__ import annotations

from tests.lucky_seven.grids import at, table
from wasteland.lucky_seven import EndPhase, apply, outcome
from wasteland.lucky_seven.board import helicopter_called
from wasteland.lucky_seven.rules import ENGINE
from wasteland.lucky_seven.state import Phase

QUIET = """
. .   .   .   .   .   .
. LDR .   .   .   .   .
. .   .   .   .   .   .
. .   .   .   .   .   PAC
"""


def test_helicopter_called_with_last_four_threats() -> None:
    """While the last four threats are dealt the helicopter comes: finish this turn, then play
    one more turn without dealing."""
    state = ENGINE.settle(table(QUIET, deck=["MORTAR/4", "MORTAR/5", "MORTAR/6", "MORTAR/3"],
                         phase=Phase.ENCOUNTER))
    assert helicopter_called(state) and not state.final
    state = apply(state, EndPhase())
    assert state.turn == 2 and state.final and state.phase is Phase.MANEUVER
    assert outcome(state) is None
    state = apply(state, EndPhase())
    assert state.phase is Phase.OVER


def test_win_with_empty_grid_at_the_end() -> None:
    """You win if no threats are left on the map at the end of that last turn."""
    state = table(QUIET, deck=[], final=True)
    state = apply(state, EndPhase())
    result = outcome(state)
    assert result is not None and result.winners == frozenset({0})
    assert "clear" in result.reason


def test_loss_with_threats_left_at_the_end() -> None:
    state = table("""
    . .   .   .   .   .   .
    . LDR .   .   .   .   .
    . .   .   .   .   .   .
    . .   .   .   .   MG  .
    """, deck=[], final=True)
    state = apply(state, EndPhase())
    result = outcome(state)
    assert result is not None and result.winners == frozenset() and "threats were left" in result.reason


def test_last_turn_threats_destroyed_in_attack_win() -> None:
    state = table("""
    . .   .   .   .   .   .
    . LDR INF1 .  .   .   .
    . .   .   .   .   .   .
    . .   .   .   .   .   .
    """, deck=[], final=True, phase=Phase.ATTACK)
    from wasteland.lucky_seven import Attack

    state = apply(state, Attack(0, 9))
    result = outcome(state)
    assert result is not None and result.winners == frozenset({0})


def test_loss_when_squad_eliminated_before_the_end() -> None:
    """You lose if the squad is eliminated before."""
    state = table("""
    . .   .   .   .   .   .
    . .   .   .   .   .   .
    . .   .   ANV INF2 .  .
    . .   .   .   .   .   .
    """, phase=Phase.ATTACK)
    state = apply(state, EndPhase())
    result = outcome(state)
    assert result is not None and result.winners == frozenset() and "eliminated" in result.reason
    assert len(state.decks[0]) > 0, "the game ended before the helicopter"


def test_clear_grid_before_the_helicopter_goes_on() -> None:
    state = ENGINE.settle(table(QUIET, deck=["MORTAR/4", "MORTAR/5", "MORTAR/6", "MORTAR/3",
                                      "MORTAR/2", "INF1/3", "INF1/4", "INF1/5"], phase=Phase.ENCOUNTER))
    state = apply(state, EndPhase())
    assert outcome(state) is None and state.turn == 2 and at(state, 2, 3) == "INF1"
