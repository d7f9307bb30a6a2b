"""The contract types: Outcome, the errors and check_options."""

from __future__ import annotations

import attrs
import pytest
from attrs import frozen

from wasteland.core import codec
from wasteland.core.game import (
    ConfigError, IllegalAction, Outcome, RulesError, check_options, check_table, check_viewer, describer, parser,
    returns_of, short,
)


def test_outcome_normalises_its_fields() -> None:
    outcome = Outcome(winners=[1, 0, 1], reason="the squad was evacuated", code="evacuated", scores=[3, 2])
    assert outcome.winners == frozenset({0, 1})
    assert outcome.scores == (3, 2)
    assert Outcome(winners=(), reason="infection supply ran out", code="infection_supply_empty").scores == ()


def test_outcome_is_frozen_hashable_and_round_trips() -> None:
    outcome = Outcome(winners={2}, reason="most victory points", code="most_points", scores=(1.5, 0, 7))
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        outcome.reason = "other"  # type: ignore[misc]
    same = Outcome(winners={2}, reason="most victory points", code="most_points", scores=(1.5, 0, 7))
    assert hash(outcome) == hash(same)
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


def test_an_outcome_has_a_stable_machine_readable_code() -> None:
    for bad in ("", "Squad eliminated", "squad-eliminated", "1st", None, 3):
        with pytest.raises((ValueError, TypeError)):
            Outcome(winners=(), reason="x", code=bad)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        Outcome(frozenset(), "x", "x")  # type: ignore[misc]  # keyword-only: no field order to get wrong


def test_returns_of_gives_one_to_each_winner() -> None:
    assert returns_of(Outcome(winners={1}, reason="x", code="x"), 3) == (0.0, 1.0, 0.0)
    assert returns_of(Outcome(winners={0, 2}, reason="x", code="x"), 3) == (1.0, 0.0, 1.0)
    assert returns_of(Outcome(winners=(), reason="x", code="x"), 2) == (0.0, 0.0)


class _Boom:
    def __repr__(self) -> str:
        raise RuntimeError("boom")


def test_short_never_echoes_much_and_never_fails() -> None:
    assert short(10**5000).startswith("<an int of")
    assert short("x" * 1000) == "'" + "x" * 36 + "..."
    assert len(short(list(range(1000)))) == 40
    assert short(_Boom()) == "<a _Boom>"
    assert short(7) == "7" and short(None) == "None"


@frozen
class _View:
    viewer: int | None


def test_check_table_and_check_viewer() -> None:
    check_table(_View(None))
    with pytest.raises(IllegalAction, match="player 1's view"):
        check_table(_View(1))
    assert check_viewer(2, 3) == 2
    for bad in (-1, 3, None, "1", 1.0, True, 10**5000):
        with pytest.raises(IllegalAction, match="seat from 0 to 2"):
            check_viewer(bad, 3)


@frozen
class _Go:
    n: int


def test_describer_names_exact_classes_and_never_raises() -> None:
    describe = describer({_Go: lambda state, a: f"go {a.n + 1}"})
    assert describe(None, _Go(1)) == "go 2"
    assert describe(None, _Go("x")) == "_Go(n='x')"  # type: ignore[arg-type]  # the namer tripped: safe form
    assert describe(None, _Boom()) == "<a _Boom>"
    assert describe(None, 10**5000).startswith("<an int")


def test_parser_reads_back_the_notation_of_legal_actions() -> None:
    legal = (_Go(1), _Go(2))
    parse = parser(lambda state: legal, lambda state, a: f"Go {a.n}")
    assert parse(None, "go 2") is legal[1]
    assert parse(None, "  GO   1 ") is legal[0]
    for bad in ("go 3", "", None, 5, "go 1 x"):
        with pytest.raises(IllegalAction):
            parse(None, bad)  # type: ignore[arg-type]
