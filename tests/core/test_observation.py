"""core.observation: named sections, their places, and an observer that writes into any buffer."""

from __future__ import annotations

import array

import pytest

from wasteland.core.observation import Layout, Observer, Section, layout


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


def _observer() -> Observer[tuple[int, int]]:
    shape = _shape()

    def layout_of(view: tuple[int, int]) -> Layout:
        if view[0] < 0:
            raise ValueError("not a view")
        return shape

    def write(view: tuple[int, int], s: Layout, out: object) -> None:
        out[s.start["phase"] + view[0]] = 1.0  # type: ignore[index]
        out[s.start["score"]] = float(view[1])  # type: ignore[index]
        out[s.start["cards"] + 2] += 0.5  # type: ignore[index]

    return Observer(layout_of, write)


def test_an_observer_gives_a_tuple_and_fills_any_buffer_with_the_same_numbers() -> None:
    observe = _observer()
    assert observe((2, 7)) == (0.0, 0.0, 1.0, 7.0, 0.0, 0.0, 0.5, 0.0)
    floats = array.array("f", bytes(4 * 8))
    observe.into((1, 3), memoryview(floats))
    assert floats.tolist() == [0.0, 1.0, 0.0, 3.0, 0.0, 0.0, 0.5, 0.0]
    with pytest.raises(ValueError, match="holds 2 numbers, the observation 8"):
        observe.into((1, 3), [0.0, 0.0])
    with pytest.raises(ValueError, match="not a view"):
        observe((-1, 0))
