"""Your own card set (the ``cards`` option): it changes play exactly as its data says, every bad
set is refused with a ConfigError naming the entry, and the default is the game as it was."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.lucky_seven.grids import at, cell, member, play, table
from tests.lucky_seven.test_properties import INVARIANTS, OPTIONS
from tests.support import random_playout
from wasteland.agents import make_bot
from wasteland.core import codec
from wasteland.core.game import ConfigError
from wasteland.core.records import replace
from wasteland.core.rng import Rng
from wasteland.lucky_seven import GAME, Attack, Deselect, EndPhase, Options, apply, legal_actions, new_game, view
from wasteland.lucky_seven.attack import resolve_attack
from wasteland.lucky_seven.board import PLACEMENT_ORDER, cell_of
from wasteland.lucky_seven.card_set import (
    CardSet, MemberSpec, ThreatSpec, card_set_data, card_table, read_card_set, table_of,
)
from wasteland.lucky_seven.cards import INFANTRY, PUBLIC_TABLE, ThreatKind
from wasteland.lucky_seven.render import render
from wasteland.lucky_seven.rules import ENGINE
from wasteland.lucky_seven.setup import initial_state, make_options
from wasteland.lucky_seven.state import Phase, State
from wasteland.replay import load, verify

REPLAYS = Path(__file__).resolve().parents[2] / "examples" / "replays"


def infantry(strength: int, *columns: int) -> list[dict[str, Any]]:
    return [{"kind": "Infantry", "strength": strength, "column": c} for c in columns]


def attack_all(state: State, *pairs: tuple[str, int]) -> State:
    """Assign the attackers (each checked legal) and resolve the attack."""
    for name, target in pairs:
        action = Attack(member(name), target)
        assert action in legal_actions(state), f"{name} may attack {target}"
        state = replace(state, attacks=state.attacks + ((member(name), target),))
    return play(state, resolve_attack)


# -- a set changes play exactly as its data says -------------------------------------------------

def test_all_infantry_deck_of_eight_lands_where_the_columns_say() -> None:
    """Each row's threat goes to its printed column of the set (or the nearest empty cell)."""
    cards = {"threats": infantry(2, 6, 5, 4, 3, 2, 1, 6, 1)}
    for seed in range(12):
        before = initial_state(seed, make_options(cards=cards))
        deck = before.decks[0]
        assert sorted(deck) == list(range(8))
        after = ENGINE.settle(before)
        for row in range(4):
            card = deck[row]
            printed = cards["threats"][card]["column"]
            where = next(c for c in PLACEMENT_ORDER[printed] if before.squad[cell_of(0, row, c)] < 0)
            assert after.threats[cell_of(0, row, where)] == card
            assert at(after, row + 1, where) == "INF2"
        assert after.decks[0] == deck[4:]


def test_deck_of_eight_calls_the_helicopter_in_the_second_turn() -> None:
    """8 threats: turns 1 and 2 deal four each, turn 3 is the final turn without a deal."""
    cards = {"threats": infantry(1, 1, 2, 3, 4, 5, 6, 1, 6)}
    for seed in range(20):
        state = new_game(seed, cards=cards)
        turns = {state.turn}
        while GAME.outcome(state) is None:
            legal = legal_actions(state)
            state = apply(state, EndPhase() if EndPhase() in legal else legal[0])
            turns.add(state.turn)
            if state.turn == 3:
                assert state.final and state.decks == ((),)
        assert max(turns) <= 3
        if "helicopter" in GAME.outcome(state).reason:  # type: ignore[union-attr]
            assert state.turn == 3


def test_deck_not_a_multiple_of_four_calls_the_helicopter_with_its_last_cards() -> None:
    """6 threats: the second deal has only two, to the top rows; that turn calls the helicopter
    and the next is the final one (*design* reading of "the last four threats")."""
    cards = {"threats": infantry(1, 1, 2, 3, 4, 5, 6)}
    grid = """
    . .   .   .   .   .   .
    . .   .   .   .   .   .
    . LDR .   .   .   .   .
    . .   .   .   .   .   .
    """
    state = ENGINE.settle(table(grid, cards=cards, deck=["INF1/5", "INF1/6"], phase=Phase.ENCOUNTER))
    assert at(state, 1, 5) == "INF1" and at(state, 2, 6) == "INF1"
    assert [at(state, 3, c) for c in range(2, 7)] == ["."] * 5 and [at(state, 4, c) for c in range(1, 7)] == ["."] * 6
    assert state.decks == ((),) and state.phase is Phase.MANEUVER and not state.final
    state = apply(state, EndPhase())
    assert state.turn == 2 and state.final and state.phase is Phase.MANEUVER
    state = apply(state, EndPhase())
    ending = GAME.outcome(state)
    assert ending is not None and "threats were left" in ending.reason


STRONG_MG = {"threats": [{"kind": "Machine Gun", "strength": 4, "column": 3, "count": 4}, *infantry(1, 1, 2, 3, 4)]}
AROUND = """
. .   .   ATH .   .   .
. .   HAM MG4 ANV .   .
. .   .   NAT .   .   .
. .   .   .   .   .   .
"""


def test_stronger_machine_gun_needs_more_attackers() -> None:
    """A Machine Gun of strength 4 survives three attackers and falls to four."""
    state = table(AROUND, cards=STRONG_MG, phase=Phase.ATTACK)
    target = cell(2, 3)
    assert at(state, 2, 3) == "MG4"
    three = attack_all(state, ("HAM", target), ("ANV", target), ("ATH", target))
    assert at(three, 2, 3) == "MG4"
    four = attack_all(state, ("HAM", target), ("ANV", target), ("ATH", target), ("NAT", target))
    assert at(four, 2, 3) == "."
    public = table(AROUND.replace("MG4", "MG "), phase=Phase.ATTACK)
    assert at(attack_all(public, ("HAM", target), ("ANV", target), ("ATH", target)), 2, 3) == "."


def test_member_strengths_come_from_the_set() -> None:
    """A Hammer of strength 2 beats an INF2 alone, 3 next to the up Pacifist beats a Machine
    Gun; a Leader of strength 0 cannot attack."""
    cards = {"members": [{"name": "Hammer", "up": 2}, {"name": "Leader", "up": 0}]}
    state = table("""
    . .   .   .   .   .   .
    . .   HAM INF2 LDR .  .
    . .   .   .   .   .   .
    . .   .   .   .   .   .
    """, cards=cards, phase=Phase.ATTACK)
    assert {a.member for a in legal_actions(state) if isinstance(a, Attack)} == {member("HAM")}
    assert at(attack_all(state, ("HAM", cell(2, 3))), 2, 3) == "."
    state = table("""
    . .   .   .   .   .   .
    . PAC HAM MG  .   .   .
    . .   .   .   .   .   .
    . .   .   .   .   .   .
    """, cards=cards, phase=Phase.ATTACK)
    assert at(attack_all(state, ("HAM", cell(2, 3))), 2, 3) == "."


def test_down_strengths_serve_the_mouse_only() -> None:
    """A down Mouse attacks with its down strength; other members never attack while down,
    whatever their down strength; the Joker never attacks, whatever his strength."""
    cards = {"members": [{"name": "Mouse", "down": 2}, {"name": "Leader", "down": 3},
                         {"name": "Joker", "up": 3, "down": 3}]}
    state = table("""
    . .   .   .   .   .   .
    . mou INF2 ldr .  .   .
    . .   .   JOK INF1 .  .
    . .   .   .   .   .   .
    """, cards=cards, phase=Phase.ATTACK)
    assert {a.member for a in legal_actions(state) if isinstance(a, Attack)} == {member("MOU")}
    assert at(attack_all(state, ("MOU", cell(2, 2))), 2, 2) == "."
    state = table("""
    . .   .   .   .   .   .
    . mou INF2 .  .   .   .
    . .   .   .   .   .   .
    . .   .   .   .   .   .
    """, cards={"members": [{"name": "Mouse", "down": 1}]}, phase=Phase.ATTACK)
    assert at(attack_all(state, ("MOU", cell(2, 2))), 2, 2) == "INF2"


def test_depot_strength_comes_from_the_set() -> None:
    grid = """
    . .   .   .   .   .   .
    . .   HAM DEPOT ANV . .
    . .   .   .   .   .   .
    . .   .   .   .   .   .
    """
    weak = table(grid, cards={"depot": {"strength": 2}}, depot=True, phase=Phase.ATTACK)
    after = attack_all(weak, ("HAM", cell(2, 3)), ("ANV", cell(2, 3)))
    assert at(after, 2, 3) == "." and after.depots == (table_of(weak).stride - 1,)
    public = table(grid, depot=True, phase=Phase.ATTACK)
    assert at(attack_all(public, ("HAM", cell(2, 3)), ("ANV", cell(2, 3))), 2, 3) == "DEPOT"


def test_cooperative_second_set_follows_the_first() -> None:
    """With n threats of one's own, the partner's threat ids start at n + 1 (after the Depot)."""
    cards = {"threats": infantry(1, 1, 2, 3, 4, 5, 6)}
    state = initial_state(3, make_options(players=2, variant="cooperative", depot=True, cards=cards))
    assert sorted(state.decks[0]) == list(range(6)) and sorted(state.decks[1]) == list(range(7, 13))
    assert sorted(t for t in state.threats if t >= 0) == [6, 13]
    assert all(state.threats[c] // 7 == c // 28 for c in range(56) if state.threats[c] >= 0)
    assert table_of(state).kind[9] == INFANTRY and table_of(state).column[9] == 3


def test_render_and_view_show_the_sets_values() -> None:
    state = table(AROUND, cards=STRONG_MG, phase=Phase.ATTACK)
    assert "MG4" in render(state) and "MG3" not in render(state)
    seen = view(state, 0)
    assert seen.options.cards == state.options.cards
    assert codec.loads(codec.dumps(state)) == state and hash(state) == hash(codec.loads(codec.dumps(state)))


def test_state_keeps_a_record_of_tuples() -> None:
    state = new_game(1, cards={"threats": infantry(3, 1, 2, 3, 4), "members": [{"name": "anvil", "up": 2}]})
    cards = state.options.cards
    assert isinstance(cards, CardSet)
    assert cards.threats == (ThreatSpec(ThreatKind.INFANTRY, 3, 1), ThreatSpec(ThreatKind.INFANTRY, 3, 2),
                             ThreatSpec(ThreatKind.INFANTRY, 3, 3), ThreatSpec(ThreatKind.INFANTRY, 3, 4))
    assert cards.members[5] == MemberSpec(2, 0) and cards.members[4] == MemberSpec(1, 0)
    assert cards.depot == 4
    assert card_table(cards) is card_table(read_card_set(card_set_data(cards))), "built once per set"


def test_card_set_data_round_trips_and_starts_from_the_public_set() -> None:
    data = card_set_data(None)
    assert json.loads(json.dumps(data)) == data
    public = read_card_set(data)
    assert public is not None and card_table(public) == PUBLIC_TABLE
    assert len(public.threats) == 28 and sum(e.get("count", 1) for e in data["threats"]) == 28
    assert read_card_set(public) == public, "a CardSet record is accepted and checked again"
    assert new_game(5, cards=public) == new_game(5, cards=data)


def test_the_public_set_given_as_data_plays_the_default_game() -> None:
    data = card_set_data(None)
    for n in range(24):
        options = OPTIONS[n % len(OPTIONS)]
        plain, given = new_game(n, **options), new_game(n, cards=data, **options)
        pick = Rng.from_seed(n)
        while True:
            assert replace(given, options=plain.options) == plain
            if GAME.outcome(plain) is not None:
                break
            action, pick = pick.choice(legal_actions(plain))
            assert legal_actions(given) == legal_actions(plain)
            plain, given = apply(plain, action), apply(given, action)


def test_heuristic_bot_plays_a_set_of_ones_own() -> None:
    cards = {"threats": [{"kind": "Machine Gun", "strength": 2, "column": 4, "count": 3}, *infantry(2, 1, 3, 6),
                         {"kind": "Tank"}, {"kind": "Flare", "column": 2}, {"kind": "Mortar", "column": 5}],
             "members": [{"name": "Joker", "up": 1}, {"name": "Hammer", "up": 2}]}
    for options in ({"players": 1}, {"players": 2, "variant": "competitive"}):
        bots = [make_bot("heuristic", "lucky_seven", p) for p in range(options["players"])]
        state = new_game(2, cards=cards, **options)
        while (player := GAME.current_player(state)) is not None:
            legal = legal_actions(state)
            action = bots[player].choose(GAME, view(state, player), legal)
            assert action in legal
            state = apply(state, action)
        assert GAME.outcome(state) is not None and state.turn <= 4


# -- the default set is the game as it was -------------------------------------------------------

#: The codec tags of the records of the first rules version, by the tag each has now.
_OLD_TAGS = {"lucky_seven.State": "lucky_seven.state.State", "lucky_seven.Options": "lucky_seven.state.Options",
             "lucky_seven.Phase": "lucky_seven.state.Phase", "core.Rng": "core.rng.Rng"}


def _old_tags(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _OLD_TAGS.get(v, v) if k in ("$r", "$e") else _old_tags(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_old_tags(v) for v in value]
    return value


def legacy_digest(state: State) -> str:
    """The digest the state had before Options had a ``cards`` field (and before the fields of
    contract v2: ``stack``, ``events``, ``viewer``; and the codec tags of then)."""
    encoded = codec.encode(state)
    assert encoded["options"].pop("cards") is None
    assert encoded.pop("stack") == {"$t": []} and encoded.pop("viewer") is None
    encoded.pop("events")
    assert encoded.pop("backed") == codec.encode(frozenset())
    encoded = _old_tags(encoded)
    return hashlib.sha256(json.dumps(encoded, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


#: The final digests the example replays had before the ``cards`` option.
DIGESTS_BEFORE = {
    "lucky_seven_competitive": "889b3d8bb695aa2f4eee29e27f9f92cffd902c873da05646838e6dcdbde4c375",
    "lucky_seven_cooperative": "dc39a7c208c58266f8f94de9d5c8f6707b721ec6855222d95ec68b177ad1796f",
    "lucky_seven_depot": "b5afdb48c7d53df22a33c94faa136d3dc659f64c99248757562f3f44aa5f02cc",
    "lucky_seven_eliminated": "bf3851005e00d07a757f36c9dba5fe68f6671cfd646ef5cbc788271f219c69f6",
    "lucky_seven_threats_left": "d9d6367fabf51f1f5a02143605a19b52c36dfe2117a5b17d9990b5557de2df88",
    "lucky_seven_win": "e7e97028848f615a9c6452bc5ae8df91406eb42bb0f92b0fe9ddf5bccdc10cf7",
}


@pytest.mark.parametrize("name", sorted(DIGESTS_BEFORE))
def test_default_set_replays_end_exactly_as_before(name: str) -> None:
    final = verify(load(REPLAYS / f"{name}.json"))
    assert final.options.cards is None
    assert legacy_digest(final) == DIGESTS_BEFORE[name]


def test_default_set_random_games_step_by_step_as_before() -> None:
    """600 random games over every option, every state's digest hashed in turn: the same as
    before the ``cards`` option (and before contract v2; the random player leaves out ``Deselect``,
    which came later, so that it makes the same choices)."""
    trace = hashlib.sha256()
    for n in range(600):
        state = new_game(n, **OPTIONS[n % len(OPTIONS)])
        pick = Rng.from_seed(n)
        trace.update(legacy_digest(state).encode())
        while GAME.outcome(state) is None:
            action, pick = pick.choice([a for a in legal_actions(state) if type(a) is not Deselect])
            state = apply(state, action)
            trace.update(legacy_digest(state).encode())
    assert trace.hexdigest() == "f534cc1c68dff687ffe5af8c7c0008fa8fb6e17fe7e11518248c7af6f3b4ef2c"


# -- bad sets ------------------------------------------------------------------------------------

def mg(**changes: Any) -> dict[str, Any]:
    return {"kind": "Machine Gun", "strength": 3, "column": 2, **changes}


def deck(*entries: dict[str, Any]) -> dict[str, Any]:
    """A deck of these entries after three good ones (so that only the entries can be wrong)."""
    return {"threats": [*infantry(1, 1, 2, 3), *entries]}


BAD: list[tuple[object, tuple[str, ...]]] = [
    ("cards.json", ("cards: must be null", "'threats', 'members', 'depot'", "--option cards=@file.json")),
    ([1, 2], ("cards: must be null", "got [1, 2]")),
    (7, ("cards: must be null",)),
    ({"threat": []}, ("cards: unknown key 'threat'", "allowed keys: 'threats', 'members', 'depot'")),
    ({"threats": {"kind": "Tank"}}, ("cards.threats: must be a list",)),
    ({"threats": None}, ("cards.threats: must be a list", "got None")),
    (deck(3), ("cards.threats[3]: must be an object",)),
    (deck({"kind": "Zombie", "column": 2}),
     ("cards.threats[3].kind: must be one of 'Infantry', 'Machine Gun', 'Flare', 'Mortar', 'Tank'", "'Zombie'")),
    (deck({"kind": "Depot", "strength": 4, "column": 2}), ("cards.threats[3].kind: must be one of", "'Depot'")),
    (deck({"kind": 3}), ("cards.threats[3].kind: must be one of",)),
    (deck({"strength": 1, "column": 2}), ("cards.threats[3].kind: missing",)),
    (deck(mg(colour="red")), ("cards.threats[3]: unknown key 'colour'", "'kind', 'strength', 'column', 'count'")),
    (deck(mg(strength=-1)), ("cards.threats[3].strength: must be a whole number from 0 to 99", "got -1")),
    (deck(mg(strength=100)), ("cards.threats[3].strength: must be a whole number from 0 to 99",)),
    (deck(mg(strength="3")), ("cards.threats[3].strength: must be a whole number", "got '3'")),
    (deck(mg(strength=2.0)), ("cards.threats[3].strength: must be a whole number", "got 2.0")),
    (deck(mg(strength=True)), ("cards.threats[3].strength: must be a whole number", "got True")),
    (deck(mg(strength=10**5000)), ("cards.threats[3].strength: must be a whole number", "an int of")),
    (deck({"kind": "Infantry", "column": 2}), ("cards.threats[3].strength: missing",)),
    (deck({"kind": "Flare", "strength": 1, "column": 2}), ("cards.threats[3].strength: a Flare has no strength",)),
    (deck({"kind": "Mortar", "strength": 0, "column": 2}), ("cards.threats[3].strength: a Mortar has no strength",)),
    (deck({"kind": "Tank", "strength": 2}), ("cards.threats[3].strength: a Tank has no strength",)),
    (deck({"kind": "Tank", "column": 3}), ("cards.threats[3].column: a Tank has no column", "got 3")),
    (deck({"kind": "Tank", "column": 0}), ("cards.threats[3].column: a Tank has no column",)),
    (deck(mg(column=0)), ("cards.threats[3].column: must be a whole number from 1 to 6", "got 0")),
    (deck(mg(column=7)), ("cards.threats[3].column: must be a whole number from 1 to 6", "got 7")),
    (deck({"kind": "Mortar"}), ("cards.threats[3].column: missing",)),
    (deck(mg(count=0)), ("cards.threats[3].count: must be a whole number from 1 to 100", "got 0")),
    (deck(mg(count="2")), ("cards.threats[3].count: must be a whole number",)),
    ({"threats": infantry(1, 1, 2, 3)}, ("cards.threats: too few threats (3)", "4 to 100")),
    ({"threats": []}, ("cards.threats: too few threats (0)",)),
    (deck(mg(count=60), mg(count=60)), ("cards.threats: too many threats (123 by threats[4])", "4 to 100")),
    ({"members": {"name": "Hammer"}}, ("cards.members: must be a list",)),
    ({"members": ["Hammer"]}, ("cards.members[0]: must be an object",)),
    ({"members": [{"name": "Sarge", "up": 2}]},
     (("cards.members[0].name: must be one of 'Leader', 'Athlete', 'Mouse', 'Natural', 'Hammer', 'Anvil', "
       "'Joker', 'Pacifist'"), "got 'Sarge'")),
    ({"members": [{"up": 2}]}, ("cards.members[0].name: must be one of", "got None")),
    ({"members": [{"name": "Mouse", "up": 2}, {"name": "mouse", "down": 0}]},
     ("cards.members[1].name: Mouse is listed twice",)),
    ({"members": [{"name": "Hammer", "up": -1}]},
     ("cards.members[0].up: must be a whole number from 0 to 99", "got -1")),
    ({"members": [{"name": "Hammer", "down": "x"}]}, ("cards.members[0].down: must be a whole number",)),
    ({"members": [{"name": "Hammer", "ability": "none"}]},
     ("cards.members[0]: unknown key 'ability'", "'name', 'up', 'down'")),
    ({"depot": 4}, ("cards.depot: must be an object like {\"strength\": 4}", "got 4")),
    ({"depot": {"strength": -4}}, ("cards.depot.strength: must be a whole number from 0 to 99",)),
    ({"depot": {"strength": 4, "row": 2}}, ("cards.depot: unknown key 'row'", "allowed keys: 'strength'")),
    (CardSet((ThreatSpec(ThreatKind.TANK, None, 3),) * 4, read_card_set({}).members, 4),  # type: ignore[union-attr]
     ("cards.threats[0].column: a Tank has no column",)),
    (CardSet((ThreatSpec(ThreatKind.DEPOT, 4, 2),) * 4, read_card_set({}).members, 4),  # type: ignore[union-attr]
     ("cards.threats[0].kind: must be one of",)),
    (CardSet((), (MemberSpec(1, 0),) * 3, 4),
     ("cards.members: a CardSet's members must be a tuple of 8 MemberSpec",)),
    (CardSet([1], (), 4),  # type: ignore[arg-type]
     ("cards.threats: a CardSet's threats must be a tuple of ThreatSpec",)),
]


@pytest.mark.parametrize("value, fragments", BAD, ids=[str(i) for i in range(len(BAD))])
def test_bad_card_sets_raise_config_error_naming_the_problem(value: object, fragments: tuple[str, ...]) -> None:
    with pytest.raises(ConfigError) as error:
        new_game(0, cards=value)
    for fragment in fragments:
        assert fragment in str(error.value), f"{fragment!r} not in {str(error.value)!r}"


def test_keys_left_out_keep_the_public_values() -> None:
    assert read_card_set(None) is None
    assert read_card_set({}) == read_card_set(card_set_data(None))
    only_members = read_card_set({"members": [{"name": "Natural", "down": 1}]})
    assert only_members is not None and len(only_members.threats) == 28 and only_members.depot == 4
    assert only_members.members[3] == MemberSpec(1, 1)
    assert new_game(0, cards=None).options == Options()


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 120) | st.floats(allow_nan=False) | st.text(max_size=12)
    | st.sampled_from(["Infantry", "Machine Gun", "Flare", "Mortar", "Tank", "Hammer", "kind", "strength",
                       "column", "count", "name", "up", "down", "threats", "members", "depot"]),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(
        st.sampled_from(["threats", "members", "depot", "kind", "strength", "column", "count", "name", "up",
                         "down", "x"]), inner, max_size=5),
    max_leaves=30,
)


@settings(max_examples=300)
@given(value=json_values)
def test_any_value_is_a_set_or_a_config_error(value: object) -> None:
    try:
        state = new_game(0, cards=value)
    except ConfigError as exc:
        assert str(exc)
    else:
        assert codec.loads(codec.dumps(state)) == state


# -- random valid sets: the invariants of the property tests -------------------------------------

@st.composite
def card_sets(draw: st.DrawFn) -> dict[str, Any]:
    entries: list[dict[str, Any]] = []
    total = 0
    target = draw(st.integers(4, 36))
    while total < target:
        kind = draw(st.sampled_from(["Infantry", "Machine Gun", "Flare", "Mortar", "Tank"]))
        count = draw(st.integers(1, 3))
        entry: dict[str, Any] = {"kind": kind, "count": count}
        if kind in ("Infantry", "Machine Gun"):
            entry["strength"] = draw(st.integers(0, 5))
        if kind != "Tank":
            entry["column"] = draw(st.integers(1, 6))
        entries.append(entry)
        total += count
    data: dict[str, Any] = {"threats": entries}
    names = draw(st.lists(st.sampled_from(["Leader", "Athlete", "Mouse", "Natural", "Hammer", "Anvil", "Joker",
                                           "Pacifist"]), unique=True, max_size=8))
    if names:
        data["members"] = [{"name": n, "up": draw(st.integers(0, 3)), "down": draw(st.integers(0, 3))}
                           for n in names]
    if draw(st.booleans()):
        data["depot"] = {"strength": draw(st.integers(0, 6))}
    return data


@settings(max_examples=40)
@given(cards=card_sets(), seed=st.integers(0, 2**32), choices=st.integers(0, 2**32),
       which=st.integers(0, len(OPTIONS) - 1))
def test_random_games_with_random_sets_keep_every_invariant(
    cards: dict[str, Any], seed: int, choices: int, which: int
) -> None:
    options = {**OPTIONS[which], "cards": cards}
    checked = read_card_set(cards)
    assert read_card_set(card_set_data(checked)) == checked
    state = random_playout(GAME, seed, options, choices, max_steps=4000, invariants=INVARIANTS,
                           full_checks_every=7)
    assert GAME.outcome(state) is not None
    assert state.options.cards == checked
