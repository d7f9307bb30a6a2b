"""The registry of games: key → ``Game``, each game imported only when first asked for.

The library's own games are always there. A game from another package joins them through the
entry-point group ``wasteland.games`` (as pytest finds its plugins and Gymnasium its
environments): the package's ``pyproject.toml`` names its game package under the game's key
(``salvage = "wasteland_salvage"`` in the table ``[project.entry-points."wasteland.games"]``),
and once it is installed beside the library, every tool sees the game (``wasteland games``,
``play``, ``simulate``, ``tournament``, ``serve``, ``replay``, the RL adapters). A plugin is
imported when a tool first asks for it, and checked: one that fails to import, has no ``GAME``,
or whose ``GAME`` is another key is left out, with one line that says why (:func:`broken`;
``wasteland games`` prints it), and the other games go on.
"""

from __future__ import annotations

import importlib
import re
from types import ModuleType
from typing import TYPE_CHECKING, Any, Iterator, Mapping, Sequence, overload

from wasteland.core import codec
from wasteland.core.game import Game

if TYPE_CHECKING:  # importlib.metadata is imported when the plugins are looked for, not at start
    from importlib import metadata

__all__ = ["ENTRY_POINTS", "GAME_KEYS", "GAMES", "get_game", "register", "package_of", "bots_of", "broken"]

#: The entry-point group a package names its games in.
ENTRY_POINTS = "wasteland.games"

#: The library's own games, in the order tools list them.
BUILT_IN: tuple[str, ...] = ("lucky_seven", "arctic_scavengers", "raxxon", "terror_below", "aftermath")

#: What a game's key may be: it starts the codec's tags (``<key>.Name``) and names files.
_KEY = re.compile(r"[a-z][a-z0-9_]{0,39}")

#: The longest reason :func:`broken` gives for a plugin.
_REASON = 160


class _Registry:
    """The games known to this process: the library's own, those registered with
    :func:`register`, and the plugins found through the entry points (looked for once, on the
    first question that needs them; each imported when it is first asked for)."""

    def __init__(self) -> None:
        self.packages: dict[str, str] = {key: f"wasteland.{key}" for key in BUILT_IN}
        self.loaded: dict[str, Game[Any, Any]] = {}
        self.broken: dict[str, str] = {}
        self._plugins: dict[str, metadata.EntryPoint] | None = None

    def plugins(self) -> dict[str, metadata.EntryPoint]:
        """The installed plugins not yet imported, by key (found on the first call)."""
        if self._plugins is None:
            # the entry points are read on the first question about plugins only: reading them
            # (importlib.metadata and the email package it parses the metadata with) is a good
            # part of a start, and a command about one of the library's games asks none
            from importlib import metadata

            self._plugins = {}
            for point in sorted(metadata.entry_points(group=ENTRY_POINTS), key=lambda p: p.name):
                self._found(point)
        return self._plugins

    def _found(self, point: metadata.EntryPoint) -> None:
        assert self._plugins is not None
        key, where = point.name, _origin(point)
        if key in self._plugins and self._plugins[key].module == point.module:
            return  # the same package found twice (installed, and on the path): one game
        if key in self._plugins or key in self.broken:
            self.broken[key] = f"{key}: two packages name a game {key!r} ({where} is the second); neither is loaded"
            self._plugins.pop(key, None)
        elif not _KEY.fullmatch(key):
            self.broken[key] = (f"{_cut(key)}: not loaded ({where}): a game's key is a snake_case name of "
                                "at most 40 characters")
        elif key in self.packages:
            if self.packages[key] != point.module:
                self.broken[key] = f"{key}: not loaded ({where}): the key is taken by {self.packages[key]}"
        else:
            self._plugins[key] = point

    def keys(self) -> list[str]:
        """Every game that is there: the library's, the registered, then each plugin that loads."""
        for key in list(self.plugins()):
            self.load(key)
        return list(self.packages)

    def known(self, key: str) -> bool:
        """Whether there is a game ``key`` (a plugin is imported to know; the others are not)."""
        return key in self.packages or (key not in self.broken and self.load(key) is not None)

    def load(self, key: str) -> Game[Any, Any] | None:
        """The game ``key``, imported on first use; None if there is none or it is broken."""
        game = self.loaded.get(key)
        if game is not None:
            return game
        # a key of the library's or registered with register() names no plugin (one of the same key
        # is refused as it is found): the plugins are looked for only for another key
        point = self.plugins().pop(key, None) if key not in self.packages else None
        if point is not None:
            try:
                found = point.load()
            except Exception as exc:  # noqa: BLE001 - a stranger's package may raise anything on import
                self.broken[key] = f"{key}: not loaded ({_origin(point)}): {_error(exc)}"
                return None
            game = found if isinstance(found, Game) else getattr(found, "GAME", None)
            if not isinstance(game, Game) or game.key != key:
                self.broken[key] = (f"{key}: not loaded ({_origin(point)}): "
                                    + (f"its GAME is the game {_cut(game.key)!r}" if isinstance(game, Game)
                                       else f"{point.value} has no GAME made with wasteland.core.engine.bundle"))
                return None
            self.packages[key] = point.module
            self.loaded[key] = game
            return game
        package = self.packages.get(key)
        if package is None:
            return None
        game = importlib.import_module(package).GAME
        if not isinstance(game, Game) or game.key != key:
            raise TypeError(f"{package}.GAME is not the Game for {key!r}")
        self.loaded[key] = game
        return game


def _origin(point: metadata.EntryPoint) -> str:
    """Where an entry point comes from, for a message: ``wasteland_salvage from wasteland-salvage 1.0``."""
    dist = point.dist
    return f"{point.value} from {dist.name} {dist.version}" if dist is not None else point.value


def _error(exc: BaseException) -> str:
    """An exception in one short line."""
    text = " ".join(str(exc).split())
    return _cut(f"{type(exc).__name__}: {text}" if text else type(exc).__name__)


def _cut(text: str) -> str:
    return text if len(text) <= _REASON else text[: _REASON - 3] + "..."


_REGISTRY = _Registry()


def register(key: str, package: str) -> None:
    """Register the game package ``package`` (its ``GAME``'s key is ``key``) beside the library's
    own games, for the tools and tests that list games, without installing it (an installed
    package names its game in the entry-point group ``wasteland.games`` instead). The tools see
    it from then on, wherever they were imported."""
    known = _REGISTRY.packages.get(key)
    if known is not None:
        if known != package:
            raise ValueError(f"game key {key!r} is already registered for {known}")
        return
    if not _KEY.fullmatch(key):
        raise ValueError(f"a game's key is a snake_case name of at most 40 characters, got {key!r}")
    plugin = _REGISTRY.plugins().pop(key, None)
    if plugin is not None and plugin.module != package:
        raise ValueError(f"game key {key!r} is already installed for {plugin.module}")
    _REGISTRY.packages[key] = package


def package_of(key: str) -> str:
    """The name of the package of the game registered as ``key`` (``"wasteland.raxxon"``)."""
    if key not in _REGISTRY.packages:
        _REGISTRY.load(key)
    return _REGISTRY.packages[key]


def bots_of(key: str) -> ModuleType | None:
    """The module of game ``key``'s own bots, or None if it has none (or there is no such game):
    ``wasteland.agents.<key>`` for a game of the library, ``<package>.agents`` for a game of
    another package. The tools read
    from it the ``HeuristicBot`` class (the bot named ``heuristic``), and the search bots its
    ``evaluate`` (a table's worth per seat) and ``SEARCH`` (their tuned settings) where it has them."""
    if not isinstance(key, str) or not _REGISTRY.known(key):
        return None
    package = package_of(key)
    name = f"wasteland.agents.{key}" if package == f"wasteland.{key}" else f"{package}.agents"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise  # the module is there and imports something missing: the game's bug, said as it is
        return None


def broken() -> dict[str, str]:
    """The installed plugins that could not be loaded: key → one line saying which package and
    why (all of them looked at: every plugin is imported)."""
    _REGISTRY.keys()
    return dict(_REGISTRY.broken)


class _Keys(Sequence[str]):
    """``GAME_KEYS``: the key of every game there is, in the order tools list them (the
    library's own, the registered, then the installed plugins that load, by key), read afresh
    each time, so a game registered later is seen by a tool imported before."""

    def _all(self) -> tuple[str, ...]:
        return tuple(_REGISTRY.keys())

    @overload
    def __getitem__(self, i: int) -> str: ...
    @overload
    def __getitem__(self, i: slice) -> tuple[str, ...]: ...

    def __getitem__(self, i: int | slice) -> str | tuple[str, ...]:
        return self._all()[i]

    def __len__(self) -> int:
        return len(self._all())

    def __iter__(self) -> Iterator[str]:
        return iter(self._all())

    def __contains__(self, key: object) -> bool:
        return isinstance(key, str) and _REGISTRY.known(key)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sequence) and tuple(self) == tuple(other)

    def __hash__(self) -> int:
        return id(self)

    def __repr__(self) -> str:
        return repr(self._all())


#: Every game there is, in the order tools list them (see :class:`_Keys`).
GAME_KEYS: Sequence[str] = _Keys()


class _Games(Mapping[str, "Game[Any, Any]"]):
    """A read-only mapping that imports a game's package on first access."""

    def __getitem__(self, key: str) -> Game[Any, Any]:
        game = _REGISTRY.load(key) if isinstance(key, str) else None
        if game is None:
            raise KeyError(key)
        return game

    def __iter__(self) -> Iterator[str]:
        return iter(GAME_KEYS)

    def __len__(self) -> int:
        return len(GAME_KEYS)

    def __contains__(self, key: object) -> bool:
        return key in GAME_KEYS

    def __repr__(self) -> str:
        return f"GAMES({', '.join(GAME_KEYS)})"


GAMES: Mapping[str, Game[Any, Any]] = _Games()


def _load_tags(prefix: str) -> bool:
    """The codec's loader: a tag ``<key>.Name`` imports game ``key`` (which registers its records)."""
    return _REGISTRY.load(prefix) is not None


codec.set_loader(_load_tags)


def get_game(key: str) -> Game[Any, Any]:
    """The game registered as ``key``; a ValueError lists the keys when it is unknown, or says
    why an installed plugin of that key could not be loaded."""
    game = _REGISTRY.load(key) if isinstance(key, str) else None
    if game is None:
        why = _REGISTRY.broken.get(key) if isinstance(key, str) else None
        if why is not None:
            raise ValueError(f"game {why}")
        raise ValueError(f"unknown game {key!r}; known games: {', '.join(GAME_KEYS)}")
    return game
