"""What a state weighs: its text, the time to write and read it, and the memory it takes when kept.

:func:`weigh` plays the longest of a few random games of a game (moves chosen as ``wasteland bench``
chooses them: ``moves`` + ``play_at`` with an Rng of the seed) and measures, on every state of it:

* ``text_bytes``: the mean length of ``codec.dumps(state)`` in UTF-8 bytes;
* ``dumps_ns`` and ``loads_ns``: the median time of one ``codec.dumps`` and one ``codec.loads`` of
  a sample of its states (CPU time of this process), and ``decision_ns``, the median time of one decision (``moves`` +
  ``play_at``) along the same game, to say them in decisions;
* ``kept_bytes``: the memory a state adds when it is kept along the game, sharing what it can with
  the state before it (as a history, a search tree or an undo stack keep them): the memory traced
  by :mod:`tracemalloc` while every state of the game is kept, less the memory of the first state,
  divided by the number of states after the first;
* ``unshared_bytes``: the memory of one state read back from its text alone (the middle state of
  the game), which shares nothing with any other.

``python -m wasteland.weight`` prints the table for every game at its largest player count;
``python -m wasteland.weight --ratio [REPS]`` prints :func:`loads_ratio` for every game instead.
"""

from __future__ import annotations

import gc
import statistics
import sys
import time
import tracemalloc
from typing import Any

from attrs import frozen

from wasteland.core import codec
from wasteland.core.game import Game
from wasteland.core.rng import Rng
from wasteland.registry import GAME_KEYS, get_game

__all__ = ["Weight", "weigh", "play", "kept_bytes", "unshared_bytes", "loads_ratio"]

#: How many states of the game are timed through ``dumps`` and ``loads``.
TIMED = 40


@frozen
class Weight:
    """What the states of one game weigh (see the module's docstring)."""

    game: str
    players: int
    seed: int
    states: int
    text_bytes: float
    dumps_ns: int
    loads_ns: int
    decision_ns: int
    kept_bytes: float
    unshared_bytes: int

    def format(self) -> str:
        decision = self.decision_ns or 1
        return (f"{self.game:<18} {self.players}p {self.states:>5} states  text {self.text_bytes / 1024:5.1f} KiB  "
                f"dumps {self.dumps_ns / 1e6:5.2f} ms ({self.dumps_ns / decision:4.1f} decisions)  "
                f"loads {self.loads_ns / 1e6:5.2f} ms ({self.loads_ns / decision:4.1f}; "
                f"{self.loads_ns / (self.dumps_ns or 1):.2f}x dumps)  kept {self.kept_bytes / 1024:4.2f} KiB  "
                f"unshared {self.unshared_bytes / 1024:5.1f} KiB")


def play(game: Game[Any, Any], seed: int, players: int) -> list[Any]:
    """Every state of one random game, the first included."""
    state = game.new_game(seed, players=players)
    pick = Rng.from_seed(seed ^ 0x5EED)
    states = [state]
    while game.current_player(state) is not None:
        listed = game.moves(state)
        index, pick = pick.below(len(listed.actions))
        state = listed.play_at(index)
        states.append(state)
    return states


def kept_bytes(game: Game[Any, Any], seed: int, players: int) -> tuple[float, int]:
    """The memory each state after the first adds when every state of the game ``seed`` is kept,
    and the number of states."""
    gc.collect()
    started = tracemalloc.is_tracing()
    if not started:
        tracemalloc.start()
    try:
        state = game.new_game(seed, players=players)
        pick = Rng.from_seed(seed ^ 0x5EED)
        states = [state]
        base = tracemalloc.get_traced_memory()[0]
        while game.current_player(state) is not None:
            listed = game.moves(state)
            index, pick = pick.below(len(listed.actions))
            state = listed.play_at(index)
            states.append(state)
            del listed
        gc.collect()
        grown = tracemalloc.get_traced_memory()[0] - base
    finally:
        if not started:
            tracemalloc.stop()
    return grown / max(1, len(states) - 1), len(states)


def unshared_bytes(text: str) -> int:
    """The memory of the value ``codec.loads(text)`` builds, sharing nothing (not even the static
    records the codec read lately, nor counting the texts it keeps of them)."""
    codec.forget_static()
    gc.collect()
    started = tracemalloc.is_tracing()
    if not started:
        tracemalloc.start()
    try:
        base = tracemalloc.get_traced_memory()[0]
        value = codec.loads(text)
        codec.forget_static()
        gc.collect()
        grown = tracemalloc.get_traced_memory()[0] - base
        del value
    finally:
        if not started:
            tracemalloc.stop()
    return grown


def _median_ns(call: Any, values: list[Any]) -> int:
    clock = time.process_time_ns  # CPU time: the machine may be shared
    times = []
    for value in values:
        start = clock()
        call(value)
        times.append(clock() - start)
    return int(statistics.median(times))


def weigh(key: str, players: int | None = None, seed: int = 0, games: int = 3) -> Weight:
    """The weight of the states of the longest of ``games`` random games of ``key`` (seeds from
    ``seed``) at ``players`` seats (None: the most the game seats)."""
    game = get_game(key)
    n = max(game.player_counts) if players is None else players
    longest, states = seed, play(game, seed, n)
    for other in range(seed + 1, seed + games):
        candidate = play(game, other, n)
        if len(candidate) > len(states):
            longest, states = other, candidate
    texts = [codec.dumps(state) for state in states]
    text_bytes = statistics.fmean(len(text.encode("utf-8")) for text in texts)
    step = max(1, len(states) // TIMED)
    sample = states[::step]
    dumps_ns = _median_ns(codec.dumps, sample)
    loads_ns = _median_ns(codec.loads, texts[::step])
    decision_ns = _median_ns(lambda state: game.moves(state).play_at(0), states[:-1])
    kept, _ = kept_bytes(game, longest, n)
    unshared = unshared_bytes(texts[len(texts) // 2])
    return Weight(key, n, longest, len(states), text_bytes, dumps_ns, loads_ns, decision_ns, kept, unshared)


def loads_ratio(key: str, players: int | None = None, seed: int = 0, games: int = 3, reps: int = 7) -> float:
    """``loads`` ÷ ``dumps`` of the states :func:`weigh` times (the longest of ``games`` random games,
    about :data:`TIMED` of its states), the median over ``reps`` reps, each timing ``dumps`` of the
    sample and then ``loads`` of its texts (CPU time of this process), so that the load of a shared
    machine weighs on both alike."""
    game = get_game(key)
    n = max(game.player_counts) if players is None else players
    states = max((play(game, one, n) for one in range(seed, seed + games)), key=len)
    sample = states[::max(1, len(states) // TIMED)]
    texts = [codec.dumps(state) for state in sample]
    clock, ratios = time.process_time_ns, []
    for _ in range(reps):
        start = clock()
        for state in sample:
            codec.dumps(state)
        middle = clock()
        for text in texts:
            codec.loads(text)
        ratios.append((clock() - middle) / max(1, middle - start))
    return statistics.median(ratios)


def main(argv: list[str]) -> None:
    if argv[:1] == ["--ratio"]:
        reps = int(argv[1]) if len(argv) > 1 else 7
        for key in GAME_KEYS:
            game = get_game(key)
            print(f"{key:<18} {max(game.player_counts)}p  loads / dumps {loads_ratio(key, reps=reps):.2f}")
        return
    for key in argv or GAME_KEYS:
        print(weigh(key).format())


if __name__ == "__main__":
    main(sys.argv[1:])
