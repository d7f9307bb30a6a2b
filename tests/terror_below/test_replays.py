"""The Terror Below example replays show what their names say (each also runs in tests/test_replays.py)."""

from __future__ import annotations

from pathlib import Path

from wasteland import replay
from wasteland.terror_below import GAME, outcome

REPLAYS = Path(__file__).resolve().parents[2] / "examples" / "replays"


def _said(name: str) -> tuple[list[str], object]:
    loaded = replay.load(REPLAYS / f"{name}.json")
    state = GAME.new_game(loaded.seed, **loaded.options)
    said: list[str] = []
    for move in loaded.moves:
        state = GAME.apply(state, GAME.parse(state, move))
        said += GAME.events(state)
    return said, state


def test_the_twenty_vp_replay_is_won_by_reaching_twenty() -> None:
    _, final = _said("terror_below_20vp")
    result = outcome(final)  # type: ignore[arg-type]
    assert result is not None and result.code == "twenty_vp" and max(result.scores) >= 20


def test_the_elimination_replay_wipes_out_a_squad_then_plays_the_last_turns() -> None:
    said, final = _said("terror_below_eliminated")
    assert any("whole squad is dead" in line for line in said)
    assert any(final.out)  # type: ignore[attr-defined]
    assert outcome(final).code == "last_turn"  # type: ignore[arg-type, union-attr]


def test_the_solo_replay_meets_its_objective() -> None:
    _, final = _said("terror_below_solo")
    assert final.options.players == 1 and outcome(final).code == "objective"  # type: ignore[attr-defined, arg-type, union-attr]


def test_the_queen_replay_has_a_queen_attack_and_a_successful_hunt() -> None:
    said, _ = _said("terror_below_queen_hunt")
    assert any("the Queen" in line and "attacks" in line for line in said)
    assert any("the Queen is defeated" in line for line in said)
