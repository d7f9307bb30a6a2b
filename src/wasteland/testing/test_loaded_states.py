"""States and views from files: whatever the loader accepts, every contract function answers.

A mutation fuzzer (:mod:`wasteland.testing.mutation`) takes tables and views from random play of
every game under test, at each player count and option set, changes their JSON (numbers, ids
swapped, duplicated or moved between zones, elements dropped or added, enum members, fields, a
view's viewer and hidden places) and reads them back. A file that loads must get a result or a
``RulesError`` from every function of the contract, and ``determinize`` of a loaded view must give
a table that views back to it and reads back from its own JSON. ``HYPOTHESIS_PROFILE=thorough``
runs many more files; ``python -m wasteland.testing.mutation SECONDS`` runs the fuzzer for that
long and prints what it found.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wasteland.core import codec
from wasteland.testing import keys, tables
from wasteland.testing.mutation import cases, corpus, fuzz_one

CASES = cases()


@pytest.mark.parametrize(("key", "option"), CASES)
def test_every_table_and_view_of_random_play_loads(key: str, option: int) -> None:
    """The checks on loading refuse nothing a game can hold."""
    for text in corpus(key, option, 0):
        assert codec.dumps(codec.loads(text), share=False) == text


@pytest.mark.parametrize("key", keys())
@given(data=st.data(), seed=st.integers(0, 2), pick=st.integers(0, 2**32), mutations=st.integers(1, 3))
def test_a_mutated_file_that_loads_is_answered_by_every_function(
    key: str, data: st.DataObject, seed: int, pick: int, mutations: int
) -> None:
    """Each game gets its own mutated files: none is left to chance."""
    option = data.draw(st.integers(0, len(tables(key)) - 1), label="table")
    loaded, failures = fuzz_one(key, option, seed, pick, mutations)
    assert failures == [], (loaded, failures)
