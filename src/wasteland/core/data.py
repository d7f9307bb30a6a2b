"""Card data: reading a user's own data safely, and per-id tables built once per card set.

**Reading.** A card set of one's own (and, later, an adventure book) arrives
as plain JSON data from a stranger. The ``need_*`` functions check one value
each and raise :class:`~wasteland.core.game.ConfigError` with the path of the
offending entry and what is allowed::

    cards.threats[3].strength: must be a whole number from 0 to 99, got -1

so every game reports a bad file the same way. A path is built with
:func:`at` (``at("cards", "threats", 3, "strength")``). Messages repeat at most
a short prefix of what they were given.

**Tables.** Rules read card facts by index (``strength[card]``), never by
looking a record up. :class:`DerivedCache` keeps the tables derived from a
card set, built once per distinct set.

**Provenance.** Every card record says where its facts come from:
``public [SOURCE]`` (a public source named in the research notes), ``design:
why`` (our choice where nothing is public) or ``user card set``.
:func:`check_provenance` is what the tests hold every card to.
"""

from __future__ import annotations

from typing import Any, Callable, Generic, Hashable, Mapping, Sequence, TypeVar

from wasteland.core.game import ConfigError, short

__all__ = [
    "at", "need_object", "need_list", "need_int", "need_bool", "need_name", "DerivedCache",
    "check_provenance", "PROVENANCES",
]

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")
T = TypeVar("T")

#: How a provenance string may begin.
PROVENANCES = ("public", "design", "user card set")


def at(*keys: str | int) -> str:
    """A path for messages: ``at("cards", "threats", 3, "kind")`` is ``cards.threats[3].kind``."""
    out = ""
    for key in keys:
        if isinstance(key, int):
            out += f"[{key}]"
        else:
            out += f".{key}" if out else key
    return out


def _fail(where: str, message: str) -> ConfigError:
    return ConfigError(f"{where}: {message}")


def need_object(where: str, value: object, allowed: Sequence[str], example: str = "") -> Mapping[str, Any]:
    """``value`` if it is an object (a dict) whose keys are all among ``allowed``."""
    if not isinstance(value, Mapping):
        like = f" like {example}" if example else ""
        raise _fail(where, f"must be an object{like}, got {short(value)}")
    for key in value:
        if type(key) is not str or key not in allowed:
            raise _fail(where, f"unknown key {short(key)}; allowed keys: {', '.join(map(repr, allowed))}")
    return value


def need_list(where: str, value: object, low: int = 0, high: int = 10_000) -> list[Any]:
    """``value`` if it is a list (or tuple) of ``low`` to ``high`` entries."""
    if not isinstance(value, (list, tuple)):
        raise _fail(where, f"must be a list, got {short(value)}")
    if not low <= len(value) <= high:
        raise _fail(where, f"must hold {low} to {high} entries, got {len(value)}")
    return list(value)


def need_int(where: str, value: object, low: int, high: int, *, none: str = "") -> int:
    """``value`` if it is a whole number from ``low`` to ``high`` (never a bool or a float)."""
    if type(value) is not int or not low <= value <= high:
        extra = f" or null ({none})" if none else ""
        raise _fail(where, f"must be a whole number from {low} to {high}{extra}, got {short(value)}")
    return value


def need_bool(where: str, value: object) -> bool:
    """``value`` if it is true or false."""
    if type(value) is not bool:
        raise _fail(where, f"must be true or false, got {short(value)}")
    return value


def need_name(where: str, value: object, choices: Mapping[str, T]) -> T:
    """The choice named by ``value`` (case does not matter); ConfigError lists the names."""
    if isinstance(value, str):
        folded = value.casefold()
        for name, choice in choices.items():
            if name.casefold() == folded:
                return choice
    raise _fail(where, f"must be one of {', '.join(map(repr, choices))}, got {short(value)}")


def check_provenance(text: object) -> bool:
    """Whether ``text`` is a provenance string of the accepted forms (see the module's text)."""
    return isinstance(text, str) and text.startswith(PROVENANCES) and len(text) > len("design")


class DerivedCache(Generic[K, V]):
    """``build(key)`` for immutable ``key``s, computed once per distinct key and kept.

    The last key is checked by identity first: a game carries the same record
    object from state to state, and comparing it by value (every card of a card
    set) on each lookup would cost more than the lookup saves. Other keys are
    found by equality; at most ``maxsize`` are kept. A cache of a pure function:
    it changes no result.
    """

    def __init__(self, build: Callable[[K], V], maxsize: int = 256) -> None:
        self._build = build
        self._maxsize = maxsize
        self._by_value: dict[K, V] = {}
        self._last: tuple[K, V] | None = None

    def __call__(self, key: K) -> V:
        last = self._last
        if last is not None and last[0] is key:
            return last[1]
        try:
            value = self._by_value[key]
        except KeyError:
            if len(self._by_value) >= self._maxsize:
                self._by_value.clear()
            value = self._by_value[key] = self._build(key)
        self._last = (key, value)
        return value
