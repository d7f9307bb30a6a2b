"""Lucky Seven states from strangers' files: everything is checked before a rule sees it."""

from __future__ import annotations

import json
from typing import Any

import pytest

from wasteland.core import codec
from wasteland.core.codec import CodecError
from wasteland.lucky_seven import GAME


def _tampered(change: Any, **options: Any) -> str:
    doc = json.loads(codec.dumps(GAME.new_game(1, **options), share=False))
    change(doc)
    return json.dumps(doc)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.__setitem__("turn", "x"), r"State\.turn"),
        (lambda d: d.__setitem__("turn", -3), "turn"),
        (lambda d: d["squad"]["$t"].__setitem__(3, 99), "State.squad: member 99 is out of range"),
        (lambda d: d["threats"]["$t"].__setitem__(3, 10**6), "State.threats: threat 1000000 is out of range"),
        (lambda d: d["squad"]["$t"].extend([-1] * 10**4), "28 cells"),
        (lambda d: d["options"].__setitem__("variant", "cooperative"), "variant"),
        (lambda d: d["options"].__setitem__("players", 10**5000 // 10**4990), "players"),
        (lambda d: d["rng"].__setitem__("key", {"$t": []}), r"Rng\.key"),
        (lambda d: d.__setitem__("active", 1), "State.active: side 1 is out of range"),
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


def test_an_option_file_with_a_key_twice_is_refused_not_read_as_its_last_value(
    tmp_path: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    """JSON lets a key appear twice and Python keeps the last; a file from a stranger that
    says two things is refused instead, as the codec and replays refuse it."""
    from wasteland.cli import main

    path = tmp_path / "twice.json"
    path.write_text('{"depot": {"strength": 4}, "depot": {"strength": 99}}')
    assert main(["simulate", "lucky_seven", "-n", "1", "--quiet", "--option", f"cards=@{path}"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "the key 'depot' appears twice" in err


@pytest.mark.parametrize("name", ["Hammer\ud800", "\udc80", "Ham\x00mer"])
def test_card_set_text_that_is_not_text_is_refused_in_one_printable_line(name: str) -> None:
    """The Lucky Seven's card set holds no free text: names are matched against the squad's,
    and whatever is refused is quoted escaped."""
    from wasteland.core.game import ConfigError

    with pytest.raises(ConfigError, match=r"cards\.members\[0\]\.name: must be one of") as err:
        GAME.new_game(1, cards={"members": [{"name": name, "up": 1}]})
    str(err.value).encode("utf-8")
    data = json.dumps({"members": [{"name": name, "up": 1}]})
    from wasteland.core.data import read_json

    if "\\ud" in data:  # a lone surrogate: not even read from a file
        with pytest.raises(ConfigError, match="not valid Unicode text"):
            read_json(data)
