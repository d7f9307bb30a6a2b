"""The contract types: Outcome, the errors and check_options."""

from __future__ import annotations

import attrs
import pytest

from wasteland.core import codec
from wasteland.core.game import ConfigError, IllegalAction, Outcome, RulesError, check_options


def test_outcome_normalises_its_fields() -> None:
    outcome = Outcome(winners=[1, 0, 1], reason="the squad was evacuated", scores=[3, 2])
    assert outcome.winners == frozenset({0, 1})
    assert outcome.scores == (3, 2)
    assert Outcome(winners=(), reason="infection supply ran out").scores == ()


def test_outcome_is_frozen_hashable_and_round_trips() -> None:
    outcome = Outcome(winners={2}, reason="most victory points", scores=(1.5, 0, 7))
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        outcome.reason = "other"  # type: ignore[misc]
    assert hash(outcome) == hash(Outcome(winners={2}, reason="most victory points", scores=(1.5, 0, 7)))
    assert codec.loads(codec.dumps(outcome)) == outcome


def test_error_hierarchy() -> None:
    assert issubclass(IllegalAction, RulesError) and issubclass(IllegalAction, ValueError)
    assert issubclass(ConfigError, RulesError) and issubclass(ConfigError, ValueError)
    assert not issubclass(IllegalAction, ConfigError)


def test_check_options_accepts_allowed_values() -> None:
    check_options("players", 2, (1, 2, 3, 4))
    check_options("difficulty", "hard", ["easy", "normal", "hard"])
    check_options("depot", False, (False, True))
    check_options("players", 3, range(2, 6))


@pytest.mark.parametrize(
    ("name", "value", "allowed", "message"),
    [
        ("players", 7, (1, 2, 3, 4), "players must be one of 1, 2, 3, 4, got 7"),
        ("difficulty", "nightmare", ("easy", "hard"), "difficulty must be one of 'easy', 'hard', got 'nightmare'"),
        ("players", True, (1, 2), "players must be one of 1, 2, got True"),
        ("players", None, (1, 2), "players must be one of 1, 2, got None"),
    ],
)
def test_check_options_names_the_allowed_values(
    name: str, value: object, allowed: tuple[object, ...], message: str
) -> None:
    with pytest.raises(ConfigError) as caught:
        check_options(name, value, allowed)
    assert str(caught.value) == message


def test_check_options_wants_the_type_as_well_as_the_value() -> None:
    with pytest.raises(ConfigError, match="False, True"):
        check_options("depot", 1, (False, True))
    with pytest.raises(ConfigError, match="1, 2"):
        check_options("players", 2.0, (1, 2))
    with pytest.raises(ConfigError):
        check_options("players", True, (1, 2))
    check_options("players", 2, (1, 2))
