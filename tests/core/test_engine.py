"""The engine's parts: the typed working copy, the field checks at the door, the bundle."""

from __future__ import annotations

import attrs
import pytest
from attrs import frozen

import wasteland_salvage as salvage
from wasteland_salvage.state import Work
from wasteland.core.engine import WorkingCopy, working_copy
from wasteland.core.game import IllegalAction
from wasteland.core.rng import Rng, _below


@frozen(weakref_slot=False, cache_hash=True)
class Record:
    a: int
    cards: tuple[int, ...]
    marks: frozenset[int]
    pairs: tuple[tuple[int, int], ...]


@working_copy(Record)
class RecordWork(WorkingCopy[Record]):
    cards: list[int]
    marks: set[int]


def test_a_working_copy_edits_lists_and_sets_and_becomes_the_record_in_place() -> None:
    before = Record(1, (1, 2), frozenset({3}), ((1, 2),))
    work = RecordWork(before)
    work.a = 2
    work.cards.append(9)
    work.marks.add(4)
    after = work.finish()
    assert type(after) is Record and after == Record(2, (1, 2, 9), frozenset({3, 4}), ((1, 2),))
    assert hash(after) == hash(Record(2, (1, 2, 9), frozenset({3, 4}), ((1, 2),)))
    assert before == Record(1, (1, 2), frozenset({3}), ((1, 2),)), "the record it came from never changes"
    with pytest.raises(AttributeError):
        after.a = 5  # type: ignore[misc]


def test_a_working_copy_names_only_what_changes_and_keeps_the_record_s_other_fields() -> None:
    """``a`` and ``pairs`` are not named: they are the record's, with its types, in its order."""
    assert {"a", "cards", "marks", "pairs"} <= set(RecordWork.__slots__)
    work = RecordWork(Record(1, (1, 2), frozenset(), ((1, 2),)))
    assert work.a == 1 and work.pairs == ((1, 2),) and type(work.cards) is list


def test_a_finished_copy_keeps_the_tuples_and_sets_of_the_state_before_where_they_did_not_change() -> None:
    before = Record(1, (1, 2), frozenset({3}), ((1, 2),))
    work = RecordWork(before)
    work.cards.append(9)
    work.marks.discard(3)
    work.marks.add(3)  # changed and changed back: equal, so shared
    after = work.finish(before)
    assert after == Record(1, (1, 2, 9), frozenset({3}), ((1, 2),))
    assert after.marks is before.marks and after.pairs is before.pairs
    assert after.cards is not before.cards and before.cards == (1, 2)
    assert hash(after) == hash(Record(1, (1, 2, 9), frozenset({3}), ((1, 2),)))


def test_a_state_played_from_another_shares_every_field_the_move_left_alone() -> None:
    state = salvage.GAME.new_game(0)
    after = salvage.GAME.apply(state, salvage.GAME.legal_actions(state)[0])
    unchanged = [f.name for f in attrs.fields(type(state)) if getattr(after, f.name) == getattr(state, f.name)]
    assert unchanged, "a move changes only part of the table"
    assert all(getattr(after, name) is getattr(state, name) for name in unchanged)


def test_a_working_copy_that_strays_from_its_record_is_refused_at_import() -> None:
    with pytest.raises(TypeError, match="does not have"):
        @working_copy(Record)
        class Stray(WorkingCopy[Record]):
            cards: list[int]
            extra: int

    with pytest.raises(TypeError, match="cards"):
        @working_copy(Record)
        class Mistyped(WorkingCopy[Record]):
            cards: list[str]

    with pytest.raises(TypeError, match="pairs"):
        @working_copy(Record)
        class NotATwin(WorkingCopy[Record]):
            pairs: set[tuple[int, int]]


def test_a_record_with_a_weakref_slot_cannot_have_a_working_copy() -> None:
    @frozen
    class Weak:
        a: int

    with pytest.raises(TypeError, match="weakref_slot=False"):
        @working_copy(Weak)
        class WeakWork(WorkingCopy[Weak]):
            a: int


def test_the_toy_game_s_working_copy_is_its_state_s() -> None:
    assert Work.record is salvage.State


@pytest.mark.parametrize("junk, reason", [
    ("x", "is not a Salvage action"),
    (salvage.Discard("3"), "card must be an int"),
    (salvage.Discard(True), "card must be an int"),
    (salvage.Discard(2**300), "card is out of range"),
    (salvage.Discard(-1), "not in your hand"),
    (object.__new__(salvage.Discard), "was made without its card"),
])
def test_the_door_checks_every_field_before_the_rule_reads_it(junk: object, reason: str) -> None:
    state = salvage.new_game(1)
    with pytest.raises(IllegalAction, match=reason):
        salvage.apply(state, junk)


def test_the_door_refuses_a_view_and_another_game_s_state() -> None:
    state = salvage.new_game(1)
    with pytest.raises(IllegalAction, match="view"):
        salvage.apply(salvage.view(state, 0), salvage.legal_actions(state)[0])
    with pytest.raises(IllegalAction, match="not a Salvage state"):
        salvage.apply(None, salvage.legal_actions(state)[0])  # type: ignore[arg-type]


def test_the_bundle_is_read_from_the_package() -> None:
    game = salvage.GAME
    assert game.apply is salvage.apply and game.state_type is salvage.State and game.title == "Salvage"
    assert "<svg" in salvage.new_game(2)._repr_svg_()  # type: ignore[attr-defined]


def _reference_shuffle(rng: Rng, items: list[int]) -> tuple[tuple[int, ...], Rng]:
    out, counter = list(items), rng.counter
    for i in range(len(out) - 1, 0, -1):
        j, counter = _below(rng.key, counter, i + 1)
        out[i], out[j] = out[j], out[i]
    return tuple(out), Rng(rng.key, counter)


@pytest.mark.parametrize("size", [0, 1, 2, 3, 17, 60, 149])
def test_shuffle_written_out_draws_exactly_what_below_draws(size: int) -> None:
    for seed in range(40):
        rng = Rng.from_seed(seed)
        rng = Rng(rng.key, (seed * 0x9E3779B97F4A7C15) % 2**64)  # counters anywhere, near the wrap too
        assert rng.shuffle(list(range(size))) == _reference_shuffle(rng, list(range(size)))
