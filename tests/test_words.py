"""What a player reads names things in the game's words, never an internal identifier.

Over random play of every game and player count: the text of the table for the referee and
for every seat, the events, ``describe`` of every legal action and the rules in short
(``summary``) hold no identifier written with an underscore (``hostile_back``,
``quarantine_group``) and none of the names the rules use inside."""

from __future__ import annotations

import re

import attrs

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


#: A count that does not agree with its noun: ``card(s)``, ``1 cards``, ``1 infected cards``.
MISCOUNTED = re.compile(r"\w\(s\)|\b1 (?:infected |contained |face-up |face-up Hostile |toxic )?(?:cards|players|seats|"
                        r"times|games|errors|warnings|pages|entries|grids|wounds|tokens|threats|members)\b")


_COUNT_CASES = [pytest.param(key, n, id=f"{key}-{n}p") for key, n in CASES]


@pytest.mark.parametrize(("key", "players"), _COUNT_CASES)
def test_every_count_agrees_with_its_noun(key: str, players: int) -> None:
    """One pluralising helper (``wasteland.core.words``) everywhere: over random play, no text a
    player reads says "2 player(s)", "kill 1 card(s)" or "1 cards stay"."""
    game = GAMES[key]
    for seed in range(3):
        state = game.new_game(seed, players=players)
        rng = Rng.from_seed(seed + 200)
        for _ in range(300):
            if game.outcome(state) is not None:
                break
            texts = [game.render(state, None), *game.events(state), game.summary(state)]
            texts += [game.describe(state, action) for action in game.legal_actions(state)]
            for text in texts:
                found = MISCOUNTED.search(text)
                assert found is None, f"{found.group()!r} in ...{text[max(0, found.start() - 60):found.end() + 60]}"
            action, rng = rng.choice(game.legal_actions(state))
            state = game.apply(state, action)


def test_plural_and_counted() -> None:
    from wasteland.core.words import counted, plural

    assert [plural(n, "card") for n in (0, 1, 2)] == ["0 cards", "1 card", "2 cards"]
    assert plural(2, "entry", "entries") == "2 entries" and plural(1, "entry", "entries") == "1 entry"
    assert counted("kill {n} card(s)", 1) == "kill 1 card" and counted("kill {n} card(s)", 3) == "kill 3 cards"
    assert counted("kill {n} card(s)", "n") == "kill n cards"


def test_arctic_end_gathering_says_how_many_cards_stay() -> None:
    from wasteland.arctic_scavengers.actions import EndGathering

    game = GAMES["arctic_scavengers"]
    state = game.new_game(1, players=2)
    for cards, said in ((1, "1 card stays"), (3, "3 cards stay")):
        hands = tuple(tuple(range(cards)) if seat == state.turn else hand for seat, hand in enumerate(state.hands))
        told = game.describe(attrs.evolve(state, hands=hands), EndGathering())
        assert told == f"end gathering; {said} as the force"


def test_raxxon_crowd_columns_stay_aligned_when_seats_looked_at_cards() -> None:
    """A face-down card other seats looked at (``[Hos+]'012``) widens every column of the crowd;
    every cell stays centred under its column's name."""
    game = GAMES["raxxon"]
    state = game.new_game(3, players=3)
    for _ in range(60):
        legal = game.legal_actions(state)
        looks = [a for a in legal if "look" in game.describe(state, a)]
        state = game.apply(state, looks[0] if looks else legal[0])
    text = game.render(state, None)
    assert "'0" in text or "'1" in text
    grid = [line for line in text.splitlines() if line.startswith("crowd:") or re.match(r"  r\d ", line)]
    header, rows = grid[0], grid[1:]
    centres = [m.start() + len(m.group()) / 2 for m in re.finditer(r"c\d", header)]
    for row in rows:
        cells = [m.start() + len(m.group()) / 2 for m in re.finditer(r"\S+", row[5:])]
        assert [c + 5 for c in cells] == pytest.approx(centres, abs=1), row


def test_the_lucky_seven_says_the_member_fallen_on_turn_1_was_discarded_at_setup() -> None:
    game = GAMES["lucky_seven"]
    state = game.new_game(1)
    assert state.turn == 1 and len(state.fallen) == 1
    assert re.search(r"^fallen: \w+ \(discarded at setup\)$", game.render(state, 0), re.M)
    assert "(discarded at setup)" in game.svg(state, 0)
    coop = game.new_game(1, players=2, variant="cooperative")
    assert re.search(r"^fallen: \w+ \(grid 1, discarded at setup\), \w+ \(grid 2, discarded at setup\)$",
                     game.render(coop, None), re.M)
