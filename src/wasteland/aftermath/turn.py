"""The decisions of a turn: the draw step, every action (seed, "Acciones del jugador"), skill tests
card by card, the book's choices and travels, and the nest.

``legal(state)`` lists what the deciding character may do; every rule's reason is "not in that
list" (so the two never disagree), and every rule's ``do`` changes the working copy.
"""

from __future__ import annotations

from typing import Any, Callable

from wasteland.core.dice import roll
from wasteland.aftermath.actions import (
    Ability, Action, Card, Cheer, Choose, Communicate, Consult, Contribute, Discard, Done, Draw, End, Equip, Go, Melee,
    Move, Nest, Pass, Pick, Ranged, Recover, Scavenge, Step, notation,
)
from wasteland.aftermath.book import GoToPage, Read, Trigger
from wasteland.aftermath.cards import (
    ACTION_CARDS, BLACK_DIE, CACHES, CALAMITY, HAND, ITEMS, MAX_FIGURES, MAX_SPACES, NONE, PACK, SLOTS,
    STATUS_NAMES, STATUSES, THREAT, WHITE_DIE,
)
from wasteland.aftermath.mission import (
    calamity, change_dial, character, decider, draw_cards, enemy, figures_at, gain_prize, hurt_foe,
    on_map, page_of, place_item, place_threats, remove_foe, say, visit, wait, wound,
)
from wasteland.aftermath.state import Activate, AfterTurn, Check, CheckThreat, NextTurn, Phase, Resume, State, Work
from wasteland.aftermath.vocabulary import ATTRIBUTES, COLOURED_LINES, DIALS, LINES

__all__ = ["legal", "REASONS", "DOS", "bonus_of", "line_cost", "ranged_reach", "ability_payment",
           "ability_targets"]

Table = State | Work
_COLOURS = tuple(a.value for a in ATTRIBUTES)


# -- what a character may do ----------------------------------------------------------------------

def _starts(card: int, attribute: str) -> bool:
    """A card may start a test of ``attribute`` (``""``: any): its colour, or white."""
    colour = ACTION_CARDS[card].colour
    return colour == "white" or attribute in ("", colour)


def _follows(card: int, first: int) -> bool:
    """A further card matches the first card's colour or number."""
    a, b = ACTION_CARDS[card], ACTION_CARDS[first]
    return a.colour == b.colour or a.value == b.value


def _has_start(s: Table, c: int, attribute: str) -> bool:
    return any(_starts(card, attribute) for card in s.hands[c])


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


def _steps(s: Table) -> list[tuple[int, int]]:
    """(space index, cost) of each space the mover may step into now."""
    page = page_of(s)
    here = s.spaces[s.active]
    if page is None or not here:
        return []
    index = {sp.name: k for k, sp in enumerate(page.spaces)}
    out = []
    for line in page.lines:
        if here not in (line.a, line.b):
            continue
        other = line.b if line.a == here else line.a
        cost = line_cost(line.kind, s.played)
        if cost is not None and cost <= s.mp and index[other] < MAX_SPACES:
            out.append((index[other], cost))
    return sorted(out)


def _equipped(s: Table, c: int) -> list[tuple[int, int]]:
    """(item, batteries on it) of each item character ``c`` has equipped."""
    return [(i, s.charge[c][k]) for k, i in enumerate(s.gear[c]) if i != NONE]


def ranged_reach(s: Table, c: int) -> int:
    """The range of a ranged attack: 1, or the longest equipped ranged weapon's range."""
    return max([1, *(ITEMS[i].range for i, _ in _equipped(s, c) if ITEMS[i].use == "ranged")])


def _ranged_targets(s: Table, c: int) -> list[int]:
    page = page_of(s)
    if page is None or not s.spaces[c]:
        return []
    sight = s.graph.sight_distances(s.spaces[c], ranged_reach(s, c))
    return sorted(t for sp in sight for t in figures_at(s, sp))


def _move_bonus(s: Table, c: int) -> int:
    return sum(ITEMS[i].bonus + ITEMS[i].battery * n for i, n in _equipped(s, c) if ITEMS[i].use == "move")


def ability_payment(s: Table, c: int) -> tuple[int, ...] | None:
    """The white cards that pay character ``c``'s ability (*design*: the fewest, lowest first),
    or None when its white cards do not reach the cost."""
    cost = character(s, c).cost
    whites = sorted((ACTION_CARDS[k].value, k) for k in s.hands[c] if ACTION_CARDS[k].colour == "white")
    best: tuple[int, ...] | None = None
    for mask in range(1, 1 << len(whites)):
        chosen = [whites[i] for i in range(len(whites)) if mask >> i & 1]
        if sum(v for v, _ in chosen) >= cost:
            key = tuple(k for _, k in chosen)
            if best is None or (len(key), sum(v for v, _ in chosen), key) < (
                    len(best), sum(ACTION_CARDS[k].value for k in best), best):
                best = key
    return best


def ability_targets(s: Table, c: int) -> list[int]:
    """The targets of ``c``'s ability: Tumble a space one line away (any line that can be
    crossed), Throw an enemy figure in or one line beside the space (hostile), else NONE."""
    ability = character(s, c).ability
    page = page_of(s)
    if page is None or not s.spaces[c]:
        return []
    if ability == "tumble":
        graph = s.graph
        index = {sp.name: k for k, sp in enumerate(page.spaces)}
        return sorted(index[n] for n in graph.neighbours(s.spaces[c]) if index[n] < MAX_SPACES)
    if ability == "throw":
        if not s.hostile:
            return []
        graph = s.graph
        near = [s.spaces[c], *graph.adjacent(s.spaces[c])]
        return sorted(MAX_SPACES + t for sp in near for t in figures_at(s, sp))
    return [NONE]


def _equip_moves(s: Table, c: int) -> list[tuple[int, int]]:
    out = []
    here = s.spaces[c]
    n = len(s.options.characters)
    free = [k for k, i in enumerate(s.gear[c]) if i == NONE]
    for item in sorted({*(i for i in s.gear[c] if i != NONE), *s.pack[c]}):
        if item in s.gear[c]:
            if len(s.pack[c]) < PACK:
                out.append((item, c))
        elif any(SLOTS[k] == ITEMS[item].slot for k in free):
            out.append((item, c))
        for other in range(n):
            if other != c and s.spaces[other] == here and (
                    len(s.pack[other]) < PACK
                    or any(SLOTS[k] == ITEMS[item].slot and i == NONE for k, i in enumerate(s.gear[other]))):
                out.append((item, other))
    return out


def _task_cards(s: Table, c: int) -> list[int]:
    task = s.task
    if task is None:
        return []
    if s.task_card == NONE:
        return sorted(k for k in s.hands[c] if _starts(k, task.attribute.value))
    return sorted(k for k in s.hands[c] if _follows(k, s.task_card))


def _leave_entry(s: Table) -> str | None:
    page = page_of(s)
    if page is None:
        return None
    entry = next((e for e in page.entries if e.trigger is Trigger.LEAVE), None)
    if entry is None or f"{s.page}:{entry.id}" in s.this_turn:
        return None
    return entry.id


def _moves(s: Table) -> list[Action]:
    return [Move(k) for k in sorted(s.hands[s.active])]


def _communicate_targets(s: Table) -> list[Action]:
    if s.hostile or not _has_start(s, s.active, "yellow"):
        return []
    return [Communicate(t) for t in figures_at(s, s.spaces[s.active])]


def _melee_targets(s: Table) -> list[Action]:
    if not s.hostile or not _has_start(s, s.active, "red"):
        return []
    return [Melee(t) for t in figures_at(s, s.spaces[s.active])]


def _shots(s: Table) -> list[Action]:
    if not s.hostile or not _has_start(s, s.active, "green"):
        return []
    return [Ranged(t) for t in _ranged_targets(s, s.active)]


def _scavenges(s: Table) -> list[Action]:
    if not _has_start(s, s.active, "yellow"):
        return []
    here = s.spaces[s.active]
    return [Scavenge(k) for k, cache in enumerate(s.caches) if cache.space == here and k < 32]


def _recoveries(s: Table) -> list[Action]:
    out: list[Action] = []
    for name in s.statuses[s.active]:
        k = STATUS_NAMES.index(name)
        if _has_start(s, s.active, STATUSES[k].remove):
            out.append(Recover(k))
    return out


def _abilities(s: Table) -> list[Action]:
    if ability_payment(s, s.active) is None:
        return []
    return [Ability(t) for t in ability_targets(s, s.active)]


def _cheers(s: Table) -> list[Action]:
    c = s.active
    n = len(s.options.characters)
    return [Cheer(k, to) for k in sorted(s.hands[c]) for to in range(n) if to != c and len(s.hands[to]) <= 2]


def _equips(s: Table) -> list[Action]:
    if not s.hands[s.active]:
        return []
    return [Equip(item, to) for item, to in _equip_moves(s, s.active)]


def _contributions(s: Table) -> list[Action]:
    return [Contribute(k) for k in _task_cards(s, s.active)]


def _consults(s: Table) -> list[Action]:
    return [Consult()] if _leave_entry(s) is not None else []


def _ends(s: Table) -> list[Action]:
    return [End()]


#: The actions of the act step, kind by kind, in the order they are listed.
_ACTS: dict[type, Callable[[Table], list[Action]]] = {
    Move: _moves, Communicate: _communicate_targets, Melee: _melee_targets, Ranged: _shots,
    Scavenge: _scavenges, Recover: _recoveries, Ability: _abilities, Cheer: _cheers, Equip: _equips,
    Contribute: _contributions, Consult: _consults, End: _ends,
}


def _act(s: Table) -> list[Action]:
    out: list[Action] = []
    for kind in _ACTS.values():
        out += kind(s)
    return out


def legal(s: Table) -> tuple[Action, ...]:
    """The legal actions, on the table or on the deciding seat's view."""
    phase = s.phase
    if phase is Phase.OVER:
        return ()
    if phase is Phase.DRAW:
        return (*(Discard(k) for k in sorted(s.hands[s.active])), Draw())
    if phase is Phase.ACT:
        return tuple(_act(s))
    if phase is Phase.MOVE:
        out: list[Action] = [] if s.stepped else [Card(k) for k in sorted(s.hands[s.active])]
        out += [Step(k) for k, _ in _steps(s)]
        out.append(Done())
        return tuple(out)
    if phase is Phase.TEST:
        test = s.test
        if test is None:
            return ()
        hand = sorted(s.hands[test.who])
        if s.played:
            cards = [k for k in hand if _follows(k, s.played[0])]
        else:
            cards = [k for k in hand if _starts(k, test.attribute)]
        # an action's test needs its first card; a book's test, a defence (or a hand that cannot
        # start it, as a determinized table may deal) may roll with none, and fails
        done: list[Action] = [Done()] if s.played or test.kind in ("book", "defend") or not cards else []
        return (*(Card(k) for k in cards), *done)
    if phase is Phase.CHOICE:
        return tuple(Pick(k) for k in range(len(s.choice.options) if s.choice else 0))
    if phase is Phase.TRAVEL:
        return tuple(Go(k) for k in range(len(s.travel)))
    if phase is Phase.CHOOSE:
        return tuple(Choose(c) for c in s.candidates)
    return (Nest(), Pass())


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
    if c == s.active:
        total += s.focus
    return total


def _resolve(work: Work) -> None:
    test = work.test
    assert test is not None
    c = test.who
    cards = list(work.played)
    work.played = []
    work.discard.extend(cards)
    work.test = None
    if not cards:
        say(work, f"{character(work, c).title} plays no card: the test fails")
        success = False
    else:
        first = ACTION_CARDS[cards[0]].colour
        attribute = test.attribute or (first if first in _COLOURS else max(
            _COLOURS, key=lambda a: character(work, c).bonus[_COLOURS.index(a)]))
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
                work.discard.append(work.threats[bottom])
                work.threats[bottom] = NONE
    elif test.kind in ("melee", "ranged"):
        hurt_foe(work, test.target, c)
    elif test.kind == "scavenge":
        cache = work.caches.pop(test.target)
        work.taken.append(cache.token)
        say(work, f"{character(work, c).title} finds the token's prize")
        gain_prize(work, c, CACHES[cache.token].prize)
    elif test.kind == "recover":
        name = STATUS_NAMES[test.target]
        work.statuses[c] = tuple(x for x in work.statuses[c] if x != name)
        say(work, f"{character(work, c).title} is no longer {name.replace('_', ' ')}")


# -- the rules' reasons and changes ---------------------------------------------------------------

def _reason(state: State, action: Action) -> str | None:
    kind = _ACTS.get(type(action))
    if kind is not None and state.phase is Phase.ACT:
        if action in kind(state):
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
    work.stack.append(Resume())


def _discard(work: Work, a: Discard) -> None:
    c = work.active
    work.hands[c] = tuple(k for k in work.hands[c] if k != a.card)
    work.discard.append(a.card)


def _draw(work: Work, a: Draw) -> None:
    _pop(work)
    c = work.active
    special = draw_cards(work, c, max(0, HAND - len(work.hands[c])))
    work.stack.append(Resume())
    threats = [k for k in special if ACTION_CARDS[k].colour == THREAT]
    place_threats(work, threats)
    for k in special:
        if ACTION_CARDS[k].colour == CALAMITY:
            work.discard.append(k)
            calamity(work)


def _end_move(work: Work) -> None:
    work.discard.extend(work.played)
    work.played = []
    work.mp = 0
    work.stepped = False


def _move(work: Work, a: Move) -> None:
    _pop(work)
    c = work.active
    work.hands[c] = tuple(k for k in work.hands[c] if k != a.card)
    work.played = [a.card]
    work.mp = ACTION_CARDS[a.card].value + _move_bonus(work, c)
    work.stepped = False
    wait(work, Phase.MOVE)


def _card(work: Work, a: Card) -> None:
    c = decider(work)
    work.hands[c] = tuple(k for k in work.hands[c] if k != a.card)
    work.played.append(a.card)
    if work.phase is Phase.MOVE:
        work.mp += ACTION_CARDS[a.card].value


def _step(work: Work, a: Step) -> None:
    _pop(work)
    page = page_of(work)
    assert page is not None
    cost = dict(_steps(work))[a.space]
    work.mp -= cost
    work.stepped = True
    work.stack.append(Resume())
    if visit(work, work.active, page.spaces[a.space].name):
        _end_move(work)  # reading stops the move
        return
    if _steps(work):
        work.stack.pop()
        wait(work, Phase.MOVE)
    else:
        _end_move(work)


def _done(work: Work, a: Done) -> None:
    _pop(work)
    if work.phase is Phase.MOVE:
        _end_move(work)
        work.stack.append(Resume())
        return
    _resolve(work)


def _start_test(work: Work, attribute: str, difficulty: int, opposed: bool, kind: str, target: int) -> None:
    work.test = Check(work.active, attribute, difficulty, opposed, kind, target)
    wait(work, Phase.TEST)


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
    _start_test(work, "yellow", work.caches[a.cache].difficulty, False, "scavenge", a.cache)


def _recover(work: Work, a: Recover) -> None:
    _act_start(work)
    c = work.active
    status = STATUSES[a.status]
    companions = sum(1 for o in on_map(work) if o != c and work.spaces[o] == work.spaces[c])
    _start_test(work, status.remove, max(0, status.difficulty - companions), False, "recover", a.status)


def _ability(work: Work, a: Ability) -> None:
    _act_start(work)
    c = work.active
    pay = ability_payment(work, c) or ()
    work.hands[c] = tuple(k for k in work.hands[c] if k not in pay)
    work.discard.extend(pay)
    who = character(work, c)
    ability = who.ability
    if ability == "team_focus":
        work.focus = 1 + sum(1 for o in on_map(work) if o != c and work.spaces[o] == work.spaces[c])
        say(work, f"{who.title}: Team Focus, +{work.focus} to the next test")
    elif ability == "tumble":
        page = page_of(work)
        assert page is not None
        say(work, f"{who.title} tumbles")
        visit(work, c, page.spaces[a.target].name)
    elif ability == "finder":
        say(work, f"{who.title}: Finder")
        if work.item_deck:
            place_item(work, c, work.item_deck.pop(0))
    else:
        say(work, f"{who.title} throws")
        hurt_foe(work, a.target - MAX_SPACES, c)


def _cheer(work: Work, a: Cheer) -> None:
    _act_start(work)
    c = work.active
    work.hands[c] = tuple(k for k in work.hands[c] if k != a.card)
    work.hands[a.to] = (*work.hands[a.to], a.card)
    say(work, f"{character(work, c).title} cheers {character(work, a.to).title} with a card")


def _equip(work: Work, a: Equip) -> None:
    _act_start(work)
    c = work.active
    pay = min(work.hands[c], key=lambda k: (ACTION_CARDS[k].value, k))
    work.hands[c] = tuple(k for k in work.hands[c] if k != pay)
    work.discard.append(pay)
    info = ITEMS[a.item]
    gear, charge = list(work.gear[c]), list(work.charge[c])
    if a.item in gear:
        k = gear.index(a.item)
        gear[k], charge[k] = NONE, 0
        work.gear[c], work.charge[c] = tuple(gear), tuple(charge)
        if a.to == c:
            work.pack[c] = (*work.pack[c], a.item)
            say(work, f"{character(work, c).title} packs the {info.title}")
    else:
        work.pack[c] = tuple(i for i in work.pack[c] if i != a.item)
        if a.to == c:
            k = next(k for k, i in enumerate(gear) if i == NONE and SLOTS[k] == info.slot)
            gear[k] = a.item
            if info.battery and work.batteries[c]:
                charge[k], work.batteries[c] = work.batteries[c], 0
            work.gear[c], work.charge[c] = tuple(gear), tuple(charge)
            say(work, f"{character(work, c).title} equips the {info.title}")
    if a.to != c:
        say(work, f"{character(work, c).title} gives the {info.title} to {character(work, a.to).title}")
        place_item(work, a.to, a.item)


def _contribute(work: Work, a: Contribute) -> None:
    _act_start(work)
    c = work.active
    task = work.task
    assert task is not None
    work.hands[c] = tuple(k for k in work.hands[c] if k != a.card)
    if work.task_card == NONE:
        work.task_card = a.card
    else:
        work.discard.append(a.card)
    work.task_dial += ACTION_CARDS[a.card].value
    say(work, f"{character(work, c).title} adds {ACTION_CARDS[a.card].value} to the group task "
              f"({work.task_dial} of {task.difficulty})")
    if work.task_dial >= task.difficulty:
        work.discard.append(work.task_card)
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
    work.stack.append(AfterTurn())
    work.stack.append(CheckThreat())


def _nest(work: Work, a: Nest) -> None:
    """Seed, "Nido": the six steps (*design*: the bookkeeper heals every wounded character it can
    in turn order, 1 food each, never a campaign's last food, and repairs the cheapest broken items
    the scrap pays for)."""
    _pop(work)
    n = len(work.options.characters)
    food, scrap = DIALS.index("food"), DIALS.index("scrap")
    # *design*: in a campaign the bookkeeper never eats the colony's last food (it would be lost)
    keep = 1 if work.options.campaign is not None else 0
    for k in range(n):
        c = (work.active + k) % n
        if work.wounds[c] and work.dials[food] > keep:
            work.dials[food] -= 1
            work.wounds[c] -= 1
    for c in range(n):
        work.wounds[c] += work.toxic[c]
        work.toxic[c] = 0
        work.statuses[c] = ()
        work.charge[c] = (0,) * len(SLOTS)
    for item in sorted(work.broken, key=lambda i: (ITEMS[i].repair, i)):
        if ITEMS[item].repair <= work.dials[scrap]:
            work.dials[scrap] -= ITEMS[item].repair
            work.broken.remove(item)
            place_item(work, work.active, item)
    work.dials[DIALS.index("time")] = min(99, work.dials[DIALS.index("time")] + 1)
    say(work, "the party nests (+1 time)")
    work.stack.append(NextTurn())


def _pass(work: Work, a: Pass) -> None:
    _pop(work)
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
    work.travel = []
    say(work, f"the party travels to page {page}")
    work.stack.append(GoToPage(page))


def _choose(work: Work, a: Choose) -> None:
    _pop(work)
    pending = work.stack.pop()
    assert isinstance(pending, Activate)
    work.candidates = []
    say(work, f"the bookkeeper chooses {character(work, a.character).title}")
    work.stack.append(Activate(pending.slot, pending.figure, pending.stage, a.character))


DOS: dict[type, Callable[[Work, Any], None]] = {
    Discard: _discard, Draw: _draw, Move: _move, Step: _step, Card: _card, Done: _done, Communicate: _communicate,
    Melee: _melee, Ranged: _ranged, Scavenge: _scavenge, Recover: _recover, Ability: _ability, Cheer: _cheer,
    Equip: _equip, Contribute: _contribute, Consult: _consult, End: _end, Nest: _nest, Pass: _pass, Pick: _pick,
    Go: _go, Choose: _choose,
}
REASONS: dict[type, Callable[[State, Any], str | None]] = {t: _reason for t in DOS}
