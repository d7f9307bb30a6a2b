"""The end of the day ("Fin del día"), steps 1-5 in order, and the next day's crowd.

1. The crowd: every card left in it turns face up (no effect triggers).
2. The infection spreads: once per infected card in the crowd and in the
   uncontained quarantine, at most 4 times (each an infection-rate icon: an
   empty supply loses at once).
3. The population: the crowd and the uncontained quarantine go to the discard,
   and the discard is shuffled into the draw pile.
4. Ongoing containment: the contained quarantine becomes uncontained.
5. The sheets are cleared of their tokens.

The player left of the last active player starts the next day, whose crowd is
dealt at once (``begin_day``).
"""

from __future__ import annotations

from wasteland.raxxon import icons
from wasteland.raxxon.card_set import table_of
from wasteland.raxxon.cards import MAX_SPREAD
from wasteland.raxxon.setup import begin_day
from wasteland.raxxon.state import CELLS, EMPTY, EndOfDay, Phase, Spread, State, Work

__all__ = ["end_of_day", "infected_for_spread"]


def infected_for_spread(state: State | Work) -> int:
    """Infected cards in the crowd and in the uncontained quarantine."""
    healthy = table_of(state).healthy
    return (sum(1 for c in state.crowd if c != EMPTY and not healthy[c])
            + sum(1 for c in state.uncontained if not healthy[c]))


def end_of_day(work: Work, _: EndOfDay | None = None) -> None:
    """The driver's handler of ``EndOfDay``: steps 1-5, then the next day."""
    crowd = work.crowd
    work.face_up.update(c for c in crowd if c != EMPTY)  # 1: face up, no effects
    work.seen = tuple(frozenset() for _ in work.seen)
    infected = infected_for_spread(work)  # 2: the infection spreads
    times = min(MAX_SPREAD, infected)
    work.events.append(Spread(infected, times))
    for _time in range(times):
        icons.infect(work)
        if work.phase is Phase.OVER:
            return
    work.discard.extend(c for c in crowd if c != EMPTY)  # 3: the population
    work.discard.extend(work.uncontained)
    work.crowd = [EMPTY] * CELLS
    work.face_up = set()
    work.uncontained = work.contained  # 4: ongoing containment
    work.contained = ()
    icons.reshuffle_population(work)
    work.tokens = tuple(tuple(0 for _ in t) for t in work.tokens)  # 5: clear the sheets
    work.passed = frozenset()
    work.day += 1
    work.first = (work.active + 1) % work.options.players
    begin_day(work)

