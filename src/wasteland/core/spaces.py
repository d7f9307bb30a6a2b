"""Graphs of spaces with typed borders.

Some boards are areas separated by drawn lines of different kinds (dashed
lines crossed for one movement point, coloured lines that cost more, walls one
can see through but not cross, walls that block both). :class:`BorderKind`
describes one kind of line; :class:`Border` joins two spaces with a kind;
:class:`SpaceGraph` holds the spaces (in a fixed order that breaks every tie)
and their borders. Borders are undirected and two spaces share at most one.
Spaces touching only at a corner share no border, so figures never move
diagonally between spaces.

Movement costs come from the border kinds, or from a ``cost`` function given
to each search (``BorderKind -> int | None``, ``None`` meaning "cannot cross"),
so the same board serves movers who pay differently. Line of sight is defined
on the graph as a chain of borders that do not block sight: see
:meth:`SpaceGraph.sight_distances`.

Everything here is immutable; neighbour tables are computed once per graph and cached.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Collection, Hashable, Iterable
from functools import lru_cache
from typing import Generic, TypeVar

from attrs import field, frozen
from pyrsistent import PMap, pmap

from wasteland.core.codec import register
from wasteland.core.board import Layout

__all__ = ["BorderKind", "Border", "SpaceGraph", "CostFn"]

N = TypeVar("N", bound=Hashable)


def _non_empty_name(_instance: object, _attribute: object, value: str) -> None:
    if not isinstance(value, str) or not value:
        raise ValueError(f"a border kind needs a non-empty name, got {value!r}")


def _cost_value(_instance: object, _attribute: object, value: int) -> None:
    if type(value) is not int or value < 0:
        raise ValueError(f"a border's move cost must be an int >= 0, got {value!r}")


def _is_bool(_instance: object, attribute: object, value: bool) -> None:
    if type(value) is not bool:
        name = getattr(attribute, "name", "flag")
        raise ValueError(f"{name} must be True or False, got {value!r}")


@register("core.BorderKind")
@frozen
class BorderKind:
    """One kind of line between two spaces.

    ``passable``: figures may cross it; ``cost``: movement points to cross it
    (ignored when not passable); ``blocks_sight``: no line of sight through it.
    """

    name: str = field(validator=_non_empty_name)
    passable: bool = field(default=True, validator=_is_bool)
    cost: int = field(default=1, validator=_cost_value)
    blocks_sight: bool = field(default=False, validator=_is_bool)


#: A cost function for searches: the movement points to cross a border of this
#: kind, or None when this mover cannot cross it.
CostFn = Callable[[BorderKind], int | None]


def _default_cost(kind: BorderKind) -> int | None:
    return kind.cost if kind.passable else None


@register("core.Border")
@frozen
class Border(Generic[N]):
    """The line between spaces ``a`` and ``b`` (unordered), of a given ``kind``."""

    a: N
    b: N
    kind: BorderKind

    def other(self, space: N) -> N:
        """The space on the other side from ``space``."""
        if space == self.a:
            return self.b
        if space == self.b:
            return self.a
        raise ValueError(f"{space!r} is not on the border between {self.a!r} and {self.b!r}")


def _tuple(value: Iterable[N]) -> tuple[N, ...]:
    return tuple(value)


def _borders(value: Iterable[Border[N]]) -> tuple[Border[N], ...]:
    return tuple(value)


class _Index(Generic[N]):
    """Derived lookup tables of a graph (never stored in a record)."""

    __slots__ = ("position", "spaces", "links", "kinds", "sight")

    def __init__(self, spaces: tuple[N, ...], borders: tuple[Border[N], ...]) -> None:
        self.spaces = spaces
        self.position: dict[N, int] = {}
        for i, space in enumerate(spaces):
            try:
                hash(space)
            except TypeError:
                raise ValueError(f"space {space!r} is not hashable (use tuples, not lists)") from None
            if space in self.position:
                raise ValueError(f"space {space!r} is listed twice")
            self.position[space] = i
        links: list[list[tuple[int, BorderKind]]] = [[] for _ in spaces]
        self.kinds: dict[tuple[int, int], BorderKind] = {}
        for border in borders:
            if not isinstance(border, Border):
                raise ValueError(f"{border!r} is not a Border")
            if not isinstance(border.kind, BorderKind):
                raise ValueError(f"border {border.a!r}-{border.b!r} has no BorderKind")
            for end in (border.a, border.b):
                if end not in self.position:
                    raise ValueError(f"border {border.a!r}-{border.b!r}: unknown space {end!r}")
            i, j = self.position[border.a], self.position[border.b]
            if i == j:
                raise ValueError(f"a border needs two different spaces, got {border.a!r} twice")
            pair = (min(i, j), max(i, j))
            if pair in self.kinds:
                raise ValueError(f"spaces {border.a!r} and {border.b!r} share two borders")
            self.kinds[pair] = border.kind
            links[i].append((j, border.kind))
            links[j].append((i, border.kind))
        self.links = tuple(tuple(sorted(row, key=lambda link: link[0])) for row in links)
        #: the links whose border does not block sight
        self.sight = tuple(tuple(link for link in row if not link[1].blocks_sight) for row in self.links)


def _hops(links: tuple[tuple[tuple[int, BorderKind], ...], ...], origin: int, max_hops: int | None,
          through: Callable[[BorderKind], bool] | None) -> dict[int, int]:
    """The hops from position ``origin`` to each position reached along ``links`` (only through a
    border ``through`` accepts, when given), at most ``max_hops``, level by level: in the order a
    first-in, first-out search reaches them."""
    dist = {origin: 0}
    frontier = [origin]
    d = 0
    while frontier and (max_hops is None or d < max_hops):
        d += 1
        beyond = []
        for u in frontier:
            for v, kind in links[u]:
                if v not in dist and (through is None or through(kind)):
                    dist[v] = d
                    beyond.append(v)
        frontier = beyond
    return dist


@lru_cache(maxsize=64)
def _index(graph: SpaceGraph[N]) -> _Index[N]:
    return _Index(graph.spaces, graph.borders)


def _check_graph(instance: SpaceGraph[N], _attribute: object, _value: object) -> None:
    _Index(instance.spaces, instance.borders)


@register("core.SpaceGraph", static=True)
@frozen(cache_hash=True)
class SpaceGraph(Generic[N]):
    """Spaces joined by typed borders. ``spaces`` order breaks every tie.

    Construction checks that spaces are distinct and hashable, and that every
    border joins two different known spaces, at most one border per pair.
    """

    spaces: tuple[N, ...] = field(converter=_tuple)
    borders: tuple[Border[N], ...] = field(converter=_borders, validator=_check_graph)

    @classmethod
    def from_layout(cls, layout: Layout, kind: BorderKind) -> SpaceGraph[int]:
        """The graph of a board layout: its cells as spaces, orthogonal neighbours joined by ``kind``."""
        borders = [
            Border(cell, nb, kind)
            for cell in range(layout.size)
            for nb in layout.adjacent[cell]
            if cell < nb
        ]
        return SpaceGraph(tuple(range(layout.size)), borders)

    # -- lookups -----------------------------------------------------------

    def _ix(self) -> _Index[N]:
        return _index(self)

    def has_space(self, space: object) -> bool:
        """``space`` is one of the graph's spaces (False for anything unhashable)."""
        try:
            return space in self._ix().position
        except TypeError:
            return False

    def _pos(self, space: N) -> int:
        try:
            return self._ix().position[space]
        except (KeyError, TypeError):
            raise ValueError(f"{space!r} is not a space of this graph") from None

    def border_kind(self, a: N, b: N) -> BorderKind | None:
        """The kind of border between ``a`` and ``b``, or None when they share none."""
        i, j = self._pos(a), self._pos(b)
        return self._ix().kinds.get((min(i, j), max(i, j)))

    def adjacent(self, space: N) -> tuple[N, ...]:
        """Spaces sharing a border (of any kind) with ``space``, in ``spaces`` order."""
        ix = self._ix()
        return tuple(ix.spaces[j] for j, _ in ix.links[self._pos(space)])

    def neighbours(self, space: N, *, cost: CostFn | None = None) -> tuple[N, ...]:
        """Spaces one crossing away that this mover may enter, in ``spaces`` order."""
        price = cost or _default_cost
        ix = self._ix()
        return tuple(ix.spaces[j] for j, kind in ix.links[self._pos(space)] if price(kind) is not None)

    def step_cost(self, a: N, b: N, *, cost: CostFn | None = None) -> int | None:
        """Movement points to cross from ``a`` into ``b``; None if no border or not crossable."""
        kind = self.border_kind(a, b)
        if kind is None:
            return None
        return (cost or _default_cost)(kind)

    # -- movement ----------------------------------------------------------

    def _search(
        self, origin: int, price: CostFn, blocked: set[int], budget: int | None, start: int | None
    ) -> tuple[dict[int, int], dict[int, int]]:
        """Dijkstra from ``origin`` by (cost, crossings); returns both per space index.

        A space in ``blocked`` is never entered except ``start`` (used by the
        backward search, where the start is the last space reached).
        """
        ix = self._ix()
        best: dict[int, tuple[int, int]] = {origin: (0, 0)}
        done: dict[int, tuple[int, int]] = {}
        heap = [(0, 0, origin)]
        while heap:
            c, h, u = heapq.heappop(heap)
            if u in done:
                continue
            done[u] = (c, h)
            if u in blocked and u != origin:
                continue  # reached (it is the start), but never passed through
            for v, kind in ix.links[u]:
                step = price(kind)
                if step is None or v in done:
                    continue
                if v in blocked and v != start:
                    continue
                nc = c + step
                if budget is not None and nc > budget:
                    continue
                key = (nc, h + 1)
                if v not in best or key < best[v]:
                    best[v] = key
                    heapq.heappush(heap, (nc, h + 1, v))
        return {k: v[0] for k, v in done.items()}, {k: v[1] for k, v in done.items()}

    def _checked_cost(self, cost: CostFn | None) -> CostFn:
        price = cost or _default_cost

        def checked(kind: BorderKind) -> int | None:
            value = price(kind)
            if value is not None and (type(value) is not int or value < 0):
                raise ValueError(f"cost of crossing {kind.name!r} must be an int >= 0 or None")
            return value

        return checked

    def costs_from(
        self,
        start: N,
        *,
        cost: CostFn | None = None,
        blocked: Collection[N] = frozenset(),
        budget: int | None = None,
    ) -> PMap[N, int]:
        """Least movement cost from ``start`` to every space it can reach (``start``: 0).

        ``blocked`` spaces are never entered (``start`` may be one); spaces
        costing more than ``budget`` are left out when it is given.
        """
        origin = self._pos(start)
        ix = self._ix()
        stops = {ix.position[s] for s in blocked if self.has_space(s)}
        costs, _ = self._search(origin, self._checked_cost(cost), stops, budget, None)
        return pmap({ix.spaces[i]: c for i, c in costs.items()})

    def reachable(
        self,
        start: N,
        budget: int,
        *,
        cost: CostFn | None = None,
        blocked: Collection[N] = frozenset(),
    ) -> PMap[N, int]:
        """Spaces reachable from ``start`` spending at most ``budget``, with their least cost."""
        if budget < 0:
            raise ValueError(f"budget must not be negative, got {budget}")
        return self.costs_from(start, cost=cost, blocked=blocked, budget=budget)

    def shortest_path(
        self,
        start: N,
        goal: N,
        *,
        cost: CostFn | None = None,
        blocked: Collection[N] = frozenset(),
    ) -> tuple[tuple[N, ...], int] | None:
        """The cheapest way from ``start`` to ``goal``: (spaces, both ends included; cost).

        Ties are broken deterministically: least cost, then fewest crossings,
        then the sequence of spaces earliest in ``spaces`` order. None when
        ``goal`` cannot be reached; ``((start,), 0)`` when ``start == goal``.
        """
        i, g = self._pos(start), self._pos(goal)
        if i == g:
            return (start,), 0
        ix = self._ix()
        stops = {ix.position[s] for s in blocked if self.has_space(s)}
        if g in stops:
            return None
        price = self._checked_cost(cost)
        # Backwards from the goal (borders are undirected).
        to_cost, to_hops = self._search(g, price, stops, None, i)
        if i not in to_cost:
            return None
        path, u = [i], i
        while u != g:
            want = (to_cost[u], to_hops[u] - 1)
            for v, kind in ix.links[u]:
                step = price(kind)
                if step is None or (v in stops) or v not in to_cost:
                    continue
                if (to_cost[v] + step, to_hops[v]) == want:
                    u = v
                    break
            path.append(u)
        return tuple(ix.spaces[k] for k in path), to_cost[i]

    def nearest(
        self,
        start: N,
        targets: Iterable[N],
        *,
        cost: CostFn | None = None,
        blocked: Collection[N] = frozenset(),
    ) -> N | None:
        """The target cheapest to reach from ``start`` (ties: first in ``spaces`` order)."""
        reach = self.costs_from(start, cost=cost, blocked=blocked)
        found = [(reach[t], self._pos(t)) for t in set(targets) if t in reach]
        return self.spaces[min(found)[1]] if found else None

    # -- counting spaces and line of sight ---------------------------------

    def hops_from(
        self,
        start: N,
        *,
        through: Callable[[BorderKind], bool] | None = None,
        max_hops: int | None = None,
    ) -> PMap[N, int]:
        """Fewest borders crossed from ``start`` to each space (``start``: 0).

        Only borders whose kind satisfies ``through`` are followed (all of
        them by default, whatever their passability: this counts spaces for
        range, not movement).
        """
        return pmap(self.hop_counts(start, through=through, max_hops=max_hops))

    def hop_counts(
        self,
        start: N,
        *,
        through: Callable[[BorderKind], bool] | None = None,
        max_hops: int | None = None,
    ) -> dict[N, int]:
        """:meth:`hops_from` as a new plain dict (no persistent map made: what a rule that reads it
        once needs), in the order the search reached the spaces."""
        ix = self._ix()
        spaces = ix.spaces
        return {spaces[k]: d for k, d in _hops(ix.links, self._pos(start), max_hops, through).items()}

    def links_of(self, space: object) -> tuple[tuple[int, BorderKind], ...]:
        """The position in ``spaces`` of each space sharing a border with ``space``, with the
        border's kind, in ``spaces`` order; empty for what is not a space of the graph."""
        ix = self._ix()
        try:
            return ix.links[ix.position[space]]  # type: ignore[index]
        except (KeyError, TypeError):
            return ()

    def sight_distances(self, start: N, max_range: int | None = None) -> PMap[N, int]:
        """The spaces in line of sight of ``start``, with their range in spaces.

        **Line of sight, as this graph defines it:** space ``t`` is in sight of
        ``s`` at range ``k`` when there is a chain ``s = s0, s1, ..., sk = t``
        of spaces, each sharing with the next a border whose kind does not
        ``blocks_sight``, and no shorter such chain exists. ``s`` sees itself
        at range 0. Passability does not matter (one sees through a window
        one cannot climb). The graph has no geometry, so a chain may bend:
        boards where a bend should block sight need a border kind that blocks
        it, or a game-specific check on top.
        """
        return self.hops_from(
            start, through=lambda kind: not kind.blocks_sight, max_hops=max_range
        )

    def in_sight_of(self, start: N, max_range: int | None = None) -> frozenset[N]:
        """The spaces of :meth:`sight_distances` without their ranges: the same search, with no
        persistent map made (what a rule that only asks "is it in sight" needs)."""
        ix = self._ix()
        spaces = ix.spaces
        return frozenset(spaces[k] for k in _hops(ix.sight, self._pos(start), max_range, None))

    def in_sight(self, a: N, b: N, max_range: int | None = None) -> bool:
        """``b`` is in line of sight of ``a`` (see :meth:`sight_distances`) within ``max_range``."""
        self._pos(b)
        return b in self.sight_distances(a, max_range)
