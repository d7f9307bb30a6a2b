"""The one decision, its notation and its action id."""

from __future__ import annotations

from typing import Annotated

from attrs import frozen

from tests.toy.salvage.cards import DECK
from tests.toy.salvage.state import State
from wasteland.core.action_ids import ActionSpace, Ids
from wasteland.core.codec import register_records
from wasteland.core.game import need_state

__all__ = ["Discard", "Action", "ACTION_TYPES", "notation", "action_count", "action_id", "decode"]


@frozen(cache_hash=True)
class Discard:
    """Discard ``card`` from the hand, face up."""

    card: Annotated[int, Ids(DECK)]


Action = Discard
ACTION_TYPES: tuple[type, ...] = (Discard,)


def notation(state: State, action: Discard) -> str:
    """``d7``: discard card 7 (worth 4)."""
    need_state(state, State, "a Salvage")
    return f"d{action.card}"


#: The action ids, from the cards a Discard may name: Discard(c) is id c.
SPACE: ActionSpace[Action] = ActionSpace(State, "Salvage", *ACTION_TYPES)
action_count, action_id, decode = SPACE.action_count, SPACE.action_id, SPACE.decode


register_records("salvage", *ACTION_TYPES)  # codec tags: salvage.Discard
