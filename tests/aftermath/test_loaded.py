"""Aftermath tables and views from files: the loader refuses, in one line naming what is wrong,
what no mission can hold: a book the reader refuses, a graph that is not the page's map, a space
off the page, a card or token in two places, a dial or a count out of range, an effect no book
holds."""

from __future__ import annotations

from typing import Any

import pytest

from tests.support import assert_load_refused, load_changed, played, random_walk

from wasteland.aftermath import GAME
from wasteland.aftermath.campaign import mission_options, new_campaign
from wasteland.aftermath.cards import HIDDEN
from wasteland.core import codec
from wasteland.core.codec import CodecError


def _on_page_3(**options: Any) -> Any:
    """A table of random play on page 3 with enemies in play and face-down scavenge tokens: the
    first such table of seeds 1, 2, ... (each followed for at most 200 decisions)."""
    for seed in range(1, 50):
        for state in random_walk(GAME, GAME.new_game(seed, players=2, **options), seed, 200):
            if state.page == 3 and state.foes and state.caches and state.deck and state.phase.value == "act":
                return state
    raise AssertionError("no random play reached page 3 with enemies and tokens")


def _border_dropped(doc: dict[str, Any]) -> None:
    doc["graph"]["borders"]["$t"].pop()


def _line_kind_changed(doc: dict[str, Any]) -> None:
    doc["book"]["pages"]["$t"][0]["lines"]["$t"][0]["kind"] = "H"


def _start_off_the_page(doc: dict[str, Any]) -> None:
    """The last page starts on a space it does not have (in the options' book too, if any)."""
    for book in (doc["book"], doc["options"]["book"]):
        if book is not None:
            book["pages"]["$t"][-1]["start"] = "Z"


def _page_added_to_a_view(doc: dict[str, Any]) -> None:
    for book in (doc["book"], doc["options"]["book"]):
        pages = book["pages"]["$t"]
        pages.append(dict(pages[0], number=pages[0]["number"] + 100))


def _book_effect_on_the_stack(doc: dict[str, Any]) -> None:
    doc["stack"]["$t"].insert(0, {"$r": "aftermath.Dial", "dial": "food", "amount": 15})


def _foe_off_the_page(doc: dict[str, Any]) -> None:
    doc["foes"]["$t"][0]["spaces"]["$t"][0] = "Z"


def _unseen_card_shown(doc: dict[str, Any]) -> None:
    seen = {c for key in ("discard", "played", "threats") for c in doc[key]["$t"]}
    seen |= {c for hand in doc["hands"]["$t"] for c in hand["$t"]}
    doc["deck"]["$t"][0] = min(set(range(37)) - seen)


def _card_twice(doc: dict[str, Any]) -> None:
    doc["discard"]["$t"].append(doc["deck"]["$t"][0])


@pytest.mark.parametrize(
    ("viewer", "change", "message"),
    [
        (None, _border_dropped, "the graph is not the map of page 3"),
        (1, _border_dropped, "the graph is not the map of page 3"),
        (None, _start_off_the_page, "the table's book is the starter book, whole or as the party knows it"),
        (0, _start_off_the_page, "the table's book is the starter book, whole or as the party knows it"),
        (None, lambda d: d["spaces"]["$t"].__setitem__(0, "Z"), "a character stands on a space not on page 3"),
        (None, _foe_off_the_page, "an enemy's figures stand off the page"),
        (None, lambda d: d["caches"]["$t"][0].__setitem__("space", "Z"), "scavenge token lies off the page"),
        (None, lambda d: d["dials"]["$t"].__setitem__(0, 2**62), "the food dial runs from 0 to 15"),
        (None, lambda d: d["dials"]["$t"].__setitem__(5, 100), "the time dial runs from 0 to 99"),
        (None, _card_twice, "action card ids run from 0 to 36, each in one place"),
        (None, lambda d: d["item_deck"]["$t"].pop(), "every item of the mission is in exactly one place"),
        (None, _book_effect_on_the_stack, "an effect in progress is not one of the book's"),
        (None, lambda d: d.__setitem__("active", 4), "the active character, the reader and the bookkeeper"),
        (None, lambda d: d.__setitem__("bookkeeper", 2), "the active character, the reader and the bookkeeper"),
        (None, lambda d: d["phase"].__setitem__("v", "over"), "a finished mission, and only a finished one"),
        (None, lambda d: d["stack"]["$t"].clear(), "a Wait on top of the stack"),
        (0, lambda d: d["hands"]["$t"][0]["$t"].__setitem__(0, HIDDEN), "a view hides the hands other seats play"),
        (1, _unseen_card_shown, "a view hides the deck"),
        # a player count of 2**63 - 1 once made svg loop for ever; 0 divided by zero in owner
        (None, lambda d: d["options"].__setitem__("players", 2**63 - 1), "players run from 1 to 4"),
        (1, lambda d: d["options"].__setitem__("players", 0), "players run from 1 to 4"),
        # a line of the map of an unknown kind once raised KeyError in render and svg
        (None, _line_kind_changed, "the table's book is the starter book"),
        (0, _line_kind_changed, "the table's book is the starter book"),
        # one entry too many for a character once raised IndexError in render, svg and observe
        (None, lambda d: d["batteries"]["$t"].append(0), "batteries holds one entry per character"),
        # a hidden scavenge token dropped from a view's pile once made determinize's table not view back
        (1, lambda d: d["piles"]["$t"][0]["$t"].pop(), "every scavenge token is in exactly one place"),
        (None, lambda d: d["batteries"]["$t"].__setitem__(0, 9), "the box holds 8 battery tokens"),
        (None, lambda d: d["outing"].__setitem__("abilities", {"$t": [{"$t": ["throw"]}, {"$t": ["throw"]}]}),
         "a character holds its own ability cards, each once, its starting one first"),
        (None, lambda d: d["outing"].__setitem__("environment", {"$t": ["sunshine"]}),
         "an environment card is not the game's"),
        (0, lambda d: d["outing"].__setitem__("vehicles", {"$t": ["toy_truck", "toy_truck"]}),
         "a vehicle card is not the game's, or is in play twice"),
        (None, lambda d: d["outing"].__setitem__("supply", {"$t": ["steak_knife"]}),
         "only a colony upgrade goes to the colony supply"),
        (None, lambda d: d["outing"].__setitem__("influenced", {"$t": [7]}),
         "an influence card played is a character's of the table"),
    ],
)
def test_a_table_or_view_no_mission_can_hold_is_refused(viewer: int | None, change: Any, message: str) -> None:
    state = _on_page_3()
    assert state.page == 3 and state.foes and state.caches
    if viewer is not None:
        state = GAME.view(state, viewer)
    assert_load_refused(state, change, message)


def test_a_book_of_ones_own_is_checked_whole_on_the_table_and_as_known_in_a_view() -> None:
    state = _on_page_3()
    own = _on_page_3(book=state.book)
    assert own.book == state.book
    for seen in (own, GAME.view(own, 0), GAME.determinize(GAME.view(own, 0), 0, 5)):
        assert codec.loads(codec.dumps(seen)) == seen
    with pytest.raises(CodecError, match=r"the book does not pass the reader's checks: book\.pages\[2\] \(page 4\)"):
        load_changed(own, _start_off_the_page)
    with pytest.raises(CodecError, match="the page does not pass the reader's checks"):
        load_changed(GAME.view(own, 0), _start_off_the_page)
    with pytest.raises(CodecError, match="a book as the party knows it .* holds the current page only"):
        load_changed(GAME.view(own, 0), _page_added_to_a_view)


def test_a_table_dealt_from_a_view_holds_the_book_as_the_party_knows_it() -> None:
    seen = GAME.view(_on_page_3(), 1)
    table = GAME.determinize(seen, 1, 3)
    assert len(table.book.pages) == 1
    assert codec.loads(codec.dumps(table)) == table
    with pytest.raises(CodecError, match="the graph is not the map"):
        load_changed(table, _border_dropped)


def test_a_campaign_mission_loads_and_its_outing_is_checked() -> None:
    options = mission_options(new_campaign(), ["grumple", "whisper"])
    state = played(GAME, 30, **options)
    assert state.options.campaign is not None and state.book.map is not None
    for seen in (state, GAME.view(state, 0), GAME.determinize(GAME.view(state, 0), 0, 2)):
        assert codec.loads(codec.dumps(seen)) == seen

    def off_the_map(doc: dict[str, Any]) -> None:
        doc["outing"]["location"] = "nowhere"

    with pytest.raises(CodecError, match="the party marker is not on the travel map"):
        load_changed(state, off_the_map)

    def goal_twice(doc: dict[str, Any]) -> None:
        doc["outing"]["goals"] = {"$t": ["grumple", "grumple"]}

    with pytest.raises(CodecError, match="a personal goal done is not the book's, or is done twice"):
        load_changed(GAME.view(state, 0), goal_twice)
