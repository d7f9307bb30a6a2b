"""The drawing (render.svg): what it shows, and that a seat's drawing holds nothing its view hides."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from wasteland.core.game import IllegalAction
from wasteland.core.records import replace
from wasteland.raxxon import apply, determinize, new_game, svg, view
from wasteland.raxxon.actions import ACT, TARGET
from wasteland.raxxon.state import K_OPTION, K_PLACE, Ask, FileRaxxon, Phase

from tests.raxxon.tables import positions, CARRIER, CELEBRITY, HOSTILE, INNOCENT, VOLATILE, cell, table

SVG = "{http://www.w3.org/2000/svg}"


def _texts(drawing: str) -> str:
    """Every text element of a drawing, joined by newlines (what a reader can read)."""
    root = ET.fromstring(drawing)
    return "\n".join(t.text or "" for t in root.iter(f"{SVG}text"))


def test_svg_draws_the_whole_table_and_is_deterministic() -> None:
    state = new_game(5, players=4)
    drawing = svg(state)
    assert drawing.startswith("<svg") and drawing == svg(state)
    words = _texts(drawing)
    for text in ("Raxxon power", "Infection supply", "Evacuated", "Contained quarantine", "The crowd",
                 "To decide", "Legend", "Referee", "Character sheets", "Since the last decision"):
        assert text in words
    assert "Seen by player 2" in _texts(svg(state, 2))
    assert state._repr_svg_() == drawing


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_a_seat_s_drawing_is_the_drawing_of_its_view(players: int) -> None:
    for state in positions(players, 40 + players)[::10]:
        for seat in range(players):
            seen = view(state, seat)
            assert svg(state, seat) == svg(seen) == svg(seen, seat)
            with pytest.raises(IllegalAction):
                svg(seen, (seat + 1) % players) if players > 1 else svg(seen, 1)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_what_a_seat_cannot_see_does_not_change_its_drawing(players: int) -> None:
    for state in positions(players, 50 + players)[::8]:
        for seat in range(players):
            mine = svg(state, seat)
            for seed in range(4):
                assert svg(determinize(view(state, seat), seat, seed), seat) == mine


def test_a_face_down_card_s_type_shows_only_to_who_knows_it() -> None:
    where = cell(2, 2)
    state = table(players=2, crowd={where: CELEBRITY[0], cell(2, 3): HOSTILE[0]})
    assert "Celebrity" not in svg(state, 0) and "Celebrity" not in svg(state, 1)
    assert "Celebrity\n(face down)" in _texts(svg(state)), "the referee sees every face-down card"
    looked = replace(state, seen=(frozenset({where}), frozenset()))
    assert "you looked: Celebrity" in _texts(svg(looked, 0))
    theirs = _texts(svg(looked, 1))
    assert "Celebrity" not in theirs and "p0 looked" in theirs
    assert "r3c3 · #15" in _texts(svg(looked, 0)) and "r3c3 · #15" not in theirs, "the id is the type"


def test_a_card_looked_at_in_play_is_drawn_for_that_player_only() -> None:
    state = table(players=2, crowd={cell(1, 1): HOSTILE[0], cell(1, 2): INNOCENT[0]})
    state = apply(state, ACT[0])  # Thomas Heart looks at 2
    state = apply(state, TARGET[cell(1, 1)])
    mine, theirs = _texts(svg(state, 0)), _texts(svg(state, 1))
    assert "you looked: Hostile" in mine and "you looked: Innocent" in mine
    assert "Hostile" not in theirs.split("Since the last decision")[0] and "p0 looked" in theirs


def test_face_up_cards_show_type_health_and_effects() -> None:
    state = table(crowd={cell(0, 0): CARRIER[0], cell(0, 1): HOSTILE[0]}, up=(CARRIER[0], HOSTILE[0]))
    words = _texts(svg(state, 0))
    assert "Carrier\ninfected\nflip 2: raxxon\nflip 3: end day" in words
    assert "Hostile\nhealthy\nflip 4: end day" in words
    assert "r1c1 · #30" in words and "r1c2 · #0" in words


def test_the_header_names_who_decides_and_the_choices() -> None:
    words = _texts(svg(new_game(3, players=2), 1)).replace("\n", " ")
    assert "Seen by player 1" in words and "day 1" in words
    assert re.search(r"To decide: player 0 \([^)]+\): choose an action", words)
    assert "Choices: investigate" in words


def test_a_raxxon_card_being_read_shows_its_trigger_and_options() -> None:
    cover_up = 2  # "Raxxon's Cover-Up": always; deny (power) or leak (infect + reshuffle)
    state = table(crowd={cell(1, 1): HOSTILE[0]})
    state = replace(state, raxxon_draw=tuple(c for c in state.raxxon_draw if c != cover_up), reading=(cover_up,),
                    stack=(FileRaxxon(cover_up), Ask(K_OPTION, 0, cover_up)))
    words = _texts(svg(state, 0))
    assert "Being read: 'Raxxon's Cover-Up' - choose an option" in words
    assert "trigger: always (it applied)" in words
    assert "option 1 'deny': power" in words and "option 2 'leak': infect + reshuffle" in words
    assert "Choices: 1 deny, 2 leak" in words.replace("\n", " ")


def test_an_added_card_s_cells_inside_the_frame_are_marked() -> None:
    state = table(crowd={cell(2, 2): HOSTILE[0]}, stack=(Ask(K_PLACE, 1, -1),))
    words = _texts(svg(state, 0))
    assert "add r3c4" in words.split("The crowd")[1], "the free cell beside the card, in the 8 x 8 notation"
    assert "Choices: add" in words.replace("\n", " ")


def test_piles_show_counts_types_and_the_empty_supply_warning() -> None:
    state = table(crowd={cell(1, 1): HOSTILE[0]}, supply=(), evacuated=(INNOCENT[0], INNOCENT[1]),
                  contained=(CARRIER[0],), uncontained=(HOSTILE[1],), discard=(VOLATILE[0],))
    words = _texts(svg(state, 0))
    assert "EMPTY" in words and "the next infection loses" in words.replace("\n", " ")
    assert "2 of 30 healthy" in words and "2 Innocent (h)" in words
    assert "Contained quarantine: 1 card" in words and "1 Carrier (i)" in words
    assert "Uncontained quarantine: 1 card" in words and "1 Hostile (h)" in words
    assert "1, top: Volatile" in words


def test_sheets_show_tokens_slots_the_optional_effect_and_who_passed() -> None:
    state = table(players=2, tokens=((1, 0, 0), (0, 0, 0)))
    state = replace(state, passed=frozenset({1}))
    words = _texts(svg(state))
    assert "Player 0: Thomas Heart" in words and "firefighter · to decide" in words
    assert "1 Evacuate: evacuate 1 · tokens 1/5" in words
    assert "optional: + evacuate 1, then a Raxxon card" in words
    assert "Investigate (top, no token): look at 2" in words
    assert "passed: out for the day" in words


def test_a_finished_game_shows_its_ending() -> None:
    state = replace(table(power=8), phase=Phase.OVER, stack=())
    for player in (None, 0):
        words = _texts(svg(state, player))
        assert "GAME OVER on day 1: lost, Raxxon power reached 8 (ending: power)" in words
        assert "To decide" not in words


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_the_drawing_keeps_its_width(players: int) -> None:
    state = positions(players, 7, 20)[-1]
    for player in (None, 0):
        root = ET.fromstring(svg(state, player))
        assert float(root.attrib["width"]) == 1108
