"""Every game as an OpenSpiel Python game: ``load_game(game, **options)``.

>>> import pyspiel
>>> from wasteland.rl.open_spiel import load_game
>>> game = load_game("arctic_scavengers", players=3)
>>> pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)

Importing this module registers each game with OpenSpiel as ``wasteland_<key>``, so
``pyspiel.load_game("wasteland_lucky_seven", {"players": 2})`` works too. The game's
options are its parameters (see :func:`parameters`), with one more, ``rng_seed``.

**Chance** is the state's own: the game type says ``SAMPLED_STOCHASTIC``. A new state is a
chance node with a single outcome, the deal: applying it starts ``new_game(seed, **options)``
with the next seed of a stream seeded by ``rng_seed`` (or with the seed given to
``new_initial_state(seed)``). Every later shuffle and draw is made by the ``Rng`` inside the
game's state, when ``apply`` needs it, exactly as in every other use of the engine. The games
do not list their chance outcomes one by one (a shuffled deck has more orders than any list
could hold), so explicit chance nodes would mean writing each game's randomness a second
time, in the adapter.

A clone carries the table's ``Rng``, so search on clones (plain MCTS) sees the hidden cards
and the future: ``resample_from_infostate`` draws a table from what a seat knows instead
(the game's ``determinize``), which OpenSpiel's ISMCTS uses.

**Observations** are the game's ``observe(view(state, player))``: only what that seat may see.
The information-state tensor is the same vector: the current view is what the seat sees
now, not everything it has seen. The observation string is the game's ``render`` of the
view; the information-state string adds the digest of the view and a hash of every view the
seat had before and every action it took: a perfect-recall key (two histories the seat
cannot tell apart give the same string, any others different ones), the same on a table
drawn by ``resample_from_infostate`` for that seat.

**Actions** are the game's ids (``action_id``); ``action_to_string`` is its notation.
Returns are the game's ``returns`` (1.0 to each winner) at the end, 0 before; the game type's
utility is the game's ``utility``. Refusals are ``pyspiel.SpielError``, as OpenSpiel's own
games raise: :class:`BadAction` and :class:`BadParameter` are also the game's errors.
"""

from __future__ import annotations

import base64
import binascii
import functools
import hashlib
import io
import json
import pickle
from typing import Any, Callable, Iterator, Mapping, TypeVar, cast

import attrs
from attrs import frozen

from wasteland.core import codec
from wasteland.core.game import ConfigError, Game, IllegalAction, Utility, check_viewer, short
from wasteland.registry import GAME_KEYS, get_game
from wasteland.rl import MISSING_EXTRA, Encoding, action_for, encoding, rl_game, seed_for

try:
    import numpy as np  # type: ignore[import-not-found, unused-ignore]
    import pyspiel  # type: ignore[import-not-found]
except ImportError as exc:  # pragma: no cover - the base install
    raise ImportError(MISSING_EXTRA) from exc

from wasteland.rl.table import Known, Vectors, listing

__all__ = [
    "load_game", "short_name", "parameters", "register", "WastelandGame", "WastelandState",
    "RNG_SEED", "MAX_GAME_LENGTH", "PREFIX", "BadAction", "BadParameter",
]

#: Every game is registered as PREFIX + its key.
PREFIX = "wasteland_"
#: The parameter that seeds the stream of deals.
RNG_SEED = "rng_seed"
#: OpenSpiel wants a bound on the number of decisions in a game: each game's own
#: ``max_decisions`` for the options loaded, at most this (OpenSpiel sizes buffers by it).
MAX_GAME_LENGTH = 1_000_000
#: A structured option (a card set, a list) travels as text: JSON, or this prefix and the
#: JSON in URL-safe base64 (what load_game writes, since game strings cannot quote commas).
B64 = "b64:"

_DEAL = 0  # the one chance outcome


# -- refusals: OpenSpiel's SpielError, and the game's own error too ---------------------------------

class BadAction(IllegalAction, pyspiel.SpielError):  # type: ignore[misc]
    """An id, a seat or a sampler the state refuses. OpenSpiel's own games raise
    ``pyspiel.SpielError`` (a RuntimeError) for these; this is one, and the game's
    ``IllegalAction`` as well, so either ``except`` catches it."""


class BadParameter(ConfigError, pyspiel.SpielError):  # type: ignore[misc]
    """A game parameter (or a deal's seed) the game refuses: ``pyspiel.SpielError``, as
    ``pyspiel.load_game`` raises for its own games, and the game's ``ConfigError``."""


F = TypeVar("F", bound=Callable[..., Any])


def _refusing(method: F) -> F:
    """``method`` with the game's refusals raised as OpenSpiel's (BadAction, BadParameter)."""

    @functools.wraps(method)
    def wrapped(*args: Any, **kwargs: Any) -> Any:
        try:
            return method(*args, **kwargs)
        except pyspiel.SpielError:
            raise
        except ConfigError as exc:
            raise BadParameter(str(exc)) from None
        except IllegalAction as exc:
            raise BadAction(str(exc)) from None

    return cast(F, wrapped)


# -- parameters: the options as OpenSpiel sees them -----------------------------------------------

@frozen
class Parameter:
    """One option of a game as an OpenSpiel parameter.

    ``kind`` is ``"value"`` (a bool, int or float, passed as it is, its default the game's),
    ``"text"`` (a string; ``""`` means the game's default) or ``"json"`` (anything else, such
    as a card set or a list of names, as JSON text; ``""`` means the game's default).
    """

    name: str
    kind: str
    default: bool | int | float | str


def parameters(game: str | Game[Any, Any]) -> tuple[Parameter, ...]:
    """The OpenSpiel parameters of ``game``: one per field of its options record, in order."""
    bundle = rl_game(game)
    out = []
    for field in attrs.fields(bundle.options_type):
        default = field.default
        if isinstance(default, (bool, int, float)):
            out.append(Parameter(field.name, "value", default))
        elif isinstance(default, str):
            out.append(Parameter(field.name, "text", ""))
        else:
            out.append(Parameter(field.name, "json", ""))
    return tuple(out)


def _specification(bundle: Game[Any, Any]) -> dict[str, bool | int | float | str]:
    spec: dict[str, bool | int | float | str] = {p.name: p.default for p in parameters(bundle)}
    spec[RNG_SEED] = 0
    return spec


def params_of(game: str | Game[Any, Any], options: Mapping[str, Any]) -> dict[str, Any]:
    """``new_game``'s options as OpenSpiel parameters (checked by the game first)."""
    bundle = rl_game(game)
    encoding(bundle, options)  # ConfigError, in the game's words, for anything it would refuse
    params: dict[str, Any] = {}
    for p in parameters(bundle):
        if p.name not in options:
            continue
        value = options[p.name]
        if p.kind == "json":
            try:
                text = json.dumps(value, sort_keys=True, separators=(",", ":"), allow_nan=False)
            except (TypeError, ValueError, RecursionError):
                raise ConfigError(f"{p.name}: give it to load_game as plain JSON data (as read from a "
                                  f"file), got {short(value)}") from None
            value = B64 + base64.urlsafe_b64encode(text.encode("utf-8")).decode("ascii").rstrip("=")
        params[p.name] = value
    return params


def options_of(game: str | Game[Any, Any], params: Mapping[str, Any]) -> dict[str, Any]:
    """OpenSpiel parameters back as ``new_game``'s options (``rng_seed`` left out)."""
    bundle = rl_game(game)
    options: dict[str, Any] = {}
    known = {p.name: p for p in parameters(bundle)}
    for name, value in params.items():
        p = known.get(name)
        if p is None:
            if name != RNG_SEED:
                options[name] = value  # new_game names it in its refusal
        elif p.kind == "value":
            options[name] = value
        elif value != "":
            options[name] = _read_json(name, value) if p.kind == "json" else value
    return options


def _read_json(name: str, text: object) -> Any:
    if not isinstance(text, str):
        raise ConfigError(f"{name}: JSON text, got {short(text)}")
    if text.startswith(B64):
        body = text[len(B64):]
        try:
            text = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)).decode("utf-8")
        except (binascii.Error, UnicodeDecodeError):
            raise ConfigError(f"{name}: {short(text)} is not base64 JSON") from None
    try:
        return json.loads(text)
    except RecursionError:
        raise ConfigError(f"{name}: the JSON text nests too deeply") from None
    except ValueError:
        raise ConfigError(f"{name}: {short(text)} is not JSON text") from None


# -- registration ---------------------------------------------------------------------------------

def short_name(game: str | Game[Any, Any]) -> str:
    """OpenSpiel's name of ``game``: ``wasteland_<key>``."""
    return PREFIX + rl_game(game).key


_TYPES: dict[tuple[str, Utility], Any] = {}
_CLASSES: dict[str, type[WastelandGame]] = {}


def utility_of(game: str | Game[Any, Any], options: Mapping[str, Any] | None = None) -> Utility:
    """The game's ``utility`` of a new game with ``options``; without options, the kind every
    player count's default game shares, or GENERAL_SUM where they differ (what the game is
    registered with: a loaded game's own type says its options' kind)."""
    bundle = rl_game(game)
    if options is not None:
        return bundle.utility(bundle.new_game(0, **options))
    kinds = {bundle.utility(bundle.new_game(0, players=n)) for n in bundle.player_counts}
    return kinds.pop() if len(kinds) == 1 else Utility.GENERAL_SUM


def game_type(game: str | Game[Any, Any], utility: Utility | None = None) -> Any:
    """The ``pyspiel.GameType`` of ``game`` with ``utility`` (by default, the one it is
    registered with: see :func:`utility_of`)."""
    bundle = rl_game(game)
    kind = utility_of(bundle) if utility is None else utility
    found = _TYPES.get((bundle.key, kind))
    if found is None:
        kinds = pyspiel.GameType
        found = kinds(
            short_name=PREFIX + bundle.key,
            long_name=f"{bundle.title} (wasteland)",
            dynamics=kinds.Dynamics.SEQUENTIAL,
            chance_mode=kinds.ChanceMode.SAMPLED_STOCHASTIC,
            information=kinds.Information.IMPERFECT_INFORMATION,
            utility=getattr(kinds.Utility, kind.name),
            reward_model=kinds.RewardModel.TERMINAL,
            max_num_players=max(bundle.player_counts),
            min_num_players=min(bundle.player_counts),
            provides_information_state_string=True,
            provides_information_state_tensor=True,
            provides_observation_string=True,
            provides_observation_tensor=True,
            parameter_specification=_specification(bundle),
            default_loadable=True,
            provides_factored_observation_string=False,
        )
        _TYPES[bundle.key, kind] = found
    return found


def register(game: str | Game[Any, Any]) -> str:
    """Register ``game`` with OpenSpiel (once) and return its short name. Only the registry's
    own games are registered: OpenSpiel knows one game per name for the whole process."""
    bundle = rl_game(game)
    name = PREFIX + bundle.key
    known = _CLASSES.get(bundle.key)
    if known is not None:
        if known.BUNDLE is not bundle:
            raise ValueError(f"{name} is registered with OpenSpiel as the game of wasteland.GAMES; "
                             f"another bundle cannot take its name")
        return name
    if name in pyspiel.registered_names():
        raise ValueError(f"OpenSpiel already has a game named {name}")
    if bundle is not get_game(bundle.key):
        raise ValueError(f"only the games of wasteland.GAMES are registered with OpenSpiel, not another {bundle.key}")
    # OpenSpiel keeps the creator until the very end of the process; a class (as OpenSpiel's
    # own Python games register) outlives the interpreter's teardown, where a closure's
    # release would come too late and abort the process.
    cls = type(f"WastelandGame_{bundle.key}", (WastelandGame,), {"BUNDLE": bundle})
    _CLASSES[bundle.key] = cls
    pyspiel.register_game(game_type(bundle), cls)
    return name


def load_game(game: str | Game[Any, Any], **options: Any) -> Any:
    """The ``pyspiel`` game of ``game`` (a registered key) with ``options`` as in
    ``new_game``; ``rng_seed`` (an int, default 0) seeds the stream of deals. Anything the
    game refuses raises :class:`BadParameter` (``pyspiel.SpielError`` and ``ConfigError``)."""
    try:
        return _load_game(game, options)
    except pyspiel.SpielError:
        raise
    except ValueError as exc:  # ConfigError, an unknown key, a bundle that is not the registry's
        raise BadParameter(str(exc)) from None


def _load_game(game: str | Game[Any, Any], options: dict[str, Any]) -> Any:
    bundle = rl_game(game)
    seed = options.pop(RNG_SEED, None)
    params = params_of(bundle, options)
    if seed is not None:
        if type(seed) is not int or not -(2**31) <= seed < 2**31:
            raise ConfigError(f"{RNG_SEED} must be an int that fits in 32 bits, got {short(seed)}")
        params[RNG_SEED] = seed
    return pyspiel.load_game(register(bundle), params)


# -- the game and its states ----------------------------------------------------------------------

class WastelandGame(pyspiel.Game):  # type: ignore[misc]
    """One game with one set of options. The sizes OpenSpiel fixes per game (the number of
    distinct actions, the tensor sizes) are read from a new game with these options."""

    #: The game of the registered subclass (one per game key).
    BUNDLE: Game[Any, Any]

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        bundle = self.BUNDLE
        try:
            params = dict(_specification(bundle), **(params or {}))
            options = options_of(bundle, params)
            spec = encoding(bundle, options)
            kind = utility_of(bundle, options)
        except pyspiel.SpielError:
            raise
        except ValueError as exc:  # the game's ConfigError
            raise BadParameter(str(exc)) from None
        seed = params.get(RNG_SEED, 0)
        info = pyspiel.GameInfo(
            num_distinct_actions=spec.action_count,
            max_chance_outcomes=1,
            num_players=spec.players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=1.0 if kind is Utility.CONSTANT_SUM else 0.0 if kind is Utility.ZERO_SUM else None,
            max_game_length=min(MAX_GAME_LENGTH, bundle.max_decisions(bundle.new_game(0, **options)) + 1),
        )
        super().__init__(game_type(bundle, kind), info, dict(params))
        self.spec = spec
        self.rng_seed: int = seed
        self.deals = 0

    def new_initial_state(self, seed: object = None) -> WastelandState:
        """A state before the deal. With ``seed`` (an int, or its decimal text), the deal is
        ``new_game(seed)``; without, the next seed of the game's stream (the n-th deal gets
        ``seed_for(rng_seed, n)``). Any other seed raises :class:`BadParameter`."""
        if isinstance(seed, str) and len(seed) <= 40:
            try:
                seed = int(seed)
            except ValueError:
                pass
        if seed is not None and type(seed) is not int:
            raise BadParameter(f"a deal's seed is an int (or its decimal text), got {short(seed)}")
        return WastelandState(self, seed)

    def next_seed(self) -> int:
        seed = seed_for(self.rng_seed, self.deals)
        self.deals += 1
        return seed

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        return Observer(self.spec, iig_obs_type, params)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        # OpenSpiel's own pickling of a sampled-stochastic game asks for its generator's state,
        # which a Python game cannot give: pickle the parameters and the deals made instead.
        return (_restore_game, (self.BUNDLE.key, dict(self.get_parameters()), self.deals))


def _restore_game(key: str, params: dict[str, Any], deals: int) -> WastelandGame:
    game: WastelandGame = pyspiel.load_game(register(key), params)
    game.deals = deals
    return game


#: What a seat remembers at the first table of a history: nothing yet, after a deal; on a
#: table that resample_from_infostate made for another seat, only that it is such a table.
_FRESH = "deal"
_UNKNOWN = "resampled"


#: How many tables back a history keeps each table (the first table of a history is always
#: kept): the information-state strings of the seats asked within that many steps need no
#: table made again, and the garbage collector does not walk every table of a long game.
RECENT_TABLES = 8
#: Beyond the recent ones, a history keeps every CHECKPOINT_EVERY-th table (by its distance
#: from the first): an older table is made again from the nearest kept one above it, by
#: playing at most CHECKPOINT_EVERY - 1 ids, so a seat's string asked late costs what it
#: missed, however long the game has run.
CHECKPOINT_EVERY = 16


def view_digest(view: Any) -> str:
    """SHA-256 (hex) of ``view``'s canonical form: the codec's JSON-ready ``encode``, whose
    records, maps and sets come out in a fixed order, written by pickle without its memo (so
    the bytes depend on the values alone, not on which objects are shared). Equal views give
    equal digests, and the codec tells any two unequal ones apart. Half the cost of
    ``codec.digest``, which sorts and writes the JSON text."""
    buffer = io.BytesIO()
    writer = pickle.Pickler(buffer, 5)
    writer.fast = True  # no memo: a value is written whole wherever it appears
    writer.dump(codec.encode(view))
    return hashlib.sha256(buffer.getvalue()).hexdigest()


class _Node:
    """One table of a game's history: the decision that led to it, and what was worked out
    from it (the legal ids, each seat's view digest and memory). Never changed once made,
    except to remember those and to let go of its table, so every clone of a state shares it.

    A node keeps its table while it is one of the last :data:`RECENT_TABLES` of its history,
    and for good if it is a first table or its ``depth`` is a multiple of
    :data:`CHECKPOINT_EVERY`: a state holds its own table (``_Play``), and an older table is
    made again from the nearest one kept above it when a seat's memory needs its view
    (``table_at``).

    The first table of a history is a deal (``action`` is its seed) or a table that
    ``resample_from_infostate`` drew (``action`` is determinize's seed, ``origin`` the node it
    was drawn from and the seat it was drawn for)."""

    __slots__ = ("parent", "depth", "table", "seat", "action", "origin", "legal", "memory", "digests", "seen",
                 "texts", "views")

    def __init__(self, parent: _Node | None, table: Any, seat: int, action: int,
                 origin: tuple[_Node, int] | None = None, memory: dict[int, str] | None = None) -> None:
        self.parent = parent
        self.depth: int = 0 if parent is None else parent.depth + 1  # steps from the first table
        self.table = table  # None once let go (see table_at)
        self.seat = seat  # who decided (-1 at the first table)
        self.action = action  # the id decided (at the first table, the seed that made it)
        self.origin = origin
        self.legal: list[int] | None = None  # the legal ids, ascending
        # What each seat remembers of the tables before this one (a hash chain), and the
        # digest of its view of this one.
        self.memory: dict[int, str] = dict(memory or {})
        self.digests: dict[int, str] = {}
        # Each seat's vector, text and view, asked for several times per state (the observation
        # and the information state are made of them); dropped when play moves on.
        self.seen: dict[int, Any] = {}
        self.texts: dict[int, str] = {}
        self.views: dict[int, Any] = {}

    def table_at(self, spec: Encoding, known: tuple[_Node, Any] | None = None) -> Any:
        """This node's table: kept, or made again by playing the ids from the nearest node
        above whose table is kept or is ``known`` (a node and its table)."""
        path: list[_Node] = []
        node = self
        while node.table is None and (known is None or node is not known[0]):
            path.append(node)
            assert node.parent is not None, "a first table is always kept"
            node = node.parent
        if node.table is not None:
            table = node.table
        else:
            assert known is not None
            table = known[1]
        for n in reversed(path):
            table = spec.game.apply(table, spec.action_from_id(table, n.action))
        return table

    def vector(self, vectors: Vectors, player: int, table: Any) -> Any:
        """``observe(view(table, player))`` as a float32 array (``table`` is this node's)."""
        found = self.seen.get(player)
        if found is None:
            found = self.seen[player] = vectors.of(table, player)
        return found

    def text(self, spec: Encoding, player: int, table: Any) -> str:
        found = self.texts.get(player)
        if found is None:
            game = spec.game
            found = self.texts[player] = game.render(self.view(spec, player, table), player)
        return found

    def view(self, spec: Encoding, player: int, table: Any) -> Any:
        """``view(table, player)``, made once for the text and the digest (``table`` is this
        node's)."""
        found = self.views.get(player)
        if found is None:
            found = self.views[player] = spec.game.view(table, player)
        return found

    def digest(self, spec: Encoding, player: int, table: Any) -> str:
        """:func:`view_digest` of ``view(table, player)``: what the seat sees here, exactly
        (``table`` is this node's)."""
        found = self.digests.get(player)
        if found is None:
            found = self.digests[player] = view_digest(self.view(spec, player, table))
        return found

    def remembered(self, spec: Encoding, player: int) -> str:
        """A hash chain over the digest of every view ``player`` had before this table (since
        the deal) and the id of each action it took."""
        missing: list[_Node] = []
        node = self
        while player not in node.memory:
            if node.parent is None:
                node.memory[player] = _FRESH if node.origin is None else _UNKNOWN
                break
            missing.append(node)
            node = node.parent
        known: tuple[_Node, Any] | None = None  # the last table made, to make the next from
        for n in reversed(missing):
            parent = n.parent
            assert parent is not None
            digest = parent.digests.get(player)
            if digest is None:
                table = parent.table_at(spec, known)
                known = (parent, table)
                digest = parent.digest(spec, player, table)
            mine = str(n.action) if n.seat == player else "-"
            link = f"{parent.memory[player]}|{mine}|{digest}"
            n.memory[player] = hashlib.sha256(link.encode()).hexdigest()[:32]
        return self.memory[player]

    def chain(self) -> Iterator[_Node]:
        node: _Node | None = self
        while node is not None:
            yield node
            node = node.parent

    def recipe(self) -> tuple[Any, ...]:
        """How to make this node again: ``("deal", seed, ids)`` or
        ``("resample", recipe of the origin, seat, seed, ids)``."""
        nodes = list(self.chain())[::-1]
        first, ids = nodes[0], [n.action for n in nodes[1:]]
        if first.origin is None:
            return ("deal", first.action, ids)
        source, seat = first.origin
        return ("resample", source.recipe(), seat, first.action, ids)


def _resample(spec: Encoding, source: _Play, seat: int, seed: int) -> _Play:
    """A first table drawn from what ``seat`` knows at ``source``: ``determinize`` of its view,
    with the seat's memory carried over (what it saw before is the same in every such table)."""
    game = spec.game
    node = source.node
    assert node is not None
    table = game.determinize(game.view(source.table, seat), seat, seed)
    return _Play(spec, _Node(None, table, -1, seed, (node, seat), {seat: node.remembered(spec, seat)}), None, table)


def _dealt(spec: Encoding, seed: int) -> _Play:
    table = spec.new_game(seed)
    return _Play(spec, _Node(None, table, -1, seed), None, table)


def _play_of(spec: Encoding, recipe: tuple[Any, ...]) -> _Play:
    play = _dealt(spec, recipe[1]) if recipe[0] == "deal" else _resample(
        spec, _play_of(spec, recipe[1]), recipe[2], recipe[3])
    for i in recipe[-1]:
        play = _step(play, i)
    return play


class _Play:
    """What a state holds: the encoding, the current node and its table (None before the
    deal), or the seed the deal will use; and, worked out once, the table's seat to move and
    legal actions (``listed``). Immutable but for that, so a clone (OpenSpiel deep-copies a
    Python state's attributes) shares it; pickled as its recipe (seeds and action ids), and
    replayed."""

    __slots__ = ("spec", "node", "seed", "table", "known")

    def __init__(self, spec: Encoding, node: _Node | None, seed: int | None, table: Any = None) -> None:
        self.spec = spec
        self.node = node
        self.seed = seed
        self.table = table
        self.known: Known | None = None

    def listed(self) -> Known:
        """The table's seat to move (None once over) and its legal actions as the game's
        ``moves`` lists them, by id (``rl.table.listing``)."""
        known = self.known
        if known is None:
            spec, table = self.spec, self.table
            known = self.known = listing(spec, table, spec.game.current_player(table))
        return known

    def __deepcopy__(self, memo: dict[int, Any]) -> _Play:
        return self

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        recipe = None if self.node is None else self.node.recipe()
        return (_replay, (self.spec.game.key, dict(self.spec.options), self.seed, recipe))


def _replay(key: str, options: dict[str, Any], seed: int | None, recipe: tuple[Any, ...] | None) -> _Play:
    spec = encoding(key, options)
    if recipe is None:
        return _Play(spec, None, seed)
    return _play_of(spec, recipe)


def _step(play: _Play, action: int) -> _Play:
    """``play`` after the id ``action``: a listed id is played with ``play_at``, any other
    is refused by the game, saying why. The table :data:`RECENT_TABLES` back is let go,
    unless it is a checkpoint (see :class:`_Node`)."""
    spec, node = play.spec, play.node
    assert node is not None
    table, seat, moves, by_id = play.listed()
    if seat is None or moves is None:
        raise IllegalAction("the game is over")
    index = by_id.get(action) if type(action) is int else None
    if index is not None:
        after = moves.play_at(index)  # listed as legal on this very table: no check again
    else:
        after = spec.game.apply(table, action_for(spec, table, action))  # refused, saying why
    child = _Node(node, after, seat, int(action))
    node.seen, node.texts, node.views = {}, {}, {}
    old: _Node | None = child
    for _ in range(RECENT_TABLES):
        old = old.parent if old is not None else None
    if old is not None and old.parent is not None and old.depth % CHECKPOINT_EVERY:
        old.table = None
    return _Play(spec, child, None, after)


def _restore_state(game: WastelandGame, seed: int | None, recipe: tuple[Any, ...] | None) -> WastelandState:
    """A state made again from its recipe, with OpenSpiel's history of the original."""
    if recipe is None:
        return game.new_initial_state(seed)
    if recipe[0] == "deal":
        state = game.new_initial_state(recipe[1])
        state.apply_action(_DEAL)
    else:
        state = _restore_state(game, None, recipe[1]).resampled(recipe[2], recipe[3])
    for i in recipe[-1]:
        state.apply_action(i)
    return state


def _seed_from(sampler: object) -> int:
    """A 64-bit seed from two draws of OpenSpiel's probability sampler (numbers in [0, 1])."""
    if not callable(sampler):
        raise BadAction(f"a probability sampler is a function giving numbers from 0 to 1, got {short(sampler)}")
    seed = 0
    for _ in range(2):
        x = sampler()
        if isinstance(x, bool) or not isinstance(x, (int, float, np.integer, np.floating)) or not 0 <= x <= 1:
            raise BadAction(f"a probability sampler gives numbers from 0 to 1, got {short(x)}")
        seed = seed << 32 | min(int(float(x) * 2**32), 2**32 - 1)
    return seed


class WastelandState(pyspiel.State):  # type: ignore[misc]
    """A state of a :class:`WastelandGame`: a chance node (the deal), then the game's table.
    Refusals raise :class:`BadAction` (``pyspiel.SpielError`` and ``IllegalAction``)."""

    def __init__(self, game: WastelandGame, seed: int | None = None) -> None:
        super().__init__(game)
        self._play = _Play(game.spec, None, seed)

    # -- what OpenSpiel asks ----------------------------------------------------------------

    def current_player(self) -> int:
        play = self._play
        if play.node is None:
            return int(pyspiel.PlayerId.CHANCE)
        seat = play.listed()[1]
        return int(pyspiel.PlayerId.TERMINAL) if seat is None else seat

    def _legal_actions(self, player: int) -> list[int]:
        play = self._play
        node = play.node
        if node is None:
            return [_DEAL]
        if node.legal is None:
            node.legal = sorted(play.listed()[3])
        return list(node.legal)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(_DEAL, 1.0)]

    @_refusing
    def _apply_action(self, action: int) -> None:
        play = self._play
        if play.node is None:
            if action != _DEAL:
                raise IllegalAction(f"the deal has one outcome, {_DEAL}, got {short(action)}")
            seed = play.seed if play.seed is not None else self.get_game().next_seed()
            self._play = _dealt(play.spec, seed)
        else:
            self._play = _step(play, action)

    def _action_to_string(self, player: int, action: int) -> str:
        play = self._play
        if play.node is None or player == int(pyspiel.PlayerId.CHANCE):
            return "deal"
        spec, table = play.spec, play.table
        try:
            return spec.game.notation(table, spec.action_from_id(table, action))
        except IllegalAction:
            return f"action {action}"  # an id that names no legal action here

    @_refusing
    def resample_from_infostate(self, player_id: int, probability_sampler: Callable[[], float]) -> WastelandState:
        """A state ``player_id`` cannot tell from this one: the game's ``determinize`` of its
        view, seeded from two draws of ``probability_sampler``, with the seat's memory (its
        information-state string is this state's). Hidden cards and the generator are drawn
        anew, so play from it cannot see this table's future. OpenSpiel's ISMCTS calls it.

        Before the deal, a state whose deal takes its seed from the sampler."""
        play = self._play
        seat = check_viewer(player_id, play.spec.players)
        seed = _seed_from(probability_sampler)
        if play.node is None:
            return WastelandState(self.get_game(), seed >> 1)
        return self.resampled(seat, seed)

    def resampled(self, seat: int, seed: int) -> WastelandState:
        """``resample_from_infostate`` with determinize's ``seed`` given (and OpenSpiel's
        history of this state kept)."""
        play = self._play
        if play.node is None:
            raise BadAction("before the deal there is no table to resample")
        state: WastelandState = self.clone()
        state._play = _resample(play.spec, play, seat, seed)
        return state

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        # As the game's: the seeds and the decisions, replayed on load (history included).
        node = self._play.node
        return (_restore_state, (self.get_game(), self._play.seed, None if node is None else node.recipe()))

    def is_terminal(self) -> bool:
        play = self._play
        return play.node is not None and play.listed()[1] is None

    def returns(self) -> list[float]:
        spec = self._play.spec
        if not self.is_terminal():
            return [0.0] * spec.players
        return [float(r) for r in spec.game.returns(self._play.table)]

    def rewards(self) -> list[float]:
        return self.returns()  # terminal rewards only: the return arrives once, at the end

    def __str__(self) -> str:
        play = self._play
        if play.node is None:
            return "before the deal"
        return play.spec.game.render(play.table, None)

    # -- for the observer and for users -----------------------------------------------------

    @property
    def node(self) -> _Node | None:
        return self._play.node

    @property
    def table(self) -> Any:
        """The game's state (the referee's table), or None before the deal."""
        return self._play.table

    @_refusing
    def fingerprint(self, player: int) -> str:
        """What ``player`` knows here, as a key: the digest of its view of this table, then a
        hash chain over its views of the tables before and the id of each action it took."""
        play = self._play
        node = play.node
        if node is None:
            return ""
        spec = play.spec
        check_viewer(player, spec.players)
        return f"seen now: {node.digest(spec, player, play.table)[:32]}\nremembered: {node.remembered(spec, player)}"


class Observer:
    """OpenSpiel's observer of a :class:`WastelandGame`: the view's vector as the tensor,
    the view's text as the string; with perfect recall, the text ends with the fingerprint.

    Only the seat's own information is offered (the public part alone, or every seat's,
    would need a vector the games do not define): other observation types raise BadParameter.
    """

    def __init__(self, spec: Encoding, iig_obs_type: Any, params: Any) -> None:
        if params:
            raise BadParameter(f"observation parameters are not supported, got {short(params)}")
        self.perfect_recall = False
        if iig_obs_type is not None:
            if not iig_obs_type.public_info or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER:
                raise BadParameter("only a seat's own observation is offered (public information "
                                   "and the seat's private information)")
            self.perfect_recall = bool(iig_obs_type.perfect_recall)
        self.spec = spec
        self.vectors = Vectors(spec)
        self.tensor = np.zeros(spec.observation_size, np.float32)
        self.dict = {"observation": self.tensor}

    @_refusing
    def set_from(self, state: WastelandState, player: int) -> None:
        node = state.node
        if node is None:
            self.tensor.fill(0.0)  # before the deal there is nothing to see
        else:
            self.tensor[:] = node.vector(self.vectors, check_viewer(player, self.spec.players), state.table)

    @_refusing
    def string_from(self, state: WastelandState, player: int) -> str:
        node = state.node
        if node is None:
            return "before the deal"
        text = node.text(self.spec, player, state.table)
        if self.perfect_recall:
            text += "\n" + state.fingerprint(player)
        return text


for _key in GAME_KEYS:
    register(_key)
