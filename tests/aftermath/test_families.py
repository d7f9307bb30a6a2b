"""The card families of the seed's components beyond the decks of a turn, each from a hand-built
table (``tables.py``): colony upgrades (items showing the Stash slot), ability cards, character
influence cards, environment cards, vehicle travel cards; and the box's 8 battery tokens."""

from __future__ import annotations

import pytest

from tests.aftermath.tables import book, card, foe, page, table
from wasteland.core.game import ConfigError, IllegalAction
from wasteland.core.records import replace
from wasteland.aftermath import Ability, Card, apply, legal_actions, new_game, render
from wasteland.aftermath.actions import Drive, Exit, Go, Influence, action_id, decode, notation
from wasteland.aftermath.book import (
    ABILITY_NAMES as BOOK_ABILITY_NAMES, ENVIRONMENT_NAMES as BOOK_ENVIRONMENT_NAMES,
    VEHICLE_NAMES as BOOK_VEHICLE_NAMES, Batteries, ClearEnvironment, DrawItems, Environment, GainItem, GoToPage,
    ExitPage, Learn, Travel, Vehicle, Wound,
)
from wasteland.aftermath.campaign import finish_mission, new_campaign, start_mission
from wasteland.aftermath.card_set import DESIGNED, card_set_data, read_card_set
from wasteland.aftermath.cards import (
    ABILITY_CARDS, ABILITY_NAMES, BATTERIES, CHARACTER_NAMES, ENVIRONMENT_NAMES, INFLUENCE_CARDS, ITEM_NAMES, ITEMS,
    NONE, STASH, VEHICLE_NAMES,
)
from wasteland.aftermath.rules import ENGINE
from wasteland.aftermath.state import Ending, Phase, Resume, State
from wasteland.aftermath.turn import bonus_of
from wasteland.aftermath.vocabulary import DIALS

SCRAP, TIME = DIALS.index("scrap"), DIALS.index("time")


def run(state: State, *effects: object) -> State:
    """``state`` with ``effects`` resolved in order by the driver, then back to the actions."""
    return ENGINE.settle(replace(state, stack=(Resume(), *reversed(effects))))


def ability(name: str) -> int:
    return ABILITY_NAMES.index(name)


def test_the_families_have_the_seeds_counts_and_the_books_names() -> None:
    """Seed, components: 20 ability cards, 4 character influence cards, 10 environment cards, 13
    vehicle travel cards; each character more than one ability card (*design*: 5, its starting one
    first); the names a book may use are the cards'."""
    assert (len(ABILITY_CARDS), len(INFLUENCE_CARDS), len(ENVIRONMENT_NAMES), len(VEHICLE_NAMES)) == (20, 4, 10, 13)
    for name in CHARACTER_NAMES:
        own = [a for a in ABILITY_CARDS if a.character == name]
        assert len(own) == 5 and own[0].starting and not any(a.starting for a in own[1:])
        assert sum(1 for x in INFLUENCE_CARDS if x.character == name) == 1
    assert (BOOK_ABILITY_NAMES, BOOK_ENVIRONMENT_NAMES, BOOK_VEHICLE_NAMES) == (
        frozenset(ABILITY_NAMES), frozenset(ENVIRONMENT_NAMES), frozenset(VEHICLE_NAMES))
    assert all(a.provenance.startswith(("design", "public")) for a in ABILITY_CARDS)


# -- Ranuras de equipo / Artículos: colony upgrades -----------------------------------------------

def test_items_showing_the_stash_slot_always_go_to_the_colony_supply_when_drawn() -> None:
    """Seed: "Los artículos que muestran una ranura de equipo Stash siempre se agregan a la caja de la
    baraja de suministros de la colonia cuando se extraen"; "si es una mejora de la colonia,
    agréguelo a la caja del mazo de suministros de la colonia": not equipped, packed nor scrapped,
    drawn intact or broken."""
    upgrades = [k for k, i in enumerate(ITEMS) if i.slot == STASH]
    assert len(upgrades) == 4
    s = table()
    s = replace(s, item_deck=(upgrades[0], upgrades[1], *(i for i in s.item_deck if i not in upgrades[:2])))
    s = run(s, DrawItems(1), DrawItems(1, broken=True))
    assert s.phase is Phase.ACT and s.outing.supply == (ITEM_NAMES[upgrades[0]], ITEM_NAMES[upgrades[1]])
    assert upgrades[1] not in s.broken and "to the colony supply" in render(s)
    s = run(s, GainItem(ITEM_NAMES[upgrades[2]]))
    assert s.outing.supply[-1] == ITEM_NAMES[upgrades[2]] and upgrades[2] not in s.item_deck


def test_a_colony_upgrade_stays_in_the_colony_supply_and_raises_its_dial_each_colony_phase() -> None:
    """*Design* (the seed says only that upgrades go to the colony supply): the campaign keeps them
    out of the item deck, and each raises its dial (the workbench: scrap +1) in every colony phase."""
    campaign = new_campaign()
    state = start_mission(campaign, 3, ["grumple", "whisper"])
    bench = ITEM_NAMES.index("workbench")
    state = replace(state, item_deck=tuple(i for i in state.item_deck if i != bench),
                    outing=replace(state.outing, supply=("workbench",)), phase=Phase.OVER,
                    ending=Ending.FAILED.value, stack=())
    after = finish_mission(campaign, state)
    assert after.upgrades == ("workbench",)
    assert after.dials[SCRAP] == min(15, state.dials[SCRAP] + 1)
    again = start_mission(after, 4, ["grumple", "whisper"])
    assert bench not in again.item_deck and again.options.campaign is not None
    assert again.options.campaign.upgrades == ("workbench",)


# -- Acción: Activar habilidad: the ability cards -------------------------------------------------

def test_activate_ability_chooses_any_ability_card_the_character_holds() -> None:
    """Seed: "Puedes activar una de las habilidades especiales de tu personaje": each character
    starts with its starting ability card; a book's ``learn`` brings another out of its deck box
    (to its character, when in the party; once)."""
    white2 = card("white", 2)
    s = table(players=2, characters=("whisper", "grumple"), hands=((white2,), ()), spaces=("A", "A"),
              wounds=(1, 2))
    assert s.outing.abilities == (("tumble",), ("throw",))
    s = run(s, Learn("field_dressing"), Learn("field_dressing"), Learn("steady_aim"))
    assert s.outing.abilities == (("tumble", "field_dressing"), ("throw",))
    legal = legal_actions(s)
    assert Ability(NONE, ability("field_dressing")) in legal and any(
        isinstance(a, Ability) and a.card == ability("tumble") for a in legal)
    s = apply(apply(s, Ability(NONE, ability("field_dressing"))), Card(white2))
    assert s.phase is Phase.ACT and s.wounds == (0, 1)  # herself and the companion beside her
    assert "Field Dressing 2" in render(s)


@pytest.mark.parametrize("kind", ["calm", "rally", "focus", "throw"])
def test_each_kind_of_ability_card_does_what_it_says(kind: str) -> None:
    white2, white1 = card("white", 2), card("white", 1)
    names = {"calm": "war_cry", "rally": "jury_rig", "focus": "stubborn", "throw": "throw"}
    who = next(a.character for a in ABILITY_CARDS if a.name == names[kind])
    s = table(players=2, characters=(who, "whisper"), hands=((white2, white1), ()), spaces=("A", "A"),
              threats=(card("black", 1), card("black", 2), NONE, NONE, NONE),
              foes=(foe("raider_rat", "B"),), hostile=True)
    s = run(s, Learn(names[kind]))
    target = 16 if kind == "throw" else NONE  # the rat's only figure: MAX_SPACES + slot 0, figure 0
    s = apply(apply(s, Ability(target, ability(names[kind]))), Card(white2))
    if kind == "calm":
        assert s.threats[:2] == (card("black", 1), NONE)
    elif kind == "rally":
        assert len(s.hands[0]) >= 2 or any(t != NONE for t in s.threats[2:])  # 2 drawn (threat cards go on)
    elif kind == "focus":
        assert s.focus == 2
    else:
        assert s.foes[0].wounds == (1,)


def test_an_ability_action_names_its_card_in_words_and_ids() -> None:
    s = table(players=2, characters=("whisper", "grumple"), spaces=("A", "A"))
    a = Ability(1, ability("tumble"))
    assert notation(s, a) == "ability tumble B" and decode(s, action_id(s, a)) == a
    with pytest.raises(IllegalAction):
        action_id(s, Ability(NONE, 99))


# -- character influence cards --------------------------------------------------------------------

def test_an_influence_card_is_played_once_a_mission_at_no_cards_cost() -> None:
    """*Design* (the seed lists the 4 influence cards, one in each character deck box): the
    character plays it as an action that costs no card, once a mission (Whisper's Kind Heart heals
    1 wound of hers and of each companion in her space)."""
    s = table(players=2, characters=("whisper", "grumple"), hands=((card("red", 1),), ()), spaces=("A", "A"),
              wounds=(1, 1))
    assert Influence() in legal_actions(s)
    s = apply(s, Influence())
    assert s.wounds == (0, 0) and s.hands[0] == (card("red", 1),) and s.outing.influenced == (0,)
    assert Influence() not in legal_actions(s) and "Kind Heart (played)" in render(s)


# -- environment cards ----------------------------------------------------------------------------

def test_an_environment_card_changes_tests_while_in_play_on_the_page() -> None:
    """*Design* (seed, setup step 8: a face-up environment deck the book calls on): darkness takes
    1 off every ranged test while in play; ``clear_environment`` and leaving the page end it."""
    s = table(characters=("meziah", "whisper"))
    before = bonus_of(s, 0, "green", "ranged")
    s = run(s, Environment("darkness"), Environment("cold_snap"))
    assert bonus_of(s, 0, "green", "ranged") == before - 1 and bonus_of(s, 0, "red", "melee") == \
        bonus_of(table(characters=("meziah", "whisper")), 0, "red", "melee") - 1
    assert run(s, ClearEnvironment("darkness")).outing.environment == ("cold_snap",)
    assert run(s, ClearEnvironment()).outing.environment == ()
    two = book(page(1), page(2))
    s = run(table(two), Environment("downpour"), GoToPage(2))
    assert s.page == 2 and s.outing.environment == ()


# -- vehicle travel cards -------------------------------------------------------------------------

def test_a_vehicle_travel_card_drives_the_party_for_its_fuel_and_no_day() -> None:
    """*Design* (the seed lists 13 vehicle travel cards and the truck and jeep standees): the book
    gives the party a card; on a travel the bookkeeper may drive: the card is spent, its fuel paid
    in scrap, its road's dial changed, and the trip costs no day."""
    campaign = new_campaign()
    s = start_mission(campaign, 3, ["grumple", "whisper"])
    s = replace(s, stack=(Resume(),), phase=Phase.ACT, events=())
    s = run(s, Vehicle("rc_car"), Vehicle("rc_car"), Travel(()))
    assert s.phase is Phase.TRAVEL and s.outing.vehicles == ("rc_car",)
    drives = [a for a in legal_actions(s) if isinstance(a, Drive)]
    assert len(drives) == sum(1 for a in legal_actions(s) if isinstance(a, Go)) > 0
    scrap, time, morale = s.dials[SCRAP], s.dials[TIME], s.dials[DIALS.index("morale")]
    s = apply(s, drives[0])
    assert s.outing.vehicles == () and s.dials[SCRAP] == scrap - 1 and s.dials[TIME] == time
    assert s.dials[DIALS.index("morale")] == morale + 1 and not s.outing.driving
    assert any(e.text.startswith("the party drives to") for e in s.events)
    walked = apply(run(replace(s, stack=(Resume(),), phase=Phase.ACT, events=()), Travel(())), Go(0))
    assert any(e.text.endswith(": +1 time") for e in walked.events)  # walking costs the day


# -- Componentes: 8 battery tokens ---------------------------------------------------------------

def test_the_box_holds_8_batteries_and_a_gain_takes_what_is_left() -> None:
    """Seed, components: "8 fichas de batería": what the characters hold and what is on their items
    never passes 8; a prize or an effect gives what is left in the box."""
    s = table(players=2, characters=("ringr", "whisper"), batteries=(5, 0))
    k = s.gear[0].index(ITEM_NAMES.index("one_shot"))
    s = replace(s, charge=tuple(tuple(2 if (c, j) == (0, k) else 0 for j in range(5)) for c in range(2)))
    s = run(s, Batteries(3))
    assert s.batteries == (6, 0) and sum(s.batteries) + sum(map(sum, s.charge)) == BATTERIES
    assert run(s, Batteries(2)).batteries == (6, 0)


# -- a card set of one's own ----------------------------------------------------------------------

def test_a_card_set_of_ones_own_replaces_each_family_and_is_checked() -> None:
    data = card_set_data(DESIGNED)
    back = read_card_set(data)
    assert back is not None and card_set_data(back) == data
    data["abilities"][0]["cost"] = 1
    data["environments"][0]["bonus"] = -3
    own = read_card_set(data)
    assert own is not None and own.abilities[0].cost == 1 and own.environments[0].bonus == -3
    s = new_game(1, characters=["meziah", "whisper"], cards=data)
    assert s.options.cards == own
    data["vehicles"][2]["fuel"] = 9
    with pytest.raises(ConfigError, match=r"cards\.vehicles\[2\]\.fuel: .*from 0 to 5"):
        read_card_set(data)
    data = card_set_data(DESIGNED)
    data["influences"][1]["name"] = "other"
    with pytest.raises(ConfigError, match=r"cards\.influences\[1\]\.name: influence card 'kind_heart' keeps"):
        read_card_set(data)


# -- Dejando una página: characters leave one by one ----------------------------------------------

def test_when_every_character_not_defeated_has_left_a_page_the_party_leaves_it() -> None:
    """Seed, "Dejando una página": *"Cuando todos los personajes no derrotados hayan abandonado una
    página ... resuelva todo lo siguiente"*: a way off the page (the book's ``exit_page``) lets a
    character standing on it leave alone (its turn ends; it waits beyond the page); when the last
    character still standing leaves, the party goes on, by the steps of leaving a page."""
    two = book(page(1), page(2))
    s = table(two, players=2, characters=("grumple", "whisper"), spaces=("F", "A"))
    s = run(s, ExitPage(2, "F"))
    assert Exit() in legal_actions(s) and notation(s, Exit()) == "exit"
    s = apply(s, Exit())
    assert s.page == 1 and s.spaces == ("", "A") and s.outing.ahead == (0,) and s.active == 1
    assert "left by it: Grumple" in render(s)
    assert Exit() not in legal_actions(s)  # Whisper is not on the way off
    s = replace(s, spaces=("", "F"), phase=Phase.ACT)
    s = apply(s, Exit())
    assert s.page == 2 and s.spaces == ("A", "A") and s.outing.ahead == () and not s.outing.exit_page
    assert s.bookkeeper == 1  # the steps of leaving: the dashboard passed left


def test_a_character_who_flees_does_not_keep_the_party_on_a_page_the_others_have_left() -> None:
    """Only the characters not defeated count: one left, the other flees: the party goes on (not a
    failed mission: not every character was defeated)."""
    two = book(page(1), page(2))
    s = table(two, players=2, characters=("grumple", "whisper"), spaces=("F", "A"), wounds=(0, 3))
    s = apply(run(s, ExitPage(2, "F")), Exit())
    s = run(replace(s, active=1, reader=1, phase=Phase.ACT), Wound(1))
    assert s.phase is not Phase.OVER and s.page == 2 and s.spaces == ("A", "A")


def test_each_ability_card_is_activated_at_most_once_a_turn() -> None:
    """*Design* (the seed is silent on repeats): each ability card once a turn, so that no turn
    goes on for ever (a rally draws cards); the next turn it may be activated again."""
    white2, other2 = card("white", 2), card("white", 2, skip=(card("white", 2),))
    s = table(players=2, characters=("grumple", "whisper"), hands=((white2, other2), ()), spaces=("A", "A"))
    s = run(s, Learn("stubborn"))
    s = apply(apply(s, Ability(NONE, ability("stubborn"))), Card(white2))
    assert s.focus == 2 and other2 in s.hands[0]
    assert not any(isinstance(a, Ability) and a.card == ability("stubborn") for a in legal_actions(s))
    assert replace(s, this_turn=()).outing == s.outing and any(
        isinstance(a, Ability) and a.card == ability("stubborn") for a in legal_actions(replace(s, this_turn=())))
