"""A small immutable, counter-based random number generator.

Algorithm (fixed; replays depend on it, so it must never change):

* The generator is the pair ``(key, counter)`` of 64-bit integers.
* The ``i``-th output (``i = counter + 1``) is SplitMix64's finaliser applied to
  ``key + i * 0x9E3779B97F4A7C15 (mod 2**64)``::

      z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9  (mod 2**64)
      z = (z ^ (z >> 27)) * 0x94D049BB133111EB  (mod 2**64)
      z =  z ^ (z >> 31)

  This is exactly the SplitMix64 stream seeded with ``key``.
* ``below(n)`` (for ``1 <= n <= 2**64``) is unbiased: a 64-bit output ``x`` is rejected while
  ``x >= 2**64 - (2**64 % n)``; the first accepted ``x`` gives ``x % n``.
* ``shuffle`` is Fisher-Yates from the last position down: for ``i`` from
  ``len - 1`` to ``1`` it swaps ``i`` with ``below(i + 1)``.

Only integer arithmetic is used, so the stream is the same on every Python
version and platform. Every operation returns the values it drew together
with the next ``Rng``; the record itself never changes.
"""

from __future__ import annotations

from typing import Sequence, TypeVar

from attrs import frozen

from wasteland.core.codec import register

__all__ = ["Rng", "MASK64", "HIDDEN_RNG"]

MASK64 = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
_M1 = 0xBF58476D1CE4E5B9
_M2 = 0x94D049BB133111EB
_SPAN = 1 << 64
#: Up to ``_SURE_N`` items, every draw below ``_SURE`` is in bounds for ``below(n)`` (see ``shuffle``).
_SURE_N = 1 << 16
_SURE = _SPAN - _SURE_N

T = TypeVar("T")


def _output(key: int, index: int) -> int:
    z = (key + index * _GAMMA) & MASK64
    z = ((z ^ (z >> 30)) * _M1) & MASK64
    z = ((z ^ (z >> 27)) * _M2) & MASK64
    return z ^ (z >> 31)


def _below(key: int, counter: int, n: int) -> tuple[int, int]:
    """Draw an unbiased integer in [0, n) at ``counter``; return it and the new counter."""
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        counter += 1
        x = _output(key, counter)
        if x < limit:
            return x % n, counter


@register("core.Rng")
@frozen
class Rng:
    """An immutable SplitMix64 stream position. Build one with :meth:`from_seed`."""

    key: int
    counter: int = 0

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        """Any Python int is accepted; it is reduced modulo 2**64."""
        return cls(key=seed & MASK64, counter=0)

    def next64(self) -> tuple[int, Rng]:
        """The next raw 64-bit output."""
        counter = self.counter + 1
        return _output(self.key, counter), Rng(self.key, counter)

    def below(self, n: int) -> tuple[int, Rng]:
        """An unbiased integer in ``[0, n)``; ``n`` must be positive."""
        if n <= 0 or n > _SPAN:
            raise ValueError(f"below() needs a bound in 1..2**64, got {n}")
        key = self.key
        if n > _SURE_N:
            value, counter = _below(key, self.counter, n)
            return value, Rng(key, counter)
        # ``_below`` and ``_output`` written out for the usual case, as in ``shuffle``.
        counter = self.counter + 1
        z = (key + counter * _GAMMA) & MASK64
        z = ((z ^ (z >> 30)) * _M1) & MASK64
        z = ((z ^ (z >> 27)) * _M2) & MASK64
        z ^= z >> 31
        if z >= _SURE and z >= _SPAN - _SPAN % n:  # refused: draw on, as ``_below`` does
            value, counter = _below(key, counter, n)
            return value, Rng(key, counter)
        return z % n, Rng(key, counter)

    def between(self, low: int, high: int) -> tuple[int, Rng]:
        """An unbiased integer in ``[low, high]`` (both ends included)."""
        if high < low:
            raise ValueError(f"between() needs low <= high, got {low} > {high}")
        value, rng = self.below(high - low + 1)
        return low + value, rng

    def choice(self, items: Sequence[T]) -> tuple[T, Rng]:
        """One element of a non-empty sequence, uniformly."""
        if not items:
            raise ValueError("choice() from an empty sequence")
        index, rng = self.below(len(items))
        return items[index], rng

    def shuffle(self, items: Sequence[T]) -> tuple[tuple[T, ...], Rng]:
        """A uniformly random permutation of ``items`` as a tuple (Fisher-Yates)."""
        # ``_below`` and ``_output`` written out (the same draws, in the same order): a shuffle of
        # a whole deck is the hottest loop of some games, and the calls cost more than the arithmetic.
        # A draw is refused only when it lies in the last ``2**64 % n`` values below ``2**64``, so a
        # draw below ``_SURE`` is taken without working out the exact bound (n <= _SURE_N).
        out = list(items)
        key, counter = self.key, self.counter
        size = len(out)
        if size > _SURE_N:
            return self._shuffle_long(out)
        z0 = (key + counter * _GAMMA) & MASK64
        for i in range(size - 1, 0, -1):
            z0 = (z0 + _GAMMA) & MASK64
            z = ((z0 ^ (z0 >> 30)) * _M1) & MASK64
            z = ((z ^ (z >> 27)) * _M2) & MASK64
            z ^= z >> 31
            n = i + 1
            if z >= _SURE:
                limit = _SPAN - _SPAN % n
                while z >= limit:  # refused: draw again (the same rule as ``_below``)
                    counter += 1
                    z0 = (z0 + _GAMMA) & MASK64
                    z = ((z0 ^ (z0 >> 30)) * _M1) & MASK64
                    z = ((z ^ (z >> 27)) * _M2) & MASK64
                    z ^= z >> 31
            j = z % n
            out[i], out[j] = out[j], out[i]
        return tuple(out), Rng(key, counter + max(size - 1, 0))

    def _shuffle_long(self, out: list[T]) -> tuple[tuple[T, ...], Rng]:
        """``shuffle`` of more than ``_SURE_N`` items, one ``_below`` a draw."""
        key, counter = self.key, self.counter
        for i in range(len(out) - 1, 0, -1):
            j, counter = _below(key, counter, i + 1)
            out[i], out[j] = out[j], out[i]
        return tuple(out), Rng(key, counter)

    def fork(self, label: int) -> Rng:
        """An independent stream derived from this one and ``label``.

        The parent is not advanced; use a distinct label per child. Useful to
        give a bot or a sub-process its own stream without touching the game's.
        """
        return Rng.from_seed(_output(self.key ^ _output(label & MASK64, 1), self.counter + 1))


#: The generator every game's views carry in place of the real one: a view must not let a
#: player (or a bot) predict the next draw.
HIDDEN_RNG = Rng(key=0, counter=0)
