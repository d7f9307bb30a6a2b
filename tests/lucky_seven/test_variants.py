"""The variants (seed: "Multijugador"), and the Depot (second printing; research reading)."""

from __future__ import annotations

from tests.lucky_seven.grids import at, cell, member, play, table
from tests.support import assert_illegal
from wasteland.lucky_seven import (
    GAME, Attack, ChooseRow, EndPhase, Move, Select, apply, legal_actions, new_game, outcome,
)
from wasteland.lucky_seven.attack import resolve_attack, threat_strength
from wasteland.lucky_seven.board import GEOMETRY, column_of, row_of
from wasteland.lucky_seven.cards import MAP_CARDS
from wasteland.lucky_seven.counter_attack import counter_attack, end_of_turn
from wasteland.lucky_seven.render import render
from wasteland.lucky_seven.rules import ENGINE
from wasteland.lucky_seven.state import Phase, Work

QUIET = """
. .   .   .   .   .   .
. LDR .   .   .   .   .
. .   .   .   .   .   .
. .   .   .   .   .   PAC
"""


# -- competitive ------------------------------------------------------------------------------

def test_competitive_second_player_chooses_each_threats_row() -> None:
    """An opponent chooses the row of each threat as it is drawn."""
    state = ENGINE.settle(table(QUIET, deck=["INF1/3", "INF1/4", "INF1/5", "INF2/6"], phase=Phase.ENCOUNTER,
                         variant="competitive"))
    assert GAME.current_player(state) == 1
    assert legal_actions(state) == tuple(ChooseRow(r) for r in range(4))
    state = apply(state, ChooseRow(3))
    assert at(state, 4, 3) == "INF1"
    assert GAME.current_player(state) == 1


def test_competitive_one_threat_per_row_per_turn() -> None:
    state = ENGINE.settle(table(QUIET, deck=["INF1/3", "INF1/4", "INF1/5", "INF2/6"], phase=Phase.ENCOUNTER,
                         variant="competitive"))
    state = apply(state, ChooseRow(3))
    assert ChooseRow(3) not in legal_actions(state)
    assert_illegal(GAME, state, ChooseRow(3), "already got a threat")
    state = apply(apply(state, ChooseRow(0)), ChooseRow(2))
    assert at(state, 2, 6) == "INF2", "the last threat takes the last free row by itself"
    assert GAME.current_player(state) == 0 and state.phase is Phase.MANEUVER


def test_competitive_outcome_names_the_winning_seat() -> None:
    state = apply(table(QUIET, deck=[], final=True, variant="competitive"), EndPhase())
    assert outcome(state).winners == frozenset({0})  # type: ignore[union-attr]
    state = apply(table(QUIET.replace(". .   .   .   .   .   .\n. LDR", ". .   .   .   .   .   MG\n. LDR", 1),
                        deck=[], final=True, variant="competitive"), EndPhase())
    assert outcome(state).winners == frozenset({1})  # type: ignore[union-attr]


# -- cooperative ------------------------------------------------------------------------------

FACING_A = """
. .   .   INF1 .  .   .
. .   .   .   .   .   .
. .   .   .   .   .   .
. .   .   .   .   .   PAC
"""
FACING_B = """
. .   .   .   HAM .   .
. .   .   .   .   .   .
. .   .   .   .   .   .
. .   .   .   .   .   PAC
"""


def test_cooperative_top_rows_face_each_other() -> None:
    """Top-row cards of the two grids interact: column c faces column 7 - c."""
    state = table(FACING_A, FACING_B)
    after = play(state, counter_attack)
    assert member("HAM", 1) in after.fallen, "the Infantry reaches across the edge"


def test_cooperative_attack_across_the_edge() -> None:
    state = table(FACING_A, FACING_B, phase=Phase.ATTACK, active=1)
    assert Attack(member("HAM", 1), cell(1, 3)) in legal_actions(state)
    after = play(table(FACING_A, FACING_B, phase=Phase.ATTACK, active=1,
                       attacks=((member("HAM", 1), cell(1, 3)),)), resolve_attack)
    assert at(after, 1, 3) == "."


def test_cooperative_nothing_crosses() -> None:
    state = apply(table(QUIET, FACING_B, active=1), Select(member("HAM", 1)))
    targets = {a.cell for a in legal_actions(state) if isinstance(a, Move)}
    assert targets and all(t >= 28 for t in targets)


def test_cooperative_players_take_turns() -> None:
    state = table(QUIET, QUIET, deck=["MORTAR/6", "MORTAR/5", "MORTAR/4", "MORTAR/3"],
                  deck2=["MORTAR/6", "MORTAR/5", "MORTAR/4", "MORTAR/3"], phase=Phase.ATTACK)
    assert GAME.current_player(state) == 0
    state = apply(state, EndPhase())
    assert state.active == 1 and GAME.current_player(state) == 1 and len(state.decks[1]) == 0
    state = apply(state, EndPhase())
    assert state.active == 0 and state.turn == 2 and len(state.decks[0]) == 0


def test_cooperative_both_must_clear() -> None:
    state = table(QUIET, QUIET.replace(". .   .   .   .   .   PAC", ". MG  .   .   .   .   PAC"),
                  deck=[], deck2=[], final=True, active=1)
    state = apply(state, EndPhase())
    result = outcome(state)
    assert result is not None and result.winners == frozenset()
    state = apply(table(QUIET, QUIET, deck=[], deck2=[], final=True, active=1), EndPhase())
    assert outcome(state).winners == frozenset({0, 1})  # type: ignore[union-attr]


def test_cooperative_partner_helps_get_up_across_the_edge() -> None:
    a = """
    . .   .   .   ham .   .
    . .   .   .   .   .   .
    . .   .   .   .   .   .
    . .   .   .   .   .   PAC
    """
    b = """
    . .   .   LDR .   .   .
    . .   .   .   .   .   .
    . .   .   .   .   .   .
    . .   .   .   .   .   .
    """
    state = table(a, b)
    assert Select(member("HAM")) in legal_actions(state)


def test_cooperative_two_up_jokers_next_to_one_threat_each_take_one_off() -> None:
    """Fix: each up Joker beside a threat takes 1 off it, so the two Jokers of the cooperative
    game, one on each side of the edge, take 2 off a threat they both touch."""
    a = """
    . .   HAM MG  .   .   .
    . .   .   JOK .   .   .
    . .   .   .   .   .   .
    . .   .   .   .   .   PAC
    """
    b = """
    . .   .   .   JOK .   .
    . .   .   .   .   .   .
    . .   .   .   .   .   .
    . .   .   .   .   .   PAC
    """
    state = table(a, b, phase=Phase.ATTACK)
    assert threat_strength(state, cell(1, 3)) == 1
    after = apply(state, Attack(member("HAM"), cell(1, 3)))
    assert at(after, 1, 3) == ".", "the Hammer alone beats a Machine Gun brought down to 1"
    one = table(a, b.replace("JOK", "jok"), phase=Phase.ATTACK)
    assert threat_strength(one, cell(1, 3)) == 2, "a down Joker takes nothing off"


def test_cooperative_drawing_aligns_the_facing_top_rows() -> None:
    """Fix: the drawing puts grid 2's column 7 - c right above grid 1's column c, the cells that
    touch (it was one column out)."""
    a = """
    . .   .   INF1 .  .   .
    . .   .   .   .   .   .
    . .   .   .   .   .   .
    . .   .   .   .   .   PAC
    """
    b = """
    . .   .   .   HAM .   .
    . .   .   .   .   .   .
    . .   .   .   .   .   .
    . .   .   .   .   .   LDR
    """
    state = table(a, b)
    assert cell(1, 4, side=1) in GEOMETRY[2].adjacent[cell(1, 3)]
    lines = render(state).splitlines()
    first = [i for i, line in enumerate(lines) if line.startswith("row 1 ")]
    top2, top1 = lines[first[0]], lines[first[1]]
    assert "HAM" in top2 and "INF1" in top1
    assert (top2.index("HAM") - 6) // 9 == (top1.index("INF1") - 6) // 9 == 3
    bottom2 = lines[first[0] - 3]
    assert bottom2.startswith("row 4 ") and (bottom2.index("LDR") - 6) // 9 == 1, "grid 2's column 6 over column 1"


# -- the Depot --------------------------------------------------------------------------------

def test_depot_off_by_default() -> None:
    state = new_game(1)
    assert 28 not in state.threats and 28 not in state.discard


def test_depot_placed_in_row_of_seven_eight_and_blank_column_never_on_edge() -> None:
    for seed in range(40):
        state = new_game(seed, depot=True)
        where = state.threats.index(28) if 28 in state.threats else None
        assert where is not None
        assert row_of(where) in (1, 2) and column_of(where) in (2, 3, 4, 5)
        assert 7 in MAP_CARDS[state.row_cards[row_of(where)]].numbers
        assert MAP_CARDS[state.column_cards[column_of(where) - 1]].numbers == ()


DEPOT = """
. .   .   JOK .   .   .
. .   HAM DEPOT ANV .  .
. .   PAC INF1 .  .   .
. .   .   .   .   .   .
"""


def test_depot_flips_when_defeated_and_prevents_discards() -> None:
    state = table(DEPOT, depot=True, phase=Phase.ATTACK,
                  attacks=((member("HAM"), cell(2, 3)), (member("ANV"), cell(2, 3))))
    work = Work(state)
    resolve_attack(work)
    assert work.depots == [28] and work.threats[cell(2, 3)] == -1
    counter_attack(work)
    assert member("PAC") not in work.fallen, "the flipped Depot prevents the Infantry's discard"
    end_of_turn(work)
    assert 28 in work.discard and not work.depots


def test_depot_needs_strength_four() -> None:
    state = table(DEPOT, depot=True, phase=Phase.ATTACK, attacks=((member("ANV"), cell(2, 3)),))
    assert at(play(state, resolve_attack), 2, 3) == "DEPOT"
