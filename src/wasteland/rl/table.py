"""A table played by action ids: what the PettingZoo and the Gymnasium environments share.

:class:`IdTable` holds one game's state (``table``) and, worked out once per table, its seat
to move and its legal actions as the game's ``moves`` lists them, each one's index there by
id. From these it gives a seat's observation vector (the game's writer straight into a numpy
array), its legal-action mask, and plays an id: a listed one without the check ``apply``
would make again, any other through ``action_from_id`` and ``apply``, which say why it is
refused. The environments add their library's conventions (agents, rewards, episodes).
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

__all__ = ["IdTable", "Known"]

#: What is worked out once a table: (the table, the seat to move or None once over, its legal
#: actions as the game's ``moves`` lists them, each one's index there by id).
Known = tuple[Any, int | None, Listed[Any, Any] | None, dict[int, int]]


class IdTable:
    """One game's table with the options of ``spec``, played by ids (see the module's text).

    ``table`` may be set to any state of the game: what is worked out for a table is kept
    with the table it was worked out for, and worked out again for another."""

    def __init__(self, spec: Encoding) -> None:
        self.spec = spec
        self.game = spec.game
        self.table: Any = None  # the game's state (the referee's), None before start
        self._known: Known | None = None
        observe = spec.observe
        # The game's writer and layout (the options fix them), or None for a plain observe.
        self._observer: Observer[Any] | None = observe if isinstance(observe, Observer) else None
        self._layout: Layout | None = None
        # Zeros to copy, quicker than making new ones: an observation, a mask.
        self._zeros = np.zeros(spec.observation_size, np.float32)
        self._no_actions = np.zeros(spec.action_count, np.int8)

    def start(self, seed: int) -> Any:
        """A new game, ``new_game(seed, **options)``, as the table; the first one's layout is
        checked against ``observation_size`` (the options fix it)."""
        table = self.table = self.spec.new_game(seed)
        self._known = None
        if self._observer is not None and self._layout is None:
            shape = self._observer.layout_of(table)
            if shape.size != self.spec.observation_size:
                raise RuntimeError(f"{self.game.key}: the observation's layout has {shape.size} numbers, "
                                   f"observation_size says {self.spec.observation_size}")
            self._layout = shape
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
        known: Known
        if player is None:
            known = self._known = (table, None, None, {})
            return known
        game = self.game
        moves = game.moves(table)
        action_id, legal = game.action_id, moves.actions
        by_id = {action_id(table, action): index for index, action in enumerate(legal)}
        if min(by_id) < 0 or max(by_id) >= self.spec.action_count or len(by_id) != len(legal):
            legal_ids(self.spec, table)  # raises, saying which promise the game broke
        known = self._known = (table, player, moves, by_id)
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
        """``observe(view(table, seat))`` as a new ``float32`` array, written by the game straight
        from the table (the table is this object's own and ``seat`` one of its seats, so the
        checks of ``seat_into`` are made once, at start)."""
        observer, shape = self._observer, self._layout
        if observer is not None and shape is not None:
            vector = self._zeros.copy()
            observer.write(self.table, seat, shape, memoryview(vector))  # type: ignore[arg-type, unused-ignore]
            return vector
        return np.asarray(self.spec.observation(self.table, seat), dtype=np.float32)

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
