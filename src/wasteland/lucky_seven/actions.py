"""The decisions of The Lucky Seven, each a small step.

Maneuver: ``Select`` a squad member, then its action (``Move`` to a cell, a
swap when a squad member stands there; ``GetUp``; ``GetDown``), ``Stop`` after
the Athlete's first step or the Mouse's move; ``EndPhase`` ends the maneuver.
Attack: ``Attack`` assigns one attacker to one threat; ``EndPhase`` resolves
the attacks. Encounter: ``Discard`` the squad member a threat displaces from a
full row; ``ChooseRow`` (competitive, second seat) puts the drawn threat in a row.

The legal actions are shared instances from the tables below, so listing them
builds nothing.
"""

from __future__ import annotations

from typing import Any, Union

from attrs import Attribute, field, frozen

from wasteland.core.codec import register

__all__ = [
    "Select", "Move", "GetUp", "GetDown", "Stop", "EndPhase", "Attack", "Discard", "ChooseRow",
    "Action", "SELECT", "MOVE", "ATTACK", "DISCARD", "CHOOSE_ROW", "GET_UP", "GET_DOWN", "STOP", "END_PHASE",
]


def _int(_: object, attribute: Attribute[Any], value: object) -> None:
    """Fields are plain ints: not bools, floats or strings that compare equal to one."""
    if type(value) is not int:
        raise TypeError(f"{attribute.name} must be an int, got {value!r}")


@register
@frozen(cache_hash=True)
class Select:
    """Choose the squad member who acts next in the maneuver."""

    member: int = field(validator=_int)


@register
@frozen(cache_hash=True)
class Move:
    """The selected member moves to ``cell``; if a squad member is there, they swap."""

    cell: int = field(validator=_int)


@register
@frozen(cache_hash=True)
class GetUp:
    """The selected member flips to its up side."""


@register
@frozen(cache_hash=True)
class GetDown:
    """The selected member flips to its down side."""


@register
@frozen(cache_hash=True)
class Stop:
    """The selected member ends its action (the Athlete after one step, the Mouse after moving)."""


@register
@frozen(cache_hash=True)
class EndPhase:
    """End the maneuver, or resolve the assigned attacks."""


@register
@frozen(cache_hash=True)
class Attack:
    """``member`` attacks the threat in ``cell``."""

    member: int = field(validator=_int)
    cell: int = field(validator=_int)


@register
@frozen(cache_hash=True)
class Discard:
    """Discard ``member`` from a full row to make room for the new threat."""

    member: int = field(validator=_int)


@register
@frozen(cache_hash=True)
class ChooseRow:
    """Competitive variant: the drawn threat goes to ``row`` (0 is the top row)."""

    row: int = field(validator=_int)


Action = Union[Select, Move, GetUp, GetDown, Stop, EndPhase, Attack, Discard, ChooseRow]

SELECT: tuple[Select, ...] = tuple(Select(m) for m in range(16))
MOVE: tuple[Move, ...] = tuple(Move(c) for c in range(56))
ATTACK: dict[tuple[int, int], Attack] = {(m, c): Attack(m, c) for m in range(16) for c in range(56)}
DISCARD: tuple[Discard, ...] = tuple(Discard(m) for m in range(16))
CHOOSE_ROW: tuple[ChooseRow, ...] = tuple(ChooseRow(r) for r in range(4))
GET_UP = GetUp()
GET_DOWN = GetDown()
STOP = Stop()
END_PHASE = EndPhase()
