"""Seeing and keeping a campaign between missions: the dashboard and the travel map in words and
as an SVG drawing, and a campaign saved to a file and loaded back (the codec's text, UTF-8; a
stranger's file is read bounded and refused with one line).

A campaign and its drawing are written with the library's one atomic writer
(:func:`wasteland.core.files.write_atomic`): a save that fails part-way (a full disk, an interrupt)
leaves the campaign as it was, and two terminals or a reader never see a torn file. Both targets
are checked (:func:`campaign_targets`: a regular file or nothing, in a folder that exists, never
through a symbolic link) before a mission starts and again before anything is written.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from wasteland.core.codec import MAX_TEXT, CodecError, encode, loads
from wasteland.core.files import file_name, read_file, writable, write_atomic
from wasteland.core.game import ConfigError, RulesError
from wasteland.core.svg import PALETTE, Drawing
from wasteland.aftermath.campaign import (
    GOALS_TO_WIN, Campaign, campaign_book, finish_mission, infinite_lives, main_mission, mission_options,
    new_campaign, start_mission, won,
)
from wasteland.aftermath.setup import DEFAULT_CHARACTERS
from wasteland.aftermath.state import State
from wasteland.aftermath.vocabulary import CAP, CAPPED_DIAL, DIAL_TOPS, DIALS, LIFE_DIALS, ONCE_DIAL

__all__ = ["campaign_text", "campaign_svg", "save_campaign", "load_campaign", "open_campaign", "next_mission",
           "record_mission", "campaign_targets", "campaign_file_text", "check_resumed_mission", "is_campaign_mission"]


def _state_line(c: Campaign) -> str:
    book = campaign_book(c)
    mission = main_mission(c)
    if c.lost:
        where = "the campaign is lost (page 100, 100-23): restart it, or play on with infinite lives"
    elif mission is None:
        where = "every main mission is done"
    else:
        where = f"main mission {c.mission + 1} of {len(book.missions)}: {mission.name}"
        if mission.location and book.map is not None:
            title = next(s.title for s in book.map.spaces if s.name == mission.location)
            where += f", to be completed at {title} (time {mission.time})"
    goals = f"{len(c.goals)} of {GOALS_TO_WIN} personal goals done" + (": the campaign is won" if won(c) else "")
    return f"{where}; {goals}"


def campaign_text(campaign: Campaign) -> str:
    """The campaign in words: the book, the main mission, each dial against its range, the goals,
    the discovery cards and the colony supply, the missions played."""
    c = campaign
    book = campaign_book(c)
    lines = [f"{book.title}: {_state_line(c)}" + (" · infinite lives" if c.infinite else "")]
    dials = []
    for k, name in enumerate(DIALS):
        top = DIAL_TOPS[k] if c.lifted or name != CAPPED_DIAL else CAP
        dials.append(f"{name} {c.dials[k]}/{top}")
    lines.append("dials: " + ", ".join(dials))
    if book.map is not None:
        here = next((s.title for s in book.map.spaces if s.name == c.location), c.location)
        lines.append(f"party marker: {here}")
    titled = {g.character: g.text for g in book.goals}
    for name in ("meziah", "whisper", "ringr", "grumple"):
        if name in titled or name in c.goals:
            lines.append(f"  {'[x]' if name in c.goals else '[ ]'} {name.title()}: {titled.get(name, '')}".rstrip())
    lines.append(f"discovery deck: {len(c.box)} cards; fetched: {', '.join(c.found) or 'none'}; "
                 f"colony supply: {', '.join(c.stash) or 'empty'}")
    if c.results:
        lines.append("missions played: " + ", ".join(c.results))
    return "\n".join(lines)


def campaign_svg(campaign: Campaign) -> str:
    """The dashboard (every dial against its range: the cap, the life dials, the once-a-mission
    dial marked) and the travel map (spaces with their pages, the party marker, where the main
    mission is completed) as an SVG drawing."""
    c = campaign
    book = campaign_book(c)
    d = Drawing(title=f"Aftermath campaign: {book.title}")
    d.text(12, 20, book.title, size=15, bold=True)
    y = d.paragraph(12, 40, _state_line(c), width=760, size=11, fill=PALETTE["muted"])
    d.text(12, y + 10, "The campaign dashboard", size=13, bold=True)
    y += 24
    unit = 440 / max(DIAL_TOPS[:-1])
    for k, name in enumerate(DIALS):
        top, value = DIAL_TOPS[k], c.dials[k]
        scale = unit if name != "time" else 440 / top
        note = ["lost at 0"] if name in LIFE_DIALS else []
        if name == ONCE_DIAL:
            note.append("rises once a mission")
        if name == CAPPED_DIAL:
            note.append("cap lifted" if c.lifted else f"stops at {CAP} until told otherwise")
        d.text(12, y + 13, name, size=12, bold=True)
        d.rect(100, y, top * scale, 16, fill=PALETTE["table"], stroke=PALETTE["line"], rx=3,
               tip=f"{name}: 0 to {top}")
        ink = PALETTE["foe"] if name in LIFE_DIALS and value <= 2 else PALETTE["gold"]
        if value:
            d.rect(100, y, value * scale, 16, fill=ink, stroke=PALETTE["gold_ink"], rx=3, tip=f"{name} {value}")
        if name == CAPPED_DIAL and not c.lifted:
            d.line(100 + CAP * scale, y - 3, 100 + CAP * scale, y + 19, stroke=PALETTE["foe_ink"], width=2)
        d.text(100 + top * scale + 8, y + 13, f"{value} / {top}" + (f" · {'; '.join(note)}" if note else ""),
               size=11)
        y += 24
    if book.map is not None:
        y += 14
        d.text(12, y, "The travel map", size=13, bold=True)
        y += 10
        mission = main_mission(c)
        target = mission.location if mission is not None else ""
        w, h = 150, 58
        for s in book.map.spaces:
            x0, y0 = 12 + s.x * (w + 14), y + s.y * (h + 14)
            fill = PALETTE["gold"] if s.name == target else PALETTE["paper"]
            d.rect(x0, y0, w, h, fill=fill, stroke=PALETTE["ink"], rx=6,
                   tip=f"{s.title}, page {s.page}" + (": the main mission is completed here"
                                                      if s.name == target else ""))
            d.text(x0 + w / 2, y0 + 20, s.title, size=11, anchor="middle", bold=True)
            d.text(x0 + w / 2, y0 + 36, f"page {s.page}", size=10, anchor="middle", fill=PALETTE["muted"])
            if s.name == c.location:
                d.circle(x0 + w - 14, y0 + 14, 8, fill=PALETTE["focus"], stroke=PALETTE["ink"])
            if s.name == target:
                d.text(x0 + w / 2, y0 + 51, "main mission", size=10, anchor="middle", fill=PALETTE["gold_ink"])
        y = d.bottom + 10
        d.legend(12, y, [("focus", "the party marker"), ("gold", "where the main mission is completed")])
    return d.svg()


def campaign_targets(path: str | os.PathLike[str]) -> tuple[Path, Path]:
    """The campaign's file and its drawing (``path`` and ``path.svg``), each checked as a place the
    atomic writer may write (nothing there, or a regular file, in a folder that exists; never a
    symbolic link, a FIFO, a device or a directory); ``WriteRefused`` (an OSError, one line)
    otherwise. Checked before a mission is played, so that no mission's result is lost."""
    return writable(path), writable(f"{os.fspath(path)}.svg")


def campaign_file_text(campaign: Campaign) -> str:
    """The text a campaign is saved as: the codec's JSON, compact UTF-8 (not escaped), which
    :func:`load_campaign` reads back (a campaign's book is bounded so that it always fits)."""
    text = json.dumps(encode(campaign), sort_keys=True, separators=(",", ":"), ensure_ascii=False) + "\n"
    if len(text) > MAX_TEXT:  # cannot happen for a campaign of a book the reader accepts
        raise ConfigError(f"the campaign is {len(text)} characters: more than the {MAX_TEXT} a campaign file holds")
    return text


def save_campaign(campaign: Campaign, path: str | os.PathLike[str]) -> None:
    """Write the campaign to ``path`` as :func:`campaign_file_text`, atomically: a failed save
    leaves the file at ``path`` as it was (``WriteRefused``/``OSError`` for a path that cannot be
    written, ConfigError for a campaign too large to read back)."""
    write_atomic(path, campaign_file_text(campaign))


def load_campaign(path: str | os.PathLike[str]) -> Campaign:
    """The campaign saved at ``path``; ConfigError (one line naming the file) when it cannot be
    read (not a regular file: refused at once) or is not a campaign (read bounded, as any file
    from a stranger, to the size a saved campaign may have)."""
    raw = read_file(path, 4 * MAX_TEXT)
    shown = file_name(path)
    try:
        value = loads(raw.decode("utf-8", errors="strict"))
    except UnicodeDecodeError as exc:
        raise ConfigError(f"{shown}: not a saved campaign (not UTF-8 text, byte {exc.start})") from None
    except (CodecError, ConfigError) as exc:
        raise ConfigError(f"{shown}: not a saved campaign ({str(exc).splitlines()[0] if str(exc) else exc})") from None
    if type(value) is not Campaign:
        raise ConfigError(f"{shown}: not a saved campaign (it holds {type(value).__name__})")
    return value


def open_campaign(path: str | os.PathLike[str]) -> Campaign:
    """The campaign saved at ``path``, or a new demo campaign when there is nothing there yet (a
    dangling symbolic link is not nothing: it is refused, as every link)."""
    return new_campaign() if not os.path.lexists(path) else load_campaign(path)


def next_mission(path: str | os.PathLike[str], chosen: Mapping[str, Any]) -> tuple[dict[str, Any], str]:
    """The options of the next mission of the campaign saved at ``path`` (a new demo campaign when
    there is no file yet), with the ``players`` and ``characters`` chosen (a list, or names with
    commas between; by default 1 player with Grumple and Whisper), and the campaign in words;
    ``infinite`` true switches the campaign (a lost one too) to infinite lives, saved at once.
    ConfigError or IllegalAction (one line) when the file is not a campaign, the options are not
    the campaign's or no mission can start."""
    unknown = sorted(set(chosen) - {"players", "characters", "infinite"})
    if unknown:
        raise ConfigError(f"a campaign's mission takes the options players, characters and infinite, "
                          f"not {unknown[0]}")
    infinite = chosen.get("infinite", False)
    if type(infinite) is not bool:
        raise ConfigError(f"infinite must be true or false, got {infinite!r}")
    players = chosen.get("players", 1)
    if type(players) is not int or players not in DEFAULT_CHARACTERS:
        raise ConfigError(f"players must be one of 1, 2, 3, 4, got {players!r}")
    characters = chosen.get("characters", list(DEFAULT_CHARACTERS[players]))
    if isinstance(characters, str):  # at the command line: characters=ringr,meziah,whisper
        characters = [name.strip() for name in characters.split(",")]
    campaign_targets(path)  # before a mission is played: its result must have somewhere to go
    campaign = open_campaign(path)
    if infinite and not campaign.infinite:  # seed: a lost campaign may go on with infinite lives
        campaign = infinite_lives(campaign)
        save_campaign(campaign, path)
    options = mission_options(campaign, characters, players)
    start_mission(campaign, 0, characters, players)  # refuses a lost or finished campaign, wrong characters
    return options, campaign_text(campaign)


def is_campaign_mission(options: Mapping[str, Any]) -> bool:
    """Whether a game's ``options`` are those of a campaign's mission (it starts from a campaign)."""
    return options.get("campaign") is not None


def check_resumed_mission(path: str | os.PathLike[str], options: Mapping[str, Any]) -> str:
    """Check, before a saved mission is played on, that its ``options`` are the next mission of the
    campaign saved at ``path`` (so that finishing it can be recorded there) and that the campaign
    and its drawing can be written; the campaign in words. ConfigError (one line) otherwise."""
    campaign_targets(path)
    campaign = open_campaign(path)
    shown = file_name(path)
    if not is_campaign_mission(options):
        raise ConfigError(f"this saved game is not a campaign's mission, so {shown} cannot record it")
    characters = options.get("characters")
    players = options.get("players")
    try:
        expected = mission_options(campaign, characters if isinstance(characters, (list, tuple)) else [],
                                   players if type(players) is int else None)
    except RulesError as exc:
        raise ConfigError(f"{shown}: {exc}") from None
    if campaign.lost or main_mission(campaign) is None or any(
            options.get(key) != expected[key] for key in ("book", "campaign")):
        raise ConfigError(f"this saved game is not the next mission of the campaign in {shown}: "
                          "resume it with the campaign it was started from")
    return campaign_text(campaign)


def record_mission(path: str | os.PathLike[str], final_state: State) -> str:
    """The campaign saved at ``path`` after its mission ended in ``final_state``, saved again there
    (with its drawing next to it, ``.svg``); the campaign in words."""
    campaign = finish_mission(open_campaign(path), final_state)
    text, drawing = campaign_file_text(campaign), campaign_svg(campaign)
    target, drawn = campaign_targets(path)  # both, before either is written
    write_atomic(target, text)
    write_atomic(drawn, drawing)
    return campaign_text(campaign) + f"\nSaved to {path} (its drawing: {path}.svg)."
