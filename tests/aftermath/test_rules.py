"""The mission rules clause by clause (seed, "Como se Juega" to "Finalizar una misión"), each from
a hand-built table (``tables.py``)."""

from __future__ import annotations

import pytest

from tests.aftermath.tables import book, card, entry, foe, page, table
from wasteland.core.dice import roll
from wasteland.core.game import IllegalAction
from wasteland.core.records import replace
from wasteland.aftermath import (
    Ability, Card, Cheer, Choose, Communicate, Contribute, Done, Draw, End, Equip, Move, Nest, Pick, Ranged, Recover,
    Go, Scavenge, Step, apply, current_player, legal_actions, new_game, view,
)
from wasteland.aftermath.actions import Charge, Eat, Pass, Repair, Stow, Wear
from wasteland.aftermath.actions import COUNT, action_id, decode
from wasteland.aftermath.book import (
    BookAttack, Choice, Dial, Encounter, EncounterCard, EndMission, GoToPage, GroupTask, Hunt, Option,
    RandomEncounter, Test as BookTest, Travel, Trigger, Wound,
)
from wasteland.aftermath.cards import (
    BLACK_DIE, CACHES, ENCOUNTER_CARDS, ENEMY_NAMES, ITEM_NAMES, ITEMS, NONE, STATUS_NAMES, WHITE_DIE,
)
from wasteland.aftermath import mission
from wasteland.aftermath.mission import hurt_foe, life_of
from wasteland.aftermath.rules import ENGINE
from wasteland.aftermath.state import Cache, Phase, Resume, State, Work
from wasteland.aftermath.turn import bonus_of
from wasteland.aftermath.vocabulary import Attribute, Prize

FOOD, SCRAP, POPULATION, CLUES, TIME = 0, 1, 2, 4, 5
A, B, C, D, E, F = range(6)


def run(state: State, *effects: object) -> State:
    """``state`` with ``effects`` resolved in order by the driver, then back to the actions."""
    return ENGINE.settle(replace(state, stack=(Resume(), *reversed(effects))))  # type: ignore[arg-type]


def texts(state: State) -> str:
    return " | ".join(e.text for e in state.events)


# -- Action: Move --------------------------------------------------------------------------------

def test_a_coloured_line_is_crossed_for_1_when_every_card_shares_its_colour() -> None:
    red1, red2 = card("red", 1), card("red", 2)
    s = table(hands=((red1, red2), ()), spaces=("B", "A"))
    s = apply(s, Move(red1))
    assert s.phase is Phase.MOVE and s.mp == 1
    assert Step(C) in legal_actions(s)
    s = apply(s, Step(C))
    assert s.spaces[0] == "C" and s.mp == 0


def test_a_coloured_line_costs_3_when_the_cards_differ() -> None:
    red1, blue1, green2 = card("red", 1), card("blue", 1), card("green", 2)
    s = table(hands=((red1, blue1, green2), ()), spaces=("B", "A"))
    s = apply(apply(s, Move(red1)), Card(blue1))
    assert s.mp == 2 and Step(C) not in legal_actions(s) and Step(A) in legal_actions(s)
    s = apply(s, Card(green2))
    assert s.mp == 4 and Step(C) in legal_actions(s)
    s = apply(s, Step(C))
    assert s.spaces[0] == "C" and s.mp == 1


def test_solid_and_double_white_lines_are_never_crossed() -> None:
    s = table(hands=((card("red", 3),), ()), spaces=("A", "A"))
    s = apply(s, Move(card("red", 3)))
    assert Step(D) not in legal_actions(s) and Step(B) in legal_actions(s)
    s = apply(s, Step(B))
    assert Step(E) not in legal_actions(s)


def test_reading_an_entry_stops_the_move() -> None:
    the_book = book(page(1, entry("1-1", Trigger.SPACE, Dial("clues", 1), space="B")))
    s = table(the_book, hands=((card("red", 3),), ()), spaces=("A", "A"))
    s = apply(apply(s, Move(card("red", 3))), Step(B))
    assert s.phase is Phase.ACT and s.spaces[0] == "B" and s.dials[CLUES] == 1 and s.mp == 0
    assert s.played == () and card("red", 3) in s.discard


# -- Skill tests ------------------------------------------------------------------------------------

def test_a_skill_test_starts_with_the_attribute_or_white_then_matches_colour_or_number() -> None:
    yellow2, red2, red3, green1, white1 = (card("yellow", 2), card("red", 2), card("red", 3), card("green", 1),
                                           card("white", 1))
    s = table(hands=((yellow2, red2, red3, green1, white1), ()), spaces=("F", "A"))
    assert s.caches and s.caches[0].space == "F"
    s = apply(s, Scavenge(0))
    assert s.phase is Phase.TEST
    # a scavenge test is of instincts or agility: yellow, green or white; no Done before the first card
    assert set(legal_actions(s)) == {Card(yellow2), Card(green1), Card(white1)}
    s = apply(s, Card(yellow2))
    assert set(legal_actions(s)) == {Card(red2), Done()}  # red 2 matches the number, nothing the colour


def test_an_opposed_test_adds_the_black_die_to_the_difficulty() -> None:
    yellow3 = card("yellow", 3)
    black = card("black", 2)
    s = table(hands=((yellow3,), ()), spaces=("A", "A"), foes=(foe("raider_rat", "A"),),
              threats=(black, NONE, NONE, NONE, NONE))
    s = apply(apply(s, Communicate(0)), Card(yellow3))
    white, rng = roll(WHITE_DIE, s.rng)
    dark, _ = roll(BLACK_DIE, rng)
    after = apply(s, Done())
    difficulty = 4 + dark  # the raider rat's communicate value, plus the black die
    assert f"against {difficulty} (black die {dark})" in texts(after)
    if 3 + white >= difficulty:  # Communicate: the enemy leaves, +1 population, the bottom threat goes
        assert after.foes == () and after.dials[POPULATION] == s.dials[POPULATION] + 1
        assert after.threats[0] == NONE and black in after.discard
    else:  # failure turns the situation hostile
        assert after.hostile and len(after.foes) == 1


def test_communicate_only_when_safe_and_melee_only_when_hostile() -> None:
    hand = (card("yellow", 3), card("red", 3))
    s = table(hands=(hand, ()), spaces=("A", "A"), foes=(foe("raider_rat", "A"),))
    kinds = {type(a).__name__ for a in legal_actions(s)}
    assert "Communicate" in kinds and "Melee" not in kinds
    kinds = {type(a).__name__ for a in legal_actions(replace(s, hostile=True))}
    assert "Melee" in kinds and "Communicate" not in kinds


def test_a_book_test_reads_its_success_or_its_failure() -> None:
    test = BookTest(Attribute.STRENGTH, 1, False, (Dial("food", 1),), (Dial("food", -1),))
    s = run(table(hands=((card("red", 1),), ())), test)
    assert s.phase is Phase.TEST and s.test is not None and s.test.kind == "book"
    win = apply(apply(s, Card(card("red", 1))), Done())  # 1 + Grumple's red +2 >= 1
    assert win.dials[FOOD] == s.dials[FOOD] + 1
    lose = apply(s, Done())  # no card played: the test fails
    assert lose.dials[FOOD] == s.dials[FOOD] - 1


# -- Group tasks ------------------------------------------------------------------------------------

def test_a_group_task_is_built_over_turns_and_reads_its_success() -> None:
    task = GroupTask(Attribute.STRENGTH, 5, (Dial("clues", 2),))
    red3, blue3, green2 = card("red", 3), card("blue", 3), card("green", 2)
    s = run(table(hands=((red3, blue3, green2), ())), task)
    assert s.task == task
    assert set(a for a in legal_actions(s) if isinstance(a, Contribute)) == {Contribute(red3)}
    s = apply(s, Contribute(red3))
    assert s.task_dial == 3 and s.task_card == red3
    assert set(a for a in legal_actions(s) if isinstance(a, Contribute)) == {Contribute(blue3)}
    s = apply(s, Contribute(blue3))
    assert s.task is None and s.task_dial == 0 and s.dials[CLUES] == 2 and red3 in s.discard
    assert run(s, task, task).task_dial == 0  # read again while open, it keeps its dial


# -- Encounters -------------------------------------------------------------------------------------

def test_the_five_enemy_limit_and_the_boss_exception() -> None:
    five = tuple(foe(n, "C") for n in ("scorpion", "centipede", "spider", "raider_rat", "rat_slinger"))
    s = table(foes=five)
    s = run(s, Encounter(("rat_brute",), ("C",), True))
    assert len(s.foes) == 5 and ENEMY_NAMES.index("rat_brute") not in [f.card for f in s.foes]
    s = run(s, Encounter(("rust_lord",), ("C",), True))
    assert len(s.foes) == 5 and s.foes[-1].card == ENEMY_NAMES.index("rust_lord")
    assert ENEMY_NAMES.index("rat_slinger") not in [f.card for f in s.foes]


def test_figures_split_evenly_and_roaches_are_eight_tokens_of_one_life() -> None:
    s = run(table(), Encounter(("roaches",), ("B", "C"), True))
    assert s.hostile and len(s.foes) == 1 and sorted(s.foes[0].spaces) == ["B"] * 4 + ["C"] * 4
    work = Work(s)
    hurt_foe(work, 0, 0)
    s = work.finish()
    assert len(s.foes[0].spaces) == 7


def test_the_hunt_takes_the_enemies_left_hostile_on_a_page() -> None:
    two = book(page(1), page(2))
    s = table(two, foes=(foe("scorpion", "C"), foe("spider", "C")), hostile=True)
    s = run(s, GoToPage(2))
    assert s.page == 2 and s.foes == () and sorted(s.hunt) == sorted(ENEMY_NAMES.index(n) for n in ("scorpion",
                                                                                                  "spider"))
    s = run(s, Hunt(("B",)))
    assert s.hostile and len(s.foes) == 2 and s.hunt == () and all(f.spaces == ("B",) for f in s.foes)


# -- The enemy turn ---------------------------------------------------------------------------------

def test_an_enemy_moves_toward_the_nearest_character_through_a_double_line() -> None:
    # Whisper at D is beside the rat's A, across a double line: 5 lines away round the map;
    # Grumple at C is 2 away (a coloured line costs an enemy 1).
    threat = card("black", 2)
    s = table(players=2, spaces=("C", "D"), foes=(foe("raider_rat", "A"),), hostile=True,
              threats=(threat, NONE, NONE, NONE, NONE))
    s = apply(s, End())
    assert s.foes[0].spaces == ("C",)
    assert "attacks Grumple" in texts(s) and s.wounds == (1, 0) and threat in s.discard


def test_an_enemy_s_way_is_the_core_s_cheapest_path_at_an_enemy_s_cost_on_every_page_of_the_book() -> None:
    """The enemy turn counts crossings (every line an enemy may cross costs it 1) instead of the
    core's weighted searches: the same distances, and the same first steps, ties and all."""
    pages = (*ENGINE.new_game(0).book.pages, page())  # the starter book's and the tests' map
    graphs = [mission._graph(p) for p in pages]  # each page's own graph
    assert graphs
    for graph in graphs:
        for here in graph.spaces:
            costs = graph.costs_from(here, cost=mission.enemy_cost)
            assert dict(graph.hops_from(here, through=mission._passable)) == dict(costs)
            assert graph.hop_counts(here, through=mission._passable) == dict(costs)
            for goal in costs:
                path = graph.shortest_path(here, goal, cost=mission.enemy_cost)
                assert path is not None
                for speed in (1, 2, 3, len(graph.spaces)):
                    assert mission._enemy_path(graph, here, goal, speed, costs[goal]) == list(path[0][1:1 + speed])


def test_an_enemy_s_sight_is_the_core_s_line_of_sight_on_every_page_of_the_book() -> None:
    """The enemy turn counts the spaces in sight as the core's ``sight_distances`` does."""
    for graph in [mission._graph(p) for p in (*ENGINE.new_game(0).book.pages, page())]:
        for here in graph.spaces:
            for reach in (0, 1, 2, 5, None):
                assert graph.hop_counts(here, through=mission._sees, max_hops=reach) == dict(
                    graph.sight_distances(here, reach))


def test_no_enemy_turn_while_threat_cards_are_fewer_than_enemies() -> None:
    s = table(players=2, spaces=("C", "C"), foes=(foe("raider_rat", "A"), foe("scorpion", "A")), hostile=True,
              threats=(card("black", 2), NONE, NONE, NONE, NONE))
    s = apply(s, End())
    assert s.foes[0].spaces == ("A",) and s.wounds == (0, 0)


def test_a_character_with_cards_defends_with_an_opposed_test() -> None:
    s = table(players=2, spaces=("A", "D"), foes=(foe("raider_rat", "A"),), hostile=True,
              hands=((card("blue", 3),), ()), threats=(card("black", 1), NONE, NONE, NONE, NONE))
    s = apply(s, End())
    assert s.phase is Phase.TEST and s.test is not None and s.test.kind == "defend" and s.test.who == 0
    s = apply(apply(s, Card(card("blue", 3))), Done())
    assert "tests blue" in texts(s) and s.phase is not Phase.TEST


def test_ranged_attacks_need_sight_a_solid_white_line_is_seen_through() -> None:
    green = card("green", 2)
    s = table(hands=((green,), ()), spaces=("B", "A"), hostile=True,
              foes=(foe("raider_rat", "E"), foe("scorpion", "D")))
    assert Ranged(0) in legal_actions(s)  # B sees E through the wall
    s = replace(s, spaces=("A", "A"), foes=(foe("raider_rat", "D"),))
    assert Ranged(0) not in legal_actions(s)  # A does not see D through the double line


# -- Defeat ---------------------------------------------------------------------------------------

def test_a_boss_has_as_much_life_as_there_are_characters() -> None:
    boss = ENEMY_NAMES.index("rust_lord")
    assert life_of(table(), boss) == 2
    assert life_of(table(players=4), boss) == 4
    work = Work(table(foes=(foe("rust_lord", "A"),), hostile=True))
    hurt_foe(work, 0, 0)
    assert len(work.foes) == 1
    hurt_foe(work, 0, 0)
    assert work.foes == () and not work.hostile  # the last enemy gone, the situation is safe


def test_the_last_enemy_of_an_encounter_gives_its_loot() -> None:
    s = run(table(), Encounter(("scorpion",), ("A",), True, Prize((("scrap", 2),), batteries=1)))
    work = Work(s)
    hurt_foe(work, 0, 1, life_of(s, ENEMY_NAMES.index("scorpion")))
    s = work.finish()
    assert s.dials[SCRAP] == 3 + 2 and s.batteries == (0, 1)


def test_a_character_flees_and_returns_seriously_wounded_when_safe() -> None:
    s = table(players=2, wounds=(3, 0), spaces=("A", "C"), statuses=(("dazed",), ()))
    s = run(s, Wound(1))
    assert s.spaces[0] == "" and s.fled[0] and s.statuses[0] == () and s.wounds[0] == 0
    assert s.dials[TIME] == 1
    assert s.active == 1 and s.phase is Phase.DRAW  # the fled character's turn is over
    s = apply(apply(s, Draw()), End())  # Whisper's turn; then Grumple's: safe, back at Whisper's space
    assert s.active == 0 and s.spaces[0] == "C" and s.statuses[0] == ("seriously_wounded",)


def test_every_character_out_at_once_fails_the_mission() -> None:
    s = run(table(wounds=(3, 3), spaces=("A", "A")), Wound(1, everyone=True))
    assert s.phase is Phase.OVER and s.ending == "all_fled"


# -- The turn ---------------------------------------------------------------------------------------

def test_the_draw_step_puts_threat_cards_on_the_track() -> None:
    black = card("black", 1)
    s = table(phase=Phase.DRAW)
    s = replace(s, deck=(black, *(k for k in s.deck if k != black)))
    s = apply(s, Draw())
    assert s.threats[0] == black and len(s.hands[0]) == 4 and s.phase is Phase.ACT


def test_the_calamity_resolves_once_a_page() -> None:
    the_book = book(page(1, entry("calamity", Trigger.CALAMITY, Dial("clues", 1)), calamity=3))
    calamity = card("calamity", 0)
    s = table(the_book, phase=Phase.DRAW)
    s = replace(s, deck=(calamity, *(k for k in s.deck if k != calamity)), dials=(5, 3, 5, 5, 0, 3))
    s = apply(s, Draw())
    assert s.dials[CLUES] == 1 and s.calamity_done and calamity in s.discard
    again = replace(s, phase=Phase.DRAW, hands=((), ()), deck=(calamity, *s.deck),
                    discard=tuple(k for k in s.discard if k != calamity), stack=s.stack)
    assert apply(again, Draw()).dials[CLUES] == 1


def test_safe_with_four_threat_cards_reads_the_threat_entry() -> None:
    the_book = book(page(1, entry("threat", Trigger.THREAT, Dial("food", -1))))
    four = (card("black", 1), card("black", 2), card("black", 3), card("black", 1, (card("black", 1),)), NONE)
    s = apply(table(the_book, threats=four), End())
    assert s.dials[FOOD] == 4
    three = four[:3] + (NONE, NONE)
    assert apply(table(the_book, threats=three), End()).dials[FOOD] == 5


def test_nesting_heals_for_food_and_clears_statuses() -> None:
    s = table(players=2, wounds=(2, 0), toxic=(0, 1), statuses=(("dazed",), ()), spaces=("A", "A"))
    s = apply(s, End())
    assert s.phase is Phase.NEST
    s = apply(s, Nest())
    assert s.phase is Phase.EAT and legal_actions(s) == (Eat(), Pass())
    s = apply(s, Eat())
    assert s.wounds == (1, 1) and s.toxic == (0, 0) and s.statuses == ((), ())
    assert s.dials[FOOD] == 4 and s.dials[TIME] == 1 and s.active == 1


def test_cheer_gives_a_card_to_a_character_holding_two_or_fewer() -> None:
    red1 = card("red", 1)
    s = table(hands=((red1,), (card("blue", 1), card("blue", 2), card("blue", 3))))
    assert Cheer(red1, 1) not in legal_actions(s)
    s = replace(s, hands=((red1,), (card("blue", 1),)))
    s = apply(s, Cheer(red1, 1))
    assert s.hands == ((), (card("blue", 1), red1))


def test_equip_moves_items_between_pack_and_slots_and_trades_in_a_space() -> None:
    knife = ITEM_NAMES.index("steak_knife")
    s = table(hands=((card("red", 1), card("red", 2)), ()), spaces=("A", "A"))
    s = apply(s, Equip(card("red", 2)))  # any card pays: the player's choice
    assert s.phase is Phase.EQUIP and card("red", 2) in s.discard and s.hands[0] == (card("red", 1),)
    s = apply(s, Stow(knife, 0))
    assert knife in s.pack[0] and knife not in s.gear[0]
    assert Wear(knife, 0) not in legal_actions(s) and Stow(knife, 1) not in legal_actions(s)  # moved once
    s = apply(s, Done())
    assert s.phase is Phase.ACT
    s = apply(apply(s, Equip(card("red", 1))), Wear(knife, 1))
    assert knife in s.gear[1]


def test_a_choice_is_the_reader_s_and_runs_the_option_taken() -> None:
    s = run(table(), Choice((Option("rest", (Dial("food", 1),)), Option("win", (EndMission(True),)))))
    assert s.phase is Phase.CHOICE and set(legal_actions(s)) == {Pick(0), Pick(1)}
    assert apply(s, Pick(0)).dials[FOOD] == 6
    assert apply(s, Pick(1)).ending == "mission_won"


# -- Pages --------------------------------------------------------------------------------------------

def test_a_revisited_page_places_no_token_and_reads_only_its_revisit_entries() -> None:
    first = page(1, entry("1-1", Trigger.SPACE, Dial("clues", 1), space="B", revisit=True),
                 entry("1-2", Trigger.SPACE, Dial("scrap", 1), space="E"))
    first = replace(first, entries=(entry("begin", Trigger.BEGIN, Dial("food", 1)), *first.entries[1:]))
    s = table(book(first, page(2)))
    assert s.dials[FOOD] == 6 and len(s.caches) == 1
    s = run(run(s, GoToPage(2)), GoToPage(1))
    assert s.page == 1 and s.revisit and s.caches == () and s.dials[FOOD] == 6
    s = replace(s, phase=Phase.ACT, stack=s.stack[:-1] + (s.stack[-1],), hands=((card("red", 3),), ()),
                active=0, spaces=("A", "A"), deck=tuple(k for k in s.deck if k != card("red", 3)))
    s = replace(s, phase=Phase.ACT)
    s = apply(apply(s, Move(card("red", 3))), Step(B))
    assert s.dials[CLUES] == 1  # 1-1 has the revisit symbol


def test_a_view_holds_no_unread_entry_s_text_or_effects() -> None:
    secret = entry("1-7", Trigger.SPACE, EndMission(True), space="F")
    s = table(book(page(1, secret), page(2)))
    seen = view(s, 0)
    assert [p.number for p in seen.book.pages] == [1]
    hidden = next(e for e in seen.book.pages[0].entries if e.id == "1-7")
    assert hidden.text == "" and hidden.effects == () and hidden.space == "F"


def test_anything_in_any_field_is_refused() -> None:
    s = table(hands=((card("red", 1),), ()))
    for bad in (Move("x"), Move(99), Step(-1), Card(3), Scavenge(0)):  # type: ignore[arg-type]
        with pytest.raises(IllegalAction):
            apply(s, bad)


# -- More clauses -----------------------------------------------------------------------------------

def test_recovering_from_a_status_is_eased_by_each_companion_in_the_space() -> None:
    dazed = STATUS_NAMES.index("dazed")  # removed by a blue test of 3
    s = table(players=4, hands=((card("blue", 1),), (), (), ()), spaces=("A", "A", "A", "F"),
              statuses=(("dazed",), (), (), ()))
    s = apply(s, Recover(dazed))
    assert s.test is not None and s.test.difficulty == 3 - 2 and s.test.kind == "recover"


def test_a_random_encounter_draws_non_boss_cards_of_the_type() -> None:
    s = run(table(), RandomEncounter("predator", 3, ("C",), True))
    names = {ENEMY_NAMES[f.card] for f in s.foes}
    assert names == {"crow", "garden_snake"} and s.hostile  # the bosses are not drawn


def test_an_encounter_card_is_revealed_discarded_and_generated() -> None:
    s = table()
    top = s.encounter_deck[0]
    s = run(s, EncounterCard(("E",)))
    assert s.encounter_discard == (top,) and top not in s.encounter_deck
    assert {ENEMY_NAMES[f.card] for f in s.foes} == set(ENCOUNTER_CARDS[top].enemies)


def test_batteries_go_on_an_item_when_equipped_and_a_nest_discards_them() -> None:
    pistol = ITEM_NAMES.index("one_shot")  # 1 more per battery on it
    s = table(players=2, hands=((card("red", 1), card("red", 2)), ()), batteries=(2, 0),
              gear=((NONE,) * 5, (NONE,) * 5), pack=((pistol,), ()), wounds=(1, 0),
              item_deck=tuple(i for i in table().item_deck if i != pistol))
    s = apply(apply(s, Equip(card("red", 1))), Wear(pistol, 0))
    s = apply(apply(s, Charge(pistol)), Charge(pistol))  # the player places as many as it likes
    k = s.gear[0].index(pistol)
    assert s.charge[0][k] == 2 and s.batteries == (0, 0) and Charge(pistol) not in legal_actions(s)
    s = apply(s, Done())
    assert bonus_of(s, 0, "green", "ranged") == ITEMS[pistol].bonus + 2
    s = apply(apply(apply(s, End()), Nest()), Pass())  # character 0 does not eat
    assert s.charge[0] == (0,) * 5


def test_abilities_are_paid_with_white_cards() -> None:
    white1, white2 = card("white", 1), card("white", 2)
    s = table(players=2, characters=("meziah", "whisper"), hands=((white1, white2), ()), spaces=("A", "A"))
    s = apply(s, Ability(NONE, 0))
    assert s.phase is Phase.PAY and set(legal_actions(s)) == {Card(white1), Card(white2)}  # the player's choice
    s = apply(s, Card(white2))  # Team Focus costs 2: paid with one card
    assert s.focus == 2 and s.hands[0] == (white1,) and white2 in s.discard  # 1 + a companion beside him
    s = table(players=2, characters=("whisper", "meziah"), hands=((white2,), ()), spaces=("A", "A"))
    assert Ability(D, 5) in legal_actions(s) or Ability(B, 5) in legal_actions(s)
    s = apply(apply(s, Ability(B, 5)), Card(white2))
    assert s.spaces[0] == "B"


def test_the_bookkeeper_chooses_among_characters_equally_near_an_enemy() -> None:
    # the rat at B is one line from Grumple at A (dashed) and from Whisper at C (red: 1 for it)
    s = table(players=2, spaces=("A", "C"), foes=(foe("raider_rat", "B"),), hostile=True,
              threats=(card("black", 1), NONE, NONE, NONE, NONE))
    s = apply(s, End())
    assert s.phase is Phase.CHOOSE and s.candidates == (0, 1) and legal_actions(s) == (Choose(0), Choose(1))
    s = apply(s, Choose(1))
    assert s.foes[0].spaces == ("C",) and s.wounds == (0, 1) and "attacks Whisper" in texts(s)


# -- Clauses checked one by one from hand-built tables (draw, scavenge, defence, nest, travel) --------

def test_the_discard_is_shuffled_into_a_new_action_deck_when_the_deck_runs_short() -> None:
    two = (card("red", 1), card("red", 2))
    rest = (card("blue", 1), card("blue", 2), card("blue", 3), card("green", 1), card("green", 2))
    s = table(phase=Phase.DRAW, deck=two, discard=rest)
    s = apply(s, Draw())
    assert len(s.hands[0]) == 5 and set(two) <= set(s.hands[0])
    assert s.discard == () and sorted(s.hands[0] + s.deck) == sorted(two + rest)
    assert "the discard pile is shuffled into a new action deck" in texts(s)


def test_a_scavenge_test_passed_reveals_the_token_and_gives_its_prize() -> None:
    yellow3, red3 = card("yellow", 3), card("red", 3)
    food_2 = next(k for k, c in enumerate(CACHES) if c.prize == Prize((("food", 2),)))
    s = table(hands=((yellow3, red3), ()), caches=(Cache("A", 4, food_2),), piles=((), (), ()))
    s = apply(s, Scavenge(0))
    s = apply(apply(apply(s, Card(yellow3)), Card(red3)), Done())  # 6 and the white die against 4
    assert s.caches == () and s.taken == (food_2,) and s.dials[FOOD] == 5 + 2
    assert "finds the token's prize" in texts(s)


def test_a_failed_defence_against_a_toxic_attack_gives_a_toxic_wound() -> None:
    blue1 = card("blue", 1)
    s = run(table(hands=((blue1,), ())), BookAttack(30, toxic=True))
    assert s.phase is Phase.TEST and s.test is not None and s.test.kind == "defend" and s.test.toxic
    s = apply(apply(s, Card(blue1)), Done())
    assert s.toxic[0] == 1 and s.wounds[0] == 0


def test_nesting_repairs_the_broken_items_the_scrap_pays_for() -> None:
    """Seed, "Nido" step 5: "Los jugadores deben acordar como equipo qué elementos se arreglan y a
    qué personajes se asignan esos elementos": the bookkeeper chooses, the character assigned
    equips or packs it."""
    helmet = ITEM_NAMES.index("thimble_helmet")   # repair 1
    walnut = ITEM_NAMES.index("walnut_helm")      # repair 3
    s = table(players=2, spaces=("A", "A"), broken=(walnut, helmet), dials=(5, 2, 5, 5, 0, 0), bookkeeper=1)
    s = apply(apply(s, End()), Nest())
    assert s.phase is Phase.REPAIR and current_player(s) == 1  # only what the scrap pays for is offered
    assert set(legal_actions(s)) == {Repair(helmet, 0), Repair(helmet, 1), Done()}
    s = apply(s, Repair(helmet, 0))
    assert s.phase is Phase.GAIN and current_player(s) == 0 and s.dials[SCRAP] == 1
    s = apply(s, Wear(helmet, 0))
    assert s.broken == (walnut,) and helmet in s.gear[0] and s.phase is Phase.DRAW


def test_travel_leaves_the_page_for_the_location_the_bookkeeper_picks() -> None:
    s = run(table(book(page(1), page(2), page(3))), Travel((2, 3)))
    assert s.phase is Phase.TRAVEL and s.travel == (2, 3)
    assert set(legal_actions(s)) == {Go(0), Go(1)}
    s = apply(s, Go(1))
    assert s.page == 3 and s.spaces[0] == "A" and s.threats == (NONE,) * 5


def test_every_action_id_decodes_to_itself_and_a_stranger_has_none() -> None:
    """``action_id`` is ``decode``'s inverse over every id; anything that is not an action of
    the game, or has a field that is not an int or lies out of its kind's range, is refused."""
    state = new_game(0)
    assert [action_id(state, decode(state, i)) for i in range(COUNT)] == list(range(COUNT))
    for stranger in ("move c1", None, 3, Move("1"), Move(True), Move(-1), Move(10**9), Cheer(1, 4), Cheer(-1, 0),
                     Equip(True), Wear(0, True), Repair(-1, 0), Ability(-2, 0), Pick(2**70)):
        with pytest.raises(IllegalAction, match="has no action id in Aftermath"):
            action_id(state, stranger)  # type: ignore[arg-type]
