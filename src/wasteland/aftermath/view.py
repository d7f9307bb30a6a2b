"""What a player may see, a table drawn at random among those that fit, and the observation.

Hidden from a seat: the hands of the characters other seats play, the order of every deck (action
cards, items, encounter cards), the face-down scavenge tokens (their difficulty shows) and the
piles and the tokens left face down on pages the party left, and the Rng. The book is the
table's: a view holds only the current page, its map and its entries as the page shows them
(numbers and symbols), with the text and effects of the entries read on this visit only (a book
of one's own in the options too); never another page, nor an unread entry's text or effects.
"""

from __future__ import annotations

from wasteland.core.game import IllegalAction, check_determinize, check_viewer
from wasteland.core.observation import FloatBuffer, Layout, Observer, layout
from wasteland.core.records import replace
from wasteland.core.rng import HIDDEN_RNG, Rng
from wasteland.aftermath.actions import MAX_PLAYERS
from wasteland.aftermath.cards import (
    ABILITY_NAMES, ACTION_CARDS, CACHES, CHARACTER_NAMES, CHARACTERS, ENCOUNTER_CARDS, ENVIRONMENT_NAMES, HIDDEN,
    ITEM_NAMES, ITEMS, MAX_SPACES, NONE, TIERS, TRACK, VEHICLE_NAMES,
)
from wasteland.aftermath.loaded import redact
from wasteland.aftermath.setup import out_of_deck
from wasteland.aftermath.mission import decider, enemy, life_of, owner
from wasteland.aftermath.rules import ENGINE
from wasteland.aftermath.state import Cache, Gain, Phase, State
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


def _write(view: State, me: int, shape: Layout, out: FloatBuffer) -> None:
    """Only what seat ``me`` may see, so the table and ``me``'s view give the same numbers. The
    buffer is zeroed: only the numbers that are not zero are written, each piece counted once."""
    page = next((p for p in view.book.pages if p.number == view.page), None)
    index = {sp.name: k for k, sp in enumerate(page.spaces[:MAX_SPACES])} if page else {}
    base = shape.start["spaces"]
    for sp in view.spaces:
        k = index.get(sp)
        if k is not None:
            out[base + k * _SPACE] += 1.0
    for foe in view.foes:
        for sp in foe.spaces:
            k = index.get(sp)
            if k is not None:
                out[base + k * _SPACE + 1] += 1.0
    for t in view.tokens:
        k = index.get(t.space)
        if k is not None:
            out[base + k * _SPACE + 2] += 1.0
    for cache in view.caches:
        k = index.get(cache.space)
        if k is not None:
            out[base + k * _SPACE + 3] += 1.0
    _characters(view, me, shape, out, index)
    _track(view, shape, out)
    _public(view, me, shape, out)


def _characters(view: State, me: int, shape: Layout, out: FloatBuffer, index: dict[str, int]) -> None:
    base, hand = shape.start["characters"], shape.start["hand"]
    for c, name in enumerate(view.options.characters):
        at = base + c * _CHARACTER
        here = view.spaces[c]
        if here:
            out[at] = 1.0
            if here in index:
                out[at + 1] = float(index[here] + 1)
        out[at + 2] = float(CHARACTERS[CHARACTER_NAMES.index(name)].life)
        out[at + 3] = float(view.wounds[c])
        out[at + 4] = float(view.toxic[c])
        out[at + 5] = float(len(view.statuses[c]))
        out[at + 6] = float(len(view.hands[c]))
        out[at + 7] = float(sum(1 for i in view.gear[c] if i != NONE))
        out[at + 8] = float(view.batteries[c])
        if owner(view, c) == me:
            out[at + 9] = 1.0
            for card in view.hands[c]:
                out[hand + card] = 1.0


def _track(view: State, shape: Layout, out: FloatBuffer) -> None:
    base = shape.start["track"]
    for k in range(TRACK):
        at = base + k * _SLOT
        if k < len(view.foes):
            foe = view.foes[k]
            info = enemy(view, foe.card)
            out[at] = 1.0
            out[at + 1] = float(life_of(view, foe.card))
            out[at + 2] = float(info.defence)
            out[at + 3] = float(info.communicate)
            out[at + 4] = float(len(foe.spaces))
            out[at + 5] = float(sum(foe.wounds))
        if view.threats[k] != NONE:
            out[at + 6] = float(ACTION_CARDS[view.threats[k]].value)


def _public(view: State, me: int, shape: Layout, out: FloatBuffer) -> None:
    for k, value in enumerate(view.dials):
        out[shape.start["dials"] + k] = float(value)
    out[shape.start["bookkeeper"] + view.bookkeeper] = 1.0
    out[shape.start["situation"]] = 1.0 if view.hostile else 0.0
    if view.task is not None:
        out[shape.start["task"]] = 1.0
        out[shape.start["task"] + 1] = float(view.task.difficulty)
        out[shape.start["task"] + 2] = float(view.task_dial)
    if view.test is not None:
        out[shape.start["test"]] = 1.0
        out[shape.start["test"] + 1] = float(view.test.difficulty)
        out[shape.start["test"] + 2] = float(sum(ACTION_CARDS[k].value for k in view.played))
    out[shape.start["phase"] + _PHASES.index(view.phase)] = 1.0
    deciding = view.phase is not Phase.OVER and owner(view, decider(view)) == me
    out[shape.start["to_play"]] = 1.0 if deciding else 0.0
    out[shape.start["round"]] = float(view.round)
    out[shape.start["page"]] = float(view.page)
    outing = view.outing
    for held in outing.abilities:
        for name in held:
            out[shape.start["abilities"] + ABILITY_NAMES.index(name)] = 1.0
    for c in outing.influenced:
        out[shape.start["influence"] + c] = 1.0
    for name in outing.environment:
        out[shape.start["environment"] + ENVIRONMENT_NAMES.index(name)] = 1.0
    for name in outing.vehicles:
        out[shape.start["vehicles"] + VEHICLE_NAMES.index(name)] = 1.0
    out[shape.start["supply"]] = float(len(outing.supply))
    if outing.exit_page:
        out[shape.start["exit"]] = 1.0
    for c in outing.ahead:
        out[shape.start["exit"] + 1 + c] = 1.0


#: ``observe(view)``: what the viewer sees, as numbers.
observe: Observer[State] = Observer(_layout, lambda state: state.viewer, lambda state: state.options.players,
                                    _write)
