"""core.observation: named sections, their places, and an observer that writes into any buffer."""

from __future__ import annotations

import array

import pytest

from wasteland.core.game import IllegalAction
from wasteland.core.observation import FloatBuffer, Layout, Observer, Section, layout, write_block


def _shape() -> Layout:
    return layout(("phase", 3, "one-hot"), ("score", 1, "the score"), ("cards", 4, "per card"))


def test_sections_follow_one_another_in_order() -> None:
    shape = _shape()
    assert shape.size == 8
    assert dict(shape.start) == {"phase": 0, "score": 3, "cards": 4}
    assert shape.slice("cards") == slice(4, 8)
    assert shape.names() == ("phase", "score", "cards")
    assert shape.section("score") == Section("score", 1, "the score")
    assert shape == _shape() and hash(shape) == hash(_shape())


def test_a_duplicate_name_or_a_bad_size_is_refused() -> None:
    with pytest.raises(ValueError, match="two sections are named 'a'"):
        layout(("a", 1, ""), ("a", 2, ""))
    with pytest.raises(ValueError, match="size of -1"):
        layout(("a", -1, ""))
    with pytest.raises(KeyError):
        _shape().slice("nothing")


def test_the_table_lists_each_section_with_its_first_index() -> None:
    lines = _shape().table().splitlines()
    assert lines[2] == "| `phase` | 0 | 3 | one-hot |"
    assert lines[4] == "| `cards` | 4 | 4 | per card |"


#: A toy game: a state is (viewer or None, phase, score, seats).
Toy = tuple[int | None, int, int, int]


def _observer() -> Observer[Toy]:
    shape = _shape()

    def layout_of(state: Toy) -> Layout:
        if state[1] < 0:
            raise IllegalAction("not a toy state")
        return shape

    def write(state: Toy, seat: int, s: Layout, out: FloatBuffer) -> None:
        out[s.start["phase"] + state[1]] = 1.0
        out[s.start["score"]] = float(state[2] + seat)
        out[s.start["cards"] + 2] += 0.5

    return Observer(layout_of, lambda state: state[0], lambda state: state[3], write)


def test_an_observer_gives_a_tuple_and_fills_any_buffer_with_the_same_numbers() -> None:
    observe = _observer()
    assert observe((0, 2, 7, 2)) == (0.0, 0.0, 1.0, 7.0, 0.0, 0.0, 0.5, 0.0)
    floats = array.array("f", bytes(4 * 8))
    observe.into((1, 1, 3, 2), memoryview(floats))
    assert floats.tolist() == [0.0, 1.0, 0.0, 4.0, 0.0, 0.0, 0.5, 0.0]
    with pytest.raises(ValueError, match="holds 2 numbers, the observation 8"):
        observe.into((1, 1, 3, 2), [0.0, 0.0])
    with pytest.raises(IllegalAction, match="not a toy state"):
        observe((0, -1, 0, 2))
    with pytest.raises(IllegalAction, match="not the table"):
        observe((None, 1, 0, 2))


def test_seat_into_writes_a_seat_s_observation_from_the_table() -> None:
    observe = _observer()
    out = [0.0] * 8
    observe.seat_into((None, 0, 5, 2), 1, out)
    assert tuple(out) == observe((1, 0, 5, 2))
    with pytest.raises(IllegalAction, match="player 1's view, not the table"):
        observe.seat_into((1, 0, 5, 2), 1, [0.0] * 8)
    with pytest.raises(IllegalAction, match="seat from 0 to 1"):
        observe.seat_into((None, 0, 5, 2), 2, [0.0] * 8)


def test_write_block_copies_a_block_in_one_slice_where_it_can_and_its_numbers_not_zero_otherwise() -> None:
    block = array.array("f", [2.0, 0.0, 5.0])
    floats = array.array("f", [0.0] * 6)
    write_block(memoryview(floats), 2, block)  # the RL adapters' buffer: one slice assignment
    assert list(floats) == [0.0, 0.0, 2.0, 0.0, 5.0, 0.0]
    listed: list[float] = [0.0] * 6
    write_block(listed, 1, block)
    assert listed == [0.0, 2.0, 0.0, 5.0, 0.0, 0.0]
    doubles = array.array("d", [0.0, 0.0, 0.0, 7.0, 0.0])  # takes no float32s: one number at a time
    write_block(doubles, 1, block)
    assert list(doubles) == [0.0, 2.0, 0.0, 5.0, 0.0]
    viewed = array.array("d", [0.0] * 4)
    write_block(memoryview(viewed), 0, block)
    assert list(viewed) == [2.0, 0.0, 5.0, 0.0]
