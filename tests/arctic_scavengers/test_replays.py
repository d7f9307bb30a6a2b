"""The example replays run, stay legal, and show what their names promise."""

from __future__ import annotations

from pathlib import Path

import pytest

from wasteland import replay

from .make_replays import ROOT, features

FILES = sorted(ROOT.glob("arctic_scavengers_*.json"))
PROMISES = {
    "arctic_scavengers_2p_stalemate.json": (2, {"stalemate"}),
    "arctic_scavengers_3p_snipe.json": (3, {"snipe", "stalemate"}),
    "arctic_scavengers_5p_disarm.json": (5, {"disarm", "snipe"}),
    "arctic_scavengers_4p_own_cards.json": (4, {"snipe"}),
}


def test_the_promised_replays_exist() -> None:
    assert set(PROMISES) <= {p.name for p in FILES}


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_replay_verifies(path: Path) -> None:
    rep = replay.load(path)
    replay.verify(rep)
    assert rep.expect_outcome is not None


@pytest.mark.parametrize("name", sorted(PROMISES))
def test_replay_shows_its_feature(name: str) -> None:
    rep = replay.load(ROOT / name)
    players, wanted = PROMISES[name]
    assert rep.options["players"] == players
    assert wanted <= features(rep)


def test_the_own_cards_replay_plays_its_own_set() -> None:
    from wasteland.arctic_scavengers.card_set import table_of

    from .make_replays import OWN_CARDS

    rep = replay.load(ROOT / "arctic_scavengers_4p_own_cards.json")
    assert rep.options["cards"] == OWN_CARDS
    final = replay.verify(rep)
    table = table_of(final)
    assert final.options.cards is not None
    assert len(final.options.cards.changed) == 5 and table.card_type("brawler").base[3] == 3
