"""core.records.replace behaves exactly like attrs.evolve."""

from __future__ import annotations

import attrs
import pytest
from attrs import field, frozen
from hypothesis import given
from hypothesis import strategies as st

from wasteland.core.records import put, replace


@frozen
class Point:
    x: int
    y: int = 0
    label: str = "p"


@frozen
class One:
    only: int


@frozen
class Private:
    _secret: int
    shown: int = 1


@frozen
class Derived:
    a: int
    b: int = field(init=False, default=5)


@given(st.integers(), st.integers(), st.text(max_size=5), st.sampled_from(["x", "y", "label"]))
def test_replace_matches_attrs_evolve(x: int, y: int, label: str, name: str) -> None:
    p = Point(x, y, label)
    value = label if name == "label" else x + 1
    assert replace(p, **{name: value}) == attrs.evolve(p, **{name: value})
    assert p == Point(x, y, label), "the original is untouched"


def test_replace_with_no_changes_is_an_equal_copy() -> None:
    p = Point(1, 2)
    assert replace(p) == p


def test_replace_on_a_one_field_record() -> None:
    assert replace(One(1), only=2) == One(2)


def test_unknown_field_is_a_type_error() -> None:
    with pytest.raises(TypeError, match="nope"):
        replace(Point(1), nope=3)


def test_records_with_aliased_or_derived_fields_fall_back_to_evolve() -> None:
    assert replace(Private(1), shown=2) == Private(1, 2)
    assert replace(Derived(1), a=2) == Derived(2)


def test_derived_cache_builds_once_per_distinct_key() -> None:
    from wasteland.core.data import DerivedCache

    built: list[Point] = []

    def build(p: Point) -> int:
        built.append(p)
        return p.x * 10

    cache = DerivedCache(build, maxsize=2)
    a, same_as_a, b = Point(1), Point(1), Point(2)
    assert cache(a) == 10 and cache(a) == 10
    assert cache(same_as_a) == 10, "an equal key finds the value built for the first"
    assert cache(b) == 20
    assert built == [a, b]
    cache(Point(3))  # a third key empties the full cache, then builds
    assert cache(a) == 10 and len(built) == 4


def test_put_makes_a_new_tuple_with_one_value_replaced() -> None:
    before = (1, 2, 3)
    assert put(before, 0, 9) == (9, 2, 3) and put(before, 2, 9) == (1, 2, 9) and before == (1, 2, 3)
