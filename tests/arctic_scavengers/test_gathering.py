"""Gathering clauses: Dig, Draw, Hunt, Hire, Trash; tools and Group Leaders; turn order."""

from __future__ import annotations

from wasteland.arctic_scavengers import (
    Begin, Commit, EndGathering, Equip, Hire, Keep, Resolve, legal_actions,
)
from wasteland.arctic_scavengers.cards import MERCENARY_PILES
from wasteland.arctic_scavengers.gathering import best_total
from wasteland.arctic_scavengers.state import Phase, Reshuffled, Task
from wasteland.arctic_scavengers.cards import PUBLIC_TABLE as PUBLIC
from wasteland.arctic_scavengers.view import view
from wasteland.core import codec
from wasteland.arctic_scavengers import GAME
from tests.support import assert_illegal

from .tables import card_ids, ids, one, play, table

PILE = {k: i for i, k in enumerate(MERCENARY_PILES)}


def test_initiator_acts_first_then_clockwise() -> None:
    state = table(players=4, initiator=2)
    assert state.turn == 2
    state = play(state, EndGathering())
    assert state.turn == 3
    state = play(state, EndGathering(), EndGathering(), EndGathering())
    assert state.round == 2 and state.turn == 2


def test_dig_draws_the_summed_dig_value_keep_one_rest_to_bottom() -> None:
    # The seed's example: a Brawler (dig 1) with a Shovel (dig +2) digs 3 cards.
    brawler, shovel = one("brawler"), one("shovel")
    top = ids("junk", 3)
    state = table(hands={0: (brawler, shovel)}, junkyard=top)
    state = play(state, Begin(Task.DIG), Commit(brawler), Equip(shovel, brawler), Resolve())
    assert state.phase is Phase.KEEP and state.dug == top
    rest_before = state.junkyard
    state = play(state, Keep(top[1]))
    assert state.discards[0][-1] == top[1]
    assert state.junkyard == rest_before + (top[0], top[2])
    assert top[1] in state.secret[0]  # the kept card entered the discard unseen
    assert view(state, 1).discards[0][-1] == -1


def test_dig_alone_with_one_brawler_keeps_the_one_card() -> None:
    brawler = one("brawler")
    pick = one("medkit")
    state = table(hands={0: (brawler,)}, junkyard=(pick,))
    state = play(state, Begin(Task.DIG), Commit(brawler), Resolve(), Keep(pick))
    assert state.discards[0][-1] == pick and state.phase is Phase.GATHERING


def test_dig_keep_nothing_returns_all_to_the_bottom() -> None:
    brawler = one("brawler")
    pick = one("junk")
    state = table(hands={0: (brawler,)}, junkyard=(pick,))
    state = play(state, Begin(Task.DIG), Commit(brawler), Resolve(), Keep(None))
    assert state.junkyard[-1] == pick


def test_draw_adds_cards_from_the_deck_to_the_hand() -> None:
    # The seed's example: a Scout (draw 2) and a Sled Team (draw 2) draw 4.
    scout, sled = one("scout"), one("sled_team")
    deck = ids("pills", 6)
    state = table(hands={0: (scout, sled)}, decks={0: deck})
    state = play(state, Begin(Task.DRAW), Commit(scout), Commit(sled), Resolve())
    assert state.hands[0] == deck[:4] and state.decks[0] == deck[4:]


def test_draw_reshuffles_the_discard_when_the_deck_runs_out() -> None:
    scout = one("scout")
    deck, discard = ids("pills", 1), ids("medkit", 3)
    state = table(hands={0: (scout,)}, decks={0: deck}, discards={0: discard})
    state = play(state, Begin(Task.DRAW), Commit(scout), Resolve())
    assert state.hands[0][0] == deck[0] and state.hands[0][1] in discard
    assert state.discards[0] == () and len(state.decks[0]) == 2
    assert state.events == (Reshuffled(0),)


def test_hunt_makes_food_for_this_round() -> None:
    # The seed's example: two Scavengers and a Spear hunt 3.
    s1, s2 = ids("scavenger", 2)
    spear = one("spear")
    state = table(hands={0: (s1, s2, spear)})
    state = play(state, Begin(Task.HUNT), Commit(s1), Commit(s2), Equip(spear, s1), Resolve())
    assert state.food == 3
    state = play(state, EndGathering())
    assert state.food == 0  # food does not outlast the turn


def test_each_action_at_most_once_per_round() -> None:
    s1, s2 = ids("scavenger", 2)
    state = table(hands={0: (s1, s2)})
    state = play(state, Begin(Task.HUNT), Commit(s1), Resolve())
    assert Begin(Task.HUNT) not in legal_actions(state)
    assert_illegal(GAME, state, Begin(Task.HUNT), "already taken")


def test_a_card_serves_one_action_only() -> None:
    refugee, shovel = one("refugee"), one("shovel")
    s1 = one("scavenger")
    state = table(hands={0: (refugee, s1, shovel)})
    state = play(state, Begin(Task.HUNT), Commit(s1), Resolve(), Begin(Task.DIG))
    assert_illegal(GAME, state, Commit(s1), "not in your hand")
    assert s1 in state.played[0]


def test_tools_one_per_person() -> None:
    s1 = one("scavenger")
    shovel, pick = one("shovel"), one("pickaxe")
    state = table(hands={0: (s1, shovel, pick)})
    state = play(state, Begin(Task.DIG), Commit(s1), Equip(shovel, s1))
    assert_illegal(GAME, state, Equip(pick, s1), "already has a tool")


def test_tools_only_raise_an_existing_ability() -> None:
    # The seed's example: a Shovel cannot raise a Scavenger's hunt (it has no hunt bonus),
    # and a Brawler (no hunt) cannot hunt at all.
    s1, brawler = one("scavenger"), one("brawler")
    shovel = one("shovel")
    state = table(hands={0: (s1, brawler, shovel)})
    state = play(state, Begin(Task.HUNT), Commit(s1))
    assert_illegal(GAME, state, Equip(shovel, s1), "does not raise hunt")
    assert_illegal(GAME, state, Commit(brawler), "cannot hunt")


def test_refugee_zero_ability_counts_for_a_tool() -> None:
    refugee, shovel = one("refugee"), one("shovel")
    state = table(hands={0: (refugee, shovel)}, junkyard=ids("junk", 2))
    state = play(state, Begin(Task.DIG), Commit(refugee))
    assert Resolve() not in legal_actions(state)  # a total of 0 cannot be carried out
    state = play(state, Equip(shovel, refugee), Resolve())
    assert len(state.dug) == 2


def test_group_leaders_stack_with_a_tool() -> None:
    s1, leaders, shovel = one("scavenger"), one("group_leaders"), one("shovel")
    state = table(hands={0: (s1, leaders, shovel)})
    state = play(state, Begin(Task.DIG), Commit(s1), Equip(shovel, s1), Equip(leaders, s1), Resolve())
    assert len(state.dug) == 5
    assert best_total(PUBLIC, (s1, leaders, shovel), 0) == 5


def test_a_person_with_a_tool_and_group_leaders_reads_back_from_a_file() -> None:
    """Both modifiers on one person: the loader once took the person named twice for a card
    lying in two places."""
    s1, leaders, shovel = one("scavenger"), one("group_leaders"), one("shovel")
    state = play(table(hands={0: (s1, leaders, shovel)}), Begin(Task.DIG), Commit(s1), Equip(shovel, s1),
                 Equip(leaders, s1))
    assert codec.loads(codec.dumps(state)) == state


def test_group_leaders_cannot_act_alone() -> None:
    leaders = one("group_leaders")
    state = table(hands={0: (leaders,)})
    assert Begin(Task.DIG) not in legal_actions(state)
    assert_illegal(GAME, state, Begin(Task.HUNT), "no hunt value")


def test_hire_paid_with_food_and_medicine() -> None:
    s1, s2 = ids("scavenger", 2)
    pills = one("pills")
    state = table(hands={0: (s1, s2, pills)})
    state = play(state, Begin(Task.HUNT), Commit(s1), Commit(s2), Resolve(), Begin(Task.HIRE))
    assert_illegal(GAME, state, Hire(PILE["scout"]), "cannot afford")
    saboteur_top = state.piles[PILE["saboteur"]][-1]
    state = play(state, Commit(pills), Hire(PILE["saboteur"]))
    assert state.discards[0][-1] == saboteur_top  # hired into the discard pile
    assert pills in state.played[0]


def test_medicine_needs_no_person() -> None:
    medkit = one("medkit")
    state = table(hands={0: (medkit,)})
    state = play(state, Begin(Task.HIRE), Commit(medkit), Hire(PILE["hunter"]))
    assert PUBLIC.name[state.discards[0][-1]] == "Hunter"


def test_thugs_take_any_mix_of_six() -> None:
    medkits = ids("medkit", 2)
    s = ids("scavenger", 2)
    state = table(hands={0: s + medkits})
    state = play(state, Begin(Task.HUNT), Commit(s[0]), Commit(s[1]), Resolve(), Begin(Task.HIRE),
                 Commit(medkits[0]), Commit(medkits[1]), Hire(PILE["thugs"]))
    assert PUBLIC.name[state.discards[0][-1]] == "Thugs"


def test_hire_at_most_one_mercenary() -> None:
    medkit, pills = one("medkit"), one("pills")
    state = table(hands={0: (medkit, pills)})
    state = play(state, Begin(Task.HIRE), Commit(medkit), Hire(PILE["hunter"]))
    assert_illegal(GAME, state, Hire(PILE["hunter"]), "already taken")
    assert_illegal(GAME, state, Begin(Task.HIRE), "already taken")


def test_trash_to_the_junkyard_then_shuffle() -> None:
    junk, refugee = one("junk"), one("refugee")
    state = table(hands={0: (junk, refugee)})
    size = len(state.junkyard)
    state = play(state, Begin(Task.TRASH), Commit(junk), Commit(refugee), Resolve())
    assert len(state.junkyard) == size + 2 and {junk, refugee} <= set(state.junkyard)
    assert state.hands[0] == () and junk not in state.played[0]
    assert card_ids(state) == list(range(149))


def test_force_size_public_cards_hidden() -> None:
    s1 = one("scavenger")
    state = table(hands={0: (s1, one("brawler"))})
    state = play(state, EndGathering())
    seen = view(state, 1)
    assert seen.hands[0] == (-1, -1)


def test_playing_several_cards_sums_their_values() -> None:
    # The seed's alternative: two Scavengers and a Scout also draw 4.
    s1, s2 = ids("scavenger", 2)
    scout = one("scout")
    deck = ids("junk", 6)
    state = table(hands={0: (s1, s2, scout)}, decks={0: deck})
    state = play(state, Begin(Task.DRAW), Commit(s1), Commit(s2), Commit(scout), Resolve())
    assert state.hands[0] == deck[:4]
