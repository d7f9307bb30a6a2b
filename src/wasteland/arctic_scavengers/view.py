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

from typing import Mapping

from wasteland.arctic_scavengers.actions import space_for
from wasteland.arctic_scavengers.card_set import table_of
from wasteland.arctic_scavengers.cards import CARD_TYPES, HIDDEN, MERCENARY_PILES, CardTable
from wasteland.arctic_scavengers.draw_phase import peeked_card, peeks
from wasteland.arctic_scavengers.gathering import action_total, can_afford, medicine_in
from wasteland.arctic_scavengers.skirmish import fight_total, people_present
from wasteland.arctic_scavengers.loaded import check_view_content
from wasteland.arctic_scavengers.state import TASKS, Cards, Event, Options, Phase, SkirmishResolved, State, Task
from wasteland.core.data import DerivedCache
from wasteland.core.game import IllegalAction, check_determinize, check_viewer, need_state, short
from wasteland.core.observation import FloatBuffer, Layout, Observer, layout
from wasteland.core.records import replace
from wasteland.core.rng import HIDDEN_RNG, Rng

__all__ = [
    "view", "determinize", "HIDDEN_RNG", "observation_size", "observe", "observation_sections",
    "observation_layout", "PHASES", "TRIBE_FEATURES", "CARD_FEATURES",
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
    rng = Rng.from_seed(seed)
    pool, rng = rng.shuffle(_unknown_cards(seen, table))
    # The decider's hidden hand takes first what it needs to finish the action under way,
    # preferably cards that may not lie in the contested pile; the contested pile's hidden
    # places take contested resources only.
    is_contested = table.is_contested
    turn = seen.turn
    hidden_hand = turn != player and seen.task is not None and HIDDEN in seen.hands[turn]
    needed = _hidden_hand_needs(seen, table, pool) if hidden_hand else []
    chosen = set(needed)
    prizes = [c for c in pool if is_contested[c] and c not in chosen][:seen.contested.count(HIDDEN)]
    if len(prizes) < seen.contested.count(HIDDEN):
        raise IllegalAction("no table gives this view: too few contested resources for the contested pile")
    prize_iter = iter(prizes)
    taken = chosen | set(prizes)
    # *design*: the Refugees and the mercenaries start in the tribes and leave them only when
    # trashed, and a contested resource off its pile was mostly won by a tribe, while the junkyard
    # holds junk, tools and medicine; so those cards go first to the other tribes' hidden hands and
    # decks, spread at random over all of their places, and the junkyard, the discards' hidden
    # places (dug cards), a dig and a Trash under way take the rest first. Every table drawn
    # still gives the view.
    is_tribal = table.is_tribal
    rest = [c for c in pool if c not in taken]
    tribal = [c for c in rest if is_tribal[c]]
    loose = [c for c in rest if not is_tribal[c]]
    places = sum(seen.hands[q].count(HIDDEN) + seen.decks[q].count(HIDDEN) for q in range(n) if q != player)
    places -= len(needed)  # the decider's hidden hand takes the cards it needs first
    people = min(len(tribal), places)
    to_tribes, rng = rng.shuffle(tribal[:people] + loose[:places - people])
    tribes = [*reversed(to_tribes), *reversed(needed)]  # popped from the end: the needed cards first
    elsewhere = [*reversed(tribal[people:]), *reversed(loose[places - people:])]  # loose ones first

    def fill(cards: Cards, to_tribe: bool = False) -> Cards:
        source = tribes if to_tribe else elsewhere
        return tuple(source.pop() if c == HIDDEN else c for c in cards)

    hands, decks, discards, secrets = list(seen.hands), list(seen.decks), list(seen.discards), list(seen.secret)
    own_deck, rng = rng.shuffle(seen.decks[player])
    decks[player] = own_deck
    if hidden_hand:
        hands[turn] = fill(seen.hands[turn], True)  # first, so that it takes the cards needed
    for q in range(n):
        if q == player:
            continue
        if not (hidden_hand and q == turn):
            hands[q] = fill(seen.hands[q], True)
        decks[q] = fill(seen.decks[q], True)
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


def _unknown_cards(seen: State, table: CardTable) -> list[int]:
    """The cards of the set the view does not place, in id order; IllegalAction unless they are
    exactly as many as its hidden places."""
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
    return unknown


def _hidden_hand_needs(seen: State, table: CardTable, pool: tuple[int, ...]) -> list[int]:
    """What the decider's hidden hand must hold to finish the action under way, from ``pool``,
    preferably cards that may not lie in the contested pile; IllegalAction when nothing can."""
    is_contested = table.is_contested
    size = len(seen.hands[seen.turn])
    plain = [c for c in pool if not is_contested[c]]
    found = _needed_to_finish(seen, table, plain, size)
    if found is None:
        found = _needed_to_finish(seen, table, plain + [c for c in pool if is_contested[c]], size)
    if found is None:
        raise IllegalAction("no table gives this view: the hidden hand cannot finish the action under way")
    return found


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


def _make_layout(options: Options) -> Layout:
    """The observation's sections for ``options`` (the rules page describes each)."""
    n, t = options.players, _TYPES
    space = space_for(options.cards)
    card_features = len(CARD_FEATURES) + 3 * (n - 1)
    tribe_size = len(TRIBE_FEATURES) + 4 * t
    return layout(
        ("round", 1, "the round number"),
        ("phase", len(PHASES), "one-hot: gathering, keep (a dug card to choose), skirmish, over"),
        ("seat", n, "one-hot: the viewer's seat"),
        ("initiator", n, "one-hot: the initiator's relative seat"),
        ("decider", n, "one-hot: the relative seat deciding now; all 0 once the game is over"),
        ("peeking", 1, "1 when initiators look at the top contested resource in this game"),
        ("taken", len(TASKS), "the actions the gathering seat has taken this round"),
        ("food", 1, "food hunted this round"),
        ("task", len(TASKS), "one-hot: the action under way"),
        ("action_total", 1, "its value so far"),
        ("medicine", 1, "medicine committed (a Hire)"),
        ("contested", 1, "cards left in the contested pile"),
        ("peeked", t, "one-hot: the type of the top contested resource, for the initiator who looked at it"),
        ("junkyard", 1, "cards in the junkyard"),
        ("piles", len(MERCENARY_PILES), "cards in each mercenary pile"),
        ("removed", t, "type counts of the cards out of the game"),
        ("dug", 1, "dug cards waiting for the keep choice"),
        ("dug_types", t, "their type counts (for the digger)"),
        ("committed", 1, "cards committed to the action under way"),
        ("committed_types", t, "their type counts"),
        ("committed_slots", space.positions * (t + 2), "for each position of the committed cards: its type, "
                                                       "a tool on it, Group Leaders on it"),
        ("equipped_types", t, "type counts of the modifiers equipped"),
        ("spent", 1, "Saboteurs and Sniper Teams that declared in this skirmish"),
        ("tribes", n * tribe_size, f"for each relative seat, {tribe_size} numbers (see the rules page)"),
        ("cards", len(space.cards) * card_features, f"for each card of the set, {card_features} flags of where "
                                                    "the viewer sees it"),
    )


_LAYOUTS: DerivedCache[Options, Layout] = DerivedCache(_make_layout)


class _Places:
    """Where the writer puts the numbers of one game's observation, from its layout (built once
    per options): ``start`` each section's first index; ``flags[f][card]`` the index of the flag
    of feature ``f`` (``CARD_FEATURES``, then the other tribes' three) in the card's block of the
    ``cards`` section, by card id (-1 for an id the set lacks); ``tribes[r]`` the first index
    of relative seat ``r``'s block; ``others[r]`` (``r`` >= 1) the flags of that tribe's force,
    discard and played cards; ``positions`` the committed positions the layout has slots for."""

    __slots__ = ("start", "flags", "tribes", "others", "positions")

    def __init__(self, options: Options) -> None:
        shape = _LAYOUTS(options)
        space = space_for(options.cards)
        n = options.players
        width = len(CARD_FEATURES) + 3 * (n - 1)
        first = shape.start["cards"]
        top = max(space.cards, default=-1) + 1
        self.start: Mapping[str, int] = shape.start
        self.flags: tuple[tuple[int, ...], ...] = tuple(
            tuple(first + space.index[c] * width + f if c in space.index else -1 for c in range(top))
            for f in range(width))
        tribe_size = len(TRIBE_FEATURES) + 4 * _TYPES
        self.tribes: tuple[int, ...] = tuple(shape.start["tribes"] + r * tribe_size for r in range(n))
        other = len(CARD_FEATURES)
        self.others: tuple[tuple[tuple[int, ...], ...], ...] = ((),) + tuple(
            self.flags[other + 3 * (r - 1):other + 3 * r] for r in range(1, n))
        self.positions: int = space.positions


_PLACES: DerivedCache[Options, _Places] = DerivedCache(_Places)


def _layout(state: object) -> Layout:
    if type(state) is not State:
        raise IllegalAction(f"not an Arctic Scavengers state: {short(state)}")
    return _LAYOUTS(state.options)


def observation_layout(state: State) -> Layout:
    """The observation's sections for ``state``'s options (a table or a view)."""
    return _layout(state)


def observation_size(state: State) -> int:
    """The length of every observation of ``state``'s game (it depends on the options only:
    the number of players and the card set). Works on a table or a view."""
    return _layout(state).size


def observation_sections(state: State) -> tuple[tuple[str, int, int], ...]:
    """The observation's sections as (name, first index, length), in order (the rules page
    describes each)."""
    shape = _layout(state)
    return tuple((s.name, shape.start[s.name], s.size) for s in shape.sections)


def _viewer(state: State) -> int | None:
    return state.viewer


def _seats(state: State) -> int:
    return state.options.players


_F_HAND, _F_DECK, _F_DISCARD, _F_PLAYED, _F_COMMITTED, _F_EQUIPPED, _F_DUG, _F_PILE, _F_REMOVED, _F_PEEKED, \
    _F_SPENT = (CARD_FEATURES.index(name) for name in (
        "my_hand", "my_deck", "my_discard", "my_played", "committed", "equipped", "dug", "pile", "removed", "peeked",
        "spent"))
_T_HAND, _T_DECK, _T_DISCARD, _T_PLAYED, _T_UNSEEN, _T_FIGHT, _T_PEOPLE = (TRIBE_FEATURES.index(name) for name in (
    "hand", "deck", "discard", "played", "discard_unseen", "fight", "people"))
#: Where each tribe block's four type-count groups begin, from the block's first index.
_HAND_TYPES, _DECK_TYPES, _DISCARD_TYPES, _PLAYED_TYPES = (len(TRIBE_FEATURES) + k * _TYPES for k in range(4))


def _shown(out: FloatBuffer, at: int, cards: Cards, kind: tuple[int, ...], flag: tuple[int, ...]) -> None:
    """Count the types of ``cards`` from ``at`` and set each card's ``flag``: a zone the viewer
    sees whole (its own zones, the face-up piles, a revealed force)."""
    for c in cards:
        out[at + kind[c]] += 1.0
        out[flag[c]] = 1.0


_TRASH, _SKIRMISH, _OVER = Task.TRASH, Phase.SKIRMISH, Phase.OVER


def _write(seen: State, me: int, shape: Layout, out: FloatBuffer) -> None:
    """The observation vector of seat ``me``, every number finite. Seats are counted from the
    viewer (0 = the viewer, 1 = the next seat clockwise, ...). ``seen`` is the seat's view or
    the table: a card counts only where :func:`view` shows it to ``me`` (the rules are the
    same: the hands until the reveal, the decks, the unseen discards, a Trash under way, the
    contested pile but the peeked card, another's dug cards), so both give the same numbers.
    The zones a view shows whole (the seat's own, the piles, the removed cards, the revealed
    forces, the played cards but another's Trash under way) are read without looking for
    hidden cards. Only the numbers that are not zero are written (the buffer starts at zero)."""
    table = table_of(seen)
    kind = table.type_index
    options = seen.options
    places = _PLACES(options)
    start, flags = places.start, places.flags
    n = options.players
    _write_round(seen, me, n, start, out)
    trashing = seen.task is _TRASH and seen.turn != me
    if seen.task is not None or seen.committed or seen.equipped or seen.spent:
        _write_action(seen, table, places, out, kind, trashing)
    _write_piles(seen, me, start, out, kind, flags)
    tribes = places.tribes
    _write_own_tribe(seen, me, table, tribes[0], out, kind, flags)
    phase = seen.phase
    revealed = phase is _SKIRMISH or phase is _OVER
    turn = seen.turn
    for r in range(1, n):
        q = (me + r) % n
        _write_other_tribe(seen, q, table, tribes[r], out, kind, places.others[r], revealed,
                           seen.committed if trashing and q == turn else ())


def _write_round(seen: State, me: int, n: int, start: Mapping[str, int], out: FloatBuffer) -> None:
    """The round, the phase, the seats (relative to ``me``), peeking, the actions taken, the food."""
    if seen.round:
        out[start["round"]] = float(seen.round)
    phase = seen.phase
    out[start["phase"] + PHASES.index(phase)] = 1.0
    out[start["seat"] + me] = 1.0
    out[start["initiator"] + (seen.initiator - me) % n] = 1.0
    if phase is not _OVER:
        out[start["decider"] + (seen.turn - me) % n] = 1.0
    if peeks(seen):
        out[start["peeking"]] = 1.0
    used = seen.used
    if used:
        taken = start["taken"]
        for value in range(len(TASKS)):
            if used >> value & 1:
                out[taken + value] = 1.0
    if seen.food:
        out[start["food"]] = float(seen.food)


def _write_action(seen: State, table: CardTable, places: _Places, out: FloatBuffer, kind: tuple[int, ...],
                  trashing: bool) -> None:
    """The action under way: its task and total, the committed cards (face down for another's
    Trash: their number only) position by position with what is equipped on each, the equipped
    modifiers, the spent units."""
    start, flags = places.start, places.flags
    committed = seen.committed
    if seen.task is not None:
        out[start["task"] + seen.task._value_] = 1.0
        if trashing:  # another seat's Trash: its cards lie face down, their number is known
            if committed:
                out[start["action_total"]] = float(len(committed))
        else:
            total = action_total(seen, table)
            if total:
                out[start["action_total"]] = float(total)
            medicine = medicine_in(table, committed)
            if medicine:
                out[start["medicine"]] = float(medicine)
    if committed:
        out[start["committed"]] = float(len(committed))
        if not trashing:
            _shown(out, start["committed_types"], committed, kind, flags[_F_COMMITTED])
            _write_slots(seen, table, start["committed_slots"], places.positions, out, kind)
    equipped = seen.equipped
    if equipped:
        at, flag = start["equipped_types"], flags[_F_EQUIPPED]
        for m, _ in equipped:
            out[at + kind[m]] += 1.0
            out[flag[m]] = 1.0
    spent = seen.spent
    if spent:
        out[start["spent"]] = float(len(spent))
        flag = flags[_F_SPENT]
        for c in spent:
            out[flag[c]] = 1.0


def _write_slots(seen: State, table: CardTable, slots: int, positions: int, out: FloatBuffer,
                 kind: tuple[int, ...]) -> None:
    """The committed cards face up, position by position from ``slots`` (the first ``positions``):
    each one's type, and 1 for a tool and 1 for Group Leaders equipped on it."""
    committed = seen.committed
    if len(committed) > positions:
        committed = committed[:positions]
    slot = _TYPES + 2
    for position, c in enumerate(committed):
        out[slots + position * slot + kind[c]] = 1.0
    equipped = seen.equipped
    if equipped:
        is_leader = table.is_leader
        for position, c in enumerate(committed):
            for m, person in equipped:
                if person == c:
                    out[slots + position * slot + _TYPES + (1 if is_leader[m] else 0)] = 1.0


def _write_piles(seen: State, me: int, start: Mapping[str, int], out: FloatBuffer, kind: tuple[int, ...],
                 flags: tuple[tuple[int, ...], ...]) -> None:
    """The contested pile (and its top for the initiator who peeked), the junkyard, the mercenary
    piles, the removed cards, the dug cards (their types for the digger)."""
    if seen.contested:
        out[start["contested"]] = float(len(seen.contested))
        if me == seen.initiator:
            top = peeked_card(seen)
            if top is not None and top != HIDDEN:
                out[start["peeked"] + kind[top]] = 1.0
                out[flags[_F_PEEKED][top]] = 1.0
    if seen.junkyard:
        out[start["junkyard"]] = float(len(seen.junkyard))
    piles = start["piles"]
    flag = flags[_F_PILE]
    for i, pile in enumerate(seen.piles):
        if pile:
            out[piles + i] = float(len(pile))
            for c in pile:  # the mercenary piles lie face up: their types are the pile's
                out[flag[c]] = 1.0
    if seen.removed:
        _shown(out, start["removed"], seen.removed, kind, flags[_F_REMOVED])
    if seen.dug:
        out[start["dug"]] = float(len(seen.dug))
        if me == seen.turn:
            _shown(out, start["dug_types"], seen.dug, kind, flags[_F_DUG])


def _write_force(table: CardTable, at: int, out: FloatBuffer, hand: Cards, spent: Cards) -> None:
    """The fight total and the people present of a force the viewer sees whole."""
    fight = fight_total(table, hand, spent)
    if fight:
        out[at + _T_FIGHT] = float(fight)
    people = people_present(table, hand)
    if people:
        out[at + _T_PEOPLE] = float(people)


def _write_own_tribe(seen: State, me: int, table: CardTable, at: int, out: FloatBuffer, kind: tuple[int, ...],
                     flags: tuple[tuple[int, ...], ...]) -> None:
    """The viewer's own tribe block from ``at``: its zones' sizes, its hand's fight and people,
    the type counts and flags of its hand, deck, discard and played cards (all seen)."""
    hand, deck, discard, played = seen.hands[me], seen.decks[me], seen.discards[me], seen.played[me]
    if hand:
        out[at + _T_HAND] = float(len(hand))
        _write_force(table, at, out, hand, seen.spent)
        _shown(out, at + _HAND_TYPES, hand, kind, flags[_F_HAND])
    if deck:
        out[at + _T_DECK] = float(len(deck))
        _shown(out, at + _DECK_TYPES, deck, kind, flags[_F_DECK])
    if discard:
        out[at + _T_DISCARD] = float(len(discard))
        _shown(out, at + _DISCARD_TYPES, discard, kind, flags[_F_DISCARD])
    if played:
        out[at + _T_PLAYED] = float(len(played))
        _shown(out, at + _PLAYED_TYPES, played, kind, flags[_F_PLAYED])


def _write_other_tribe(seen: State, q: int, table: CardTable, at: int, out: FloatBuffer, kind: tuple[int, ...],
                       flags: tuple[tuple[int, ...], ...], revealed: bool, face_down: Cards) -> None:
    """Another tribe's block from ``at``, as the viewer sees it: its zones' sizes; its hand (force
    flag ``flags[0]``) with its fight and people once revealed; its discard (flag ``flags[1]``)
    but the cards it took unseen, which are counted apart; its played cards (flag ``flags[2]``)
    but ``face_down`` (the cards of its Trash under way). Its deck is only ever seen from the back."""
    hand, discard, played = seen.hands[q], seen.discards[q], seen.played[q]
    if hand:
        out[at + _T_HAND] = float(len(hand))
        if revealed:
            _write_force(table, at, out, hand, seen.spent)
            _shown(out, at + _HAND_TYPES, hand, kind, flags[0])
    if seen.decks[q]:
        out[at + _T_DECK] = float(len(seen.decks[q]))
    if discard:
        out[at + _T_DISCARD] = float(len(discard))
        unseen = _discard_of_another(out, at + _DISCARD_TYPES, discard, seen.secret[q], kind, flags[1])
        if unseen:
            out[at + _T_UNSEEN] = float(unseen)
    if played:
        out[at + _T_PLAYED] = float(len(played))
        if face_down:
            at += _PLAYED_TYPES
            flag = flags[2]
            for c in played:
                if c != HIDDEN and c not in face_down:
                    out[at + kind[c]] += 1.0
                    out[flag[c]] = 1.0
        else:
            _shown(out, at + _PLAYED_TYPES, played, kind, flags[2])


def _discard_of_another(out: FloatBuffer, at: int, discard: Cards, secret: frozenset[int], kind: tuple[int, ...],
                        flag: tuple[int, ...]) -> int:
    """Count the types of another tribe's discard from ``at`` and set their flag, but for the
    cards it took unseen (``secret`` on the table, placeholders in a view); returns how many
    those are."""
    unseen = 0
    for c in discard:
        if c == HIDDEN or c in secret:
            unseen += 1
        else:
            out[at + kind[c]] += 1.0
            out[flag[c]] = 1.0
    return unseen


#: ``observe(seen)``: the observation vector of ``seen.viewer``, from the view only (the table is
#: refused with IllegalAction), length :func:`observation_size`; ``observe.into(seen, out)``
#: writes it into a zeroed buffer, ``observe.seat_into(table, seat, out)`` the same without the view.
observe: Observer[State] = Observer(_layout, _viewer, _seats, _write)
