"""The registry of games: key → ``Game``, each game imported only when first asked for."""

from __future__ import annotations

import importlib
from typing import Any, Iterator, Mapping

from wasteland.core import codec
from wasteland.core.game import Game

__all__ = ["GAME_KEYS", "GAMES", "get_game", "register", "package_of"]

#: Every registered game, in the order tools list them.
GAME_KEYS: tuple[str, ...] = ("lucky_seven", "arctic_scavengers", "raxxon", "terror_below", "aftermath")

#: The package of each game.
_PACKAGES: dict[str, str] = {key: f"wasteland.{key}" for key in GAME_KEYS}


def register(key: str, package: str) -> None:
    """Register the game package ``package`` (its ``GAME``'s key is ``key``) beside the library's
    own games, for the tools and tests that list games. Call it before importing the tools: they
    read ``GAME_KEYS`` when they are imported. The tests register a toy game this way."""
    global GAME_KEYS
    if key in _PACKAGES:
        if _PACKAGES[key] != package:
            raise ValueError(f"game key {key!r} is already registered for {_PACKAGES[key]}")
        return
    _PACKAGES[key] = package
    GAME_KEYS = (*GAME_KEYS, key)


def package_of(key: str) -> str:
    """The name of the package of the game registered as ``key`` (``"wasteland.raxxon"``)."""
    return _PACKAGES[key]


class _Games(Mapping[str, "Game[Any, Any]"]):
    """A read-only mapping that imports ``wasteland.<key>`` on first access."""

    def __init__(self) -> None:
        self._loaded: dict[str, Game[Any, Any]] = {}

    def __getitem__(self, key: str) -> Game[Any, Any]:
        game = self._loaded.get(key)
        if game is None:
            package = _PACKAGES.get(key)
            if package is None:
                raise KeyError(key)
            module = importlib.import_module(package)
            game = module.GAME
            if not isinstance(game, Game) or game.key != key:
                raise TypeError(f"{package}.GAME is not the Game for {key!r}")
            self._loaded[key] = game
        return game

    def __iter__(self) -> Iterator[str]:
        return iter(_PACKAGES)

    def __len__(self) -> int:
        return len(_PACKAGES)

    def __repr__(self) -> str:
        return f"GAMES({', '.join(GAME_KEYS)})"


GAMES: Mapping[str, Game[Any, Any]] = _Games()


def _load_tags(prefix: str) -> bool:
    """The codec's loader: a tag ``<key>.Name`` imports game ``key`` (which registers its records)."""
    if prefix in _PACKAGES:
        GAMES[prefix]
        return True
    return False


codec.set_loader(_load_tags)


def get_game(key: str) -> Game[Any, Any]:
    """The game registered as ``key``; a ValueError lists the keys when it is unknown."""
    try:
        return GAMES[key]
    except KeyError:
        raise ValueError(f"unknown game {key!r}; known games: {', '.join(GAME_KEYS)}") from None
