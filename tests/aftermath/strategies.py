"""Hypothesis strategies and helpers for the Aftermath book tests: generated books that name
only what exists, any JSON value at any place of the starter book, and a change at a path."""

from __future__ import annotations

import json
from typing import Any, Callable

from hypothesis import strategies as st

from wasteland.aftermath.book import BOOK_FORMAT, DEFAULT_BOOK_PATH, SHARED_NAMES, TOKENS_IN_BOX
from wasteland.aftermath.vocabulary import DIALS, LINE_NAMES, TOKENS

__all__ = ["books", "set_at", "DELETE", "JUNK", "STARTER_DATA", "STARTER_PATHS", "SPACE_NAMES"]


def set_at(path: tuple[Any, ...], value: Any) -> Callable[[dict[str, Any]], None]:
    def change(b: dict[str, Any]) -> None:
        target: Any = b
        for key in path[:-1]:
            target = target[key]
        if value is DELETE:
            del target[path[-1]]
        else:
            target[path[-1]] = value
    return change


DELETE = object()

SPACE_NAMES = ("A", "B", "C", "D", "E")


@st.composite
def _effect(draw: st.DrawFn, spaces: list[str], pages: list[int], later: list[str], depth: int) -> dict[str, Any]:
    """One effect naming only what exists: ``later`` are the entries it may read (after its own),
    ``pages`` those it may go to (none: it moves nobody)."""
    some_spaces = st.lists(st.sampled_from(spaces), min_size=1, max_size=len(spaces), unique=True)
    dials = st.dictionaries(st.sampled_from(DIALS), st.integers(1, 20), max_size=3)
    prize = st.fixed_dictionaries({}, optional={"dials": dials, "batteries": st.integers(0, 8),
                                                "items": st.integers(0, 5), "broken": st.integers(0, 5)})
    flag = st.booleans()
    kinds = ["go_to_page", "travel"] if pages else []
    kinds += ["encounter", "random_encounter", "encounter_card", "hunt", "place_tokens",
             "remove_tokens", "dial", "gain_item", "draw_items", "batteries", "wound", "book_attack", "status",
             "situation", "end_mission"]
    if later:
        kinds.append("read")
    if depth < 2:
        kinds += ["test", "group_task", "choice"]
    do = draw(st.sampled_from(kinds))
    branch = st.lists(_effect(spaces, pages, later, depth + 1), max_size=2)
    fields: dict[str, st.SearchStrategy[Any]] = {
        "read": st.fixed_dictionaries({"entry": st.sampled_from(later or ["begin"])}),
        "go_to_page": st.fixed_dictionaries({"page": st.sampled_from(pages)}),
        "travel": st.fixed_dictionaries({"pages": st.lists(st.sampled_from(pages), min_size=1, unique=True)}),
        "encounter": st.fixed_dictionaries(
            {"enemies": st.lists(st.sampled_from(sorted(SHARED_NAMES.enemies)), min_size=1, max_size=5),
             "spaces": some_spaces, "hostile": flag}, optional={"loot": prize}),
        "random_encounter": st.fixed_dictionaries(
            {"enemy_type": st.sampled_from(sorted(SHARED_NAMES.enemy_types)), "count": st.integers(1, 5),
             "spaces": some_spaces, "hostile": flag}),
        "encounter_card": st.fixed_dictionaries({"spaces": some_spaces}),
        "hunt": st.fixed_dictionaries({"spaces": some_spaces}),
        "place_tokens": st.fixed_dictionaries({"token": st.sampled_from(TOKENS), "spaces": some_spaces}),
        "remove_tokens": st.fixed_dictionaries({"token": st.sampled_from(TOKENS)}, optional={"spaces": some_spaces}),
        "dial": st.fixed_dictionaries({"dial": st.sampled_from(DIALS),
                                       "amount": st.integers(-20, 20).filter(bool)}),
        "gain_item": st.fixed_dictionaries({"item": st.sampled_from(sorted(SHARED_NAMES.items))},
                                           optional={"broken": flag}),
        "draw_items": st.fixed_dictionaries({"count": st.integers(1, 5)}, optional={"broken": flag}),
        "batteries": st.fixed_dictionaries({"count": st.integers(1, 8)}),
        "wound": st.fixed_dictionaries({"amount": st.integers(1, 10)}, optional={"toxic": flag, "everyone": flag}),
        "book_attack": st.fixed_dictionaries({"strength": st.integers(1, 20)},
                                             optional={"toxic": flag, "everyone": flag}),
        "status": st.fixed_dictionaries({"status": st.sampled_from(sorted(SHARED_NAMES.statuses))},
                                        optional={"everyone": flag}),
        "situation": st.fixed_dictionaries({"hostile": flag}),
        "end_mission": st.fixed_dictionaries({"success": flag}),
        "test": st.fixed_dictionaries(
            {"attribute": st.sampled_from(["red", "green", "blue", "yellow"]), "difficulty": st.integers(1, 30)},
            optional={"opposed": flag, "success": branch, "failure": branch}),
        "group_task": st.fixed_dictionaries(
            {"attribute": st.sampled_from(["red", "green", "blue", "yellow"]), "difficulty": st.integers(1, 60)},
            optional={"success": branch}),
        "choice": st.fixed_dictionaries({"options": st.lists(
            st.fixed_dictionaries({"label": st.text(st.characters(min_codepoint=32, max_codepoint=126),
                                                    min_size=1, max_size=10)}, optional={"effects": branch}),
            min_size=2, max_size=3)}),
    }
    return {"do": do, **draw(fields[do])}


@st.composite
def _page(draw: st.DrawFn, number: int, pages: list[int]) -> dict[str, Any]:
    """Spaces side by side in a row (each shares an edge with the next), lines between neighbours."""
    count = draw(st.integers(1, len(SPACE_NAMES)))
    spaces, x = [], 0
    for name in SPACE_NAMES[:count]:
        w, h = draw(st.integers(1, 4)), draw(st.integers(1, 4))
        space: dict[str, Any] = {"name": name, "x": x, "y": 0, "w": w, "h": h}
        space.update(draw(st.fixed_dictionaries({}, optional={
            "scavenge": st.lists(st.integers(1, 12), max_size=2),
            "tokens": st.lists(st.sampled_from(TOKENS), max_size=2)})))
        spaces.append(space)
        x += w
    printed: list[str] = []  # a page prints no more tokens of a kind than the box holds
    for space in spaces:
        kept = []
        for token in space.get("tokens", ()):
            if printed.count(token) < TOKENS_IN_BOX[token]:
                printed.append(token)
                kept.append(token)
        if "tokens" in space:
            space["tokens"] = kept
    names = [s["name"] for s in spaces]
    lines = [{"a": a, "b": b, "kind": draw(st.sampled_from(LINE_NAMES))}
             for a, b in zip(names, names[1:]) if draw(st.booleans())]
    triggers = draw(st.lists(st.sampled_from(["numbered", "space", "token", "threat", "calamity", "leave"]),
                             max_size=4, unique_by=lambda t: t if t in ("threat", "calamity", "leave") else None))
    ids = ["begin", *(f"{number}-{k}" for k in range(len(triggers)))]
    entries = []
    for k, (entry_id, trigger) in enumerate(zip(ids, ["begin", *triggers])):
        entry: dict[str, Any] = {"id": entry_id, "trigger": trigger, "text": f"Entry {entry_id}."}
        if trigger in ("space", "token"):
            entry["space"] = draw(st.sampled_from(names))
        if trigger == "token":
            entry["token"] = draw(st.sampled_from(TOKENS))
        entry.update(draw(st.fixed_dictionaries({}, optional={
            # a begin entry moves the team on and reads nothing, so no begin entries go round a circle
            "effects": st.lists(_effect(names, pages if k else [], ids[k + 1:] if k else [], 0), max_size=3),
            "revisit": st.booleans()})))
        entries.append(entry)
    page = {"number": number, "title": f"Page {number}", "spaces": spaces, "lines": lines,
            "start": draw(st.sampled_from(names)), "entries": entries}
    if "calamity" in triggers:
        page["calamity"] = draw(st.integers(1, 40))
    return page


@st.composite
def books(draw: st.DrawFn) -> dict[str, Any]:
    numbers = draw(st.lists(st.integers(1, 999), min_size=1, max_size=3, unique=True))
    pages = [draw(_page(n, numbers)) for n in numbers]
    return {"format": BOOK_FORMAT, "version": 1, "title": "Generated", "provenance": "design: generated",
            "missions": [{"name": "M", "start_page": numbers[0], "failure_page": numbers[-1],
                          "failure_entry": "begin", "time": draw(st.integers(1, 99))}],
            "pages": pages}



def _paths(value: Any, here: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in plain JSON data, as the keys and indexes that reach it."""
    out = [here]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*here, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, (*here, i))
    return out


JUNK = st.recursive(
    st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=6,
)
STARTER_DATA = json.loads(DEFAULT_BOOK_PATH.read_text(encoding="utf-8"))
STARTER_PATHS = _paths(STARTER_DATA)[1:]


