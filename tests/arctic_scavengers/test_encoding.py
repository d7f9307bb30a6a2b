"""The fixed action space (action ids) and the observation vector, for the RL adapters and search bots."""

from __future__ import annotations

import math
from typing import Any, Callable

import pytest
from hypothesis import given, settings, strategies as st

from wasteland.arctic_scavengers import (
    GAME, Begin, Commit, EndDeclarations, EndGathering, Equip, Hire, Keep, Resolve, Sabotage, Snipe,
    action_count, action_from_id, action_id, apply, determinize, legal_actions, new_game, observation_size,
    observe, view,
)
from wasteland.arctic_scavengers.actions import FIRST_CARD_ID, action_space, max_hand
from wasteland.arctic_scavengers.card_set import table_of
from wasteland.arctic_scavengers.cards import CARD_TYPES, PUBLIC_TABLE, ids_of
from wasteland.arctic_scavengers.state import Phase, State, Task
from wasteland.arctic_scavengers.view import CARD_FEATURES, TRIBE_FEATURES, observation_sections
from wasteland.core.game import IllegalAction
from wasteland.core.rng import Rng
from tests.support import random_playout

from .invariants import _hide_differently
from .tables import arrange, one, play, table

PLAYERS = [2, 3, 4, 5]
MAX_STEPS = 5000
#: A set of one's own: sparse ids (1000 + 100·type + copy), more Saboteurs and Grenades, stronger draws.
OWN_SET: dict[str, Any] = {
    "scout": {"draw": 3}, "Group Leaders": {"count": 7, "draw": 3}, "brawler": {"count": 12},
    "saboteur": {"count": 10}, "Grenade": {"count": 3}, "Multitool": {"draw": 1},
}
GARBAGE_IDS: list[Any] = [True, False, 1.0, 1.5, float("nan"), 10**5000, -10**5000, None, "3", b"3", (3,), [3],
                          -1, object()]


# --- after every step of random play ---------------------------------------------------------------


def ids_are_a_fixed_space(count: int, sweep_every: int) -> Callable[[State], None]:
    """After every step: the count is the game's, every legal action's id is in range and distinct,
    action_from_id inverts action_id on the table and on the decider's view, ids not legal are
    refused; every ``sweep_every`` steps every id of the space is tried on both."""
    steps = [0]

    def check(state: State) -> None:
        assert action_count(state) == count
        steps[0] += 1
        legal = legal_actions(state)
        ids = [action_id(state, a) for a in legal]
        assert len(set(ids)) == len(ids), "two legal actions share an id"
        assert all(0 <= i < count for i in ids)
        if state.phase is Phase.OVER:
            for i in (0, 6, count - 1):
                with pytest.raises(IllegalAction, match="over"):
                    action_from_id(state, i)
            return
        decider = state.turn
        seen = view(state, decider)
        assert action_count(seen) == count
        for a, i in zip(legal, ids):
            assert action_from_id(state, i) == a
            assert action_id(seen, a) == i and action_from_id(seen, i) == a
        mask = set(ids)
        # Ids next to the legal ones (and the fixed ones) are refused unless legal.
        for i in {*range(FIRST_CARD_ID), *(min(i + 1, count - 1) for i in ids), *(max(i - 1, 0) for i in ids)}:
            if i not in mask:
                with pytest.raises(IllegalAction):
                    action_from_id(state, i)
        for q in range(state.options.players):
            if q != decider:
                with pytest.raises(IllegalAction, match="not known"):
                    action_from_id(view(state, q), ids[0])
        if steps[0] % sweep_every == 1:
            for where in (state, seen):
                accepted = set()
                for i in range(count):
                    try:
                        action_from_id(where, i)
                    except IllegalAction:
                        continue
                    accepted.add(i)
                assert accepted == mask, "action_from_id accepts exactly the legal ids"

    return check


def observations_come_from_the_view(size: int) -> Callable[[State], None]:
    """For every seat: a finite vector of the game's fixed length, and equal views give equal
    observations (a table drawn by determinize, and a table changed only where the seat cannot see)."""

    def check(state: State) -> None:
        assert observation_size(state) == size
        rng = Rng.from_seed(state.rng.counter)
        for p in range(state.options.players):
            seen = view(state, p)
            assert observation_size(seen) == size
            vector = observe(seen)
            assert type(vector) is tuple and len(vector) == size
            assert set(map(type, vector)) == {float} and all(map(math.isfinite, vector))
            drawn = determinize(seen, p, state.rng.counter + p)
            assert view(drawn, p) == seen
            assert observe(view(drawn, p)) == vector, f"seat {p}'s observation depends on what it cannot see"
            other = _hide_differently(state, p, rng.fork(p))
            assert observe(view(other, p)) == vector, f"seat {p}'s observation depends on what it cannot see"

    return check


def _play_and_check(seed: int, choice: int, options: dict[str, Any], sweep_every: int) -> None:
    start = new_game(seed, **options)
    count, size = action_count(start), observation_size(start)
    random_playout(GAME, seed, options, choice, max_steps=MAX_STEPS, full_checks_every=200,
                   invariants=(ids_are_a_fixed_space(count, sweep_every), observations_come_from_the_view(size)))


@pytest.mark.parametrize("players", PLAYERS)
@settings(max_examples=2)
@given(seed=st.integers(0, 2**63), choice=st.integers(0, 2**63))
def test_ids_and_observations_after_every_step(players: int, seed: int, choice: int) -> None:
    _play_and_check(seed, choice, {"players": players}, sweep_every=23)


@pytest.mark.parametrize("players", PLAYERS)
@settings(max_examples=1)
@given(seed=st.integers(0, 2**63), choice=st.integers(0, 2**63))
def test_ids_and_observations_with_a_set_of_ones_own(players: int, seed: int, choice: int) -> None:
    _play_and_check(seed, choice, {"players": players, "cards": OWN_SET}, sweep_every=29)


def test_ids_and_observations_under_the_removal_reading() -> None:
    _play_and_check(5, 6, {"players": 2, "peek_rule": "remove_marked", "peeking": ["grenade"]}, sweep_every=11)


# --- the numbering --------------------------------------------------------------------------------


def test_the_public_numbering() -> None:
    """The layout of the rules page's table, id by id, for the public set."""
    state = table(players=3)
    assert GAME.action_count is action_count and GAME.action_id is action_id
    assert GAME.action_from_id is action_from_id
    assert GAME.observation_size is observation_size and GAME.observe is observe
    assert action_count(state) == 1364 == action_count(new_game(1, players=5))
    expected: dict[Any, int] = {
        Begin(Task.DIG): 0, Begin(Task.DRAW): 1, Begin(Task.HUNT): 2, Begin(Task.HIRE): 3, Begin(Task.TRASH): 4,
        Resolve(): 5, EndGathering(): 6, EndDeclarations(): 7, Keep(None): 8, Hire(0): 9, Hire(7): 16,
        Commit(0): 17, Commit(148): 165, Keep(0): 166, Keep(148): 314,
        Sabotage(58, 96): 645, Sabotage(65, 138): 645 + 7 * 28 + 27, Snipe(79, 0): 869, Snipe(83, 148): 1363,
    }
    for action, i in expected.items():
        assert action_id(state, action) == i, action
    space = action_space(state)
    assert space.positions == max_hand(PUBLIC_TABLE) == 10
    assert (len(space.modifiers), len(space.saboteurs), len(space.tools), len(space.snipers), len(space.persons)) \
        == (33, 8, 28, 5, 99)
    assert space.modifiers[:5] == ids_of("group_leaders") and space.modifiers[28] == ids_of("shovel")[-1]


def test_equip_is_numbered_by_modifier_and_position_among_the_committed() -> None:
    brawler, scavenger, shovel, leaders = 49, 39, 119, 78
    state = play(table(players=3, hands={0: (brawler, scavenger, shovel, leaders)}),
                 Begin(Task.DIG), Commit(brawler), Commit(scavenger))
    assert state.committed == (brawler, scavenger)
    # The Shovel is modifier 28, the Group Leaders card modifier 4; 10 positions each.
    assert action_id(state, Equip(shovel, scavenger)) == 315 + 28 * 10 + 1
    assert action_id(state, Equip(leaders, brawler)) == 315 + 4 * 10 + 0
    ids = {action_id(state, a): a for a in legal_actions(state)}
    assert ids == {5: Resolve(), 595: Equip(shovel, brawler), 596: Equip(shovel, scavenger),
                   355: Equip(leaders, brawler), 356: Equip(leaders, scavenger)}
    for i, a in ids.items():
        assert action_from_id(state, i) == a
    with pytest.raises(IllegalAction, match="position 2"):
        action_from_id(state, 597)  # no third committed person
    with pytest.raises(IllegalAction, match="not committed"):
        action_id(state, Equip(shovel, 40))
    state = play(state, Equip(shovel, scavenger))
    with pytest.raises(IllegalAction, match="not in your hand"):
        action_from_id(state, 596)
    assert action_from_id(state, 356) == Equip(leaders, scavenger)


def test_a_hand_made_table_beyond_the_largest_hand_has_no_id_for_the_far_positions() -> None:
    """No game reaches 11 persons in one action with the public cards (the largest hand is 10),
    so a table arranged that way has no id for an equip on the eleventh."""
    persons = ids_of("scavenger")[-11:]
    shovel = one("shovel")
    state = table(players=3, hands={0: persons + (shovel,)})
    state = play(state, Begin(Task.DIG), *(Commit(c) for c in persons))
    assert action_id(state, Equip(shovel, persons[9])) == 315 + 28 * 10 + 9
    with pytest.raises(IllegalAction, match="beyond"):
        action_id(state, Equip(shovel, persons[10]))


def test_a_set_of_ones_own_is_numbered_by_index_not_by_id() -> None:
    state = new_game(3, players=4, cards=OWN_SET)
    t = table_of(state)
    assert min(t.ids) >= 1000 and max(t.ids) > 3000
    space = action_space(state)
    n = len(t.ids)
    assert space.cards == t.ids
    brawlers = t.ids_of("brawler")
    assert brawlers[0] == 1200
    assert action_id(state, Commit(brawlers[0])) == FIRST_CARD_ID + t.ids.index(1200)
    assert action_id(state, Keep(t.ids[-1])) == FIRST_CARD_ID + 2 * n - 1
    # Scouts draw 3 and Group Leaders add 3: each card a Draw takes brings 3, so the five cards
    # of a hand become 15 (a Multitool adds 1 for the card it costs: nothing gained).
    assert max_hand(t) == 15 and space.positions == 15
    assert space.count == (FIRST_CARD_ID + 2 * n + len(space.modifiers) * 15 + 10 * len(space.tools)
                           + 5 * len(space.persons))
    for card in (10**5000, True, 149, 1199, -1, None, "1200"):
        with pytest.raises(IllegalAction):
            action_id(state, Commit(card))  # type: ignore[arg-type]


def test_the_largest_hand_follows_the_draws_of_the_set() -> None:
    assert max_hand(PUBLIC_TABLE) == 10  # three Scouts and two Group Leaders, or five Scouts
    huge = table(players=2, cards={"scout": {"draw": 99}})
    space = action_space(huge)
    t = table_of(huge)
    able = sum(1 for c in t.ids if max(t.base[0][c], t.base[1][c], t.base[2][c]) >= 0)
    assert max_hand(t) == 5 * 99 and space.positions == able


def test_garbage_is_refused_with_a_short_reason() -> None:
    scavenger = one("scavenger")
    state = table(players=3, hands={0: (scavenger,)})
    count = action_count(state)
    for junk in GARBAGE_IDS + [count, count + 1]:
        with pytest.raises(IllegalAction) as caught:
            action_from_id(state, junk)
        assert len(str(caught.value)) < 120
    junk_actions: list[Any] = [None, object(), Begin("dig"), Hire(8), Hire(True), Hire(-1), Keep(10**5000),  # type: ignore[arg-type]
                               Commit(1.0), Sabotage(0, 96), Sabotage(58, 0), Snipe(79, 96), Snipe(0, 0),  # type: ignore[arg-type]
                               Equip(0, 0), Equip(True, 1), Begin, 3]
    for junk_action in junk_actions:
        with pytest.raises(IllegalAction) as caught:
            action_id(state, junk_action)
        assert len(str(caught.value)) < 120
    for not_a_state in (None, 3, "state", object()):
        calls: tuple[Callable[[Any], object], ...] = (
            action_count, lambda s: action_id(s, EndGathering()), lambda s: action_from_id(s, 6), observation_size,
            observe)
        for call in calls:
            with pytest.raises(IllegalAction):
                call(not_a_state)
    with pytest.raises(IllegalAction, match="not the table"):
        observe(state)
    # A legal id is refused once it is not legal: EndGathering during a hunt.
    assert action_from_id(state, 6) == EndGathering()
    digging = apply(state, Begin(Task.HUNT))
    with pytest.raises(IllegalAction, match="finish the hunt under way first"):
        action_from_id(digging, 6)
    with pytest.raises(IllegalAction, match="not known"):
        action_from_id(view(digging, 1), 6)


# --- exact observations ----------------------------------------------------------------------------

T = len(CARD_TYPES)
TYPE = {ctype.key: t for t, ctype in enumerate(CARD_TYPES)}


def part(vector: tuple[float, ...], state: State, name: str) -> tuple[float, ...]:
    for section, start, length in observation_sections(state):
        if section == name:
            return vector[start:start + length]
    raise KeyError(name)


def types(**counts: int) -> tuple[float, ...]:
    out = [0.0] * T
    for key, k in counts.items():
        out[TYPE[key]] = float(k)
    return tuple(out)


def card_flags(vector: tuple[float, ...], state: State, card: int) -> set[str]:
    n = state.options.players
    names = list(CARD_FEATURES) + [f"{what}+{r}" for r in range(1, n) for what in ("force", "discard", "played")]
    width = len(names)
    block = part(vector, state, "cards")
    i = table_of(state).ids.index(card)
    return {names[k] for k in range(width) if block[i * width + k]}


def tribe(vector: tuple[float, ...], state: State, r: int) -> dict[str, Any]:
    size = len(TRIBE_FEATURES) + 4 * T
    block = part(vector, state, "tribes")[r * size:(r + 1) * size]
    out: dict[str, Any] = dict(zip(TRIBE_FEATURES, block))
    rest = block[len(TRIBE_FEATURES):]
    for k, name in enumerate(("hand_types", "deck_types", "discard_types", "played_types")):
        out[name] = rest[k * T:(k + 1) * T]
    return out


def test_the_sections_fill_the_vector_and_the_size_follows_the_formula() -> None:
    for players in PLAYERS:
        state = new_game(1, players=players)
        sections = observation_sections(state)
        assert sections[0][1] == 0
        assert all(a[1] + a[2] == b[1] for a, b in zip(sections, sections[1:]))
        assert sections[-1][1] + sections[-1][2] == observation_size(state)
        # 152 + 26 positions + 106 per tribe + per card (8 + 3 per tribe), with 10 positions and 149 cards.
        assert observation_size(state) == 152 + 26 * 10 + 106 * players + 149 * (8 + 3 * players)


def test_exact_encoding_of_a_dig_under_way() -> None:
    brawler, scavenger, shovel, refugee, medkit = 49, 39, 119, 19, 125
    state = table(players=3, hands={0: (brawler, scavenger, shovel, refugee, medkit), 1: (38, 37), 2: ()},
                  discards={0: (), 1: (48, 124), 2: ()}, secret=(frozenset(), frozenset({124}), frozenset()))
    state = play(state, Begin(Task.HUNT), Commit(scavenger), Resolve(),
                 Begin(Task.DIG), Commit(brawler), Commit(refugee), Equip(shovel, refugee))
    me = observe(view(state, 0))
    assert part(me, state, "round") == (1.0,)
    assert part(me, state, "phase") == (1.0, 0.0, 0.0, 0.0)
    assert part(me, state, "seat") == (1.0, 0.0, 0.0)
    assert part(me, state, "initiator") == part(me, state, "decider") == (1.0, 0.0, 0.0)
    assert part(me, state, "peeking") == (1.0,)
    assert part(me, state, "taken") == (1.0, 0.0, 1.0, 0.0, 0.0)
    assert part(me, state, "food") == (1.0,)
    assert part(me, state, "task") == (1.0, 0.0, 0.0, 0.0, 0.0)
    assert part(me, state, "action_total") == (3.0,)  # Brawler 1 + Refugee 0 + Shovel 2
    assert part(me, state, "medicine") == (0.0,)
    assert part(me, state, "committed") == (2.0,)
    assert part(me, state, "committed_types") == types(brawler=1, refugee=1)
    slots = part(me, state, "committed_slots")
    width = T + 2
    assert slots[:width] == types(brawler=1) + (0.0, 0.0)
    assert slots[width:2 * width] == types(refugee=1) + (1.0, 0.0)  # a tool on it, no Group Leaders
    assert not any(slots[2 * width:])
    assert part(me, state, "equipped_types") == types(shovel=1)
    mine = tribe(me, state, 0)
    assert (mine["hand"], mine["played"]) == (1.0, 4.0)
    assert mine["hand_types"] == types(medkit=1)
    assert mine["played_types"] == types(scavenger=1, brawler=1, refugee=1, shovel=1)
    assert card_flags(me, state, medkit) == {"my_hand"}
    assert card_flags(me, state, refugee) == {"my_played", "committed"}
    assert card_flags(me, state, shovel) == {"my_played", "equipped"}
    assert card_flags(me, state, scavenger) == {"my_played"}
    # Seat 1 sees seat 0 as the tribe on its right (two seats on), its own discard in full,
    # and nothing of seat 0's hand.
    other = observe(view(state, 1))
    assert part(other, state, "seat") == (0.0, 1.0, 0.0)
    assert part(other, state, "decider") == part(other, state, "initiator") == (0.0, 0.0, 1.0)
    left = tribe(other, state, 2)
    assert (left["hand"], left["fight"], left["people"]) == (1.0, 0.0, 0.0)
    assert not any(left["hand_types"])
    assert left["played_types"] == types(scavenger=1, brawler=1, refugee=1, shovel=1)
    assert card_flags(other, state, medkit) == set()
    assert card_flags(other, state, refugee) == {"committed", "played+2"}
    own = tribe(other, state, 0)
    assert own["discard_types"] == types(brawler=1, medkit=1) and own["discard_unseen"] == 0.0
    assert (own["fight"], own["people"]) == (2.0, 2.0)  # two Scavengers, fight 1 each
    # Seat 2 sees seat 1's discard with the card it took unseen as a placeholder.
    third = observe(view(state, 2))
    right = tribe(third, state, 2)
    assert right["discard"] == 2.0 and right["discard_unseen"] == 1.0 and right["discard_types"] == types(brawler=1)
    assert card_flags(third, state, 48) == {"discard+2"} and card_flags(third, state, 124) == set()


def test_exact_encoding_of_the_peek_the_piles_and_the_skirmish() -> None:
    grenade, saboteur, sniper, spear, hunter = 138, 65, 83, 109, 57
    state = table(players=3, round=3, contested=(grenade,), hands={0: (saboteur,), 1: (spear, hunter), 2: (sniper,)})
    t = table_of(state)
    for p, sees in ((0, True), (1, False), (2, False)):
        vector = observe(view(state, p))
        assert part(vector, state, "peeked") == (types(grenade=1) if sees else types())
        assert part(vector, state, "contested") == (float(len(state.contested)),)
        assert ("peeked" in card_flags(vector, state, grenade)) is sees
        assert part(vector, state, "piles") == tuple(float(len(pile)) for pile in state.piles)
        assert part(vector, state, "junkyard") == (float(len(state.junkyard)),)
    assert card_flags(observe(view(state, 1)), state, state.piles[0][-1]) == {"pile"}
    # Everyone ends the gathering: the forces are revealed, seat 0 declares first.
    state = play(state, EndGathering(), EndGathering(), EndGathering())
    assert state.phase is Phase.SKIRMISH and state.turn == 0
    vector = observe(view(state, 2))
    assert part(vector, state, "phase") == (0.0, 0.0, 1.0, 0.0)
    assert part(vector, state, "decider") == (0.0, 1.0, 0.0)  # seat 0 is one seat on from seat 2
    force = tribe(vector, state, 2)  # seat 1
    assert force["hand_types"] == types(spear=1, hunter=1)
    assert (force["fight"], force["people"]) == (float(1 + t.bonus[3][spear]), 1.0)
    assert card_flags(vector, state, spear) == {"force+2"}
    assert tribe(vector, state, 0)["people"] == 2.0  # a Sniper Team shows two people
    assert action_from_id(state, action_id(state, Sabotage(saboteur, spear))) == Sabotage(saboteur, spear)
    state = apply(state, Sabotage(saboteur, spear))
    vector = observe(view(state, 2))
    assert part(vector, state, "spent") == (1.0,)
    assert "spent" in card_flags(vector, state, saboteur)
    assert card_flags(vector, state, spear) == {"discard+2"}
    assert tribe(vector, state, 2)["fight"] == 1.0


def test_dug_cards_are_encoded_for_the_digger_only() -> None:
    brawler, shovel = 49, 119
    junk = ids_of("junk")[-3:]
    state = play(table(players=3, hands={0: (brawler, shovel)}, junkyard=junk),
                 Begin(Task.DIG), Commit(brawler), Equip(shovel, brawler), Resolve())
    assert state.phase is Phase.KEEP and state.dug == junk
    digger, other = observe(view(state, 0)), observe(view(state, 1))
    assert part(digger, state, "dug") == part(other, state, "dug") == (3.0,)
    assert part(digger, state, "dug_types") == types(junk=3) and part(other, state, "dug_types") == types()
    assert card_flags(digger, state, junk[0]) == {"dug"} and card_flags(other, state, junk[0]) == set()
    assert part(digger, state, "phase") == (0.0, 1.0, 0.0, 0.0)
    assert {action_id(state, a) for a in legal_actions(state)} == {8, *(166 + c for c in junk)}


def test_removed_cards_and_the_end_of_the_game() -> None:
    state = arrange(new_game(2, players=2), events=())
    vector = observe(view(state, 0))
    removed = [0.0] * T
    for c in state.removed:
        removed[PUBLIC_TABLE.type_index[c]] += 1
    assert part(vector, state, "removed") == tuple(removed) and sum(removed) > 0
    assert part(vector, state, "peeking") == (0.0,)  # two players under the default reading
    over = random_playout(GAME, 4, {"players": 2}, 9, max_steps=MAX_STEPS)
    final = observe(view(over, 1))
    assert part(final, over, "phase") == (0.0, 0.0, 0.0, 1.0) and not any(part(final, over, "decider"))
