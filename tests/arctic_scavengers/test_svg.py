"""The SVG drawing: well-formed for 2 to 5 tribes at every moment, naming what the text names,
drawn from the seat's view (nothing hidden leaks), deterministic, and shown by Jupyter."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import attrs
import pytest

from wasteland import render as drawings
from wasteland.arctic_scavengers import (
    GAME, Begin, Commit, EndGathering, Equip, Snipe, State, apply, current_player, determinize, legal_actions, new_game,
    outcome, view,
)
from wasteland.arctic_scavengers.card_set import table_of
from wasteland.arctic_scavengers.render import svg
from wasteland.arctic_scavengers.state import Phase, Task
from wasteland.core.game import IllegalAction

from .tables import ids, one, play, table

SVG = "{http://www.w3.org/2000/svg}"
PLAYERS = (2, 3, 4, 5)


def texts(drawing: str) -> list[str]:
    """Every text and tooltip of the drawing, in order (it must parse as XML)."""
    root = ET.fromstring(drawing)
    assert root.tag == f"{SVG}svg"
    return [e.text or "" for e in root.iter() if e.tag in (f"{SVG}text", f"{SVG}title")]


def words(drawing: str) -> str:
    return "\n".join(texts(drawing))


def walk(players: int, seed: int, steps: int) -> State:
    """A random game after ``steps`` decisions (or at its end)."""
    state = new_game(seed, players=players)
    chooser = random.Random(seed)
    for _ in range(steps):
        if current_player(state) is None:
            break
        state = apply(state, chooser.choice(legal_actions(state)))
    return state


def skirmish(players: int) -> State:
    """Round 3: every tribe has gathered, seat 0's Sniper Team is to declare (the last seat's, from
    three tribes on, next)."""
    hands: dict[int, tuple[int, ...]] = {0: (one("sniper_team"),), 1: (one("brawler"),)}
    hands |= {q: (one("scout", q),) for q in range(2, players)}
    if players > 2:
        hands[players - 1] += (one("sniper_team", 1),)
    state = play(table(players=players, round=3, turn=players - 1, hands=hands), EndGathering())
    assert state.phase is Phase.SKIRMISH and state.turn == 0
    return state


def game_over(players: int) -> State:
    """The last contested resource is fought for: the game ends."""
    brawler = one("brawler")
    last = table(players=players, round=16, turn=players - 1, hands={0: (brawler,) + ids("brawler", 1, 1)},
                 contested=(one("tribe_family_5"),))
    last = attrs.evolve(last, contested=last.contested[:1], removed=tuple(sorted(last.removed + last.contested[1:])))
    last = play(last, EndGathering())
    assert last.phase is Phase.OVER
    return last


def moments(players: int) -> list[State]:
    return [new_game(players, players=players), walk(players, players, 25), walk(players, 10 + players, 90),
            skirmish(players), game_over(players)]


@pytest.mark.parametrize("players", PLAYERS)
def test_svg_parses_for_every_seat_at_start_mid_game_skirmish_and_end(players: int) -> None:
    for state in moments(players):
        for seat in (None, *range(players)):
            drawing = svg(state, seat)
            said = words(drawing)
            assert "Arctic Scavengers" in said and f"Round {state.round}" in said
            assert ("referee: the whole table" if seat is None else f"seen by seat {seat}") in said
            assert all(f"Seat {q}" in said for q in range(players))
            assert "Legend" in said


def test_svg_names_the_mercenary_costs_and_the_seats_own_hand() -> None:
    state = table(players=3)
    table_ = table_of(state)
    for seat in range(3):
        said = words(svg(state, seat))
        assert "Thugs" in said and "6 food/med" in said and "2 med + 2 food" in said and "1 food" in said
        assert "snipe" in said and "disarm" in said
        for card in state.hands[seat]:
            assert table_.name[card] in said and f"#{card}" in said
        assert "hidden" in said  # the others' hands, as card backs


def test_another_seats_hand_never_appears_in_a_seats_drawing() -> None:
    wolves, sled = one("wolf_pack"), one("sled_team")
    state = table(players=3, hands={1: (wolves, sled) + ids("junk", 3)})
    for seat in (0, 2):
        said = words(svg(state, seat))
        assert "Wolf Pack" not in said and "Sled Team" not in said
        assert not any(f"#{card}" in line for card in (wolves, sled) for line in texts(svg(state, seat)))
    for reader in (1, None):
        said = words(svg(state, reader))
        assert "Wolf Pack" in said and f"#{wolves}" in said and "Sled Team" in said


def test_svg_of_a_seat_is_the_drawing_of_its_view() -> None:
    for players in PLAYERS:
        for state in moments(players):
            for seat in range(players):
                seen = view(state, seat)
                assert svg(state, seat) == svg(seen) == svg(seen, seat)
            with pytest.raises(IllegalAction):
                svg(view(state, 0), 1)


@pytest.mark.parametrize("players", PLAYERS)
def test_what_a_seat_cannot_see_does_not_change_its_drawing(players: int) -> None:
    differed = False
    for state in moments(players)[:4]:
        for seat in range(players):
            drawing = svg(state, seat)
            for seed in range(4):
                other = determinize(view(state, seat), seat, seed)
                assert svg(other, seat) == drawing
                differed |= svg(other) != svg(state)
    assert differed  # the drawn tables did differ where the seats could not see


def test_svg_shows_the_action_under_way_and_the_peeked_contested_resource() -> None:
    refugee = one("refugee")
    state = play(table(players=3, hands={0: (refugee, one("spear")) + ids("junk", 2)}), Begin(Task.HUNT),
                 Commit(refugee))
    said = words(svg(state, 0))
    assert "Under way: your hunt, total 0" in said and "hunt: under way" in said and f"#{refugee}" in said
    assert "Under way: seat 0's hunt, total 0" in words(svg(state, 1))
    spear = one("spear")
    said = words(svg(play(state, Equip(spear, refugee)), 1))
    assert "total 1" in said and f"equipped: Spear#{spear} on Refugee#{refugee}" in said and f"+ Spear#{spear}" in said
    trashing = play(table(players=3, hands={0: ids("junk", 3)}), Begin(Task.TRASH), Commit(one("junk")))
    assert "Under way: seat 0's trash, 1 cards face down" in words(svg(trashing, 2))
    wolves = one("wolf_pack")
    peeked = table(players=3, round=3, contested=(wolves,))
    assert "Wolf Pack" in words(svg(peeked, 0)) and "top: you peeked" in words(svg(peeked, 0))
    assert "Wolf Pack" not in words(svg(peeked, 1))


def test_svg_shows_the_declarations_forces_and_final_scores() -> None:
    state = skirmish(3)
    said = words(svg(state, 1))
    assert "1. seat 0: declaring" in said and "2. seat 1 (you): waiting" in said and "3. seat 2: waiting" in said
    assert "force: fight 2, 1 person" in said and "forces revealed" in said
    state = play(state, Snipe(one("sniper_team"), one("brawler")))
    said = words(svg(state, 1))
    assert "Declared (not fighting)" in said and "1. seat 0: done" in said and "3. seat 2: declaring" in said
    assert "Sniper Team#" in said and "as the forces stand now: seat 2 wins" in said
    over = game_over(3)
    result = outcome(over)
    assert result is not None and len(result.winners) == 1
    (winner,) = result.winners
    said = words(svg(over, None))
    assert "Final scores" in said and f"Game over: seat {winner} wins" in said and "winner" in said
    assert all(f"seat {q} {int(score)} people" in said for q, score in enumerate(result.scores))
    events = " ".join(said.split("Since the last decision")[1].split("\n"))  # the event (wrapped), as the text says it
    assert f"game over: seat 0 {int(result.scores[0])} people" in events and f"seat {winner} wins" in events


def test_repr_svg_draws_the_state() -> None:
    state = walk(3, 3, 30)
    assert state._repr_svg_() == svg(state)
    assert view(state, 2)._repr_svg_() == svg(state, 2)
    assert GAME.svg is svg and drawings.svg("arctic_scavengers", state, 1) == svg(state, 1)


def test_svg_is_deterministic() -> None:
    for players in PLAYERS:
        a, b = walk(players, 7, 60), walk(players, 7, 60)
        for seat in (None, *range(players)):
            assert svg(a, seat) == svg(b, seat)
