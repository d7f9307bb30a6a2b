"""Checked by mypy --strict in tests/test_typing.py, never run: a working copy that names only the
fields whose type changes still has every field of its State, with the State's types, writable
(the plugin ``wasteland.core.mypy_plugin``)."""

from __future__ import annotations

from typing import assert_type

from tests.toy.salvage.state import Options, Phase, State, Work
from wasteland.core.rng import Rng


def a_rule(work: Work) -> State:
    assert_type(work.hands, list[tuple[int, ...]])  # named: the mutable type
    assert_type(work.options, Options)  # not named: the State's type
    assert_type(work.phase, Phase)
    assert_type(work.rng, Rng)
    assert_type(work.viewer, int | None)
    work.phase = Phase.OVER  # writable
    work.active = (work.active + 1) % work.options.players
    work.active = "one"  # type: ignore[assignment]
    return work.finish()
