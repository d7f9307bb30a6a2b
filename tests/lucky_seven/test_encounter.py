"""Encounter (seed: "Comenzando por la fila superior, reparte una carta de amenaza en cada fila...")."""

from __future__ import annotations

from tests.lucky_seven.grids import at, cell, member, table
from tests.support import assert_illegal
from wasteland.lucky_seven import GAME, Discard, apply, legal_actions
from wasteland.lucky_seven.rules import ENGINE
from wasteland.lucky_seven.state import Phase

EMPTY_TOP = """
. .   .   .   .   .   .
. LDR .   .   .   .   .
. .   .   .   .   .   .
. .   .   .   .   .   .
"""


def deal(grid: str, deck: list[str]) -> object:
    return ENGINE.settle(table(grid, deck=deck, phase=Phase.ENCOUNTER))


def test_encounter_one_threat_per_row_from_the_top() -> None:
    """Starting at the top row, deal one threat card to each row."""
    state = deal(EMPTY_TOP, ["INF1/1", "INF1/2", "INF1/3", "INF1/4", "INF1/5"])
    assert [at(state, 1, 1), at(state, 2, 2), at(state, 3, 3), at(state, 4, 4)] == ["INF1"] * 4
    assert len(state.decks[0]) == 1
    assert state.phase is Phase.MANEUVER


def test_encounter_threat_in_printed_column() -> None:
    """...placing it in the column shown at the bottom of the card."""
    state = deal(EMPTY_TOP, ["MG/5", "INF2/6", "INF1/4", "INF1/6"])
    assert at(state, 1, 5) == "MG" and at(state, 2, 6) == "INF2"
    assert at(state, 3, 4) == "INF1" and at(state, 4, 6) == "INF1"


def test_infantry_avoids_occupied_cell_nearest_empty() -> None:
    """An Infantry or Machine Gun whose cell holds a card goes to the nearest empty cell in the row."""
    grid = """
    . .   .   .   .   .   .
    . .   LDR ATH INF1 .  .
    . .   .   .   .   .   .
    . .   .   .   .   .   .
    """
    state = deal(grid, ["MORTAR/1", "INF1/3", "MORTAR/2", "MORTAR/3"])
    # column 3 is taken: 2 and 4 are taken too, so distance 2: column 1 or 5 -> 5 is nearer the centre
    assert at(state, 2, 5) == "INF1"
    assert at(state, 2, 1) == "."


def test_infantry_tie_goes_toward_centre() -> None:
    """Two empty cells equally far: the one nearer the centre of the map grid."""
    grid = """
    . .   LDR .   .   .   .
    . .   .   .   .   .   .
    . .   .   .   .   .   .
    . .   .   .   .   .   .
    """
    state = deal(grid, ["INF1/2", "MORTAR/1", "MORTAR/2", "MORTAR/3"])
    assert at(state, 1, 3) == "INF1" and at(state, 1, 1) == "."


def test_machine_gun_avoids_occupied_cell() -> None:
    grid = """
    . .   .   .   .   MG  .
    . LDR .   .   .   .   .
    . .   .   .   .   .   .
    . .   .   .   .   .   .
    """
    state = deal(grid, ["MG/5", "MORTAR/6", "MORTAR/5", "MORTAR/4"])
    assert at(state, 1, 4) == "MG" and at(state, 1, 5) == "MG"


def test_full_row_player_discards_member_and_threat_takes_cell() -> None:
    """No empty cell in the row: choose and discard a squad member in the row; the threat goes there."""
    grid = """
    . LDR ATH INF1 MOU INF1 INF1
    . .   .   .   .   .   .
    . .   .   .   .   .   .
    . .   .   .   .   .   .
    """
    state = deal(grid, ["INF2/3", "MORTAR/1", "MORTAR/2", "MORTAR/3"])
    assert state.phase is Phase.ENCOUNTER and GAME.current_player(state) == 0
    assert set(legal_actions(state)) == {Discard(member("LDR")), Discard(member("ATH")), Discard(member("MOU"))}
    assert_illegal(GAME, state, Discard(member("NAT")), "discarded")
    after = apply(state, Discard(member("ATH")))
    assert at(after, 1, 2) == "INF2"
    assert member("ATH") in after.fallen
    assert after.phase is Phase.MANEUVER, "dealing went on to the other rows"


def test_full_row_single_member_discarded_without_asking() -> None:
    """A choice with one option is taken at once (design)."""
    grid = """
    . INF1 ATH INF1 MG INF1 INF1
    . LDR .   .   .   .   .
    . .   .   .   .   .   .
    . .   .   .   .   .   .
    """
    state = deal(grid, ["INF1/3", "MORTAR/6", "MORTAR/5", "MORTAR/4"])
    assert member("ATH") in state.fallen and at(state, 1, 2) == "INF1"


def test_row_full_of_threats_discards_new_threat() -> None:
    """A row full of threats: discard the new threat."""
    grid = """
    . INF1 INF1 INF1 MG INF1 INF1
    . LDR .   .   .   .   .
    . .   .   .   .   .   .
    . .   .   .   .   .   .
    """
    before = table(grid, deck=["INF2/1", "MORTAR/6", "MORTAR/5", "MORTAR/4"], phase=Phase.ENCOUNTER)
    state = ENGINE.settle(before)
    infantry2 = before.decks[0][0]
    assert infantry2 in state.discard and infantry2 not in state.threats


def test_mortar_flips_down_and_rotates_member_and_adjacent() -> None:
    """Mortar (encounter): flip down and rotate the member in its cell, flip down adjacent members,
    then discard the Mortar. It lands on top, whatever is there."""
    grid = """
    . .   ATH .   .   .   .
    . LDR NAT MOU .   .   .
    . .   HAM .   .   .   .
    . .   .   PAC .   .   .
    """
    before = table(grid, deck=["INF1/6", "MORTAR/2", "INF1/6", "INF1/5"], phase=Phase.ENCOUNTER)
    mortar = before.decks[0][1]
    state = ENGINE.settle(before)
    assert at(state, 2, 2) == "nat*"
    assert at(state, 1, 2) == "ath" and at(state, 2, 1) == "ldr"
    assert at(state, 2, 3) == "mou" and at(state, 3, 2) == "ham"
    assert at(state, 4, 3) == "PAC", "diagonal and far members are untouched"
    assert mortar in state.discard


def test_flare_lands_on_top_of_member() -> None:
    grid = """
    . .   .   .   .   .   .
    . .   .   LDR .   .   .
    . .   .   .   .   .   .
    . .   .   .   .   .   .
    """
    state = deal(grid, ["MORTAR/6", "FL/3", "MORTAR/1", "MORTAR/2"])
    assert at(state, 2, 3) == "LDR+FL"


def test_tank_goes_to_tank_column() -> None:
    state = deal(EMPTY_TOP, ["MORTAR/6", "MORTAR/5", "TANK", "MORTAR/4"])
    assert at(state, 3, 0) == "TANK"
    assert state.threats[cell(3, 0)] >= 0
