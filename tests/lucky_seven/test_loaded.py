"""Lucky Seven tables and views from files: the loader refuses what no game can hold, and
determinize refuses a view that no table gives."""

from __future__ import annotations

from typing import Any

import pytest

from tests.support import assert_load_refused, played

from wasteland.core import codec
from wasteland.core.codec import CodecError
from wasteland.core.game import IllegalAction
from wasteland.core.records import replace
from wasteland.lucky_seven import GAME


def _move_member_to_other_grid(doc: dict[str, Any]) -> None:
    squad = doc["squad"]["$t"]
    cell = next(c for c in range(28, 56) if squad[c] >= 0 and squad[c - 28] < 0 and doc["threats"]["$t"][c - 28] < 0
                and c % 7)
    squad[cell - 28], squad[cell] = squad[cell], -1


@pytest.mark.parametrize(
    ("options", "change", "message"),
    [
        # a member of grid 2 standing on grid 1 once made two legal actions share one notation
        ({"players": 2, "variant": "cooperative"}, _move_member_to_other_grid, "its own grid"),
        ({}, lambda d: d["decks"]["$t"][0]["$t"].pop(), "exactly one zone"),
        ({}, lambda d: d["decks"]["$t"][0]["$t"].append(d["decks"]["$t"][0]["$t"][0]), "exactly one zone"),
        ({}, lambda d: d["fallen"]["$t"].append(d["fallen"]["$t"][0]), "exactly once"),
        ({}, lambda d: d["row_cards"]["$t"].__setitem__(0, d["row_cards"]["$t"][1]), "row cards"),
        # an event naming a card out of the set once made render and svg raise IndexError
        ({}, lambda d: d.__setitem__("events", {"$t": [{"$r": "lucky_seven.NoRoom", "card": 99, "row": 0}]}),
         "NoRoom.card: card 99 is out of range"),
        ({}, lambda d: d.__setitem__("stack", {"$t": [{"$r": "lucky_seven.EndOfTurn"}]}), "no effect left"),
        ({}, lambda d: d.__setitem__("phase", {"$e": "lucky_seven.Phase", "v": "encounter"}), "drawn threat"),
    ],
)
def test_a_table_no_game_can_hold_is_refused(options: dict[str, Any], change: Any, message: str) -> None:
    state = played(GAME, 0, **options)
    assert_load_refused(state, change, message)


def test_a_view_with_a_deck_out_of_order_is_refused_by_the_loader_and_by_determinize() -> None:
    """``view`` shows each deck in id order: determinize of a view with a shuffled deck would
    give a table that does not view back to it."""
    seen = GAME.view(played(GAME, 5), 0)
    deck = seen.decks[0]
    shuffled = replace(seen, decks=(deck[::-1],))
    with pytest.raises(CodecError, match="id order"):
        codec.loads(codec.dumps(shuffled))
    with pytest.raises(IllegalAction, match="no table gives this view"):
        GAME.determinize(shuffled, 0, 1)
    table = GAME.determinize(seen, 0, 1)
    assert GAME.view(table, 0) == seen
    assert codec.loads(codec.dumps(table)) == table
