"""Build Lucky Seven states from little ASCII grids, so each test reads like the rulebook.

A grid is four lines of seven cells: the tank column, then map columns 1-6.

    .  .    .    .    .    .    .
    .  LDR  INF1 .    .    .    .
    .  ath  .    MG   .    .    .
    .  .    .    .    PAC* .    .

Cells: ``.`` empty; a squad member by its three letters (LDR ATH MOU NAT HAM
ANV JOK PAC), UPPER case when up, lower case when down, ``*`` when rotated,
``>`` in front when selected; a threat: INF1 INF2 MG TANK DEPOT; ``+FL``
adds a flare on top (``FL`` alone is a flare on an empty cell). Members not
drawn are discarded; threats not drawn and not in ``deck`` are discarded.
A deck entry is a kind, optionally with its printed column: ``"INF1/3"``.
With ``cards=`` (a card set's data) the cards come from that set: ``INF<n>`` and
``MG<n>`` name a strength (``MG`` alone any Machine Gun).
"""

from __future__ import annotations

from typing import Any, Callable, Iterable

from wasteland.core.records import replace
from wasteland.core.rng import Rng
from wasteland.lucky_seven.board import GRID, cell_of
from wasteland.lucky_seven.card_set import card_table, read_card_set
from wasteland.lucky_seven.cards import (
    DEPOT_KIND, FLARE, INFANTRY, MACHINE_GUN, MORTAR, PUBLIC_TABLE, TANK, CardTable,
)
from wasteland.lucky_seven.state import Work
from wasteland.lucky_seven.state import Options, Phase, State

MEMBERS = {"LDR": 0, "ATH": 1, "MOU": 2, "NAT": 3, "HAM": 4, "ANV": 5, "JOK": 6, "PAC": 7}
_KIND_TOKENS = {"INF": INFANTRY, "MG": MACHINE_GUN, "FL": FLARE, "MORTAR": MORTAR, "TANK": TANK,
                "DEPOT": DEPOT_KIND}


def is_token(text: str) -> bool:
    """Whether ``text`` names a threat (``INF1``, ``MG``, ``MG4``, ``FL``, ``TANK``...)."""
    head = text.rstrip("0123456789")
    return head in _KIND_TOKENS and (head in ("INF", "MG") or head == text) and text != "INF"


def matches(token: str, card: int, table: CardTable = PUBLIC_TABLE) -> bool:
    """Whether threat ``card`` is of the kind (and strength) ``token`` names."""
    head = token.rstrip("0123456789")
    if table.kind[card] != _KIND_TOKENS[head]:
        return False
    return head == token or table.strength[card] == int(token[len(head):])


def token_of(card: int, table: CardTable = PUBLIC_TABLE) -> str:
    """The grid notation of threat ``card``: ``INF1``, ``MG`` (public strength 3) or ``MG4``..."""
    head = next(k for k, v in _KIND_TOKENS.items() if v == table.kind[card])
    if head == "INF" or (head == "MG" and table.strength[card] != 3):
        return f"{head}{table.strength[card]}"
    return head


def cell(row: int, column: int, side: int = 0) -> int:
    """Cell of ``row`` 1-4 (top first) and ``column`` 1-6 (0 is the tank column), as the rulebook counts."""
    return cell_of(side, row - 1, column)


class _Cards:
    def __init__(self, sides: int, table: CardTable) -> None:
        self.table = table
        stride = table.stride
        self.free = {side: set(range(side * stride, side * stride + stride)) for side in range(sides)}

    def take(self, token: str, side: int) -> int:
        kind, _, column = token.partition("/")
        for card in sorted(self.free[side]):
            if matches(kind, card, self.table) and (not column or self.table.column[card] == int(column)):
                self.free[side].discard(card)
                return card
        raise ValueError(f"no {token} card left")


def _rows(grid: str) -> list[list[str]]:
    rows = [line.split() for line in grid.strip().splitlines() if line.strip()]
    rows = [r for r in rows if r[0] != "T"]
    assert len(rows) == 4 and all(len(r) == 7 for r in rows), "a grid is 4 lines of 7 cells"
    return rows


def _stand(part: str, here: int, side: int, squad: list[int], down: set[int], rotated: set[int]) -> bool:
    """Put the member written ``part`` (``HAM``, ``ham`` down, ``HAM*`` rotated) in ``here``;
    True if it is the selected one (``>HAM``)."""
    name = part.lstrip(">").rstrip("*")
    member = MEMBERS[name.upper()] + side * 8
    squad[here] = member
    if name.islower():
        down.add(member)
    if part.endswith("*"):
        rotated.add(member)
    return part.startswith(">")


def table(
    grid: str,
    grid2: str | None = None,
    *,
    deck: Iterable[str] | None = None,
    deck2: Iterable[str] | None = None,
    phase: Phase = Phase.MANEUVER,
    variant: str | None = None,
    depot: bool = False,
    cards: Any = None,
    **changes: Any,
) -> State:
    """A state with these grids (grid2: the partner's, cooperative) and decks (top first);
    ``cards`` a card set's data (None: the public set)."""
    sides = 2 if grid2 is not None else 1
    if variant is None:
        variant = "cooperative" if sides == 2 else "solo"
    card_set = read_card_set(cards)
    options = Options(players=1 if variant == "solo" else 2, variant=variant, depot=depot, cards=card_set)
    table = card_table(card_set)
    depot_id = table.stride - 1
    cards = _Cards(sides, table)
    squad = [-1] * (GRID * sides)
    threats = [-1] * (GRID * sides)
    flares: list[tuple[int, int]] = []
    down: set[int] = set()
    rotated: set[int] = set()
    selected = -1
    decks: list[tuple[int, ...] | None] = []
    for side, spec in enumerate([deck, deck2][:sides]):
        decks.append(None if spec is None else tuple(cards.take(token, side) for token in spec))
    for side, text in enumerate([grid] if grid2 is None else [grid, grid2]):
        for r, row in enumerate(_rows(text)):
            for c, token in enumerate(row):
                here = cell_of(side, r, c)
                for part in token.split("+"):
                    if part == ".":
                        continue
                    if is_token(part.upper()):
                        card = cards.take(part.upper(), side)
                        if part.upper() == "FL":
                            flares.append((here, card))
                        else:
                            threats[here] = card
                        continue
                    if _stand(part, here, side, squad, down, rotated):
                        selected = squad[here]
    for side in range(sides):
        if decks[side] is None:
            decks[side] = tuple(sorted(c for c in cards.free[side] if c % table.stride != depot_id))
            cards.free[side] -= set(decks[side] or ())
    discard = tuple(sorted(c for side in range(sides) for c in cards.free[side]
                           if c % table.stride != depot_id or depot))
    fallen = tuple(m for m in range(8 * sides) if m not in squad)
    state = State(
        options=options, phase=phase, turn=1, active=0, final=False,
        row_cards=tuple(r + 10 * s for s in range(sides) for r in range(4)),
        column_cards=tuple(c + 10 * s for s in range(sides) for c in range(4, 10)),
        squad=tuple(squad), threats=tuple(threats), flares=tuple(flares), down=frozenset(down),
        rotated=frozenset(rotated), backed=frozenset(), selected=selected, moved=False, attacks=(), pending=-1,
        pending_row=-1,
        dealt_rows=frozenset(), decks=tuple(d or () for d in decks), discard=discard, fallen=fallen, depots=(),
        stack=(), events=(), rng=Rng.from_seed(0), viewer=None,
    )
    if changes:
        state = replace(state, **changes)
    return state


def at(state: State, row: int, column: int, side: int = 0) -> str:
    """What the cell holds, in the grid's notation (member then threat then flare)."""
    here = cell(row, column, side)
    parts = []
    member = state.squad[here]
    if member >= 0:
        name = {v: k for k, v in MEMBERS.items()}[member % 8]
        parts.append((name if member not in state.down else name.lower()) + ("*" if member in state.rotated else ""))
    threat = state.threats[here]
    if threat >= 0:
        parts.append(token_of(threat, card_table(state.options.cards)))
    if any(c == here for c, _ in state.flares):
        parts.append("FL")
    return "+".join(parts) or "."


def member(name: str, side: int = 0) -> int:
    return MEMBERS[name] + side * 8


def play(state: State, rule: Callable[..., object], *args: int) -> State:
    """Run one rule that works on the working copy (``rules.Work``) against ``state``; the new state."""
    work = Work(state)
    work.events = []
    rule(work, *args)
    return work.finish()
