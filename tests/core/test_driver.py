"""The driver: a working copy of the table, effects on a stack, pending decisions, the Rng inside."""

from __future__ import annotations

from typing import Any

import pytest
from attrs import frozen

from wasteland.core.driver import Driver, RulesLoop
from wasteland.core.engine import WorkingCopy, working_copy
from wasteland.core.rng import Rng


@frozen(weakref_slot=False)
class Table:
    """A toy table: a deck dealt to a row; a pending ``Choose`` asks somebody for a cell."""

    deck: tuple[int, ...]
    row: tuple[int, ...]
    marked: frozenset[int]
    turn: int
    stack: tuple[Any, ...]
    events: tuple[str, ...]
    rng: Rng
    viewer: int | None


@frozen
class Deal:
    """Effect: deal ``n`` cards to the row, one by one (each a further effect)."""

    n: int


@frozen
class DealOne:
    pass


@frozen
class Shuffle:
    pass


@frozen
class Choose:
    """A pending decision: nobody resolves it but a player's action."""

    cells: tuple[int, ...]


def _deal(work: Any, effect: Deal) -> None:
    work.stack += [DealOne()] * effect.n


def _deal_one(work: Any, effect: DealOne) -> None:
    work.row.append(work.deck.pop(0))
    work.events.append(f"dealt {work.row[-1]}")


def _shuffle(work: Any, effect: Shuffle) -> None:
    work.deck, work.rng = work.rng.shuffle(work.deck)
    work.deck = list(work.deck)
    work.events.append("shuffled")


def _advance(work: Any) -> bool:
    """The phase's own step: once the row holds 3 cards, mark them and ask for a choice."""
    if len(work.row) >= 3 and not work.marked:
        work.marked |= set(work.row)
        work.stack.append(Choose(tuple(range(len(work.row)))))
        return True
    return False


@working_copy(Table)
class Work(WorkingCopy[Table]):
    deck: list[int]
    row: list[int]
    marked: set[int]
    turn: int
    stack: list[Any]
    events: list[str]
    rng: Rng
    viewer: int | None


DRIVER: Driver[Any] = Driver(effects={Deal: _deal, DealOne: _deal_one, Shuffle: _shuffle}, advance=_advance)


def table(**changes: Any) -> Table:
    fields = dict(deck=(1, 2, 3, 4, 5), row=(), marked=frozenset(), turn=0, stack=(), events=(),
                  rng=Rng.from_seed(1), viewer=None)
    fields.update(changes)
    return Table(**fields)


def test_a_working_copy_has_the_record_s_fields_mutable_and_finishes_frozen() -> None:
    start = table()
    work = Work(start)
    assert Work.record is Table
    assert work.deck == [1, 2, 3, 4, 5] and work.marked == set()
    work.deck.pop()
    work.marked.add(3)
    work.turn = 1
    done = work.finish()
    assert done == table(deck=(1, 2, 3, 4), marked=frozenset({3}), turn=1)
    assert type(done.deck) is tuple and type(done.marked) is frozenset
    assert start == table(), "the record the copy was made from never changes"


def test_effects_resolve_from_the_top_until_a_decision_is_pending() -> None:
    work = Work(table(stack=(Deal(3),)))
    DRIVER.run(work)
    done = work.finish()
    assert done.row == (1, 2, 3) and done.deck == (4, 5)
    assert done.events == ("dealt 1", "dealt 2", "dealt 3")
    assert done.stack == (Choose((0, 1, 2)),), "the pending decision stays on top of the stack"
    again = Work(done)
    DRIVER.run(again)
    assert again.finish() == done, "a pending decision stops the driver at once"


def test_automatic_steps_draw_from_the_rng() -> None:
    start = table(stack=(Deal(1), Shuffle()))  # top last: shuffle first, then deal
    work = Work(start)
    DRIVER.run(work)
    done = work.finish()
    assert done.rng != start.rng, "the generator moved on inside an automatic step"
    assert sorted(done.deck + done.row) == [1, 2, 3, 4, 5]
    shuffled, _ = start.rng.shuffle(start.deck)
    assert done.row == shuffled[:1]
    replay = Work(start)
    DRIVER.run(replay)
    assert replay.finish() == done, "the same table gives the same result"


def test_a_rules_loop_is_caught() -> None:
    def forever(work: Any) -> bool:
        work.turn += 1
        return True

    looping: Driver[Any] = Driver(effects={}, advance=forever, limit=50)
    with pytest.raises(RulesLoop, match="50 automatic steps"):
        looping.run(Work(table()))
