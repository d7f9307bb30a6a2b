"""What each seat sees, a table drawn from a view, and the terminal picture of it."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from wasteland.arctic_scavengers import (
    GAME, Begin, Commit, EndGathering, Keep, Resolve, Snipe, apply, current_player, describe, determinize, events,
    legal_actions, new_game, view,
)
from wasteland.arctic_scavengers.card_set import table_of
from wasteland.arctic_scavengers.cards import HIDDEN
from wasteland.arctic_scavengers.render import render
from wasteland.arctic_scavengers.state import Phase, Task
from wasteland.arctic_scavengers.view import HIDDEN_RNG
from wasteland.core.game import IllegalAction
from wasteland.core.rng import Rng

from .invariants import bounds, conservation
from .tables import ids, one, play, table


def test_view_hides_the_rng_the_piles_and_other_hands() -> None:
    state = table(players=3)
    seen = view(state, 1)
    assert seen.rng == HIDDEN_RNG and seen.viewer == 1 and state.viewer is None
    assert set(seen.junkyard) == {HIDDEN} and len(seen.junkyard) == len(state.junkyard)
    assert set(seen.contested) == {HIDDEN}
    assert seen.hands[1] == state.hands[1] and set(seen.hands[0]) == {HIDDEN}
    assert seen.decks[1] == tuple(sorted(state.decks[1])) and set(seen.decks[2]) == {HIDDEN}
    assert seen.piles == state.piles


def test_dug_cards_seen_only_by_the_digger() -> None:
    brawler, shovel = one("brawler"), one("shovel")
    top = ids("junk", 3)
    state = play(table(hands={0: (brawler, shovel)}, junkyard=top),
                 Begin(Task.DIG), Commit(brawler), Resolve())
    assert view(state, 0).dug == top[:1]
    assert view(state, 1).dug == (HIDDEN,)
    # The kept card stays unnamed for the others, in describe too.
    assert describe(view(state, 1), Keep(top[0])) == "keep one dug card"
    assert describe(view(state, 0), Keep(top[0])) == f"keep Junk#{top[0]}"


def test_trashed_cards_lie_face_down_while_the_trash_is_under_way() -> None:
    # While a Trash is under way its cards are face down: another seat sees them neither in the
    # played area nor among the committed cards, nor in the words describing the commit.
    junk, medkit, s1 = one("junk"), one("medkit"), one("scavenger")
    state = play(table(players=3, hands={0: (junk, medkit, s1)}), Begin(Task.HUNT), Commit(s1), Resolve(),
                 Begin(Task.TRASH))
    other = view(state, 1)
    assert describe(other, Commit(medkit)) == "put a card face down to trash"
    assert "Medkit" in describe(view(state, 0), Commit(medkit))
    state = play(state, Commit(medkit), Commit(junk))
    assert state.committed == (medkit, junk) and state.played[0] == (s1, medkit, junk)
    for seat in (1, 2):
        seen = view(state, seat)
        assert seen.committed == (HIDDEN, HIDDEN)
        assert seen.played[0] == (s1, HIDDEN, HIDDEN)
        text = render(seen, seat)
        assert "Medkit" not in text and f"#{junk}" not in text
    assert view(state, 0).committed == (medkit, junk)
    # Once resolved, they are in the junkyard, hidden from everyone.
    state = play(state, Resolve())
    assert state.played[0] == (s1,) and state.events == ()
    assert view(state, 1).played[0] == (s1,)


def test_view_of_a_view_and_play_on_a_view_are_refused() -> None:
    state = table(players=2)
    seen = view(state, 0)
    for refused in (lambda: view(seen, 0), lambda: legal_actions(seen), lambda: apply(seen, EndGathering()),
                    lambda: GAME.outcome(seen), lambda: GAME.returns(seen), lambda: view(state, 2),
                    lambda: view(state, True), lambda: view(state, 10**5000)):
        with pytest.raises(IllegalAction):
            refused()
    assert current_player(seen) == current_player(state)


def test_determinize_gives_a_full_table_with_the_same_view() -> None:
    state = new_game(5, players=4)
    pick = Rng.from_seed(9)
    for _ in range(120):
        for p in range(4):
            seen = view(state, p)
            full = determinize(seen, p, 17)
            assert full.viewer is None and full.rng != HIDDEN_RNG
            conservation(full)
            bounds(full)
            assert view(full, p) == seen
            assert determinize(seen, p, 17) == full  # a seed gives one table
        if current_player(state) is None:
            break
        action, pick = pick.choice(legal_actions(state))
        state = apply(state, action)


def test_determinize_fills_the_contested_pile_with_contested_resources() -> None:
    state = table(players=3, round=3)
    t = table_of(state)
    for p in range(3):
        for seed in range(5):
            full = determinize(view(state, p), p, seed)
            assert all(t.is_contested[c] for c in full.contested)
    peeker = determinize(view(state, 0), 0, 1)
    assert peeker.contested[0] == state.contested[0]  # the initiator knows the top one


@pytest.mark.parametrize("players", [2, 3, 4])
def test_determinize_gives_the_other_tribes_the_people_it_cannot_see_before_the_junkyard(players: int) -> None:
    """*design*: Refugees, mercenaries and contested resources off their pile fill the other tribes'
    hidden hands and decks first; the junkyard takes junk, tools and medicine first."""
    t = table_of(new_game(1, players=players))
    for seed in range(4):
        state = new_game(seed, players=players)
        for p in range(players):
            full = determinize(view(state, p), p, seed + 10)
            others = [q for q in range(players) if q != p]
            drawn = [c for q in others for c in (*full.hands[q], *full.decks[q])]
            real = [c for q in others for c in (*state.hands[q], *state.decks[q])]
            # at the start every person the seat cannot see is in another tribe
            assert sum(t.is_tribal[c] for c in drawn) == sum(t.is_tribal[c] for c in real) > 0
            assert sum(t.people[c] for c in drawn) == sum(t.people[c] for c in real)
            assert not any(t.is_tribal[c] for c in full.junkyard)


def test_determinize_refuses_what_is_not_this_players_view() -> None:
    state = table(players=2)
    seen = view(state, 0)
    bad: list[tuple[Any, int, Any]] = [(state, 0, 1), (seen, 1, 1), (seen, 5, 1), (None, 0, 1), (seen, 0, "seed")]
    for what, player, seed in bad:
        with pytest.raises(IllegalAction):
            determinize(what, player, seed)


def test_skirmish_prize_hidden_in_the_events_of_the_others() -> None:
    sniper, brawler = one("sniper_team"), one("brawler")
    prize = one("grenade")
    state = table(players=3, round=3, turn=2, contested=(prize,),
                  hands={0: (sniper, one("scout")), 1: (brawler,), 2: ()})
    state = play(state, EndGathering(), Snipe(sniper, brawler))
    assert prize in state.discards[0]
    mine = events(view(state, 0))
    theirs = events(view(state, 1))
    assert any(f"Grenade#{prize}" in line for line in mine)
    assert not any(f"#{prize}" in line for line in theirs)
    assert any("seat 0 wins and takes a contested resource" in line for line in theirs)


def test_render_draws_each_seat_without_hidden_cards() -> None:
    state = table(players=3)
    for p in range(3):
        text = render(view(state, p), p)
        assert "round 1" in text and "5 hidden" in text
    assert "hidden" not in render(state, None).split("junkyard")[1]
    assert GAME.render is render


def test_render_shows_piles_skirmish_declarations_and_final_scores() -> None:
    # The mercenary piles with cost and values.
    text = render(view(table(players=3), 1), 1)
    assert "Thugs" in text and "6 food/med" in text and "3p, dig 1, fight 3" in text
    assert "2 med + 2 food" in text and "snipe" in text
    # Who has declared, during the declarations.
    s0, s2 = one("sniper_team"), one("sniper_team", 1)
    state = table(players=3, round=3, turn=2, hands={0: (s0,), 1: (one("brawler"),), 2: (s2, one("scout"))})
    state = play(state, EndGathering())
    text = render(view(state, 1), 1)
    assert "seat 0 declaring, seat 1 waiting, seat 2 waiting" in text
    assert "forces revealed" in text
    state = play(state, Snipe(s0, one("scout")))
    assert state.turn == 2
    text = render(view(state, 1), 1)
    assert "seat 0 done, seat 1 done, seat 2 declaring" in text
    # The skirmish summary: forces, totals, people, the winner or a stalemate.
    state = play(state, GAME.parse(state, "pass"))
    text = render(view(state, 1), 1)
    assert "skirmish: seat 0 fight 0 (2 people), seat 1 fight 2 (1 people), seat 2 fight 0 (2 people)" in text
    assert "seat 1 wins" in text and "round 4 begins" in text
    # Final scores at the end.
    brawler = one("brawler")
    last = table(players=2, round=16, turn=1, hands={0: (brawler,) + ids("brawler", 1, 1), 1: ()},
                 contested=(one("tribe_family_5"),))
    last = attrs.evolve(last, contested=last.contested[:1],
                        removed=tuple(sorted(last.removed + last.contested[1:])))
    last = play(last, EndGathering())
    assert last.phase is Phase.OVER
    for seat in (0, 1):
        text = render(view(last, seat), seat)
        assert "game over: seat 0" in text and "people" in text


def test_determinize_lets_another_seat_finish_the_action_it_began() -> None:
    # Seat 0 began a Hunt with a Refugee (hunt 0) and needs the Spear still in its hand; it
    # began a Hire that only the Medkit in its hand can pay. Seat 1 sees neither card, but
    # knows the action can be finished: every table drawn for it lets seat 0 go on.
    refugee, spear, medkit = one("refugee"), one("spear"), one("medkit")
    hunting = play(table(players=3, hands={0: (refugee, spear) + ids("junk", 2)}), Begin(Task.HUNT), Commit(refugee))
    hiring = play(table(players=3, hands={0: (medkit,) + ids("junk", 3)}), Begin(Task.HIRE))
    for state in (hunting, hiring):
        for seed in range(40):
            for p in (1, 2):
                full = determinize(view(state, p), p, seed)
                assert view(full, p) == view(state, p)
                assert legal_actions(full), "the drawn table must let seat 0 go on"
                pick = Rng.from_seed(seed)
                while full.task is not None:  # and it can finish the action
                    action, pick = pick.choice(legal_actions(full))
                    full = apply(full, action)
