"""A user's own card set (the ``cards`` option): its effects on play, its checks, random games with it."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any, Callable

import pytest
from hypothesis import given, settings, strategies as st

from wasteland import replay
from wasteland.agents.arctic_scavengers import HeuristicBot
from wasteland.arctic_scavengers import GAME, Begin, Commit, EndGathering, Equip, Hire, Resolve, new_game
from wasteland.arctic_scavengers.card_set import (
    MAX_VALUE, PEEK_RULES, USER_PROVENANCE, CardSet, card_table, fields_of, is_modifier, table_of,
)
from wasteland.arctic_scavengers.cards import (
    CARD_TYPES, CONTESTED_TYPES, CUSTOM_FIRST_ID, ID_BLOCK, MERCENARY_PILES, STARTING_DECK, Kind, Source,
)
from wasteland.arctic_scavengers.cards import PUBLIC_TABLE as PUBLIC
from wasteland.arctic_scavengers.end import tribe_people
from wasteland.arctic_scavengers.gathering import best_total
from wasteland.arctic_scavengers.skirmish import fight_total
from wasteland.arctic_scavengers.state import Phase, State, Task
from wasteland.core import codec
from wasteland.core.game import ConfigError
from wasteland.core.rng import Rng
from tests.support import assert_illegal, random_playout

from .invariants import (
    bounds, conservation, determinize_keeps_the_view, direct_check_agrees, every, notation_is_inverse,
    views_leak_nothing,
)
from .tables import arrange, card_ids, one, play, table

PILE = {k: i for i, k in enumerate(MERCENARY_PILES)}
DIG, DRAW, HUNT, FIGHT = 0, 1, 2, 3


def custom(cards: Any, players: int = 3, **placed: Any) -> tuple[State, Callable[..., int]]:
    """A round-1 table with the card set ``cards`` (seat 0 initiates), and ``one`` for its ids.

    ``placed`` values may be functions of ``one`` so they can name the set's own cards.
    """
    start = table(players=players, cards=cards)

    def one_of(key: str, skip: int = 0) -> int:
        return one(key, skip, state=start)

    resolved = {k: v(one_of) if callable(v) else v for k, v in placed.items()}
    return arrange(start, **resolved), one_of


# --- a custom set changes play exactly as it says ---------------------------


def _skirmish(cards: Any) -> State:
    """Round 3, three tribes: seat 0 fields a Brawler, seat 1 two Scavengers, seat 2 nothing."""
    state, c = custom(cards, round=3, turn=2,
                      hands=lambda c: {0: (c("brawler"),), 1: (c("scavenger"), c("scavenger", 1)), 2: ()},
                      contested=lambda c: (c("grenade"),))
    return play(state, EndGathering())


def test_brawler_fight_three_wins_the_skirmish_the_public_brawler_loses() -> None:
    public = _skirmish(None)
    grenade = one("grenade")
    # Public Brawler: fight 2 against 1 + 1; the tie goes to the two people of seat 1.
    assert grenade in public.discards[1]
    strong = _skirmish({"Brawler": {"fight": 3}})
    c = table_of(strong).ids_of("grenade")
    assert c[-1] in strong.discards[0] and c[-1] in strong.secret[0]
    assert fight_total(table_of(strong), (table_of(strong).ids_of("brawler")[0],)) == 3


def test_cheaper_scout_is_hired_with_less_food() -> None:
    cheap = {"scout": {"cost": {"medicine": 0, "food": 1}}}
    for cards, affordable in ((None, False), (cheap, True)):
        state, c = custom(cards, hands=lambda c: {0: (c("scavenger"),)})
        state = play(state, Begin(Task.HUNT), Commit(c("scavenger")), Resolve(), Begin(Task.HIRE))
        assert state.food == 1
        if affordable:
            scout = state.piles[PILE["scout"]][-1]
            state = play(state, Hire(PILE["scout"]))
            assert state.discards[0][-1] == scout and table_of(state).name[scout] == "Scout"
        else:
            assert_illegal(GAME, state, Hire(PILE["scout"]), "cannot afford a Scout", "1 food")


def test_scout_paid_in_any_mix_when_the_set_says_so() -> None:
    cards = {"Scout": {"cost": {"any_mix": True}}}  # 1 medicine + 2 food = 3, in any mix
    state, c = custom(cards, hands=lambda c: {0: tuple(c("scavenger", k) for k in range(3))})
    state = play(state, Begin(Task.HUNT), *(Commit(c("scavenger", k)) for k in range(3)), Resolve(),
                 Begin(Task.HIRE), Hire(PILE["scout"]))
    assert table_of(state).name[state.discards[0][-1]] == "Scout"


def test_stronger_pills_pay_a_dearer_hunter() -> None:
    cards = {"pills": {"medicine": 2}, "hunter": {"cost": {"medicine": 2}}}
    state, c = custom(cards, hands=lambda c: {0: (c("pills"),)})
    state = play(state, Begin(Task.HIRE), Commit(c("pills")), Hire(PILE["hunter"]))
    assert table_of(state).name[state.discards[0][-1]] == "Hunter"
    # With public Pills (1 medicine) nothing is affordable: the Hunter now takes 2, the rest food.
    dear, _ = custom({"hunter": {"cost": {"medicine": 2}}}, hands=lambda c: {0: (c("pills"),)})
    assert_illegal(GAME, dear, Begin(Task.HIRE), "no mercenary is affordable")


def test_more_tribe_families_mean_more_contested_cards() -> None:
    for players in (2, 3):
        state = new_game(4, players=players, cards={"tribe_family_4": {"count": 5}})
        assert len(state.contested) == 14 + 3
        t = table_of(state)
        assert sum(1 for c in state.contested if t.name[c] == "Tribe Family" and t.people[c] == 4) == 5


def test_counts_set_the_supply_and_the_starting_decks_come_out_of_it() -> None:
    cards = {"brawler": {"count": 8}, "refugee": {"count": 30}, "Spear": {"count": 9}, "junk": {"count": 0}}
    state = new_game(2, players=5, cards=cards)
    t = table_of(state)
    assert len(state.piles[PILE["brawler"]]) == 8 - 5
    assert sum(1 for c in state.removed if t.name[c] == "Refugee") == 30 - 4 * 5
    assert sum(1 for c in state.junkyard if t.name[c] == "Spear") == 9 - 5
    assert not [c for c in card_ids(state) if t.name[c] == "Junk"]
    for p in range(5):
        deck = sorted(t.name[c] for c in state.hands[p] + state.decks[p])
        assert deck == sorted(["Refugee"] * 4 + ["Scavenger"] * 3 + ["Brawler", "Spear", "Shovel"])
    conservation(state)


def test_two_players_remove_what_there_is_of_a_short_junkyard_type() -> None:
    state = new_game(2, players=2, cards={"net": {"count": 1}, "pickaxe": {"count": 0}})
    t = table_of(state)
    assert sum(1 for c in state.removed if t.name[c] == "Net") == 1
    assert not [c for c in state.junkyard if t.name[c] in ("Net", "Pickaxe")]


def test_a_peeking_mark_removes_the_resource_with_two_players_only() -> None:
    cards = {"Grenade": {"peek": True}}
    rule = "remove_marked"
    two = new_game(9, players=2, cards=cards, peek_rule=rule)
    assert len(two.contested) == 12
    assert sorted(table_of(two).name[c] for c in two.removed if table_of(two).is_contested[c]) == ["Grenade"] * 2
    assert len(new_game(9, players=3, cards=cards, peek_rule=rule).contested) == 14
    both = new_game(9, players=2, cards=cards, peeking=["wolf_pack"], peek_rule=rule)
    assert len(both.contested) == 10
    assert len(new_game(9, players=2, cards=cards).contested) == 14  # the default reading removes nothing


def test_people_change_the_score() -> None:
    state = new_game(3, players=3, cards={"refugee": {"people": 2}, "Scavenger": {"people": 0}})
    assert [tribe_people(state, p) for p in range(3)] == [4 * 2 + 3 * 0 + 1] * 3
    assert [tribe_people(new_game(3, players=3), p) for p in range(3)] == [8] * 3


def test_null_takes_an_ability_away_and_a_number_gives_one() -> None:
    state, c = custom({"brawler": {"dig": None, "draw": 2}}, hands=lambda c: {0: (c("brawler"),)})
    begins = {a.task for a in GAME.legal_actions(state) if isinstance(a, Begin)}
    assert Task.DIG not in begins and Task.DRAW in begins
    public, _ = custom(None, hands=lambda c: {0: (c("brawler"),)})
    assert Task.DIG in {a.task for a in GAME.legal_actions(public) if isinstance(a, Begin)}
    state = play(state, Begin(Task.DRAW), Commit(c("brawler")), Resolve())
    assert len(state.hands[0]) == 2


def test_tool_and_group_leaders_bonuses_follow_the_set() -> None:
    cards = {"spear": {"fight": 4}, "group_leaders": {"dig": 5}, "shovel": {"dig": 0}}
    state, c = custom(cards, hands=lambda c: {0: (c("scavenger"), c("shovel"), c("group_leaders"))})
    t = table_of(state)
    assert fight_total(t, (c("brawler"), c("spear"))) == 2 + 4
    assert best_total(t, (c("scavenger"), c("group_leaders")), DIG) == 1 + 5
    # A Shovel with dig 0 no longer raises a dig: it cannot be equipped for one.
    state = play(state, Begin(Task.DIG), Commit(c("scavenger")))
    equips = [a for a in GAME.legal_actions(state) if isinstance(a, Equip)]
    assert [a.modifier for a in equips] == [c("group_leaders")]
    assert_illegal(GAME, state, Equip(c("shovel"), c("scavenger")), "does not raise dig")


def test_names_and_keys_name_the_same_type() -> None:
    by_name = new_game(1, players=3, cards={"Group Leaders": {"count": 6}})
    by_key = new_game(1, players=3, cards={"group_leaders": {"count": 6}})
    assert by_name == by_key


def test_public_values_are_the_public_set() -> None:
    default = new_game(6, players=4)
    for cards in ({}, {"Brawler": {"fight": 2, "count": 10}}, {"scout": {"cost": {"food": 2}}}):
        state = new_game(6, players=4, cards=cards)
        assert state.options.cards is None and state == default


def test_changed_types_stored_as_records_in_the_options() -> None:
    state = new_game(1, players=3, cards={"Brawler": {"fight": 3}, "pills": {"count": 10}})
    cards = state.options.cards
    assert isinstance(cards, CardSet)
    assert [t.key for t in cards.changed] == ["brawler", "pills"]
    assert all(t.provenance == USER_PROVENANCE for t in cards.changed)
    assert cards.changed[0].base == (1, None, None, 3) and cards.changed[1].count == 10
    assert codec.loads(codec.dumps(state)) == state


def test_ids_name_their_type_in_any_set() -> None:
    state = new_game(1, players=3, cards={"brawler": {"count": 12}})
    t = table_of(state)
    brawler_index = [c.key for c in CARD_TYPES].index("brawler")
    assert t.ids_of("brawler") == tuple(CUSTOM_FIRST_ID + ID_BLOCK * brawler_index + k for k in range(12))
    assert [c.id for c in t.cards] == list(t.ids) and all(t.name[c.id] == PUBLIC.card_type(c.type).name
                                                          for c in t.cards)
    card = t.ids_of("brawler")[11]
    assert GAME.describe(state, Commit(card)) == f"commit Brawler#{card}"
    assert GAME.describe(state, Commit(5)) == "commit Refugee#5"
    assert GAME.describe(state, Commit(999)) == "commit card#999"
    assert GAME.notation(state, Commit(card)) == f"c {card}"
    seat = state.turn
    assert all(f"#{c}" in GAME.render(GAME.view(state, seat), seat) for c in state.hands[seat])


def test_a_loaded_state_plays_on_with_an_equal_set() -> None:
    state = new_game(11, players=3, cards={"Brawler": {"fight": 3}, "thugs": {"people": 5}})
    loaded = codec.loads(codec.dumps(state))
    assert loaded.options.cards is not state.options.cards and table_of(loaded) is table_of(state)
    pick = Rng.from_seed(5)
    for _ in range(200):
        if GAME.current_player(state) is None:
            break
        action, pick = pick.choice(GAME.legal_actions(state))
        state, loaded = GAME.apply(state, action), GAME.apply(loaded, action)
        assert state == loaded


def test_the_option_comes_from_a_json_file_and_lives_in_a_replay(tmp_path: Path) -> None:
    from wasteland.cli import parse_options

    path = tmp_path / "cards.json"
    path.write_text(json.dumps({"Brawler": {"fight": 3, "count": 12}, "tribe_family_5": {"count": 1}}))
    options = parse_options([f"cards=@{path}"], 3)
    state = GAME.new_game(4, **options)
    assert len(table_of(state).ids_of("brawler")) == 12 and len(state.contested) == 13
    bots = [HeuristicBot(p) for p in range(3)]
    actions = []
    while (p := GAME.current_player(state)) is not None:
        action = bots[p].choose(GAME, GAME.view(state, p), GAME.legal_actions(state))
        actions.append(action)
        state = GAME.apply(state, action)
    rep = replay.record("arctic_scavengers", 4, options, tuple(actions), "own cards")
    again = replay.from_json(replay.to_json(rep))
    assert again == rep and replay.verify(again) == state


# --- the public set plays exactly as before ---------------------------------------

#: A digest of the table fields of every state of random games, 2-5 players, seeds 0-2,
#: taken with the engine before the contract-v2 port (whose own digest test, taken before
#: the ``cards`` option existed, passed): the port and the option change no public game.
BEFORE_THE_PORT = "b28d3567407c80667d92ede6fceae49d382ee1154b5d9cbc9e6308a80073dc17"


def _table_fields(s: State) -> str:
    """The fields every version of the state has had, as plain values (codec tags and the
    fields added later, ``stack``, ``events`` and ``viewer``, left out)."""
    return repr((s.round, s.phase.value, s.initiator, s.turn, s.hands, s.decks, s.discards, s.played,
                 tuple(tuple(sorted(x)) for x in s.secret), s.junkyard, s.contested, s.piles, s.removed,
                 s.used, s.food, None if s.task is None else s.task.value, s.committed, s.equipped, s.dug,
                 s.spent, s.rng.key, s.rng.counter))


def test_the_public_set_gives_the_same_games_as_before() -> None:
    digest = hashlib.sha256()
    for players in (2, 3, 4, 5):
        for seed in range(3):
            state = GAME.new_game(seed, players=players)
            pick = Rng.from_seed(seed + 100)
            while GAME.current_player(state) is not None:
                digest.update(_table_fields(state).encode())
                action, pick = pick.choice(GAME.legal_actions(state))
                state = GAME.apply(state, action)
            digest.update(_table_fields(state).encode())
    assert digest.hexdigest() == BEFORE_THE_PORT


# --- bad sets are refused with ConfigError naming the problem ----------------

_NO_CONTESTED = {key: {"count": 0} for key in CONTESTED_TYPES}

BAD: list[tuple[int, Any, tuple[str, ...]]] = [
    (3, [1, 2], ("cards: must be an object mapping card types", "got [1, 2]")),
    (3, "brawler", ("cards: must be an object mapping card types",)),
    (3, {"Rifle": {}}, ("cards: unknown card type 'Rifle'", "'brawler'", "'Brawler'")),
    (3, {"Tribe Family": {"count": 3}}, ("'Tribe Family' names 3", "'tribe_family_3'", "'tribe_family_5'")),
    (3, {5: {}}, ("named by a string", "5", "'refugee'")),
    (3, {"brawler": 3}, ("cards.brawler: must be an object", "got 3")),
    (3, {"brawler": {"speed": 1}}, ("cards.brawler: unknown key 'speed'", "'count'", "'fight'", "'cost'")),
    (3, {"junk": {"fight": 1}}, ("cards.junk: unknown key 'fight'", "allowed keys: 'count'")),
    (3, {"spear": {"people": 1}}, ("cards.spear: unknown key 'people'", "'hunt'")),
    (3, {"refugee": {"cost": {"food": 1}}}, ("cards.refugee: unknown key 'cost'",)),
    (3, {"grenade": {"medicine": 1}}, ("cards.grenade: unknown key 'medicine'", "'peek'")),
    (3, {"Brawler": {"fight": -1}}, ("cards.Brawler.fight: ", "from 0 to 99", "or null (cannot fight)", "got -1")),
    (3, {"brawler": {"count": MAX_VALUE + 1}}, ("cards.brawler.count: ", "from 0 to 99", "got 100")),
    (3, {"brawler": {"count": True}}, ("cards.brawler.count: ", "whole number", "got True")),
    (3, {"brawler": {"fight": 2.0}}, ("cards.brawler.fight: ", "whole number", "got 2.0")),
    (3, {"brawler": {"fight": "3"}}, ("cards.brawler.fight: ", "whole number", "got '3'")),
    (3, {"brawler": {"count": None}}, ("cards.brawler.count: must be a whole number from 0 to 99, got None",)),
    (3, {"spear": {"fight": None}}, ("cards.spear.fight: ", "bonus", "got None")),
    (3, {"medkit": {"medicine": -2}}, ("cards.medkit.medicine: ", "from 0 to 99")),
    (3, {"scout": {"cost": 3}}, ("cards.scout.cost: must be an object", '"medicine"', '"food"', "got 3")),
    (3, {"scout": {"cost": {"gold": 1}}}, ("cards.scout.cost: unknown key 'gold'", "'food'", "'any_mix'")),
    (3, {"scout": {"cost": {"food": -1}}}, ("cards.scout.cost.food: ", "from 0 to 99")),
    (3, {"thugs": {"cost": {"any_mix": 1}}}, ("cards.thugs.cost.any_mix: ", "true or false")),
    (3, {"grenade": {"peek": "yes"}}, ("cards.grenade.peek: ", "true or false", "'yes'")),
    (3, {"junk": {"peek": True}}, ("cards.junk: unknown key 'peek'",)),
    (3, {"Brawler": {}, "brawler": {"fight": 3}}, ("'brawler' is given twice", "'Brawler'")),
    (3, {"brawler": {"count": 10**5000}}, ("cards.brawler.count: ", "an int of")),
    (5, {"refugee": {"count": 19}}, ("'refugee' count 19", "5 players", "at least 20")),
    (3, {"scavenger": {"count": 8}}, ("'scavenger' count 8", "3 players", "at least 9")),
    (3, {"spear": {"count": 2}}, ("'spear' count 2", "at least 3")),
    (2, {"shovel": {"count": 0}}, ("'shovel' count 0", "at least 2")),
    (3, _NO_CONTESTED, ("no contested resource", "'wolf_pack'")),
]


@pytest.mark.parametrize("players, cards, fragments", BAD, ids=[f"bad{i}" for i in range(len(BAD))])
def test_bad_sets_are_refused_naming_the_problem(players: int, cards: Any, fragments: tuple[str, ...]) -> None:
    with pytest.raises(ConfigError) as caught:
        new_game(1, players=players, cards=cards)
    message = str(caught.value)
    for fragment in fragments:
        assert fragment in message, f"{fragment!r} not in {message!r}"
    assert len(message) < 800  # the allowed names are listed; the given value is cut short


def test_all_resources_marked_leave_nothing_under_the_removal_reading() -> None:
    all_peek = {key: {"peek": True} for key in CONTESTED_TYPES}
    with pytest.raises(ConfigError) as caught:
        new_game(1, players=2, cards=all_peek, peek_rule="remove_marked")
    assert "no contested resource" in str(caught.value) and "two-player removal of the peeking" in str(caught.value)
    # The default reading removes nothing: the marks do not matter.
    assert len(new_game(1, players=2, cards=all_peek).contested) == 14


def test_a_set_may_be_fine_for_two_players_and_short_for_five() -> None:
    cards = {"refugee": {"count": 8}, "field_crew": {"peek": True}}
    assert new_game(1, players=2, cards=cards).options.cards is not None
    with pytest.raises(ConfigError, match="at least 12"):
        new_game(1, players=3, cards=cards)
    # Peeking resources leave only with two players, so three players keep them.
    only_peeking = {**_NO_CONTESTED, "field_crew": {"count": 1, "peek": True}}
    rule = "remove_marked"
    assert len(new_game(1, players=3, cards=only_peeking, peek_rule=rule).contested) == 1
    with pytest.raises(ConfigError, match="no contested resource"):
        new_game(1, players=2, cards=only_peeking, peek_rule=rule)
    with pytest.raises(ConfigError, match="no contested resource"):
        new_game(1, players=2, cards={**_NO_CONTESTED, "sled_team": {"count": 2}}, peeking=["sled_team"],
                 peek_rule=rule)


_WORDS = ([t.key for t in CARD_TYPES] + [t.name for t in CARD_TYPES]
          + ["count", "people", "dig", "draw", "hunt", "fight", "medicine", "cost", "food", "any_mix", "peek"])
_LEAVES = (st.none() | st.booleans() | st.integers(-3, 120) | st.floats(allow_nan=True)
           | st.text(max_size=6) | st.sampled_from(_WORDS))
_JSONISH = st.recursive(
    _LEAVES,
    lambda inner: st.lists(inner, max_size=3)
    | st.dictionaries(st.sampled_from(_WORDS) | st.text(max_size=4) | st.integers(0, 3), inner, max_size=4),
    max_leaves=12,
)


@given(players=st.sampled_from([2, 3, 4, 5]), cards=_JSONISH)
def test_any_input_is_a_set_or_a_config_error(players: int, cards: Any) -> None:
    try:
        state = new_game(1, players=players, cards=cards)
    except ConfigError as exc:
        assert str(exc)
        return
    conservation(state)
    assert codec.loads(codec.dumps(state)) == state


# --- random games with random valid sets -------------------------------------

_NEED = dict(STARTING_DECK)
_SINGLE_NAMES = {t.name for t in CARD_TYPES if [u.name for u in CARD_TYPES].count(t.name) == 1}


@st.composite
def card_sets(draw: st.DrawFn, players: int) -> dict[str, Any]:
    """A valid set for ``players``: some types changed, by key or printed name."""
    cards: dict[str, Any] = {}
    for ctype in CARD_TYPES:
        if not draw(st.integers(0, 3)) == 0:
            continue
        changes: dict[str, Any] = {}
        for field in fields_of(ctype):
            if not draw(st.booleans()):
                continue
            if field == "count":
                need = _NEED.get(ctype.key, 0) * players
                top = 4 if ctype.source is Source.CONTESTED else 12
                changes[field] = draw(st.integers(need, need + top))
            elif field in ("dig", "draw", "hunt", "fight"):
                value = st.integers(0, 4)
                changes[field] = draw(value if is_modifier(ctype) else st.none() | value)
            elif field == "cost":
                changes[field] = draw(st.fixed_dictionaries({}, optional={
                    "medicine": st.integers(0, 3), "food": st.integers(0, 4), "any_mix": st.booleans()}))
            elif field == "peek":
                changes[field] = draw(st.booleans())
            else:  # people, medicine
                changes[field] = draw(st.integers(0, 5))
        name = draw(st.sampled_from([ctype.key] + ([ctype.name] if ctype.name in _SINGLE_NAMES else [])))
        cards[name] = changes
    keys = {t.name if t.name in _SINGLE_NAMES else t.key: t.key for t in CARD_TYPES}
    by_key = {keys.get(name, name): changes for name, changes in cards.items()}
    left = sum(by_key.get(t.key, {}).get("count", t.count) for t in CARD_TYPES if t.source is Source.CONTESTED
               and not (players == 2 and by_key.get(t.key, {}).get("peek", t.peek)))
    if not left:  # keep one contested resource in play
        name = next((n for n in cards if keys.get(n, n) == "field_crew"), "field_crew")
        cards[name] = {**cards.get(name, {}), "count": 1, "peek": False}
    return cards


@given(data=st.data(), players=st.sampled_from([2, 3, 4, 5]), seed=st.integers(0, 2**63),
       choice=st.integers(0, 2**63))
def test_random_games_with_random_sets_keep_the_invariants(data: st.DataObject, players: int, seed: int,
                                                            choice: int) -> None:
    cards = data.draw(card_sets(players))
    rule = data.draw(st.sampled_from(PEEK_RULES))
    final = random_playout(
        GAME, seed, {"players": players, "cards": cards, "peek_rule": rule}, choice, max_steps=20000,
        invariants=(conservation, bounds, every(37, views_leak_nothing), every(41, direct_check_agrees),
                    every(89, determinize_keeps_the_view), every(97, notation_is_inverse)),
        full_checks_every=7,
    )
    assert final.phase is Phase.OVER and final.contested == ()
    t = table_of(final)
    assert t is card_table(final.options.cards)
    for ctype in t.types:
        assert len(t.ids_of(ctype.key)) == ctype.count


@settings(max_examples=10)
@given(data=st.data(), players=st.sampled_from([2, 3, 4, 5]), seed=st.integers(0, 2**32))
def test_the_bot_plays_any_set_to_the_end(data: st.DataObject, players: int, seed: int) -> None:
    cards = data.draw(card_sets(players))
    state = GAME.new_game(seed, players=players, cards=cards)
    bots = [HeuristicBot(seed + p) for p in range(players)]
    while (p := GAME.current_player(state)) is not None:
        legal = GAME.legal_actions(state)
        action = bots[p].choose(GAME, GAME.view(state, p), legal)
        assert action in legal
        state = GAME.apply(state, action)
    conservation(state)
    assert GAME.outcome(state) is not None


def test_the_documented_example_is_a_valid_set() -> None:
    doc = Path(__file__).resolve().parents[2] / "docs" / "rules" / "arctic_scavengers.md"
    text = doc.read_text(encoding="utf-8")
    section = text[text.index("## Your own card set"):]
    example = json.loads(section[section.index("```json") + 7:section.index("```", section.index("```json") + 7)])
    for players in (2, 3, 4, 5):
        state = new_game(1, players=players, cards=example)
        assert state.options.cards is not None
        conservation(state)
    assert ", ".join(f"`{t.key}`" for t in CARD_TYPES) in " ".join(section.split())


def test_every_field_a_type_takes_is_listed_by_kind() -> None:
    for ctype in CARD_TYPES:
        fields = fields_of(ctype)
        assert fields[0] == "count"
        assert ("people" in fields) == (ctype.kind is Kind.PERSON)
        assert ("cost" in fields) == (ctype.source is Source.MERCENARY)
        assert ("peek" in fields) == (ctype.source is Source.CONTESTED)
        assert ("medicine" in fields) == (ctype.kind is Kind.MEDICINE)
