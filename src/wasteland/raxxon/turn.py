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

from typing import Any, Sequence

from wasteland.raxxon import cards as C
from wasteland.raxxon import icons
from wasteland.raxxon.card_set import table_of
from wasteland.raxxon.crowd import ADJACENT, COLUMN_CELLS, ROW_CELLS, place_card, placements
from wasteland.raxxon.state import (
    CELLS, CHOOSE, DONE, EMPTY, K_EVAC_UP, K_KILL_UP, K_OPTION, K_OPTIONAL, K_PLACE, K_SWAP2, Added, Ask, Looked,
    Step, Swapped,
)

__all__ = [
    "side", "slots_of", "available", "can_investigate", "consequences", "take_turn", "choose_action", "pass_turn", "choices",
    "answer", "resolve_step", "next_player",
]


def side(players: int) -> int:
    """The side of the sheets: 0 for 1-2 players, 1 for 3-4 (*design*)."""
    return 0 if players <= 2 else 1


#: SLOTS[side][character]: how many token slots each action of a sheet has.
SLOTS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(len(a.slots[s]) for a in sheet.actions) for sheet in C.SHEETS) for s in (0, 1))


def slots_of(state: Any, seat: int) -> tuple[int, ...]:
    """How many token slots each action (after Investigate) of ``seat``'s sheet has."""
    return SLOTS[0 if state.options.players <= 2 else 1][state.characters[seat]]


def available(state: Any) -> list[int]:
    """The actions the active player may choose: 0 (Investigate) while a face-down crowd card is
    left that the player has not looked at (*design*: with none, Investigate would do nothing),
    and those with an empty slot."""
    seat = state.active
    tokens = state.tokens[seat]
    slots = SLOTS[0 if state.options.players <= 2 else 1][state.characters[seat]]
    free = [k + 1 for k in range(len(slots)) if tokens[k] < slots[k]]
    return [0, *free] if can_investigate(state) else free


def can_investigate(state: Any) -> bool:
    """Whether a face-down crowd card is left that the active player has not looked at."""
    crowd, up, seen = state.crowd, state.face_up, state.seen[state.active]
    return any(crowd[c] != EMPTY and crowd[c] not in up and c not in seen for c in range(CELLS))


def consequences(state: Any, seat: int) -> list[int]:
    """The effects under ``seat``'s tokens, top to bottom and left to right."""
    s = side(state.options.players)
    out: list[int] = []
    for action, n in zip(C.SHEETS[state.characters[seat]].actions, state.tokens[seat]):
        for slot in action.slots[s][:n]:
            out += slot
    return out


def take_turn(work: Any) -> None:
    """The consequences trigger; the action is chosen after them."""
    work.stage = CHOOSE
    icons.push_effects(work, consequences(work, work.active))


def choose_action(work: Any, index: int) -> None:
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
        work.tokens[seat] = tuple(tokens)
        action = sheet.actions[index - 1]
        verb, count = action.verb, action.count
        if action.optional is not None:
            extra_verb, extra_count = action.optional
            work.stack.append(Step(K_OPTIONAL, extra_count, extra_verb))
    work.stack.append(Step(verb, count, -1))


def pass_turn(work: Any) -> None:
    work.passed.add(work.active)
    work.stage = DONE


def next_player(work: Any) -> int:
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


def choices(state: Any, kind: int, arg: int) -> list[int]:
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


def _group(state: Any, cell: int, healthy_wanted: bool) -> list[int]:
    """``cell`` and the face-up cards adjacent to it of the same health."""
    crowd, up, healthy = state.crowd, state.face_up, table_of(state).healthy
    return [cell] + [n for n in ADJACENT[cell] if crowd[n] in up and healthy[crowd[n]] == healthy_wanted]


def _line(index: int) -> tuple[int, ...]:
    return ROW_CELLS[index] if index < 6 else COLUMN_CELLS[index - 6]


def answer(work: Any, kind: int, count: int, arg: int, choice: int) -> None:
    """Carry out a step's ``choice``; a step of several cards goes on with one card fewer."""
    if count > 1 and kind in (C.LOOK, C.FLIP_CARDS, C.EVACUATE, C.QUARANTINE, C.KILL):
        work.stack.append(Step(kind, count - 1, -1))
    if kind == C.LOOK:
        seat = work.active
        work.seen[seat] = work.seen[seat] | {choice}
        work.events.append(Looked(seat, choice, work.crowd[choice]))
    elif kind == C.FLIP_CARDS:
        icons.flip(work, choice)
    elif kind in (C.EVACUATE, K_EVAC_UP):
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
    elif kind in (C.KILL_ROW, C.KILL_COLUMN):
        icons.kill(work, [c for c in _line(choice) if work.crowd[c] != EMPTY])
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


def _swap(work: Any, a: int, b: int) -> None:
    crowd = work.crowd
    crowd[a], crowd[b] = crowd[b], crowd[a]
    if any(a in seen or b in seen for seen in work.seen):
        work.seen = [frozenset({a: b, b: a}.get(c, c) for c in seen) for seen in work.seen]
    work.events.append(Swapped(a, b))


def resolve_step(work: Any, step: Step) -> None:
    """The driver's handler of ``Step``: ask when there is a choice, do it when there is one way,
    drop it when there is none (an option or an optional effect is always asked)."""
    options = choices(work, step.kind, step.arg)
    if not options:
        return
    if len(options) == 1 and step.kind not in (K_OPTION, K_OPTIONAL):
        answer(work, step.kind, step.count, step.arg, options[0])
        return
    work.stack.append(Ask(step.kind, step.count, step.arg))
