"""What a player may see, a table drawn at random among those that fit, and the observation.

Hidden from a seat: the hands of the characters other seats play, the order of every deck (action
cards, items, encounter cards), the face-down scavenge tokens (their difficulty shows) and the
piles and the tokens left face down on pages the party left, and the Rng. The book is the
table's: a view holds only the current page, its map and its entries as the page shows them
(numbers and symbols), with the text and effects of the entries read on this visit only (a book
of one's own in the options too); never another page, nor an unread entry's text or effects.
"""

from __future__ import annotations

from struct import Struct

from wasteland.core.game import IllegalAction, check_determinize, check_viewer
from wasteland.core.observation import FloatBuffer, Layout, Observer, layout
from wasteland.core.records import replace
from wasteland.core.rng import HIDDEN_RNG, Rng
from wasteland.aftermath.actions import MAX_PLAYERS
from wasteland.aftermath.card_set import table_of
from wasteland.aftermath.cards import (
    ABILITY_NAMES, ACTION_CARDS, CACHES, CHARACTERS, ENCOUNTER_CARDS, ENVIRONMENT_NAMES, HIDDEN,
    ITEM_NAMES, ITEMS, MAX_SPACES, NONE, TIERS, TRACK, VEHICLE_NAMES,
)
from wasteland.aftermath.loaded import redact
from wasteland.aftermath.setup import out_of_deck
from wasteland.aftermath.mission import decider, owner
from wasteland.aftermath.rules import ENGINE
from wasteland.aftermath.state import PHASE_OVER, Cache, Gain, Phase, State
from wasteland.aftermath.vocabulary import DIALS

__all__ = ["view", "determinize", "observation_size", "observe", "LAYOUT", "redact"]


def _hide(cards: tuple[int, ...]) -> tuple[int, ...]:
    return (HIDDEN,) * len(cards)


def view(state: State, player: int) -> State:
    """``state`` as ``player`` sees it; IllegalAction for a seat not at the table or a view."""
    if ENGINE.state(state).viewer is not None:
        raise IllegalAction(f"this is already player {state.viewer}'s view: a view is made from the table")
    seat = check_viewer(player, state.options.players)
    hands = tuple(h if owner(state, c) == seat else _hide(h) for c, h in enumerate(state.hands))
    known = redact(state.book, state.page, state.read)
    options = state.options if state.options.book is None else replace(state.options, book=known)
    return replace(
        state, options=options, book=known, deck=_hide(state.deck), hands=hands, item_deck=_hide(state.item_deck),
        encounter_deck=_hide(state.encounter_deck),
        caches=tuple(Cache(c.space, c.difficulty, HIDDEN) for c in state.caches),
        piles=tuple(_hide(p) for p in state.piles), lost=_hide(state.lost), rng=HIDDEN_RNG, viewer=seat,
    )


def determinize(view: State, player: int, seed: int) -> State:
    """A table whose view for ``player`` is ``view``: the unseen cards and tokens dealt at random
    (the book stays as the view knows it)."""
    seat = check_determinize(ENGINE.state(view), player, seed)
    rng = Rng.from_seed(seed)
    seen = {k for c, h in enumerate(view.hands) if owner(view, c) == seat for k in h}
    seen |= {*view.discard, *view.played, *(t for t in view.threats if t != NONE)}
    if view.task_card != NONE:
        seen.add(view.task_card)
    unseen, rng = rng.shuffle(sorted(set(range(len(ACTION_CARDS))) - seen))
    deal = iter(unseen)
    hands = tuple(h if owner(view, c) == seat else tuple(next(deal, HIDDEN) for _ in h)
                  for c, h in enumerate(view.hands))
    deck = tuple(deal)
    held = {i for g in view.gear for i in g if i != NONE} | {i for p in view.pack for i in p}
    held |= {*view.broken, *view.scrapped, *(e.item for e in view.stack if type(e) is Gain)}
    held |= {ITEM_NAMES.index(n) for n in view.outing.supply}
    out = {ITEM_NAMES.index(n) for n in out_of_deck(view.book, view.options) if n not in view.outing.discovered}
    items, rng = rng.shuffle(sorted(set(range(len(ITEMS))) - held - out))
    encounters, rng = rng.shuffle(sorted(set(range(len(ENCOUNTER_CARDS))) - set(view.encounter_discard)))
    caches = list(view.caches)
    piles = []
    lost: list[int] = []
    for k, tier in enumerate(TIERS):
        tokens, rng = rng.shuffle(sorted(t for t, cache in enumerate(CACHES)
                                         if cache.difficulty == tier and t not in view.taken))
        pool = iter(tokens)
        for i, cache in enumerate(caches):
            if cache.difficulty == tier:
                caches[i] = Cache(cache.space, cache.difficulty, next(pool, HIDDEN))
        piles.append(tuple(next(pool, HIDDEN) for _ in view.piles[k]))
        lost += list(pool)
    counts = (len(deck), len(items), len(encounters), len(lost))
    if counts != (len(view.deck), len(view.item_deck), len(view.encounter_deck), len(view.lost)) \
            or any(HIDDEN in h for h in hands) or any(c.token == HIDDEN for c in caches) \
            or any(HIDDEN in p for p in piles):
        raise IllegalAction("this view does not count the cards and tokens of the game")
    return replace(
        view, deck=deck, hands=hands, item_deck=items, encounter_deck=encounters, caches=tuple(caches),
        piles=tuple(piles), lost=tuple(lost), rng=rng, viewer=None,
    )


_PHASES = tuple(Phase)
_SPACE = 4
_CHARACTER = 10
_SLOT = 7

#: The observation, section by section (``core.observation``; the rules page lists them).
LAYOUT = layout(
    ("spaces", MAX_SPACES * _SPACE, "per space of the page's map: characters, enemy figures, tokens and face-down "
     "scavenge tokens there"),
    ("characters", MAX_PLAYERS * _CHARACTER, "per character in turn order: on the map, its space (1 + index), "
     "life, wounds, toxic wounds, statuses, cards in hand, items equipped, batteries, played by the viewer"),
    ("track", TRACK * _SLOT, "per slot of the threat track: an enemy card, its life, defence, communicate value, "
     "figures, wounds on them, the threat card's value under it"),
    ("hand", len(ACTION_CARDS), "1 for each card in the hands of the viewer's characters"),
    ("dials", len(DIALS), "the campaign dials: food, scrap, population, morale, clues, time"),
    ("bookkeeper", MAX_PLAYERS, "1 for the bookkeeper, per character in turn order"),
    ("situation", 1, "1 when hostile"),
    ("task", 3, "a group task open, its difficulty, its dial"),
    ("test", 3, "a test in progress, its difficulty, the value of the cards played"),
    ("phase", len(_PHASES), "the phase, one flag each"),
    ("to_play", 1, "1 when the viewer decides"),
    ("round", 1, "the round"),
    ("page", 1, "the page number"),
    ("abilities", len(ABILITY_NAMES), "1 for each ability card a character of the party holds"),
    ("influence", MAX_PLAYERS, "1 for each character, in turn order, who has played its influence card"),
    ("environment", len(ENVIRONMENT_NAMES), "1 for each environment card in play"),
    ("vehicles", len(VEHICLE_NAMES), "1 for each vehicle travel card the party holds"),
    ("supply", 1, "the colony upgrades drawn this mission (gone to the colony supply)"),
    ("exit", 1 + MAX_PLAYERS, "a way off the page open; 1 for each character, in turn order, who has left by it"),
)


def _layout(state: State) -> Layout:
    ENGINE.state(state)
    return LAYOUT


def observation_size(state: State) -> int:
    return _layout(state).size


#: Where each number lies (the layout is the same for every table): the first number of each
#: section, read once from ``LAYOUT`` rather than looked up by name at each write.
_SPACES_AT, _CHARACTERS_AT, _TRACK_AT, _HAND_AT, _DIALS_AT, _BOOKKEEPER_AT, _SITUATION_AT, _TASK_AT, _TEST_AT, \
    _PHASE_AT, _TO_PLAY_AT, _ROUND_AT, _PAGE_AT, _ABILITIES_AT, _INFLUENCE_AT, _ENVIRONMENT_AT, _VEHICLES_AT, \
    _SUPPLY_AT, _EXIT_AT = (LAYOUT.start[s.name] for s in LAYOUT.sections)
#: Each phase's flag, by the phase's name (a name hashes at C speed, an Enum member in Python).
_PHASE_FLAG = {phase.name: _PHASE_AT + i for i, phase in enumerate(_PHASES)}
#: Each character's life, by name; each ability, environment and vehicle card's flag, by name.
_LIFE = {c.name: float(c.life) for c in CHARACTERS}
_ABILITY_FLAG = {name: _ABILITIES_AT + i for i, name in enumerate(ABILITY_NAMES)}
_ENVIRONMENT_FLAG = {name: _ENVIRONMENT_AT + i for i, name in enumerate(ENVIRONMENT_NAMES)}
_VEHICLE_FLAG = {name: _VEHICLES_AT + i for i, name in enumerate(VEHICLE_NAMES)}
#: A character's ten numbers, a slot of the threat track's seven and the six dials, each side by
#: side: packed as float32s straight into a buffer of float32s in one call.
_CHARACTER_NUMBERS, _SLOT_NUMBERS = Struct(f"{_CHARACTER}f"), Struct(f"{_SLOT}f")
_DIAL_NUMBERS = Struct(f"{len(DIALS)}f")


def _packed(out: FloatBuffer) -> memoryview | None:
    """``out`` if it takes float32s packed into its bytes (a C-contiguous memoryview of native
    float32s, the RL adapters' buffer), else None: such a buffer is written number by number."""
    if isinstance(out, memoryview) and out.format == "f" and out.c_contiguous:
        return out
    return None


def _write(view: State, me: int, shape: Layout, out: FloatBuffer) -> None:
    """Only what seat ``me`` may see, so the table and ``me``'s view give the same numbers. The
    buffer is zeroed: only the numbers that are not zero are written, each piece counted once.
    ``shape`` is ``LAYOUT``, for every table: the offsets are read from module constants."""
    number = view.page
    page = None
    for p in view.book.pages:
        if p.number == number:
            page = p
            break
    index = {sp.name: k for k, sp in enumerate(page.spaces[:MAX_SPACES])} if page else {}
    get = index.get
    for sp in view.spaces:
        k = get(sp)
        if k is not None:
            out[_SPACES_AT + k * _SPACE] += 1.0
    for foe in view.foes:
        for sp in foe.spaces:
            k = get(sp)
            if k is not None:
                out[_SPACES_AT + k * _SPACE + 1] += 1.0
    for t in view.tokens:
        k = get(t.space)
        if k is not None:
            out[_SPACES_AT + k * _SPACE + 2] += 1.0
    for cache in view.caches:
        k = get(cache.space)
        if k is not None:
            out[_SPACES_AT + k * _SPACE + 3] += 1.0
    packed = _packed(out)
    _characters(view, me, out, index, packed)
    _track(view, out, packed)
    _public(view, me, out, packed)


def _characters(view: State, me: int, out: FloatBuffer, index: dict[str, int], packed: memoryview | None
                ) -> None:
    """Per character in turn order: on the map, its space, life, wounds, toxic wounds, statuses,
    cards in hand, items equipped, batteries, played by ``me`` (and then its hand's cards); the
    ten numbers packed in one call into a ``packed`` buffer, else each that is not zero."""
    players = view.options.players
    spaces, wounds, toxic, statuses, hands, gear, batteries = (
        view.spaces, view.wounds, view.toxic, view.statuses, view.hands, view.gear, view.batteries)
    pack = _CHARACTER_NUMBERS.pack_into
    for c, name in enumerate(view.options.characters):
        at = _CHARACTERS_AT + c * _CHARACTER
        here = spaces[c]
        hand = hands[c]
        held = gear[c]
        mine = c % players == me  # owner(view, c)
        if packed is not None:
            k = index.get(here, -1) if here else -1
            pack(packed, 4 * at, 1.0 if here else 0.0, float(k + 1), _LIFE[name], wounds[c], toxic[c],
                 len(statuses[c]), len(hand), len(held) - held.count(NONE), batteries[c], 1.0 if mine else 0.0)
        else:
            _character(out, at, here, index, _LIFE[name], wounds[c], toxic[c], len(statuses[c]), len(hand),
                       len(held) - held.count(NONE), batteries[c], mine)
        if mine:
            for card in hand:
                out[_HAND_AT + card] = 1.0


def _character(out: FloatBuffer, at: int, here: str, index: dict[str, int], *numbers: float) -> None:
    """One character's numbers, each that is not zero, into a buffer that does not take packed
    float32s: on the map and its space, then life, wounds, toxic wounds, statuses, cards in hand,
    items equipped, batteries and played by the viewer (``numbers``)."""
    if here:
        out[at] = 1.0
        if here in index:
            out[at + 1] = float(index[here] + 1)
    for i, number in enumerate(numbers, 2):
        if number:
            out[at + i] = float(number)


def _track(view: State, out: FloatBuffer, packed: memoryview | None) -> None:
    """Per slot of the threat track: an enemy card, its life, defence, communicate value, figures,
    wounds on them; the threat card's value under it (a slot with an enemy packed in one call
    into a ``packed`` buffer)."""
    foes, threats = view.foes, view.threats
    enemies = table_of(view).enemies if foes else ()
    party = len(view.options.characters)
    pack = _SLOT_NUMBERS.pack_into
    for k in range(TRACK):
        at = _TRACK_AT + k * _SLOT
        threat = threats[k]
        value = ACTION_CARDS[threat].value if threat != NONE else 0
        if k < len(foes):
            foe = foes[k]
            info = enemies[foe.card]
            life = party if info.boss else info.life  # life_of
            if packed is not None:
                pack(packed, 4 * at, 1.0, life, info.defence, info.communicate, len(foe.spaces), sum(foe.wounds), value)
                continue
            out[at] = 1.0
            for i, number in enumerate((life, info.defence, info.communicate, len(foe.spaces), sum(foe.wounds)), 1):
                if number:
                    out[at + i] = float(number)
        if value:
            out[at + 6] = float(value)


def _public(view: State, me: int, out: FloatBuffer, packed: memoryview | None) -> None:
    """The dials, the bookkeeper, the situation, the task and test under way, the phase, whether
    ``me`` decides, the round, the page, then the outing's numbers."""
    dials = view.dials
    if packed is not None and len(dials) == len(DIALS):
        _DIAL_NUMBERS.pack_into(packed, 4 * _DIALS_AT, *dials)
    else:
        for k, value in enumerate(dials):
            if value:
                out[_DIALS_AT + k] = float(value)
    out[_BOOKKEEPER_AT + view.bookkeeper] = 1.0
    if view.hostile:
        out[_SITUATION_AT] = 1.0
    task = view.task
    if task is not None:
        out[_TASK_AT] = 1.0
        if task.difficulty:
            out[_TASK_AT + 1] = float(task.difficulty)
        if view.task_dial:
            out[_TASK_AT + 2] = float(view.task_dial)
    test = view.test
    if test is not None:
        out[_TEST_AT] = 1.0
        if test.difficulty:
            out[_TEST_AT + 1] = float(test.difficulty)
        played = sum(ACTION_CARDS[k].value for k in view.played)
        if played:
            out[_TEST_AT + 2] = float(played)
    phase = view.phase
    out[_PHASE_FLAG[phase._name_]] = 1.0
    if phase is not PHASE_OVER and decider(view) % view.options.players == me:  # owner(view, decider(view))
        out[_TO_PLAY_AT] = 1.0
    if view.round:
        out[_ROUND_AT] = float(view.round)
    if view.page:
        out[_PAGE_AT] = float(view.page)
    _outing(view, out)


def _outing(view: State, out: FloatBuffer) -> None:
    """The party's abilities, influence, environment, vehicles, the colony supply, the way off the
    page."""
    outing = view.outing
    for held in outing.abilities:
        for name in held:
            out[_ABILITY_FLAG[name]] = 1.0
    for c in outing.influenced:
        out[_INFLUENCE_AT + c] = 1.0
    for name in outing.environment:
        out[_ENVIRONMENT_FLAG[name]] = 1.0
    for name in outing.vehicles:
        out[_VEHICLE_FLAG[name]] = 1.0
    if outing.supply:
        out[_SUPPLY_AT] = float(len(outing.supply))
    if outing.exit_page:
        out[_EXIT_AT] = 1.0
    for c in outing.ahead:
        out[_EXIT_AT + 1 + c] = 1.0


#: ``observe(view)``: what the viewer sees, as numbers.
observe: Observer[State] = Observer(_layout, lambda state: state.viewer, lambda state: state.options.players,
                                    _write)
