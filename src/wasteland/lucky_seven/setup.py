"""Setup: the map, the squad, the unlucky eighth, the threat deck (and the Depot)."""

from __future__ import annotations

from wasteland.core.game import check_options
from wasteland.core.rng import Rng
from wasteland.core.words import plural
from wasteland.lucky_seven.card_set import card_table, read_card_set
from wasteland.lucky_seven.cards import GEOMETRY, GRID, MAP_CARDS, MAP_IDS, SQUAD_SIZE, cell_of, side_of
from wasteland.lucky_seven.state import Options, Phase, State

__all__ = ["make_options", "deal_map", "setup_side", "place_depot", "initial_state", "VARIANTS"]

#: Allowed variants per number of players; the first is the default.
VARIANTS: dict[int, tuple[str, ...]] = {1: ("solo",), 2: ("competitive", "cooperative")}


def make_options(*, players: int = 1, variant: str | None = None, depot: bool = False, cards: object = None) -> Options:
    """Check ``players`` (1 or 2), ``variant`` (None: the first of ``VARIANTS[players]``), ``depot``
    and ``cards`` (None: the public set; or a set of one's own as plain data, see ``card_set``);
    ConfigError names the allowed values."""
    check_options("players", players, (1, 2))
    if variant is None:
        variant = VARIANTS[players][0]
    if not (type(variant) is str and variant in VARIANTS[players]):  # the message written only when wrong
        check_options(f"variant (for {plural(players, 'player')})", variant, VARIANTS[players])
    check_options("depot", depot, (False, True))
    return Options(players=players, variant=variant, depot=depot, cards=read_card_set(cards))


def deal_map(rng: Rng, side: int, depot: bool) -> tuple[tuple[int, ...], tuple[int, ...], Rng]:
    """Shuffle the 4 row cards (top to bottom) and the 6 column cards (left to right).

    With the Depot, a 7/8 row card dealt to the top or bottom and a blank column
    card dealt to either end swap with their inner neighbour, so that the Depot
    is never on the edge of the map (*design*, after the designer's remark quoted by [DT]).
    """
    rows, rng = rng.shuffle(tuple(range(4)))
    columns, rng = rng.shuffle(tuple(range(4, 10)))
    if depot:
        rows = _inward(rows, 3)
        columns = _inward(columns, 9)
    offset = side * MAP_IDS
    return tuple(r + offset for r in rows), tuple(c + offset for c in columns), rng


def _inward(cards: tuple[int, ...], card: int) -> tuple[int, ...]:
    out = list(cards)
    i = out.index(card)
    if i == 0:
        out[0], out[1] = out[1], out[0]
    elif i == len(out) - 1:
        out[-1], out[-2] = out[-2], out[-1]
    return tuple(out)


def _cell_for(number: int, side: int, rows: tuple[int, ...], columns: tuple[int, ...]) -> int:
    row = next(i for i, card in enumerate(rows) if number in MAP_CARDS[card % MAP_IDS].numbers)
    column = next(i for i, card in enumerate(columns) if number in MAP_CARDS[card % MAP_IDS].numbers)
    return cell_of(side, row, column + 1)


def setup_side(
    rng: Rng, side: int, rows: tuple[int, ...], columns: tuple[int, ...], squad: list[int], down: set[int]
) -> tuple[int, Rng]:
    """Deal the squad: the n-th member dealt goes where the row and column cards show n; the
    last one dealt is discarded and its orthogonal neighbours flipped down. Returns the
    discarded member."""
    order, rng = rng.shuffle(tuple(range(side * SQUAD_SIZE, (side + 1) * SQUAD_SIZE)))
    cells = [_cell_for(n + 1, side, rows, columns) for n in range(SQUAD_SIZE)]
    for member, cell in zip(order[:-1], cells[:-1]):
        squad[cell] = member
    last = cells[-1]
    for near in GEOMETRY[2].adjacent[last]:  # own grid only: the grids are set up apart
        if side_of(near) == side and squad[near] >= 0:
            down.add(squad[near])
    return order[-1], rng


def place_depot(
    side: int, rows: tuple[int, ...], columns: tuple[int, ...], threats: list[int], stride: int
) -> None:
    """The Depot (the last card id of each set of ``stride`` threat ids) starts in the row of
    the 7/8 card and the column of the blank card."""
    row = next(i for i, card in enumerate(rows) if 7 in MAP_CARDS[card % MAP_IDS].numbers)
    column = next(i for i, card in enumerate(columns) if not MAP_CARDS[card % MAP_IDS].numbers)
    threats[cell_of(side, row, column + 1)] = side * stride + stride - 1


def initial_state(seed: int, options: Options) -> State:
    """Everything set up, before the first Encounter."""
    sides = 2 if options.variant == "cooperative" else 1
    cards = card_table(options.cards)
    rng = Rng.from_seed(seed)
    squad = [-1] * (GRID * sides)
    threats = [-1] * (GRID * sides)
    down: set[int] = set()
    row_cards: tuple[int, ...] = ()
    column_cards: tuple[int, ...] = ()
    fallen: list[int] = []
    decks: list[tuple[int, ...]] = []
    for side in range(sides):
        rows, columns, rng = deal_map(rng, side, options.depot)
        row_cards += rows
        column_cards += columns
        last, rng = setup_side(rng, side, rows, columns, squad, down)
        fallen.append(last)
        first = side * cards.stride
        deck, rng = rng.shuffle(tuple(range(first, first + cards.threat_ids)))
        decks.append(deck)
        if options.depot:
            place_depot(side, rows, columns, threats, cards.stride)
    return State(
        options=options, phase=Phase.ENCOUNTER, turn=1, active=0, final=False,
        row_cards=row_cards, column_cards=column_cards, squad=tuple(squad), threats=tuple(threats),
        flares=(), down=frozenset(down), rotated=frozenset(), backed=frozenset(), selected=-1, moved=False, attacks=(),
        pending=-1, pending_row=-1, dealt_rows=frozenset(), decks=tuple(decks), discard=(),
        fallen=tuple(fallen), depots=(), stack=(), events=(), rng=rng, viewer=None,
    )
