"""Arctic Scavengers tables and views from files: the loader refuses what no game can hold, and
determinize refuses a view that no table gives."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.support import assert_load_refused, played

from wasteland.arctic_scavengers import GAME
from wasteland.core import codec
from wasteland.core.codec import CodecError
from wasteland.core.game import IllegalAction
from wasteland.core.records import replace
from wasteland.core.rng import Rng


def _hand(doc: dict[str, Any], seat: int) -> list[int]:
    hand: list[int] = doc["hands"]["$t"][seat]["$t"]
    return hand


def _junkyard_shown(doc: dict[str, Any]) -> None:
    """A mercenary's card shown in the junkyard, and a hidden place for it in another deck."""
    doc["junkyard"]["$t"][0] = doc["piles"]["$t"][0]["$t"].pop()
    doc["decks"]["$t"][1]["$t"].append(-1)


def _hand_shown(doc: dict[str, Any]) -> None:
    """Another seat's hidden hand shows a card before the forces are revealed."""
    _hand(doc, 0)[0] = doc["piles"]["$t"][0]["$t"].pop()
    doc["decks"]["$t"][2]["$t"].append(-1)


@pytest.mark.parametrize(
    ("viewer", "change", "message"),
    [
        # a card in two zones once made determinize raise RuntimeError (StopIteration in a generator)
        (None, lambda d: _hand(d, 0).append(_hand(d, 1)[0]), "exactly one zone"),
        (0, lambda d: _hand(d, 0).append(_hand(d, 0)[0]), "exactly one zone"),
        (None, lambda d: _hand(d, 0).pop(), "exactly one zone"),
        # a junkyard shown in a view once made determinize's table not view back to it
        (0, _junkyard_shown, "hides the junkyard"),
        (1, _hand_shown, "hides the others' decks, and their hands"),
        (0, lambda d: _hand(d, 0).__setitem__(0, -1), "shows its seat's own cards"),
        (0, lambda d: d["decks"]["$t"][0]["$t"].reverse(), "deck in id order"),
        (None, lambda d: d["piles"]["$t"][0]["$t"].append(d["piles"]["$t"][1]["$t"].pop()), "its own type"),
        (None, lambda d: d.__setitem__("phase", {"$e": "arctic_scavengers.Phase", "v": "keep"}), "dug cards"),
        (None, lambda d: d.__setitem__("stack", {"$t": [{"$r": "arctic_scavengers.DrawPhase"}]}), "no effect left"),
    ],
)
def test_a_table_or_view_no_game_can_hold_is_refused(viewer: int | None, change: Any, message: str) -> None:
    state = played(GAME, 4, players=3)
    if viewer is not None:
        state = GAME.view(state, viewer)
    assert_load_refused(state, change, message)


def test_equipment_in_a_trash_is_refused() -> None:
    """A view hides the cards of another's Trash: equipped cards in a Trash once made
    determinize build a table the loader refused."""
    state = played(GAME, 0, players=3)
    for step in range(400):
        if state.equipped:
            break
        action, _ = Rng.from_seed(step).choice(GAME.legal_actions(state))
        state = GAME.apply(state, action)
    assert state.equipped
    doc = json.loads(codec.dumps(state))
    doc["task"] = {"$e": "arctic_scavengers.Task", "v": 4}
    with pytest.raises(CodecError, match="equipped only during"):
        codec.loads(json.dumps(doc))


def test_determinize_refuses_a_view_no_table_gives_and_answers_one_it_does() -> None:
    seen = GAME.view(played(GAME, 4, players=3), 2)
    other = seen.hands[0]
    with pytest.raises(IllegalAction, match="no table gives this view"):
        GAME.determinize(replace(seen, hands=(other, other[1:], *seen.hands[2:])), 2, 0)
    with pytest.raises(IllegalAction, match="no table gives this view"):
        GAME.determinize(replace(seen, junkyard=seen.hands[2][:1] + seen.junkyard[1:]), 2, 0)
    table = GAME.determinize(seen, 2, 0)
    assert GAME.view(table, 2) == seen
    assert codec.loads(codec.dumps(table)) == table


def test_determinize_refuses_a_hire_under_way_that_no_hidden_hand_could_pay() -> None:
    """The rules let a Hire begin only when the hand can pay: with every mercenary pile empty,
    no hidden hand can finish it, and no table gives the view."""
    from wasteland.arctic_scavengers.state import Task

    for seed in range(40):
        state = GAME.new_game(seed, players=3)
        pick = Rng.from_seed(seed)
        while GAME.outcome(state) is None and not (state.task is Task.HIRE and state.hands[state.turn]):
            action, pick = pick.choice(GAME.legal_actions(state))
            state = GAME.apply(state, action)
        if state.task is Task.HIRE:
            break
    assert state.task is Task.HIRE
    seat = (state.turn + 1) % 3
    seen = GAME.view(state, seat)
    GAME.determinize(seen, seat, 0)
    emptied = replace(seen, piles=((),) * 8, removed=seen.removed + tuple(c for pile in seen.piles for c in pile))
    with pytest.raises(IllegalAction, match="cannot finish the action under way"):
        GAME.determinize(emptied, seat, 0)


def test_a_skirmish_with_units_that_declared_loads_back() -> None:
    """Saboteurs and Sniper Teams that declared are in their tribe's force, not among the
    cards played: such a table and every view of it read back."""
    free = {"medicine": 0, "food": 0}
    cards = {"Sniper Team": {"cost": free}, "Saboteur": {"cost": free}}  # hired, and declaring, often
    found = 0
    for seed in range(19, 30):
        state = GAME.new_game(seed, players=2 + seed % 4, cards=cards)
        pick = Rng.from_seed(seed)
        while GAME.outcome(state) is None:
            if state.spent:
                found += 1
                assert codec.loads(codec.dumps(state)) == state
                for p in range(state.options.players):
                    seen = GAME.view(state, p)
                    assert codec.loads(codec.dumps(seen)) == seen
            action, pick = pick.choice(GAME.legal_actions(state))
            state = GAME.apply(state, action)
        if found >= 3:
            break
    assert found >= 3
