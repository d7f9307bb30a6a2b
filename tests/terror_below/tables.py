"""Hand-built tables for the rules tests: a game past its setup, then the fields a test sets."""

from __future__ import annotations

from typing import Any

from wasteland.core.records import replace
from wasteland.terror_below import apply, legal_actions, new_game
from wasteland.terror_below.cards import CELLS, NONE, cell
from wasteland.terror_below.rules import ENGINE
from wasteland.terror_below.state import Effect, Phase, State, Wait, Work


def started(players: int = 2, seed: int = 1, **options: Any) -> State:
    """A new game with every leader chosen and every pawn placed (the first legal choices)."""
    state = new_game(seed, players=players, **options)
    while state.phase in (Phase.LEAD, Phase.ENTER):
        state = apply(state, legal_actions(state)[0])
    return state


def table(players: int = 2, seed: int = 1, **changes: Any) -> State:
    """A started game on an empty board (no rubble, no eggs, pawns off the board unless given),
    player 0 to play, squads whose leaders change no rule the tests look at (hand of 4, courier,
    scrapper...), then ``changes``."""
    state = started(players, seed)
    squads = ((0, 3, 6), (8, 11, 14), (12, 4, 7), (1, 9, 10), (2, 5, 13))[:players]
    base: dict[str, Any] = dict(
        squads=squads, dead=((),) * players,
        rubble=(0,) * CELLS, eggs=(0,) * (CELLS * 4), pawns=(NONE,) * players, active=0, decider=0,
        phase=Phase.PLAY, stack=(Wait(),), events=(),
    )
    base.update(changes)
    return replace(state, **base)


def at(column: int, row: int) -> int:
    return cell(column, row)


def run(state: State, *effects: Effect) -> State:
    """``effects`` played by the driver on a working copy of ``state`` (the first given runs first)."""
    work: Any = Work(state)
    work.events = []
    work.stack = list(reversed(effects))
    ENGINE.driver.run(work)
    finished: State = work.finish()
    return finished


def acting(state: State, ap: int, vehicle: int = 0, slot: int = 0) -> State:
    """``state`` with its active player spending ``ap`` action points of ``vehicle`` (under ``slot``)."""
    from_play = replace(state, phase=Phase.ACT, ap=ap, vehicle=vehicle, slot=slot, decider=state.active)
    return from_play


def rubble(**cells: int) -> tuple[int, ...]:
    out = [0] * CELLS
    for name, n in cells.items():
        out["abcdef".index(name[0]) + (int(name[1]) - 1) * 6] = n
    return tuple(out)
