"""Observation vectors laid out in named sections, written straight into any float buffer.

A game declares its observation once (per options) as a :class:`Layout`: an ordered
tuple of :class:`Section` records, each with a name, a size and a sentence saying what its
numbers are, as OpenSpiel's observers name their pieces. The game's writer then puts
each number at ``layout.start[name] + i``, never at a hand-counted index, and its rules
page documents the sections by name (a test checks that the page lists them all).

An :class:`Observer` bundles the layout and the writer and is the game's ``observe``:

* ``observe(view)`` is the contract's ``tuple[float, ...]``;
* ``observe.into(view, out)`` writes the same numbers into ``out``, any zeroed buffer of
  ``observation_size`` floats that takes item assignment: a ``list``, an
  ``array.array("f")``, a ``memoryview`` of a numpy ``float32`` array;
* ``observe.seat_into(table, seat, out)`` writes ``observe(view(table, seat))`` straight
  from the table, without building the view: the writer reads only what the seat may see.

The RL adapters fill a numpy array with no view and no tuple in between. ``seat_into``
checks its table, seat and buffer on every call; an adapter that owns its table and asks
for the same layout every step (the PettingZoo environment) checks them once, when the
game starts (``layout_of(table)``, its size), and then calls ``write(table, seat, layout,
out)``, the writer itself, which checks nothing. This module imports nothing but the
standard library, attrs and the core, so numpy stays an optional dependency.

The writer sets only the numbers that are not zero, which is why the buffer must start
at zero: a vector of thousands of numbers is mostly zeros, and skipping them is most of
its speed.
"""

from __future__ import annotations

from array import array
from typing import Callable, Generic, Mapping, Protocol, TypeVar

from attrs import field, frozen

from wasteland.core.game import IllegalAction, check_viewer

__all__ = ["Section", "Layout", "FloatBuffer", "Observer", "layout", "write_block"]

S = TypeVar("S")


@frozen
class Section:
    """A named run of ``size`` numbers in an observation, with what they are."""

    name: str
    size: int
    description: str


def _starts(sections: tuple[Section, ...]) -> Mapping[str, int]:
    starts: dict[str, int] = {}
    at = 0
    for section in sections:
        if section.name in starts:
            raise ValueError(f"two sections are named {section.name!r}")
        if type(section.size) is not int or section.size < 0:
            raise ValueError(f"section {section.name!r} has a size of {section.size!r}")
        starts[section.name] = at
        at += section.size
    return starts


@frozen
class Layout:
    """The sections of one observation, in order: ``start[name]`` is where a section's
    first number lies, ``size`` the length of the whole vector."""

    sections: tuple[Section, ...]
    start: Mapping[str, int] = field(init=False, eq=False, repr=False)
    size: int = field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        starts = _starts(self.sections)
        object.__setattr__(self, "start", starts)
        object.__setattr__(self, "size", sum(s.size for s in self.sections))

    def slice(self, name: str) -> slice:
        """The indices of section ``name`` (KeyError for a name the layout lacks)."""
        first = self.start[name]
        return slice(first, first + self.section(name).size)

    def section(self, name: str) -> Section:
        """The section named ``name`` (KeyError for a name the layout lacks)."""
        for section in self.sections:
            if section.name == name:
                return section
        raise KeyError(name)

    def names(self) -> tuple[str, ...]:
        """The sections' names, in order."""
        return tuple(s.name for s in self.sections)

    def table(self) -> str:
        """The sections as a Markdown table (section, first index, size, what), as the rules
        pages show them."""
        rows = ["| section | first index | size | what |", "|---|---|---|---|"]
        rows += [f"| `{s.name}` | {self.start[s.name]} | {s.size} | {s.description} |" for s in self.sections]
        return "\n".join(rows)


def layout(*sections: tuple[str, int, str]) -> Layout:
    """A :class:`Layout` from ``(name, size, description)`` triples, in order."""
    return Layout(tuple(Section(name, size, what) for name, size, what in sections))


class FloatBuffer(Protocol):
    """What ``Observer.into`` writes to: a list, an ``array.array``, a memoryview of floats."""

    def __len__(self) -> int: ...

    def __getitem__(self, index: int, /) -> float: ...

    def __setitem__(self, index: int, value: float, /) -> None: ...


def write_block(out: FloatBuffer, at: int, block: array[float]) -> None:
    """The numbers of ``block`` (float32s, say a card's that lie side by side) into ``out`` from
    index ``at`` on: in one slice assignment where the buffer takes one (a memoryview of float32s,
    the buffer the RL adapters write into, or a list), else those that are not zero one by one (an
    ``array("d")``, a memoryview of doubles)."""
    try:
        out[at:at + len(block)] = block  # type: ignore[index, assignment]
    except (TypeError, ValueError):  # a buffer of another type of number
        for i, number in enumerate(block):
            if number:
                out[at + i] = number


@frozen
class Observer(Generic[S]):
    """A game's ``observe``.

    ``layout_of(state)`` checks that ``state`` is one of the game's (the table or a view; the
    game's IllegalAction otherwise) and gives its layout; ``viewer_of(state)`` is the state's
    viewer (None for the table) and ``seats_of(state)`` its number of seats;
    ``write(state, seat, layout, out)`` sets the numbers that are not zero of what ``seat``
    sees, and checks nothing (the methods below check, then call it). The writer reads only
    what the seat may see, so it gives the same numbers from the table as from the seat's
    view: :meth:`seat_into` uses that to skip building the view (the RL adapters' path), and
    a test checks the two agree after every step of random play.
    """

    layout_of: Callable[[S], Layout]
    viewer_of: Callable[[S], int | None]
    seats_of: Callable[[S], int]
    write: Callable[[S, int, Layout, FloatBuffer], None]

    def _view_layout(self, view: S) -> tuple[Layout, int]:
        shape = self.layout_of(view)
        seat = self.viewer_of(view)
        if seat is None:
            raise IllegalAction("observe takes a player's view, not the table: call view(state, player) first")
        return shape, seat

    def __call__(self, view: S) -> tuple[float, ...]:
        """The observation of ``view`` as a tuple of floats (the contract's ``observe``)."""
        shape, seat = self._view_layout(view)
        out = [0.0] * shape.size
        self.write(view, seat, shape, out)
        return tuple(out)

    def into(self, view: S, out: FloatBuffer) -> None:
        """Write the observation of ``view`` into ``out``, a buffer of ``observation_size``
        zeros; ValueError if its length is not that."""
        shape, seat = self._view_layout(view)
        _check_length(out, shape)
        self.write(view, seat, shape, out)

    def seat_into(self, table: S, seat: int, out: FloatBuffer) -> None:
        """Write ``observe(view(table, seat))`` into ``out`` (a zeroed buffer), straight from
        the table: the same numbers, without the view. IllegalAction for a view or a seat not
        at the table."""
        shape = self.layout_of(table)
        viewer = self.viewer_of(table)
        if viewer is not None:
            raise IllegalAction(f"this is player {viewer}'s view, not the table: seat_into reads the table")
        checked = check_viewer(seat, self.seats_of(table))
        _check_length(out, shape)
        self.write(table, checked, shape, out)


def _check_length(out: FloatBuffer, shape: Layout) -> None:
    if len(out) != shape.size:
        raise ValueError(f"the buffer holds {len(out)} numbers, the observation {shape.size}")
