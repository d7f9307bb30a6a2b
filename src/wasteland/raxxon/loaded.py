"""What a Raxxon table, or a seat's view, read from a file must hold: the codec's checks of a
State (registered from ``rules``), and the check ``determinize`` makes of a view it is given.

Nothing here runs in ``apply``: a table made by the rules holds all of it by construction.
"""

from __future__ import annotations

from operator import le

from wasteland.core.rng import HIDDEN_RNG
from wasteland.raxxon.card_set import table_of
from wasteland.raxxon.cards import CHARACTER_KEYS, POWER_LIMIT, SHEETS, VERB_NAMES
from wasteland.raxxon.state import (
    CELLS, CHOOSE, DECISION_LIMIT, DONE, EMPTY, HIDDEN, KINDS, K_OPTION, K_OPTIONAL, K_SWAP2, START, Ask, FileRaxxon,
    Looked, Phase, State, Step,
)

__all__ = ["check_state_content", "check_view_content"]

#: The most tokens each action of each sheet holds, per side of the sheets (1-2 players, 3-4).
_TOKENS = tuple(tuple(tuple(len(a.slots[side]) for a in sheet.actions) for sheet in SHEETS) for side in (0, 1))
#: The cells of the crowd (a seen cell is one of them).
_ON_CROWD = frozenset(range(CELLS))


def check_state_content(state: State) -> None:
    """ValueError naming the first thing out of range in a state built from a stranger's file
    (the codec's check of a State, with ``rules``' check that the decision waiting has an answer)."""
    _check_sheets(state)
    _check_cards(state)
    _check_counters(state)
    _check_stack(state)
    _check_waiting(state)
    if state.viewer is not None:
        check_view_content(state)


def _check_sheets(state: State) -> None:
    """The crowd's size, and a character, a sheet of tokens and the cells seen per seat."""
    n = state.options.players
    if len(state.crowd) != CELLS:
        raise ValueError(f"the crowd has {CELLS} cells")
    if len(state.characters) != n or len(state.tokens) != n or len(state.seen) != n:
        raise ValueError("characters, tokens and seen hold one entry per player")
    if not all(0 <= c < len(CHARACTER_KEYS) for c in state.characters) or len(set(state.characters)) != n:
        raise ValueError("characters are distinct sheets")
    side = 0 if n <= 2 else 1
    for c, tokens in zip(state.characters, state.tokens):
        most = _TOKENS[side][c]
        if len(tokens) != len(most) or tokens and (min(tokens) < 0 or not all(map(le, tokens, most))):
            raise ValueError("tokens out of range for the sheet")
    if not all(map(_ON_CROWD.issuperset, state.seen)):
        raise ValueError("a seen cell is off the crowd")
    if state.options.table_talk and len(set(state.seen)) > 1:
        raise ValueError("with table talk every seat knows the same cells")


def _check_cards(state: State) -> None:
    """Every population and Raxxon card in exactly one place, hidden only where a view hides."""
    table = table_of(state)
    low = HIDDEN if state.viewer is not None else 0
    population = [*state.draw, *state.discard, *state.supply, *state.evacuated, *state.contained,
                  *state.uncontained, *state.removed, *state.unknown, *filter(EMPTY.__ne__, state.crowd)]
    # a table hides nothing (HIDDEN is out of its range); a view's hidden cards are left out (in C)
    known = population if low == 0 else list(filter(HIDDEN.__ne__, population))
    if population and not (low <= min(population) and max(population) < table.population) \
            or len(set(known)) != len(known):
        raise ValueError(f"population card ids run from 0 to {table.population - 1}, each once")
    if sorted(known) != list(range(table.population)):
        raise ValueError("every population card is in exactly one place")
    if not all(c == HIDDEN or not table.healthy[c] for c in state.supply):
        raise ValueError("the infection supply holds infected cards only")
    raxxon = [*state.raxxon_draw, *state.triggered, *state.untriggered, *state.reading]
    if sorted(raxxon) != list(range(table.raxxon)):
        raise ValueError(f"Raxxon card ids run from 0 to {table.raxxon - 1}, each in one place")
    if not state.face_up <= set(state.crowd) - {HIDDEN, EMPTY}:
        raise ValueError("a face-up card is not in the crowd")
    placed = [*state.discard, *state.evacuated, *state.contained, *state.uncontained, *state.removed,
              *state.unknown]
    if HIDDEN in placed:
        raise ValueError("only the crowd, the draw pile and the supply hide their cards")
    if not all(state.crowd[c] != EMPTY for seen in state.seen for c in seen):
        raise ValueError("a seen cell holds no card")


def _check_counters(state: State) -> None:
    """Power, seats, stage, day, the decisions counted and the cut in range."""
    n = state.options.players
    if not (0 <= state.power <= POWER_LIMIT and 0 <= state.first < n and 0 <= state.active < n
            and state.stage in (START, CHOOSE, DONE) and state.passed <= set(range(n))
            and 0 < state.day <= 100_000 and (state.viewer is None or 0 <= state.viewer < n)):
        raise ValueError("power, first, active, stage, passed, day or viewer is out of range")
    if not 0 <= state.decisions <= DECISION_LIMIT or (state.cut and state.phase is not Phase.OVER):
        raise ValueError(f"decisions run from 0 to {DECISION_LIMIT}; only a finished game is cut")
    if state.viewer is None and state.unknown:
        raise ValueError("only a view holds unknown cards")


def _check_stack(state: State) -> None:
    """Every effect and step on the stack in range, a pending decision only on top."""
    table = table_of(state)
    for position, item in enumerate(state.stack):
        if isinstance(item, (Step, Ask)):
            if not (0 <= item.kind < len(KINDS) and 0 <= item.count <= 36):
                raise ValueError("a pending step is out of range")
            limit = {K_OPTION: table.raxxon, K_OPTIONAL: len(VERB_NAMES), K_SWAP2: CELLS}.get(item.kind)
            if not (0 <= item.arg < limit if limit is not None else item.arg == -1):
                raise ValueError("a pending step's argument is out of range")
            if item.kind == K_OPTION and item.arg not in state.reading:
                raise ValueError("a Raxxon card's option is pending but the card is not being read")
        if isinstance(item, Ask) and position != len(state.stack) - 1:
            raise ValueError("a pending decision is always on top of the stack")
        if isinstance(item, FileRaxxon) and item.card not in state.reading:
            raise ValueError("a Raxxon card to file is not being read")


def _check_waiting(state: State) -> None:
    """A table in play waits for its active player's decision; a finished one for nothing."""
    if state.phase is Phase.ACTIONS and state.active in state.passed:
        raise ValueError("the active player has passed for the day")
    if state.phase is Phase.OVER and state.stack:
        raise ValueError("a finished game has nothing left to resolve")
    if state.phase is Phase.ACTIONS and (type(state.stack[-1]) is not Ask if state.stack else state.stage == DONE):
        raise ValueError("a table waits for a decision: a pending step on top, or a turn to take or an action "
                         "to choose")


def check_view_content(state: State) -> None:
    """ValueError unless ``state`` is what ``view`` makes for its viewer: the draw pile and the
    supply hidden, a crowd card hidden exactly where the seat has not seen it face down, the
    cards it cannot place (enough infected ones for the supply) in ``unknown`` in id order, the
    Raxxon draw pile in id order, another seat's looks without their card (but with table talk),
    and no generator."""
    seat = state.viewer
    if seat is None:
        raise ValueError("the table is not a view")
    if any(c != HIDDEN for c in state.draw) or any(c != HIDDEN for c in state.supply):
        raise ValueError("a view hides the draw pile and the infection supply")
    mine = state.seen[seat]
    hidden = 0
    for cell, card in enumerate(state.crowd):
        if card == HIDDEN:
            hidden += 1
            if cell in mine:
                raise ValueError("a view hides a crowd card its seat has seen")
        elif card != EMPTY and card not in state.face_up and cell not in mine:
            raise ValueError("a view shows a face-down crowd card its seat has not seen")
    unknown = state.unknown
    if list(unknown) != sorted(unknown) or len(unknown) != hidden + len(state.draw) + len(state.supply):
        raise ValueError("a view lists, in id order, exactly the cards its seat cannot place")
    healthy = table_of(state).healthy
    if sum(1 for c in unknown if not healthy[c]) < len(state.supply):
        raise ValueError("the cards a view cannot place hold too few infected ones for the supply")
    if list(state.raxxon_draw) != sorted(state.raxxon_draw) or state.rng != HIDDEN_RNG:
        raise ValueError("a view shows the Raxxon draw pile in id order and no generator")
    if not state.options.table_talk and any(
            type(e) is Looked and e.player != seat and e.card != HIDDEN for e in state.events):
        raise ValueError("a view does not show the card another seat looked at")
