"""The checks of random play (:func:`wasteland.testing.support.random_playout`) find what they are
there to find: a play that changes the table it was given, and a static record (a book, a card
set: one object in every table of a game) changed in place, which the step-by-step comparison
names rather than writes out."""

from __future__ import annotations

import json
from typing import Any, Callable, cast

import pytest

from wasteland import GAMES
from wasteland.aftermath.book import DEFAULT_BOOK_PATH
from wasteland.aftermath.setup import the_book
from wasteland.aftermath.state import Options
from wasteland.core import codec
from wasteland.core.game import Game
from wasteland.core.rng import Rng
from wasteland.testing.support import random_playout


class _Listed:
    def __init__(self, listed: Any, change: Callable[[Any], None]) -> None:
        self.actions = listed.actions
        self._listed = listed
        self._change = change

    def play(self, action: Any) -> Any:
        after = self._listed.play(action)
        self._change(self._listed.state)
        return after


class _ChangesItsInput:
    """A game that, at its third unchecked play, does ``change`` to the table it was given."""

    def __init__(self, game: Game[Any, Any], change: Callable[[Any], None]) -> None:
        self._game = game
        self._change = change
        self.plays = 0

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)

    def moves(self, state: Any) -> _Listed:
        def change(table: Any) -> None:
            self.plays += 1
            if self.plays == 3:
                self._change(table)

        return _Listed(self._game.moves(state), change)


def _static_records(state: Any) -> list[Any]:
    table: dict[int, tuple[str, str, Any]] = {}
    codec.encode(state, table)
    return [record for _, _, record in table.values()]


def _play(change: Callable[[Any], None]) -> None:
    """An Aftermath game with a book of its own (the starter book read afresh from its data), so
    that a change made to the book in place reaches no other table of the process."""
    game = cast(Game[Any, Any], _ChangesItsInput(GAMES["aftermath"], change))
    own = json.loads(DEFAULT_BOOK_PATH.read_text(encoding="utf-8"))
    random_playout(game, 1, {"players": 1, "book": own}, 2, max_steps=2_000, full_checks_every=7)


def test_a_play_that_changes_its_table_is_found_at_that_step() -> None:
    with pytest.raises(AssertionError, match="step 2: apply changed its input"):
        _play(lambda table: object.__setattr__(table, "rng", Rng.from_seed(99)))


def test_a_static_record_changed_in_place_is_found_at_the_next_full_check() -> None:
    changed: list[tuple[Any, str]] = []

    def retitle(table: Any) -> None:
        (book,) = (record for record in _static_records(table) if type(record).__name__ == "Book")
        assert book is not the_book(Options()), "the test changes a book of its own"
        changed.append((book, book.title))
        object.__setattr__(book, "title", book.title + " (changed)")

    assert _static_records(GAMES["aftermath"].new_game(1)), "an Aftermath table holds its book"
    try:
        with pytest.raises(AssertionError, match="step 7: a static record was changed in place"):
            _play(retitle)
    finally:
        for book, title in changed:
            object.__setattr__(book, "title", title)
    assert changed


def test_an_unchanged_game_plays_to_its_end() -> None:
    final = random_playout(GAMES["aftermath"], 1, {"players": 1}, 2, max_steps=2_000, full_checks_every=7)
    assert GAMES["aftermath"].outcome(final) is not None
