"""The decisions of a turn: the draw step, every action (seed, "Acciones del jugador"), skill tests
card by card, the book's choices and travels, and the nest.

``legal(state)`` lists what the deciding character may do; every rule's reason is "not in that
list" (so the two never disagree), and every rule's ``do`` changes the working copy.
"""

from __future__ import annotations

from typing import Any, Callable, Iterator

from wasteland.core.dice import roll
from wasteland.core.spaces import BorderKind
from wasteland.aftermath.actions import (
    Ability, Action, Card, Charge, Cheer, Choose, Communicate, Consult, Contribute, Discard, Done, Draw, Drive, Eat,
    End, Equip, Exit, Go, Influence, Melee, Move, Nest, Pass, Pick, Ranged, Recover, Repair, Scavenge, Scrap, Stand,
    Step, Stow, Wear, notation,
)
from wasteland.aftermath.book import GoToPage, Page, Read, Trigger
from wasteland.aftermath.card_set import table_of
from wasteland.aftermath.cards import (
    ABILITY_NAMES, ACTION_CARDS, BLACK_DIE, CACHES, CALAMITY, ENVIRONMENT_NAMES, HAND, ITEMS, MAX_FIGURES, MAX_SPACES,
    NONE, PACK, STATUS_NAMES, STATUSES, THREAT, VEHICLE_NAMES, WHITE_DIE,
)
from wasteland.aftermath.mission import (
    all_left, calamity, change_dial, character, decider, draw_cards, enemy, figures_at, free_slot, gain_prize, hurt_foe,
    on_map, page_of, place_item, place_threats, remove_foe, repairable, say, scrap_item, stow, visit, wait, wear,
    wound,
)
from wasteland.aftermath.state import (
    PHASE_ACT, PHASE_DRAW, PHASE_EAT, PHASE_EQUIP, PHASE_MOVE, PHASE_OVER, PHASE_PAY, PHASE_REPAIR, PHASE_TEST,
    Activate, AfterTurn, Check, CheckThreat, Feed, Gain, Mend, NextTurn, Pay, Phase, Rest, Resume, Settle, State,
    Work,
)
from wasteland.core.records import put, replace
from wasteland.aftermath.vocabulary import ATTRIBUTES, COLOURED_LINES, DIALS, LINES

__all__ = ["legal", "REASONS", "DOS", "bonus_of", "line_cost", "ranged_reach",
           "ability_targets", "trades", "SCAVENGE"]

#: Trigger members read once, as the phases are (``state.PHASE_ACT`` and its kin): in Python 3.11 a
#: member read off its class is a call of the enum's metaclass, dozens of times dearer than a name.
_TRIGGER_LEAVE = Trigger.LEAVE

Table = State | Work
_COLOURS = tuple(a.value for a in ATTRIBUTES)

#: Actions of one card made once (records that never change, shared by every list): the most listed
#: kinds are picked by index instead of built at every decision.
_MOVES = tuple(Move(k) for k in range(len(ACTION_CARDS)))
_CARDS = tuple(Card(k) for k in range(len(ACTION_CARDS)))
_EQUIPS = tuple(Equip(k) for k in range(len(ACTION_CARDS)))
_DISCARDS = tuple(Discard(k) for k in range(len(ACTION_CARDS)))
_STEPS = tuple(Step(k) for k in range(MAX_SPACES))
_DONE = Done()
_DRAW = Draw()
_END = End()
_INFLUENCE = Influence()
_CONSULT = Consult()
_EXIT = Exit()
#: The effects with no field, made once (immutable records a table may share with another).
_RESUME = Resume()
_AFTER_TURN = AfterTurn()
_CHECK_THREAT = CheckThreat()
#: Every Cheer of a card to one of the four characters a table seats at most (``Options``).
_SEATED = 4
_CHEERS = tuple(tuple(Cheer(k, to) for to in range(_SEATED)) for k in range(len(ACTION_CARDS)))


def _made(table: tuple[Action, ...], make: Callable[[int], Action], k: int) -> Action:
    """``table[k]``, or ``make(k)`` for a number beyond it (what a view's hidden card may hold)."""
    return table[k] if 0 <= k < len(table) else make(k)


def _each(table: tuple[Action, ...], make: Callable[[int], Action], ordered: list[int]) -> list[Action]:
    """``_made`` of each number of ``ordered`` (sorted): picked from ``table`` when all are in it."""
    if not ordered or 0 <= ordered[0] and ordered[-1] < len(table):
        return [table[k] for k in ordered]
    return [_made(table, make, k) for k in ordered]
_FOOD = DIALS.index("food")


# -- what a character may do ----------------------------------------------------------------------

#: Seed, "Acción: Scavenge": "resuelve una prueba de habilidad [ ] O [ ]", a test of either of two
#: attributes: instincts (yellow, sourced) or agility (green, *design*: the second icon is lost).
SCAVENGE = "yellow/green"
#: The attributes a test of two attributes may be started with (besides white).
_EITHER: dict[str, tuple[str, ...]] = {SCAVENGE: ("yellow", "green")}


def _starts(card: int, attribute: str) -> bool:
    """A card may start a test of ``attribute`` (``""``: any; ``SCAVENGE``: either of two): its
    colour, or white."""
    colour = ACTION_CARDS[card].colour
    return colour == "white" or attribute in ("", colour) or colour in _EITHER.get(attribute, ())


def _follows(card: int, first: int) -> bool:
    """A further card matches the first card's colour or number."""
    a, b = ACTION_CARDS[card], ACTION_CARDS[first]
    return a.colour == b.colour or a.value == b.value


def _has_start(s: Table, c: int, attribute: str) -> bool:
    for card in s.hands[c]:
        if _starts(card, attribute):
            return True
    return False


def line_cost(kind: str, played: list[int] | tuple[int, ...]) -> int | None:
    """Movement points to cross a line of ``kind`` with the cards ``played`` (seed, "Acción:
    Mover"): dashed 1; a coloured line 1 when every card shares its colour, else 3; walls never."""
    line = LINES[kind]
    if not line.passable:
        return None
    if kind in COLOURED_LINES:
        colours = {ACTION_CARDS[c].colour for c in played}
        return 1 if colours == {COLOURED_LINES[kind].value} else line.cost
    return line.cost


#: The colour of each coloured line, as the cards' colours are written (an enum's ``value`` is a
#: Python property).
_LINE_COLOUR: dict[str, str] = {name: attribute.value for name, attribute in COLOURED_LINES.items()}


def _steps(s: Table) -> list[tuple[int, int]]:
    """(space index, cost) of each space the mover may step into now, in the page's order of
    spaces (the table's ``graph`` is the page's own map: its borders are the page's lines)."""
    here = s.spaces[s.active]
    if not here:
        return []
    links = s.graph.links_of(here)
    if not links:
        return []
    mp = s.mp
    colour = _played_colour(s)
    out = []
    for k, kind in links:
        if k < MAX_SPACES:
            cost = _crossing(kind, colour)
            if cost is not None and cost <= mp:
                out.append((k, cost))
    return out


def _played_colour(s: Table) -> str | None:
    """The colour every card played for the move shares; None when they differ (or none was played)."""
    colours = {ACTION_CARDS[c].colour for c in s.played}
    return next(iter(colours)) if len(colours) == 1 else None


def _crossing(kind: BorderKind, colour: str | None) -> int | None:
    """``line_cost`` of a line of ``kind`` with cards played all of ``colour`` (None: of several
    colours, or none): a coloured line costs 1 when they all match it."""
    if not kind.passable:
        return None
    if colour is not None and _LINE_COLOUR.get(kind.name) == colour:
        return 1
    return kind.cost


def _equipped(s: Table, c: int) -> list[tuple[int, int]]:
    """(item, batteries on it) of each item character ``c`` has equipped."""
    return [(i, s.charge[c][k]) for k, i in enumerate(s.gear[c]) if i != NONE]


def ranged_reach(s: Table, c: int) -> int:
    """The range of a ranged attack: 1, or the longest equipped ranged weapon's range."""
    reach = 1
    for i in s.gear[c]:
        if i != NONE:
            info = ITEMS[i]
            if info.use == "ranged" and info.range > reach:
                reach = info.range
    return reach


def _move_bonus(s: Table, c: int) -> int:
    """The movement points items add, and the environment cards in play (``move``)."""
    total = sum(ITEMS[i].bonus + ITEMS[i].battery * n for i, n in _equipped(s, c) if ITEMS[i].use == "move")
    if s.outing.environment:
        cards = table_of(s).environments
        total += sum(cards[_ENVIRONMENT[e]].bonus for e in s.outing.environment if cards[_ENVIRONMENT[e]].use == "move")
    return total


#: Each card's index in its family, by name (the names are fixed: a card set of one's own keeps them).
_ABILITY = {name: k for k, name in enumerate(ABILITY_NAMES)}
_ENVIRONMENT = {name: k for k, name in enumerate(ENVIRONMENT_NAMES)}
_VEHICLE = {name: k for k, name in enumerate(VEHICLE_NAMES)}


def _whites(s: Table, c: int) -> int:
    """The value of character ``c``'s white cards."""
    return sum(ACTION_CARDS[k].value for k in s.hands[c] if ACTION_CARDS[k].colour == "white")


def ability_targets(s: Table, c: int, card: int) -> list[int]:
    """The targets of ``c``'s ability card ``card``: a tumble a space one line away (any line that
    can be crossed), a throw an enemy figure in or one line beside the space (hostile), else NONE."""
    return _ability_targets(s, c, table_of(s).abilities[card].kind, page_of(s))


def _ability_targets(s: Table, c: int, ability: str, page: Page | None) -> list[int]:
    """``ability_targets`` of an ability of kind ``ability``, on the current ``page``."""
    if page is None or not s.spaces[c]:
        return []
    if ability == "tumble":  # the graph is the page's own map: a space's position is its index on the page
        return [k for k, kind in s.graph.links_of(s.spaces[c]) if kind.passable and k < MAX_SPACES]
    if ability == "throw":
        if not s.hostile:
            return []
        graph = s.graph
        near = [s.spaces[c], *graph.adjacent(s.spaces[c])]
        return sorted(MAX_SPACES + t for sp in near for t in figures_at(s, sp))
    return [NONE]


def _companions(s: Table, c: int) -> list[int]:
    """The other characters on the map in ``c``'s space."""
    here = s.spaces[c]
    if not here:
        return []
    return [o for o in range(len(s.options.characters)) if o != c and s.spaces[o] == here]


def _places(s: Table, item: int, to: int, worn: bool) -> list[Action]:
    """Where ``item`` may go on character ``to``: a free slot of its kind (unless it is worn
    there already), the pack while it has room (unless it is packed there already)."""
    out: list[Action] = []
    if not worn and free_slot(s, to, item) != NONE:
        out.append(Wear(item, to))
    if len(s.pack[to]) < PACK:
        out.append(Stow(item, to))
    return out


def trades(s: Table, c: int) -> list[Action]:
    """What character ``c``'s Equip/Trade may do now (seed, "Acción: Equipar / intercambiar"):
    move an item it holds between its slots and its pack, or give it to a character in its space;
    take an item from such a character (who gives it: equipped or packed at once); put one of its
    batteries on an equipped item that takes them. *Design*: each item moves once an action."""
    return [a for found in _trading(s, c) for a in found]


def _can_trade(s: Table, c: int) -> bool:
    """``trades(s, c)`` is not empty: the conditions of ``_trading`` and ``_places``, read without
    making an action (a property test holds the two together)."""
    others = _companions(s, c)
    moved, packs, gears = s.moved, s.pack, s.gear
    gear, pack = gears[c], packs[c]
    # what c holds: worn, it may go to the pack; packed, to a free slot; either, to a companion
    for item in gear:
        if item != NONE and item not in moved:
            if len(pack) < PACK or _takes(s, others, item):
                return True
    for item in pack:
        if item not in moved:
            if free_slot(s, c, item) != NONE or _takes(s, others, item):
                return True
    # what a companion holds: c takes it into a free slot or its pack
    room = len(pack) < PACK
    for o in others:
        for item in (*gears[o], *packs[o]):
            if item != NONE and item not in moved and (room or free_slot(s, c, item) != NONE):
                return True
    return bool(s.batteries[c]) and any(i != NONE and ITEMS[i].battery for i in gear)


def _takes(s: Table, others: list[int], item: int) -> bool:
    """One of ``others`` has room for ``item``: a free slot of its kind, or room in the pack."""
    for o in others:
        if len(s.pack[o]) < PACK or free_slot(s, o, item) != NONE:
            return True
    return False


def _trading(s: Table, c: int) -> Iterator[list[Action]]:
    """The trades of ``trades``, in its order, a few at a time."""
    others = _companions(s, c)
    moved = s.moved
    for holder in (c, *others):
        gear, pack = s.gear[holder], s.pack[holder]
        for item in (*(i for i in gear if i != NONE), *pack):
            if item in moved:
                continue
            worn = item in gear
            if holder == c:
                if worn:
                    if len(pack) < PACK:
                        yield [Stow(item, c)]
                elif free_slot(s, c, item) != NONE:
                    yield [Wear(item, c)]
                for o in others:
                    yield _places(s, item, o, False)
            else:
                yield _places(s, item, c, False)
    if s.batteries[c]:
        yield [Charge(i) for i in s.gear[c] if i != NONE and ITEMS[i].battery]


def _gained(s: Table) -> Gain | None:
    under = s.stack[-2] if len(s.stack) >= 2 else None
    return under if type(under) is Gain else None


def _gain_options(s: Table) -> list[Action]:
    """Seed, "Artículos": an intact item gained is equipped, packed, traded to a character in the
    same space (who equips or packs it), or discarded for its value."""
    gain = _gained(s)
    if gain is None:
        return []
    who, item = gain.who, gain.item
    out = _places(s, item, who, False)
    for o in _companions(s, who):
        out += _places(s, item, o, False)
    out.append(Scrap(item))
    return out


def _task_cards(s: Table, c: int) -> list[int]:
    task = s.task
    if task is None:
        return []
    if s.task_card == NONE:
        return sorted(k for k in s.hands[c] if _starts(k, task.attribute.value))
    return sorted(k for k in s.hands[c] if _follows(k, s.task_card))


def _leave_entry(s: Table) -> str | None:
    """The id of the page's leave entry, unless it was read this turn."""
    return _leave_entry_of(s, page_of(s))


def _leave_entry_of(s: Table, page: Page | None) -> str | None:
    """``_leave_entry`` on the current ``page``, found already."""
    if page is None:
        return None
    for entry in page.entries:
        if entry.trigger is _TRIGGER_LEAVE:
            return None if s.this_turn and f"{s.page}:{entry.id}" in s.this_turn else entry.id
    return None


# The act step's kinds of action. Each takes what every kind reads, found once per listing by
# ``_act``: the active character, its space, the page (None: off the book) and the colours of
# its hand (``_colours``); ``_ACTS`` gives each kind alone (the check of one action of a kind).

def _colours(hand: tuple[int, ...]) -> set[str]:
    """The colours of the cards of ``hand``."""
    return {ACTION_CARDS[k].colour for k in hand}


def _can_start(colours: set[str], attribute: str) -> bool:
    """A hand of these colours holds a card that may start a test of ``attribute`` (``_starts``)."""
    if not colours:
        return False
    if "white" in colours or not attribute or attribute in colours:
        return True
    for either in _EITHER.get(attribute, ()):
        if either in colours:
            return True
    return False


def _moves(s: Table, c: int, here: str, page: Page | None, colours: set[str]) -> list[Action]:
    return _each(_MOVES, Move, sorted(s.hands[c]))


def _communicate_targets(s: Table, c: int, here: str, page: Page | None, colours: set[str]) -> list[Action]:
    if s.hostile:
        return []
    if not _can_start(colours, "yellow"):
        return []
    return [Communicate(t) for t in figures_at(s, here)]


def _melee_targets(s: Table, c: int, here: str, page: Page | None, colours: set[str]) -> list[Action]:
    if not s.hostile:
        return []
    if not _can_start(colours, "red"):
        return []
    return [Melee(t) for t in figures_at(s, here)]


def _shots(s: Table, c: int, here: str, page: Page | None, colours: set[str]) -> list[Action]:
    if not s.hostile or not _can_start(colours, "green") or not here or page is None:
        return []
    foes = s.foes
    if not any(foe.spaces for foe in foes):
        return []  # no figure on the map: no line of sight to trace
    sight = s.graph.in_sight_of(here, ranged_reach(s, c))
    return [Ranged(t) for t in sorted(k * MAX_FIGURES + f for k, foe in enumerate(foes)
                                      for f, sp in enumerate(foe.spaces) if sp in sight)]


def _scavenges(s: Table, c: int, here: str, page: Page | None, colours: set[str]) -> list[Action]:
    found = [k for k, cache in enumerate(s.caches) if cache.space == here and k < 32]
    return [Scavenge(k) for k in found] if found and _can_start(colours, SCAVENGE) else []


def _recoveries(s: Table, c: int, here: str, page: Page | None, colours: set[str]) -> list[Action]:
    out: list[Action] = []
    for name in s.statuses[c]:
        k = STATUS_NAMES.index(name)
        if _can_start(colours, STATUSES[k].remove):
            out.append(Recover(k))
    return out


def _abilities(s: Table, c: int, here: str, page: Page | None, colours: set[str]) -> list[Action]:
    """Seed, "Acción: Activar habilidad": "una de las habilidades especiales de tu personaje", each
    ability card the character holds, offered when the white cards can reach its cost; *design*:
    each card once a turn (the seed is silent; so that no turn goes on for ever)."""
    held = s.outing.abilities
    if c >= len(held) or not held[c]:
        return []
    whites = _whites(s, c) if "white" in colours else 0
    cards = table_of(s).abilities
    out: list[Action] = []
    for name in held[c]:
        k = _ABILITY[name]
        if whites >= cards[k].cost and f"ability:{name}" not in s.this_turn:
            out += [Ability(t, k) for t in _ability_targets(s, c, cards[k].kind, page)]
    return out


def _exits(s: Table, c: int, here: str, page: Page | None, colours: set[str]) -> list[Action]:
    """Seed, "Dejando una página": a character may leave the page alone, by the way off it the book
    opened, standing on its space."""
    exit_space = s.outing.exit_space
    return [Exit()] if exit_space and here == exit_space else []


def _influences(s: Table, c: int, here: str, page: Page | None, colours: set[str]) -> list[Action]:
    """*Design*: a character's influence card, once a mission, on the map."""
    return [] if c in s.outing.influenced or not here else [Influence()]


def _cheers(s: Table, c: int, here: str, page: Page | None, colours: set[str]) -> list[Action]:
    hands = s.hands
    tos = [to for to in range(len(s.options.characters)) if to != c and len(hands[to]) <= 2]
    if not tos:
        return []
    return [_CHEERS[k][to] if 0 <= k < len(_CHEERS) and to < _SEATED else Cheer(k, to)
            for k in sorted(hands[c]) for to in tos]


def _equips(s: Table, c: int, here: str, page: Page | None, colours: set[str]) -> list[Action]:
    """Equip/Trade, paid with any card of the hand: offered when it can move an item or place a
    battery."""
    hand = s.hands[c]
    if not hand or not _can_trade(s, c):
        return []
    return _each(_EQUIPS, Equip, sorted(hand))


def _contributions(s: Table, c: int, here: str, page: Page | None, colours: set[str]) -> list[Action]:
    return [Contribute(k) for k in _task_cards(s, c)]


def _consults(s: Table, c: int, here: str, page: Page | None, colours: set[str]) -> list[Action]:
    return [Consult()] if _leave_entry_of(s, page) is not None else []


def _ends(s: Table, c: int, here: str, page: Page | None, colours: set[str]) -> list[Action]:
    return [End()]


_Kind = Callable[[Table, int, str, "Page | None", set[str]], list[Action]]


def _alone(kind: _Kind) -> Callable[[Table], list[Action]]:
    """The actions of one kind, on their own (what the check of one of them looks among)."""
    def listed(s: Table) -> list[Action]:
        c = s.active
        return kind(s, c, s.spaces[c], page_of(s), _colours(s.hands[c]))
    return listed


#: The actions of the act step, kind by kind, in the order they are listed.
_KINDS: dict[type, _Kind] = {
    Move: _moves, Communicate: _communicate_targets, Melee: _melee_targets, Ranged: _shots,
    Scavenge: _scavenges, Recover: _recoveries, Ability: _abilities, Influence: _influences, Cheer: _cheers,
    Equip: _equips, Contribute: _contributions, Consult: _consults, Exit: _exits, End: _ends,
}
_ACTS: dict[type, Callable[[Table], list[Action]]] = {t: _alone(kind) for t, kind in _KINDS.items()}


def _act(s: Table) -> list[Action]:
    """The act step's actions, kind by kind (``_KINDS``), with what they read found once."""
    c = s.active
    hand = s.hands[c]
    here = s.spaces[c]
    page = page_of(s)
    colours = _colours(hand)
    ordered = sorted(hand)
    out = _each(_MOVES, Move, ordered)
    if s.foes:
        out += _melee_targets(s, c, here, page, colours) if s.hostile else \
            _communicate_targets(s, c, here, page, colours)
        out += _shots(s, c, here, page, colours)
    if s.caches:
        out += _scavenges(s, c, here, page, colours)
    if s.statuses[c]:
        out += _recoveries(s, c, here, page, colours)
    outing = s.outing
    held = outing.abilities
    if c < len(held) and held[c]:
        out += _abilities(s, c, here, page, colours)
    if here and c not in outing.influenced:  # _influences
        out.append(_INFLUENCE)
    if ordered:
        hands = s.hands
        tos = [to for to in range(len(s.options.characters)) if to != c and len(hands[to]) <= 2]
        if tos:
            if 0 <= ordered[0] and ordered[-1] < len(_CHEERS) and tos[-1] < _SEATED:
                out += [_CHEERS[k][to] for k in ordered for to in tos]
            else:
                out += _cheers(s, c, here, page, colours)
        if _can_trade(s, c):
            out += _each(_EQUIPS, Equip, ordered)
    if s.task is not None:
        out += _contributions(s, c, here, page, colours)
    if _leave_entry_of(s, page) is not None:
        out.append(_CONSULT)
    exit_space = outing.exit_space
    if exit_space and here == exit_space:  # _exits
        out.append(_EXIT)
    out.append(_END)
    return out


def _test_cards(s: Table) -> tuple[Action, ...]:
    test = s.test
    if test is None:
        return ()
    cards = [k for k in sorted(s.hands[test.who]) if _may_play(s, test.attribute, k)]
    done: list[Action] = [_DONE] if _may_roll(s, bool(cards)) else []
    return (*(_made(_CARDS, Card, k) for k in cards), *done)


def _may_play(s: Table, attribute: str, k: int) -> bool:
    """Card ``k`` (in the tester's hand) may be played on the test: it follows the first card
    played, or starts a test of ``attribute``."""
    return _follows(k, s.played[0]) if s.played else _starts(k, attribute)


def _may_roll(s: Table, playable: bool) -> bool:
    """The test may be rolled now (Done): an action's test needs its first card; a book's test, a
    defence (or a hand that cannot start it, as a determinized table may deal) may roll with
    none, and fails."""
    test = s.test
    return test is not None and (bool(s.played) or test.kind in ("book", "defend") or not playable)


def _moving(s: Table) -> tuple[Action, ...]:
    out: list[Action] = [] if s.stepped else _each(_CARDS, Card, sorted(s.hands[s.active]))
    out += [_STEPS[k] for k, _ in _steps(s)]  # _steps gives only positions below MAX_SPACES
    out.append(_DONE)
    return tuple(out)


def _eating(s: Table) -> tuple[Action, ...]:
    under = s.stack[-2] if len(s.stack) >= 2 else None
    if type(under) is not Feed:
        return ()
    can = s.wounds[under.who] > 0 and s.dials[_FOOD] > 0
    return (Eat(), Pass()) if can else (Pass(),)


def _repairs(s: Table) -> tuple[Action, ...]:
    if len(s.stack) < 2 or type(s.stack[-2]) is not Mend:
        return ()
    n = len(s.options.characters)
    return (*(Repair(i, to) for i in repairable(s) for to in range(n)), Done())


#: The decisions of each phase but the act step's.
_PHASES: dict[Phase, Callable[[Table], tuple[Action, ...]]] = {
    Phase.OVER: lambda s: (),
    Phase.DRAW: lambda s: (*_each(_DISCARDS, Discard, sorted(s.hands[s.active])), _DRAW),
    Phase.MOVE: _moving,
    Phase.TEST: _test_cards,
    Phase.CHOICE: lambda s: tuple(Pick(k) for k in range(len(s.choice.options) if s.choice else 0)),
    Phase.TRAVEL: lambda s: (*(Go(k) for k in range(len(s.travel))), *_drives(s)),
    Phase.CHOOSE: lambda s: tuple(Choose(c) for c in s.candidates),
    Phase.EQUIP: lambda s: (*trades(s, s.active), Done()),
    Phase.GAIN: lambda s: tuple(_gain_options(s)),
    Phase.EAT: _eating,
    Phase.REPAIR: _repairs,
    Phase.NEST: lambda s: (Nest(), Pass()),
    Phase.RETURN: lambda s: tuple(_stands(s)),
    Phase.PAY: lambda s: tuple(_payments(s)),
}


def _drives(s: Table) -> list[Action]:
    """*Design*: with a vehicle travel card whose fuel the scrap pays, the bookkeeper may drive
    to any page the travel offers."""
    scrap = s.dials[DIALS.index("scrap")]
    cards = table_of(s).vehicles
    usable = [_VEHICLE[v] for v in s.outing.vehicles if cards[_VEHICLE[v]].fuel <= scrap]
    return [Drive(k, v) for k in range(len(s.travel)) for v in usable]


def _payments(s: Table) -> list[Action]:
    """The white cards that may pay for the ability waiting (on a target it may still take)."""
    pay = s.stack[-2] if len(s.stack) >= 2 else None
    if type(pay) is not Pay or pay.target not in ability_targets(s, s.active, pay.card):
        return []
    out: list[Action] = [Card(k) for k in sorted(s.hands[s.active]) if ACTION_CARDS[k].colour == "white"]
    if sum(ACTION_CARDS[k].value for k in s.played) + _whites(s, s.active) < table_of(s).abilities[pay.card].cost:
        # never on a table (the ability is offered only when the white cards reach the cost); a
        # table determinize dealt from a view may hold other cards: the payment is given up
        out.append(Done())
    return out


def _stands(s: Table) -> list[Action]:
    """Seed, "Personaje derrotado": the figure of a character who returns goes "en cualquier espacio
    ocupado por un personaje compañero": one of its companions' spaces."""
    page = page_of(s)
    if page is None or s.spaces[s.active]:
        return []
    taken = {s.spaces[o] for o in on_map(s)}
    return [Stand(k) for k, sp in enumerate(page.spaces) if sp.name in taken and k < MAX_SPACES]


def _stand(work: Work, a: Stand) -> None:
    page = page_of(work)
    assert page is not None
    work.spaces = put(work.spaces, work.active, page.spaces[a.space].name)
    say(work, f"{character(work, work.active).title} stands in {page.spaces[a.space].name}")
    work.phase = PHASE_DRAW


#: ``_PHASES`` by each phase's value (a str hashes at C speed; an Enum member's hash is Python's).
_BY_VALUE: dict[str, Callable[[Table], tuple[Action, ...]]] = {p.value: f for p, f in _PHASES.items()}


def legal(s: Table) -> tuple[Action, ...]:
    """The legal actions, on the table or on the deciding seat's view."""
    phase = s.phase
    if phase is PHASE_ACT:
        return tuple(_act(s))
    return _BY_VALUE[phase._value_](s)


# -- tests --------------------------------------------------------------------------------------

def bonus_of(s: Table, c: int, attribute: str, kind: str) -> int:
    """What character ``c`` adds to a test of ``attribute`` for ``kind`` besides the cards and the
    die: its attribute bonus, its equipped items' bonuses (and batteries), its statuses'
    penalties, Team Focus."""
    total = 0
    if attribute in _COLOURS:
        total += character(s, c).bonus[_COLOURS.index(attribute)]
    for item, charge in _equipped(s, c):
        info = ITEMS[item]
        if info.use == kind or (info.use == "test" and info.attribute in (attribute, "white")):
            total += info.bonus + info.battery * charge
    for name in s.statuses[c]:
        status = STATUSES[STATUS_NAMES.index(name)]
        if status.penalty_attribute in ("", attribute):
            total -= status.penalty
    if s.outing.environment:
        cards = table_of(s).environments
        for env in s.outing.environment:
            card = cards[_ENVIRONMENT[env]]
            if card.use == kind or card.use == "test" and card.attribute == attribute:
                total += card.bonus
    if c == s.active:
        total += s.focus
    return total


def _resolve(work: Work) -> None:
    test = work.test
    assert test is not None
    c = test.who
    cards = list(work.played)
    work.played = ()
    work.discard = (*work.discard, *cards)
    work.test = None
    if not cards:
        say(work, f"{character(work, c).title} plays no card: the test fails")
        success = False
    else:
        first = ACTION_CARDS[cards[0]].colour
        either = _EITHER.get(test.attribute, _COLOURS if not test.attribute else ())
        # a test of any attribute, or of either of two, is of the first card's colour; a white
        # first card makes it the one the character is best at
        attribute = test.attribute if not either else first if first in either else max(
            either, key=lambda a: character(work, c).bonus[_COLOURS.index(a)])
        white, work.rng = roll(WHITE_DIE, work.rng)
        black = 0
        if test.opposed:
            black, work.rng = roll(BLACK_DIE, work.rng)
        total = sum(ACTION_CARDS[k].value for k in cards) + bonus_of(work, c, attribute, test.kind) + white
        difficulty = test.difficulty + black
        success = total >= difficulty
        say(work, f"{character(work, c).title} tests {attribute}: {total} (white die {white}) against "
                  f"{difficulty}{f' (black die {black})' if test.opposed else ''}: "
                  f"{'success' if success else 'failure'}")
        if c == work.active:
            work.focus = 0
    if test.kind == "book":
        work.stack.extend(reversed(test.success if success else test.failure))
    elif test.kind == "defend":
        if not success:
            wound(work, c, 1, test.toxic)
    elif not success:
        if test.kind == "communicate":
            work.hostile = True
            say(work, "the situation turns hostile")
    elif test.kind == "communicate":
        slot = test.target // MAX_FIGURES
        if slot < len(work.foes):
            say(work, f"the {enemy(work, work.foes[slot].card).title} leaves in peace")
            remove_foe(work, slot)
            change_dial(work, "population", 1)
            bottom = next((k for k in reversed(range(len(work.threats))) if work.threats[k] != NONE), None)
            if bottom is not None:
                work.discard = (*work.discard, work.threats[bottom])
                work.threats = put(work.threats, bottom, NONE)
    elif test.kind in ("melee", "ranged"):
        hurt_foe(work, test.target, c)
    elif test.kind == "scavenge":
        cache = work.caches[test.target]
        work.caches = (*work.caches[:test.target], *work.caches[test.target + 1:])
        work.taken = (*work.taken, cache.token)
        say(work, f"{character(work, c).title} finds the token's prize")
        gain_prize(work, c, CACHES[cache.token].prize)
    elif test.kind == "recover":
        name = STATUS_NAMES[test.target]
        work.statuses = put(work.statuses, c, tuple(x for x in work.statuses[c] if x != name))
        say(work, f"{character(work, c).title} is no longer {name.replace('_', ' ')}")


# -- the rules' reasons and changes ---------------------------------------------------------------

def _test_card(s: State, a: Card) -> bool:
    test = s.test
    return test is not None and a.card in s.hands[test.who] and _may_play(s, test.attribute, a.card)


def _test_done(s: State, a: Done) -> bool:
    test = s.test
    return test is not None and _may_roll(s, any(_may_play(s, test.attribute, k) for k in s.hands[test.who]))


def _may_step(s: State, a: Step) -> bool:
    """Space ``a.space`` is one of ``_steps``: a line joins it to the mover's space, and its cost
    with the cards played is within the movement points."""
    here = s.spaces[s.active]
    if not here or not 0 <= a.space < MAX_SPACES:
        return False
    for k, kind in s.graph.links_of(here):
        if k == a.space:
            cost = _crossing(kind, _played_colour(s))
            return cost is not None and cost <= s.mp
    return False


def _may_shoot(s: State, a: Ranged) -> bool:
    """Figure ``a.target`` is one of ``_shots``: the party is hostile, a card can start the test, and
    the figure stands in a space in line of sight within the weapon's range."""
    c = s.active
    if not s.hostile or not _has_start(s, c, "green") or page_of(s) is None or not s.spaces[c]:
        return False
    slot, figure = divmod(a.target, MAX_FIGURES)
    if not 0 <= slot < len(s.foes) or not 0 <= figure < len(s.foes[slot].spaces):
        return False
    return s.foes[slot].spaces[figure] in s.graph.in_sight_of(s.spaces[c], ranged_reach(s, c))


def _may_cheer(s: State, a: Cheer) -> bool:
    c = s.active
    return a.card in s.hands[c] and a.to != c and 0 <= a.to < len(s.options.characters) and len(s.hands[a.to]) <= 2


#: The decisions most tables wait for, each checked by looking at the one action (the same
#: conditions ``legal`` lists them by; a property test holds the two together). Any other kind is
#: looked for among the legal actions of its own kind (the act step) or of the step.
_DIRECT: dict[tuple[Phase, type], Callable[[State, Any], bool]] = {
    (Phase.ACT, Move): lambda s, a: a.card in s.hands[s.active],
    (Phase.ACT, Cheer): _may_cheer,
    (Phase.ACT, Ranged): _may_shoot,
    (Phase.ACT, Equip): lambda s, a: a.card in s.hands[s.active] and _can_trade(s, s.active),
    (Phase.ACT, Consult): lambda s, a: _leave_entry(s) is not None,
    (Phase.ACT, End): lambda s, a: True,
    (Phase.DRAW, Discard): lambda s, a: a.card in s.hands[s.active],
    (Phase.DRAW, Draw): lambda s, a: True,
    (Phase.MOVE, Card): lambda s, a: not s.stepped and a.card in s.hands[s.active],
    (Phase.MOVE, Step): _may_step,
    (Phase.MOVE, Done): lambda s, a: True,
    (Phase.TEST, Card): _test_card,
    (Phase.TEST, Done): _test_done,
    (Phase.EQUIP, Done): lambda s, a: True,
}


#: ``_DIRECT`` by each phase's value (as ``_BY_VALUE``).
_DIRECT_BY_VALUE = {(p.value, t): f for (p, t), f in _DIRECT.items()}


def _reason(state: State, action: Action) -> str | None:
    direct = _DIRECT_BY_VALUE.get((state.phase._value_, type(action)))
    if direct is not None:
        if direct(state, action):
            return None
    elif state.phase is PHASE_ACT:
        kind = _ACTS.get(type(action))
        if kind is not None and action in kind(state):
            return None
    elif action in legal(state):
        return None
    phase = state.phase
    try:
        said = notation(state, action)
    except Exception:  # noqa: BLE001 - a hand-made action may hold anything in its fields
        said = type(action).__name__.lower()
    return f"{said} is not legal now (the {phase.value} step)"


def _pop(work: Work) -> None:
    if work.stack:
        work.stack.pop()


def _act_start(work: Work) -> None:
    _pop(work)
    work.stack.append(_RESUME)


def _discard(work: Work, a: Discard) -> None:
    c = work.active
    work.hands = put(work.hands, c, tuple(k for k in work.hands[c] if k != a.card))
    work.discard = (*work.discard, a.card)


def _draw(work: Work, a: Draw) -> None:
    _pop(work)
    c = work.active
    special = draw_cards(work, c, max(0, HAND - len(work.hands[c])))
    work.stack.append(_RESUME)
    _drawn_special(work, special)


def _end_move(work: Work) -> None:
    work.discard = (*work.discard, *work.played)
    work.played = ()
    work.mp = 0
    work.stepped = False


def _move(work: Work, a: Move) -> None:
    _pop(work)
    c = work.active
    work.hands = put(work.hands, c, tuple(k for k in work.hands[c] if k != a.card))
    work.played = (a.card,)
    work.mp = ACTION_CARDS[a.card].value + _move_bonus(work, c)
    work.stepped = False
    wait(work, PHASE_MOVE)


def _card(work: Work, a: Card) -> None:
    c = decider(work)
    work.hands = put(work.hands, c, tuple(k for k in work.hands[c] if k != a.card))
    work.played = (*work.played, a.card)
    if work.phase is PHASE_MOVE:
        work.mp += ACTION_CARDS[a.card].value
    elif work.phase is PHASE_PAY:
        pay = work.stack[-2]
        assert isinstance(pay, Pay)
        if sum(ACTION_CARDS[k].value for k in work.played) >= table_of(work).abilities[pay.card].cost:
            _paid(work)


def _step(work: Work, a: Step) -> None:
    _pop(work)
    page = page_of(work)
    assert page is not None
    cost = dict(_steps(work))[a.space]
    work.mp -= cost
    work.stepped = True
    work.stack.append(_RESUME)
    if visit(work, work.active, page.spaces[a.space].name):
        _end_move(work)  # reading stops the move
        return
    if _steps(work):
        work.stack.pop()
        wait(work, PHASE_MOVE)
    else:
        _end_move(work)


def _done(work: Work, a: Done) -> None:
    _pop(work)
    if work.phase is PHASE_EQUIP:
        work.moved = ()
        return
    if work.phase is PHASE_REPAIR:
        work.stack.pop()  # no more repairs
        return
    if work.phase is PHASE_PAY:  # the payment given up: the cards played are discarded
        work.stack.pop()
        work.discard = (*work.discard, *work.played)
        work.played = ()
        return
    if work.phase is PHASE_MOVE:
        _end_move(work)
        work.stack.append(_RESUME)
        return
    _resolve(work)


def _start_test(work: Work, attribute: str, difficulty: int, opposed: bool, kind: str, target: int) -> None:
    work.test = Check(work.active, attribute, difficulty, opposed, kind, target)
    wait(work, PHASE_TEST)


def _communicate(work: Work, a: Communicate) -> None:
    _act_start(work)
    foe = work.foes[a.target // MAX_FIGURES]
    _start_test(work, "yellow", enemy(work, foe.card).communicate, True, "communicate", a.target)


def _melee(work: Work, a: Melee) -> None:
    _act_start(work)
    foe = work.foes[a.target // MAX_FIGURES]
    _start_test(work, "red", enemy(work, foe.card).defence, True, "melee", a.target)


def _ranged(work: Work, a: Ranged) -> None:
    _act_start(work)
    foe = work.foes[a.target // MAX_FIGURES]
    _start_test(work, "green", enemy(work, foe.card).defence, True, "ranged", a.target)


def _scavenge(work: Work, a: Scavenge) -> None:
    _act_start(work)
    _start_test(work, SCAVENGE, work.caches[a.cache].difficulty, False, "scavenge", a.cache)


def _recover(work: Work, a: Recover) -> None:
    _act_start(work)
    c = work.active
    status = STATUSES[a.status]
    companions = sum(1 for o in on_map(work) if o != c and work.spaces[o] == work.spaces[c])
    _start_test(work, status.remove, max(0, status.difficulty - companions), False, "recover", a.status)


def _ability(work: Work, a: Ability) -> None:
    """The player pays with white cards of its choice, one at a time (``card c3``), until their
    value reaches the cost (what is over is lost); then the ability works."""
    _act_start(work)
    work.this_turn = (*work.this_turn, f"ability:{ABILITY_NAMES[a.card]}")
    work.stack.append(Pay(a.target, a.card))
    wait(work, PHASE_PAY)


def _paid(work: Work) -> None:
    """The ability paid for: the cards are discarded and it works."""
    _pop(work)
    pay = work.stack.pop()
    assert isinstance(pay, Pay)
    work.discard = (*work.discard, *work.played)
    work.played = ()
    card = table_of(work).abilities[pay.card]
    say(work, f"{character(work, work.active).title}: {card.title}")
    _use_ability(work, card.kind, card.amount, pay.target)


def _use_ability(work: Work, kind: str, amount: int, target: int) -> None:
    """What an ability card (or an influence card) of ``kind`` does (``cards.ABILITY_KINDS``)."""
    c = work.active
    who = character(work, c)
    companions = [o for o in on_map(work) if o != c and work.spaces[o] == work.spaces[c]]
    if kind == "team_focus":
        work.focus += amount + len(companions)
        say(work, f"+{work.focus} to {who.title}'s next test")
    elif kind == "focus":
        work.focus += amount
        say(work, f"+{work.focus} to {who.title}'s next test")
    elif kind == "tumble":
        page = page_of(work)
        assert page is not None
        say(work, f"{who.title} tumbles")
        visit(work, c, page.spaces[target].name)
    elif kind == "finder":
        for _ in range(amount):
            if work.item_deck:
                item, work.item_deck = work.item_deck[0], work.item_deck[1:]
                place_item(work, c, item)  # the player places it (a decision)
    elif kind == "throw":
        say(work, f"{who.title} throws")
        hurt_foe(work, target - MAX_SPACES, c, amount)
    elif kind == "heal":
        for o in (c, *companions):
            healed = min(amount, work.wounds[o])
            work.wounds = put(work.wounds, o, work.wounds[o] - healed)
            if healed:
                say(work, f"{character(work, o).title} heals {healed} wound{'s' * (healed > 1)}")
    elif kind == "rally":
        special = draw_cards(work, c, max(0, min(amount, HAND - len(work.hands[c]))))
        say(work, f"{who.title} draws")
        _drawn_special(work, special)
    else:  # calm: the bottom threat cards of the track are discarded
        for _ in range(amount):
            bottom = next((k for k in reversed(range(len(work.threats))) if work.threats[k] != NONE), None)
            if bottom is None:
                break
            work.discard = (*work.discard, work.threats[bottom])
            work.threats = put(work.threats, bottom, NONE)
            say(work, "a threat card leaves the track")


def _drawn_special(work: Work, special: list[int]) -> None:
    """The threat cards drawn go on the track; a calamity card drawn is shown, discarded, resolved."""
    place_threats(work, [k for k in special if ACTION_CARDS[k].colour == THREAT])
    for k in special:
        if ACTION_CARDS[k].colour == CALAMITY:
            work.discard = (*work.discard, k)
            calamity(work)


def _exit(work: Work, a: Exit) -> None:
    """The character leaves the page alone (its turn ends); the last one still standing to leave
    takes the party on (the steps of leaving a page)."""
    _pop(work)
    c = work.active
    work.spaces = put(work.spaces, c, "")
    work.outing = replace(work.outing, ahead=(*work.outing.ahead, c))
    say(work, f"{character(work, c).title} leaves the page, to page {work.outing.exit_page}")
    if on_map(work):
        work.stack.append(_RESUME)  # off the page: the turn ends
    else:
        all_left(work)


def _influence(work: Work, a: Influence) -> None:
    """*Design*: the character's influence card, once a mission, at no card's cost."""
    _act_start(work)
    c = work.active
    card = next(x for x in table_of(work).influences if x.character == work.options.characters[c])
    work.outing = replace(work.outing, influenced=(*work.outing.influenced, c))
    say(work, f"{character(work, c).title} plays {card.title}")
    _use_ability(work, card.kind, card.amount, NONE)


def _drive(work: Work, a: Drive) -> None:
    """*Design*: a vehicle travel card is spent: its fuel in scrap, its road's dial, and the trip
    to the page costs no day."""
    _pop(work)
    page = work.travel[a.option]
    card = table_of(work).vehicles[a.vehicle]
    work.travel = ()
    work.outing = replace(work.outing, vehicles=tuple(v for v in work.outing.vehicles if v != card.name),
                          driving=True)
    say(work, f"the party drives the {card.title} to page {page}")
    if card.fuel:
        change_dial(work, "scrap", -card.fuel)
    if card.dial and card.amount:
        change_dial(work, card.dial, card.amount)
    if work.phase is not PHASE_OVER:
        work.stack.append(GoToPage(page))


def _cheer(work: Work, a: Cheer) -> None:
    _act_start(work)
    c = work.active
    work.hands = put(work.hands, c, tuple(k for k in work.hands[c] if k != a.card))
    work.hands = put(work.hands, a.to, (*work.hands[a.to], a.card))
    say(work, f"{character(work, c).title} cheers {character(work, a.to).title} with a card")


def _equip(work: Work, a: Equip) -> None:
    """Seed, "Acción: Equipar / intercambiar": discard any card, then move any number of items."""
    _act_start(work)
    c = work.active
    work.hands = put(work.hands, c, tuple(k for k in work.hands[c] if k != a.card))
    work.discard = (*work.discard, a.card)
    work.moved = ()
    say(work, f"{character(work, c).title} equips and trades")
    wait(work, PHASE_EQUIP)


def _take(work: Work, item: int) -> None:
    """``item`` off whoever holds it; the batteries on it are discarded (seed, "Baterías": an item
    packed or traded loses them)."""
    for holder in range(len(work.options.characters)):
        gear = work.gear[holder]
        if item in gear:
            k = gear.index(item)
            work.gear = put(work.gear, holder, (*gear[:k], NONE, *gear[k + 1:]))
            charge = work.charge[holder]
            work.charge = put(work.charge, holder, (*charge[:k], 0, *charge[k + 1:]))
            return
        if item in work.pack[holder]:
            work.pack = put(work.pack, holder, tuple(i for i in work.pack[holder] if i != item))
            return


def _place(work: Work, a: Wear | Stow) -> None:
    if work.phase is PHASE_EQUIP:
        _take(work, a.item)
        work.moved = (*work.moved, a.item)
    else:  # an item gained or repaired: off the stack
        _pop(work)
        _pop(work)
    if type(a) is Wear:
        wear(work, a.to, a.item)
    else:
        stow(work, a.to, a.item)


def _scrap(work: Work, a: Scrap) -> None:
    _pop(work)
    _pop(work)
    scrap_item(work, a.item)


def _charge(work: Work, a: Charge) -> None:
    """Seed, "Baterías": one of the character's batteries on an equipped item, as part of Equip."""
    c = work.active
    k = work.gear[c].index(a.item)
    charge = work.charge[c]
    work.charge = put(work.charge, c, (*charge[:k], charge[k] + 1, *charge[k + 1:]))
    work.batteries = put(work.batteries, c, work.batteries[c] - 1)
    say(work, f"{character(work, c).title} puts a battery on the {ITEMS[a.item].title}")


def _eat(work: Work, a: Eat) -> None:
    """Seed, "Nido" step 1: 1 food for 1 normal wound, once."""
    _pop(work)
    feed = work.stack.pop()
    assert isinstance(feed, Feed)
    work.dials = put(work.dials, DIALS.index("food"), work.dials[DIALS.index("food")] - 1)
    work.wounds = put(work.wounds, feed.who, work.wounds[feed.who] - 1)
    say(work, f"{character(work, feed.who).title} eats (-1 food, -1 wound)")


def _repair(work: Work, a: Repair) -> None:
    """Seed, "Nido" step 5: the bookkeeper spends the scrap on a broken item and says who gets it."""
    _pop(work)
    work.dials = put(work.dials, DIALS.index("scrap"), work.dials[DIALS.index("scrap")] - ITEMS[a.item].repair)
    i = work.broken.index(a.item)
    work.broken = (*work.broken[:i], *work.broken[i + 1:])
    say(work, f"the {ITEMS[a.item].title} is repaired for {ITEMS[a.item].repair} scrap")
    place_item(work, a.to, a.item)


def _contribute(work: Work, a: Contribute) -> None:
    _act_start(work)
    c = work.active
    task = work.task
    assert task is not None
    work.hands = put(work.hands, c, tuple(k for k in work.hands[c] if k != a.card))
    if work.task_card == NONE:
        work.task_card = a.card
    else:
        work.discard = (*work.discard, a.card)
    work.task_dial += ACTION_CARDS[a.card].value
    say(work, f"{character(work, c).title} adds {ACTION_CARDS[a.card].value} to the group task "
              f"({work.task_dial} of {task.difficulty})")
    if work.task_dial >= task.difficulty:
        work.discard = (*work.discard, work.task_card)
        work.task, work.task_card, work.task_dial = None, NONE, 0
        say(work, "the group task succeeds")
        work.reader = c
        work.stack.extend(reversed(task.success))


def _consult(work: Work, a: Consult) -> None:
    _act_start(work)
    entry = _leave_entry(work)
    if entry is not None:
        work.reader = work.active
        work.stack.append(Read(entry))


def _end(work: Work, a: End) -> None:
    _pop(work)
    work.stack.append(_AFTER_TURN)
    work.stack.append(_CHECK_THREAT)


def _nest(work: Work, a: Nest) -> None:
    """Seed, "Nido": the six steps, in order: each character in turn order (from the one whose
    turn ends) may eat once; toxic wounds become normal, statuses and batteries on items are
    discarded; the bookkeeper repairs broken items and hands them out; +1 time."""
    _pop(work)
    n = len(work.options.characters)
    say(work, "the party nests")
    work.stack += [NextTurn(), Rest(), Mend(), Settle()]
    work.stack += [Feed((work.active + k) % n) for k in reversed(range(n))]


def _pass(work: Work, a: Pass) -> None:
    _pop(work)
    if work.phase is PHASE_EAT:
        work.stack.pop()  # this character does not eat
        return
    work.stack.append(NextTurn())


def _pick(work: Work, a: Pick) -> None:
    _pop(work)
    choice = work.choice
    assert choice is not None
    work.choice = None
    option = choice.options[a.option]
    say(work, f"chosen: {option.label}")
    work.stack.extend(reversed(option.effects))


def _go(work: Work, a: Go) -> None:
    _pop(work)
    page = work.travel[a.option]
    work.travel = ()
    say(work, f"the party travels to page {page}")
    work.stack.append(GoToPage(page))


def _choose(work: Work, a: Choose) -> None:
    _pop(work)
    pending = work.stack.pop()
    assert isinstance(pending, Activate)
    work.candidates = ()
    say(work, f"the bookkeeper chooses {character(work, a.character).title}")
    work.stack.append(Activate(pending.slot, pending.figure, pending.stage, a.character))


DOS: dict[type, Callable[[Work, Any], None]] = {
    Discard: _discard, Draw: _draw, Move: _move, Step: _step, Card: _card, Done: _done, Communicate: _communicate,
    Melee: _melee, Ranged: _ranged, Scavenge: _scavenge, Recover: _recover, Ability: _ability, Cheer: _cheer,
    Equip: _equip, Contribute: _contribute, Consult: _consult, End: _end, Nest: _nest, Pass: _pass, Pick: _pick,
    Go: _go, Choose: _choose, Wear: _place, Stow: _place, Scrap: _scrap, Charge: _charge, Eat: _eat,
    Repair: _repair, Stand: _stand, Influence: _influence, Drive: _drive, Exit: _exit,
}
REASONS: dict[type, Callable[[State, Any], str | None]] = {t: _reason for t in DOS}
