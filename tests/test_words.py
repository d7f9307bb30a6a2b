"""What a player reads names things in the game's words, never an internal identifier.

Over random play of every game and player count: the text of the table for the referee and
for every seat, the events, ``describe`` of every legal action and the rules in short
(``summary``) hold no identifier written with an underscore (``hostile_back``,
``quarantine_group``) and none of the names the rules use inside."""

from __future__ import annotations

import re

import pytest

from wasteland import GAMES
from wasteland.core.rng import Rng
from wasteland.registry import GAME_KEYS

CASES = [(key, n) for key in GAME_KEYS for n in GAMES[key].player_counts]
IDS = [f"{key}-{n}p" for key, n in CASES]
#: ``word_word``: how the code names things (a member lying down, ``ham_``, is not one).
IDENTIFIER = re.compile(r"\b[a-z]+_[a-z_]+\b")
#: Internal names without an underscore that once showed through.
INTERNALS = re.compile(r"is killed: raxxon|: raxxon\b|\[ *raxxon\]|for the step '|the raxxon cards")


def _check(text: str, where: str) -> None:
    found = IDENTIFIER.search(text) or INTERNALS.search(text)
    assert found is None, f"{where} shows {found.group()!r}: ...{text[max(0, found.start() - 60):found.end() + 60]}..."


@pytest.mark.parametrize(("key", "players"), CASES, ids=IDS)
def test_no_text_a_player_reads_holds_an_internal_name(key: str, players: int) -> None:
    game = GAMES[key]
    for seed in range(3):
        state = game.new_game(seed, players=players)
        _check(game.summary(state), "summary")
        rng = Rng.from_seed(seed + 100)
        for _ in range(300):
            if game.outcome(state) is not None:
                break
            legal = game.legal_actions(state)
            _check(game.render(state, None), "render (referee)")
            for seat in range(players):
                seen = game.view(state, seat)
                _check(game.render(seen, seat), f"render (seat {seat})")
                for line in game.events(seen):
                    _check(line, "an event")
            for action in legal:
                _check(game.describe(state, action), "describe")
            action, rng = rng.choice(legal)
            state = game.apply(state, action)
        _check(game.render(state, None), "render (the end)")
        for line in game.events(state):
            _check(line, "an event")


def test_raxxon_cards_one_looked_at_show_healthy_or_infected() -> None:
    game = GAMES["raxxon"]
    state = game.new_game(3)
    state = game.apply(state, game.parse(state, "investigate"))
    state = game.apply(state, game.parse(state, "r2c2"))
    text = game.render(state, 0)
    assert re.search(r"\[(Hos|Cel|Sus|Inn|Fml|Fam)\+\]|\[(Car|Vol|Cha)!\]", text), text
    assert not re.search(r"\[[A-Z][a-z]{2}\]", text)


def test_raxxon_pending_step_is_said_in_words() -> None:
    game = GAMES["raxxon"]
    state = game.new_game(3)
    state = game.apply(state, game.parse(state, "investigate"))
    assert "pending: player 0: choose a face-down card to look at (2 to go)" in game.render(state, 0)
