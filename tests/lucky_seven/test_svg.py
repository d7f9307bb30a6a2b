"""The SVG drawing: well-formed for every variant and moment, naming what the text names, drawn
from the seat's view (nothing hidden leaks), deterministic, and shown by Jupyter."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from typing import Callable

import pytest

from tests.lucky_seven.grids import cell, member, table
from wasteland import render as drawings
from wasteland.core.game import IllegalAction
from wasteland.core.words import plural
from wasteland.lucky_seven import (
    GAME, Attack, EndPhase, Select, State, apply, current_player, determinize, legal_actions, new_game, view,
)
from wasteland.lucky_seven.render import svg
from wasteland.lucky_seven.rules import ENGINE
from wasteland.lucky_seven.state import Phase

SVG = "{http://www.w3.org/2000/svg}"

QUIET = """
. .   .   .   .   .   .
. LDR .   .   .   .   .
. .   .   .   .   .   .
. .   .   .   .   .   PAC
"""
LEFT = QUIET.replace(". .   .   .   .   .   PAC", ". .   .   .   .   MG  PAC")
BUSY = """
.    .   .    .        .    .   .
.    LDR JOK  MG       INF1 .   .
TANK ath* .   INF2+FL  HAM  ANV .
.    .   .    .        PAC  nat .
"""
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
. .   .   .   .   .   LDR
"""


def texts(drawing: str) -> list[str]:
    """Every text element of the drawing, in order (it must parse as XML)."""
    root = ET.fromstring(drawing)
    assert root.tag == f"{SVG}svg"
    return [element.text or "" for element in root.iter(f"{SVG}text")]


def words(drawing: str) -> str:
    return "\n".join(texts(drawing))


def competitive_drawn() -> State:
    return ENGINE.settle(table(QUIET, deck=["INF2/3", "INF1/4", "INF1/5", "INF1/6"], phase=Phase.ENCOUNTER,
                        variant="competitive"))


def played(state: State, steps: int, seed: int) -> State:
    """``state`` after ``steps`` random decisions (fewer if the game ends)."""
    chooser = random.Random(seed)
    for _ in range(steps):
        if current_player(state) is None:
            break
        state = apply(state, chooser.choice(legal_actions(state)))
    return state


def finished(state: State, seed: int) -> State:
    state = played(state, 10_000, seed)
    assert current_player(state) is None
    return state


STATES: dict[str, Callable[[], State]] = {
    "solo at start": lambda: new_game(1),
    "solo mid-game": lambda: table(BUSY),
    "solo attack": lambda: table(BUSY, phase=Phase.ATTACK, attacks=((member("HAM"), cell(2, 4)),)),
    "solo over": lambda: apply(table(QUIET, deck=[], final=True), EndPhase()),
    "competitive at start": lambda: new_game(1, players=2),
    "competitive drawn threat": competitive_drawn,
    "competitive over": lambda: apply(table(LEFT, deck=[], final=True, variant="competitive"), EndPhase()),
    "cooperative at start": lambda: new_game(1, players=2, variant="cooperative", depot=True),
    "cooperative mid-game": lambda: table(FACING_A, FACING_B, phase=Phase.ATTACK, active=1,
                                          attacks=((member("HAM", 1), cell(1, 3)),)),
    "cooperative over": lambda: finished(new_game(4, players=2, variant="cooperative"), 4),
}


@pytest.mark.parametrize("name", sorted(STATES))
def test_svg_parses_as_xml_for_every_variant_and_moment(name: str) -> None:
    state = STATES[name]()
    assert texts(svg(state))
    for player in range(state.options.players):
        assert texts(svg(state, player)) and texts(svg(view(state, player)))
    assert "Legend" in texts(svg(state))


def test_svg_names_every_squad_member_and_threat_on_the_grid() -> None:
    state = table(BUSY)
    told = words(svg(state))
    for name in ("LDR^", "JOK^", "HAM^", "ANV^", "PAC^", "ath_", "nat_"):
        assert name.upper() in told.upper()
    for name in ("Leader", "Joker", "Hammer", "Anvil", "Pacifist", "Athlete", "Natural"):
        assert name in told
    for label in ("MG3", "INF1", "INF2", "TANK"):
        assert label in texts(svg(state)), label
    assert "down · acted" in told, "the Athlete is down and has acted"
    assert "+FL flare" in told and "pinned" not in told, "the flare lies on a threat, no member is pinned"


def test_svg_shows_every_threat_strength_after_the_joker() -> None:
    told = texts(svg(table(BUSY)))
    at_mg = told.index("MG3")
    assert told[at_mg + 2] == "now 2 (Joker)", "the Joker's neighbour: printed 3, 2 now"
    assert "strength 1" in told and "strength 2" in told, "the others keep their printed strength"
    assert told.count("now 2 (Joker)") == 1


def test_svg_shows_the_drawn_threat_with_its_printed_column_and_the_free_rows() -> None:
    state = competitive_drawn()
    told = words(svg(state, 1))
    assert "Drawn threat" in told and "INF2" in told and "printed column 3" in told
    assert "player 1 (the threats) chooses the row of the drawn INF2 (free rows: 1, 2, 3, 4)" in told
    assert "drawn: column 3" in told and told.count("free") >= 4
    assert "Seen by player 1 (the threats)" in told


def test_svg_shows_the_full_row_discard() -> None:
    grid = """
    . LDR ATH INF1 MOU INF1 INF1
    . .   .   .   .   .   .
    . .   .   .   .   .   .
    . .   .   .   .   .   .
    """
    state = ENGINE.settle(table(grid, deck=["INF2/3", "MORTAR/1", "MORTAR/2", "MORTAR/3"], phase=Phase.ENCOUNTER))
    told = words(svg(state))
    assert "discards a squad member of row 1 (full) to make room for the drawn INF2" in told
    assert "Row 1 is full: discard a squad member there to make room." in " ".join(texts(svg(state)))


def test_svg_header_names_the_turn_the_phase_the_reader_and_who_decides() -> None:
    state = apply(table(BUSY), Select(member("HAM")))
    told = words(svg(state))
    assert "The Lucky Seven" in told and "turn 1 · maneuver phase" in told and "Referee: the whole table" in told
    assert "player 0 (the squad): the Hammer is selected" in told
    told = words(svg(table(QUIET, QUIET), 1))
    assert "Seen by player 1 (grid 2)" in told and "player 0 (grid 1) selects a squad member" in told


def test_svg_game_over_header_says_how_it_ended() -> None:
    won = words(svg(STATES["solo over"]()))
    assert "GAME OVER after turn 1: won, the landing zone was clear when the helicopter came" in won
    assert "To decide" not in won
    lost = words(svg(STATES["competitive over"](), 0))
    assert "GAME OVER after turn 1: the threats won, threats were left on the map when the helicopter came" in lost


def test_svg_shows_the_attacks_assigned_as_arrows_with_their_totals() -> None:
    grid = """
    . .   .   .   .    .   .
    . LDR JOK MG  INF1 ANV .
    . .   .   NAT HAM  .   .
    . .   .   .   PAC  .   .
    """
    state = table(grid, phase=Phase.ATTACK, attacks=((member("HAM"), cell(2, 4)),))
    drawing = svg(state)
    told = " ".join(texts(drawing))
    assert "Attacks assigned" in told and "attacks r2c4" in told
    assert "HAM > r2c4 (INF1 in row 2, column 4): 2 against 1, it falls" in told, "the Hammer beside the Pacifist"
    assert "can still attack: ANV, NAT" in told and "strength 1" in told
    assert len(ET.fromstring(drawing).findall(f"{SVG}polygon")) == 1, "one arrow"
    both = apply(state, Attack(member("ANV"), cell(2, 4)))
    assert "HAM, ANV > r2c4 (INF1 in row 2, column 4): 3 against 1, it falls" in " ".join(texts(svg(both)))
    assert len(ET.fromstring(svg(both)).findall(f"{SVG}polygon")) == 2


def test_svg_shows_the_decks_the_helicopter_the_fallen_and_the_events() -> None:
    state = apply(table(QUIET, deck=["MORTAR/4", "MORTAR/5", "MORTAR/6", "MORTAR/3"], phase=Phase.ATTACK),
                  EndPhase())
    told = words(svg(state))
    assert "0 threats in the deck" in told and "the helicopter has been called" in told
    assert "Fallen (6)" in told
    assert "Athlete (discarded at setup), Mouse, Natural, Hammer, Anvil, Joker" in " ".join(told.split())
    assert "Since the last decision" in told and "turn 2 begins" in told
    assert "the last threat is dealt: the helicopter is called" in " ".join(texts(svg(state)))
    assert "final turn: the helicopter is coming (no deal)" in words(svg(table(QUIET, deck=[], final=True)))
    fresh = words(svg(new_game(1)))
    assert "24 threats in the deck" in fresh and "helicopter not called yet" in fresh


def test_cooperative_svg_draws_grid_2_turned_to_face_grid_1() -> None:
    """Grid 2 above, row 1 at its bottom against grid 1's row 1, its column 7 - c over column c."""
    state = table(FACING_A, FACING_B)
    drawing = svg(state)
    root = ET.fromstring(drawing)
    where = {element.text: (float(element.get("x", 0)), float(element.get("y", 0)))
             for element in root.iter(f"{SVG}text")}
    assert where["g2r1c4"][0] == where["r1c3"][0], "grid 2's column 4 is over grid 1's column 3"
    assert where["g2r1c1"][0] == where["r1c6"][0]
    assert where["g2r4c4"][1] < where["g2r1c4"][1] < where["r1c3"][1] < where["r4c3"][1]
    told = words(drawing)
    assert "Grid 2 (player 1), seen from across the table" in told and "the top rows touch" in told
    assert f"Grid 1: {plural(len(state.decks[0]), 'threat')} in the deck" in told
    assert f"Grid 2: {plural(len(state.decks[1]), 'threat')} in the deck" in told
    assert "HAM^" in told and "INF1" in told and "LDR^" in told


def test_svg_for_a_seat_is_the_svg_of_its_view() -> None:
    for name in sorted(STATES):
        state = STATES[name]()
        for player in range(state.options.players):
            assert svg(state, player) == svg(view(state, player)) == svg(view(state, player), player), name


def test_svg_of_a_view_refuses_another_seat() -> None:
    state = new_game(1, players=2)
    with pytest.raises(IllegalAction):
        svg(view(state, 0), 1)


@pytest.mark.parametrize("options", [{}, {"players": 2}, {"players": 2, "variant": "cooperative", "depot": True}])
def test_svg_for_a_seat_hides_the_deck_order(options: dict[str, object]) -> None:
    """Two tables that differ only in what the seat cannot see (the decks' order, the generator)
    give the same drawing for that seat."""
    state = new_game(5, **options)
    for step in range(4):
        state = played(state, 7, step)
        for player in range(state.options.players):
            seen = view(state, player)
            tables = [determinize(seen, player, seed) for seed in range(4)]
            assert len({table.decks for table in tables}) > 1, "the hidden decks differ"
            assert {svg(table, player) for table in tables} == {svg(state, player)}


def test_repr_svg_draws_the_state() -> None:
    state = table(BUSY)
    assert state._repr_svg_() == svg(state)
    seen = view(new_game(2, players=2), 1)
    assert seen._repr_svg_() == svg(seen) == svg(new_game(2, players=2), 1)


def test_svg_is_deterministic_and_the_game_draws_through_the_bundle() -> None:
    assert svg(table(BUSY)) == svg(table(BUSY))
    state = played(new_game(3, players=2, variant="cooperative"), 25, 3)
    assert svg(state, 0) == svg(state, 0)
    assert GAME.svg is svg
    assert drawings.svg("lucky_seven", state, 1) == svg(state, 1)
