"""Grids and graphs of spaces: geometry, deterministic paths, costs and line of sight."""

from __future__ import annotations

import itertools
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wasteland.core import codec, grid
from wasteland.core.grid import Coord, Grid
from wasteland.core.spaces import Border, BorderKind, SpaceGraph

# -- geometry without bounds --------------------------------------------------------------


def test_distances() -> None:
    assert grid.manhattan((0, 0), (2, 3)) == 5
    assert grid.chebyshev((0, 0), (2, 3)) == 3
    assert grid.manhattan((4, 1), (4, 1)) == grid.chebyshev((4, 1), (4, 1)) == 0


def test_steps_and_adjacency() -> None:
    assert grid.is_orthogonal_step((1, 1), (0, 1))
    assert not grid.is_orthogonal_step((1, 1), (0, 0))
    assert grid.is_diagonal_step((1, 1), (0, 0))
    assert not grid.is_diagonal_step((1, 1), (1, 2))
    assert grid.is_adjacent((1, 1), (2, 2), diagonal=True)
    assert not grid.is_adjacent((1, 1), (2, 2))
    assert not grid.is_adjacent((1, 1), (1, 1), diagonal=True)


def test_flanking_cells_of_a_diagonal_step() -> None:
    assert grid.flanking((2, 2), (1, 3)) == ((1, 2), (2, 3))
    assert grid.flanking((1, 3), (2, 2)) == ((1, 2), (2, 3))
    assert grid.flanking((0, 0), (1, 1)) == ((0, 1), (1, 0))
    with pytest.raises(ValueError, match="not a diagonal step"):
        grid.flanking((0, 0), (0, 1))


def test_never_move_diagonally_between_two_threats() -> None:
    threats = {(1, 2), (2, 3)}
    assert grid.squeezed((2, 2), (1, 3), threats)
    assert not grid.squeezed((2, 2), (1, 3), {(1, 2)})
    assert not grid.squeezed((2, 2), (2, 3), threats)  # orthogonal: never squeezed


def test_cells_between() -> None:
    assert grid.cells_between((0, 0), (0, 3)) == ((0, 1), (0, 2))
    assert grid.cells_between((3, 0), (0, 0)) == ((2, 0), (1, 0))
    assert grid.cells_between((0, 0), (3, 3)) == ((1, 1), (2, 2))
    assert grid.cells_between((2, 2), (1, 3)) == ()
    assert grid.cells_between((2, 2), (2, 2)) == ()
    with pytest.raises(ValueError, match="share no row, column or diagonal"):
        grid.cells_between((0, 0), (1, 2))


coords = st.tuples(st.integers(-20, 20), st.integers(-20, 20))


@given(coords, coords, coords)
def test_metric_properties(a: Coord, b: Coord, c: Coord) -> None:
    for dist in (grid.manhattan, grid.chebyshev):
        assert dist(a, b) == dist(b, a) >= 0
        assert (dist(a, b) == 0) == (a == b)
        assert dist(a, c) <= dist(a, b) + dist(b, c)
    assert grid.chebyshev(a, b) <= grid.manhattan(a, b) <= 2 * grid.chebyshev(a, b)


@given(coords, coords)
def test_cells_between_lie_on_the_line(a: Coord, b: Coord) -> None:
    try:
        between = grid.cells_between(a, b)
    except ValueError:
        assert a[0] != b[0] and a[1] != b[1] and abs(a[0] - b[0]) != abs(a[1] - b[1])
        return
    assert len(between) == max(grid.chebyshev(a, b) - 1, 0)
    chain = (a, *between, b) if a != b else (a,)
    for x, y in zip(chain, chain[1:]):
        assert grid.chebyshev(x, y) == 1


# -- the Grid record ---------------------------------------------------------------------------


def test_grid_bounds_and_cells() -> None:
    g = Grid(4, 6)
    assert len(g.cells()) == 24 and g.cells()[:3] == ((0, 0), (0, 1), (0, 2))
    assert g.contains((3, 5)) and not g.contains((4, 0)) and not g.contains((0, -1))
    for junk in (None, "a", (1,), (1, 2, 3), [1, 2], (True, 1), (1.0, 2), ((1,), 2)):
        assert not g.contains(junk)
    assert g.row(1) == tuple((1, c) for c in range(6))
    assert g.column(5) == ((0, 5), (1, 5), (2, 5), (3, 5))
    with pytest.raises(ValueError, match=r"\(4, 0\) is not a cell of the 4x6 grid"):
        g.row(4)


@pytest.mark.parametrize(("rows", "cols"), [(0, 3), (3, -1), (True, 2), (2, 2.0)])
def test_grid_size_must_be_positive_ints(rows: Any, cols: Any) -> None:
    with pytest.raises(ValueError, match="positive integer"):
        Grid(rows, cols)


def test_neighbours_in_reading_order() -> None:
    g = Grid(3, 3)
    assert g.orthogonal((1, 1)) == ((0, 1), (1, 0), (1, 2), (2, 1))
    assert g.diagonal((1, 1)) == ((0, 0), (0, 2), (2, 0), (2, 2))
    assert g.neighbours((1, 1), diagonal=True) == (
        (0, 0), (0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1), (2, 2),
    )
    assert g.orthogonal((0, 0)) == ((0, 1), (1, 0))
    assert g.neighbours((2, 2), diagonal=True) == ((1, 1), (1, 2), (2, 1))
    with pytest.raises(ValueError):
        g.orthogonal((3, 3))


def test_grid_is_a_frozen_record_that_round_trips() -> None:
    g = Grid(5, 6)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        g.rows = 2  # type: ignore[misc]
    assert codec.loads(codec.dumps(g)) == g
    assert codec.dumps(g) == '{"$r":"core.grid.Grid","cols":6,"rows":5}'


def test_shortest_path_around_blocked_cells() -> None:
    g = Grid(3, 4)
    wall = {(0, 1), (1, 1)}
    assert g.shortest_path((0, 0), (0, 2), blocked=wall) == (
        (0, 0), (1, 0), (2, 0), (2, 1), (2, 2), (1, 2), (0, 2),
    )
    # The smallest in reading order among the shortest: up before left, left before right.
    assert g.shortest_path((1, 1), (0, 2)) == ((1, 1), (0, 1), (0, 2))
    assert g.shortest_path((0, 0), (0, 0)) == ((0, 0),)
    assert g.shortest_path((0, 0), (0, 2), blocked=[(0, 1), (1, 1)]) == g.shortest_path(
        (0, 0), (0, 2), blocked={(0, 1), (1, 1)}
    )
    assert g.shortest_path((0, 0), (0, 2), blocked={(0, 1), (1, 1), (2, 1)}) is None
    assert g.shortest_path((0, 0), (0, 1), blocked={(0, 1)}) is None
    # The start may be blocked (a figure leaves its own cell).
    assert g.shortest_path((0, 0), (0, 1), blocked={(0, 0)}) == ((0, 0), (0, 1))


def test_diagonal_paths_and_corner_blockers() -> None:
    g = Grid(3, 3)
    assert g.shortest_path((2, 0), (0, 2), diagonal=True) == ((2, 0), (1, 1), (0, 2))
    threats = {(1, 0), (2, 1)}
    # (2, 0) -> (1, 1) would pass between the two threats.
    assert g.shortest_path(
        (2, 0), (1, 1), diagonal=True, blocked=threats, corner_blockers=threats
    ) is None
    assert g.shortest_path((2, 0), (1, 1), diagonal=True, blocked=threats) == ((2, 0), (1, 1))


def test_reachable_and_nearest() -> None:
    g = Grid(3, 3)
    assert g.reachable((0, 0), 1) == {(0, 0), (0, 1), (1, 0)}
    assert g.reachable((0, 0), 0) == {(0, 0)}
    assert g.reachable((1, 1), 1, diagonal=True) == set(g.cells())
    with pytest.raises(ValueError, match="negative"):
        g.reachable((0, 0), -1)
    assert g.nearest((0, 0), [(2, 2), (0, 2), (2, 0)]) == (0, 2)  # tie: reading order
    enemies = {(1, 1), (2, 2)}
    assert g.nearest((0, 0), [(2, 2)], blocked=enemies) == (2, 2)
    assert g.nearest((0, 0), []) is None
    assert g.nearest((0, 0), [(2, 2)], blocked={(0, 1), (1, 0)}) is None


# Brute force on small grids: every shortest path, the smallest in reading order.

@st.composite
def grid_problems(draw: st.DrawFn) -> tuple[Grid, Coord, Coord, frozenset[Coord], bool, frozenset[Coord]]:
    rows, cols = draw(st.integers(1, 4)), draw(st.integers(1, 4))
    g = Grid(rows, cols)
    cells = st.sampled_from(g.cells())
    start, goal = draw(cells), draw(cells)
    blocked = frozenset(draw(st.lists(cells, max_size=rows * cols // 2)))
    diagonal = draw(st.booleans())
    corners = frozenset(draw(st.lists(cells, max_size=4))) if diagonal else frozenset()
    return g, start, goal, blocked, diagonal, corners


def _legal_step(a: Coord, b: Coord, blocked: frozenset[Coord], diagonal: bool, corners: frozenset[Coord]) -> bool:
    if b in blocked or not grid.is_adjacent(a, b, diagonal=diagonal):
        return False
    return not grid.squeezed(a, b, corners)


def _all_simple_paths(g: Grid, start: Coord, goal: Coord, legal: Any) -> list[tuple[Coord, ...]]:
    out: list[tuple[Coord, ...]] = []

    def walk(path: list[Coord]) -> None:
        if path[-1] == goal:
            out.append(tuple(path))
            return
        for nb in g.cells():
            if nb not in path and legal(path[-1], nb):
                path.append(nb)
                walk(path)
                path.pop()

    walk([start])
    return out


@settings(max_examples=100)
@given(grid_problems())
def test_shortest_path_matches_brute_force(problem: Any) -> None:
    g, start, goal, blocked, diagonal, corners = problem
    if len(g.cells()) > 9 and diagonal:
        g, start, goal = Grid(3, 3), (0, 0), (2, 2)  # keep the enumeration small
        blocked, corners = frozenset(c for c in blocked if g.contains(c)), frozenset(
            c for c in corners if g.contains(c))
    paths = _all_simple_paths(g, start, goal, lambda a, b: _legal_step(a, b, blocked, diagonal, corners))
    found = g.shortest_path(start, goal, blocked=blocked, diagonal=diagonal, corner_blockers=corners)
    dist = g.distances(start, blocked=blocked, diagonal=diagonal, corner_blockers=corners)
    if not paths:
        assert found is None
        assert goal not in dist
        return
    best = min(paths, key=lambda p: (len(p), p))
    assert found == best
    assert dist[goal] == len(best) - 1
    steps = 3
    reach = g.reachable(start, steps, blocked=blocked, diagonal=diagonal, corner_blockers=corners)
    assert reach == {c for c, d in dist.items() if d <= steps}


# -- graphs of spaces ----------------------------------------------------------------------

DASHED = BorderKind("dashed", cost=1)
RED_LINE = BorderKind("red", cost=3)
WINDOW = BorderKind("window", passable=False)
WALL = BorderKind("wall", passable=False, blocks_sight=True)


def street() -> SpaceGraph[str]:
    """A little map:

        yard --dashed-- hall --red-- shop
          |                           |
        window                      dashed
          |                           |
        garden --wall-- shed --dashed-- cellar
    """
    return SpaceGraph(
        ("yard", "hall", "shop", "garden", "shed", "cellar"),
        (
            Border("yard", "hall", DASHED),
            Border("hall", "shop", RED_LINE),
            Border("yard", "garden", WINDOW),
            Border("shop", "cellar", DASHED),
            Border("garden", "shed", WALL),
            Border("shed", "cellar", DASHED),
        ),
    )


def test_border_kinds_are_validated() -> None:
    assert BorderKind("dashed") == BorderKind("dashed", passable=True, cost=1, blocks_sight=False)
    for kwargs, message in (
        ({"name": ""}, "non-empty name"),
        ({"name": "x", "cost": -1}, "int >= 0"),
        ({"name": "x", "cost": 1.5}, "int >= 0"),
        ({"name": "x", "passable": 1}, "passable must be True or False"),
        ({"name": "x", "blocks_sight": None}, "blocks_sight must be True or False"),
    ):
        with pytest.raises(ValueError, match=message):
            BorderKind(**kwargs)


@pytest.mark.parametrize(
    ("spaces", "borders", "message"),
    [
        (("a", "a"), (), "listed twice"),
        (([1], "b"), (), "not hashable"),
        (("a", "b"), (Border("a", "c", DASHED),), "unknown space 'c'"),
        (("a", "b"), (Border("a", "a", DASHED),), "two different spaces"),
        (("a", "b"), (Border("a", "b", DASHED), Border("b", "a", WALL)), "share two borders"),
        (("a", "b"), (("a", "b"),), "is not a Border"),
        (("a", "b"), (Border("a", "b", "dashed"),), "has no BorderKind"),
    ],
)
def test_space_graphs_are_validated(spaces: Any, borders: Any, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        SpaceGraph(spaces, borders)


def test_space_graph_lookups() -> None:
    g = street()
    assert g.border_kind("hall", "yard") == DASHED
    assert g.border_kind("yard", "shop") is None
    assert g.adjacent("yard") == ("hall", "garden")
    assert g.neighbours("yard") == ("hall",)
    assert g.step_cost("hall", "shop") == 3
    assert g.step_cost("yard", "garden") is None
    assert g.step_cost("yard", "shop") is None
    assert g.has_space("shed") and not g.has_space("moon") and not g.has_space([1])
    with pytest.raises(ValueError, match="'moon' is not a space of this graph"):
        g.adjacent("moon")
    assert Border("a", "b", DASHED).other("a") == "b"
    with pytest.raises(ValueError, match="not on the border"):
        Border("a", "b", DASHED).other("c")


def test_movement_costs_come_from_the_border_kinds() -> None:
    g = street()
    assert g.shortest_path("yard", "cellar") == (("yard", "hall", "shop", "cellar"), 5)
    assert g.shortest_path("yard", "garden") is None
    assert g.shortest_path("yard", "shed") == (("yard", "hall", "shop", "cellar", "shed"), 6)
    assert g.costs_from("yard") == {"yard": 0, "hall": 1, "shop": 4, "cellar": 5, "shed": 6}
    assert g.reachable("yard", 4) == {"yard": 0, "hall": 1, "shop": 4}
    assert g.reachable("yard", 0) == {"yard": 0}
    with pytest.raises(ValueError, match="negative"):
        g.reachable("yard", -1)


def test_a_mover_may_price_borders_its_own_way() -> None:
    g = street()

    def matching_red(kind: BorderKind) -> int | None:
        # All cards played matched the line's colour: a coloured line costs 1.
        if kind.name == "red":
            return 1
        return kind.cost if kind.passable else None

    assert g.shortest_path("yard", "cellar", cost=matching_red) == (("yard", "hall", "shop", "cellar"), 3)
    assert g.reachable("yard", 2, cost=matching_red) == {"yard": 0, "hall": 1, "shop": 2}

    def climber(kind: BorderKind) -> int | None:
        return 2 if kind.name == "window" else (kind.cost if kind.passable else None)

    assert g.neighbours("yard", cost=climber) == ("hall", "garden")
    assert g.shortest_path("garden", "yard", cost=climber) == (("garden", "yard"), 2)
    with pytest.raises(ValueError, match="must be an int >= 0 or None"):
        g.costs_from("yard", cost=lambda kind: -1)


def test_ties_break_by_crossings_then_spaces_order() -> None:
    free = BorderKind("free", cost=0)
    diamond = SpaceGraph(
        ("a", "c", "b", "d"),
        (Border("a", "b", DASHED), Border("a", "c", DASHED), Border("b", "d", DASHED),
         Border("c", "d", DASHED)),
    )
    assert diamond.shortest_path("a", "d") == (("a", "c", "d"), 2)  # c is listed before b
    assert diamond.shortest_path("d", "a") == (("d", "c", "a"), 2)
    assert diamond.nearest("a", ["b", "c"]) == "c"
    shortcut = SpaceGraph(
        ("a", "b", "d"),
        (Border("a", "b", free), Border("b", "d", free), Border("a", "d", free)),
    )
    assert shortcut.shortest_path("a", "d") == (("a", "d"), 0)  # same cost, fewer crossings


def test_blocked_spaces_are_never_entered() -> None:
    g = street()
    assert g.shortest_path("yard", "cellar", blocked={"shop"}) is None
    assert g.shortest_path("yard", "hall", blocked={"hall"}) is None
    assert g.shortest_path("yard", "hall", blocked={"yard"}) == (("yard", "hall"), 1)
    assert g.costs_from("yard", blocked={"hall"}) == {"yard": 0}
    assert g.nearest("yard", ["cellar", "shop"]) == "shop"
    assert g.nearest("yard", ["garden"]) is None
    assert g.shortest_path("yard", "yard") == (("yard",), 0)


def test_line_of_sight_along_borders() -> None:
    g = street()
    # A window lets sight through, a wall does not; passability does not matter.
    assert g.in_sight("yard", "garden")
    assert not g.in_sight("garden", "shed", max_range=1)
    assert g.sight_distances("garden") == {
        "garden": 0, "yard": 1, "hall": 2, "shop": 3, "cellar": 4, "shed": 5,
    }
    assert g.sight_distances("garden", max_range=2) == {"garden": 0, "yard": 1, "hall": 2}
    assert g.in_sight("shed", "shed", max_range=0)
    assert g.hops_from("garden", max_hops=1) == {"garden": 0, "yard": 1, "shed": 1}
    with pytest.raises(ValueError):
        g.in_sight("garden", "moon")


def test_space_graph_round_trips_and_is_hashable() -> None:
    g = street()
    again = codec.loads(codec.dumps(g))
    assert again == g and hash(again) == hash(g)
    assert again.shortest_path("yard", "cellar") == g.shortest_path("yard", "cellar")
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        g.spaces = ()  # type: ignore[misc]


def test_from_grid_agrees_with_the_grid() -> None:
    g = Grid(3, 4)
    graph = SpaceGraph.from_grid(g, DASHED)
    assert graph.spaces == g.cells()
    for cell in g.cells():
        assert graph.neighbours(cell) == g.orthogonal(cell)
    blocked = {(0, 1), (1, 1)}
    path = graph.shortest_path((0, 0), (0, 2), blocked=blocked)
    assert path is not None
    assert path[0] == g.shortest_path((0, 0), (0, 2), blocked=blocked)
    assert dict(graph.costs_from((2, 3))) == dict(g.distances((2, 3)))


# Brute force on small random graphs.

# Mostly cost-1 lines, so that equal-cost ties (and their tie-breaks) are common.
kinds = st.one_of(
    st.sampled_from([DASHED, DASHED, DASHED, BorderKind("free", cost=0), WINDOW, WALL]),
    st.builds(
        BorderKind,
        st.sampled_from(["a", "b", "c"]),
        passable=st.booleans(),
        cost=st.integers(0, 2),
        blocks_sight=st.booleans(),
    ),
)


@st.composite
def graphs(draw: st.DrawFn) -> SpaceGraph[str]:
    n = draw(st.integers(1, 6))
    names = draw(st.permutations(["p", "q", "r", "s", "t", "u"]))[:n]  # order is not alphabetical
    borders = []
    for i, j in itertools.combinations(range(n), 2):
        kind = draw(st.none() | kinds)
        if kind is not None:
            a, b = (names[i], names[j]) if draw(st.booleans()) else (names[j], names[i])
            borders.append(Border(a, b, kind))
    return SpaceGraph(tuple(names), tuple(borders))


def _graph_paths(g: SpaceGraph[str], start: str, goal: str, blocked: set[str]) -> list[tuple[tuple[str, ...], int]]:
    out: list[tuple[tuple[str, ...], int]] = []

    def walk(path: list[str], spent: int) -> None:
        if path[-1] == goal:
            out.append((tuple(path), spent))
            return
        for nb in g.spaces:
            step = g.step_cost(path[-1], nb)
            if nb not in path and nb not in blocked and step is not None:
                path.append(nb)
                walk(path, spent + step)
                path.pop()

    walk([start], 0)
    return out


@settings(max_examples=150)
@given(graphs(), st.data())
def test_graph_shortest_path_matches_brute_force(g: SpaceGraph[str], data: st.DataObject) -> None:
    start = data.draw(st.sampled_from(g.spaces))
    goal = data.draw(st.sampled_from(g.spaces))
    blocked = set(data.draw(st.lists(st.sampled_from(g.spaces), max_size=2)))
    found = g.shortest_path(start, goal, blocked=blocked)
    if start == goal:
        assert found == ((start,), 0)
        return
    paths = _graph_paths(g, start, goal, blocked)
    if not paths:
        assert found is None
        return
    order = {s: i for i, s in enumerate(g.spaces)}
    best = min(paths, key=lambda pc: (pc[1], len(pc[0]), [order[s] for s in pc[0]]))
    assert found == best
    costs = g.costs_from(start, blocked=blocked)
    assert costs[goal] == best[1]
    budget = data.draw(st.integers(0, 6))
    assert g.reachable(start, budget, blocked=blocked) == {s: c for s, c in costs.items() if c <= budget}


@given(graphs(), st.data())
def test_sight_is_symmetric_and_matches_brute_force(g: SpaceGraph[str], data: st.DataObject) -> None:
    a = data.draw(st.sampled_from(g.spaces))
    b = data.draw(st.sampled_from(g.spaces))
    assert g.in_sight(a, b) == g.in_sight(b, a)
    seen = g.sight_distances(a)
    # Brute force: shortest chain of borders that do not block sight.
    see_through = SpaceGraph(
        g.spaces,
        [Border(x.a, x.b, BorderKind("open")) for x in g.borders if not x.kind.blocks_sight],
    )
    assert seen == see_through.costs_from(a)
