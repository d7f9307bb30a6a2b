"""Setup clauses: components, starting decks, the two-player rules, shuffles, the initiator."""

from __future__ import annotations

import pytest

from wasteland.arctic_scavengers import new_game
from wasteland.arctic_scavengers.cards import (
    CARD_TYPES, CARDS, CONTESTED_TYPES, JUNKYARD_TYPES, MERCENARY_PILES, Source, card_type,
)
from wasteland.arctic_scavengers.state import HAND_SIZE
from wasteland.arctic_scavengers.cards import PUBLIC_TABLE as PUBLIC
from wasteland.core.game import ConfigError

from .tables import card_ids


def test_components_149_cards() -> None:
    assert len(CARDS) == 149 and [c.id for c in CARDS] == list(range(149))
    by_source = {s: sum(t.count for t in CARD_TYPES if t.source is s) for s in Source}
    assert by_source == {Source.REFUGEE: 20, Source.MERCENARY: 69, Source.JUNKYARD: 46, Source.CONTESTED: 14}
    assert len(MERCENARY_PILES) == 8
    assert all(t.provenance for t in CARD_TYPES)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_card_in_exactly_one_zone_at_setup(players: int) -> None:
    assert card_ids(new_game(3, players=players)) == list(range(149))


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_starting_decks_out_of_supply(players: int) -> None:
    state = new_game(5, players=players)
    for p in range(players):
        deck = sorted(PUBLIC.name[c] for c in state.hands[p] + state.decks[p])
        assert deck == sorted(["Refugee"] * 4 + ["Scavenger"] * 3 + ["Brawler", "Spear", "Shovel"])
    piles = dict(zip(MERCENARY_PILES, state.piles))
    assert len(piles["scavenger"]) == 20 - 3 * players
    assert len(piles["brawler"]) == 10 - players
    spears = sum(1 for c in state.junkyard if PUBLIC.name[c] == "Spear")
    assert spears == 6 - players - (2 if players == 2 else 0)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_extra_refugees_removed(players: int) -> None:
    state = new_game(2, players=players)
    refugees = [c for c in state.removed if PUBLIC.name[c] == "Refugee"]
    assert len(refugees) == 20 - 4 * players


def test_two_players_remove_two_of_each_junkyard_type() -> None:
    state = new_game(9, players=2)
    removed = [PUBLIC.name[c] for c in state.removed if CARDS[c].type in JUNKYARD_TYPES]
    for key in JUNKYARD_TYPES:
        assert removed.count(card_type(key).name) == 2
    assert len(state.junkyard) == 46 - 2 - 2 - 2 * len(JUNKYARD_TYPES)
    three = new_game(9, players=3)
    assert not [c for c in three.removed if CARDS[c].type in JUNKYARD_TYPES]


def test_two_players_remove_peeking_contested_resources() -> None:
    # design: under the removal reading the "peek" mark is a per-card flag; the public data marks
    # no card, so none go. Under the default reading nothing is removed either.
    peeking = [k for k in CONTESTED_TYPES if card_type(k).peek]
    state = new_game(9, players=2, peek_rule="remove_marked")
    assert len(state.contested) == 14 - sum(card_type(k).count for k in peeking)
    assert len(new_game(9, players=2).contested) == 14


def test_mercenaries_in_eight_face_up_piles() -> None:
    state = new_game(1, players=4)
    for key, pile in zip(MERCENARY_PILES, state.piles):
        assert all(CARDS[c].type == key for c in pile)


def test_contested_and_junkyard_shuffled_face_down() -> None:
    a, b = new_game(1, players=3), new_game(2, players=3)
    assert sorted(a.junkyard) == sorted(b.junkyard) and a.junkyard != b.junkyard
    assert sorted(a.contested) == sorted(b.contested) and a.contested != b.contested


def test_each_deck_shuffled_and_first_hand_drawn() -> None:
    state = new_game(4, players=5)
    assert all(len(h) == HAND_SIZE and len(d) == 5 for h, d in zip(state.hands, state.decks))
    assert len({tuple(sorted(PUBLIC.name[c] for c in h)) for h in state.hands}) > 1


def test_random_initiator_acts_first() -> None:
    seen = {new_game(s, players=4).initiator for s in range(40)}
    assert seen == {0, 1, 2, 3}
    state = new_game(7, players=4)
    assert state.turn == state.initiator and state.round == 1


def test_options_checked() -> None:
    with pytest.raises(ConfigError, match="2, 3, 4, 5"):
        new_game(1, players=6)
    with pytest.raises(ConfigError, match="players"):
        new_game(1, players=2, expansion=True)


def test_two_players_peeking_option_removes_the_named_resources() -> None:
    state = new_game(9, players=2, peeking=["grenade", "wolf_pack"], peek_rule="remove_marked")
    assert len(state.contested) == 10
    named = sorted(PUBLIC.name[c] for c in state.removed if PUBLIC.name[c] in ("Grenade", "Wolf Pack"))
    assert named == ["Grenade"] * 2 + ["Wolf Pack"] * 2
    three = new_game(9, players=3, peeking=["grenade"], peek_rule="remove_marked")
    assert len(three.contested) == 14  # the rule is for two players only
    with pytest.raises(ConfigError, match="sled_team"):
        new_game(1, players=2, peeking=["rifle"], peek_rule="remove_marked")
    with pytest.raises(ConfigError, match="peeking.*remove_marked"):
        new_game(1, players=2, peeking=["grenade"])  # the default reading removes nothing
    with pytest.raises(ConfigError, match="peek_rule: must be one of 'no_peek', 'remove_marked'"):
        new_game(1, players=2, peek_rule="sometimes")
    with pytest.raises(ConfigError, match=r"peeking\[1\]"):
        new_game(1, players=2, peeking=["grenade", 3], peek_rule="remove_marked")
    with pytest.raises(ConfigError, match="peeking: must be a list"):
        new_game(1, players=2, peeking="grenade", peek_rule="remove_marked")
