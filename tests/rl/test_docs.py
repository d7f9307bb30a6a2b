"""The examples of docs/rl.md run as they are written."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("pyspiel")

DOC = Path(__file__).resolve().parents[2] / "docs" / "rl.md"
EXAMPLES = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)


def test_the_page_has_an_example_for_each_adapter() -> None:
    for adapter in ("wasteland.rl.pettingzoo", "wasteland.rl.gymnasium", "wasteland.rl.open_spiel"):
        assert sum(adapter in example for example in EXAMPLES) >= 1


@pytest.mark.parametrize("number", range(len(EXAMPLES)))
def test_each_example_runs(number: int, capsys: pytest.CaptureFixture[str]) -> None:
    exec(compile(EXAMPLES[number], f"docs/rl.md example {number + 1}", "exec"), {})
    assert capsys.readouterr().out.strip()


def test_the_page_names_every_one_seat_game_and_every_game_in_its_tables() -> None:
    """The opening list of tables one seat plays alone is the registry's, the utility table has
    a row for every game, and the measured bots table one for Aftermath."""
    from tests.support import LIBRARY_KEYS as GAME_KEYS
    from wasteland.registry import get_game

    text = " ".join(DOC.read_text(encoding="utf-8").split())
    opening = text.split("as a single-agent", 1)[0]
    for key in GAME_KEYS:
        game = get_game(key)
        if 1 in game.player_counts:
            assert f"{game.title} solo" in opening, key
        assert f"| {game.title} |" in text or f"| {game.title}, " in text, key
    utility = text.split("| game, options | `GameType.Utility` | why |", 1)[1].split("\n\n", 1)[0]
    measured = text.split("| game, players | bot | games |", 1)[1]
    for key in GAME_KEYS:
        title = get_game(key).title
        assert f"| {title}" in utility.split("A loaded game's", 1)[0], f"{title}: no row in the utility table"
    bots = measured.split("Ten simulations", 1)[0]
    assert "| Aftermath, solo | MCTS |" in bots and "| | ISMCTS |" in bots
