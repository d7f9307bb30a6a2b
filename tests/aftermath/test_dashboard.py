"""Seeing and continuing a campaign: the dashboard and the travel map drawn, a campaign saved and
loaded back (a stranger's file refused in one line), and ``wasteland play aftermath --campaign
FILE`` playing one mission after another into the same file."""

from __future__ import annotations

import builtins
import itertools
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from wasteland.cli import main
from wasteland.core.codec import dumps
from wasteland.core.game import ConfigError
from wasteland.core.records import replace
from wasteland.aftermath import GAME
from wasteland.aftermath.campaign import campaign_book, finish_mission, new_campaign, start_mission
from wasteland.aftermath.dashboard import campaign_svg, campaign_text, load_campaign, save_campaign
from wasteland.aftermath.state import Phase


def _texts(svg: str) -> list[str]:
    root = ET.fromstring(svg)
    return [t.text or "" for t in root.iter() if t.tag.endswith("text")]


def test_the_dashboard_drawing_shows_every_dial_against_its_range_and_the_travel_map() -> None:
    campaign = new_campaign()
    texts = _texts(campaign_svg(campaign))
    for name, value, top in zip(("food", "scrap", "population", "morale", "clues", "time"), campaign.dials,
                                (15, 15, 20, 15, 15, 99)):
        assert name in texts and any(t.startswith(f"{value} / {top}") for t in texts), name
    assert any("stops at 15 until told otherwise" in t for t in texts)
    assert any("rises once a mission" in t for t in texts) and any("lost at 0" in t for t in texts)
    book = campaign_book(campaign)
    assert book.map is not None
    for space in book.map.spaces:
        assert space.title in texts and f"page {space.page}" in texts
    assert "main mission" in texts  # Enjo Market, where the first main mission is completed
    assert "the party marker" in texts
    # after a mission the marker and the dials move with the campaign
    s = start_mission(campaign, 1, ["grumple", "whisper"])
    s = replace(s, phase=Phase.OVER, ending="mission_won", stack=(),
                outing=replace(s.outing, location="enjo_market"))
    later = finish_mission(campaign, s)
    assert later.location == "enjo_market" and campaign_svg(later) != campaign_svg(campaign)
    assert "missions played: mission_won" in campaign_text(later)


def test_a_saved_campaign_loads_back_and_a_stranger_s_file_is_refused_in_one_line(tmp_path: Path) -> None:
    campaign = new_campaign(infinite=True)
    path = tmp_path / "campaign.json"
    save_campaign(campaign, path)
    assert load_campaign(path) == campaign
    broken = {
        "not_json.json": "{",
        "a_state.json": dumps(GAME.new_game(1)),
        "dials.json": dumps(campaign).replace('"dials":{"$t":[6,', '"dials":{"$t":[60,'),
        "cards.json": dumps(campaign).replace('"compass",', '"compass","compass",', 1),
    }
    for name, text in broken.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
        with pytest.raises(ConfigError) as caught:
            load_campaign(tmp_path / name)
        message = str(caught.value)
        assert name in message and "\n" not in message, message
    with pytest.raises(ConfigError, match="cannot read it"):
        load_campaign(tmp_path / "missing.json")


def test_play_continues_a_saved_campaign_from_one_evening_to_the_next(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "winter.json"
    monkeypatch.setattr(builtins, "input", lambda prompt="": "1")  # always the first legal action
    assert main(["play", "aftermath", "--campaign", str(path), "--seed", "3"]) == 0
    first = load_campaign(path)
    assert len(first.results) == 1 and (tmp_path / "winter.json.svg").exists()
    out = capsys.readouterr().out
    assert "main mission 1 of 4: Sweet Haul at Enjo" in out and f"Saved to {path}" in out
    # the next evening: other characters, the same file
    assert main(["play", "aftermath", "--campaign", str(path), "--seed", "4", "--players", "3",
                 "--option", "characters=ringr,meziah,whisper"]) == 0
    second = load_campaign(path)
    assert len(second.results) == 2 and second.results[0] == first.results[0]
    assert "Ringr" in capsys.readouterr().out


def test_a_lost_campaign_goes_on_at_the_command_line_with_infinite_lives(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "lost.json"
    save_campaign(replace(new_campaign(), lost=True, dials=(0, 4, 6, 5, 0, 0)), path)
    monkeypatch.chdir(tmp_path)  # a campaign's mission quit with q is saved where play runs
    monkeypatch.setattr(builtins, "input", lambda prompt="": "q")
    assert main(["play", "aftermath", "--campaign", str(path)]) == 2
    assert "the campaign is lost" in capsys.readouterr().err
    assert main(["play", "aftermath", "--campaign", str(path), "--option", "infinite=true"]) == 0
    saved = load_campaign(path)
    assert saved.infinite and not saved.lost and saved.dials[0] == saved.dials[3] == 5


def test_play_refuses_a_wrong_campaign_in_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    answers = itertools.repeat("q")
    monkeypatch.setattr(builtins, "input", lambda prompt="": next(answers))
    (tmp_path / "bad.json").write_text("[1, 2]", encoding="utf-8")
    for argv, words in [
        (["play", "lucky_seven", "--campaign", str(tmp_path / "c.json")], "continues an Aftermath campaign"),
        (["play", "aftermath", "--campaign", str(tmp_path / "bad.json")], "not a saved campaign"),
        (["play", "aftermath", "--campaign", str(tmp_path / "c.json"), "--option", "cards=1"],
         "takes the options players, characters and infinite"),
    ]:
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert words in err and "Traceback" not in err, err


def test_a_campaign_mission_s_drawing_shows_the_travel_map_with_the_party_marker() -> None:
    s = start_mission(new_campaign(), 1, ["grumple", "whisper"])
    texts = _texts(GAME.svg(s))
    assert "The travel map" in texts and "Enjo Market" in texts and "page 3 · party" in texts
    assert "The travel map" not in _texts(GAME.svg(GAME.new_game(1)))  # a mission alone has none


def test_the_campaign_replay_page_draws_the_travel_map() -> None:
    from wasteland import replay, viewer
    path = Path(__file__).resolve().parents[2] / "examples" / "replays" / "aftermath_campaign.json"
    drawings = viewer.frames(replay.load(path))["drawings"]
    assert drawings and all("The travel map" in svg for svg in drawings)


def test_a_campaign_mission_quit_with_q_is_saved_and_resumed_with_its_campaign_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    path, other = tmp_path / "winter.json", tmp_path / "other.json"
    save_campaign(replace(new_campaign(), dials=(5, 4, 6, 5, 0, 0)), other)  # another campaign
    answers = iter(["1", "s", "q"])
    monkeypatch.setattr(builtins, "input", lambda prompt="": next(answers))
    assert main(["play", "aftermath", "--campaign", str(path), "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "main mission 1 of 4: Sweet Haul at Enjo, to be completed at" in out and "completed at" not in \
        out.split("to be completed at")[0]
    save = tmp_path / "wasteland-save.json"
    assert f"--resume {save} --campaign {path}" in out and "is unchanged" in out
    assert save.exists() and not path.exists()  # nothing recorded until the mission ends
    # the saved mission with another campaign: refused before a move is asked for
    monkeypatch.setattr(builtins, "input", lambda prompt="": pytest.fail("a move was asked for"))
    assert main(["play", "--resume", str(save), "--campaign", str(other)]) == 2
    assert "not the next mission of the campaign" in capsys.readouterr().err
    # without --campaign, it says how the mission is recorded
    monkeypatch.setattr(builtins, "input", lambda prompt="": "q")
    assert main(["play", "--resume", str(save)]) == 0
    assert "resume it with --campaign FILE" in capsys.readouterr().out
    # with its own campaign: played to the end and recorded
    monkeypatch.setattr(builtins, "input", lambda prompt="": "1")
    assert main(["play", "--resume", str(save), "--campaign", str(path)]) == 0
    assert len(load_campaign(path).results) == 1
