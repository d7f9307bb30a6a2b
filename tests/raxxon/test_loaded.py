"""Raxxon tables and views from files: the loader refuses what no game can hold, and
determinize refuses a view that no table gives."""

from __future__ import annotations

from typing import Any

import pytest

from tests.support import assert_load_refused, played

from wasteland.core import codec
from wasteland.core.codec import CodecError
from wasteland.core.game import IllegalAction
from wasteland.core.records import replace
from wasteland.raxxon import GAME
from wasteland.raxxon.card_set import table_of
from wasteland.raxxon.state import HIDDEN


def _hidden_shown(doc: dict[str, Any]) -> None:
    crowd = doc["crowd"]["$t"]
    cell = crowd.index(HIDDEN)
    unknown = doc["unknown"]["$t"]
    crowd[cell] = unknown.pop()


@pytest.mark.parametrize(
    ("viewer", "change", "message"),
    [
        # a hidden place in a face-up pile once let determinize build a table the loader refused
        (0, lambda d: d["contained"]["$t"].append(HIDDEN), "only the crowd"),
        # a face-up card that is not in the crowd once made determinize's table not view back
        (0, lambda d: d["face_up"]["$f"].append(d["unknown"]["$t"][0]), "not in the crowd"),
        (None, lambda d: d["face_up"]["$f"].append(d["draw"]["$t"][0]), "not in the crowd"),
        (0, lambda d: d["unknown"]["$t"].reverse(), "id order"),
        (0, lambda d: d["unknown"]["$t"].pop(), "exactly one place"),
        (0, _hidden_shown, "has not seen"),
        (1, lambda d: d["raxxon_draw"]["$t"].reverse(), "Raxxon draw pile in id order"),
    ],
)
def test_a_table_or_view_no_game_can_hold_is_refused(viewer: int | None, change: Any, message: str) -> None:
    state = played(GAME, 6, players=2)
    if viewer is not None:
        state = GAME.view(state, viewer)
    assert_load_refused(state, change, message)


def _seat_not_told(doc: dict[str, Any]) -> None:
    doc["seen"]["$t"][0]["$f"].pop(0)


def test_with_table_talk_a_table_where_seats_know_different_cells_is_refused() -> None:
    state = played(GAME, 6, players=2, table_talk=True)
    down = next(i for i, card in enumerate(state.crowd) if card >= 0 and card not in state.face_up)
    state = replace(state, seen=(frozenset({down}), frozenset({down})))
    assert_load_refused(state, _seat_not_told, "with table talk every seat knows the same cells")
    private = replace(state, options=replace(state.options, table_talk=False))
    assert codec.loads(codec.dumps(private)) == private, "without it seats may know the same cells, or not"


def test_a_supply_with_a_healthy_card_is_refused() -> None:
    state = played(GAME, 6, players=2)
    healthy = table_of(state).healthy
    card = next(c for c in state.draw if healthy[c])
    i = state.draw.index(card)
    swapped = replace(state, draw=state.draw[:i] + (state.supply[0],) + state.draw[i + 1:],
                      supply=(card,) + state.supply[1:])
    with pytest.raises(CodecError, match="infected cards only"):
        codec.loads(codec.dumps(swapped))


def test_determinize_refuses_a_view_no_table_gives_and_answers_one_it_does() -> None:
    seen = GAME.view(played(GAME, 6, players=2), 1)
    with pytest.raises(IllegalAction, match="no table gives this view"):
        GAME.determinize(replace(seen, unknown=seen.unknown[::-1]), 1, 0)
    with pytest.raises(IllegalAction, match="no table gives this view"):
        GAME.determinize(replace(seen, unknown=seen.unknown[1:]), 1, 0)
    table = GAME.determinize(seen, 1, 0)
    assert GAME.view(table, 1) == seen
    assert codec.loads(codec.dumps(table)) == table
