"""Raxxon states and card sets from strangers: checked before a rule sees them."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.support import random_walk
from wasteland.core import codec
from wasteland.core.codec import CodecError
from wasteland.core.game import ConfigError
from wasteland.raxxon import GAME, new_game
from wasteland.raxxon.card_set import card_set_data, read_card_set


def _tampered(change: Any, **options: Any) -> str:
    doc = json.loads(codec.dumps(new_game(1, **options), share=False))
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
        (lambda d: d.__setitem__("stack", {"$t": [{"$r": "raxxon.Icon", "code": 40}]}),
         "Icon.code: effect 40 is out of range"),
        (lambda d: d.__setitem__("stack", {"$t": [{"$r": "raxxon.FileRaxxon", "card": 3}]}), "not being read"),
        (lambda d: d.__setitem__("stage", 2), "waits for a decision"),
        (lambda d: d.__setitem__("seen", {"$t": [{"$f": [0]}]}), "seen cell"),
        (lambda d: d.__setitem__("unknown", {"$t": [1]}), "population card ids|unknown"),
    ],
)
def test_a_tampered_stack_or_turn_is_refused(change: Any, message: str) -> None:
    with pytest.raises(CodecError, match=message):
        codec.loads(_tampered(change))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.__setitem__("events", {"$t": [{"$r": "raxxon.Killed", "card": 9999, "fired": {"$t": []}}]}),
         "Killed.card: population 9999 is out of range"),
        (lambda d: d.__setitem__("events", {"$t": [{"$r": "raxxon.Flipped", "cell": 500, "card": 5, "count": 1,
                                                    "fired": {"$t": []}}]}), "Flipped.cell: cell 500 is out of range"),
        (lambda d: d.__setitem__("events", {"$t": [{"$r": "raxxon.Flipped", "cell": 5, "card": 5, "count": 1,
                                                    "fired": {"$t": [99]}}]}),
         "Flipped.fired: effect 99 is out of range"),
        (lambda d: d.__setitem__("events", {"$t": [{"$r": "raxxon.RaxxonDrawn", "card": 777, "triggered": True}]}),
         "RaxxonDrawn.card: raxxon 777 is out of range"),
        (lambda d: d.__setitem__("events", {"$t": [{"$r": "raxxon.Looked", "player": 7, "cell": 5, "card": 5}]}),
         "Looked.player: seat 7 is out of range"),
    ],
)
def test_an_event_naming_what_does_not_exist_is_refused(change: Any, message: str) -> None:
    """Telling the events of a saved state cannot fail: every id they name is checked on reading."""
    with pytest.raises(CodecError, match=message):
        codec.loads(_tampered(change))


def test_a_turn_for_a_player_who_passed_is_refused() -> None:
    state = new_game(3, players=2)
    doc = json.loads(codec.dumps(state, share=False))
    doc["passed"] = {"$f": [0, 1]}
    with pytest.raises(CodecError, match="active player has passed"):
        codec.loads(json.dumps(doc))


def test_a_decision_with_no_legal_answer_is_refused() -> None:
    """A kill of a face-up card pending when no card is face up would leave nobody able to play on."""
    with pytest.raises(CodecError, match="no legal answer"):
        codec.loads(_tampered(lambda d: (d.__setitem__("stack", {"$t": [{"$r": "raxxon.Ask", "kind": 13,
                                                                          "count": 1, "arg": -1}]}),
                                         d.__setitem__("stage", 2))))


def test_a_card_set_with_no_healthy_card_in_play_is_a_config_error() -> None:
    cards = card_set_data(None)
    cards["population"] = [p for p in cards["population"] if p["type"] in ("Hostile", "Carrier")]
    for p in cards["population"]:
        p["count"] = 5
    new_game(1, cards=cards)  # regular: five Hostiles to evacuate
    with pytest.raises(ConfigError, match="no healthy card in play"):
        new_game(1, cards=cards, difficulty="intro")  # the intro puts 5 Hostiles back in the box


def test_raxxon_cards_that_draw_raxxon_cards_end_their_chain() -> None:
    """A card set of one's own whose every card draws two more: the chain of draws ends (the
    triggered pile is not shuffled back while a card is being read), and games play to the end."""
    cards = card_set_data(None)
    cards["raxxon"] = [{"title": f"Echo {i}", "trigger": {"kind": "always", "count": 0},
                        "options": [{"label": "", "effects": ["raxxon", "raxxon"]}]} for i in range(20)]
    for seed in range(6):
        start = new_game(seed, players=1 + seed % 4, cards=cards)
        *_, last = random_walk(GAME, start, seed, 5000)
        assert GAME.outcome(last) is not None


# -- card text and provenance ----------------------------------------------------------------

_ONE_CARD = {"title": "Sirens", "trigger": {"kind": "always"}, "options": [{"effects": ["add"]}]}


@pytest.mark.parametrize("title", ["a\ud800", "bell\x07", "two\nlines", "\u202etxet", "", "x" * 41])
def test_a_card_title_is_printable_one_line_text(title: str) -> None:
    with pytest.raises(ConfigError, match=r"^cards\.raxxon\[0\]\.title: must be") as err:
        new_game(1, cards={"raxxon": [{**_ONE_CARD, "title": title}]})
    str(err.value).encode("utf-8")
    labelled = {**_ONE_CARD, "options": [{"label": title or "\x1b[31m", "effects": []}, {"label": "ok", "effects": []}]}
    with pytest.raises(ConfigError, match=r"^cards\.raxxon\[0\]\.options\[0\]\.label: must be"):
        new_game(1, cards={"raxxon": [labelled]})


def test_a_saved_card_title_with_a_control_character_is_refused() -> None:
    def ring(doc: dict[str, Any]) -> None:
        doc["options"]["cards"]["raxxon"]["$t"][0]["title"] = "Sirens\x07"

    with pytest.raises(CodecError, match=r"title: must be printable text"):
        codec.loads(_tampered(ring, cards={"raxxon": [_ONE_CARD]}))


def test_a_replay_with_a_lone_surrogate_in_a_card_title_is_one_line(
    tmp_path: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    from wasteland.cli import main

    path = tmp_path / "surrogate.json"
    path.write_text(json.dumps({
        "format": "wasteland-replay", "version": 2, "game": "raxxon", "rules_version": GAME.rules_version,
        "seed": 1, "options": {"cards": {"raxxon": [{**_ONE_CARD, "title": "\ud800"}]}}, "moves": [],
    }))
    assert main(["replay", str(path), "--steps"]) == 1  # the file fails; nothing is raised
    said = capsys.readouterr()
    assert said.err == "" and said.out.startswith("FAIL ") and said.out.count("\n") == 1
    assert "not valid Unicode text" in said.out


def test_a_card_set_lists_user_cards_whatever_a_file_says() -> None:
    """Provenance is not a field of the data: every card listed is the user's, and a part left
    out keeps the shipped cards with their own provenance."""
    from wasteland.raxxon.cards import POPULATION_TYPES, RAXXON_CARDS

    with pytest.raises(ConfigError, match="unknown key 'source'"):
        read_card_set({"raxxon": [{**_ONE_CARD, "source": "public [RXS]"}]})
    shipped = card_set_data(None)["raxxon"][0]
    cards = read_card_set({"raxxon": [shipped]})
    assert cards is not None and cards.raxxon[0] == RAXXON_CARDS[0]
    assert cards.raxxon[0].source == "user card set"
    assert [p.source for p in cards.population] == [p.source for p in POPULATION_TYPES]


@pytest.mark.parametrize("part", ["raxxon", "population"])
def test_a_saved_card_set_cannot_rewrite_a_card_s_provenance(part: str) -> None:
    """``source`` is left out of equality (a user's copy of a shipped card equals it), so the
    codec checks it on its own: the user's mark, or an equal shipped card's own source."""
    good = _tampered(lambda d: None, cards={"raxxon": [_ONE_CARD]})
    assert codec.loads(good) == new_game(1, cards={"raxxon": [_ONE_CARD]})

    def claim(doc: dict[str, Any]) -> None:
        doc["options"]["cards"][part]["$t"][0]["source"] = "public [RXS] (a claim of the file's)"

    with pytest.raises(CodecError, match=rf"cards\.{part}\[0\]: provenance .* is neither 'user card set'"):
        codec.loads(_tampered(claim, cards={"raxxon": [_ONE_CARD]}))
