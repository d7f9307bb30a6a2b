"""Hand-built Raxxon tables for the rules tests.

Card ids of the default set: Hostile 0-14, Celebrity 15-17, Susceptible 18-20,
Innocent 21-23, Familiar 24-26, Family 27-29, Carrier 30-39, Volatile 40-49,
Chaotic 50-59. Cells: row * 6 + column (0-based).
"""

from __future__ import annotations

from typing import Any, Iterable

from wasteland.core.records import replace
from wasteland.core.rng import Rng
from wasteland.raxxon import GAME, new_game
from wasteland.raxxon.rules import settle
from wasteland.raxxon.state import CELLS, EMPTY, START, Ask, State

HOSTILE = list(range(0, 15))
CELEBRITY = [15, 16, 17]
SUSCEPTIBLE = [18, 19, 20]
INNOCENT = [21, 22, 23]
FAMILIAR = [24, 25, 26]
FAMILY = [27, 28, 29]
CARRIER = list(range(30, 40))
VOLATILE = list(range(40, 50))
CHAOTIC = list(range(50, 60))


def cell(row: int, column: int) -> int:
    return row * 6 + column


def table(
    *, players: int = 1, crowd: dict[int, int] | None = None, up: Iterable[int] = (),
    supply: Iterable[int] | None = None, discard: Iterable[int] = (), evacuated: Iterable[int] = (),
    contained: Iterable[int] = (), uncontained: Iterable[int] = (), draw: Iterable[int] | None = None,
    raxxon: Iterable[int] | None = None, power: int = 0, characters: tuple[str, ...] | None = None,
    tokens: tuple[tuple[int, ...], ...] | None = None, stack: tuple[Any, ...] = (), stage: int = START,
    seen: tuple[frozenset[int], ...] | None = None, settle_it: bool = False, **options: Any,
) -> State:
    """A table of ``players`` with exactly the given piles; every population card not named goes to
    the draw pile (in id order) unless ``draw`` is given, in which case the rest go to the box
    (``removed``); the Raxxon deck is ``raxxon`` (top first) then the rest, in id order."""
    if characters is None:
        characters = ("heart", "wolfe", "okafor", "vance")[:players]
    base = new_game(0, players=players, characters=characters, **options)
    crowd = crowd or {}
    cells = [EMPTY] * CELLS
    for where, card in crowd.items():
        cells[where] = card
    supply_t = tuple(supply) if supply is not None else tuple(VOLATILE[5:])
    named = set(crowd.values()) | set(supply_t) | set(discard) | set(evacuated) | set(contained) | set(uncontained)
    rest = [c for c in range(60) if c not in named]
    if draw is None:
        draw_t, removed = tuple(rest), tuple[int, ...]()
    else:
        draw_t = tuple(draw)
        removed = tuple(c for c in rest if c not in draw_t)
    top = tuple(raxxon or ())
    deck = top + tuple(c for c in range(40) if c not in top)
    state = replace(
        base, day=1, first=0, active=0, stage=stage, passed=frozenset(), crowd=tuple(cells),
        face_up=frozenset(up), seen=seen if seen is not None else tuple(frozenset() for _ in range(players)),
        draw=draw_t, discard=tuple(discard), supply=supply_t, evacuated=tuple(evacuated),
        contained=tuple(contained), uncontained=tuple(uncontained), removed=removed, raxxon_draw=deck,
        triggered=(), untriggered=(), reading=(), power=power,
        tokens=tokens if tokens is not None else tuple((0, 0, 0) for _ in range(players)), stack=stack,
        events=(),
    )
    return settle(state) if settle_it else state


def asked(state: State) -> Ask | None:
    top = state.stack[-1] if state.stack else None
    return top if type(top) is Ask else None


def positions(players: int, seed: int, count: int = 60) -> list[State]:
    """The tables of a random game (seeded), before each of its first ``count`` decisions."""
    state = new_game(seed, players=players)
    pick = Rng.from_seed(seed)
    out: list[State] = []
    for _ in range(count):
        if GAME.outcome(state) is not None:
            break
        out.append(state)
        action, pick = pick.choice(GAME.legal_actions(state))
        state = GAME.apply(state, action)
    return out
