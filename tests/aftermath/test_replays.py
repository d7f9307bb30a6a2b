"""The Aftermath example replays show what their names say (each also runs in tests/test_replays.py)."""

from __future__ import annotations

from pathlib import Path

from tests.aftermath.make_replays import hunted
from wasteland import replay
from wasteland.aftermath import GAME, outcome
from wasteland.aftermath.state import State

REPLAYS = Path(__file__).resolve().parents[2] / "examples" / "replays"


def _said(name: str) -> tuple[list[str], State]:
    loaded = replay.load(REPLAYS / f"{name}.json")
    state = GAME.new_game(loaded.seed, **loaded.options)
    said: list[str] = list(GAME.events(state))
    for move in loaded.moves:
        state = GAME.apply(state, GAME.parse(state, move))
        said += GAME.events(state)
    return said, state


def test_the_won_replay_completes_the_mission_on_page_4() -> None:
    said, final = _said("aftermath_won")
    result = outcome(final)
    assert result is not None and result.code == "mission_won" and result.winners == {0, 1}
    assert final.page == 4 and any("entry 4-3" in line for line in said)


def test_the_fled_replay_fails_when_every_character_is_out() -> None:
    said, final = _said("aftermath_fled")
    assert outcome(final).code == "all_fled"  # type: ignore[union-attr]
    assert all(not space for space in final.spaces) and any("flees" in line for line in said)


def test_the_hunt_replay_has_the_calamity_bring_enemies_out_of_the_hunt_box() -> None:
    said, _ = _said("aftermath_hunt")
    assert any(line.startswith("entry calamity") for line in said) and hunted(said)
