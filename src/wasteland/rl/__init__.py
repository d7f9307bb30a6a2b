"""Adapters to the environments reinforcement-learning people use (the ``rl`` extra).

* :mod:`wasteland.rl.pettingzoo`: ``env(game, **options)``, a PettingZoo AEC environment;
* :mod:`wasteland.rl.open_spiel`: ``load_game(game, **options)``, a ``pyspiel`` game.
* :mod:`wasteland.rl.gymnasium`: ``env(game, **options)``, a Gymnasium environment of a
  table of one seat.

They are thin: they translate between the contract (``wasteland.GAMES[key]``) and the
other library's interface, and hold no rule of any game. What they need from a game
beyond contract v2 is its fixed action space and its observation vector
(``action_count``, ``action_id``, ``action_from_id``, ``observation_size``, ``observe``
in the ``Game`` bundle); the helpers here are the part the adapters share, and
:mod:`wasteland.rl.table` what they share that needs numpy: a table's legal actions listed
by id, its observation vectors, and the table played by ids that both environments hold.

This package imports only the standard library and wasteland; numpy, gymnasium,
PettingZoo and OpenSpiel are imported by the adapter modules themselves
(``pip install -e ".[rl]"``). See docs/rl.md.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from attrs import frozen

from wasteland.core.game import ConfigError, Game, IllegalAction, short
from wasteland.core.rng import Rng
from wasteland.registry import GAME_KEYS, get_game

__all__ = ["Encoding", "encoding", "rl_game", "legal_ids", "action_for", "seed_for", "MISSING_EXTRA"]

#: What to tell someone who imports an adapter without the extra.
MISSING_EXTRA = 'the RL adapters need the "rl" extra: pip install -e ".[rl]"'


def rl_game(game: str | Game[Any, Any]) -> Game[Any, Any]:
    """The registered game named ``game`` (or the bundle itself); every game has the action
    ids and the observation vector the adapters need (the contract tests check them).

    An unknown key raises ValueError listing the registered ones.
    """
    bundle = game if isinstance(game, Game) else get_game(game) if isinstance(game, str) else None
    if bundle is None:
        raise ValueError(f"a game is a registered key ({', '.join(GAME_KEYS)}), got {short(game)}")
    return bundle


@frozen
class Encoding:
    """One game with one set of options, as both adapters see it: the sizes of its fixed
    action space and of its observation vector, and how many players sit at it."""

    game: Game[Any, Any]
    options: Mapping[str, Any]
    players: int
    action_count: int
    observation_size: int

    def new_game(self, seed: int) -> Any:
        """``new_game(seed, **options)``."""
        return self.game.new_game(seed, **self.options)

    @property
    def action_id(self) -> Callable[[Any, Any], int]:
        return self.game.action_id

    @property
    def action_from_id(self) -> Callable[[Any, int], Any]:
        return self.game.action_from_id

    @property
    def observe(self) -> Callable[[Any], tuple[float, ...]]:
        return self.game.observe

    def observation(self, table: Any, player: int) -> tuple[float, ...]:
        """``observe(view(table, player))``, checked to have the promised length."""
        vector = self.observe(self.game.view(table, player))
        if len(vector) != self.observation_size:
            raise RuntimeError(f"{self.game.key}: observe gave {len(vector)} numbers, "
                               f"observation_size says {self.observation_size}")
        return vector


def encoding(game: str | Game[Any, Any], options: Mapping[str, Any]) -> Encoding:
    """The :class:`Encoding` of ``game`` with ``options`` (as in ``new_game``).

    The options are checked by the game itself (``ConfigError`` names the allowed values),
    and the sizes are read from a new game with them: they depend on the options only.
    """
    bundle = rl_game(game)
    opts = dict(options)
    if "seed" in opts:
        raise ConfigError("seed is not an option: give it to reset(seed=...) or as OpenSpiel's rng_seed")
    table = bundle.new_game(0, **opts)
    actions = bundle.action_count(table)
    size = bundle.observation_size(table)
    if type(actions) is not int or actions < 1 or type(size) is not int or size < 1:
        raise RuntimeError(f"{bundle.key}: action_count and observation_size must be positive "
                           f"ints, got {short(actions)} and {short(size)}")
    return Encoding(bundle, opts, bundle.num_players(table), actions, size)


def legal_ids(spec: Encoding, table: Any) -> list[int]:
    """The ids of the legal actions of ``table``, ascending (empty once the game is over)."""
    if spec.game.current_player(table) is None:
        return []
    action_id = spec.action_id
    ids = sorted(action_id(table, action) for action in spec.game.legal_actions(table))
    if ids[0] < 0 or ids[-1] >= spec.action_count or len(set(ids)) != len(ids):
        raise RuntimeError(f"{spec.game.key}: action ids must be distinct and in 0..{spec.action_count - 1}, "
                           f"got {short(ids, 80)}")
    return ids


def action_for(spec: Encoding, table: Any, action: object) -> Any:
    """The legal action of ``table`` whose id is ``action`` (an int, numpy ints included);
    IllegalAction for anything else, before the game is asked."""
    if isinstance(action, bool) or not hasattr(action, "__index__"):
        raise IllegalAction(f"an action is an id from 0 to {spec.action_count - 1}, got {short(action)}")
    try:
        i = action.__index__()
    except Exception:  # noqa: BLE001 - a stranger's __index__ (a numpy array of several) may raise anything
        raise IllegalAction(f"an action is an id from 0 to {spec.action_count - 1}, got {short(action)}") from None
    if type(i) is not int or not 0 <= i < spec.action_count:
        raise IllegalAction(f"an action is an id from 0 to {spec.action_count - 1}, got {short(i)}")
    return spec.action_from_id(table, i)


def seed_for(base: int, index: int) -> int:
    """The seed of game number ``index`` of a stream seeded ``base``: a 63-bit int drawn
    with the house generator, so the stream is the same on every platform."""
    return Rng.from_seed(base).fork(index).key >> 1
