"""Reproducers of what strangers' inputs once did to the library, one per class: options that go
together, a user's card set written and read back, a book that filled the table with tokens, and
the largest input of every kind saved and read back within the library's own limits."""

from __future__ import annotations

import importlib
import json
from pathlib import Path
from typing import Any

import attrs
import pytest

from wasteland import replay as replays
from wasteland.aftermath.book import (
    DEMO_CAMPAIGN_PATH, MAX_BOOK_TEXT, TOKENS_IN_BOX, PlaceTokens, read_book,
)
from wasteland.aftermath.campaign import new_campaign
from wasteland.aftermath.dashboard import load_campaign, save_campaign
from wasteland.aftermath.rules import ENGINE
from wasteland.aftermath.setup import names_for
from wasteland.aftermath.state import Resume
from wasteland.cli import main
from wasteland.core import codec
from wasteland.core.data import MAX_JSON_BYTES
from wasteland.core.game import ConfigError
from wasteland.core.records import replace
from wasteland.registry import get_game
from tests.aftermath.tables import table


# -- options that only make sense together --------------------------------------------------------

def test_a_campaign_option_without_its_book_is_a_config_error_not_an_index_error(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = get_game("aftermath")
    for campaign in ({"infinite": False, "missions": []},
                     {"mission": 0, "dials": [6, 4, 6, 5, 0, 0], "lifted": False, "infinite": False,
                      "box": [], "stash": [], "goals": []}):
        with pytest.raises(ConfigError, match='book="campaign"'):
            game.new_game(1, campaign=campaign)
    game.new_game(1, campaign={"infinite": False, "missions": []}, book="campaign")
    path = tmp_path / "played.json"
    path.write_text(json.dumps({"infinite": False, "missions": []}), encoding="utf-8")
    assert main(["play", "aftermath", "--option", f"campaign=@{path}"]) == 2
    assert 'book="campaign"' in capsys.readouterr().err


# -- a user's card set ----------------------------------------------------------------------------

@pytest.mark.parametrize("key", ["lucky_seven", "arctic_scavengers", "raxxon", "terror_below", "aftermath"])
def test_a_table_played_with_a_user_card_set_is_written_and_read_back(key: str) -> None:
    module = importlib.import_module(f"wasteland.{key}.card_set")
    data = module.card_set_data(getattr(module, "DESIGNED", None))
    game = get_game(key)
    state = game.new_game(3, cards=json.loads(json.dumps(data)))
    for value in (state, game.view(state, 0)):
        assert codec.loads(codec.dumps(value)) == value
        codec.digest(value)
    legal = game.legal_actions(state)
    recorded = replays.record(key, 3, {"cards": data}, [legal[0]])
    assert replays.verify(replays.from_json(replays.to_json(recorded))) is not None


# -- what a book may put on the table -------------------------------------------------------------

def test_a_book_places_no_more_tokens_than_the_box_holds() -> None:
    s = table()
    spaces = tuple(sp.name for sp in s.book.pages[0].spaces)
    effects = [PlaceTokens("fire", spaces)] * 40  # 240 fire tokens asked for
    s = ENGINE.settle(replace(s, stack=(Resume(), *effects)))
    assert sum(t.kind == "fire" for t in s.tokens) == TOKENS_IN_BOX["fire"] == 5


def test_a_page_printing_more_tokens_than_the_box_holds_is_refused_when_the_book_is_read() -> None:
    data = json.loads(DEMO_CAMPAIGN_PATH.read_text(encoding="utf-8"))
    for space in data["pages"][0]["spaces"][:2]:
        space["tokens"] = ["fishhook"]
    with pytest.raises(ConfigError, match="prints 2 fishhook tokens; the box holds 1"):
        read_book(data, names_for(None))


def _heavy_book(weight: int) -> dict[str, Any]:
    """The demo campaign's book, with numbered entries of non-ASCII text added until it weighs about
    ``weight`` as a table holds it."""
    data = json.loads(DEMO_CAMPAIGN_PATH.read_text(encoding="utf-8"))
    text = "Ünïcödé ťëxť — ☃ " * 35  # 595 characters, most not ASCII
    base = len(codec.dumps(read_book(data, names_for(None))))
    per_entry = len(json.dumps(text)) + 120
    count = (weight - base) // per_entry
    for k in range(count):
        page = data["pages"][k % len(data["pages"])]
        if len(page["entries"]) >= 40:
            continue
        page["entries"].append({"id": f"x{k}", "trigger": "numbered", "text": text[:595], "effects": []})
    return data


def test_a_book_heavier_than_a_table_may_hold_is_refused_when_it_is_read() -> None:
    with pytest.raises(ConfigError, match=f"at most {MAX_BOOK_TEXT // 1024} KB"):
        read_book(_heavy_book(MAX_BOOK_TEXT + 60_000), names_for(None))


# -- the largest accepted input of every kind, saved and read back -------------------------------

def test_the_heaviest_book_accepted_plays_saves_and_resumes_within_every_limit(tmp_path: Path) -> None:
    data = _heavy_book(MAX_BOOK_TEXT - 40_000)
    book = read_book(data, names_for(None))
    assert MAX_BOOK_TEXT - 100_000 < len(codec.dumps(book)) <= MAX_BOOK_TEXT
    file = tmp_path / "book.json"
    file.write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
    assert file.stat().st_size <= MAX_JSON_BYTES
    game = get_game("aftermath")
    state = game.new_game(1, book=data)
    # a table and a view of it: within the codec's limits
    for value in (state, game.view(state, 0)):
        assert len(codec.dumps(value)) <= codec.MAX_TEXT and codec.loads(codec.dumps(value)) == value
    # a saved game of it, at the command line: resumed
    save = tmp_path / "save.json"
    moves = [game.notation(state, game.legal_actions(state)[0])]
    replays.save(replays.Replay("aftermath", 1, {"book": data}, tuple(moves), None, None), save)
    assert save.stat().st_size <= replays.MAX_BYTES
    assert replays.load(save).options["book"] == data
    # a campaign of it: saved and loaded back
    campaign = new_campaign(book)
    where = tmp_path / "campaign.json"
    save_campaign(campaign, where)
    assert load_campaign(where) == campaign


def test_a_saved_game_is_written_as_utf8_not_escaped_and_weighs_about_what_its_options_read(
        tmp_path: Path) -> None:
    data = _heavy_book(MAX_BOOK_TEXT - 40_000)
    read = len(json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8"))
    text = replays.to_json(replays.Replay("aftermath", 1, {"book": data}, (), None, None))
    assert len(text.encode("utf-8")) < 1.2 * read and "\\u" not in text


def test_options_too_heavy_to_save_are_refused_before_the_game_starts(tmp_path: Path,
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    heavy = tmp_path / "heavy.json"
    heavy.write_text(json.dumps(["ü" * 1000] * 700, ensure_ascii=False), encoding="utf-8")  # 1.4 MB, 1.9 MB read
    assert heavy.stat().st_size <= MAX_JSON_BYTES
    assert main(["play", "aftermath", "--option", f"book=@{heavy}"]) == 2
    assert f"at most {replays.MAX_OPTIONS_BYTES // 1024} KB" in capsys.readouterr().err


# -- bare actions everywhere ----------------------------------------------------------------------

GAMES = ["lucky_seven", "arctic_scavengers", "raxxon", "terror_below", "aftermath"]


@pytest.mark.parametrize("key", GAMES)
def test_a_bare_action_of_every_type_at_a_position_of_every_phase_is_an_illegal_action(key: str) -> None:
    """``object.__new__(Keep)`` at Arctic's keep step raised AttributeError: every action type, made
    without its fields, at a table of every phase random play reaches (five games of each count)."""
    import random

    from wasteland.core.game import IllegalAction

    engine = importlib.import_module(f"wasteland.{key}.rules").ENGINE
    game = get_game(key)
    positions: dict[object, Any] = {}
    for players in game.player_counts:
        for seed in range(5):
            state, rng = game.new_game(seed, players=players), random.Random(seed)
            while game.outcome(state) is None and len(positions) < 200:
                positions.setdefault(getattr(state, "phase", None), state)
                legal = game.legal_actions(state)
                positions.setdefault((getattr(state, "phase", None), type(legal[0])), state)
                state = game.apply(state, legal[rng.randrange(len(legal))])
    for state in positions.values():
        for action_type in engine.rules:
            if not attrs.fields(action_type):  # made bare, a record without fields is the record itself
                continue
            with pytest.raises(IllegalAction):
                game.apply(state, object.__new__(action_type))
