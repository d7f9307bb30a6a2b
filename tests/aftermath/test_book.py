"""The adventure book as data: a book file is read and checked (every refusal names the page,
the entry and the effect), written back, and the shipped starter book reads."""

from __future__ import annotations

import copy
import fnmatch
import json
import time
import tomllib
from importlib import resources
from pathlib import Path
from typing import Any, Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wasteland.aftermath.book import (
    BOOK_FORMAT, DEFAULT_BOOK_PATH, EFFECT_NAMES, MAX_EFFECTS, MAX_NESTING, SHARED_NAMES, Book, Choice, Effect,
    Encounter, EndMission, ExitPage, GoToPage, GroupTask, Hunt, Read, Travel, Trigger, book_data, load_book, read_book,
)
from wasteland.aftermath.book import Test as SkillTest
from wasteland.aftermath.vocabulary import LINE_NAMES
from wasteland.core import codec
from wasteland.core.game import ConfigError
from tests.aftermath.strategies import DELETE, JUNK, STARTER_DATA, STARTER_PATHS, books, set_at

ROOT = Path(__file__).resolve().parent.parent.parent


def small() -> dict[str, Any]:
    """A valid book of two pages: spaces A | B side by side over C, and page 3 of one space."""
    return {
        "format": BOOK_FORMAT, "version": 1, "title": "Test book", "provenance": "design",
        "missions": [{"name": "M", "start_page": 2, "failure_page": 3, "failure_entry": "3-1", "time": 5}],
        "pages": [
            {"number": 2, "title": "Two",
             "spaces": [{"name": "A", "x": 0, "y": 0, "w": 2, "h": 2, "scavenge": [4]},
                        {"name": "B", "x": 2, "y": 0, "w": 3, "h": 2, "tokens": ["objective"]},
                        {"name": "C", "x": 0, "y": 2, "w": 5, "h": 1}],
             "lines": [{"a": "A", "b": "B", "kind": "dashed"}, {"a": "A", "b": "C", "kind": "red"}],
             "start": "A", "calamity": 5,
             "entries": [
                 {"id": "begin", "trigger": "begin", "text": "You arrive.",
                  "effects": [{"do": "read", "entry": "2-1"}]},
                 {"id": "2-1", "trigger": "numbered", "text": "A test.",
                  "effects": [{"do": "test", "attribute": "yellow", "difficulty": 6,
                               "success": [{"do": "go_to_page", "page": 3}],
                               "failure": [{"do": "wound", "amount": 1}]}]},
                 {"id": "2-2", "trigger": "space", "space": "B", "text": "B.", "effects": []},
                 {"id": "2-3", "trigger": "token", "space": "B", "token": "objective", "text": "Found it."},
                 {"id": "calamity", "trigger": "calamity", "text": "Doom.",
                  "effects": [{"do": "hunt", "spaces": ["C"]}]},
             ]},
            {"number": 3, "title": "Three",
             "spaces": [{"name": "A", "x": 0, "y": 0, "w": 1, "h": 1}], "start": "A",
             "entries": [{"id": "begin", "trigger": "begin", "text": "Here."},
                         {"id": "3-1", "trigger": "numbered", "text": "Lost.",
                          "effects": [{"do": "end_mission", "success": False}]}]},
        ],
    }


def page2(b: dict[str, Any]) -> dict[str, Any]:
    return b["pages"][0]


def effect(b: dict[str, Any]) -> dict[str, Any]:
    """The test effect of entry 2-1."""
    return page2(b)["entries"][1]["effects"][0]


def test_a_small_book_reads_with_defaults_filled_in() -> None:
    book = read_book(small(), SHARED_NAMES)
    assert [p.number for p in book.pages] == [2, 3]
    test = book.pages[0].entries[1].effects[0]
    assert isinstance(test, SkillTest) and test.opposed is False and test.attribute == "yellow"
    assert book.pages[1].calamity == 0 and book.pages[0].entries[3].revisit is False
    assert book.pages[0].entries[0].effects == (Read("2-1"),)


P2 = ("pages", 0)
E = (*P2, "entries")
FX = (*E, 1, "effects", 0)


def _deep_choice(depth: int) -> dict[str, Any]:
    node: dict[str, Any] = {"do": "dial", "dial": "food", "amount": 1}
    for _ in range(depth):
        node = {"do": "choice", "options": [{"label": "go", "effects": [node]}, {"label": "stay"}]}
    return node


#: Each refusal: how a valid book is spoilt, and words of the one-line message (with its place).
REFUSALS: dict[str, tuple[Callable[[dict[str, Any]], None], str]] = {
    "not_an_object": (lambda b: b.clear() or b.update({"pages": 3, "junk": 1}), "book: unknown key 'junk'"),
    "unknown_key_in_book": (set_at(("extra",), 1), "book: unknown key 'extra'"),
    "wrong_format": (set_at(("format",), "other"), "book.format: must be 'wasteland-aftermath-book'"),
    "wrong_version": (set_at(("version",), 3), "book.version: this reader reads versions 1 and 2, got 3"),
    "version_as_bool": (set_at(("version",), True), "book.version"),
    "title_not_text": (set_at(("title",), 7), "book.title: must be text"),
    "title_two_lines": (set_at(("title",), "a\nb"), "book.title: must be printable text on one line"),
    "no_missions": (set_at(("missions",), []), "book.missions: must hold 1 to 8 entries"),
    "mission_start_not_in_book": (set_at(("missions", 0, "start_page"), 9),
                                  "book.missions[0].start_page: no page 9 in this book"),
    "mission_failure_page_not_in_book": (set_at(("missions", 0, "failure_page"), 7),
                                         "book.missions[0].failure_page: no page 7"),
    "mission_failure_entry_not_on_page": (set_at(("missions", 0, "failure_entry"), "3-9"),
                                          "book.missions[0].failure_entry: no entry '3-9' on page 3"),
    "mission_time_out_of_range": (set_at(("missions", 0, "time"), 0), "book.missions[0].time: must be a whole"),
    "page_number_out_of_range": (set_at((*P2, "number"), 0), "book.pages[0].number: must be a whole number from 1"),
    "duplicate_page_number": (set_at(("pages", 1, "number"), 2), "book.pages[1].number: two pages are numbered 2"),
    "unknown_key_in_page": (set_at((*P2, "colour"), "red"), "book.pages[0] (page 2): unknown key 'colour'"),
    "no_spaces": (set_at((*P2, "spaces"), []), "book.pages[0] (page 2).spaces: must hold 1 to 16"),
    "space_name_not_a_name": (set_at((*P2, "spaces", 0, "name"), "a b"), "spaces[0].name: a space's name must be"),
    "duplicate_space_name": (set_at((*P2, "spaces", 1, "name"), "A"), "spaces[1].name: two spaces are named 'A'"),
    "space_width_zero": (set_at((*P2, "spaces", 0, "w"), 0), "spaces[0].w: must be a whole number from 1"),
    "space_off_the_grid": (set_at((*P2, "spaces", 1, "x"), 98), "spaces[1].w: must be a whole number from 1 to 1"),
    "overlapping_spaces": (set_at((*P2, "spaces", 1, "x"), 1), "spaces[1]: space 'B' overlaps space 'A'"),
    "scavenge_difficulty_out_of_range": (set_at((*P2, "spaces", 0, "scavenge"), [13]), "spaces[0].scavenge[0]"),
    "three_scavenge_tokens_on_a_space": (set_at((*P2, "spaces", 0, "scavenge"), [4, 6, 8]),
                                         "spaces[0].scavenge: must hold 0 to 2 entries"),
    "unknown_setup_token": (set_at((*P2, "spaces", 1, "tokens"), ["gold"]), "spaces[1].tokens[0]: no token 'gold'"),
    "line_to_unknown_space": (set_at((*P2, "lines", 0, "b"), "Z"), "lines[0].b: no space on this page named 'Z'"),
    "unknown_line_kind": (set_at((*P2, "lines", 0, "kind"), "dotted"), "lines[0].kind: no line kind 'dotted'"),
    "line_joins_a_space_to_itself": (set_at((*P2, "lines", 0, "b"), "A"), "lines[0]: a line joins two spaces"),
    "two_lines_for_one_pair": (set_at((*P2, "lines", 1), {"a": "B", "b": "A", "kind": "wall"}),
                               "lines[1]: spaces 'B' and 'A' already have a line"),
    "line_without_a_shared_edge": (set_at((*P2, "spaces", 2), {"name": "C", "x": 0, "y": 5, "w": 5, "h": 1}),
                                   "lines[1]: spaces 'A' and 'C' do not share an edge"),
    "diagonal_line": (lambda b: (page2(b)["spaces"].__setitem__(2, {"name": "C", "x": 5, "y": 2, "w": 1, "h": 1}),
                                 set_at((*P2, "lines", 1), {"a": "A", "b": "C", "kind": "double"})(b)),
                      "spaces 'A' and 'C' do not share an edge"),
    "start_not_on_page": (set_at((*P2, "start"), "Q"), "(page 2).start: no space on page 2 named 'Q'"),
    "calamity_value_without_entry": (lambda b: page2(b)["entries"].pop(), "(page 2).calamity: a page with a calamity"),
    "calamity_entry_without_value": (set_at((*P2, "calamity"), 0), "(page 2).calamity: a page with a calamity"),
    "calamity_value_out_of_range": (set_at((*P2, "calamity"), 41), "(page 2).calamity: must be a whole number"),
    "no_entries": (set_at((*P2, "entries"), []), "(page 2).entries: must hold 1 to 40"),
    "first_entry_not_begin": (lambda b: page2(b)["entries"].reverse(),
                              "entries[0] (calamity).trigger: the first entry of a page is its begin entry"),
    "second_begin": (set_at((*E, 1, "trigger"), "begin"), "entries[1] (2-1).trigger: the first entry of a page"),
    "two_threat_entries": (lambda b: page2(b)["entries"].extend(
        [{"id": "t1", "trigger": "threat", "text": "x"}, {"id": "t2", "trigger": "threat", "text": "y"}]),
        "entries[6] (t2).trigger: a page has one threat entry"),
    "two_leave_entries": (lambda b: page2(b)["entries"].extend(
        [{"id": "l1", "trigger": "leave", "text": "x"}, {"id": "l2", "trigger": "leave", "text": "y"}]),
        "entries[6] (l2).trigger: a page has one leave entry"),
    "two_calamity_entries": (lambda b: page2(b)["entries"].append({"id": "c2", "trigger": "calamity", "text": "x"}),
                             "entries[5] (c2).trigger: a page has one calamity entry"),
    "duplicate_entry_id": (set_at((*E, 2, "id"), "2-1"), "entries[2] (2-1).id: two entries are numbered '2-1'"),
    "entry_id_not_an_id": (set_at((*E, 2, "id"), "2 1"), "entries[2].id: an entry id must be"),
    "unknown_trigger": (set_at((*E, 2, "trigger"), "dusk"), "entries[2] (2-2).trigger: no trigger 'dusk'"),
    "unknown_key_in_entry": (set_at((*E, 2, "when"), 1), "entries[2] (2-2): unknown key 'when'"),
    "space_entry_on_a_space_not_on_page": (set_at((*E, 2, "space"), "Z"), "entries[2] (2-2).space: no space on page 2"),
    "space_entry_without_space": (set_at((*E, 2, "space"), DELETE), "entries[2] (2-2).space: no space on page 2"),
    "token_entry_unknown_token": (set_at((*E, 3, "token"), "gold"), "entries[3] (2-3).token: no token 'gold'"),
    "numbered_entry_naming_a_space": (set_at((*E, 1, "space"), "A"), "entries[1] (2-1).space: only a space or token"),
    "space_entry_naming_a_token": (set_at((*E, 2, "token"), "fire"), "entries[2] (2-2).token: only a token entry"),
    "empty_text": (set_at((*E, 2, "text"), ""), "entries[2] (2-2).text: must be text of 1 to 600"),
    "text_too_long": (set_at((*E, 2, "text"), "x" * 601), "entries[2] (2-2).text: must be text of 1 to 600"),
    "revisit_not_a_bool": (set_at((*E, 2, "revisit"), "yes"), "entries[2] (2-2).revisit: must be true or false"),
    "effect_not_an_object": (set_at((*E, 2, "effects"), ["read"]), "entries[2] (2-2).effects[0]: an effect must"),
    "unknown_effect": (set_at((*E, 2, "effects"), [{"do": "eval"}]), "effects[0].do: no effect 'eval'"),
    "unknown_key_in_effect": (set_at((*FX, "colour"), "red"), "(2-1).effects[0]: unknown key 'colour'"),
    "missing_field": (set_at((*FX, "difficulty"), DELETE), "(2-1).effects[0].difficulty: the test effect needs it"),
    "wrong_type_in_effect": (set_at((*FX, "opposed"), "no"), "(2-1).effects[0].opposed: must be true or false"),
    "difficulty_out_of_range": (set_at((*FX, "difficulty"), 31), "effects[0].difficulty: must be a whole number"),
    "unknown_attribute": (set_at((*FX, "attribute"), "purple"), "effects[0].attribute: no attribute 'purple'"),
    "white_is_not_an_attribute": (set_at((*FX, "attribute"), "white"), "effects[0].attribute: no attribute 'white'"),
    "read_of_an_entry_not_on_page": (set_at((*E, 0, "effects", 0, "entry"), "3-1"),
                                     "book.pages[0] (page 2).entries[0] (begin).effects[0].entry: no entry '3-1'"),
    "go_to_page_not_in_book": (set_at((*FX, "success", 0, "page"), 9),
                               "book.pages[0] (page 2).entries[1] (2-1).effects[0].success[0].page: no page 9"),
    "travel_to_page_not_in_book": (set_at((*FX, "failure"), [{"do": "travel", "pages": [3, 8]}]),
                                   "effects[0].failure[0].pages[1]: no page 8 in this book"),
    "travel_naming_a_page_twice": (set_at((*FX, "failure"), [{"do": "travel", "pages": [3, 3]}]),
                                   "failure[0].pages: names a page twice"),
    "effect_space_not_on_page": (set_at((*E, 4, "effects", 0, "spaces"), ["Z"]),
                                 "entries[4] (calamity).effects[0].spaces[0]: no space on page 2 named 'Z'"),
    "effect_space_twice": (set_at((*E, 4, "effects", 0, "spaces"), ["C", "C"]),
                           "effects[0].spaces: names a space twice"),
    "unknown_enemy": (set_at((*FX, "failure"), [{"do": "encounter", "enemies": ["dragon"], "spaces": ["A"],
                                               "hostile": True}]), "failure[0].enemies[0]: no enemy card 'dragon'"),
    "too_many_enemies": (set_at((*FX, "failure"), [{"do": "encounter", "enemies": ["crow"] * 6, "spaces": ["A"],
                                                  "hostile": True}]), "failure[0].enemies: must hold 1 to 5"),
    "unknown_enemy_type": (set_at((*FX, "failure"), [{"do": "random_encounter", "enemy_type": "dragons", "count": 1,
                                                    "spaces": ["A"], "hostile": True}]),
                           "failure[0].enemy_type: no enemy type 'dragons'"),
    "unknown_item": (set_at((*FX, "failure"), [{"do": "gain_item", "item": "laser"}]), "failure[0].item: no item"),
    "unknown_status": (set_at((*FX, "failure"), [{"do": "status", "status": "bored"}]), "failure[0].status: no status"),
    "unknown_dial": (set_at((*FX, "failure"), [{"do": "dial", "dial": "gold", "amount": 1}]),
                     "failure[0].dial: no dial"),
    "zero_dial_change": (set_at((*FX, "failure"), [{"do": "dial", "dial": "food", "amount": 0}]),
                         "failure[0].amount: must not be 0"),
    "unknown_token_in_effect": (set_at((*FX, "failure"), [{"do": "place_tokens", "token": "gold", "spaces": ["A"]}]),
                                "failure[0].token: no token 'gold'"),
    "loot_unknown_dial": (set_at((*FX, "failure"), [{"do": "encounter", "enemies": ["crow"], "spaces": ["A"],
                                                   "hostile": True, "loot": {"dials": {"gold": 1}}}]),
                          "failure[0].loot.dials: unknown key 'gold'"),
    "choice_of_one_option": (set_at((*FX, "failure"), [{"do": "choice", "options": [{"label": "x"}]}]),
                             "failure[0].options: must hold 2 to 6"),
    "too_many_effects_in_a_list": (set_at((*E, 2, "effects"), [{"do": "batteries", "count": 1}] * 17),
                                   "entries[2] (2-2).effects: must hold 0 to 16"),
    "branches_nested_too_deep": (set_at((*E, 2, "effects"), [_deep_choice(MAX_NESTING + 1)]),
                                 f"branches nest more than {MAX_NESTING} deep"),
    "reads_in_a_circle": (set_at((*E, 2, "effects"), [{"do": "read", "entry": "2-2"}]),
                          "book.pages[0] (page 2): entries read one another in a circle with no choice between: 2-2"),
    "begins_send_the_team_round_a_circle": (set_at(("pages", 1, "entries", 0, "effects"),
                                                 [{"do": "go_to_page", "page": 2}]),
                                            "book.pages: the begin entries of pages send the team round a circle "
                                            "with no choice between: 2 -> 3 -> 2"),
    "reads_in_a_circle_through_a_test": (set_at((*FX, "failure"), [{"do": "read", "entry": "begin"}]),
                                         "in a circle with no choice between: begin -> 2-1 -> begin"),
}


@pytest.mark.parametrize("name", list(REFUSALS))
def test_a_malformed_book_is_refused_with_one_line_naming_the_place(name: str) -> None:
    spoil, words = REFUSALS[name]
    data = small()
    spoil(data)
    with pytest.raises(ConfigError) as caught:
        read_book(data, SHARED_NAMES)
    message = str(caught.value)
    assert "\n" not in message and words in message, message
    assert message.startswith("book"), message


def test_a_line_between_spaces_that_only_meet_at_a_corner_is_refused() -> None:
    data = small()
    page2(data)["spaces"][2] = {"name": "C", "x": 2, "y": 2, "w": 1, "h": 1}  # B's corner... and A's corner
    page2(data)["spaces"].append({"name": "D", "x": 3, "y": 2, "w": 2, "h": 1})
    page2(data)["lines"][1] = {"a": "A", "b": "D", "kind": "green"}
    with pytest.raises(ConfigError, match=r"lines\[1\]: spaces 'A' and 'D' do not share an edge"):
        read_book(data, SHARED_NAMES)
    page2(data)["lines"][1] = {"a": "A", "b": "C", "kind": "green"}  # A (0..2) and C (2..3) meet at (2, 2) only
    with pytest.raises(ConfigError, match="never diagonally"):
        read_book(data, SHARED_NAMES)


def test_many_entries_reading_many_others_are_checked_in_linear_time() -> None:
    """Every entry reads every later one (a ladder of diamonds): following each path would take
    2**39 steps; the check finishes each entry once."""
    data = small()
    page2(data)["entries"] = [page2(data)["entries"][0]] + [
        {"id": f"n{k}", "trigger": "numbered", "text": "x",
         "effects": [{"do": "read", "entry": f"n{j}"} for j in range(k + 1, min(k + 3, 39))]} for k in range(39)]
    page2(data)["entries"][0]["effects"] = [{"do": "read", "entry": "n0"}]
    page2(data)["calamity"] = 0
    started = time.perf_counter()
    assert len(read_book(data, SHARED_NAMES).pages[0].entries) == 40
    assert time.perf_counter() - started < 1.0


def test_a_read_loop_through_a_choice_is_allowed() -> None:
    data = small()
    page2(data)["entries"][2]["effects"] = [{"do": "choice", "options": [
        {"label": "Look again", "effects": [{"do": "read", "entry": "2-2"}]}, {"label": "Leave it"}]}]
    entry = read_book(data, SHARED_NAMES).pages[0].entries[2]
    assert isinstance(entry.effects[0], Choice) and entry.effects[0].options[0].effects == (Read("2-2"),)


def test_names_are_checked_against_the_card_set_given() -> None:
    data = small()
    page2(data)["entries"][2]["effects"] = [{"do": "encounter", "enemies": ["mole_king"], "spaces": ["A"],
                                             "hostile": False}]
    with pytest.raises(ConfigError, match="no enemy card 'mole_king'"):
        read_book(data, SHARED_NAMES)
    names = type(SHARED_NAMES)(SHARED_NAMES.enemies | {"mole_king"}, SHARED_NAMES.enemy_types, SHARED_NAMES.items,
                               SHARED_NAMES.statuses)
    encounter = read_book(data, names).pages[0].entries[2].effects[0]
    assert isinstance(encounter, Encounter) and encounter.enemies == ("mole_king",)


def test_the_whole_book_holds_a_bounded_number_of_effects() -> None:
    data = small()
    many = [{"do": "choice", "options": [{"label": str(k), "effects": [{"do": "batteries", "count": 1}] * 16}
                                         for k in range(6)]}] * 16
    page2(data)["entries"].extend({"id": f"x{k}", "trigger": "numbered", "text": "x", "effects": many}
                                  for k in range(30))
    with pytest.raises(ConfigError, match=f"more than {MAX_EFFECTS} effects"):
        read_book(data, SHARED_NAMES)


def test_load_book_refuses_a_missing_file_a_folder_and_bad_json_in_one_line(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="nowhere.json': cannot read it"):
        load_book(tmp_path / "nowhere.json", SHARED_NAMES)
    deep = tmp_path / ("d" * 120) / "nowhere.json"
    with pytest.raises(ConfigError, match=r"^'\.\.\.d+/nowhere.json': cannot read it"):
        load_book(deep, SHARED_NAMES)
    with pytest.raises(ConfigError, match="cannot read it|not a regular file"):
        load_book(tmp_path, SHARED_NAMES)
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": 1, "format": 2}', encoding="utf-8")
    with pytest.raises(ConfigError, match="bad.json': the key 'format' appears twice"):
        load_book(bad, SHARED_NAMES)
    big = tmp_path / "big.json"
    big.write_bytes(b" " * (3 * 1024 * 1024))
    with pytest.raises(ConfigError, match="larger than"):
        load_book(big, SHARED_NAMES)
    good = tmp_path / "good.json"
    good.write_text(json.dumps(small()), encoding="utf-8")
    assert load_book(good, SHARED_NAMES) == read_book(small(), SHARED_NAMES)


def test_book_data_reads_back_to_the_same_book() -> None:
    book = read_book(small(), SHARED_NAMES)
    data = book_data(book)
    assert read_book(json.loads(json.dumps(data)), SHARED_NAMES) == book
    assert read_book(copy.deepcopy(data), SHARED_NAMES) == book


def test_every_effect_has_a_do_name() -> None:
    assert len(EFFECT_NAMES) == len(set(EFFECT_NAMES.values())) == 29
    assert isinstance(Book, type) and Trigger.BEGIN.value == "begin"


# -- the starter book ----------------------------------------------------------------------------


def _all_effects(effects: tuple[Effect, ...]) -> list[Effect]:
    out: list[Effect] = []
    for e in effects:
        out.append(e)
        if isinstance(e, (SkillTest, GroupTask)):
            out += _all_effects(e.success + (e.failure if isinstance(e, SkillTest) else ()))
        elif isinstance(e, Choice):
            for o in e.options:
                out += _all_effects(o.effects)
    return out


@pytest.fixture(scope="module")
def starter() -> Book:
    return load_book(DEFAULT_BOOK_PATH, SHARED_NAMES)


def test_the_starter_book_ships_as_package_data() -> None:
    shipped = resources.files("wasteland.aftermath").joinpath("data", "starter_book.json")
    assert shipped.is_file() and shipped.read_bytes() == DEFAULT_BOOK_PATH.read_bytes()
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = config["tool"]["setuptools"]["package-data"]["wasteland"]
    relative = DEFAULT_BOOK_PATH.relative_to(ROOT / "src" / "wasteland").as_posix()
    assert any(fnmatch.fnmatch(relative, p) for p in patterns), (relative, patterns)


def test_the_starter_book_reads_back_from_its_own_data(starter: Book) -> None:
    assert starter.provenance.startswith("design")
    assert read_book(json.loads(json.dumps(book_data(starter))), SHARED_NAMES) == starter


def test_the_starter_mission_starts_on_page_2_and_reaches_its_end(starter: Book) -> None:
    (mission,) = starter.missions
    assert mission.start_page == 2
    pages = {p.number: p for p in starter.pages}
    assert len(pages) >= 3
    reached, todo = {2}, [2]
    while todo:
        for entry in pages[todo.pop()].entries:
            for e in _all_effects(entry.effects):
                targets = (e.page,) if isinstance(e, (GoToPage, ExitPage)) else e.pages if isinstance(e, Travel) \
                    else ()
                for t in targets:
                    if t not in reached:
                        reached.add(t)
                        todo.append(t)
    assert reached == set(pages), "every page is reached from page 2"
    ends = [e for p in starter.pages for x in p.entries for e in _all_effects(x.effects) if isinstance(e, EndMission)]
    assert {e.success for e in ends} == {True, False}
    failure = next(x for x in pages[mission.failure_page].entries if x.id == mission.failure_entry)
    assert EndMission(False) in failure.effects


def test_the_starter_book_exercises_every_part_of_a_page(starter: Book) -> None:
    entries = [x for p in starter.pages for x in p.entries]
    effects = [e for x in entries for e in _all_effects(x.effects)]
    encounters = [e for e in effects if isinstance(e, Encounter)]
    first = starter.pages[0]
    assert first.number == 2 and first.entries[0].id == "begin"
    assert any(not e.hostile for e in first.entries[0].effects if isinstance(e, Encounter)), "a safe start"
    assert any(e.hostile for e in encounters), "a hostile encounter"
    assert any("rust_lord" in e.enemies or "smokey" in e.enemies for e in encounters), "a boss"
    assert any(isinstance(e, GroupTask) for e in effects)
    assert any(s.scavenge for p in starter.pages for s in p.spaces)
    calamities = [(p, x) for p in starter.pages for x in p.entries if x.trigger is Trigger.CALAMITY]
    assert calamities and all(p.calamity > 0 for p, _ in calamities)
    assert any(isinstance(e, Hunt) for _, x in calamities for e in x.effects), "the calamity brings the Hunt"
    assert {ln.kind for p in starter.pages for ln in p.lines} == set(LINE_NAMES)
    assert {x.trigger for x in entries} == set(Trigger)
    for page in starter.pages:
        assert 6 <= len(page.spaces) <= 10
        assert len({(s.w, s.h) for s in page.spaces}) > 1, "spaces of different sizes"
    assert all(x.text and x.text.isascii() for x in entries)


def test_the_starter_books_tests_are_within_reach_of_two_or_three_cards(starter: Book) -> None:
    """Hands of 5 cards of 1 to 3 (white wild) and 2 to 4 characters: a test asks 5 to 8, a
    group task (the whole team, over turns) at most 12."""
    effects = [e for p in starter.pages for x in p.entries for e in _all_effects(x.effects)]
    assert all(5 <= e.difficulty <= 8 for e in effects if isinstance(e, SkillTest))
    assert all(e.difficulty <= 12 for e in effects if isinstance(e, GroupTask))


# -- the page that documents the format --------------------------------------------------------

DOC = ROOT / "docs" / "book-format.md"


def test_the_format_page_names_every_effect_trigger_and_line_kind() -> None:
    text = DOC.read_text(encoding="utf-8")
    for name in [*EFFECT_NAMES, *(t.value for t in Trigger), *LINE_NAMES]:
        assert f"`{name}`" in text, name
    assert "book-format.md" in (ROOT / "mkdocs.yml").read_text(encoding="utf-8")


def test_the_format_page_quotes_the_starter_books_page_4_as_it_is(starter: Book) -> None:
    text = DOC.read_text(encoding="utf-8")
    blocks = [b.split("```", 1)[0] for b in text.split("```json\n")[1:]]
    quoted = next(json.loads(b) for b in blocks if '"number": 4' in b)
    shipped = json.loads(DEFAULT_BOOK_PATH.read_text(encoding="utf-8"))
    assert quoted == next(p for p in shipped["pages"] if p["number"] == 4)


def test_the_format_pages_example_refusal_is_the_one_given() -> None:
    data = json.loads(DEFAULT_BOOK_PATH.read_text(encoding="utf-8"))
    data["pages"][1]["entries"][3]["effects"][0]["page"] = 9
    with pytest.raises(ConfigError) as caught:
        read_book(data, SHARED_NAMES)
    assert f"\n{caught.value}\n" in DOC.read_text(encoding="utf-8")


# -- generated books: what book_data writes, read_book reads back --------------------------------

@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(books())
def test_a_generated_book_reads_and_reads_back_to_the_same_book(data: dict[str, Any]) -> None:
    book = read_book(data, SHARED_NAMES)
    written = book_data(book)
    assert read_book(json.loads(json.dumps(written)), SHARED_NAMES) == book
    assert book_data(read_book(written, SHARED_NAMES)) == written


def test_a_book_goes_through_the_codec_and_back() -> None:
    book = load_book(DEFAULT_BOOK_PATH, SHARED_NAMES)
    assert codec.loads(codec.dumps(book)) == book


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(STARTER_PATHS), JUNK)
def test_any_value_anywhere_in_a_book_is_read_or_refused_in_one_line(path: tuple[Any, ...], junk: Any) -> None:
    data = copy.deepcopy(STARTER_DATA)
    set_at(path, junk)(data)
    try:
        read_book(data, SHARED_NAMES)
    except ConfigError as exc:
        assert "\n" not in str(exc) and str(exc).startswith("book")


def test_the_books_bounds_fit_the_games_action_ids() -> None:
    from wasteland.aftermath import actions, cards
    from wasteland.aftermath import book as b

    assert b.MAX_SPACES == cards.MAX_SPACES
    assert b.MAX_SPACES * b.MAX_SCAVENGE <= actions.MAX_CACHES
    assert b.MAX_CHOICES <= actions.MAX_OPTIONS  # a choice's options and a travel's pages
