"""Graphs of spaces with typed borders: deterministic paths, costs and line of sight.

Aftermath's page maps (dashed, coloured, see-through and blocking lines) are the named user.
"""

from __future__ import annotations

import itertools
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wasteland.core import board, codec
from wasteland.core.spaces import Border, BorderKind, SpaceGraph

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
    assert g.in_sight_of("garden", 2) == {"garden", "yard", "hall"}
    assert g.in_sight("shed", "shed", max_range=0)
    assert g.hops_from("garden", max_hops=1) == {"garden": 0, "yard": 1, "shed": 1}
    with pytest.raises(ValueError):
        g.in_sight("garden", "moon")


def test_hop_counts_are_hops_from_as_a_plain_dict() -> None:
    g = street()
    for start in g.spaces:
        for reach in (None, 0, 1, 3):
            counts = g.hop_counts(start, max_hops=reach)
            assert type(counts) is dict and counts == g.hops_from(start, max_hops=reach)
            passable = g.hop_counts(start, through=lambda kind: kind.passable, max_hops=reach)
            assert passable == g.hops_from(start, through=lambda kind: kind.passable, max_hops=reach)
    with pytest.raises(ValueError, match="'moon' is not a space of this graph"):
        g.hop_counts("moon")


def test_links_of_a_space_are_its_borders_by_position() -> None:
    g = street()
    assert g.links_of("yard") == ((1, DASHED), (3, WINDOW))
    assert g.links_of("shed") == ((3, WALL), (5, DASHED))
    for space in g.spaces:
        assert tuple(g.spaces[j] for j, _ in g.links_of(space)) == g.adjacent(space)
        assert all(g.border_kind(space, g.spaces[j]) == kind for j, kind in g.links_of(space))
    assert g.links_of("moon") == () and g.links_of([1]) == ()


def test_space_graph_round_trips_and_is_hashable() -> None:
    g = street()
    again = codec.loads(codec.dumps(g))
    assert again == g and hash(again) == hash(g)
    assert again.shortest_path("yard", "cellar") == g.shortest_path("yard", "cellar")
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        g.spaces = ()  # type: ignore[misc]


def test_from_layout_agrees_with_the_board() -> None:
    layout = board.grid(3, 4)
    graph = SpaceGraph.from_layout(layout, DASHED)
    assert graph.spaces == tuple(range(12))
    for cell in range(12):
        assert graph.neighbours(cell) == layout.adjacent[cell]
    path = graph.shortest_path(0, 2, blocked={1, 5})
    assert path is not None and path[0] == (0, 4, 8, 9, 10, 6, 2)
    assert dict(graph.costs_from(11)) == {c: d for c, d in enumerate(layout.distance[11])}



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
    for reach in (None, 0, 1, 2, 3):
        assert g.in_sight_of(a, reach) == frozenset(g.sight_distances(a, reach)), "the same spaces, no ranges"
