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
    doc = json.loads(codec.dumps(GAME.new_game(1, **options), share=False))
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

    with pytest.raises(CodecError, match="read back"):
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


def test_a_saved_card_set_says_what_read_card_set_makes_and_nothing_else() -> None:
    """A ``CardSet`` record read on its own is checked too: its types' provenance, names and
    texts are not the file's to say."""
    from wasteland.arctic_scavengers.card_set import USER_PROVENANCE

    cards = GAME.new_game(1, players=3, cards={"Brawler": {"fight": 3}}).options.cards
    assert cards is not None and cards.changed[0].provenance == USER_PROVENANCE
    text = codec.dumps(cards, share=False)
    assert codec.loads(text) == cards
    for field, value in [("provenance", "public [RB] card renders"), ("name", "Brawler\u202e"),
                         ("special", "snipe")]:
        doc = json.loads(text)
        doc["changed"]["$t"][0][field] = value
        with pytest.raises(CodecError, match=r"cards\.brawler: the type does not read back"):
            codec.loads(json.dumps(doc))
    doc = json.loads(text)
    doc["changed"]["$t"] *= 2
    with pytest.raises(CodecError, match="distinct types"):
        codec.loads(json.dumps(doc))


def test_a_card_set_file_with_a_lone_surrogate_or_a_key_twice_is_one_line(
    tmp_path: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    from wasteland.cli import main

    for name, text, said in [
        ("surrogate.json", '{"\\ud800": {"count": 9}}', "not valid Unicode text"),
        ("twice.json", '{"Brawler": {"fight": 3, "fight": 0}}', "the key 'fight' appears twice"),
    ]:
        path = tmp_path / name
        path.write_text(text)
        assert main(["simulate", "arctic_scavengers", "-n", "1", "--quiet", "--option", f"cards=@{path}"]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and said in err
