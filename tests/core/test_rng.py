"""The generator: a pinned stream (replays depend on it), unbiased bounds, purity."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from wasteland.core import codec
from wasteland.core import rng as rng_module
from wasteland.core.rng import MASK64, Rng

seeds = st.integers(min_value=-(2**70), max_value=2**70)


def first_outputs(seed: int, n: int = 3) -> list[int]:
    rng, out = Rng.from_seed(seed), []
    for _ in range(n):
        x, rng = rng.next64()
        out.append(x)
    return out


# -- golden values: if one of these fails, every saved replay breaks ----------


def test_splitmix64_reference_value_for_seed_zero() -> None:
    # Published SplitMix64 outputs (Vigna's splitmix64.c) for state 0.
    assert first_outputs(0) == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]


@pytest.mark.parametrize(
    ("seed", "expected"),
    [
        (1, [0x910A2DEC89025CC1, 0xBEEB8DA1658EEC67, 0xF893A2EEFB32555E]),
        (42, [0xBDD732262FEB6E95, 0x28EFE333B266F103, 0x47526757130F9F52]),
        (2**64 - 1, [0xE4D971771B652C20, 0xE99FF867DBF682C9, 0x382FF84CB27281E9]),
        (2**64 + 5, [0x63033B0CA389C35A, 0xC097314D939736F8, 0x3B92D3F0106BC147]),
    ],
)
def test_golden_stream(seed: int, expected: list[int]) -> None:
    assert first_outputs(seed) == expected


def test_seeds_are_reduced_modulo_two_to_the_64() -> None:
    assert Rng.from_seed(-1) == Rng.from_seed(2**64 - 1) == Rng(key=MASK64, counter=0)
    assert first_outputs(2**64 + 5) == first_outputs(5)


def test_golden_below() -> None:
    rng, out = Rng.from_seed(42), []
    for n in (3, 6, 52, 1000, 2**63 + 1, 1, 2**64):
        v, rng = rng.below(n)
        out.append(v)
    assert out == [1, 1, 10, 764, 701532786141963250, 0, 4028864712777624925]
    assert rng == Rng(key=42, counter=7)


def test_golden_d6_sequence() -> None:
    rng, out = Rng.from_seed(123), []
    for _ in range(12):
        v, rng = rng.below(6)
        out.append(v)
    assert out == [1, 0, 4, 1, 2, 2, 4, 1, 1, 5, 1, 0]
    assert rng.counter == 12


def test_golden_rejection_consumes_an_extra_output() -> None:
    # 0xE220... is above 2**63 + 1, the acceptance limit for that bound: rejected.
    assert Rng.from_seed(0).below(2**63 + 1) == (7960286522194355700, Rng(key=0, counter=2))


def test_golden_shuffle() -> None:
    assert Rng.from_seed(7).shuffle(range(10)) == (
        (8, 1, 5, 9, 0, 4, 3, 2, 6, 7),
        Rng(key=7, counter=9),
    )
    assert Rng.from_seed(2024).shuffle("abcdefgh")[0] == tuple("ehbcgdaf")
    deck, _ = Rng.from_seed(42).shuffle(range(52))
    assert deck[:12] == (6, 28, 12, 39, 40, 0, 26, 25, 22, 4, 46, 36)
    assert deck[-5:] == (34, 37, 8, 10, 9)


def test_golden_between_choice_fork() -> None:
    assert Rng.from_seed(5).between(-3, 3) == (0, Rng(key=5, counter=1))
    assert Rng.from_seed(9).choice("xyz") == ("y", Rng(key=9, counter=1))
    assert Rng.from_seed(42).fork(1) == Rng(key=9129838320742759465, counter=0)
    assert Rng.from_seed(42).fork(2) == Rng(key=2139811525164838579, counter=0)


def test_json_form_of_rng_is_pinned() -> None:
    assert codec.dumps(Rng.from_seed(3).next64()[1]) == '{"$r":"core.Rng","counter":1,"key":3}'


# -- distribution ---------------------------------------------------------------


def test_below_three_is_unbiased() -> None:
    # 30,000 draws; chi-square with 2 degrees of freedom; 13.8 is the 0.1% tail.
    rng, counts = Rng.from_seed(20240601), [0, 0, 0]
    draws = 30_000
    for _ in range(draws):
        v, rng = rng.below(3)
        counts[v] += 1
    expected = draws / 3
    chi2 = sum((c - expected) ** 2 / expected for c in counts)
    assert chi2 < 13.8, counts


def test_shuffle_positions_are_uniform() -> None:
    # Where the first of 4 items lands, over 8,000 shuffles: chi-square, 3 d.o.f.
    rng, counts = Rng.from_seed(99), [0, 0, 0, 0]
    for _ in range(8_000):
        out, rng = rng.shuffle("abcd")
        counts[out.index("a")] += 1
    chi2 = sum((c - 2_000) ** 2 / 2_000 for c in counts)
    assert chi2 < 16.3, counts


def test_below_bounds_are_checked() -> None:
    rng = Rng.from_seed(1)
    for bad in (0, -1, 2**64 + 1):
        with pytest.raises(ValueError, match="bound"):
            rng.below(bad)
    with pytest.raises(ValueError, match="low <= high"):
        rng.between(3, 2)
    with pytest.raises(ValueError, match="empty"):
        rng.choice(())


# -- properties ------------------------------------------------------------------


@given(seeds, st.integers(min_value=1, max_value=2**64))
def test_below_is_in_range_and_advances(seed: int, n: int) -> None:
    rng = Rng.from_seed(seed)
    v, nxt = rng.below(n)
    assert 0 <= v < n
    assert nxt.key == rng.key and nxt.counter > rng.counter
    assert rng == Rng.from_seed(seed), "below changed its Rng"


@given(seeds, st.integers(min_value=-50, max_value=50), st.integers(min_value=0, max_value=50))
def test_between_includes_both_ends(seed: int, low: int, width: int) -> None:
    v, _ = Rng.from_seed(seed).between(low, low + width)
    assert low <= v <= low + width


@given(seeds, st.lists(st.integers(), max_size=40))
def test_shuffle_is_a_permutation(seed: int, items: list[int]) -> None:
    rng = Rng.from_seed(seed)
    out, nxt = rng.shuffle(items)
    assert isinstance(out, tuple)
    assert sorted(out) == sorted(items)
    assert nxt.counter >= rng.counter + max(len(items) - 1, 0)
    assert rng.shuffle(items) == (out, nxt), "shuffle is not deterministic"


@given(seeds, st.lists(st.integers(), max_size=10))
def test_shuffle_uses_below_from_the_last_position(seed: int, items: list[int]) -> None:
    # The documented algorithm, spelled out with below().
    rng = Rng.from_seed(seed)
    expected = list(items)
    for i in range(len(expected) - 1, 0, -1):
        j, rng = rng.below(i + 1)
        expected[i], expected[j] = expected[j], expected[i]
    assert Rng.from_seed(seed).shuffle(items) == (tuple(expected), rng)


@given(seeds)
def test_rng_is_immutable(seed: int) -> None:
    rng = Rng.from_seed(seed)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        rng.counter = 5  # type: ignore[misc]
    rng.next64()
    rng.shuffle(range(5))
    assert rng == Rng.from_seed(seed)
    assert hash(rng) == hash(Rng.from_seed(seed))


@given(seeds, st.integers(min_value=0, max_value=1000))
def test_rng_round_trips_through_json(seed: int, steps: int) -> None:
    rng = Rng(key=seed & MASK64, counter=steps)
    assert codec.loads(codec.dumps(rng)) == rng


@given(seeds, st.integers(min_value=0, max_value=2**20))
def test_fork_does_not_advance_parent_and_is_deterministic(seed: int, label: int) -> None:
    rng = Rng.from_seed(seed)
    child = rng.fork(label)
    assert child == rng.fork(label)
    assert child.counter == 0
    assert rng == Rng.from_seed(seed)
    assert child != rng.fork(label + 1)


@pytest.mark.parametrize(("sure", "sure_n"), [(0, 1 << 16), (None, 3)], ids=["every-draw-bounded", "long-shuffles"])
def test_the_shortcuts_of_shuffle_and_below_change_no_draw(
    monkeypatch: pytest.MonkeyPatch, sure: int | None, sure_n: int
) -> None:
    """``shuffle`` and ``below`` skip the exact bound of a draw far from 2**64, and shuffles of more
    than ``_SURE_N`` items go draw by draw: with the shortcut off (every draw bounded exactly), or
    the long path taken for every shuffle, the draws are those of ``_below``, the documented rule."""
    if sure is not None:
        monkeypatch.setattr(rng_module, "_SURE", sure)
    monkeypatch.setattr(rng_module, "_SURE_N", sure_n)
    for seed in range(300):
        key, counter = (seed * 0x9E3779B97F4A7C15) & MASK64, seed * 7
        items = list(range(seed % 40))
        expected, at = list(items), counter
        for i in range(len(expected) - 1, 0, -1):
            j, at = rng_module._below(key, at, i + 1)
            expected[i], expected[j] = expected[j], expected[i]
        assert Rng(key, counter).shuffle(items) == (tuple(expected), Rng(key, at))
        for n in (1, 2, 3, 52, 1 << 20, 2**63 + 1):
            value, after = rng_module._below(key, counter, n)
            assert Rng(key, counter).below(n) == (value, Rng(key, after))
