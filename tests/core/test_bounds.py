"""Bounds declared on the records, checked on what a file holds (``wasteland.core.bounds``)."""

from __future__ import annotations

from typing import Annotated

import pytest
from attrs import frozen
from pyrsistent import PMap, pmap

import wasteland_salvage as salvage
from wasteland.core.bounds import Bounds, Within
from wasteland.core.codec import CodecError, dumps, loads

Card = Annotated[int, Within("card", also=(-1,))]
Seat = Annotated[int, Within("seat")]
Row = Annotated[int, Within("row", fixed=range(4))]


@frozen
class Drew:
    player: Seat
    card: Card


@frozen
class Moved:
    row: Row


@frozen
class Box:
    """A record with no bound of its own that holds one with bounds."""

    drew: Drew | None
    label: str = ""


@frozen
class Table:
    players: int
    active: Seat
    hands: tuple[tuple[Card, ...], ...]
    marks: frozenset[Row]
    where: PMap[Card, Row]
    pair: tuple[Seat, int]
    events: tuple[Drew | Moved, ...]
    viewer: Seat | None
    note: int
    pile: tuple[Card, ...] = (3, -1)
    boxes: tuple[Box, ...] = ()


BOUNDS = Bounds(lambda table: {"card": range(12), "seat": range(table.players)})


def table(**changes: object) -> Table:
    fields: dict[str, object] = dict(players=2, active=1, hands=((0, 1), (2, -1)), marks=frozenset({3}),
                                     where=pmap({5: 0}), pair=(0, 99), events=(Drew(1, 4), Moved(2)),
                                     viewer=None, note=12345)
    fields.update(changes)
    return Table(**fields)  # type: ignore[arg-type]


def test_a_table_within_its_bounds_passes() -> None:
    BOUNDS.check(table())
    BOUNDS.check(table(viewer=0, hands=((-1, -1), (2, 3))))
    BOUNDS.check(table(pile=(), events=(Drew(0, -1),), marks=frozenset()))
    BOUNDS.check(table(pile=(-1, -1, 11, 0), active=0))
    BOUNDS.check(table(events=(), hands=(), boxes=(Box(None), Box(Drew(1, 11)))))


@pytest.mark.parametrize(("changes", "message"), [
    ({"active": 2}, "Table.active: seat 2 is out of range (0 to 1)"),
    ({"hands": ((0, 12), ())}, "Table.hands: card 12 is out of range (0 to 11 or -1)"),
    ({"marks": frozenset({4})}, "Table.marks: row 4 is out of range (0 to 3)"),
    ({"where": pmap({12: 0})}, "Table.where: card 12"),
    ({"where": pmap({0: 7})}, "Table.where: row 7"),
    ({"pair": (5, 0)}, "Table.pair: seat 5"),
    ({"events": (Drew(0, -2),)}, "Drew.card: card -2"),
    ({"events": (Moved(-1),)}, "Moved.row: row -1"),
    ({"viewer": 3}, "Table.viewer: seat 3"),
    ({"pile": (-1, 12)}, "Table.pile: card 12 is out of range (0 to 11 or -1)"),
    ({"pile": (0, -2, 5)}, "Table.pile: card -2"),
    ({"active": -1}, "Table.active: seat -1"),
    ({"boxes": (Box(None), Box(Drew(0, 12)))}, "Drew.card: card 12"),
])
def test_a_field_out_of_its_bounds_is_named(changes: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        BOUNDS.check(table(**changes))


def test_a_field_with_no_bound_is_not_read() -> None:
    BOUNDS.check(table(note=-99, pair=(1, -5)))


def _tampered(state: object, old: str, new: str) -> str:
    text = dumps(state)
    assert old in text
    return text.replace(old, new, 1)


def test_check_loaded_registers_the_options_the_bounds_the_game_s_checks_and_an_answer() -> None:
    """The toy game registers its loaded-state checks with one call: each is run on a file."""
    state = salvage.new_game(3)
    assert loads(dumps(state)) == state
    hand = state.hands[0]
    cases = [
        (_tampered(state, '"players":2', '"players":7'), "players must be one of 2, 3, 4"),
        (_tampered(state, f'"hands":{{"$t":[{{"$t":[{hand[0]},', '"hands":{"$t":[{"$t":[12,'), "card 12 is out"),
        (_tampered(state, f'"hands":{{"$t":[{{"$t":[{hand[0]},', f'"hands":{{"$t":[{{"$t":[{hand[1]},'),
         "is in one place"),
        (_tampered(state, '"active":0', '"active":5'), "seat 5 is out"),
    ]
    for text, message in cases:
        with pytest.raises(CodecError, match=message):
            loads(text)

