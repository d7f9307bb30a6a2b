"""The components of Raxxon as data: population cards, Raxxon cards, character sheets.

Raxxon's card texts are not public (see the research notes, §2.12): the
population types and counts are public, a few effects are public (the Carrier's
"when flipped" table from the seed's example, the Chaotic's 2 → add 2, the
Hostile's end of day at 4), the rest is *design* and says so. Every record
names its provenance: ``public [SOURCE]`` with the research notes' source tags
([seed] the seed rulebook, [RXS] the designer's fan scenarios, [MUW], [UNG2]...)
or ``design: why``.

**Effects** are tuples of effect codes, the icons of the seed (``infect``,
``raxxon``, ``power``, ``end_day``, ``hostile_back``, ``add``, ``flip``) and the
text effects of the Raxxon cards (``reshuffle``, ``release``, ``hide_hostiles``,
``kill_up``, ``calm``, ``evac_up``); ``EFFECT_NAMES`` names them, in code order.

**Actions** of the character sheets are verbs (``VERB_NAMES``): look at, flip,
evacuate, quarantine or kill cards, one at a time or a group, a row or a column,
or swap two adjacent cards.

The rules read card facts through a ``CardTable`` (flat tables by card id) built
once per card set (``card_set``); ``PUBLIC_TABLE`` is the default set's.
"""

from __future__ import annotations

from typing import Sequence

from attrs import field, frozen

__all__ = [
    "EFFECT_NAMES", "INFECT", "RAXXON", "POWER", "END_DAY", "HOSTILE_BACK", "ADD", "FLIP", "RESHUFFLE",
    "RELEASE", "HIDE_HOSTILES", "KILL_UP", "CALM", "EVAC_UP", "ICONS",
    "TYPE_NAMES", "HOSTILE", "CELEBRITY", "SUSCEPTIBLE", "INNOCENT", "FAMILIAR", "FAMILY", "CARRIER", "VOLATILE",
    "CHAOTIC", "HEALTHY_TYPES",
    "VERB_NAMES", "LOOK", "FLIP_CARDS", "EVACUATE", "EVACUATE_GROUP", "EVACUATE_ROW", "QUARANTINE",
    "QUARANTINE_GROUP", "KILL", "KILL_ROW", "KILL_COLUMN", "SWAP", "KILL_GROUP",
    "TRIGGER_NAMES",
    "PopulationType", "POPULATION_TYPES", "RaxxonCard", "RAXXON_CARDS", "SheetAction", "Sheet", "SHEETS",
    "CHARACTER_KEYS", "FREE_SLOTS", "POWER_LIMIT", "MAX_SPREAD", "CardTable", "make_table", "PUBLIC_TABLE",
    "effects_text",
]

# -- effect codes --------------------------------------------------------------------------------

EFFECT_NAMES: tuple[str, ...] = (
    "infect", "raxxon", "power", "end_day", "hostile_back", "add", "flip",
    "reshuffle", "release", "hide_hostiles", "kill_up", "calm", "evac_up",
)
(INFECT, RAXXON, POWER, END_DAY, HOSTILE_BACK, ADD, FLIP,
 RESHUFFLE, RELEASE, HIDE_HOSTILES, KILL_UP, CALM, EVAC_UP) = range(len(EFFECT_NAMES))
#: The icons of the seed (the rest are the Raxxon cards' text effects).
ICONS = (INFECT, RAXXON, POWER, END_DAY, HOSTILE_BACK, ADD, FLIP)
#: What each effect does, for the rules page and the drawings.
EFFECT_TEXT: tuple[str, ...] = (
    "infection rate: the top of the infection supply goes face up to the population discard",
    "draw a Raxxon card",
    "Raxxon power +1",
    "end of day",
    "a Hostile goes back from the evacuation pile to the population discard",
    "add a card from the population draw pile to the crowd, face down",
    "flip a face-down crowd card face up",
    "shuffle the untriggered Raxxon pile back into the Raxxon draw pile",
    "the contained quarantine becomes uncontained",
    "the face-up Hostile cards of the crowd turn face down",
    "kill a face-up crowd card",
    "Raxxon power -1",
    "evacuate a face-up healthy crowd card",
)

POWER_LIMIT = 8
MAX_SPREAD = 4


def effects_text(effects: Sequence[int]) -> str:
    """``infect+raxxon``; ``-`` for no effect."""
    return "+".join(EFFECT_NAMES[e] for e in effects) if effects else "-"


# -- population ----------------------------------------------------------------------------------

TYPE_NAMES: tuple[str, ...] = (
    "Hostile", "Celebrity", "Susceptible", "Innocent", "Familiar", "Family", "Carrier", "Volatile", "Chaotic",
)
HOSTILE, CELEBRITY, SUSCEPTIBLE, INNOCENT, FAMILIAR, FAMILY, CARRIER, VOLATILE, CHAOTIC = range(9)
HEALTHY_TYPES = frozenset(range(6))


@frozen
class PopulationType:
    """One type of population card: how many, healthy or infected, its "when flipped" table
    (face-up count of its type → effects; only the exact count resolves) and its "when killed"
    effects."""

    type: int
    count: int
    flipped: tuple[tuple[int, tuple[int, ...]], ...]
    killed: tuple[int, ...]
    source: str = field(eq=False)

    @property
    def name(self) -> str:
        return TYPE_NAMES[self.type]

    @property
    def healthy(self) -> bool:
        return self.type in HEALTHY_TYPES


_COUNTS = "count: public [RXS] (30 healthy + 30 infected, [Q23])"
POPULATION_TYPES: tuple[PopulationType, ...] = (
    PopulationType(HOSTILE, 15, ((4, (END_DAY,)),), (),
                   f"{_COUNTS}; flipped 4 → end of day: public [RXS] (MED); killed: design, none (a Hostile "
                   "is the crowd's least missed)"),
    PopulationType(CELEBRITY, 3, (), (POWER, POWER),
                   f"{_COUNTS}; killed: a when-killed effect is public [RXS], its icons design: a famous death "
                   "feeds Raxxon's power twice"),
    PopulationType(SUSCEPTIBLE, 3, ((3, (ADD,)),), (INFECT,),
                   f"{_COUNTS}; design: the three susceptible together draw a crowd (3 → add), killed they spread "
                   "the infection"),
    PopulationType(INNOCENT, 3, (), (POWER,),
                   "count: public [RXS] 9 with Familiar and Family, split 3/3/3 design; killed: design, an "
                   "innocent death is Raxxon's gain"),
    PopulationType(FAMILIAR, 3, (), (RAXXON,),
                   "count: public [RXS] (9 with Innocent and Family, 3/3/3 design); killed: design, draws a "
                   "Raxxon card"),
    PopulationType(FAMILY, 3, ((3, (CALM,)),), (POWER,),
                   "count: public [RXS] (9 with Innocent and Familiar, 3/3/3 design; the intro removes 3, "
                   "[UBG]); design: a family reunited calms Raxxon, a family killed feeds it"),
    PopulationType(CARRIER, 10, ((2, (RAXXON,)), (3, (END_DAY,))), (POWER,),
                   f"{_COUNTS}; flipped 2 → Raxxon card, 3 → end of day: public [seed] example; killed: design, "
                   "Raxxon takes the body (power +1: killing the sick is Raxxon's story to tell, so a game that "
                   "kills its way through the crowd can be lost to Raxxon power)"),
    PopulationType(VOLATILE, 10, ((3, (INFECT,)), (5, (INFECT, INFECT))), (),
                   f"{_COUNTS}; flipped: raises the infection rate, public [POP] (LOW), the counts design; killed: "
                   "design, none"),
    PopulationType(CHAOTIC, 10, ((2, (ADD, ADD)), (4, (END_DAY,))), (),
                   f"{_COUNTS}; flipped 2 → add 2: public [MUW] (MED); 4 → end of day: design after [BGGD] "
                   "(too many Chaotic end the day); killed: design, none (the Chaotic's threat is its flip)"),
)

# -- Raxxon cards --------------------------------------------------------------------------------

TRIGGER_NAMES: tuple[str, ...] = (
    "always", "face_up_type", "face_up_infected", "face_up_healthy", "face_down", "evacuated", "power",
    "quarantined", "triggered", "character", "crowd_at_most", "discard",
)
(ALWAYS, FACE_UP_TYPE, FACE_UP_INFECTED, FACE_UP_HEALTHY, FACE_DOWN, EVACUATED, POWER_AT_LEAST, QUARANTINED,
 TRIGGERED, CHARACTER, CROWD_AT_MOST, DISCARD) = range(len(TRIGGER_NAMES))


@frozen
class RaxxonCard:
    """A Raxxon card: its title, the trigger (kind, count, argument: a population type for
    ``face_up_type``, a character for ``character``, else 0), and its options, each a label
    and its effects (one option: no choice)."""

    title: str
    trigger: tuple[int, int, int]
    options: tuple[tuple[str, tuple[int, ...]], ...]
    source: str = field(eq=False)


_RX = ("design: the 40 texts are not public; written in the style [UBG] [JAE] [RXS] describe (an italic trigger "
       "on the table's face-up state, options the active player chooses, icon effects)")


def _rx(title: str, trigger: tuple[int, int, int], *options: tuple[str, tuple[int, ...]]) -> RaxxonCard:
    return RaxxonCard(title, trigger, tuple(options), _RX)


def _one(effects: tuple[int, ...]) -> tuple[str, tuple[int, ...]]:
    return ("", effects)


RAXXON_CARDS: tuple[RaxxonCard, ...] = (
    _rx("Raxxon's Press Release", (ALWAYS, 0, 0), _one((POWER,))),
    _rx("Raxxon's Quiet Fix", (ALWAYS, 0, 0), _one((RESHUFFLE,))),
    _rx("Raxxon's Cover-Up", (ALWAYS, 0, 0), ("deny", (POWER,)), ("leak", (INFECT, RESHUFFLE))),
    _rx("Raxxon's Checkpoint", (EVACUATED, 6, 0), ("hold the line", (HOSTILE_BACK,)), ("push through", (POWER,))),
    _rx("Raxxon's Lab Leak", (FACE_UP_INFECTED, 2, 0), _one((INFECT,))),
    _rx("Raxxon's Cleanup Crew", (FACE_UP_INFECTED, 3, 0), ("let them", (KILL_UP,)), ("refuse", (POWER,))),
    _rx("Raxxon's Vaccine Trial", (QUARANTINED, 2, 0), ("volunteer", (RELEASE,)), ("decline", (POWER,))),
    _rx("Raxxon's Reward", (ALWAYS, 0, 0), _one((CALM, RESHUFFLE))),
    _rx("Raxxon's Security", (FACE_UP_TYPE, 2, HOSTILE), _one((HIDE_HOSTILES,))),
    _rx("Raxxon's Broadcast", (POWER_AT_LEAST, 3, 0), ("listen", (ADD,)), ("jam it", (POWER,))),
    _rx("Spokesperson", (ALWAYS, 0, 0), ("hear her out", (FLIP,)), ("turn away", (ADD,))),
    _rx("Spokesperson Part 2", (TRIGGERED, 5, 0), ("believe her", (POWER, RESHUFFLE)), ("doubt her", (INFECT,))),
    _rx("Panic in the Streets", (FACE_UP_TYPE, 3, HOSTILE), _one((ADD, ADD))),
    _rx("Roadblock", (EVACUATED, 3, 0), _one((HOSTILE_BACK,))),
    _rx("Helping Hands", (FACE_UP_HEALTHY, 3, 0), _one((EVAC_UP,))),
    _rx("Unexpected Ally", (ALWAYS, 0, 0), _one((CALM,))),
    _rx("Rumours", (FACE_DOWN, 4, 0), _one((FLIP,))),
    _rx("Overcrowding", (FACE_DOWN, 8, 0), ("disperse", (END_DAY,)), ("endure", (INFECT,))),
    _rx("Sirens", (ALWAYS, 0, 0), _one((ADD,))),
    _rx("Fever", (FACE_UP_TYPE, 1, VOLATILE), _one((INFECT,))),
    _rx("Carrier Cluster", (FACE_UP_TYPE, 2, CARRIER), ("isolate", (KILL_UP, POWER)), ("wait", (INFECT,))),
    _rx("Chaos Erupts", (FACE_UP_TYPE, 2, CHAOTIC), _one((ADD,))),
    _rx("Containment Breach", (QUARANTINED, 3, 0), _one((RELEASE, INFECT))),
    _rx("Quarantine Holds", (QUARANTINED, 1, 0), _one((CALM,))),
    _rx("A Face in the Crowd", (FACE_UP_TYPE, 1, CELEBRITY), ("interview", (EVAC_UP,)), ("ignore", ())),
    _rx("Family Reunion", (FACE_UP_TYPE, 1, FAMILY), _one((EVAC_UP,))),
    _rx("Looters", (FACE_UP_TYPE, 2, HOSTILE), ("crack down", (KILL_UP,)), ("look away", (POWER,))),
    _rx("Paper Trail", (TRIGGERED, 3, 0), _one((RESHUFFLE,))),
    _rx("Heart's Resolve", (CHARACTER, 0, 0), ("push on", (EVAC_UP,)), ("rest", (CALM,))),
    _rx("Wolfe's Scoop", (CHARACTER, 0, 1), ("publish", (CALM, POWER, CALM)), ("hold it", (RESHUFFLE,))),
    _rx("The Doctor's Notes", (CHARACTER, 0, 2), _one((FLIP,))),
    _rx("Orders from Above", (CHARACTER, 0, 3), ("obey", (KILL_UP,)), ("disobey", (POWER,))),
    _rx("The Chief's Call", (CHARACTER, 0, 4), _one((RELEASE,))),
    _rx("The Mayor's Promise", (CHARACTER, 0, 5), ("promise", (CALM, ADD)), ("stay silent", ())),
    _rx("Thinning Crowd", (CROWD_AT_MOST, 4, 0), _one((ADD, ADD))),
    _rx("Bodies Pile Up", (DISCARD, 6, 0), _one((POWER,))),
    _rx("Mutation", (FACE_UP_INFECTED, 1, 0), ("burn it", (KILL_UP,)), ("study it", (RAXXON,))),
    _rx("Night Falls", (POWER_AT_LEAST, 5, 0), _one((END_DAY,))),
    _rx("Second Wave", (FACE_UP_INFECTED, 4, 0), _one((INFECT, INFECT))),
    _rx("All Clear?", (EVACUATED, 10, 0), ("celebrate", (HOSTILE_BACK, HOSTILE_BACK)), ("keep quiet", (POWER,))),
)

# -- character sheets ----------------------------------------------------------------------------

VERB_NAMES: tuple[str, ...] = (
    "look", "flip", "evacuate", "evacuate_group", "evacuate_row", "quarantine", "quarantine_group", "kill",
    "kill_row", "kill_column", "swap", "kill_group",
)
(LOOK, FLIP_CARDS, EVACUATE, EVACUATE_GROUP, EVACUATE_ROW, QUARANTINE, QUARANTINE_GROUP, KILL, KILL_ROW,
 KILL_COLUMN, SWAP, KILL_GROUP) = range(len(VERB_NAMES))
#: What each verb does (n cards for the counted verbs), for the rules page and the drawings.
VERB_TEXT: tuple[str, ...] = (
    "look at {n} face-down card(s), yourself only",
    "flip {n} face-down card(s) face up",
    "evacuate {n} card(s) (a face-down one is revealed; infected, it goes to the discard: infection rate +1)",
    "evacuate a card (a face-down one is revealed; infected, it goes to the discard: infection rate +1) and "
    "every face-up healthy card adjacent to it",
    "evacuate every face-up healthy card of a row",
    "move {n} card(s) to the contained quarantine",
    "move a card and every face-up infected card adjacent to it to the contained quarantine",
    "kill {n} card(s)",
    "kill every card of a row",
    "kill every card of a column",
    "swap two adjacent cards",
    "kill a card and every face-up infected card adjacent to it",
)


@frozen
class SheetAction:
    """One action of a sheet: its name, its verb and count, an optional extra (verb, count) that
    costs a Raxxon card only if taken (``optional`` None: none), and the consequence under each
    token slot, left to right, per side: ``slots[0]`` for 1-2 players, ``slots[1]`` for 3-4
    (*design*, see ``_act``)."""

    name: str
    verb: int
    count: int
    optional: tuple[int, int] | None
    slots: tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]


@frozen
class Sheet:
    """A double-sided character sheet: Investigate on top (no token), then the actions."""

    key: str
    name: str
    role: str
    investigate: tuple[int, int]
    actions: tuple[SheetAction, ...]
    source: str


#: Free slots before the consequences on the side for 1-2 players (*design*, see ``_act``).
FREE_SLOTS = 3


def _act(name: str, verb: int, count: int, optional: tuple[int, int] | None,
         first: tuple[int, ...], second: tuple[int, ...]) -> SheetAction:
    """The side for 3-4 players has two slots, ``first`` then ``second``; the side for 1-2 players
    five, three free ones then the same two (*design*: a player alone or with one other does the
    whole day's work with one or two sheets; the rules page's balance notes give the measurements)."""
    return SheetAction(name, verb, count, optional, (((),) * FREE_SLOTS + (first, second), (first, second)))


_SHEET = ("design: the sheets are not public; the action families (Investigate on top, Evacuate, Quarantine, "
          "Air Strike, Crowd Control) are public [GPL] [GOON] [Q23] [BGGD], the texts, slots and consequences "
          "design")
SHEETS: tuple[Sheet, ...] = (
    Sheet("heart", "Thomas Heart", "firefighter", (LOOK, 2), (
        _act("Evacuate", EVACUATE, 1, (EVACUATE, 1), (), ()),
        _act("Carry Out", EVACUATE_GROUP, 1, None, (), (ADD,)),
        _act("Firebreak", KILL_COLUMN, 1, None, (FLIP,), (RAXXON,)),
    ), f"name: public [seed]; {_SHEET}"),
    Sheet("wolfe", "Meryl Wolfe", "reporter", (LOOK, 2), (
        _act("Interview", FLIP_CARDS, 2, None, (), (ADD,)),
        _act("Broadcast", EVACUATE_ROW, 1, None, (), (HOSTILE_BACK,)),
        _act("Expose", KILL_GROUP, 1, (KILL, 1), (FLIP,), (RAXXON,)),
    ), f"name and Interview: public [RXS]; {_SHEET}"),
    Sheet("okafor", "Dr. Ana Okafor", "Raxxon scientist", (LOOK, 2), (
        _act("Test", QUARANTINE, 1, (QUARANTINE, 1), (FLIP,), (RAXXON,)),
        _act("Sedate", KILL_GROUP, 1, None, (ADD,), (POWER,)),
        _act("Escort", EVACUATE, 1, None, (FLIP,), (RAXXON,)),
    ), _SHEET),
    Sheet("vance", "Sgt. Rhea Vance", "soldier", (LOOK, 2), (
        _act("Air Strike", KILL_ROW, 1, None, (POWER,), (RAXXON,)),
        _act("Crowd Control", SWAP, 1, (SWAP, 1), (), (ADD,)),
        _act("Escort", EVACUATE_GROUP, 1, (EVACUATE, 1), (), (ADD,)),
    ), _SHEET),
    Sheet("kowalski", "Chief Bram Kowalski", "police chief", (LOOK, 2), (
        _act("Cordon", QUARANTINE_GROUP, 1, None, (), (ADD,)),
        _act("Take Down", KILL, 1, (KILL, 1), (), (HOSTILE_BACK,)),
        _act("Evacuate", EVACUATE_GROUP, 1, None, (FLIP,), (ADD,)),
    ), _SHEET),
    Sheet("ward", "Mayor Lena Ward", "mayor", (LOOK, 2), (
        _act("Address", FLIP_CARDS, 2, None, (), (RAXXON,)),
        _act("Evacuation Order", EVACUATE_ROW, 1, None, (), (RAXXON,)),
        _act("Lockdown", KILL_GROUP, 1, None, (FLIP,), (END_DAY,)),
    ), _SHEET),
)
CHARACTER_KEYS: tuple[str, ...] = tuple(sheet.key for sheet in SHEETS)

# -- tables --------------------------------------------------------------------------------------


@frozen
class CardTable:
    """Flat tables by card id, built once per card set (never stored in a state).

    Population ids run from 0 to ``population - 1``; ``kind`` is each card's type,
    ``healthy`` its health, ``flipped`` its "when flipped" table, ``killed`` its "when
    killed" effects. Raxxon ids run from 0 to ``raxxon - 1``: ``trigger``, ``options``,
    ``title``."""

    population: int
    kind: tuple[int, ...]
    healthy: tuple[bool, ...]
    flipped: tuple[tuple[tuple[int, tuple[int, ...]], ...], ...]
    killed: tuple[tuple[int, ...], ...]
    raxxon: int
    trigger: tuple[tuple[int, int, int], ...]
    options: tuple[tuple[tuple[str, tuple[int, ...]], ...], ...]
    title: tuple[str, ...]


def make_table(population: Sequence[PopulationType], raxxon: Sequence[RaxxonCard]) -> CardTable:
    """The tables of a set: the population types (each ``count`` copies, ids in order) and the
    Raxxon deck (in id order)."""
    cards = [p for p in population for _ in range(p.count)]
    return CardTable(
        population=len(cards),
        kind=tuple(p.type for p in cards),
        healthy=tuple(p.type in HEALTHY_TYPES for p in cards),
        flipped=tuple(p.flipped for p in cards),
        killed=tuple(p.killed for p in cards),
        raxxon=len(raxxon),
        trigger=tuple(r.trigger for r in raxxon),
        options=tuple(r.options for r in raxxon),
        title=tuple(r.title for r in raxxon),
    )


#: The tables of the default set.
PUBLIC_TABLE = make_table(POPULATION_TYPES, RAXXON_CARDS)
