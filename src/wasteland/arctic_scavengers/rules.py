"""The referee: who decides, what is legal, and applying a decision.

``apply`` checks the action directly against the state (never by listing the
legal actions) and raises IllegalAction with a reason for anything else.
"""

from __future__ import annotations

from typing import Any, Callable

from wasteland.arctic_scavengers import actions as A
from wasteland.arctic_scavengers.gathering import (
    begin_action, commit_card, end_gathering, equip_modifier, gathering_actions, hire_mercenary,
    keep_actions, keep_dug_card, resolve_action,
)
from wasteland.arctic_scavengers.skirmish import (
    declaration_actions, declare_sabotage, declare_snipe, end_declarations,
)
from wasteland.arctic_scavengers.state import Phase, State
from wasteland.core.game import IllegalAction

__all__ = ["current_player", "legal_actions", "apply", "num_players"]

_GATHERING, _KEEP, _SKIRMISH, _OVER = Phase.GATHERING, Phase.KEEP, Phase.SKIRMISH, Phase.OVER

_HANDLERS: dict[type, tuple[Phase, Callable[[State, Any], State]]] = {
    A.Begin: (_GATHERING, begin_action),
    A.Commit: (_GATHERING, commit_card),
    A.Equip: (_GATHERING, equip_modifier),
    A.Resolve: (_GATHERING, resolve_action),
    A.Hire: (_GATHERING, hire_mercenary),
    A.EndGathering: (_GATHERING, end_gathering),
    A.Keep: (_KEEP, keep_dug_card),
    A.Sabotage: (_SKIRMISH, declare_sabotage),
    A.Snipe: (_SKIRMISH, declare_snipe),
    A.EndDeclarations: (_SKIRMISH, end_declarations),
}

_PHASE_WORDS = {
    _GATHERING: "gathering", _KEEP: "choosing a dug card to keep", _SKIRMISH: "skirmish declarations",
}


def num_players(state: State) -> int:
    return state.options.players


def current_player(state: State) -> int | None:
    """The seat deciding now, or None once the game is over."""
    return None if state.phase is _OVER else state.turn


def legal_actions(state: State) -> tuple[A.Action, ...]:
    """Every legal decision now, in a stable order; empty once the game is over."""
    phase = state.phase
    if phase is _GATHERING:
        return tuple(gathering_actions(state))
    if phase is _SKIRMISH:
        return tuple(declaration_actions(state))
    if phase is _KEEP:
        return tuple(keep_actions(state))
    return ()


def apply(state: State, action: object) -> State:
    """The state after ``action``; IllegalAction (with a reason) for anything not legal now."""
    entry = _HANDLERS.get(action.__class__)
    if entry is None:
        raise IllegalAction(f"not an Arctic Scavengers action: {action!r}")
    phase = state.phase
    if phase is _OVER:
        raise IllegalAction("the game is over")
    player = action.player  # type: ignore[attr-defined]
    if player != state.turn or player.__class__ is not int:
        raise IllegalAction(f"it is player {state.turn}'s turn, not {player!r}'s")
    need, handler = entry
    if need is not phase:
        raise IllegalAction(f"{A.describe(action)!r} is not possible now ({_PHASE_WORDS[phase]})")
    return handler(state, action)
