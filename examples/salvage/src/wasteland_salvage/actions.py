"""The one decision, its notation and its action id."""

from __future__ import annotations

from attrs import frozen

from wasteland_salvage.cards import DECK
from wasteland_salvage.state import State
from wasteland.core.codec import register
from wasteland.core.game import IllegalAction, need_state, short

__all__ = ["Discard", "Action", "ACTION_TYPES", "notation", "action_count", "action_id", "decode"]


@register("salvage.Discard")
@frozen(cache_hash=True)
class Discard:
    """Discard ``card`` from the hand, face up."""

    card: int


Action = Discard
ACTION_TYPES: tuple[type, ...] = (Discard,)


def notation(state: State, action: Discard) -> str:
    """``d7``: discard card 7 (worth 4)."""
    need_state(state, State, "a Salvage")
    return f"d{action.card}"


def action_count(state: State) -> int:
    need_state(state, State, "a Salvage")
    return DECK


def action_id(state: State, action: Discard) -> int:
    need_state(state, State, "a Salvage")
    card = action.card if type(action) is Discard else None
    if type(card) is not int or not 0 <= card < DECK:
        raise IllegalAction(f"{short(action)} has no action id in Salvage")
    return card


def decode(state: State, i: int) -> Discard:
    """The action with id ``i`` (not yet checked)."""
    return Discard(i)

