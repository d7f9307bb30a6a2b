"""Player actions ("Acciones del jugador"): a turn, the sheet's consequences, the actions and their steps.

A turn: the active player takes it or passes (a pass lasts the day); a taken
turn triggers every consequence under a token, top to bottom and left to right,
then the player chooses an available action (Investigate while a face-down card
is left that the player has not looked at; another while it has an empty slot,
where the token goes, leftmost first) and performs it. A player with no
available action passes; a turn whose consequences leave no action available
ends with them.

An action is a verb (look, flip, evacuate...) done as ``Step`` records: a step
with a choice becomes an ``Ask`` for the active player, a step with one way is
done at once, a step with none is dropped. ``choices`` lists what a step may
take; ``answer`` carries the choice out.
"""

from __future__ import annotations

from typing import Callable, Sequence

from wasteland.core.game import short
from wasteland.raxxon import cards as C
from wasteland.raxxon import icons
from wasteland.raxxon.actions import Act, Decline, Line, Option, Pass, Place, Take, Target, Turn
from wasteland.raxxon.card_set import table_of
from wasteland.raxxon.crowd import ADJACENT, COLUMN_CELLS, ROW_CELLS, place_card, placements
from wasteland.raxxon.state import (
    CELL_KINDS, CELLS, CHOOSE, DONE, EMPTY, K_EVAC_UP, K_KILL_UP, K_OPTION, K_OPTIONAL, K_PLACE, K_SWAP2, LINE_KINDS,
    START, Added, Ask, Looked, State, Step, Swapped, Work,
)

__all__ = [
    "pending", "pass_reason", "turn_reason", "act_reason", "target_reason", "line_reason", "place_reason",
    "option_reason", "optional_reason", "side", "slots_of", "available", "can_investigate", "consequences",
    "take_turn", "choose_action", "pass_turn", "choices", "allows", "answer", "resolve_step", "next_player",
]


# -- when each decision is legal ---------------------------------------------------------------------

def pending(state: State | Work) -> Ask | None:
    """The decision waiting on top of the stack, if any."""
    stack = state.stack
    if stack:
        top = stack[-1]
        if type(top) is Ask:
            return top
    return None


#: The action that answers a pending step of each kind (the others: Take or Decline), and its words.
ANSWER: dict[int, type] = {**{k: Target for k in CELL_KINDS}, **{k: Line for k in LINE_KINDS}, K_PLACE: Place,
                           K_OPTION: Option}
_WORDS: dict[type, str] = {Target: "a crowd card (r2c3)", Line: "a row or column", Place: "a cell for the card",
                           Option: "an option of the Raxxon card"}


def _step_waits(state: State, action: object) -> str | None:
    """Why a turn's decision cannot be taken while a step waits for its answer (None: none waits)."""
    ask = pending(state)
    if ask is None:
        return None
    want = ANSWER.get(ask.kind)
    if want is None:
        return "the optional effect is pending: take or decline"
    return f"a step is pending: answer with {_WORDS[want]}, not {short(type(action).__name__)}"


def pass_reason(state: State, action: Pass) -> str | None:
    """A pass is the start of a turn's other choice."""
    return _step_waits(state, action) or (None if state.stage == START else "the turn is taken: choose an action")


def turn_reason(state: State, action: Turn) -> str | None:
    """A turn is taken at its start, with a token on the sheet to trigger and an action to choose."""
    waits = _step_waits(state, action)
    if waits is not None:
        return waits
    if state.stage != START:
        return "the turn is already taken"
    if not any(state.tokens[state.active]):
        return "no token on the sheet: choose an action or pass"
    return None if any(_free_slots(state)) or can_investigate(state) else "no action is available: pass"


def act_reason(state: State, action: Act) -> str | None:
    """An available action, chosen after the consequences (at once with no token on the sheet)."""
    waits = _step_waits(state, action)
    if waits is not None:
        return waits
    if state.stage == START and any(state.tokens[state.active]):
        return "take the turn first (the consequences trigger) or pass"
    index = action.index  # one of ``available``: Investigate (0) or an action with an empty slot
    free = _free_slots(state)
    if not (can_investigate(state) if index == 0 else 1 <= index <= len(free) and free[index - 1]):
        return f"action {short(index)} has no empty token slot (or is not on the sheet)"
    return None


def _answer_reason(state: State, action: object, value: int) -> str | None:
    """Why ``value`` does not answer the step waiting (None: it is one of its choices)."""
    ask = pending(state)
    if ask is None:
        return "no step is pending"
    want = ANSWER.get(ask.kind)
    if want is not type(action):
        if want is None:
            return "the optional effect is pending: take or decline"
        return f"a step is pending: answer with {_WORDS[want]}, not {short(type(action).__name__)}"
    if not allows(state, ask.kind, ask.arg, value):
        return f"{short(value)} is not a choice of the pending step"
    return None


def target_reason(state: State, action: Target) -> str | None:
    return _answer_reason(state, action, action.cell)


def line_reason(state: State, action: Line) -> str | None:
    return _answer_reason(state, action, action.index)


def place_reason(state: State, action: Place) -> str | None:
    return _answer_reason(state, action, action.cell)


def option_reason(state: State, action: Option) -> str | None:
    return _answer_reason(state, action, action.index)


def optional_reason(state: State, action: Take | Decline) -> str | None:
    """Take or Decline answer an optional effect, and nothing else."""
    ask = pending(state)
    if ask is None:
        return "no step is pending"
    want = ANSWER.get(ask.kind)
    if want is not None:
        return f"a step is pending: answer with {_WORDS[want]}, not {short(type(action).__name__)}"
    return None


# -- the sheet --------------------------------------------------------------------------------------

def side(players: int) -> int:
    """The side of the sheets: 0 for 1-2 players, 1 for 3-4 (*design*)."""
    return 0 if players <= 2 else 1


#: SLOTS[side][character]: how many token slots each action of a sheet has.
SLOTS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(len(a.slots[s]) for a in sheet.actions) for sheet in C.SHEETS) for s in (0, 1))


def slots_of(state: State | Work, seat: int) -> tuple[int, ...]:
    """How many token slots each action (after Investigate) of ``seat``'s sheet has."""
    return SLOTS[0 if state.options.players <= 2 else 1][state.characters[seat]]


def available(state: State | Work) -> list[int]:
    """The actions the active player may choose: 0 (Investigate) while a face-down crowd card is
    left that the player has not looked at (*design*: with none, Investigate would do nothing),
    and those with an empty slot."""
    free = [k + 1 for k, empty in enumerate(_free_slots(state)) if empty]
    return [0, *free] if can_investigate(state) else free


def _free_slots(state: State | Work) -> list[bool]:
    """For each action of the active player's sheet (1, 2, ...): it has an empty token slot."""
    seat = state.active
    tokens = state.tokens[seat]
    slots = SLOTS[0 if state.options.players <= 2 else 1][state.characters[seat]]
    return [tokens[k] < slots[k] for k in range(len(slots))]


def can_investigate(state: State | Work) -> bool:
    """Whether a face-down crowd card is left that the active player has not looked at."""
    up, seen = state.face_up, state.seen[state.active]
    for cell, card in enumerate(state.crowd):
        if card != EMPTY and card not in up and cell not in seen:
            return True
    return False


def consequences(state: State | Work, seat: int) -> list[int]:
    """The effects under ``seat``'s tokens, top to bottom and left to right."""
    s = side(state.options.players)
    out: list[int] = []
    for action, n in zip(C.SHEETS[state.characters[seat]].actions, state.tokens[seat]):
        for slot in action.slots[s][:n]:
            out += slot
    return out


def take_turn(work: Work) -> None:
    """The consequences trigger; the action is chosen after them."""
    work.stage = CHOOSE
    icons.push_effects(work, consequences(work, work.active))


def choose_action(work: Work, index: int) -> None:
    """Action ``index`` (0: Investigate): a token on its leftmost empty slot, then its steps; an
    optional effect is offered after the action."""
    seat = work.active
    sheet = C.SHEETS[work.characters[seat]]
    work.stage = DONE
    if index == 0:
        verb, count = sheet.investigate
    else:
        tokens = list(work.tokens[seat])
        tokens[index - 1] += 1
        work.tokens = (*work.tokens[:seat], tuple(tokens), *work.tokens[seat + 1:])
        action = sheet.actions[index - 1]
        verb, count = action.verb, action.count
        if action.optional is not None:
            extra_verb, extra_count = action.optional
            work.stack.append(Step(K_OPTIONAL, extra_count, extra_verb))
    work.stack.append(Step(verb, count, -1))


def pass_turn(work: Work) -> None:
    work.passed = work.passed | {work.active}
    work.stage = DONE


def next_player(work: Work) -> int:
    """The next seat clockwise that has not passed, or -1."""
    n = work.options.players
    for step in range(1, n + 1):
        seat = (work.active + step) % n
        if seat not in work.passed:
            return int(seat)
    return -1


# -- steps ---------------------------------------------------------------------------------------

def _cells(crowd: Sequence[int]) -> list[int]:
    return [c for c in range(CELLS) if crowd[c] != EMPTY]


def choices(state: State | Work, kind: int, arg: int) -> list[int]:
    """What a step of ``kind`` may take now: cells, lines (rows 0-5, columns 6-11), cells of the
    8 × 8 frame, option indexes, or 0/1 for an optional effect (declined, taken)."""
    crowd, up = state.crowd, state.face_up
    if kind == K_PLACE:
        return placements(crowd)
    if kind == K_OPTION:
        return list(range(len(table_of(state).options[arg])))
    if kind == K_OPTIONAL:
        return [0, 1] if choices(state, arg, -1) else []
    healthy = table_of(state).healthy
    if kind in (C.LOOK, C.FLIP_CARDS):
        seen = state.seen[state.active] if kind == C.LOOK else frozenset()
        return [c for c in range(CELLS) if crowd[c] != EMPTY and crowd[c] not in up and c not in seen]
    if kind in (C.EVACUATE, C.EVACUATE_GROUP):
        return [c for c in range(CELLS) if crowd[c] != EMPTY and (crowd[c] not in up or healthy[crowd[c]])]
    if kind == K_EVAC_UP:
        return [c for c in range(CELLS) if crowd[c] in up and healthy[crowd[c]]]
    if kind in (C.QUARANTINE, C.KILL, C.QUARANTINE_GROUP, C.KILL_GROUP):
        return _cells(crowd)
    if kind == K_KILL_UP:
        return [c for c in range(CELLS) if crowd[c] in up]
    if kind == C.EVACUATE_ROW:
        return [r for r, line in enumerate(ROW_CELLS) if any(crowd[c] in up and healthy[crowd[c]] for c in line)]
    if kind == C.KILL_ROW:
        return [r for r, line in enumerate(ROW_CELLS) if any(crowd[c] != EMPTY for c in line)]
    if kind == C.KILL_COLUMN:
        return [6 + k for k, line in enumerate(COLUMN_CELLS) if any(crowd[c] != EMPTY for c in line)]
    if kind == C.SWAP:
        return [c for c in range(CELLS) if crowd[c] != EMPTY and any(crowd[n] != EMPTY for n in ADJACENT[c])]
    if kind == K_SWAP2:
        return [n for n in ADJACENT[arg] if crowd[n] != EMPTY]
    return []


def allows(state: State, kind: int, arg: int, choice: int) -> bool:
    """Whether ``choice`` is one of ``choices(state, kind, arg)``: a crowd cell is tested alone, by
    the same conditions as ``choices`` lists the cells with."""
    if kind in CELL_KINDS:
        return 0 <= choice < CELLS and _cell_allowed(state, kind, arg, choice)
    return choice in choices(state, kind, arg)


def _cell_allowed(state: State, kind: int, arg: int, cell: int) -> bool:
    return _CELL_TESTS[kind](state, arg, cell, state.crowd[cell])


#: For each kind of step that takes a crowd cell: whether ``cell`` (holding ``card``) may be taken.
_CELL_TESTS: dict[int, Callable[[State, int, int, int], bool]] = {
    C.LOOK: lambda state, arg, cell, card: card != EMPTY and card not in state.face_up
    and cell not in state.seen[state.active],
    C.FLIP_CARDS: lambda state, arg, cell, card: card != EMPTY and card not in state.face_up,
    **dict.fromkeys((C.QUARANTINE, C.KILL, C.QUARANTINE_GROUP, C.KILL_GROUP),
                    lambda state, arg, cell, card: card != EMPTY),
    K_KILL_UP: lambda state, arg, cell, card: card in state.face_up,
    **dict.fromkeys((C.EVACUATE, C.EVACUATE_GROUP), lambda state, arg, cell, card: card != EMPTY and (
        card not in state.face_up or bool(table_of(state).healthy[card]))),
    K_EVAC_UP: lambda state, arg, cell, card: card in state.face_up and bool(table_of(state).healthy[card]),
    C.SWAP: lambda state, arg, cell, card: card != EMPTY and any(state.crowd[n] != EMPTY for n in ADJACENT[cell]),
    K_SWAP2: lambda state, arg, cell, card: cell in ADJACENT[arg] and card != EMPTY,
}
assert set(_CELL_TESTS) == CELL_KINDS


def _group(state: State | Work, cell: int, healthy_wanted: bool) -> list[int]:
    """``cell`` and the face-up cards adjacent to it of the same health."""
    crowd, up, healthy = state.crowd, state.face_up, table_of(state).healthy
    return [cell] + [n for n in ADJACENT[cell] if crowd[n] in up and healthy[crowd[n]] == healthy_wanted]


def _line(index: int) -> tuple[int, ...]:
    return ROW_CELLS[index] if index < 6 else COLUMN_CELLS[index - 6]


def answer(work: Work, kind: int, count: int, arg: int, choice: int) -> None:
    """Carry out a step's ``choice``; a step of several cards goes on with one card fewer."""
    if count > 1 and kind in (C.LOOK, C.FLIP_CARDS, C.EVACUATE, C.QUARANTINE, C.KILL):
        work.stack.append(Step(kind, count - 1, -1))
    if kind in _TAKE_VERBS:
        _take(work, kind, choice)
    elif kind == C.LOOK:
        seat = work.active
        if work.options.table_talk:  # told to the whole team
            work.seen = tuple(seen | {choice} for seen in work.seen)
        else:
            work.seen = (*work.seen[:seat], work.seen[seat] | {choice}, *work.seen[seat + 1:])
        work.events.append(Looked(seat, choice, work.crowd[choice]))
    elif kind == C.FLIP_CARDS:
        icons.flip(work, choice)
    elif kind == C.SWAP:
        work.stack.append(Step(K_SWAP2, 1, choice))
    elif kind == K_SWAP2:
        _swap(work, arg, choice)
    elif kind == K_PLACE:
        if not work.draw:
            icons.reshuffle_population(work)
        card = work.draw.pop(0)
        cell = place_card(work, choice, card)
        work.events.append(Added(cell))
    elif kind == K_OPTION:
        icons.push_effects(work, table_of(work).options[arg][choice][1])
    elif kind == K_OPTIONAL:
        if choice:
            icons.push_effects(work, (C.RAXXON,))
            work.stack.append(Step(arg, count, -1))


#: The verbs that take cards out of the crowd: evacuate, quarantine, kill.
_TAKE_VERBS = frozenset((C.EVACUATE, K_EVAC_UP, C.EVACUATE_GROUP, C.EVACUATE_ROW, C.QUARANTINE, C.QUARANTINE_GROUP,
                         C.KILL_GROUP, C.KILL, K_KILL_UP, C.KILL_ROW, C.KILL_COLUMN))


def _take(work: Work, kind: int, choice: int) -> None:
    """Evacuate, quarantine or kill the card, group or line ``choice``."""
    if kind in (C.EVACUATE, K_EVAC_UP):
        icons.evacuate(work, (choice,))
    elif kind == C.EVACUATE_GROUP:
        icons.evacuate(work, _group(work, choice, True))
    elif kind == C.EVACUATE_ROW:
        healthy = table_of(work).healthy
        icons.evacuate(work, [c for c in ROW_CELLS[choice] if work.crowd[c] in work.face_up
                              and healthy[work.crowd[c]]])
    elif kind == C.QUARANTINE:
        icons.quarantine(work, (choice,))
    elif kind == C.QUARANTINE_GROUP:
        icons.quarantine(work, _group(work, choice, False))
    elif kind == C.KILL_GROUP:
        icons.kill(work, _group(work, choice, False))
    elif kind in (C.KILL, K_KILL_UP):
        icons.kill(work, (choice,))
    else:  # KILL_ROW, KILL_COLUMN
        icons.kill(work, [c for c in _line(choice) if work.crowd[c] != EMPTY])


def _swap(work: Work, a: int, b: int) -> None:
    crowd = work.crowd
    crowd[a], crowd[b] = crowd[b], crowd[a]
    if any(a in seen or b in seen for seen in work.seen):
        work.seen = tuple(frozenset({a: b, b: a}.get(c, c) for c in seen) for seen in work.seen)
    work.events.append(Swapped(a, b))


def resolve_step(work: Work, step: Step) -> None:
    """The driver's handler of ``Step``: ask when there is a choice, do it when there is one way,
    drop it when there is none (an option or an optional effect is always asked)."""
    options = choices(work, step.kind, step.arg)
    if not options:
        return
    if len(options) == 1 and step.kind not in (K_OPTION, K_OPTIONAL):
        answer(work, step.kind, step.count, step.arg, options[0])
        return
    work.stack.append(Ask(step.kind, step.count, step.arg))
