"""Setup, clause by clause (seed: "1. Mezcla y reparte las cartas del mapa..." to "5. Mezcla las cartas de amenaza")."""

from __future__ import annotations

from wasteland.lucky_seven import new_game
from wasteland.lucky_seven.board import cell_of, column_of, row_of
from wasteland.lucky_seven.cards import MAP_CARDS, THREAT_IDS
from wasteland.lucky_seven.setup import initial_state, make_options
from wasteland.lucky_seven.state import Options
from wasteland.lucky_seven.view import view


def _numbers(card: int) -> tuple[int, ...]:
    return MAP_CARDS[card % 10].numbers


def test_setup_map_cards_dealt_numbers_up() -> None:
    """1. Shuffle and deal the map cards numbers up: 4 row cards, 6 column cards (one blank)."""
    for seed in range(20):
        state = initial_state(seed, Options())
        assert sorted(state.row_cards) == [0, 1, 2, 3]
        assert sorted(state.column_cards) == [4, 5, 6, 7, 8, 9]
        assert sum(1 for c in state.column_cards if not _numbers(c)) == 1
    orders = {initial_state(seed, Options()).column_cards for seed in range(20)}
    assert len(orders) > 1, "the map cards are shuffled"


def test_setup_squad_placed_by_number() -> None:
    """2. The n-th member dealt goes where the row and column cards both show n; all up, unrotated."""
    for seed in range(20):
        state = initial_state(seed, Options())
        on_grid = [c for c, m in enumerate(state.squad) if m >= 0]
        assert len(on_grid) == 7
        numbered = set()
        for number in range(1, 9):
            row = next(i for i, c in enumerate(state.row_cards) if number in _numbers(c))
            column = next(i for i, c in enumerate(state.column_cards) if number in _numbers(c))
            numbered.add(cell_of(0, row, column + 1))
        assert len(numbered) == 8, "the eight numbered cells are distinct"
        assert set(on_grid) <= numbered
        assert not state.rotated


def test_setup_last_member_discarded_and_neighbours_down() -> None:
    """3. Discard the last member dealt and lay down the members adjacent to it."""
    for seed in range(30):
        state = initial_state(seed, Options())
        assert len(state.fallen) == 1
        row = next(i for i, c in enumerate(state.row_cards) if 8 in _numbers(c))
        column = next(i for i, c in enumerate(state.column_cards) if 8 in _numbers(c))
        last = cell_of(0, row, column + 1)
        assert state.squad[last] == -1
        neighbours = {last + d for d in (-7, 7, -1, 1)
                      if 0 <= last + d < 28
                      and abs(column_of(last + d) - column_of(last)) + abs(row_of(last + d) - row_of(last)) == 1
                      and column_of(last + d) >= 1}
        expected = {state.squad[c] for c in neighbours if state.squad[c] >= 0}
        assert state.down == frozenset(expected)


def test_setup_numbers_hidden() -> None:
    """4. The map cards are flipped to hide their numbers: they rule nothing after setup, and the
    player saw them, so the view keeps them (design)."""
    state = new_game(3)
    assert view(state, 0).row_cards == state.row_cards
    assert view(state, 0).column_cards == state.column_cards


def test_setup_threat_deck_shuffled() -> None:
    """5. Shuffle the threats into a face-down deck (the first Encounter then deals four)."""
    state = initial_state(5, Options())
    assert sorted(state.decks[0]) == list(range(THREAT_IDS))
    assert len({initial_state(seed, Options()).decks[0] for seed in range(10)}) == 10
    assert len(new_game(5).decks[0]) == 24


def test_setup_options() -> None:
    assert make_options() == Options(1, "solo", False)
    assert make_options(players=2) == Options(2, "competitive", False)
    assert make_options(players=2, variant="cooperative", depot=True) == Options(2, "cooperative", True)
