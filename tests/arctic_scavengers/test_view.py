"""What each seat sees, and the terminal picture of it."""

from __future__ import annotations

from wasteland.arctic_scavengers import GAME, Begin, Commit, Resolve, view
from wasteland.arctic_scavengers.cards import HIDDEN
from wasteland.arctic_scavengers.render import render
from wasteland.arctic_scavengers.state import Task
from wasteland.arctic_scavengers.view import HIDDEN_RNG

from .tables import ids, one, play, table


def test_view_hides_the_rng_the_piles_and_other_hands() -> None:
    state = table(players=3)
    seen = view(state, 1)
    assert seen.rng == HIDDEN_RNG
    assert set(seen.junkyard) == {HIDDEN} and len(seen.junkyard) == len(state.junkyard)
    assert set(seen.contested) == {HIDDEN}
    assert seen.hands[1] == state.hands[1] and set(seen.hands[0]) == {HIDDEN}
    assert seen.decks[1] == tuple(sorted(state.decks[1])) and set(seen.decks[2]) == {HIDDEN}
    assert seen.piles == state.piles


def test_dug_cards_seen_only_by_the_digger() -> None:
    brawler, shovel = one("brawler"), one("shovel")
    top = ids("junk", 3)
    state = play(table(hands={0: (brawler, shovel)}, junkyard=top),
                 Begin(0, Task.DIG), Commit(0, brawler), Resolve(0))
    assert view(state, 0).dug == top[:1]
    assert view(state, 1).dug == (HIDDEN,)


def test_render_draws_each_seat_without_hidden_cards() -> None:
    state = table(players=3)
    for p in range(3):
        text = render(view(state, p), p)
        assert "round 1" in text and "5 hidden" in text
    assert "hidden" not in render(state, None).split("junkyard")[1]
    assert GAME.render is render
