"""The words every part of Aftermath shares: attributes (the colours of the action cards), the
campaign dials, the tokens a page may hold, the kinds of line between two spaces of a page's map,
and a prize (what a scavenge token or an encounter's loot gives).

This module imports nothing of the game; ``cards`` (the components) and ``book`` (the adventure
book read as data) both build on it.
"""

from __future__ import annotations

import enum

from attrs import frozen

from wasteland.core.codec import register
from wasteland.core.spaces import BorderKind

__all__ = [
    "Attribute", "ATTRIBUTES", "DIALS", "DIAL_TOPS", "CAPPED_DIAL", "CAP", "ONCE_DIAL", "LIFE_DIALS", "LIFE_RESET",
    "dial_top", "TOKENS", "LINES", "LINE_NAMES", "COLOURED_LINES", "Prize",
]


@register("aftermath.Attribute")
class Attribute(enum.StrEnum):
    """The four attributes, each the colour of the action cards that start its tests (public:
    research §1), and white, the cards that start any test and pay for abilities."""

    STRENGTH = "red"
    AGILITY = "green"
    RESISTANCE = "blue"
    INSTINCTS = "yellow"
    WHITE = "white"


#: The four attributes a test can name (white is not an attribute, it starts any test).
ATTRIBUTES: tuple[Attribute, ...] = (
    Attribute.STRENGTH, Attribute.AGILITY, Attribute.RESISTANCE, Attribute.INSTINCTS,
)

#: The campaign dashboard's dials (research §6, medium confidence: food, scrap, population,
#: morale, clues, time).
DIALS: tuple[str, ...] = ("food", "scrap", "population", "morale", "clues", "time")

#: *design* (not public, research §12): each dial's highest value, in ``DIALS`` order; every dial's
#: lowest is 0. Time counts the days a mission takes and has no real top.
DIAL_TOPS: tuple[int, ...] = (15, 15, 20, 15, 15, 99)
#: *design* (research §7: the stripped icon is probably population): the dial that cannot pass
#: ``CAP`` until the book says otherwise (the effect ``lift_cap``); then its top is its dial's.
CAPPED_DIAL = "population"
CAP = 15
#: *design* (research §7: probably morale or clues): the dial that may rise only once a mission.
ONCE_DIAL = "morale"
#: *design* (research §7: the best guess, "keep the colony from disbanding"): the two dials whose
#: reaching 0 loses the campaign, and the value the infinite-lives mode sets them to (seed: 5).
LIFE_DIALS: tuple[str, ...] = ("food", "morale")
LIFE_RESET = 5


def dial_top(dial: str, lifted: bool) -> int:
    """The highest value ``dial`` may take now: the capped dial stops at ``CAP`` until its cap is
    lifted."""
    top = DIAL_TOPS[DIALS.index(dial)]
    return top if lifted or dial != CAPPED_DIAL else min(top, CAP)

#: The kinds of token a page may place (the seed's component list: objective, fire, heavy object,
#: trap, fishhook, aim; scavenge tokens are drawn from their own piles and are not listed here).
TOKENS: tuple[str, ...] = ("objective", "fire", "heavy", "trap", "fishhook", "aim")

#: The lines of a page's map (seed, "Action: Move" and "Line of sight"): a dashed white line costs
#: 1 movement point; a solid red, blue or green line costs 1 when every card played for the move
#: shares its colour and 3 otherwise (enemies always pay 1); a solid white line can be seen through
#: and not crossed; a double white line blocks sight and movement. ``cost`` here is the cost for a
#: mover who does not match the colour; the rules give the matching cost.
LINES: dict[str, BorderKind] = {
    "dashed": BorderKind("dashed", passable=True, cost=1, blocks_sight=False),
    "red": BorderKind("red", passable=True, cost=3, blocks_sight=False),
    "blue": BorderKind("blue", passable=True, cost=3, blocks_sight=False),
    "green": BorderKind("green", passable=True, cost=3, blocks_sight=False),
    "wall": BorderKind("wall", passable=False, cost=1, blocks_sight=False),
    "double": BorderKind("double", passable=False, cost=1, blocks_sight=True),
}
LINE_NAMES: tuple[str, ...] = tuple(LINES)
#: The coloured lines and the attribute whose cards cross them for 1.
COLOURED_LINES: dict[str, Attribute] = {
    "red": Attribute.STRENGTH, "green": Attribute.AGILITY, "blue": Attribute.RESISTANCE,
}


@register("aftermath.Prize")
@frozen
class Prize:
    """What a scavenge token or an encounter's loot gives (seed, "Action: Scavenge"): so many of
    each dial, so many battery tokens, so many items drawn from the item deck, so many drawn into
    the broken pile."""

    dials: tuple[tuple[str, int], ...] = ()
    batteries: int = 0
    items: int = 0
    broken: int = 0
