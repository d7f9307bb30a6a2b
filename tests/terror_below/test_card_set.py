"""A card set of one's own (``cards=``): read and checked from plain JSON, played by the rules,
refused with the path of the offending entry."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.support import random_playout
from tests.terror_below.tables import at, run, table
from tests.terror_below.test_properties import conserved
from wasteland.core import codec
from wasteland.core.game import ConfigError
from wasteland.core.records import replace
from wasteland.terror_below import GAME, Play, apply, new_game
from wasteland.terror_below.card_set import DESIGNED, card_set_data, read_card_set, table_of
from wasteland.terror_below.cards import NONE, VEHICLES, WORMS
from wasteland.terror_below.state import Attack

BURROWERS = Path(__file__).resolve().parents[2] / "examples" / "cards" / "terror_below_burrowers.json"


def _own() -> dict[str, Any]:
    return json.loads(BURROWERS.read_text(encoding="utf-8"))


def test_the_designed_set_reads_back_as_itself() -> None:
    assert read_card_set(card_set_data(DESIGNED)) == DESIGNED
    assert read_card_set(None) is None


def test_a_game_plays_its_own_cards_to_the_end_and_saves_them() -> None:
    state = new_game(3, players=3, cards=_own())
    assert table_of(state).worms != WORMS and any("burrower" in w.name for w in table_of(state).worms)
    assert codec.loads(codec.dumps(state)) == state
    final = random_playout(GAME, 3, {"players": 3, "cards": _own()}, 4, max_steps=5000, invariants=(conserved,),
                           full_checks_every=20)
    assert GAME.outcome(final) is not None


def test_a_worm_s_own_pattern_places_the_rubble() -> None:
    own = read_card_set(_own())
    assert own is not None
    burrower = next(i for i, w in enumerate(own.worms) if "burrower" in w.name)
    s = table()
    s = replace(s, options=replace(s.options, cards=own), worms=(burrower, *s.worms[1:]),
                targets=(at(3, 3), at(6, 6), at(6, 6)), pawns=(at(6, 1), at(6, 6)),
                under=(tuple(range(27, 27 + own.worms[burrower].limit)), (), ()),
                owners=((NONE,) * own.worms[burrower].limit, (), ()))
    after = run(s, Attack(0))
    assert after.rubble[at(3, 5)] == 1 and after.rubble[at(5, 3)] == 1  # two cells out: the card's own pattern
    assert after.rubble[at(3, 1)] == 0  # never on a Location (the Government)


def test_a_vehicle_s_own_timing_resolves_its_ability_before_the_actions() -> None:
    own = read_card_set(_own())
    assert own is not None
    skate = next(i for i, v in enumerate(own.vehicles) if v.ability == "vp")
    assert own.vehicles[skate].timing == "before" and VEHICLES[skate].timing == "after"
    s = table(pawns=(at(2, 2), at(6, 6)), hands=((skate,), ()))
    s = replace(s, options=replace(s.options, cards=own))
    after = apply(s, Play(skate, 0))
    assert after.vp[0] == 1 and after.ap == own.vehicles[skate].ap


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d["worms"].pop(), "cards.worms: must hold 37 to 37 entries"),
    (lambda d: d["worms"][5].update(health=0), "cards.worms[5].health: must be a whole number from 1 to 20"),
    (lambda d: d["worms"][0].update(starter=False, health=3, limit=2), "4 starters"),
    (lambda d: d["worms"][9].update(type="sandworm"), "cards.worms[9].type: must be one of"),
    (lambda d: d["worms"][9]["pattern"].append([9, 0]), "cards.worms[9].pattern[4][0]"),
    (lambda d: d["vehicles"][0].update(timing="after"), "cards.vehicles[0].timing: the boots ability"),
    (lambda d: d["vehicles"][3].update(arrows="UX"), "arrows are U, D, L and R"),
    (lambda d: d["vehicles"][3].update(name="a\u2028b"), "printable text"),
    (lambda d: d.update(extra=1), "unknown key"),
])
def test_a_stranger_s_card_set_is_refused_with_the_path_of_what_is_wrong(change: Any, message: str) -> None:
    data = _own()
    change(data)
    with pytest.raises(ConfigError, match=message.replace("[", r"\[").replace("]", r"\]")):
        new_game(1, cards=data)


def test_garbage_for_cards_is_a_config_error() -> None:
    for junk in ("cards", 5, [1, 2], {"worms": "all"}, {"bounties": [{}] * 42}):
        with pytest.raises(ConfigError):
            new_game(1, cards=junk)
