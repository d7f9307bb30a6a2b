"""Setup ("Preparar"), steps 1-9, and the options.

1. Intro: 5 Hostile, 3 Family, 2 Celebrity, 4 Chaotic, 4 Carrier and 4 Volatile
   go back to the box (the last ids of each type).
3. The infected cards are shuffled and some are dealt, by difficulty
   (``DEALT``: intro 10, regular 15 public [UNG2] [RXS], hard 18, expert 21;
   the others *design*, the research notes' suggestion).
4. The dealt infected are shuffled into the healthy cards: the population draw pile.
5. The other infected form the infection supply.
6. Each player takes a character (the ``characters`` option, or dealt by the seed);
   the side matching the number of players is used.
7. The Raxxon deck is shuffled. 8. Raxxon power 0. 9. A random first player.
Then the first day's crowd is dealt (``begin_day``: every day begins so).
"""

from __future__ import annotations

from typing import Any

from wasteland.core.game import ConfigError, check_options, short
from wasteland.core.rng import Rng
from wasteland.raxxon.card_set import CardSet, card_table, read_card_set
from wasteland.raxxon.cards import CARRIER, CELEBRITY, CHAOTIC, CHARACTER_KEYS, FAMILY, HOSTILE, SHEETS, VOLATILE
from wasteland.raxxon.state import (
    CELLS, COLUMNS, DIFFICULTIES, EMPTY, ROWS, START, DayBegan, Options, Phase, State, Work,
)

__all__ = ["make_options", "initial_state", "begin_day", "deal_crowd", "CROWD_SIZES", "DEALT", "INTRO_REMOVALS"]

#: The crowd grid (columns, rows) by number of players: 1-2 3 × 3 and 4 4 × 4 public [JNJ] [AH] [MUW];
#: 3 players 4 × 3 *design* (between the two).
CROWD_SIZES: dict[int, tuple[int, int]] = {1: (3, 3), 2: (3, 3), 3: (4, 3), 4: (4, 4)}
#: Infected cards dealt into the population draw pile, by difficulty.
DEALT: dict[str, int] = {"intro": 10, "regular": 15, "hard": 18, "expert": 21}
#: The intro's removals (type, how many): public [seed] [UBG].
INTRO_REMOVALS: tuple[tuple[int, int], ...] = (
    (HOSTILE, 5), (FAMILY, 3), (CELEBRITY, 2), (CHAOTIC, 4), (CARRIER, 4), (VOLATILE, 4),
)


def make_options(*, players: int = 1, difficulty: str = "regular",
                 characters: tuple[str, ...] | list[str] | str | None = None,
                 cards: CardSet | Any = None, table_talk: bool = False) -> Options:
    """Check ``players`` (1-4), ``difficulty``, ``characters`` (a sheet key per seat, as a sequence
    or one text; None: dealt by the seed), ``cards`` (None: the default set) and ``table_talk``
    (every look shared with the team); ConfigError names the allowed values."""
    check_options("players", players, (1, 2, 3, 4))
    check_options("difficulty", difficulty, DIFFICULTIES)
    check_options("table_talk", table_talk, (False, True))
    return Options(players=players, difficulty=difficulty, characters=_characters(characters, players),
                   cards=read_card_set(cards), table_talk=table_talk)


def _characters(characters: object, players: int) -> tuple[str, ...] | None:
    """The ``characters`` option checked: one distinct sheet key per seat, or None."""
    if characters is None:
        return None
    if isinstance(characters, str):
        characters = tuple(characters.replace(",", " ").split())
    if not isinstance(characters, (tuple, list)) or len(characters) != players:
        raise ConfigError(f"characters: one sheet per player ({players}) from {', '.join(CHARACTER_KEYS)}, "
                          f"got {short(characters)}")
    for name in characters:
        check_options("characters", name, CHARACTER_KEYS)
    if len(set(characters)) != len(characters):
        raise ConfigError("characters: each sheet at most once")
    return tuple(characters)


def initial_state(seed: int, options: Options) -> State:
    """Everything set up, with the first day's crowd dealt (see the module's text)."""
    table = card_table(options.cards)
    rng = Rng.from_seed(seed)
    removed: list[int] = []
    if options.difficulty == "intro":
        for kind, count in INTRO_REMOVALS:
            ids = [c for c in range(table.population) if table.kind[c] == kind]
            removed += ids[len(ids) - min(count, len(ids)):]
    kept = [c for c in range(table.population) if c not in removed]
    healthy = [c for c in kept if table.healthy[c]]
    if not healthy:
        raise ConfigError(f"cards: at {options.difficulty} difficulty this card set leaves no healthy card "
                          "in play, so there is nothing to evacuate")
    infected, rng = rng.shuffle([c for c in kept if not table.healthy[c]])
    dealt = min(DEALT[options.difficulty], len(infected))
    draw, rng = rng.shuffle(healthy + list(infected[:dealt]))
    supply = infected[dealt:]
    n = options.players
    if options.characters is None:
        order, rng = rng.shuffle(range(len(CHARACTER_KEYS)))
        characters = tuple(order[:n])
    else:
        characters = tuple(CHARACTER_KEYS.index(key) for key in options.characters)
    raxxon, rng = rng.shuffle(range(table.raxxon))
    first, rng = rng.below(n)
    state = State(
        options=options, phase=Phase.ACTIONS, day=1, first=first, active=first, stage=START,
        passed=frozenset(), characters=characters,
        tokens=tuple(tuple(0 for _ in SHEETS[c].actions) for c in characters),
        crowd=(EMPTY,) * CELLS, face_up=frozenset(), seen=tuple(frozenset() for _ in range(n)),
        draw=tuple(draw), discard=(), supply=tuple(supply), evacuated=(), contained=(), uncontained=(),
        removed=tuple(sorted(removed)), raxxon_draw=tuple(raxxon), triggered=(), untriggered=(), reading=(),
        power=0, unknown=(), decisions=0, cut=False, stack=(), events=(), rng=rng, viewer=None,
    )
    work = Work(state)
    begin_day(work)
    return work.finish()


def begin_day(work: Work) -> None:
    """Crowd setup; the first player's turn begins."""
    work.active = work.first
    work.stage = START
    dealt = deal_crowd(work, work.options.players)
    work.events.append(DayBegan(work.day, work.first, dealt))


def deal_crowd(work: Work, players: int) -> int:
    """Crowd setup: deal the grid for ``players`` face down from the draw pile, row by row (a
    short pile deals successive rows until it runs out). Returns how many cards were dealt."""
    width, height = CROWD_SIZES[players]
    top = (ROWS - height) // 2
    left = (COLUMNS - width) // 2
    dealt = 0
    for r in range(height):
        for c in range(width):
            if not work.draw:
                return dealt
            work.crowd[(top + r) * COLUMNS + left + c] = work.draw.pop(0)
            dealt += 1
    return dealt
