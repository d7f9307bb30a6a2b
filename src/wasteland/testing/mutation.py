"""A mutation fuzzer for states and views read from files.

Take states and views from random play, write them with ``codec.dumps`` (``share=False``: books and
card sets in full where they stand, so that a mutation reaches them; a changed entry of a
``$static`` table is refused by its digest), change the JSON tree (a number, two ids swapped, a
card duplicated or moved between zones, an element dropped or added, an enum member, a field given
another field's value, a view's viewer or hidden zones), read it back with ``codec.loads``;
whatever loads must be answered by every contract function with a result or a ``RulesError``, and
``determinize`` of a loaded view must give a table that views back to it and survives a codec round
trip.

It starts from every registered game at each of its player counts and each of its
``option_sets`` (:func:`wasteland.testing.tables`): no game escapes it.

``python -m wasteland.testing.mutation SECONDS [GAME ...]`` runs it for that long (``--files N``:
on the first N mutated files) and prints how many files were mutated, how many loaded, and each
crash signature with a count (a file whose answers take more than ``HANG_SECONDS`` is a hang,
named by where it was interrupted).
"""

from __future__ import annotations

import copy
import enum
import json
import signal
import sys
import time
import traceback
from collections import Counter
from functools import lru_cache
from typing import Any, Callable

import attrs

from wasteland.core import codec
from wasteland.core.game import Game, RulesError
from wasteland.core.rng import Rng
from wasteland.registry import GAMES
from wasteland.testing import keys, tables


def cases(games: tuple[str, ...] | None = None) -> tuple[tuple[str, int], ...]:
    """The tables the fuzzer starts from, as (key, index into ``tables(key)``): every game under
    test (or ``games``), at each player count and each of its option sets."""
    return tuple((key, i) for key in (keys() if games is None else games) for i in range(len(tables(key))))


@lru_cache(maxsize=64)  # the random play of a case, once per run of the tests
def corpus(key: str, option: int, seed: int) -> tuple[str, ...]:
    """The JSON texts of about a dozen tables and their views from one random game."""
    game = GAMES[key]
    state = game.new_game(seed, **tables(key)[option])
    pick = Rng.from_seed(seed)
    texts: list[str] = []
    step = 0
    while True:
        if step % 17 == 0 or game.outcome(state) is not None:
            texts.append(codec.dumps(state, share=False))  # in full: a mutation may reach the book or cards
            for p in range(game.num_players(state)):
                texts.append(codec.dumps(game.view(state, p), share=False))
        if game.outcome(state) is not None or step > 400:
            break
        action, pick = pick.choice(game.legal_actions(state))
        state = game.apply(state, action)
        step += 1
    return tuple(texts)


# -- the mutations -----------------------------------------------------------------------------

Path = tuple[Any, ...]


def _walk(node: Any, path: Path, out: dict[str, list[Path]]) -> None:
    if isinstance(node, dict):
        if "$r" in node:
            out["record"].append(path)
        if "$e" in node:
            out["enum"].append(path)
            return
        for k, v in node.items():
            if k.startswith("$") and k not in ("$t", "$f", "$s", "$v"):
                continue
            _walk(v, path + (k,), out)
    elif isinstance(node, list):
        out["list"].append(path)
        for i, v in enumerate(node):
            _walk(v, path + (i,), out)
    elif type(node) is int:
        out["int"].append(path)
    elif type(node) is bool:
        out["bool"].append(path)


def _get(doc: Any, path: Path) -> Any:
    for p in path:
        doc = doc[p]
    return doc


def _set(doc: Any, path: Path, value: Any) -> None:
    _get(doc, path[:-1])[path[-1]] = value


def _int_lists(doc: Any, where: dict[str, list[Path]]) -> list[Path]:
    return [p for p in where["list"] if all(type(x) is int for x in _get(doc, p))]


Where = dict[str, list[Path]]


def _change_int(doc: Any, where: Where, rng: Rng) -> None:
    if where["int"]:
        path, rng = rng.choice(where["int"])
        old = _get(doc, path)
        value, rng = rng.choice([old + 1, old - 1, 0, -1, -2, old * 2 + 7, 10**6, 2**63 - 1, -(2**63)])
        _set(doc, path, value)


def _swap(doc: Any, where: Where, rng: Rng) -> None:
    if len(where["int"]) > 1:
        a, rng = rng.choice(where["int"])
        b, rng = rng.choice(where["int"])
        va, vb = _get(doc, a), _get(doc, b)
        _set(doc, a, vb)
        _set(doc, b, va)


def _copy_card(doc: Any, where: Where, rng: Rng, *, move: bool) -> None:
    lists = [p for p in _int_lists(doc, where) if _get(doc, p)]
    targets = _int_lists(doc, where)
    if where["int"] and lists and targets:
        src, rng = rng.choice(lists)
        dst, rng = rng.choice(targets)
        items = _get(doc, src)
        i, rng = rng.below(len(items))
        card = items[i]
        if move:
            del items[i]
        spot, rng = rng.below(len(_get(doc, dst)) + 1)
        _get(doc, dst).insert(spot, card)


def _drop(doc: Any, where: Where, rng: Rng) -> None:
    if where["list"]:
        path, rng = rng.choice(where["list"])
        items = _get(doc, path)
        if items:
            i, rng = rng.below(len(items))
            del items[i]


def _add(doc: Any, where: Where, rng: Rng) -> None:
    if where["list"]:
        path, rng = rng.choice(where["list"])
        items = _get(doc, path)
        if items:
            i, rng = rng.below(len(items))
            items.append(copy.deepcopy(items[i]))
        else:
            items.append(0)


def _change_enum(doc: Any, where: Where, rng: Rng) -> None:
    if where["enum"]:
        path, rng = rng.choice(where["enum"])
        node = _get(doc, path)
        cls = codec.registered().get(node["$e"])
        if cls is not None and issubclass(cls, enum.Enum):
            member, rng = rng.choice(list(cls))
            node["v"] = member.value


def _copy_field(doc: Any, where: Where, rng: Rng) -> None:
    if where["record"]:
        path, rng = rng.choice(where["record"])
        node = _get(doc, path)
        names = [k for k in node if k != "$r"]
        if len(names) > 1:
            a, rng = rng.choice(names)
            b, rng = rng.choice(names)
            node[a] = copy.deepcopy(node[b])


def _flip_bool(doc: Any, where: Where, rng: Rng) -> None:
    if where["bool"]:
        path, rng = rng.choice(where["bool"])
        _set(doc, path, not _get(doc, path))


def _set_viewer(doc: Any, where: Where, rng: Rng) -> None:
    value, rng = rng.choice([None, 0, 1, 2, 3, 4, -1])
    doc["viewer"] = value


def _show_or_hide(doc: Any, where: Where, rng: Rng) -> None:
    """A hidden place (-1) of a view shown, or a shown card hidden."""
    lists = [p for p in _int_lists(doc, where) if _get(doc, p)]
    if lists:
        path, rng = rng.choice(lists)
        items = _get(doc, path)
        i, rng = rng.below(len(items))
        if items[i] == -1 and where["int"]:
            other, rng = rng.choice(where["int"])
            items[i] = _get(doc, other)
        else:
            items[i] = -1


#: Each mutation by name: it changes the document in place (or nothing, where it finds no target).
MUTATIONS: dict[str, Callable[[Any, Where, Rng], None]] = {
    "int": _change_int, "swap": _swap, "duplicate": lambda d, w, r: _copy_card(d, w, r, move=False),
    "drop": _drop, "add": _add, "enum": _change_enum, "field": _copy_field,
    "move": lambda d, w, r: _copy_card(d, w, r, move=True), "bool": _flip_bool, "viewer": _set_viewer,
    "hidden": _show_or_hide,
}


def mutate(doc: Any, rng: Rng) -> str:
    """Change ``doc`` in place in one random way; returns the mutation's name."""
    where: Where = {"record": [], "enum": [], "list": [], "int": [], "bool": []}
    _walk(doc, (), where)
    kind, rng = rng.choice(list(MUTATIONS))
    MUTATIONS[kind](doc, where, rng)
    return kind


# -- calling every contract function ------------------------------------------------------------

Failure = tuple[str, str]  # (signature, detail)


def _signature(where: str, exc: BaseException) -> str:
    frames = [f for f in traceback.extract_tb(exc.__traceback__) if "wasteland" in f.filename]
    frame = frames[-1] if frames else None
    spot = f"{frame.filename.rsplit('/src/', 1)[-1]}:{frame.lineno}" if frame else "?"
    return f"{where}: {type(exc).__name__} at {spot}"


def _call(failures: list[Failure], where: str, fn: Callable[..., Any], *args: Any) -> Any:
    try:
        return fn(*args)
    except RulesError:
        return None
    except Exception as exc:  # noqa: BLE001 - what the fuzzer looks for
        failures.append((_signature(where, exc), f"{type(exc).__name__}: {str(exc)[:200]}"))
        return None


def exercise(game: Game[Any, Any], state: Any, seed: int, *, depth: int = 1) -> list[Failure]:
    """Every contract function on ``state`` (a table or a view); the failures found."""
    failures: list[Failure] = []
    c = _call
    seats = range(game.num_players(state))
    c(failures, "current_player", game.current_player, state)
    legal = c(failures, "legal_actions", game.legal_actions, state) or ()
    c(failures, "outcome", game.outcome, state)
    c(failures, "returns", game.returns, state)
    c(failures, "events", game.events, state)
    c(failures, "render", game.render, state, None)
    c(failures, "svg", game.svg, state, None)
    c(failures, "action_count", game.action_count, state)
    c(failures, "observation_size", game.observation_size, state)
    for action in legal:
        text = c(failures, "notation", game.notation, state, action)
        if text is not None:
            again = c(failures, "parse", game.parse, state, text)
            if again is not None and again != action:
                failures.append(("parse: not the inverse of notation", text))
        c(failures, "describe", game.describe, state, action)
        number = c(failures, "action_id", game.action_id, state, action)
        if number is not None:
            c(failures, "action_from_id", game.action_from_id, state, number)
        after = c(failures, "apply", game.apply, state, action)
        if after is not None and depth > 0:
            c(failures, "legal_actions after apply", game.legal_actions, after)
    if state.viewer is None:
        for p in seats:
            seen = c(failures, "view", game.view, state, p)
            if seen is not None:
                failures.extend(check_view(game, seen, p, seed))
    else:
        failures.extend(check_view(game, state, state.viewer, seed, depth=depth))
    return failures


def check_view(game: Game[Any, Any], seen: Any, p: int, seed: int, *, depth: int = 0) -> list[Failure]:
    """A view answers observe, render and svg; determinize gives a table that views back to it,
    reads back from its JSON and plays on."""
    failures: list[Failure] = []
    c = _call
    c(failures, "observe", game.observe, seen)
    c(failures, "render (seat)", game.render, seen, p)
    c(failures, "svg (seat)", game.svg, seen, p)
    table = c(failures, "determinize", game.determinize, seen, p, seed)
    if table is None:
        return failures
    back = c(failures, "view of determinize", game.view, table, p)
    if back is not None and back != seen:
        failures.append(("determinize: does not view back to its view", _diff(back, seen)))
    try:
        if codec.loads(codec.dumps(table)) != table:
            failures.append(("determinize: changes in a codec round trip", ""))
    except Exception as exc:  # noqa: BLE001
        failures.append((f"determinize: table refused by the loader ({type(exc).__name__})", str(exc)[:200]))
        return failures
    if depth > 0:
        failures.extend(exercise(game, table, seed, depth=0))
    return failures


def _diff(a: Any, b: Any) -> str:
    return ", ".join(f.name for f in attrs.fields(type(a)) if getattr(a, f.name) != getattr(b, f.name))


def fuzz_one(key: str, option: int, seed: int, pick: int, mutations: int) -> tuple[bool, list[Failure]]:
    """One mutated file: (whether it loaded, the failures of the functions called on it)."""
    texts = corpus(key, option, seed)
    rng = Rng.from_seed(pick)
    text, rng = rng.choice(texts)
    doc = json.loads(text)
    for _ in range(mutations):
        mutate(doc, rng)
        rng = rng.fork(1)
    try:
        state = codec.loads(json.dumps(doc))
    except codec.CodecError:
        return False, []
    except Exception as exc:  # noqa: BLE001
        return False, [(_signature("loads", exc), str(exc)[:200])]
    game = GAMES[key]
    if type(state) is not game.state_type:
        return True, []
    return True, exercise(game, state, pick)


class Hang(BaseException):
    """A mutated file still not answered after ``HANG_SECONDS`` (not an Exception: the calls of
    ``exercise`` catch those)."""


#: How long ``run`` waits for the answers to one mutated file before it calls it a hang.
HANG_SECONDS = 20


def _hang(signum: int, frame: Any) -> None:
    raise Hang(f"no answer in {HANG_SECONDS} s")


def run(seconds: float, games: tuple[str, ...] | None = None, files: int | None = None) -> None:
    """Fuzz the games ``games`` (every game under test by default) for ``seconds`` (or the first
    ``files`` mutated files) and print the counts and the crash signatures (a file not answered
    in ``HANG_SECONDS`` is a ``Hang`` where it was interrupted)."""
    todo = cases(games)
    start = time.perf_counter()
    ran = loaded = 0
    found: Counter[str] = Counter()
    examples: dict[str, str] = {}
    i = 0
    while (time.perf_counter() - start < seconds) if files is None else i < files:
        key, option = todo[i % len(todo)]
        corpus(key, option, i // len(todo) % 6)  # the random play, before the clock starts
        previous = signal.signal(signal.SIGALRM, _hang)
        signal.alarm(HANG_SECONDS)
        try:
            ok, failures = fuzz_one(key, option, i // len(todo) % 6, i, 1 + i % 3)
        except Hang as exc:
            ok, failures = True, [(_signature("hang", exc), str(exc))]
        finally:
            signal.alarm(0)
            signal.signal(signal.SIGALRM, previous)
        ran += 1
        loaded += ok
        for sig, detail in set(failures):
            found[f"{key} {sig}"] += 1
            examples.setdefault(f"{key} {sig}", f"case {(key, option, i // len(todo) % 6, i, 1 + i % 3)}: {detail}")
        i += 1
    print(f"mutated files: {ran}, loaded: {loaded}, with a failure: {sum(found.values())}")
    for sig, n in found.most_common():
        print(f"{n:6d}  {sig}\n        {examples[sig]}")


if __name__ == "__main__":
    args = sys.argv[1:]
    count = None
    if "--files" in args:
        at = args.index("--files")
        count = int(args[at + 1])
        del args[at:at + 2]
    run(float(args[0]) if args else 60.0, tuple(args[1:]) or None, count)
