"""Dice with named faces: records, the documented draw, counting and exact odds."""

from __future__ import annotations

import enum
from fractions import Fraction

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from wasteland.core import codec, dice
from wasteland.core.codec import register
from wasteland.core.dice import Die
from wasteland.core.rng import Rng


@register("tests.Symbol")
class Symbol(enum.Enum):
    BLANK = "blank"
    HIT = "hit"
    CRIT = "crit"


# Dice shaped like the ones the games use; the core itself knows none of them.
WHITE = Die("white", (0, 0, 1, 1, 2, 3))
RED = dice.numbered(6, "red")
ATTACK = Die("attack", (Symbol.BLANK, Symbol.BLANK, Symbol.HIT, Symbol.HIT, Symbol.HIT, Symbol.CRIT))

seeds = st.integers(min_value=0, max_value=2**64 - 1)
some_dice = st.lists(st.sampled_from([WHITE, RED, ATTACK, dice.numbered(2), dice.numbered(20)]), max_size=8)


def test_a_die_is_a_frozen_record_with_named_faces() -> None:
    assert WHITE.name == "white" and WHITE.sides == 6
    assert WHITE.face_values() == (0, 1, 2, 3)
    assert Die("coin", ["heads", "tails"]).faces == ("heads", "tails")
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        WHITE.name = "grey"  # type: ignore[misc]
    assert hash(WHITE) == hash(Die("white", (0, 0, 1, 1, 2, 3)))


def test_numbered_dice() -> None:
    assert RED == Die("red", (1, 2, 3, 4, 5, 6))
    assert dice.numbered(6).name == "d6"
    assert dice.numbered(3, start=0).faces == (0, 1, 2)
    for bad in (0, -2, True, 2.0):
        with pytest.raises(ValueError, match="positive number of sides"):
            dice.numbered(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("name", "faces", "message"),
    [
        ("", (1, 2), "non-empty name"),
        (3, (1, 2), "non-empty name"),
        ("empty", (), "needs at least one face"),
        ("lists", ([1], [2]), "not hashable"),
    ],
)
def test_bad_dice_are_refused(name: object, faces: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Die(name, faces)  # type: ignore[arg-type]


def test_dice_round_trip_through_json() -> None:
    for die in (WHITE, RED, ATTACK):
        assert codec.loads(codec.dumps(die)) == die
    assert codec.dumps(Die("coin", ("h", "t"))) == '{"$r":"core.Die","faces":{"$t":["h","t"]},"name":"coin"}'


def test_roll_is_one_below_draw_on_the_face_list() -> None:
    rng = Rng.from_seed(123)
    index, expected_rng = rng.below(6)
    assert dice.roll(WHITE, rng) == (WHITE.faces[index], expected_rng)
    assert dice.roll_index(WHITE, rng) == (index, expected_rng)


def test_golden_rolls() -> None:
    # Pinned: a change here changes every replay that rolls dice.
    faces, rng = dice.roll_n(RED, 12, Rng.from_seed(123))
    assert faces == (2, 1, 5, 2, 3, 3, 5, 2, 2, 6, 2, 1)
    assert rng == Rng(key=123, counter=12)
    assert dice.roll_many((WHITE, RED, ATTACK), Rng.from_seed(42)) == (
        (0, 2, Symbol.BLANK),
        Rng(key=42, counter=3),
    )


def test_counting_faces() -> None:
    rolled = (Symbol.HIT, Symbol.BLANK, Symbol.HIT, Symbol.CRIT)
    assert dice.count(rolled, Symbol.HIT) == 2
    assert dice.count_matching(rolled, lambda f: f is not Symbol.BLANK) == 3
    assert dice.tally(rolled) == {Symbol.HIT: 2, Symbol.BLANK: 1, Symbol.CRIT: 1}
    assert list(dice.tally(rolled)) == [Symbol.HIT, Symbol.BLANK, Symbol.CRIT]
    assert dice.total((3, 0, 2)) == 5
    assert dice.total(()) == 0


def test_exact_odds() -> None:
    assert dice.probability(WHITE, 0) == Fraction(1, 3)
    assert dice.probability(WHITE, 3) == Fraction(1, 6)
    assert dice.probability(WHITE, 9) == 0
    assert dice.expected(WHITE) == Fraction(7, 6)
    assert dice.expected(RED) == Fraction(7, 2)
    two = dice.sum_distribution((RED, RED))
    assert two[7] == Fraction(1, 6) and two[2] == Fraction(1, 36)
    assert list(two) == list(range(2, 13))
    assert sum(two.values()) == 1
    assert dice.sum_distribution(()) == {0: Fraction(1)}


def test_reroll_only_the_named_dice() -> None:
    rng = Rng.from_seed(8)
    faces = (0, 6, Symbol.HIT)
    pool = (WHITE, RED, ATTACK)
    out, after = dice.reroll(faces, pool, [2, 0, 2], rng)
    first, r1 = dice.roll(WHITE, rng)
    third, r2 = dice.roll(ATTACK, r1)
    assert out == (first, 6, third) and after == r2
    with pytest.raises(ValueError, match="no die at position 3"):
        dice.reroll(faces, pool, [3], rng)
    with pytest.raises(ValueError, match="2 faces for 3 dice"):
        dice.reroll(faces[:2], pool, [0], rng)
    with pytest.raises(ValueError, match="negative"):
        dice.roll_n(RED, -1, rng)


@given(some_dice, seeds)
def test_roll_many_shows_a_face_of_each_die_in_order(pool: list[Die[object]], seed: int) -> None:
    rng = Rng.from_seed(seed)
    faces, after = dice.roll_many(pool, rng)
    assert len(faces) == len(pool)
    assert all(face in die.faces for face, die in zip(faces, pool))
    # Each die consumes at least one draw, and rolling is deterministic.
    assert after.counter >= rng.counter + len(pool)
    assert dice.roll_many(pool, rng) == (faces, after)
    # Rolling one by one gives the same faces.
    step = rng
    for face, die in zip(faces, pool):
        got, step = dice.roll(die, step)
        assert got == face
    assert step == after


@given(st.integers(min_value=1, max_value=12), st.integers(min_value=1, max_value=3))
def test_sum_distribution_matches_enumeration(sides: int, how_many: int) -> None:
    die = dice.numbered(sides)
    dist = dice.sum_distribution([die] * how_many)
    assert sum(dist.values()) == 1
    assert min(dist) == how_many and max(dist) == sides * how_many
    mean = sum(value * p for value, p in dist.items())
    assert mean == dice.expected(die) * how_many


def test_every_face_comes_up_about_equally() -> None:
    counts = {face: 0 for face in RED.faces}
    faces, _ = dice.roll_n(RED, 6000, Rng.from_seed(77))
    for face in faces:
        counts[face] += 1
    chi2 = sum((c - 1000) ** 2 / 1000 for c in counts.values())
    assert chi2 < 20.5, counts  # 5 degrees of freedom, 0.1% tail
