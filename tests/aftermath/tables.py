"""Hand-built books and tables for the rules tests: a small page of six spaces with every kind of
line, a mission past its setup, then the fields a test sets."""

from __future__ import annotations

from typing import Any

from wasteland.core.records import replace
from wasteland.aftermath import new_game
from wasteland.aftermath.book import Book, Effect, Entry, Line, Mission, Page, Space, Trigger
from wasteland.aftermath.cards import ACTION_CARDS, ENEMY_NAMES, NONE
from wasteland.aftermath.state import Foe, Phase, State, Wait

#: The test page's map, three by two::
#:
#:     A - B = C        A-B dashed, B-C red, A-D double, B-E wall, C-F dashed,
#:     ‖   |   |        D-E dashed, E-F green
#:     D - E ~ F
SPACES = (Space("A", 0, 0, 1, 1), Space("B", 1, 0, 1, 1), Space("C", 2, 0, 1, 1),
          Space("D", 0, 1, 1, 1), Space("E", 1, 1, 1, 1), Space("F", 2, 1, 1, 1, scavenge=(4,)))
LINES = (Line("A", "B", "dashed"), Line("B", "C", "red"), Line("A", "D", "double"), Line("B", "E", "wall"),
         Line("C", "F", "dashed"), Line("D", "E", "dashed"), Line("E", "F", "green"))


def entry(id: str, trigger: Trigger, *effects: Effect, space: str = "", token: str = "",
          revisit: bool = False) -> Entry:
    return Entry(id, trigger, f"entry {id}", tuple(effects), space, token, revisit)


def page(number: int = 1, *entries: Entry, calamity: int = 0, spaces: tuple[Space, ...] = SPACES,
         start: str = "A") -> Page:
    return Page(number, f"page {number}", spaces, LINES, start, calamity,
                (entry("begin", Trigger.BEGIN), *entries))


def book(*pages: Page) -> Book:
    return Book("Test book", "design", (Mission("test", pages[0].number, pages[0].number, "fail", 8),),
                pages or (page(),))


def card(colour: str, value: int, skip: tuple[int, ...] = ()) -> int:
    """The first action card of ``colour`` and ``value`` (not in ``skip``)."""
    return next(k for k, c in enumerate(ACTION_CARDS) if c.colour == colour and c.value == value and k not in skip)


def foe(name: str, *spaces: str, group: int = 0) -> Foe:
    return Foe(ENEMY_NAMES.index(name), group, spaces, (0,) * len(spaces))


def table(the_book: Book | None = None, players: int = 1, seed: int = 0, characters: tuple[str, ...] | None = None,
          **changes: Any) -> State:
    """A mission on ``the_book`` (the test page) past its setup: character 0 to act, no card in
    any hand unless given, then ``changes``."""
    options: dict[str, Any] = {"players": players, "book": the_book or book(page())}
    if characters is not None:
        options["characters"] = list(characters)
    state = new_game(seed, **options)
    n = len(state.options.characters)
    held = {k for h in changes.get("hands", ()) for k in h}
    base: dict[str, Any] = dict(
        phase=Phase.ACT, active=0, reader=0, stack=(Wait(),), events=(), hands=((),) * n,
        deck=tuple(k for k in state.deck if k not in held), threats=(NONE,) * 5,
    )
    base.update(changes)
    return replace(state, **base)
