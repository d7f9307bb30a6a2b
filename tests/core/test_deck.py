"""Piles: top is index 0, and no operation creates or loses a card."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pyrsistent import PVector, pvector

from wasteland.core import deck
from wasteland.core.rng import Rng

# Distinct card ids, as every physical card has a stable id.
piles = st.lists(st.integers(min_value=0, max_value=10_000), unique=True, max_size=30).map(pvector)
seeds = st.integers(min_value=0, max_value=2**64 - 1)


@st.composite
def two_piles(draw: st.DrawFn) -> tuple[PVector[int], PVector[int]]:
    cards = draw(st.lists(st.integers(min_value=0, max_value=10_000), unique=True, max_size=40))
    cut = draw(st.integers(min_value=0, max_value=len(cards)))
    return pvector(cards[:cut]), pvector(cards[cut:])


def bag(*groups: object) -> Counter[object]:
    out: Counter[object] = Counter()
    for group in groups:
        out.update(group)  # type: ignore[arg-type]
    return out


# -- order semantics ----------------------------------------------------------------


def test_top_is_index_zero() -> None:
    pile = pvector(["a", "b", "c", "d"])
    assert deck.draw(pile, 2) == (("a", "b"), pvector(["c", "d"]))
    assert deck.put_top(pile, ["x", "y"]) == pvector(["x", "y", "a", "b", "c", "d"])
    assert deck.put_bottom(pile, ["x", "y"]) == pvector(["a", "b", "c", "d", "x", "y"])
    assert deck.find(pile, lambda c: c in ("b", "d")) == 1
    assert deck.find(pile, lambda c: c == "z") is None


def test_draw_checks_its_count() -> None:
    pile = pvector([1, 2])
    with pytest.raises(ValueError, match="cannot draw 3 cards from a pile of 2"):
        deck.draw(pile, 3)
    with pytest.raises(ValueError, match="negative"):
        deck.draw(pile, -1)
    assert deck.draw_upto(pile, 5) == ((1, 2), pvector())
    assert deck.draw_upto(pile, -3) == ((), pile)


def test_move_to_top_and_bottom() -> None:
    src, dst = pvector([1, 2, 3]), pvector([9])
    assert deck.move(src, dst, 2) == (pvector([1, 3]), pvector([2, 9]))
    assert deck.move(src, dst, 2, to_top=False) == (pvector([1, 3]), pvector([9, 2]))
    with pytest.raises(ValueError):
        deck.move(src, dst, 7)


def test_remove_and_remove_at() -> None:
    pile = pvector(["a", "b", "c"])
    assert deck.remove_at(pile, 1) == ("b", pvector(["a", "c"]))
    assert deck.remove(pile, "c") == pvector(["a", "b"])
    with pytest.raises(ValueError):
        deck.remove(pile, "z")
    with pytest.raises(IndexError):
        deck.remove_at(pile, 3)


def test_draw_reshuffling_uses_the_deck_first_then_the_shuffled_discard() -> None:
    rng = Rng.from_seed(5)
    drawn, new_deck, discard, after = deck.draw_reshuffling(
        pvector([1, 2]), pvector([3, 4, 5, 6]), 4, rng
    )
    assert drawn[:2] == (1, 2)
    shuffled, expected_rng = rng.shuffle((3, 4, 5, 6))
    assert drawn[2:] == shuffled[:2]
    assert new_deck == pvector(shuffled[2:])
    assert discard == pvector()
    assert after == expected_rng


def test_draw_reshuffling_does_not_shuffle_when_the_deck_suffices() -> None:
    rng = Rng.from_seed(5)
    result = deck.draw_reshuffling(pvector([1, 2, 3]), pvector([4]), 3, rng)
    assert result == ((1, 2, 3), pvector(), pvector([4]), rng)


def test_draw_reshuffling_stops_when_both_piles_are_empty() -> None:
    rng = Rng.from_seed(5)
    drawn, d, x, _ = deck.draw_reshuffling(pvector([1]), pvector([2]), 5, rng)
    assert sorted(drawn) == [1, 2] and drawn[0] == 1
    assert d == x == pvector()


def test_shuffle_returns_a_pvector_with_the_rng_advanced() -> None:
    rng = Rng.from_seed(11)
    pile, after = deck.shuffle(pvector(range(8)), rng)
    assert isinstance(pile, PVector)
    assert (tuple(pile), after) == rng.shuffle(range(8))


# -- conservation properties ----------------------------------------------------------


@given(piles, st.integers(min_value=0, max_value=40))
def test_draw_conserves_cards(pile: PVector[int], n: int) -> None:
    if n > len(pile):
        with pytest.raises(ValueError):
            deck.draw(pile, n)
        return
    drawn, rest = deck.draw(pile, n)
    assert len(drawn) == n
    assert drawn + tuple(rest) == tuple(pile)


@given(piles, st.integers(min_value=-5, max_value=40))
def test_draw_upto_conserves_cards(pile: PVector[int], n: int) -> None:
    drawn, rest = deck.draw_upto(pile, n)
    assert len(drawn) == min(max(n, 0), len(pile))
    assert drawn + tuple(rest) == tuple(pile)


@given(two_piles(), st.integers(min_value=0, max_value=45), seeds)
def test_draw_reshuffling_conserves_cards(
    piles2: tuple[PVector[int], PVector[int]], n: int, seed: int
) -> None:
    draw_pile, discard = piles2
    drawn, new_deck, new_discard, _ = deck.draw_reshuffling(draw_pile, discard, n, Rng.from_seed(seed))
    assert bag(drawn, new_deck, new_discard) == bag(draw_pile, discard)
    assert len(drawn) == min(n, len(draw_pile) + len(discard))
    # The old deck is drawn first, top first.
    assert drawn[: len(draw_pile)] == tuple(draw_pile)[: len(drawn)]


@given(two_piles(), st.booleans())
def test_put_top_and_bottom_conserve_cards(
    piles2: tuple[PVector[int], PVector[int]], top: bool
) -> None:
    pile, cards = piles2
    out = deck.put_top(pile, cards) if top else deck.put_bottom(pile, cards)
    assert bag(out) == bag(pile, cards)
    if top:
        assert tuple(out) == tuple(cards) + tuple(pile)
    else:
        assert tuple(out) == tuple(pile) + tuple(cards)


@given(two_piles(), st.data(), st.booleans())
def test_move_conserves_cards(
    piles2: tuple[PVector[int], PVector[int]], data: st.DataObject, to_top: bool
) -> None:
    source, target = piles2
    if not source:
        return
    card = data.draw(st.sampled_from(list(source)))
    new_source, new_target = deck.move(source, target, card, to_top=to_top)
    assert bag(new_source, new_target) == bag(source, target)
    assert card not in new_source
    assert (new_target[0] if to_top else new_target[-1]) == card


@given(piles, st.data())
def test_remove_at_conserves_cards(pile: PVector[int], data: st.DataObject) -> None:
    if not pile:
        return
    i = data.draw(st.integers(min_value=0, max_value=len(pile) - 1))
    card, rest = deck.remove_at(pile, i)
    assert bag((card,), rest) == bag(pile)


@given(piles, seeds)
def test_shuffle_conserves_cards(pile: PVector[int], seed: int) -> None:
    out, _ = deck.shuffle(pile, Rng.from_seed(seed))
    assert bag(out) == bag(pile)


@given(piles, st.integers(min_value=0, max_value=10))
def test_operations_never_change_their_input(pile: PVector[int], n: int) -> None:
    before = tuple(pile)
    deck.draw_upto(pile, n)
    deck.put_top(pile, [1, 2])
    deck.put_bottom(pile, [1, 2])
    deck.shuffle(pile, Rng.from_seed(n))
    assert tuple(pile) == before


@given(
    st.lists(st.integers(0, 50), max_size=12),
    st.lists(st.integers(51, 99), max_size=12),
    st.integers(0, 30),
    st.integers(0, 2**64 - 1),
)
def test_tuple_piles_behave_like_vector_piles(
    deck_cards: list[int], discard_cards: list[int], n: int, seed: int
) -> None:
    rng = Rng.from_seed(seed)
    as_tuples = deck.draw_reshuffling(tuple(deck_cards), tuple(discard_cards), n, rng)
    as_vectors = deck.draw_reshuffling(pvector(deck_cards), pvector(discard_cards), n, rng)
    assert as_tuples[0] == as_vectors[0] and as_tuples[3] == as_vectors[3]
    assert isinstance(as_tuples[1], tuple) and isinstance(as_tuples[2], tuple)
    assert list(as_tuples[1]) == list(as_vectors[1]) and list(as_tuples[2]) == list(as_vectors[2])
    assert sorted(as_tuples[0] + as_tuples[1] + as_tuples[2]) == sorted(deck_cards + discard_cards)
    pile = tuple(deck_cards)
    assert list(deck.put_top(pile, (7, 8))) == list(deck.put_top(pvector(pile), (7, 8)))
    assert list(deck.put_bottom(pile, (7, 8))) == list(deck.put_bottom(pvector(pile), (7, 8)))
    if pile:
        for index in (0, -1, len(pile) - 1, -len(pile)):
            card, rest = deck.remove_at(pile, index)
            card_v, rest_v = deck.remove_at(pvector(pile), index)
            assert card == card_v and list(rest) == list(rest_v)
        assert list(deck.remove(pile, pile[-1])) == list(deck.remove(pvector(pile), pile[-1]))
