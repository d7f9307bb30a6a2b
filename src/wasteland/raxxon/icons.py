"""Icons and game effects ("Iconos y efectos del juego"): what each icon does to the table.

Everything here works on the working copy (``state.Work``) and is called by the
driver's handlers: ``resolve_icon`` for an ``Icon`` on the stack, ``draw_raxxon``,
``kill``, ``flip``, ``evacuate``, ``quarantine``, ``infect``. An ending is
declared the moment it is true (``over``): the stack is dropped and nothing
else happens.
"""

from __future__ import annotations

from typing import Iterable, Sequence

from wasteland.raxxon import cards as C
from wasteland.raxxon.card_set import table_of
from wasteland.raxxon.state import (
    EMPTY, K_EVAC_UP, K_KILL_UP, K_OPTION, K_PLACE, Added, Ask, DayEnded, EndOfDay, Evacuated, FileRaxxon,
    Flipped, Hidden, HostileBack, Icon, Infected, Killed, Phase, PowerChanged, Quarantined, RaxxonDrawn,
    Released, Reshuffled, State, Step, Work,
)

__all__ = [
    "over", "push_effects", "resolve_icon", "infect", "raise_power", "draw_raxxon", "trigger_applies",
    "take_from_crowd", "kill", "flip", "evacuate", "quarantine", "file_raxxon", "healthy_left", "face_up_count",
    "reshuffle_raxxon", "reshuffle_population",
]


def over(work: Work) -> None:
    """The game ends now: nothing on the stack resolves any more."""
    work.phase = Phase.OVER
    work.stack = []


def push_effects(work: Work, effects: Sequence[int]) -> None:
    """Put ``effects`` on the stack so that the first resolves first."""
    work.stack.extend(Icon(code) for code in reversed(effects))


def healthy_left(work: State | Work) -> int:
    """Healthy cards in play not yet evacuated (0: the players have won)."""
    healthy = table_of(work).healthy
    left: int = sum(healthy) - sum(healthy[c] for c in work.removed) - sum(healthy[c] for c in work.evacuated)
    return left


def face_up_count(work: Work, kind: int) -> int:
    """Face-up crowd cards of population type ``kind``."""
    table_kind = table_of(work).kind
    return sum(1 for c in work.face_up if table_kind[c] == kind)


def infect(work: Work) -> None:
    """The infection rate rises: the top of the supply goes face up to the discard; an empty supply
    loses at once."""
    if not work.supply:
        work.events.append(Infected(-1))
        over(work)
        return
    card, work.supply = work.supply[0], work.supply[1:]
    work.discard.append(card)
    work.events.append(Infected(card))


def raise_power(work: Work) -> None:
    work.power += 1
    work.events.append(PowerChanged(work.power))
    if work.power >= C.POWER_LIMIT:
        over(work)


def reshuffle_raxxon(work: Work, *piles: str) -> None:
    """Shuffle the named piles (``untriggered``, ``triggered``) into the Raxxon draw pile."""
    cards = list(work.raxxon_draw)
    for name in piles:
        cards += getattr(work, name)
        setattr(work, name, ())
    work.raxxon_draw, work.rng = work.rng.shuffle(cards)
    work.events.append(Reshuffled("raxxon"))


def trigger_applies(work: Work, trigger: tuple[int, int, int]) -> bool:
    """Whether a Raxxon card's italic trigger applies to the table now."""
    kind, count, arg = trigger
    if kind == C.ALWAYS:
        return True
    table = table_of(work)
    if kind == C.FACE_UP_TYPE:
        return face_up_count(work, arg) >= count
    if kind == C.FACE_UP_INFECTED:
        return sum(1 for c in work.face_up if not table.healthy[c]) >= count
    if kind == C.FACE_UP_HEALTHY:
        return sum(1 for c in work.face_up if table.healthy[c]) >= count
    if kind == C.FACE_DOWN:
        return sum(1 for c in work.crowd if c != EMPTY and c not in work.face_up) >= count
    if kind == C.EVACUATED:
        return len(work.evacuated) >= count
    if kind == C.POWER_AT_LEAST:
        return bool(work.power >= count)
    if kind == C.QUARANTINED:
        return len(work.contained) + len(work.uncontained) >= count
    if kind == C.TRIGGERED:
        return len(work.triggered) >= count
    if kind == C.CHARACTER:
        return bool(arg in work.characters)
    if kind == C.CROWD_AT_MOST:
        return sum(1 for c in work.crowd if c != EMPTY) <= count
    if kind == C.DISCARD:
        return len(work.discard) >= count
    return False


def draw_raxxon(work: Work) -> None:
    """The active player draws the top Raxxon card: if its trigger applies it is resolved (one
    option at once, or the player chooses) and then goes to the triggered pile; if not, to the
    untriggered pile. An empty draw pile takes the untriggered pile, then the triggered pile
    (*design*), but not while a card is being read: a chain of draws from the cards being read
    then ends, whatever a card set of one's own asks for."""
    if not work.raxxon_draw:
        reshuffle_raxxon(work, "untriggered")
        if not work.raxxon_draw and not work.reading:
            reshuffle_raxxon(work, "triggered")
    if not work.raxxon_draw:
        work.events.append(RaxxonDrawn(-1, False))
        return
    card, work.raxxon_draw = work.raxxon_draw[0], work.raxxon_draw[1:]
    table = table_of(work)
    if not trigger_applies(work, table.trigger[card]):
        work.untriggered = (*work.untriggered, card)
        work.events.append(RaxxonDrawn(card, False))
        return
    work.events.append(RaxxonDrawn(card, True))
    work.reading = (*work.reading, card)
    work.stack.append(FileRaxxon(card))
    options = table.options[card]
    if len(options) == 1:
        push_effects(work, options[0][1])
    else:
        work.stack.append(Ask(K_OPTION, 0, card))


def file_raxxon(work: Work, effect: FileRaxxon) -> None:
    if effect.card in work.reading:
        at = work.reading.index(effect.card)
        work.reading = (*work.reading[:at], *work.reading[at + 1:])
        work.triggered = (*work.triggered, effect.card)


def take_from_crowd(work: Work, cell: int) -> int:
    """Take the card out of ``cell``: it is no longer face up nor seen by anyone."""
    card: int = work.crowd[cell]
    work.crowd[cell] = EMPTY
    work.face_up.discard(card)
    if any(cell in seen for seen in work.seen):
        work.seen = tuple(seen - {cell} for seen in work.seen)
    return card


def kill(work: Work, cells: Iterable[int]) -> None:
    """Kill the cards of ``cells`` (to the population discard); each card's "when killed"
    effects resolve, face up or down, the first card's first."""
    killed = table_of(work).killed
    fired: list[tuple[int, ...]] = []
    for cell in cells:
        card = take_from_crowd(work, cell)
        work.discard.append(card)
        work.events.append(Killed(card, killed[card]))
        fired.append(killed[card])
    for effects in reversed(fired):
        push_effects(work, effects)


def flip(work: Work, cell: int) -> None:
    """Flip the card of ``cell`` face up; its "when flipped" effect whose number is exactly the
    count of face-up cards of its type (this one included) resolves."""
    card = work.crowd[cell]
    work.face_up.add(card)
    if any(cell in seen for seen in work.seen):
        work.seen = tuple(seen - {cell} for seen in work.seen)
    table = table_of(work)
    count = face_up_count(work, table.kind[card])
    fired: tuple[int, ...] = ()
    for n, effects in table.flipped[card]:
        if n == count:
            fired = effects
            break
    work.events.append(Flipped(cell, card, count, fired))
    push_effects(work, fired)


def evacuate(work: Work, cells: Iterable[int]) -> None:
    """Evacuate the cards of ``cells``: a healthy card to the evacuation pile; an infected one
    (a face-down card revealed) goes to the discard and raises the infection rate (*design*).
    All healthy cards evacuated wins at once."""
    healthy = table_of(work).healthy
    escaped = 0
    for cell in cells:
        card = take_from_crowd(work, cell)
        if healthy[card]:
            work.evacuated = (*work.evacuated, card)
            work.events.append(Evacuated(card, False))
        else:
            work.discard.append(card)
            work.events.append(Evacuated(card, True))
            escaped += 1
    if healthy_left(work) == 0:
        over(work)
        return
    push_effects(work, (C.INFECT,) * escaped)


def quarantine(work: Work, cells: Iterable[int]) -> None:
    """Move the cards of ``cells`` face up to the contained quarantine."""
    for cell in cells:
        card = take_from_crowd(work, cell)
        work.contained = (*work.contained, card)
        work.events.append(Quarantined(card))


def _hostile_back(work: Work) -> None:
    kind = table_of(work).kind
    for i in range(len(work.evacuated) - 1, -1, -1):
        card = work.evacuated[i]
        if kind[card] == C.HOSTILE:
            work.evacuated = (*work.evacuated[:i], *work.evacuated[i + 1:])
            work.discard.append(card)
            work.events.append(HostileBack(card))
            return
    work.events.append(HostileBack(-1))


def _end_day(work: Work) -> None:
    """The player actions end at once: Raxxon cards being read are filed, the rest is dropped."""
    work.triggered = (*work.triggered, *work.reading)
    work.reading = ()
    work.events.append(DayEnded(True))
    work.stack = [EndOfDay()]


def _add(work: Work) -> None:
    if not work.draw and not work.discard:
        work.events.append(Added(-1))
        return
    work.stack.append(Step(K_PLACE, 1, -1))


def _release(work: Work) -> None:
    count = len(work.contained)
    work.uncontained = (*work.uncontained, *work.contained)
    work.contained = ()
    work.events.append(Released(count))


def _hide_hostiles(work: Work) -> None:
    kind = table_of(work).kind
    cells = [cell for cell in range(len(work.crowd))
             if work.crowd[cell] in work.face_up and kind[work.crowd[cell]] == C.HOSTILE]
    for cell in cells:
        work.face_up.discard(work.crowd[cell])
    if cells:  # everyone saw them: every seat keeps knowing them
        work.seen = tuple(seen | set(cells) for seen in work.seen)
    work.events.append(Hidden(len(cells)))


def _calm(work: Work) -> None:
    if work.power > 0:
        work.power -= 1
    work.events.append(PowerChanged(work.power))


def reshuffle_population(work: Work) -> None:
    """The discard becomes a new population draw pile, shuffled."""
    shuffled, work.rng = work.rng.shuffle(work.draw + work.discard)
    work.draw = list(shuffled)
    work.discard = []
    work.events.append(Reshuffled("population"))


def resolve_icon(work: Work, icon: Icon) -> None:
    """The driver's handler of ``Icon``: one effect code."""
    code = icon.code
    if code == C.INFECT:
        infect(work)
    elif code == C.RAXXON:
        draw_raxxon(work)
    elif code == C.POWER:
        raise_power(work)
    elif code == C.END_DAY:
        _end_day(work)
    elif code == C.HOSTILE_BACK:
        _hostile_back(work)
    elif code == C.ADD:
        _add(work)
    elif code == C.FLIP:
        work.stack.append(Step(C.FLIP_CARDS, 1, -1))
    elif code == C.RESHUFFLE:
        reshuffle_raxxon(work, "untriggered")
    elif code == C.RELEASE:
        _release(work)
    elif code == C.HIDE_HOSTILES:
        _hide_hostiles(work)
    elif code == C.KILL_UP:
        work.stack.append(Step(K_KILL_UP, 1, -1))
    elif code == C.CALM:
        _calm(work)
    elif code == C.EVAC_UP:
        work.stack.append(Step(K_EVAC_UP, 1, -1))
