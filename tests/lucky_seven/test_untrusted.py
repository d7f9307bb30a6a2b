"""Lucky Seven states from strangers' files: everything is checked before a rule sees it."""

from __future__ import annotations

import json
from typing import Any

import pytest

from wasteland.core import codec
from wasteland.core.codec import CodecError
from wasteland.lucky_seven import GAME


def _tampered(change: Any, **options: Any) -> str:
    doc = json.loads(codec.dumps(GAME.new_game(1, **options)))
    change(doc)
    return json.dumps(doc)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.__setitem__("turn", "x"), r"State\.turn"),
        (lambda d: d.__setitem__("turn", -3), "turn"),
        (lambda d: d["squad"]["$t"].__setitem__(3, 99), "squad member ids"),
        (lambda d: d["threats"]["$t"].__setitem__(3, 10**6), "threat ids"),
        (lambda d: d["squad"]["$t"].extend([-1] * 10**4), "28 cells"),
        (lambda d: d["options"].__setitem__("variant", "cooperative"), "variant"),
        (lambda d: d["options"].__setitem__("players", 10**5000 // 10**4990), "players"),
        (lambda d: d["rng"].__setitem__("key", {"$t": []}), r"Rng\.key"),
        (lambda d: d.__setitem__("active", 1), "grid in play"),
    ],
)
def test_a_tampered_state_is_refused_with_what_is_wrong(change: Any, message: str) -> None:
    with pytest.raises(CodecError, match=message):
        codec.loads(_tampered(change))


def test_a_card_set_inside_a_state_is_checked_as_the_option_is() -> None:
    def strong(doc: dict[str, Any]) -> None:
        doc["options"]["cards"]["depot"] = 10**9

    with pytest.raises(CodecError, match="depot"):
        codec.loads(_tampered(strong, cards={"depot": {"strength": 5}}))


def test_every_state_and_view_reads_back() -> None:
    from wasteland.core.rng import Rng

    for options in ({}, {"players": 2, "variant": "cooperative", "depot": True}, {"players": 2}):
        state = GAME.new_game(5, **options)
        pick = Rng.from_seed(5)
        while GAME.outcome(state) is None:
            assert codec.loads(codec.dumps(state)) == state
            for p in range(GAME.num_players(state)):
                seen = GAME.view(state, p)
                assert codec.loads(codec.dumps(seen)) == seen
            action, pick = pick.choice(GAME.legal_actions(state))
            state = GAME.apply(state, action)
