"""A table played by action ids: what the RL adapters share.

:func:`listing` works out, for a table, its seat to move and its legal actions as the game's
``moves`` lists them, each one's index there by id: the mask and the legal ids come from it,
and a listed id is played with ``play_at``, without the check ``apply`` would make again.
:class:`Vectors` writes a seat's observation with the game's writer straight into a numpy
array. :class:`IdTable` holds one table with both, for the PettingZoo and the Gymnasium
environments; the OpenSpiel adapter keeps a listing on each node of its history. Each
adapter adds its library's conventions (agents, rewards, episodes, chance).
"""

from __future__ import annotations

from typing import Any

from wasteland.core.game import Listed
from wasteland.core.observation import Layout, Observer
from wasteland.rl import MISSING_EXTRA, Encoding, legal_ids

try:
    import numpy as np  # type: ignore[import-not-found, unused-ignore]
except ImportError as exc:  # pragma: no cover - the base install
    raise ImportError(MISSING_EXTRA) from exc

__all__ = ["IdTable", "Known", "Vectors", "listing"]

#: What is worked out once a table: (the table, the seat to move or None once over, its legal
#: actions as the game's ``moves`` lists them, each one's index there by id).
Known = tuple[Any, int | None, Listed[Any, Any] | None, dict[int, int]]


def listing(spec: Encoding, table: Any, player: int | None) -> Known:
    """:data:`Known` for ``table``, whose seat to move is ``player`` (the caller knows it);
    RuntimeError if the game gives ids out of the space or two actions one id."""
    if player is None:
        return (table, None, None, {})
    game = spec.game
    moves = game.moves(table)
    action_id, legal = game.action_id, moves.actions
    by_id = {action_id(table, action): index for index, action in enumerate(legal)}
    if min(by_id) < 0 or max(by_id) >= spec.action_count or len(by_id) != len(legal):
        legal_ids(spec, table)  # raises, saying which promise the game broke
    return (table, player, moves, by_id)


class Vectors:
    """The observation vectors of one game with the options of ``spec``: ``of(table, seat)``
    is ``observe(view(table, seat))`` as a new ``float32`` array, written by the game straight
    from the table. The checks of ``seat_into`` are made once, on the first table (the options
    fix the layout); the seat is the caller's to check."""

    def __init__(self, spec: Encoding) -> None:
        self.spec = spec
        observe = spec.observe
        # The game's writer and layout (the options fix them), or None for a plain observe.
        self._observer: Observer[Any] | None = observe if isinstance(observe, Observer) else None
        self._layout: Layout | None = None
        self._zeros = np.zeros(spec.observation_size, np.float32)  # to copy, quicker than new zeros

    def check(self, table: Any) -> None:
        """Read the layout from ``table`` and check it against ``observation_size``, once."""
        if self._observer is not None and self._layout is None:
            shape = self._observer.layout_of(table)
            if shape.size != self.spec.observation_size:
                raise RuntimeError(f"{self.spec.game.key}: the observation's layout has {shape.size} numbers, "
                                   f"observation_size says {self.spec.observation_size}")
            self._layout = shape

    def of(self, table: Any, seat: int) -> Any:
        """``observe(view(table, seat))`` as a new ``float32`` array."""
        observer, shape = self._observer, self._layout
        if observer is not None:
            if shape is None:
                self.check(table)
                shape = self._layout
            vector = self._zeros.copy()
            observer.write(table, seat, shape, memoryview(vector))  # type: ignore[arg-type, unused-ignore]
            return vector
        return np.asarray(self.spec.observation(table, seat), dtype=np.float32)


class IdTable:
    """One game's table with the options of ``spec``, played by ids (see the module's text).

    ``table`` may be set to any state of the game: what is worked out for a table is kept
    with the table it was worked out for, and worked out again for another."""

    def __init__(self, spec: Encoding) -> None:
        self.spec = spec
        self.game = spec.game
        self.table: Any = None  # the game's state (the referee's), None before start
        self._known: Known | None = None
        self._vectors = Vectors(spec)
        self._no_actions = np.zeros(spec.action_count, np.int8)  # to copy, quicker than new zeros

    def start(self, seed: int) -> Any:
        """A new game, ``new_game(seed, **options)``, as the table; the first one's layout is
        checked against ``observation_size`` (the options fix it)."""
        table = self.table = self.spec.new_game(seed)
        self._known = None
        self._vectors.check(table)
        return table

    def known(self) -> Known:
        """What is worked out once for the table (see :data:`Known`)."""
        known = self._known
        table = self.table
        if known is not None and known[0] is table:
            return known
        return self.list(table, self.game.current_player(table))

    def list(self, table: Any, player: int | None) -> Known:
        """:meth:`known` for ``table``, whose seat to move is ``player`` (the caller knows it),
        kept for the next calls."""
        known = self._known = listing(self.spec, table, player)
        return known

    def play(self, i: int) -> Known | None:
        """Play the id ``i`` (an int of the action space) on the table; what is worked out for
        the new table (its seat to move among it), or None, and nothing changes, when ``i``
        names no legal action."""
        known = self._known
        table = self.table
        _, _, moves, by_id = known if known is not None and known[0] is table else self.known()
        index = by_id.get(i)
        if index is None or moves is None:
            return None
        table = self.table = moves.play_at(index)  # listed as legal on this very table: no check again
        return self.list(table, self.game.current_player(table))

    def play_checked(self, i: int) -> Known:
        """Play the id ``i`` through ``action_from_id`` and ``apply``: ``IllegalAction`` saying
        why when it names no legal action, and then nothing changes."""
        table = self.table
        table = self.table = self.game.apply(table, self.spec.action_from_id(table, i))
        return self.list(table, self.game.current_player(table))

    def vector(self, seat: int) -> Any:
        """``observe(view(table, seat))`` as a new ``float32`` array (:class:`Vectors`; the
        table is this object's own and ``seat`` one of its seats)."""
        return self._vectors.of(self.table, seat)

    def mask(self, seat: int) -> Any:
        """A new ``int8`` mask with a 1 at the id of each legal action of ``seat``: all zeros
        unless ``seat`` is to move."""
        mask = self._no_actions.copy()
        known = self._known
        table = self.table
        _, player, _, by_id = known if known is not None and known[0] is table else self.known()
        if player == seat:
            for i in by_id:
                mask[i] = 1
        return mask

    def no_mask(self) -> Any:
        """A new all-zero ``int8`` mask."""
        return self._no_actions.copy()
