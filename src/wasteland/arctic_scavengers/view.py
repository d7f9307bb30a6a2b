"""What one player may see, and a full table drawn at random consistent with it.

Hidden cards become the placeholder id ``HIDDEN`` (-1). Hidden from player
``p``: the other hands (until the skirmish reveals the forces), every deck's
order (``p``'s own deck is shown sorted; the others' as placeholders), the cards
that entered another tribe's discard unseen (the others' ``secret`` sets are
shown empty), the junkyard and the contested pile (except the top card for the
initiator who peeked at it), another player's dug cards, the cards of another
player's Trash under way (face down in ``played`` and ``committed``), the
contested resource in a skirmish event (except for its winner), and the Rng
(a fixed placeholder). Counts stay visible; the stack is public.

:func:`determinize` fills every placeholder of a view with the card ids the
viewer cannot place, at random: the contested pile takes contested-resource
cards only, each zone keeps its size, the others' ``secret`` sets are exactly
the cards put into their discards' hidden places, and the viewer's own deck is
shuffled. When another seat is in the middle of a gathering action with its
hand hidden, its hand first takes cards that let the action be finished (a
person or a tool for a Dig, Draw or Hunt, enough medicine for a Hire): the
rules only let an action begin when the hand can finish it, so the viewer knows
that much, and play goes on from the drawn table. The events stay as the viewer
saw them.

:func:`observe` turns a view into the flat vector of numbers the RL adapters and
search bots read (length :func:`observation_size`, fixed by the options); the
encoding is documented section by section in the rules page ("Observations") and
listed by :func:`observation_sections`. It reads the view only.
"""

from __future__ import annotations

from wasteland.arctic_scavengers.actions import action_space, space_for
from wasteland.arctic_scavengers.card_set import table_of
from wasteland.arctic_scavengers.cards import CARD_TYPES, HIDDEN, MERCENARY_PILES, CardTable
from wasteland.arctic_scavengers.draw_phase import peeked_card, peeks
from wasteland.arctic_scavengers.gathering import action_total, can_afford, medicine_in
from wasteland.arctic_scavengers.skirmish import fight_total, people_present
from wasteland.arctic_scavengers.state import (
    TASKS, Cards, Event, Options, Phase, SkirmishResolved, State, Task, check_view_content,
)
from wasteland.core.data import DerivedCache
from wasteland.core.game import IllegalAction, check_determinize, check_viewer, need_state, short
from wasteland.core.records import replace
from wasteland.core.rng import HIDDEN_RNG, Rng

__all__ = [
    "view", "determinize", "HIDDEN_RNG", "observation_size", "observe", "observation_sections",
    "ObservationLayout", "PHASES", "TRIBE_FEATURES", "CARD_FEATURES",
]

def _hidden(cards: Cards) -> Cards:
    return (HIDDEN,) * len(cards)


def _event_seen(event: Event, player: int) -> Event:
    if event.__class__ is SkirmishResolved and event.winner != player and event.prize != HIDDEN:
        return replace(event, prize=HIDDEN)
    return event


def view(state: State, player: int) -> State:
    """``state`` as seat ``player`` sees it (a State with ``viewer`` = ``player``)."""
    if type(state) is not State:
        raise IllegalAction(f"not an Arctic Scavengers state: {short(state)}")
    if state.viewer is not None:
        raise IllegalAction(f"this is already player {state.viewer}'s view: view the table")
    n = state.options.players
    check_viewer(player, n)
    revealed = state.phase is Phase.SKIRMISH or state.phase is Phase.OVER
    trashing = state.task is Task.TRASH and state.turn != player
    hands, decks, discards, secrets = [], [], [], []
    for q in range(n):
        if q == player:
            hands.append(state.hands[q])
            decks.append(tuple(sorted(state.decks[q])))
            discards.append(state.discards[q])
            secrets.append(state.secret[q])
            continue
        hands.append(state.hands[q] if revealed else _hidden(state.hands[q]))
        decks.append(_hidden(state.decks[q]))
        secret = state.secret[q]
        discards.append(tuple(HIDDEN if c in secret else c for c in state.discards[q]) if secret else state.discards[q])
        secrets.append(frozenset())
    played, committed = state.played, state.committed
    if trashing:
        face_down = frozenset(committed)
        played = tuple(tuple(HIDDEN if c in face_down else c for c in cards) if q == state.turn else cards
                       for q, cards in enumerate(played))
        committed = _hidden(committed)
    contested = _hidden(state.contested)
    if player == state.initiator:
        top = peeked_card(state)
        if top is not None:
            contested = (top,) + contested[1:]
    return replace(
        state,
        hands=tuple(hands),
        decks=tuple(decks),
        discards=tuple(discards),
        played=played,
        committed=committed,
        secret=tuple(secrets),
        junkyard=_hidden(state.junkyard),
        contested=contested,
        dug=state.dug if player == state.turn else _hidden(state.dug),
        events=tuple(_event_seen(e, player) for e in state.events),
        rng=HIDDEN_RNG,
        viewer=player,
    )


def determinize(seen: State, player: int, seed: int) -> State:
    """A full table drawn at random (from ``seed``) among those ``player`` cannot tell from
    the view ``seen``: ``view(determinize(seen, player, k), player) == seen``. IllegalAction for
    a view that ``view`` cannot make, or one whose decider's hidden hand could not finish the
    action under way."""
    check_determinize(need_state(seen, State, "an Arctic Scavengers"), player, seed)
    try:
        check_view_content(seen)
    except ValueError as why:
        raise IllegalAction(f"no table gives this view: {why}") from None
    table = table_of(seen)
    n = seen.options.players
    shown: set[int] = set()
    for zones in (seen.hands, seen.decks, seen.discards, seen.played, seen.piles):
        for zone in zones:
            shown.update(zone)
    for zone in (seen.junkyard, seen.contested, seen.removed, seen.dug, seen.committed):
        shown.update(zone)
    unknown = [c for c in table.ids if c not in shown]
    places_of = [*seen.hands, *seen.decks, *seen.discards, *seen.played, *seen.piles, seen.junkyard, seen.contested,
                 seen.removed, seen.dug]
    places = sum(len(zone) for zone in places_of)
    hidden_places = sum(zone.count(HIDDEN) for zone in places_of)
    if places - hidden_places != len(shown - {HIDDEN}) or hidden_places != len(unknown):
        raise IllegalAction("no table gives this view: its hidden places are not the cards it cannot place")
    rng = Rng.from_seed(seed)
    pool, rng = rng.shuffle(unknown)
    # The decider's hidden hand takes first what it needs to finish the action under way,
    # preferably cards that may not lie in the contested pile; the contested pile's hidden
    # places take contested resources only.
    is_contested = table.is_contested
    turn = seen.turn
    hidden_hand = turn != player and seen.task is not None and HIDDEN in seen.hands[turn]
    needed: list[int] = []
    if hidden_hand:
        size = len(seen.hands[turn])
        plain = [c for c in pool if not is_contested[c]]
        found = _needed_to_finish(seen, table, plain, size)
        if found is None:
            found = _needed_to_finish(seen, table, plain + [c for c in pool if is_contested[c]], size)
        if found is None:
            raise IllegalAction("no table gives this view: the hidden hand cannot finish the action under way")
        needed = found
    chosen = set(needed)
    prizes = [c for c in pool if is_contested[c] and c not in chosen][:seen.contested.count(HIDDEN)]
    if len(prizes) < seen.contested.count(HIDDEN):
        raise IllegalAction("no table gives this view: too few contested resources for the contested pile")
    prize_iter = iter(prizes)
    taken = chosen | set(prizes)
    others = needed + [c for c in pool if c not in taken]
    rest = iter(others)

    def fill(cards: Cards) -> Cards:
        return tuple(next(rest) if c == HIDDEN else c for c in cards)

    hands, decks, discards, secrets = list(seen.hands), list(seen.decks), list(seen.discards), list(seen.secret)
    own_deck, rng = rng.shuffle(seen.decks[player])
    decks[player] = own_deck
    if hidden_hand:
        hands[turn] = fill(seen.hands[turn])  # first, so that it takes the cards needed
    for q in range(n):
        if q == player:
            continue
        if not (hidden_hand and q == turn):
            hands[q] = fill(seen.hands[q])
        decks[q] = fill(seen.decks[q])
        discard = fill(seen.discards[q])
        secrets[q] = frozenset(c for c, was in zip(discard, seen.discards[q]) if was == HIDDEN)
        discards[q] = discard
    played, committed = seen.played, seen.committed
    if HIDDEN in committed:
        placed = fill(played[turn])
        played = played[:turn] + (placed,) + played[turn + 1:]
        committed = tuple(c for c, was in zip(placed, seen.played[turn]) if was == HIDDEN)
    contested = tuple(next(prize_iter) if c == HIDDEN else c for c in seen.contested)
    return replace(
        seen,
        hands=tuple(hands),
        decks=tuple(decks),
        discards=tuple(discards),
        played=played,
        committed=committed,
        secret=tuple(secrets),
        junkyard=fill(seen.junkyard),
        contested=contested,
        dug=fill(seen.dug),
        rng=rng,
        viewer=None,
    )


def _needed_to_finish(seen: State, table: CardTable, pool: list[int], size: int) -> list[int] | None:
    """Cards from ``pool`` (in its order) that the decider's hidden hand of ``size`` cards
    needs so that the gathering action under way can be finished; [] when any hand will do,
    None when ``pool`` cannot provide them."""
    task = seen.task
    if task is None or task is Task.TRASH:
        return []
    if task is Task.HIRE:
        food, piles = seen.food, seen.piles
        medicine = medicine_in(table, seen.committed)

        def affordable(med: int) -> bool:
            return any(pile and can_afford(table, i, med, food) for i, pile in enumerate(piles))

        if affordable(medicine):
            return []
        chosen: list[int] = []
        for c in sorted((c for c in pool if table.medicine[c]), key=lambda c: -table.medicine[c]):
            if len(chosen) == size:
                break
            chosen.append(c)
            medicine += table.medicine[c]
            if affordable(medicine):
                return chosen
        return None
    if action_total(seen, table) >= 1:
        return []
    a = task._value_
    base, bonus, modifies, is_leader = table.base[a], table.bonus[a], table.modifies, table.is_leader
    free = {kind for kind in (False, True)
            if any(not any(q == person and is_leader[m] == kind for m, q in seen.equipped)
                   for person in seen.committed)}
    for c in pool:  # one card that finishes it: a person able to reach 1, or a modifier for a committed person
        if base[c] >= 1 or (bonus[c] and modifies[c] and is_leader[c] in free):
            return [c]
    if size >= 2:  # a person at zero and a modifier for it
        zero = next((c for c in pool if base[c] == 0), None)
        raise_it = next((c for c in pool if bonus[c] and modifies[c]), None)
        if zero is not None and raise_it is not None:
            return [zero, raise_it]
    return None


# --- the observation vector --------------------------------------------------------------------

#: The phases in the order of the ``phase`` one-hot.
PHASES: tuple[Phase, ...] = (Phase.GATHERING, Phase.KEEP, Phase.SKIRMISH, Phase.OVER)
#: The scalar features of each tribe's block, before its four type-count groups.
TRIBE_FEATURES = ("hand", "deck", "discard", "played", "discard_unseen", "fight", "people")
#: The features of each card's block that do not depend on the number of players; then, for each
#: other tribe in seat order from the viewer's left: in its force, in its discard, in its played area.
CARD_FEATURES = ("my_hand", "my_deck", "my_discard", "my_played", "committed", "equipped", "dug", "pile",
                 "removed", "peeked", "spent")
_TYPES = len(CARD_TYPES)


class ObservationLayout:
    """Where each part of the observation lies, for one game's options (see the rules page)."""

    __slots__ = ("players", "cards", "positions", "card_features", "tribe_size", "sections", "start", "size")

    def __init__(self, options: Options) -> None:
        n, t = options.players, _TYPES
        space = space_for(options.cards)
        self.players = n
        self.cards = len(space.cards)
        self.positions = space.positions
        self.card_features = len(CARD_FEATURES) + 3 * (n - 1)
        self.tribe_size = len(TRIBE_FEATURES) + 4 * t
        lengths = (
            ("round", 1), ("phase", len(PHASES)), ("seat", n), ("initiator", n), ("decider", n), ("peeking", 1),
            ("taken", len(TASKS)), ("food", 1), ("task", len(TASKS)), ("action_total", 1), ("medicine", 1),
            ("contested", 1), ("peeked", t), ("junkyard", 1), ("piles", len(MERCENARY_PILES)), ("removed", t),
            ("dug", 1), ("dug_types", t), ("committed", 1), ("committed_types", t),
            ("committed_slots", self.positions * (t + 2)), ("equipped_types", t), ("spent", 1),
            ("tribes", n * self.tribe_size), ("cards", self.cards * self.card_features),
        )
        sections: list[tuple[str, int, int]] = []
        at = 0
        for name, length in lengths:
            sections.append((name, at, length))
            at += length
        self.sections: tuple[tuple[str, int, int], ...] = tuple(sections)
        self.start: dict[str, int] = {name: start for name, start, _ in sections}
        self.size: int = at


_LAYOUTS: DerivedCache[Options, ObservationLayout] = DerivedCache(ObservationLayout)


def _layout(state: object) -> ObservationLayout:
    if type(state) is not State:
        raise IllegalAction(f"not an Arctic Scavengers state: {short(state)}")
    return _LAYOUTS(state.options)


def observation_size(state: State) -> int:
    """The length of every observation of ``state``'s game (it depends on the options only:
    the number of players and the card set). Works on a table or a view."""
    return _layout(state).size


def observation_sections(state: State) -> tuple[tuple[str, int, int], ...]:
    """The observation's sections as (name, first index, length), in order (the rules page
    describes each)."""
    return _layout(state).sections


def observe(seen: State) -> tuple[float, ...]:
    """The observation vector of ``seen.viewer``, from the view ``seen`` only (the table is
    refused with IllegalAction): every number finite, length :func:`observation_size`.
    Seats are counted from the viewer (0 = the viewer, 1 = the next seat clockwise, ...)."""
    layout = _layout(seen)
    me = seen.viewer
    if me is None:
        raise IllegalAction("observe takes a player's view, not the table: observe(view(state, p))")
    n = layout.players
    table = table_of(seen)
    space = action_space(seen)
    kind, index = table.type_index, space.index
    start = layout.start
    out = [0.0] * layout.size

    def count(at: int, cards: Cards) -> None:
        for c in cards:
            if c != HIDDEN:
                out[at + kind[c]] += 1.0

    width = layout.card_features
    first_card = start["cards"]

    def mark(cards: Cards, feature: int) -> None:
        for c in cards:
            if c != HIDDEN:
                out[first_card + index[c] * width + feature] = 1.0

    phase = seen.phase
    over = phase is Phase.OVER
    out[start["round"]] = float(seen.round)
    out[start["phase"] + PHASES.index(phase)] = 1.0
    out[start["seat"] + me] = 1.0
    out[start["initiator"] + (seen.initiator - me) % n] = 1.0
    if not over:
        out[start["decider"] + (seen.turn - me) % n] = 1.0
    out[start["peeking"]] = 1.0 if peeks(seen) else 0.0
    for task in TASKS:
        if seen.used >> task._value_ & 1:
            out[start["taken"] + task._value_] = 1.0
    out[start["food"]] = float(seen.food)
    committed = seen.committed
    if seen.task is not None:
        out[start["task"] + seen.task._value_] = 1.0
        if HIDDEN not in committed:
            out[start["action_total"]] = float(action_total(seen, table))
            out[start["medicine"]] = float(medicine_in(table, committed))
        else:  # another seat's Trash: its cards lie face down, their number is known
            out[start["action_total"]] = float(len(committed))
    out[start["contested"]] = float(len(seen.contested))
    top = seen.contested[0] if seen.contested else HIDDEN
    if top != HIDDEN:
        out[start["peeked"] + kind[top]] = 1.0
        mark((top,), 9)
    out[start["junkyard"]] = float(len(seen.junkyard))
    for i, pile in enumerate(seen.piles):
        out[start["piles"] + i] = float(len(pile))
        mark(pile, 7)
    count(start["removed"], seen.removed)
    mark(seen.removed, 8)
    out[start["dug"]] = float(len(seen.dug))
    count(start["dug_types"], seen.dug)
    mark(seen.dug, 6)
    out[start["committed"]] = float(len(committed))
    count(start["committed_types"], committed)
    mark(committed, 4)
    slot = _TYPES + 2
    is_leader = table.is_leader
    for position, c in enumerate(committed[:layout.positions]):
        if c == HIDDEN:
            continue
        at = start["committed_slots"] + position * slot
        out[at + kind[c]] = 1.0
        for m, person in seen.equipped:
            if person == c:
                out[at + _TYPES + (1 if is_leader[m] else 0)] = 1.0
    equipped = tuple(m for m, _ in seen.equipped)
    count(start["equipped_types"], equipped)
    mark(equipped, 5)
    out[start["spent"]] = float(len(seen.spent))
    mark(seen.spent, 10)
    spent = seen.spent
    for r in range(n):
        q = (me + r) % n
        at = start["tribes"] + r * layout.tribe_size
        hand, deck, discard, played = seen.hands[q], seen.decks[q], seen.discards[q], seen.played[q]
        out[at] = float(len(hand))
        out[at + 1] = float(len(deck))
        out[at + 2] = float(len(discard))
        out[at + 3] = float(len(played))
        out[at + 4] = float(discard.count(HIDDEN))
        if HIDDEN not in hand:
            out[at + 5] = float(fight_total(table, hand, spent))
            out[at + 6] = float(people_present(table, hand))
        types = at + len(TRIBE_FEATURES)
        count(types, hand)
        count(types + _TYPES, deck)
        count(types + 2 * _TYPES, discard)
        count(types + 3 * _TYPES, played)
        if r == 0:
            mark(hand, 0)
            mark(deck, 1)
            mark(discard, 2)
            mark(played, 3)
        else:
            other = len(CARD_FEATURES) + 3 * (r - 1)
            mark(hand, other)
            mark(discard, other + 1)
            mark(played, other + 2)
    return tuple(out)
