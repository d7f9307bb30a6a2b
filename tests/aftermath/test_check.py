"""The book checker: each kind of broken book is found, with its page and entry named, and
``wasteland book check`` reports it with the right exit code."""

from __future__ import annotations

import builtins
import json
import random
import re
import shlex
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wasteland.aftermath.book import (
    DEFAULT_BOOK_PATH, DEMO_CAMPAIGN_PATH, Discover, Goal, LiftCap, EFFECT_NAMES, SHARED_NAMES, Batteries, Book,
    BookAttack, Choice, Dial, DrawItems, Effect,
    Encounter, EncounterCard, EndMission, GainItem, GoToPage, GroupTask, Hunt, Mission, Option, PlaceTokens,
    RandomEncounter, Read, RemoveTokens, Situation, Status, Travel, Wound, read_book, Learn, Environment,
    ClearEnvironment, Vehicle, ExitPage,
)
from wasteland.aftermath.book import Test as SkillTest
from wasteland.aftermath.card_set import DESIGNED, CardSet, card_set_data
from wasteland.aftermath.cards import ENEMIES
from wasteland.aftermath.check import (
    LANDS, Problem, check_book, effect_references, read_for_check, skill_reach,
)
from wasteland.aftermath import apply, legal_actions, new_game, outcome
from wasteland.aftermath.vocabulary import Attribute
from wasteland.cli import main
from wasteland.core.game import ConfigError
from tests.aftermath.strategies import JUNK, STARTER_PATHS, books, set_at



def starter() -> dict[str, Any]:
    """The starter book's JSON data, fresh for each change."""
    data: dict[str, Any] = json.loads(DEFAULT_BOOK_PATH.read_text(encoding="utf-8"))
    return data


def page_of(data: dict[str, Any], number: int) -> dict[str, Any]:
    return next(p for p in data["pages"] if p["number"] == number)


def entry_of(data: dict[str, Any], number: int, entry: str) -> dict[str, Any]:
    return next(e for e in page_of(data, number)["entries"] if e["id"] == entry)


def found(data: dict[str, Any]) -> list[str]:
    return [str(p) for p in check_book(read_for_check(data))]


def errors(data: dict[str, Any]) -> list[str]:
    return [str(p) for p in check_book(read_for_check(data)) if not p.warning]


def warnings(data: dict[str, Any]) -> list[str]:
    return [str(p) for p in check_book(read_for_check(data)) if p.warning]


def with_entry(book: Book, page: int, entry: str, **changes: Any) -> Book:
    """The book record with one entry changed (to build what the reader would refuse)."""
    pages = tuple(attrs.evolve(p, entries=tuple(attrs.evolve(e, **changes) if e.id == entry else e
                                                for e in p.entries)) if p.number == page else p
                  for p in book.pages)
    return attrs.evolve(book, pages=pages)


@pytest.fixture
def book() -> Book:
    return read_book(starter(), SHARED_NAMES)


def test_the_starter_book_has_no_problem_and_no_warning(book: Book) -> None:
    assert check_book(book) == ()


def test_a_problem_says_page_entry_and_what_is_wrong_in_one_line() -> None:
    assert str(Problem(3, "3-2", "reads entry 3-9, which is not on page 3")) == \
        "page 3, entry 3-2: reads entry 3-9, which is not on page 3"
    assert str(Problem(5, "", "has no leave entry", warning=True)) == "page 5: warning: has no leave entry"
    assert str(Problem(None, "", "x")) == "book: x"


# -- references that land nowhere (what the reader refuses, for a Book built in code) ------------


def test_a_read_of_an_entry_not_on_the_page(book: Book) -> None:
    broken = with_entry(book, 3, "3-2", effects=(Read("3-9"),))
    assert "page 3, entry 3-2: reads entry 3-9, which is not on page 3" in map(str, check_book(broken))


def test_a_read_inside_a_branch_of_a_test_or_a_choice_is_checked(book: Book) -> None:
    test = SkillTest(Attribute.RESISTANCE, 5, False, (), (Read("3-8"),))
    choice = Choice((Option("a", (Read("3-7"),)), Option("b", ())))
    said = list(map(str, check_book(with_entry(book, 3, "3-5", effects=(test, choice)))))
    assert "page 3, entry 3-5: reads entry 3-8, which is not on page 3" in said
    assert "page 3, entry 3-5: reads entry 3-7, which is not on page 3" in said


def test_a_go_to_page_or_travel_to_a_page_not_in_the_book(book: Book) -> None:
    said = list(map(str, check_book(with_entry(book, 2, "2-2", effects=(GoToPage(9), Travel((3, 11)))))))
    assert "page 2, entry 2-2: goes to page 9, which is not in the book" in said
    assert "page 2, entry 2-2: goes to page 11, which is not in the book" in said


def test_a_space_an_effect_or_an_entry_names_that_is_not_on_the_page(book: Book) -> None:
    broken = with_entry(book, 4, "4-4", effects=(Hunt(("Z",)),))
    broken = with_entry(broken, 4, "4-5", space="Q")
    said = list(map(str, check_book(broken)))
    assert "page 4, entry 4-4: names space 'Z', which is not on page 4" in said
    assert "page 4, entry 4-5: is read on space 'Q', which is not on page 4" in said


def test_a_mission_whose_pages_or_failure_entry_are_not_in_the_book(book: Book) -> None:
    mission = Mission("Lost", start_page=7, failure_page=8, failure_entry="8-1", time=5)
    said = list(map(str, check_book(attrs.evolve(book, missions=(mission,)))))
    assert "book: mission 'Lost' starts on page 7, which is not in the book" in said
    assert "book: mission 'Lost' fails on page 8, which is not in the book" in said
    mission = Mission("Lost", start_page=2, failure_page=2, failure_entry="2-7", time=5)
    said = list(map(str, check_book(attrs.evolve(book, missions=(mission,)))))
    assert "page 2: mission 'Lost' fails with entry 2-7, which is not on page 2" in said


def test_a_token_or_dial_the_game_does_not_have(book: Book) -> None:
    broken = with_entry(book, 2, "2-1", effects=(Dial("gold", 1), PlaceTokens("gem", ("C",))))
    said = list(map(str, check_book(broken)))
    assert "page 2, entry 2-1: names the dial 'gold', which is not a dial of the campaign" in said
    assert "page 2, entry 2-1: names the token 'gem', which is not a token of the game" in said


def test_a_book_built_in_code_with_what_the_reader_refuses_is_checked_without_failing(book: Book) -> None:
    odd = with_entry(book, 2, "2-3", effects=(SkillTest(Attribute.WHITE, 30, False, (), ()),))
    odd = attrs.evolve(odd, pages=tuple(attrs.evolve(p, lines=tuple(attrs.evolve(ln, kind="rope") for ln in p.lines))
                                        for p in odd.pages))
    said = list(map(str, check_book(odd)))
    assert "page 2, entry 2-3: warning: a white test of 30 is beyond reach: 3 cards of 3, the best bonus and the " \
           "white die's best face make 13" in said
    assert "page 2: warning: space 'B' cannot be reached from the start 'A' (no line a character may cross leads " \
           "there)" in said


# -- names of the card set ------------------------------------------------------------------------


def test_every_enemy_item_status_and_enemy_type_the_card_set_lacks_is_named_with_its_entry() -> None:
    data = starter()
    entry_of(data, 2, "begin")["effects"][0]["enemies"] = ["ghost_rat"]
    entry_of(data, 4, "4-4")["effects"][0]["item"] = "laser_sword"
    entry_of(data, 2, "2-3")["effects"][0]["failure"][0]["status"] = "cursed"
    entry_of(data, 3, "threat")["effects"][0]["enemy_type"] = "ghosts"
    assert errors(data) == [
        "page 2, entry begin: names the enemy card 'ghost_rat', which the card set does not have",
        "page 2, entry 2-3: names the status 'cursed', which the card set does not have",
        "page 3, entry threat: names the enemy type 'ghosts', which the card set does not have",
        "page 4, entry 4-4: names the item 'laser_sword', which the card set does not have",
    ]


def test_names_are_checked_against_the_card_set_given(book: Book) -> None:
    """The enemy cards a book may name are those of the card set played (a set built in code,
    here without the Rust Lord)."""
    without = CardSet(tuple(e for e in ENEMIES if e.name != "rust_lord"))
    assert check_book(book, DESIGNED) == ()
    assert [str(p) for p in check_book(book, without)] == [
        "page 4, entry begin: names the enemy card 'rust_lord', which the card set does not have"]


def test_reading_to_check_still_refuses_what_is_not_a_book() -> None:
    data = starter()
    entry_of(data, 2, "2-2")["effects"][0]["page"] = 9
    with pytest.raises(ConfigError, match=r"book.pages\[0\] \(page 2\).entries\[2\] \(2-2\).effects\[0\].page"):
        read_for_check(data)


# -- reachability ---------------------------------------------------------------------------------


def test_a_page_nothing_goes_to() -> None:
    data = starter()
    extra = json.loads(json.dumps(page_of(data, 4)))
    extra["number"] = 5
    data["pages"].append(extra)
    assert errors(data) == ["page 5: no mission reaches this page (no start, go_to_page or travel of an entry "
                            "that is read leads here)"]


def test_a_page_reached_only_from_a_page_nothing_reaches_is_unreachable_too() -> None:
    data = starter()
    for number in (5, 6):
        extra = json.loads(json.dumps(page_of(data, 4)))
        extra["number"] = number
        data["pages"].append(extra)
    entry_of(data, 5, "leave")["effects"] = [{"do": "go_to_page", "page": 6}]
    assert [e.split(":")[0] for e in errors(data)] == ["page 5", "page 6"]


def test_a_numbered_entry_nothing_reads() -> None:
    data = starter()
    page_of(data, 3)["entries"].append({"id": "3-7", "trigger": "numbered", "text": "Forgotten."})
    assert errors(data) == ["page 3, entry 3-7: is never read: no entry reads it"]


def test_an_entry_read_only_by_entries_never_read() -> None:
    data = starter()
    page_of(data, 3)["entries"] += [
        {"id": "3-7", "trigger": "numbered", "text": "Forgotten.", "effects": [{"do": "read", "entry": "3-8"}]},
        {"id": "3-8", "trigger": "numbered", "text": "Also forgotten."},
    ]
    assert errors(data) == ["page 3, entry 3-7: is never read: no entry reads it",
                            "page 3, entry 3-8: is never read: only entries that are never read read it (3-7)"]


def test_a_token_entry_whose_token_is_never_on_its_space() -> None:
    data = starter()
    entry_of(data, 3, "3-3")["token"] = "fire"
    said = errors(data)
    assert "page 3, entry 3-3: is never read: no fire token is ever on space 'F' (none at setup, none placed " \
           "there by an entry that is read)" in said


def test_a_token_placed_only_by_an_entry_never_read_does_not_count() -> None:
    data = starter()
    # the objective reaches A of page 4 only through 4-2, read from the crate's entry 4-1; take 4-1's reads away
    entry_of(data, 4, "4-1")["effects"] = [{"do": "wound", "amount": 1}]
    said = errors(data)
    assert "page 4, entry 4-2: is never read: no entry reads it" in said
    assert "page 4, entry 4-3: is never read: no objective token is ever on space 'A' (none at setup, none " \
           "placed there by an entry that is read)" in said


def test_a_space_entry_behind_walls_is_never_read() -> None:
    data = starter()
    for line in page_of(data, 4)["lines"]:
        if "B" in (line["a"], line["b"]):
            line["kind"] = "wall"
    assert errors(data) == ["page 4, entry 4-4: is never read: its space 'B' cannot be reached from the start "
                            "'A' (no line a character may cross leads there)"]
    assert "page 4: warning: space 'B' cannot be reached from the start 'A' (no line a character may cross " \
           "leads there)" in warnings(data)


def test_a_space_entry_on_a_start_no_character_can_leave_is_never_read() -> None:
    """Arriving on the start reads nothing: its space entry is read by stepping back onto it."""
    data = starter()
    for line in page_of(data, 4)["lines"]:
        if "A" in (line["a"], line["b"]):
            line["kind"] = "double"
    entry_of(data, 4, "4-4")["space"] = "A"
    assert "page 4, entry 4-4: is never read: its space 'A' is the start, which no line a character may cross " \
           "leaves (arriving on it reads nothing)" in errors(data)
    entry_of(data, 4, "4-5")["space"] = "A"
    page_of(data, 4)["lines"][0]["kind"] = "dashed"  # A to B
    assert not [e for e in errors(data) if "entry 4-4" in e or "entry 4-5" in e]


@pytest.mark.parametrize("host", ["begin", "threat", "leave", "2-1", "choice", "test failure", "group task"])
def test_an_entry_is_reached_through_every_kind_of_entry_and_branch(host: str) -> None:
    data = starter()
    page_of(data, 2)["entries"].append({"id": "2-7", "trigger": "numbered", "text": "Reached."})
    read = {"do": "read", "entry": "2-7"}
    wrapped = {
        "choice": {"do": "choice", "options": [{"label": "no", "effects": []}, {"label": "yes", "effects": [read]}]},
        "test failure": {"do": "test", "attribute": "red", "difficulty": 5, "failure": [read]},
        "group task": {"do": "group_task", "attribute": "red", "difficulty": 5, "success": [read]},
    }
    entry_of(data, 2, "2-1" if host in wrapped else host).setdefault("effects", []).append(wrapped.get(host, read))
    assert errors(data) == []


@pytest.mark.parametrize("how", ["travel", "calamity", "choice", "test success"])
def test_a_page_is_reached_through_travel_calamity_choice_and_branches(how: str) -> None:
    data = starter()
    extra = json.loads(json.dumps(page_of(data, 4)))
    extra["number"] = 5
    extra["entries"] = [e for e in extra["entries"] if e["id"] in ("begin", "leave")]
    data["pages"].append(extra)
    go = {"do": "go_to_page", "page": 5}
    effect = {
        "travel": {"do": "travel", "pages": [2, 5]},
        "calamity": go,
        "choice": {"do": "choice", "options": [{"label": "no", "effects": []}, {"label": "yes", "effects": [go]}]},
        "test success": {"do": "test", "attribute": "red", "difficulty": 5, "success": [go]},
    }[how]
    entry_of(data, 3, "calamity" if how == "calamity" else "3-5")["effects"].append(effect)
    assert errors(data) == []


def test_the_failure_entry_is_reached_by_failing_even_when_nothing_reads_it(book: Book) -> None:
    assert not [p for p in check_book(book) if p.entry == "2-9"]


# -- winning and losing ---------------------------------------------------------------------------


def test_a_mission_that_can_never_be_won() -> None:
    data = starter()
    entry_of(data, 4, "4-3")["effects"] = [{"do": "dial", "dial": "morale", "amount": 1}]
    assert errors(data) == ["page 2: mission 'The Copper Coil' can never be won: no end_mission with success is "
                            "read on any page reached from page 2"]


def test_a_win_on_a_page_only_the_failure_reaches_does_not_count(book: Book) -> None:
    """Winning must be within reach of the start: an end_mission true read only after failing
    is no way to succeed."""
    data = starter()
    entry_of(data, 4, "4-3")["effects"] = []
    entry_of(data, 2, "2-9")["effects"].append({"do": "end_mission", "success": True})
    assert any("can never be won" in e for e in errors(data))


def test_a_failure_entry_needs_no_end_mission_the_rules_fail_the_mission() -> None:
    """Every character out at once fails the mission by rule (seed, "Fallo de la misión"); the
    failure entry is read for what it says, so it need not end the mission itself."""
    data = starter()
    entry_of(data, 2, "2-9")["effects"] = [{"do": "dial", "dial": "morale", "amount": -1}]
    assert errors(data) == []


# -- version 2: the campaign's travel map, discovery, goals and colony phase ------------------------


def campaign_book() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(DEMO_CAMPAIGN_PATH.read_text(encoding="utf-8"))
    return data


def test_the_demo_campaign_book_has_no_error_and_its_map_reaches_every_page() -> None:
    assert errors(campaign_book()) == []


def test_pages_only_the_travel_map_reaches_are_unreachable_without_it() -> None:
    book = read_for_check(campaign_book())
    assert book.map is not None
    said = [str(p) for p in check_book(attrs.evolve(book, map=None)) if not p.warning]
    assert any("no mission reaches this page" in line for line in said)
    assert any("travels on the map, but the book has no travel map" in line for line in said)


def test_a_map_space_naming_a_page_not_in_the_book() -> None:
    book = read_for_check(campaign_book())
    assert book.map is not None
    first = attrs.evolve(book.map.spaces[0], page=77)
    moved = attrs.evolve(book, map=attrs.evolve(book.map, spaces=(first, *book.map.spaces[1:])))
    said = [str(p) for p in check_book(moved) if not p.warning]
    assert f"book: the travel map's space {first.name!r} names page 77, which is not in the book" in said


def test_a_card_discovered_that_is_not_in_the_discovery_deck_and_a_goal_of_nobody() -> None:
    book = read_for_check(campaign_book())
    mission = attrs.evolve(book.missions[0], won=(Discover("golden_acorn"), Goal("nobody")))
    said = [str(p) for p in check_book(attrs.evolve(book, missions=(mission, *book.missions[1:])))]
    name = book.missions[0].name
    assert f"book: mission {name!r} won: discovers the card 'golden_acorn', which is not in the book's discovery " \
        "deck" in said
    assert f"book: mission {name!r} won: names the character 'nobody', which is not a character of the game" in said


def test_each_mission_is_judged_from_its_own_start() -> None:
    data = starter()
    data["missions"].append({"name": "Cellar Only", "start_page": 3, "failure_page": 2, "failure_entry": "2-9",
                             "time": 5})
    # from the cellar the team can still climb to page 4 and win; cut that and only the second mission fails
    assert errors(data) == []
    entry_of(data, 3, "3-3")["effects"] = []
    for option in entry_of(data, 3, "3-2")["effects"][3]["options"]:
        option["effects"] = []
    said = errors(data)
    assert said[-2:] == [
        "page 2: mission 'The Copper Coil' can never be won: no end_mission with success is read on any page "
        "reached from page 2",
        "page 3: mission 'Cellar Only' can never be won: no end_mission with success is read on any page reached "
        "from page 3",
    ]


# -- warnings -------------------------------------------------------------------------------------


def test_a_test_nobody_can_pass_is_a_warning() -> None:
    data = starter()
    reach = skill_reach("blue")
    entry_of(data, 2, "2-3")["effects"][0]["difficulty"] = reach + 1
    assert errors(data) == []
    assert warnings(data) == [f"page 2, entry 2-3: warning: a blue test of {reach + 1} is beyond reach: 3 cards of "
                              f"3, the best bonus and the white die's best face make {reach}"]
    entry_of(data, 2, "2-3")["effects"][0]["difficulty"] = reach
    assert warnings(data) == []


def test_the_reach_of_a_test_is_three_cards_of_three_the_best_bonuses_and_the_white_die() -> None:
    # blue: Whisper's +2, the medic pouch's +2, the white die's 3
    assert skill_reach("blue") == 9 + 2 + 2 + 3
    assert all(skill_reach(a) >= 12 for a in ("red", "green", "blue", "yellow"))


def test_a_token_placed_that_no_entry_reads_is_a_warning() -> None:
    data = starter()
    entry_of(data, 2, "2-1")["effects"].append({"do": "place_tokens", "token": "trap", "spaces": ["C", "D"]})
    page_of(data, 2)["spaces"][1]["tokens"] = ["fire"]
    assert errors(data) == []
    assert warnings(data) == [
        "page 2: warning: space 'B' holds a fire token at setup, which no entry reads",
        "page 2, entry 2-1: warning: places a trap token on C, D, which no entry reads",
    ]


def test_a_token_removed_that_is_never_there_is_a_warning() -> None:
    data = starter()
    entry_of(data, 2, "2-1")["effects"].append({"do": "remove_tokens", "token": "heavy", "spaces": []})
    assert warnings(data) == ["page 2, entry 2-1: warning: removes heavy tokens that are never there"]


def test_a_page_without_a_leave_entry_or_a_way_off_is_a_warning() -> None:
    data = starter()
    page_of(data, 4)["entries"] = [e for e in page_of(data, 4)["entries"] if e["id"] != "leave"]
    assert warnings(data) == ["page 4: warning: has no leave entry (how to leave the page)"]
    data = starter()
    entry_of(data, 3, "3-3")["effects"] = [{"do": "read", "entry": "3-6"}]
    entry_of(data, 3, "3-2")["effects"][3]["options"][0]["effects"] = []
    entry_of(data, 3, "3-6")["effects"] = []
    assert "page 3: warning: no entry goes to another page or ends the mission: the team cannot leave" \
        in warnings(data)


def test_every_problem_is_found_at_once_errors_first() -> None:
    data = starter()
    entry_of(data, 2, "begin")["effects"][0]["enemies"] = ["ghost_rat"]
    page_of(data, 3)["entries"].append({"id": "3-7", "trigger": "numbered", "text": "Forgotten."})
    entry_of(data, 2, "2-1")["effects"].append({"do": "place_tokens", "token": "trap", "spaces": ["C"]})
    said = check_book(read_for_check(data))
    assert [p.warning for p in said] == [False, False, True]
    assert [(p.page, p.entry) for p in said] == [(2, "begin"), (3, "3-7"), (2, "2-1")]


# -- every reference an effect makes is listed ----------------------------------------------------

#: One instance of each effect, every field that names something filled.
SAMPLES: dict[type, Effect] = {
    Read: Read("x-1"), GoToPage: GoToPage(7), Travel: Travel((7, 8)),
    Encounter: Encounter(("crow",), ("A",), True), RandomEncounter: RandomEncounter("vermin", 2, ("A",), True),
    EncounterCard: EncounterCard(("A",)), Hunt: Hunt(("A",)), PlaceTokens: PlaceTokens("trap", ("A",)),
    RemoveTokens: RemoveTokens("trap", ("A",)), SkillTest: SkillTest(Attribute.STRENGTH, 5, False, (), ()),
    GroupTask: GroupTask(Attribute.STRENGTH, 5, ()), Dial: Dial("food", 1), GainItem: GainItem("compass"),
    DrawItems: DrawItems(1), Batteries: Batteries(1), Wound: Wound(1), BookAttack: BookAttack(1),
    Status: Status("dazed"), Situation: Situation(True), EndMission: EndMission(True),
    Choice: Choice((Option("a", ()), Option("b", ()))),
    Discover: Discover("compass"), Goal: Goal("ringr"), LiftCap: LiftCap("population"),
    Learn: Learn("big_hug"), Environment: Environment("darkness"), ClearEnvironment: ClearEnvironment("darkness"),
    Vehicle: Vehicle("toy_truck"), ExitPage: ExitPage(7, "A"),
}
#: The fields that name something, and the kind of reference each is.
NAMING = {"entry": "entry", "page": "page", "pages": "page", "spaces": "space", "enemies": "enemy",
          "enemy_type": "enemy type", "item": "item", "status": "status", "token": "token", "dial": "dial",
          "character": "character", "ability": "ability"}
#: The fields whose kind of reference depends on the effect.
NAMING_OF: dict[type, dict[str, str]] = {Environment: {"card": "environment"},
                                         ClearEnvironment: {"card": "environment"}, Vehicle: {"card": "vehicle"}}


def test_every_effect_has_a_sample_here() -> None:
    """A new effect needs a sample: then the next test makes sure what it names is checked."""
    assert set(SAMPLES) == set(EFFECT_NAMES.values())


@pytest.mark.parametrize("kind", sorted(SAMPLES, key=lambda t: t.__name__), ids=lambda t: t.__name__)
def test_each_field_that_names_something_is_a_reference(kind: type) -> None:
    effect = SAMPLES[kind]
    refs = set(effect_references(effect))
    naming = {**NAMING, **NAMING_OF.get(kind, {})}
    for field in attrs.fields(kind):
        if field.name in naming:
            value = getattr(effect, field.name)
            for name in value if isinstance(value, tuple) else (value,):
                assert (naming[field.name], name) in refs, (kind.__name__, field.name)
    assert {k for k, _ in refs} <= set(LANDS)


# -- the command ----------------------------------------------------------------------------------


def write(tmp_path: Path, data: object, name: str = "book.json") -> str:
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def test_the_command_checks_the_starter_book_when_given_no_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["book", "check"]) == 0
    assert capsys.readouterr().out == "ok: 3 pages, 25 entries\n"


def test_the_command_says_ok_for_a_sound_book(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["book", "check", write(tmp_path, starter())]) == 0
    assert capsys.readouterr().out == "ok: 3 pages, 25 entries\n"


def test_the_command_prints_each_problem_and_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = starter()
    page_of(data, 3)["entries"].append({"id": "3-7", "trigger": "numbered", "text": "Forgotten."})
    entry_of(data, 4, "4-4")["effects"][0]["item"] = "laser_sword"
    entry_of(data, 2, "2-1")["effects"].append({"do": "place_tokens", "token": "trap", "spaces": ["C"]})
    path = write(tmp_path, data)
    assert main(["book", "check", path]) == 1
    out = capsys.readouterr()
    assert out.out.splitlines() == [
        "page 4, entry 4-4: names the item 'laser_sword', which the card set does not have",
        "page 3, entry 3-7: is never read: no entry reads it",
        "page 2, entry 2-1: warning: places a trap token on C, which no entry reads",
        "2 errors, 1 warning",
    ]
    assert out.err == ""


def test_warnings_alone_pass(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = starter()
    entry_of(data, 2, "2-1")["effects"].append({"do": "place_tokens", "token": "trap", "spaces": ["C"]})
    assert main(["book", "check", write(tmp_path, data)]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "page 2, entry 2-1: warning: places a trap token on C, which no entry reads",
        "ok: 3 pages, 25 entries (1 warning)",
    ]


@pytest.mark.parametrize("content, said", [
    ("{", "cannot read the JSON of"),
    ('{"format": "wasteland-aftermath-book", "version": 9}', "version: this reader reads versions 1 and 2, got 9"),
    ("[]", "book: must be"),
])
def test_a_file_that_is_not_a_book_is_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str, said: str,
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    assert main(["book", "check", str(path)]) == 2
    out = capsys.readouterr()
    assert out.out == ""
    assert out.err.startswith("wasteland: ") and said in out.err and out.err.count("\n") == 1
    assert "Traceback" not in out.err


def test_the_readers_refusal_names_page_and_entry(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = starter()
    entry_of(data, 3, "3-2")["effects"][0] = {"do": "read", "entry": "3-9"}
    assert main(["book", "check", write(tmp_path, data)]) == 2
    err = capsys.readouterr().err
    assert "(page 3).entries[2] (3-2).effects[0].entry" in err and "3-9" in err


@pytest.mark.parametrize("effect", [
    {"do": "read", "entry": "3-9"},
    {"do": "go_to_page", "page": 9},
    {"do": "travel", "pages": [3, 11]},
    {"do": "hunt", "spaces": ["Z"]},
    {"do": "place_tokens", "token": "gem", "spaces": ["F"]},
    {"do": "dial", "dial": "gold", "amount": 1},
])
def test_a_reference_that_lands_nowhere_in_a_file_is_refused_by_the_reader_with_exit_2_as_the_page_says(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], effect: dict[str, Any],
) -> None:
    """docs/book-format.md: the reader refuses such a file at the first dangling reference (exit
    2, one line naming page and entry); the checker's exit 1 is for what the reader lets through."""
    data = starter()
    entry_of(data, 3, "3-2")["effects"][0] = effect
    assert main(["book", "check", write(tmp_path, data)]) == 2
    out = capsys.readouterr()
    assert out.out == "" and "(page 3).entries[2] (3-2).effects[0]" in out.err and out.err.count("\n") == 1
    text = " ".join(DOC.read_text(encoding="utf-8").split())
    assert "the reader refuses the file at the first one" in text and "with exit code 2" in text


def test_a_name_the_card_set_lacks_is_listed_by_the_checker_with_exit_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    data = starter()
    entry_of(data, 3, "3-2")["effects"][0] = {"do": "encounter", "enemies": ["no_such_rat"], "spaces": ["C"],
                                              "hostile": True}
    assert main(["book", "check", write(tmp_path, data)]) == 1
    out = capsys.readouterr().out
    assert "page 3, entry 3-2:" in out and "no_such_rat" in out


def test_a_missing_file_a_folder_and_a_bad_card_set_are_usage_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["book", "check", str(tmp_path / "nowhere.json")]) == 2
    assert main(["book", "check", str(tmp_path)]) == 2
    cards = write(tmp_path, {"enemies": [1, 2]}, "cards.json")
    assert main(["book", "check", "--cards", cards]) == 2
    err = capsys.readouterr().err
    assert "--cards" in err and "cards.enemies" in err
    assert main(["book"]) == 2
    assert "Traceback" not in capsys.readouterr().err


def test_the_command_takes_a_card_set(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = card_set_data(DESIGNED)
    data["enemies"][0]["life"] += 1
    cards = write(tmp_path, data, "cards.json")
    assert main(["book", "check", "--cards", cards]) == 0
    assert capsys.readouterr().out == "ok: 3 pages, 25 entries\n"


# -- the tutorial of docs/book-format.md runs as written ------------------------------------------

DOC = Path(__file__).resolve().parent.parent.parent / "docs" / "book-format.md"
MISTAKE = ', "tokens": ["objective"]'


def _blocks(text: str, language: str) -> list[str]:
    return re.findall(rf"^```{language}\n(.*?)^```$", text, re.MULTILINE | re.DOTALL)


def _tutorial() -> str:
    text = DOC.read_text(encoding="utf-8")
    section = text.split("\n## Write your own mission\n", 1)[1]
    return section.split("\n## ", 1)[0]


def _run(line: str, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    argv = shlex.split(line)
    assert argv[0] == "wasteland", line
    code = main(argv[1:])
    return code, capsys.readouterr().out


def test_the_tutorials_mission_is_checked_and_its_mistake_found_as_the_page_shows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    section = _tutorial()
    (book,) = _blocks(section, "json")
    check, _ = _blocks(section, "sh")
    ok, mistake = _blocks(section, "text")
    monkeypatch.chdir(tmp_path)
    Path("first_mission.json").write_text(book, encoding="utf-8")
    assert check.strip() == "wasteland book check first_mission.json"
    assert _run(check, capsys) == (0, ok)
    assert f"delete `{MISTAKE}` from space C of page 11" in " ".join(section.split())
    assert book.count(MISTAKE) == 1
    Path("first_mission.json").write_text(book.replace(MISTAKE, ""), encoding="utf-8")
    assert _run(check, capsys) == (1, mistake)


def test_the_tutorials_mission_is_played_as_the_page_shows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    section = _tutorial()
    (book,) = _blocks(section, "json")
    _, commands = _blocks(section, "sh")
    simulate, play = commands.strip().splitlines()
    monkeypatch.chdir(tmp_path)
    Path("first_mission.json").write_text(book, encoding="utf-8")
    code, out = _run(simulate, capsys)
    assert code == 0 and "games with a winner: 20 (100.0%)" in out  # "the heuristic bots win it every time"
    monkeypatch.setattr(builtins, "input", lambda prompt="": "q")
    code, out = _run(play, capsys)
    assert code == 0 and "The Culvert" in out and "The Pump House" in out


# -- generated books: the checker never fails, and what it calls unreachable play never reaches ----


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(books())
def test_what_the_checker_calls_unreachable_random_play_never_reaches(data: dict[str, Any]) -> None:
    """Random play of generated books (a few seeds, bounded) never arrives at a page or reads an
    entry the checker reports as unreachable: its reachability agrees with the rules."""
    book = read_book(data, SHARED_NAMES)
    problems = check_book(book)
    numbers = {p.number for p in book.pages}
    for p in problems:
        assert "\n" not in str(p) and (p.page is None or p.page in numbers)
    assert [p.warning for p in problems] == sorted(p.warning for p in problems)  # errors first
    pages = {p.page for p in problems if not p.entry and "no mission reaches" in p.message}
    entries = {(p.page, p.entry) for p in problems if "is never read" in p.message}
    for seed in range(2):
        state = new_game(seed, book=data)
        rng = random.Random(seed)
        for _ in range(300):
            assert state.page not in pages
            assert not [e for e in state.read if (state.page, e) in entries], [str(p) for p in problems]
            if outcome(state) is not None:
                break
            state = apply(state, rng.choice(legal_actions(state)))


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(STARTER_PATHS), JUNK)
def test_any_value_anywhere_is_read_to_check_or_refused_in_one_line(path: tuple[Any, ...], junk: Any) -> None:
    data = starter()
    set_at(path, junk)(data)
    try:
        book = read_for_check(data)
    except ConfigError as exc:
        assert "\n" not in str(exc) and str(exc).startswith("book")
        return
    assert all("\n" not in str(p) for p in check_book(book))
