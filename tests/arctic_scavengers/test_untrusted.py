"""Arctic Scavengers states from strangers' files: everything is checked before a rule sees it."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

from wasteland.arctic_scavengers import GAME
from wasteland.core import codec
from wasteland.core.codec import CodecError


def _tampered(change: Any, **options: Any) -> str:
    doc = json.loads(codec.dumps(GAME.new_game(1, **options)))
    change(doc)
    return json.dumps(doc)


def test_a_card_set_of_a_billion_cards_is_refused_at_once() -> None:
    """A 2 KB file once made the first legal_actions take 18 s and 2.8 GB: the count is checked now."""

    def huge(doc: dict[str, Any]) -> None:
        doc["options"]["cards"]["changed"]["$t"][0]["count"] = 10**9

    text = _tampered(huge, players=3, cards={"Brawler": {"count": 9}})
    start = time.perf_counter()
    with pytest.raises(CodecError, match=r"cards\.brawler\.count: must be a whole number from 0 to 99"):
        codec.loads(text)
    assert time.perf_counter() - start < 0.5


def test_a_card_type_whose_printed_facts_were_rewritten_is_refused() -> None:
    def rename(doc: dict[str, Any]) -> None:
        doc["options"]["cards"]["changed"]["$t"][0]["special"] = "snipe"

    with pytest.raises(CodecError, match="do not read back"):
        codec.loads(_tampered(rename, players=3, cards={"Brawler": {"count": 9}}))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.__setitem__("turn", "x"), r"State\.turn"),
        (lambda d: d.__setitem__("turn", 7), "seat deciding"),
        (lambda d: d["hands"]["$t"][0]["$t"].__setitem__(0, 5000), "card id 5000"),
        (lambda d: d["hands"]["$t"][0]["$t"].__setitem__(0, -1), "card id -1"),
        (lambda d: d["hands"]["$t"].pop(), "zones"),
        (lambda d: d["rng"].__setitem__("key", {"$t": []}), r"Rng\.key"),
        (lambda d: d["options"].__setitem__("players", 9), "players"),
        (lambda d: d.__setitem__("viewer", 5), "viewer"),
    ],
)
def test_a_tampered_state_is_refused_with_what_is_wrong(change: Any, message: str) -> None:
    with pytest.raises(CodecError, match=message):
        codec.loads(_tampered(change, players=3))


def test_every_state_and_view_of_a_game_reads_back() -> None:
    from wasteland.core.rng import Rng

    state = GAME.new_game(5, players=4)
    pick = Rng.from_seed(5)
    step = 0
    while GAME.outcome(state) is None:
        if step % 25 == 0:
            assert codec.loads(codec.dumps(state)) == state
            for p in range(4):
                seen = GAME.view(state, p)
                assert codec.loads(codec.dumps(seen)) == seen
        action, pick = pick.choice(GAME.legal_actions(state))
        state = GAME.apply(state, action)
        step += 1
