"""Drawings of any game's table, for people: ``svg(game, state, player)`` and ``text(...)``.

Each game draws itself (its ``render.py`` holds ``render`` for text and ``svg`` for
SVG); this module only finds the game, so tools and notebooks need no game-specific
code. A game to come adds its drawing in its own package and nothing here changes::

    from wasteland import render
    from wasteland.lucky_seven import new_game
    render.svg("lucky_seven", new_game(seed=1))          # the referee's table
    render.svg("arctic_scavengers", state, player=0)     # what seat 0 may see

``player=None`` draws the state as it is: the whole table for a referee's state, one
seat's table for a view. ``player=p`` draws ``view(state, p)``, so the drawing holds
nothing that seat may not know. States also draw themselves in Jupyter
(``_repr_svg_``).
"""

from __future__ import annotations

from typing import Any

from wasteland.core.game import Game
from wasteland.registry import get_game

__all__ = ["svg", "text", "game_of"]


def game_of(game: str | Game[Any, Any]) -> Game[Any, Any]:
    """The ``Game`` for a key (``"lucky_seven"``) or a ``Game`` itself."""
    return game if isinstance(game, Game) else get_game(game)


def svg(game: str | Game[Any, Any], state: Any, player: int | None = None) -> str:
    """``state`` drawn as one self-contained ``<svg>`` element (as seat ``player`` sees it, if given)."""
    return game_of(game).svg(state, player)


def text(game: str | Game[Any, Any], state: Any, player: int | None = None) -> str:
    """``state`` drawn as text for a terminal (as seat ``player`` sees it, if given)."""
    return game_of(game).render(state, player)
