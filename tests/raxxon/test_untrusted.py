"""Raxxon states and card sets from strangers: checked before a rule sees them."""

from __future__ import annotations

import json
from typing import Any

import pytest

from wasteland.core import codec
from wasteland.core.codec import CodecError
from wasteland.core.game import ConfigError
from wasteland.raxxon import GAME, new_game
from wasteland.raxxon.card_set import card_set_data, read_card_set


def _tampered(change: Any, **options: Any) -> str:
    doc = json.loads(codec.dumps(new_game(1, **options)))
    change(doc)
    return json.dumps(doc)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.__setitem__("day", "x"), r"State\.day"),
        (lambda d: d.__setitem__("power", 9), "power"),
        (lambda d: d["crowd"]["$t"].append(-1), "36 cells"),
        (lambda d: d["draw"]["$t"].__setitem__(0, 999), "population card ids"),
        (lambda d: d["draw"]["$t"].pop(), "exactly one place"),
        (lambda d: d["raxxon_draw"]["$t"].pop(), "Raxxon card ids"),
        (lambda d: d["options"].__setitem__("difficulty", "nightmare"), "difficulty"),
        (lambda d: d.__setitem__("active", 3), "out of range"),
    ],
)
def test_a_tampered_state_is_refused_with_what_is_wrong(change: Any, message: str) -> None:
    with pytest.raises(CodecError, match=message):
        codec.loads(_tampered(change))


def test_every_state_reads_back() -> None:
    state = new_game(2, players=2)
    assert codec.loads(codec.dumps(state)) == state


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        ("file.json", "--option cards=@file.json"),
        ({"people": []}, "unknown key 'people'"),
        ({"population": [{"type": "Zombie"}]}, r"cards\.population\[0\]\.type"),
        ({"population": [{"type": "Hostile", "count": 0}]}, r"cards\.population\[0\]\.count"),
        ({"population": [{"type": "Hostile", "count": 3}]}, "healthy and infected"),
        ({"population": [{"type": "Hostile", "flipped": [{"count": 0, "effects": []}]}, {"type": "Carrier"}]},
         r"population\[0\]\.flipped\[0\]\.count"),
        ({"population": [{"type": "Hostile", "killed": ["explode"]}, {"type": "Carrier"}]},
         r"population\[0\]\.killed\[0\]"),
        ({"raxxon": []}, r"cards\.raxxon"),
        ({"raxxon": [{"title": "X", "trigger": {"kind": "sometimes"}, "options": [{"effects": []}]}]},
         r"raxxon\[0\]\.trigger\.kind"),
        ({"raxxon": [{"title": "X", "options": [{"effects": []}, {"effects": []}]}]}, "distinct label"),
        ({"raxxon": [{"title": "X" * 100, "options": [{"effects": []}]}]}, r"raxxon\[0\]\.title"),
    ],
)
def test_a_bad_card_set_names_the_path_of_the_entry(cards: object, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        new_game(1, cards=cards)


def test_the_default_set_reads_back_and_a_set_of_one_s_own_plays() -> None:
    data = card_set_data(None)
    assert read_card_set(data) == read_card_set(json.loads(json.dumps(data)))
    own = {"population": [{"type": "Hostile", "count": 6}, {"type": "Innocent", "count": 4},
                          {"type": "Carrier", "count": 8, "flipped": [{"count": 2, "effects": ["end_day"]}]}],
           "raxxon": [{"title": "Sirens", "options": [{"effects": ["add"]}], "count": 5}]}
    state = new_game(3, players=2, cards=own, difficulty="intro")
    assert len(state.raxxon_draw) == 5
    assert codec.loads(codec.dumps(state)) == state
    from wasteland.core.rng import Rng

    pick = Rng.from_seed(1)
    while GAME.outcome(state) is None:
        action, pick = pick.choice(GAME.legal_actions(state))
        state = GAME.apply(state, action)


def test_a_card_set_inside_a_state_is_checked_as_the_option_is() -> None:
    own = {"raxxon": [{"title": "Sirens", "options": [{"effects": ["add"]}]}]}

    def bad(doc: dict[str, Any]) -> None:
        doc["options"]["cards"]["raxxon"]["$t"][0]["options"]["$t"][0]["$t"][1]["$t"] = [99]

    with pytest.raises(CodecError):
        codec.loads(_tampered(bad, cards=own))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.__setitem__("stack", {"$t": [{"$r": "raxxon.Ask", "kind": 16, "count": 0, "arg": 99}]}),
         "argument"),
        (lambda d: d.__setitem__("stack", {"$t": [{"$r": "raxxon.Icon", "code": 40}]}), "effect code"),
        (lambda d: d.__setitem__("stack", {"$t": [{"$r": "raxxon.FileRaxxon", "card": 3}]}), "not being read"),
        (lambda d: d.__setitem__("stage", 2), "waits for a decision"),
        (lambda d: d.__setitem__("seen", {"$t": [{"$f": [0]}]}), "seen cell"),
        (lambda d: d.__setitem__("unknown", {"$t": [1]}), "population card ids|unknown"),
    ],
)
def test_a_tampered_stack_or_turn_is_refused(change: Any, message: str) -> None:
    with pytest.raises(CodecError, match=message):
        codec.loads(_tampered(change))
