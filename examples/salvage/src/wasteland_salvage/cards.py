"""The twelve cards: card ``i`` is worth ``VALUES[i]``."""

from __future__ import annotations

__all__ = ["VALUES", "DECK", "HAND", "HIDDEN"]

VALUES: tuple[int, ...] = (1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6)
DECK = len(VALUES)
#: Cards a hand holds between turns (one more while its player decides).
HAND = 2
#: A card the viewer may not see (in a view only).
HIDDEN = -1
