"""Dice with named faces.

A :class:`Die` is a record: a name and the tuple of its faces, one entry per
physical face. Faces may be numbers (``(1, 2, 3, 4, 5, 6)``), words
(``("blank", "hit", "hit", "crit")``) or any value the codec can write (an Enum,
a record). Repeated entries are allowed and make a face more likely: a die
whose faces are ``(0, 0, 1, 1, 2, 3)`` rolls 0 one time in three.

Rolling is pure: it takes an :class:`~wasteland.core.rng.Rng` and returns the
result together with the advanced ``Rng``. The draw is fixed and documented,
because replays depend on it: rolling a die of ``k`` faces consumes exactly one
``rng.below(k)`` and shows ``faces[i]`` for the drawn ``i``; :func:`roll_many`
rolls its dice in the order given.

The counting functions (:func:`count`, :func:`tally`, :func:`total`) read a tuple
of rolled faces; :func:`probability`, :func:`expected` and
:func:`sum_distribution` give exact odds (as :class:`~fractions.Fraction`) for
bots and balance studies. The core knows no game: a game defines its own dice
as data, for example::

    WHITE = Die("white", (0, 0, 1, 1, 2, 3))
    face, rng = roll(WHITE, rng)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from fractions import Fraction
from typing import Generic, TypeVar

from attrs import field, frozen

from wasteland.core.codec import register
from wasteland.core.rng import Rng

__all__ = [
    "Die",
    "numbered",
    "roll",
    "roll_index",
    "roll_many",
    "roll_n",
    "reroll",
    "count",
    "count_matching",
    "tally",
    "total",
    "probability",
    "expected",
    "sum_distribution",
]

F = TypeVar("F", bound=Hashable)


def _faces(value: Iterable[F]) -> tuple[F, ...]:
    return tuple(value)


def _check_name(_instance: object, _attribute: object, value: str) -> None:
    if not isinstance(value, str) or not value:
        raise ValueError(f"a die needs a non-empty name, got {value!r}")


def _check_faces(instance: Die[F], _attribute: object, value: tuple[F, ...]) -> None:
    if not value:
        raise ValueError(f"die {instance.name!r} needs at least one face")
    for face in value:
        try:
            hash(face)
        except TypeError:
            raise ValueError(
                f"die {instance.name!r}: face {face!r} is not hashable (use tuples, not lists)"
            ) from None


@register("core.Die")
@frozen
class Die(Generic[F]):
    """A die: its ``name`` and its ``faces``, one entry per physical face.

    ``faces`` is kept as a tuple in the order given; that order fixes which
    face a given draw of the ``Rng`` shows.
    """

    name: str = field(validator=_check_name)
    faces: tuple[F, ...] = field(converter=_faces, validator=_check_faces)

    @property
    def sides(self) -> int:
        """The number of physical faces."""
        return len(self.faces)

    def face_values(self) -> tuple[F, ...]:
        """The distinct faces, in the order they first appear on the die."""
        return tuple(dict.fromkeys(self.faces))


def numbered(sides: int, name: str | None = None, *, start: int = 1) -> Die[int]:
    """A die whose faces are ``start, start + 1, ...``: ``numbered(6)`` is a d6 named "d6"."""
    if not isinstance(sides, int) or isinstance(sides, bool) or sides < 1:
        raise ValueError(f"a die needs a positive number of sides, got {sides!r}")
    return Die(name if name is not None else f"d{sides}", tuple(range(start, start + sides)))


def roll_index(die: Die[F], rng: Rng) -> tuple[int, Rng]:
    """Which physical face comes up (its index in ``die.faces``), and the next ``Rng``."""
    return rng.below(len(die.faces))


def roll(die: Die[F], rng: Rng) -> tuple[F, Rng]:
    """Roll ``die`` once: the face that comes up and the next ``Rng``."""
    index, rng = rng.below(len(die.faces))
    return die.faces[index], rng


def roll_many(dice: Iterable[Die[F]], rng: Rng) -> tuple[tuple[F, ...], Rng]:
    """Roll each die once, in order: the faces (same order as ``dice``) and the next ``Rng``."""
    out: list[F] = []
    for die in dice:
        index, rng = rng.below(len(die.faces))
        out.append(die.faces[index])
    return tuple(out), rng


def roll_n(die: Die[F], n: int, rng: Rng) -> tuple[tuple[F, ...], Rng]:
    """Roll ``die`` ``n`` times (``n >= 0``); the same as ``roll_many((die,) * n, rng)``."""
    if n < 0:
        raise ValueError(f"cannot roll a negative number of dice ({n})")
    return roll_many((die,) * n, rng)


def reroll(
    faces: Sequence[F], dice: Sequence[Die[F]], which: Iterable[int], rng: Rng
) -> tuple[tuple[F, ...], Rng]:
    """Roll again the dice at positions ``which`` (in increasing position order).

    ``faces[i]`` is the face ``dice[i]`` shows; the others keep theirs. Each
    position is rolled once however often it is named.
    """
    if len(faces) != len(dice):
        raise ValueError(f"{len(faces)} faces for {len(dice)} dice")
    out = list(faces)
    for i in sorted(set(which)):
        if not 0 <= i < len(out):
            raise ValueError(f"no die at position {i} (there are {len(out)})")
        out[i], rng = roll(dice[i], rng)
    return tuple(out), rng


def count(faces: Iterable[F], face: F) -> int:
    """How many of the rolled ``faces`` show ``face``."""
    return sum(1 for f in faces if f == face)


def count_matching(faces: Iterable[F], predicate: Callable[[F], bool]) -> int:
    """How many of the rolled ``faces`` satisfy ``predicate``."""
    return sum(1 for f in faces if predicate(f))


def tally(faces: Iterable[F]) -> dict[F, int]:
    """Each face shown and how often, in the order faces first appear."""
    out: dict[F, int] = {}
    for f in faces:
        out[f] = out.get(f, 0) + 1
    return out


def total(faces: Iterable[int]) -> int:
    """The sum of numeric faces."""
    return sum(faces)


def probability(die: Die[F], face: F) -> Fraction:
    """The exact chance that one roll of ``die`` shows ``face``."""
    return Fraction(count(die.faces, face), len(die.faces))


def expected(die: Die[int]) -> Fraction:
    """The exact mean of a numeric die."""
    return Fraction(sum(die.faces), len(die.faces))


def sum_distribution(dice: Iterable[Die[int]]) -> dict[int, Fraction]:
    """The exact distribution of the sum of numeric ``dice``, keys ascending.

    With no dice the sum is 0 with certainty.
    """
    dist: dict[int, Fraction] = {0: Fraction(1)}
    for die in dice:
        share = Fraction(1, len(die.faces))
        step: dict[int, Fraction] = {}
        for value, p in dist.items():
            for face in die.faces:
                step[value + face] = step.get(value + face, Fraction(0)) + p * share
        dist = step
    return dict(sorted(dist.items()))
