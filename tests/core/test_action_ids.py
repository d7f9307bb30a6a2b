"""Action ids derived from the action records' field domains (``wasteland.core.action_ids``)."""

from __future__ import annotations

import enum
from typing import Annotated

import pytest
from attrs import frozen

from wasteland.core.action_ids import ActionSpace, Ids
from wasteland.core.game import IllegalAction


class Colour(enum.Enum):
    RED = "red"
    BLUE = "blue"


@frozen
class Table:
    viewer: int | None = None


@frozen(cache_hash=True)
class Pass:
    pass


@frozen(cache_hash=True)
class Play:
    card: Annotated[int, Ids(8)]
    slot: Annotated[int, Ids(3)]


@frozen(cache_hash=True)
class Use:
    target: Annotated[int, Ids(4, start=-1)]


@frozen(cache_hash=True)
class Paint:
    colour: Colour
    twice: bool


SPACE: ActionSpace[object] = ActionSpace(Table, "Toy", Pass, Play, Use, Paint)


def test_each_type_takes_the_next_block_the_first_field_most_significant() -> None:
    table = Table()
    assert SPACE.action_count(table) == 1 + 8 * 3 + 5 + 2 * 2
    assert SPACE.action_id(table, Pass()) == 0
    assert SPACE.action_id(table, Play(2, 1)) == 1 + 2 * 3 + 1
    assert SPACE.action_id(table, Use(-1)) == 25 and SPACE.action_id(table, Use(3)) == 29
    assert SPACE.action_id(table, Paint(Colour.BLUE, True)) == 30 + 1 * 2 + 1


def test_decode_is_the_inverse_and_gives_the_shared_instances() -> None:
    table = Table()
    for i in range(SPACE.count):
        action = SPACE.decode(table, i)
        assert SPACE.action_id(table, action) == i
    assert SPACE.block(Use) == tuple(Use(t) for t in range(-1, 4))
    assert SPACE.decode(table, 7) is SPACE.block(Play)[6]


@pytest.mark.parametrize("junk", [
    Play(8, 0), Play(0, -1), Play(True, 0), Play("1", 0), Use(-2), Paint("red", True), Paint(Colour.RED, 1),
    object.__new__(Play), "Pass", None,
])
def test_what_has_no_id_is_refused(junk: object) -> None:
    with pytest.raises(IllegalAction, match="has no action id in Toy"):
        SPACE.action_id(Table(), junk)


def test_another_game_s_state_is_refused() -> None:
    with pytest.raises(IllegalAction, match="not a Toy state"):
        SPACE.action_count(None)
    with pytest.raises(IllegalAction, match="not a Toy state"):
        SPACE.action_id("table", Pass())


def test_a_field_without_a_domain_cannot_have_an_id() -> None:
    @frozen
    class Loose:
        card: int

    with pytest.raises(TypeError, match="Loose.card"):
        ActionSpace(Table, "Toy", Loose)
