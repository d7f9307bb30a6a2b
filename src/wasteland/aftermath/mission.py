"""The mission's automatic work: reading entries and interpreting every effect of the book,
encounters, the enemy turn, wounds and fleeing, items and prizes, leaving and arriving at pages,
and the turn's automatic steps (seed, "Como se Juega" to "Finalizar una misión").

Each handler takes the working copy and an effect record popped from the stack; the book's own
effect records (``book.Read``, ``book.Encounter``...) go on the stack as they are.
"""

from __future__ import annotations

from typing import Any, Callable

from wasteland.core.data import DerivedCache
from wasteland.core.dice import roll
from wasteland.core.records import put, replace
from wasteland.core.spaces import Border, BorderKind, SpaceGraph
from wasteland.aftermath.book import (
    BookAttack, Batteries, Choice, Dial, Discover, DrawItems, EncounterCard, Encounter, EndMission, Entry, GainItem,
    Goal, GoToPage, GroupTask, Hunt, LiftCap, Mission, Page, PlaceTokens, RandomEncounter, Read, RemoveTokens,
    Situation, Status, Test, Travel, Trigger, Wound, neighbours, Learn, Environment, ClearEnvironment, Vehicle,
    ExitPage,
    TOKENS_IN_BOX,
)
from wasteland.aftermath.card_set import table_of
from wasteland.aftermath.cards import (
    ACTION_CARDS, BLACK_DIE, CALAMITY, CHARACTER_NAMES, CHARACTERS, CACHES, ENCOUNTER_CARDS, ENEMY_LIMIT, ENEMY_NAMES,
    ITEM_NAMES, ITEMS, MAX_FIGURES, NONE, ROUNDS, SLOTS, STATUS_NAMES, THREAT, TIERS, TRACK, Character, Enemy,
    BATTERIES, STASH,
)
from wasteland.aftermath.state import (
    PHASE_ACT, PHASE_CHOICE, PHASE_CHOOSE, PHASE_DRAW, PHASE_EAT, PHASE_GAIN, PHASE_NEST, PHASE_OVER, PHASE_REPAIR,
    PHASE_RETURN, PHASE_TEST, PHASE_TRAVEL,
    Activate, AfterTurn, Arrive, Attack, Cache, Check, CheckThreat, Ending, Feed, Fled, Foe, Gain, Leave, Loot, Mend,
    NextTurn, Phase, Rest, Resume, Said, Settle, StartTurn, State, Token, Wait, Work,
)
from wasteland.aftermath.vocabulary import DIALS, LIFE_DIALS, LIFE_RESET, LINES, ONCE_DIAL, Prize, dial_top

__all__ = ["HANDLERS", "TOGETHER",
           "DIAL_MAX", "page_of", "graph_of", "character", "enemy", "life_of", "owner", "decider",
           "on_map", "wound", "flee", "hurt_foe", "entries_on_visit", "visit", "place_item", "free_slot", "wear",
           "stow",
           "scrap_item", "repairable", "say", "wait",
           "figures_at", "enemy_cost", "ENEMY_COST", "draw_cards", "end_game", "calamity", "place_threats",
           "nest_helps", "remove_foe", "gain_prize", "mission_of", "raise_dial", "change_dial",
           "LOST_PAGE", "LOST_ENTRY", "batteries_left", "give_batteries", "all_left"]

#: Trigger members read once, as the phases are (``state.PHASE_ACT`` and its kin): in Python 3.11 a
#: member read off its class is a call of the enum's metaclass, dozens of times dearer than a name.
_TRIGGER_BEGIN = Trigger.BEGIN
_TRIGGER_CALAMITY = Trigger.CALAMITY
_TRIGGER_SPACE = Trigger.SPACE
_TRIGGER_THREAT = Trigger.THREAT
_TRIGGER_TOKEN = Trigger.TOKEN

#: *design*: a dial runs from 0 to 15 (the seed: a dial cannot go above its highest value), but
#: population to 20 once its cap of 15 is lifted; time is counted to 99 (``vocabulary.DIAL_TOPS``).
DIAL_MAX = 15
_TIME = DIALS.index("time")
_FOOD = DIALS.index("food")
_SCRAP = DIALS.index("scrap")
#: Seed, "La campaña": on losing the campaign the players go at once to page 100, entry 100-23.
LOST_PAGE = 100
LOST_ENTRY = "100-23"


# -- reading the table ----------------------------------------------------------------------------

Table = State | Work


def page_of(s: Table, number: int | None = None) -> Page | None:
    want = s.page if number is None else number
    for page in s.book.pages:
        if page.number == want:
            return page
    return None


def _graph(page: Page) -> SpaceGraph[str]:
    return SpaceGraph(tuple(sp.name for sp in page.spaces),
                      tuple(Border(line.a, line.b, LINES[line.kind]) for line in page.lines))


#: One graph object per page (a cache of a pure function): the graph's own tables are found by
#: identity, not by comparing every border, when the same page is played again.
_GRAPHS: DerivedCache[Page, SpaceGraph[str]] = DerivedCache(_graph)


def graph_of(page: Page) -> SpaceGraph[str]:
    """The page's map as a graph of spaces with typed borders (``vocabulary.LINES``)."""
    return _GRAPHS(page)


def enemy_cost(kind: BorderKind) -> int | None:
    """Enemies cross a dashed or coloured line for 1 and never a solid or double white one."""
    return 1 if kind.passable else None


ENEMY_COST: Callable[[BorderKind], int | None] = enemy_cost


def character(s: Table, c: int) -> Character:
    return CHARACTERS[CHARACTER_NAMES.index(s.options.characters[c])]


def enemy(s: Table, card: int) -> Enemy:
    return table_of(s).enemies[card]


def life_of(s: Table, card: int) -> int:
    """An enemy's life; a boss's is the number of characters (seed, "Derrotar a un jefe")."""
    e = enemy(s, card)
    return len(s.options.characters) if e.boss else e.life


def owner(s: Table, c: int) -> int:
    """The seat that plays character ``c``."""
    return c % s.options.players


#: The decisions the players take together: the bookkeeper decides them (seed, "Efectos
#: ambiguos": the current bookkeeper makes the final decision).
TOGETHER = (Phase.CHOOSE, Phase.TRAVEL, Phase.NEST, Phase.REPAIR)


#: The decisions of the character named by the effect under the Wait: where an item gained goes,
#: whether to eat.
_ASKED = (Phase.GAIN, Phase.EAT)


def decider(s: Table) -> int:
    """The character whose decision is pending: the tester in a test, the reader in a choice, the
    bookkeeper where the players decide together (where enemies equally near go, travel, nesting,
    repairs), the character who gained an item or may eat, the active character otherwise."""
    phase = s.phase
    if phase is PHASE_TEST and s.test is not None:
        return s.test.who
    if phase is PHASE_CHOICE:
        return s.reader
    if phase in TOGETHER:
        return s.bookkeeper
    if phase in _ASKED and len(s.stack) >= 2:
        under = s.stack[-2]
        if type(under) is Gain or type(under) is Feed:
            return under.who
    return s.active


def on_map(s: Table) -> list[int]:
    return [c for c in range(len(s.options.characters)) if s.spaces[c]]


def figures_at(s: Table, space: str) -> list[int]:
    """The enemy figures (targets ``slot * MAX_FIGURES + figure``) in ``space``."""
    from_cards = []
    for k, foe in enumerate(s.foes):
        if space in foe.spaces:
            from_cards += [k * MAX_FIGURES + f for f, sp in enumerate(foe.spaces) if sp == space]
    return from_cards


#: The effects with no field (and the next turn in turn order), made once: immutable records a table
#: may share with another.
_WAIT = Wait()
_START_TURN = StartTurn()
_CHECK_THREAT = CheckThreat()
_AFTER_TURN = AfterTurn()
_NEXT_TURN = NextTurn()


def say(work: Work, text: str) -> None:
    work.events.append(Said(text))


def wait(work: Work, phase: Phase) -> None:
    work.phase = phase
    work.stack.append(_WAIT)


def _drop_under_way(work: Work) -> None:
    """Nothing is left under way: no effect waiting, no test, choice or travel; the cards played
    go to the discard; an item gained and not placed yet goes back under the item deck."""
    work.item_deck = (*work.item_deck, *(e.item for e in work.stack if type(e) is Gain))
    work.stack.clear()
    work.moved = ()
    work.test = None
    work.choice = None
    work.travel = ()
    work.discard = (*work.discard, *work.played)
    work.played = ()


def end_game(work: Work, ending: Ending, text: str) -> None:
    work.phase = PHASE_OVER
    work.ending = ending.value
    _drop_under_way(work)
    say(work, text)


# -- cards --------------------------------------------------------------------------------------

def draw_cards(work: Work, c: int, count: int) -> list[int]:
    """Draw ``count`` cards for character ``c`` (the discard reshuffled when the deck runs out):
    the threat and calamity cards drawn are returned, the others go to the hand."""
    special: list[int] = []
    hand = list(work.hands[c])
    for _ in range(count):
        if not work.deck:
            if not work.discard:
                break
            shuffled, work.rng = work.rng.shuffle(work.discard)
            work.deck = tuple(shuffled)
            work.discard = ()
            say(work, "the discard pile is shuffled into a new action deck")
        card, work.deck = work.deck[0], work.deck[1:]
        if ACTION_CARDS[card].colour in (THREAT, CALAMITY):
            special.append(card)
        else:
            hand.append(card)
    work.hands = put(work.hands, c, tuple(hand))
    return special


# -- characters: wounds, fleeing ------------------------------------------------------------------

def wound(work: Work, c: int, amount: int = 1, toxic: bool = False) -> None:
    if not work.spaces[c] or amount <= 0:
        return
    if toxic:
        work.toxic = put(work.toxic, c, work.toxic[c] + amount)
    else:
        work.wounds = put(work.wounds, c, work.wounds[c] + amount)
    who = CHARACTER_NAMES.index(work.options.characters[c])
    say(work, f"{CHARACTERS[who].title} takes {amount} {'toxic ' if toxic else ''}wound{'s' * (amount > 1)}")
    if work.wounds[c] + work.toxic[c] >= character(work, c).life:
        flee(work, c)


def flee(work: Work, c: int) -> None:
    """The character flees (seed, "Personaje derrotado"): the figure off, its tokens and statuses
    cleared, +1 time (*design*: the stripped icon, research §7); all characters out fails the
    mission."""
    work.spaces = put(work.spaces, c, "")
    work.wounds = put(work.wounds, c, 0)
    work.toxic = put(work.toxic, c, 0)
    work.statuses = put(work.statuses, c, ())
    work.fled = put(work.fled, c, True)
    work.dials = put(work.dials, _TIME, min(99, work.dials[_TIME] + 1))
    say(work, f"{character(work, c).title} flees")
    if not on_map(work):
        if work.outing.ahead:  # the others have left the page: every character not defeated has left
            all_left(work)
        else:
            _every_character_fled(work)


def all_left(work: Work) -> None:
    """Seed, "Dejando una página": *"Cuando todos los personajes no derrotados hayan abandonado una
    página"*: the party leaves for the page the way off it leads to (the steps of leaving)."""
    say(work, "every character still standing has left the page")
    work.stack.append(GoToPage(work.outing.exit_page))


def _every_character_fled(work: Work) -> None:
    """Seed, "Finalizar una misión": every character out at once fails the main mission: what is
    under way is dropped and the mission card's failure entry is read, its effects done; then the
    mission ends (``all_fled``), unless the entry ended it or took the party to another page."""
    _drop_under_way(work)
    mission = mission_of(work)
    page = page_of(work, mission.failure_page)
    entry = next((e for e in page.entries if e.id == mission.failure_entry), None) if page else None
    say(work, "every character has fled: the mission fails")
    work.stack.append(Fled())
    if entry is not None:
        say(work, f"page {mission.failure_page}, entry {entry.id}: {entry.text}")
        work.stack.extend(reversed(entry.effects))


def _fled(work: Work, effect: Fled) -> None:
    end_game(work, Ending.FLED, "the mission has failed: every character fled")


# -- items and prizes ------------------------------------------------------------------------------

def _to_supply(work: Work, item: int) -> bool:
    """Seed, "Ranuras de equipo": an item showing the Stash slot (a colony upgrade) is always added
    to the colony supply when drawn. True when ``item`` is one (it is in the supply now)."""
    if ITEMS[item].slot != STASH:
        return False
    work.outing = replace(work.outing, supply=(*work.outing.supply, ITEM_NAMES[item]))
    say(work, f"the {ITEMS[item].title}, a colony upgrade, goes to the colony supply")
    return True


def place_item(work: Work, c: int, item: int) -> None:
    """Seed, "Artículos": an intact item acquired by character ``c`` waits (``Gain`` on the stack)
    for the player's choice: equip it, pack it, trade it to a character in the same space, or
    discard it for its value; a colony upgrade goes to the colony supply."""
    if work.phase is PHASE_OVER:
        work.item_deck = (*work.item_deck, item)  # the mission is over: the card goes back, unseen
        return
    if _to_supply(work, item):
        return
    say(work, f"{character(work, c).title} gains the {ITEMS[item].title}")
    work.stack.append(Gain(c, item))


def free_slot(s: Table, c: int, item: int) -> int:
    """The first free slot of ``item``'s kind of character ``c`` (NONE: none free)."""
    kind = ITEMS[item].slot
    gear = s.gear[c]
    for k, slot in enumerate(SLOTS):
        if slot == kind and gear[k] == NONE:
            return k
    return NONE


def wear(work: Work, c: int, item: int) -> None:
    """``item`` into a free slot of its kind of character ``c`` (the caller checked there is one)."""
    k = free_slot(work, c, item)
    gear = list(work.gear[c])
    gear[k] = item
    work.gear = put(work.gear, c, tuple(gear))
    say(work, f"{character(work, c).title} equips the {ITEMS[item].title}")


def stow(work: Work, c: int, item: int) -> None:
    work.pack = put(work.pack, c, (*work.pack[c], item))
    say(work, f"{character(work, c).title} packs the {ITEMS[item].title}")


def scrap_item(work: Work, item: int) -> None:
    """An item discarded for its value: its repair cost in scrap."""
    info = ITEMS[item]
    work.scrapped = (*work.scrapped, item)
    say(work, f"the {info.title} is discarded for {info.repair} scrap")
    _dial(work, "scrap", info.repair)


def _gain(work: Work, effect: Gain) -> None:
    work.stack.append(effect)
    wait(work, PHASE_GAIN)


def mission_of(s: Table) -> Mission:
    """The main mission played (a campaign's current one; the book's first for a mission alone)."""
    start = s.options.campaign
    return s.book.missions[start.mission if start is not None else 0]


def raise_dial(dials: list[int], name: str, amount: int, *, lifted: bool, raised: bool) -> bool:
    """Seed, "Aumento de diales": ``amount`` added to the dial ``name`` in ``dials``, never past its
    top (the capped dial stops at its cap until lifted) nor below 0; the once-a-mission dial does not
    rise when it has risen already (``raised``). True when the dial rose."""
    k = DIALS.index(name)
    if amount > 0 and name == ONCE_DIAL and raised:
        return False
    before = dials[k]
    dials[k] = max(0, min(dial_top(name, lifted), dials[k] + amount))
    return dials[k] > before


def _dial(work: Work, name: str, amount: int) -> None:
    outing = work.outing
    if amount > 0 and name == ONCE_DIAL and outing.raised:
        say(work, f"{name} may rise only once a mission")
        return
    dials = list(work.dials)
    rose = raise_dial(dials, name, amount, lifted=outing.lifted, raised=outing.raised)
    if dials != list(work.dials):
        work.dials = tuple(dials)
    if rose and name == ONCE_DIAL:
        work.outing = replace(outing, raised=True)
    if work.options.campaign is not None and name in LIFE_DIALS and work.dials[DIALS.index(name)] == 0 \
            and work.phase is not PHASE_OVER:
        _campaign_lost(work, name)


#: The rules' way to change a dial (``turn.py`` raises population with it).
change_dial = _dial


def _campaign_lost(work: Work, name: str) -> None:
    """Seed, "La campaña": a life dial at 0 loses the campaign (page 100, entry 100-23); in the
    infinite-lives mode both life dials are set to 5 and the mission goes on."""
    start = work.options.campaign
    if start is not None and start.infinite:
        for dial in LIFE_DIALS:
            work.dials = put(work.dials, DIALS.index(dial), LIFE_RESET)
        work.outing = replace(work.outing, lives=work.outing.lives + 1)
        say(work, f"{name} reached 0: infinite lives, {' and '.join(LIFE_DIALS)} are set to {LIFE_RESET} "
                  "and the mission goes on")
        return
    page = page_of(work, LOST_PAGE)
    entry = next((e for e in page.entries if e.id == LOST_ENTRY), None) if page else None
    end_game(work, Ending.LOST, f"{name} reached 0: the campaign is lost" + (
        f" (page {LOST_PAGE}, {entry.id}: {entry.text})" if entry else ""))


def _draw_item(work: Work, c: int, broken: bool) -> None:
    if not work.item_deck:
        return
    item, work.item_deck = work.item_deck[0], work.item_deck[1:]
    if not broken:
        place_item(work, c, item)
    elif not _to_supply(work, item):
        work.broken = (*work.broken, item)
        say(work, f"the {ITEMS[item].title} goes to the broken pile")


def gain_prize(work: Work, c: int, prize: Prize) -> None:
    for name, amount in prize.dials:
        _dial(work, name, amount)
        say(work, f"{'+' if amount >= 0 else ''}{amount} {name}")
    if prize.batteries:
        give_batteries(work, c, prize.batteries)
    for _ in range(prize.items):
        _draw_item(work, c, False)
    for _ in range(prize.broken):
        _draw_item(work, c, True)


# -- enemies ------------------------------------------------------------------------------------

def _situation(work: Work, hostile: bool) -> None:
    if work.hostile != hostile:
        work.hostile = hostile
        say(work, "the situation turns hostile" if hostile else "the situation is safe")


def _calm_if_clear(work: Work) -> None:
    if work.hostile and not work.foes:
        _situation(work, False)


def hurt_foe(work: Work, target: int, by: int, amount: int = 1) -> None:
    """``amount`` wounds to the figure ``target``; a figure with wounds >= life is removed, a card
    with no figure left leaves the track (the cards below move up), the last enemy of an
    encounter gives its loot to ``by``."""
    slot, fig = divmod(target, MAX_FIGURES)
    if slot >= len(work.foes) or fig >= len(work.foes[slot].spaces):
        return
    foe = work.foes[slot]
    card = foe.card
    wounds = list(foe.wounds)
    wounds[fig] += amount
    name = enemy(work, card).title
    if wounds[fig] < life_of(work, card):
        work.foes = put(work.foes, slot, Foe(card, foe.group, foe.spaces, tuple(wounds)))
        say(work, f"the {name} takes a wound")
        return
    spaces = foe.spaces[:fig] + foe.spaces[fig + 1:]
    wounds = wounds[:fig] + wounds[fig + 1:]
    say(work, f"a {name} is defeated")
    if by >= 0 and "toothpick_crossbow" in [ITEM_NAMES[i] for i in work.gear[by] if i >= 0]:
        _dial(work, "scrap", 1)
    if spaces:
        work.foes = put(work.foes, slot, Foe(card, foe.group, spaces, tuple(wounds)))
        return
    work.foes = (*work.foes[:slot], *work.foes[slot + 1:])
    if not any(f.group == foe.group for f in work.foes):
        for loot in [x for x in work.loots if x.group == foe.group]:
            i = work.loots.index(loot)
            work.loots = (*work.loots[:i], *work.loots[i + 1:])
            if by >= 0:
                say(work, f"{character(work, by).title} wins the encounter's loot")
                gain_prize(work, by, loot.prize)
    _calm_if_clear(work)


def remove_foe(work: Work, slot: int) -> None:
    """The enemy card in ``slot`` and its figures leave play (to the supply)."""
    work.foes = (*work.foes[:slot], *work.foes[slot + 1:])
    _calm_if_clear(work)


def _where(work: Work) -> set[int]:
    return {f.card for f in work.foes}


def _place_encounter(work: Work, cards: list[int], spaces: tuple[str, ...], loot: Prize | None) -> int:
    """Put enemy cards on the track (the 5-enemy limit; a boss replaces the last card), their
    figures split as evenly as possible over ``spaces``; returns how many came into play."""
    page = page_of(work)
    names = {sp.name for sp in page.spaces} if page else set()
    where = [sp for sp in spaces if sp in names] or ([page.start] if page else [])
    if not where:
        return 0
    group = work.encounters
    work.encounters += 1
    placed = 0
    turn = 0
    for card in cards:
        info = enemy(work, card)
        if card in _where(work):
            continue
        if len(work.foes) >= ENEMY_LIMIT:
            if not info.boss:
                continue
            gone, work.foes = work.foes[-1], work.foes[:-1]
            say(work, f"the {enemy(work, gone.card).title} makes way for the boss")
        if card in work.hunt:
            i = work.hunt.index(card)
            work.hunt = (*work.hunt[:i], *work.hunt[i + 1:])
        figure_spaces = []
        for _ in range(info.figures):
            figure_spaces.append(where[turn % len(where)])
            turn += 1
        work.foes = (*work.foes, Foe(card, group, tuple(figure_spaces), (0,) * info.figures))
        say(work, f"the {info.title} comes into play ({', '.join(figure_spaces)})")
        placed += 1
    if placed and loot is not None:
        work.loots = (*work.loots, Loot(group, loot))
    return placed


def _available(work: Work, card: int) -> bool:
    return card not in _where(work)


def _encounter(work: Work, effect: Encounter) -> None:
    cards = [ENEMY_NAMES.index(n) for n in effect.enemies if n in ENEMY_NAMES]
    shuffled, work.rng = work.rng.shuffle([c for c in cards if _available(work, c)])
    if _place_encounter(work, list(shuffled), effect.spaces, effect.loot) or effect.hostile is False:
        _situation(work, effect.hostile)


def _random_encounter(work: Work, effect: RandomEncounter) -> None:
    pool = [k for k, e in enumerate(table_of(work).enemies)
            if e.type == effect.enemy_type and not e.boss and _available(work, k)]
    supply = [k for k in pool if k not in work.hunt]
    boxed = [k for k in pool if k in work.hunt]
    first, work.rng = work.rng.shuffle(supply)
    then, work.rng = work.rng.shuffle(boxed)
    chosen = list((*first, *then))[:effect.count]
    if _place_encounter(work, chosen, effect.spaces, None) or effect.hostile is False:
        _situation(work, effect.hostile)


def _encounter_card(work: Work, effect: EncounterCard) -> None:
    if not work.encounter_deck:
        say(work, "the encounter deck is empty")
        return
    card, work.encounter_deck = work.encounter_deck[0], work.encounter_deck[1:]
    work.encounter_discard = (*work.encounter_discard, card)
    info = ENCOUNTER_CARDS[card]
    say(work, f"encounter card {card}: " + ", ".join(
        enemy(work, ENEMY_NAMES.index(n)).title for n in info.enemies if n in ENEMY_NAMES))
    _encounter(work, Encounter(info.enemies, effect.spaces, info.hostile))


def _hunt(work: Work, effect: Hunt) -> None:
    say(work, "the Hunt!")
    cards, work.rng = work.rng.shuffle(work.hunt)
    room = ENEMY_LIMIT - len(work.foes)
    _place_encounter(work, list(cards[:max(0, room)]), effect.spaces, None)
    if work.foes:
        _situation(work, True)


# -- reading ---------------------------------------------------------------------------------------

def _entry(work: Work, entry_id: str) -> Entry | None:
    page = page_of(work)
    if page is None:
        return None
    return next((e for e in page.entries if e.id == entry_id), None)


def _read(work: Work, effect: Read) -> None:
    entry = _entry(work, effect.entry)
    key = f"{work.page}:{effect.entry}"
    if entry is None or key in work.this_turn:
        return  # *design*: an entry is read at most once a turn, so no book can loop for ever
    work.this_turn = (*work.this_turn, key)
    if entry.id not in work.read:
        work.read = (*work.read, entry.id)
    say(work, f"entry {entry.id}: {entry.text}")
    work.stack.extend(reversed(entry.effects))


def entries_on_visit(s: Table, space: str) -> list[str]:
    """The entries a character entering ``space`` reads (a space's entry, a token's entry when its
    token is there), once a visit of the page; on a revisit only those marked to be read again."""
    page = page_of(s)
    if page is None:
        return []
    out = []
    for e in page.entries:
        if e.space != space or e.id in s.read or (s.revisit and not e.revisit):
            continue
        if e.trigger is _TRIGGER_SPACE or (e.trigger is _TRIGGER_TOKEN
                                          and any(t.space == space and t.kind == e.token for t in s.tokens)):
            out.append(e.id)
    return out


def visit(work: Work, c: int, space: str) -> bool:
    """Character ``c`` enters ``space``: True when it reads (the entries go on the stack)."""
    work.spaces = put(work.spaces, c, space)
    found = entries_on_visit(work, space)
    if found:
        work.reader = c
        work.stack.extend(Read(e) for e in reversed(found))
    return bool(found)


def _go_to_page(work: Work, effect: GoToPage) -> None:
    """Seed, "Dejando una página": 1. the current player's turn ends, Check Threat included (what
    was under way is dropped, the threat is checked); 2.-4. the party leaves the page (``Leave``);
    then the new bookkeeper takes the next turn."""
    _drop_under_way(work)
    work.stack.append(NextTurn(bookkeeper=True))
    work.stack.append(Leave(effect.page))
    work.stack.append(_CHECK_THREAT)


def _leave(work: Work, effect: Leave) -> None:
    """Seed, "Dejando una página", steps 2-4: the bookkeeper passes the dashboard to the left (the
    next character in turn order becomes the bookkeeper, and will take the next turn); the enemies
    leave play (to the Hunt box when hostile, their wounds removed); the tokens, the threat track
    and the group task are cleared."""
    n = len(work.options.characters)
    work.bookkeeper = (work.bookkeeper + 1) % n
    say(work, f"{character(work, work.bookkeeper).title} is the new bookkeeper")
    if work.hostile:
        work.hunt = (*work.hunt, *(f.card for f in work.foes))
        if work.foes:
            say(work, "the enemies go into the Hunt box")
    work.foes = ()
    work.loots = ()
    work.lost = (*work.lost, *(c.token for c in work.caches))
    work.caches = ()
    work.tokens = ()
    work.discard = (*work.discard, *(t for t in work.threats if t != NONE))
    work.threats = (NONE,) * TRACK
    if work.task_card != NONE:
        work.discard = (*work.discard, work.task_card)
    work.task, work.task_card, work.task_dial = None, NONE, 0
    work.hostile = False
    if work.outing.environment or work.outing.exit_page or work.outing.ahead:
        # *design*: an environment card describes the page's place; the way off it closes
        work.outing = replace(work.outing, environment=(), exit_space="", exit_page=0, ahead=())
    work.stack.append(Arrive(effect.page))


def _arrive(work: Work, effect: Arrive) -> None:
    page = page_of(work, effect.page)
    if page is None:
        end_game(work, Ending.FAILED, f"page {effect.page} is not known here")
        return
    work.page = page.number
    work.graph = graph_of(page)
    spot = next((s for s in work.book.map.spaces if s.page == page.number), None) if work.book.map else None
    driving = work.outing.driving
    if driving:
        work.outing = replace(work.outing, driving=False)
    if spot is not None and spot.name != work.outing.location:
        # *design*: each space the party marker moves costs a day: longer routes cost time (a
        # vehicle's trip none)
        work.outing = replace(work.outing, location=spot.name)
        if driving:
            say(work, f"the party drives to {spot.title}")
        else:
            _dial(work, "time", 1)
            say(work, f"the party marker moves to {spot.title}: +1 time")
    work.revisit = page.number in work.visited
    if not work.revisit:
        work.visited = (*work.visited, page.number)
    work.read = ()
    work.calamity_done = False
    say(work, f"the party arrives at page {page.number}: {page.title}" + (" (again)" if work.revisit else ""))
    for c in range(len(work.options.characters)):
        if work.fled[c] and "seriously_wounded" not in work.statuses[c]:
            work.statuses = put(work.statuses, c, (*work.statuses[c], "seriously_wounded"))
        work.fled = put(work.fled, c, False)
        work.spaces = put(work.spaces, c, page.start)
    if not work.revisit:
        for sp in page.spaces:
            for kind in sp.tokens:
                work.tokens = (*work.tokens, Token(sp.name, kind))
            for difficulty in sp.scavenge:
                tier = min(range(len(TIERS)), key=lambda k: (abs(TIERS[k] - difficulty), k))
                pile = list(work.piles[tier])
                if pile:
                    token = pile.pop(0)
                    work.piles = put(work.piles, tier, tuple(pile))
                    work.caches = (*work.caches, Cache(sp.name, CACHES[token].difficulty, token))
    begin = next((e for e in page.entries if e.trigger is _TRIGGER_BEGIN), None)
    arrived = f"{page.number}:arrived"
    if arrived in work.this_turn:
        return  # *design*: arriving twice at a page in one turn reads nothing the second time
    work.this_turn = (*work.this_turn, arrived)
    if begin is not None and (not work.revisit or begin.revisit):
        work.reader = work.active
        work.stack.append(Read(begin.id))


# -- the book's other effects ---------------------------------------------------------------------

def _everyone_or_reader(work: Work, everyone: bool) -> list[int]:
    return on_map(work) if everyone else ([work.reader] if work.spaces[work.reader] else [])


def _test(work: Work, effect: Test) -> None:
    who = work.reader
    if not work.spaces[who]:
        work.stack.extend(reversed(effect.failure))
        return
    work.test = Check(who, effect.attribute.value, effect.difficulty, effect.opposed, "book", NONE,
                      effect.success, effect.failure)
    say(work, f"{character(work, who).title}: a {'opposed ' if effect.opposed else ''}{effect.attribute.value} "
              f"test of difficulty {effect.difficulty}")
    wait(work, PHASE_TEST)


def _group_task(work: Work, effect: GroupTask) -> None:
    if work.task == effect:
        return  # the task read again while open keeps its dial
    if work.task_card != NONE:
        work.discard = (*work.discard, work.task_card)
    work.task, work.task_card, work.task_dial = effect, NONE, 0
    say(work, f"a group task: {effect.attribute.value} {effect.difficulty}")


def _dial_effect(work: Work, effect: Dial) -> None:
    say(work, f"{'+' if effect.amount >= 0 else ''}{effect.amount} {effect.dial}")
    _dial(work, effect.dial, effect.amount)


def _gain_item(work: Work, effect: GainItem) -> None:
    if effect.item not in ITEM_NAMES:
        return
    item = ITEM_NAMES.index(effect.item)
    if item not in work.item_deck:
        return  # seed, "Cubierta de descubrimiento": a card already retrieved is not retrieved again
    i = work.item_deck.index(item)
    work.item_deck = (*work.item_deck[:i], *work.item_deck[i + 1:])
    if effect.broken and not _to_supply(work, item):
        work.broken = (*work.broken, item)
        say(work, f"the {ITEMS[item].title} goes to the broken pile")
    elif not effect.broken:
        place_item(work, work.reader, item)


def _draw_items(work: Work, effect: DrawItems) -> None:
    for _ in range(effect.count):
        _draw_item(work, work.reader, effect.broken)


def batteries_left(s: Table) -> int:
    """The battery tokens left in the box: 8 (seed, components) less those the characters hold and
    those on their items."""
    return BATTERIES - sum(s.batteries) - sum(n for charge in s.charge for n in charge)


def give_batteries(work: Work, c: int, count: int) -> None:
    """Character ``c`` gains ``count`` battery tokens, as many as the box still holds (seed,
    components: 8 battery tokens; a gain takes what is left)."""
    given = min(count, batteries_left(work))
    work.batteries = put(work.batteries, c, work.batteries[c] + given)
    say(work, f"+{given} batteries" + (f" (the box held {given} of {count})" if given < count else ""))


def _batteries(work: Work, effect: Batteries) -> None:
    give_batteries(work, work.reader, effect.count)


def _wound(work: Work, effect: Wound) -> None:
    for c in _everyone_or_reader(work, effect.everyone):
        if work.phase is PHASE_OVER:
            return
        wound(work, c, effect.amount, effect.toxic)


def _book_attack(work: Work, effect: BookAttack) -> None:
    for c in reversed(_everyone_or_reader(work, effect.everyone)):
        work.stack.append(Attack(c, effect.strength, effect.toxic))


def _status(work: Work, effect: Status) -> None:
    if effect.status not in STATUS_NAMES:
        return
    for c in _everyone_or_reader(work, effect.everyone):
        if effect.status not in work.statuses[c]:
            work.statuses = put(work.statuses, c, (*work.statuses[c], effect.status))
            say(work, f"{character(work, c).title} is {effect.status.replace('_', ' ')}")


def _situation_effect(work: Work, effect: Situation) -> None:
    _situation(work, effect.hostile)
    _calm_if_clear(work)


def _end_mission(work: Work, effect: EndMission) -> None:
    where = mission_of(work).location
    if effect.success and where and work.outing.location != where:
        # seed, "De viaje": the mission is completed only at its location
        say(work, f"the main mission is completed at {where}, not here")
        return
    if effect.success:
        end_game(work, Ending.WON, "the mission is complete")
    elif not on_map(work) and any(type(e) is Fled for e in work.stack):
        end_game(work, Ending.FLED, "the mission has failed: every character fled")
    else:
        end_game(work, Ending.FAILED, "the mission has failed")


def _place_tokens(work: Work, effect: PlaceTokens) -> None:
    # the box holds so many tokens of a kind (seed, components): what is left is placed, in order
    left = TOKENS_IN_BOX.get(effect.token, 0) - sum(t.kind == effect.token for t in work.tokens)
    for sp in effect.spaces[:max(0, left)]:
        work.tokens = (*work.tokens, Token(sp, effect.token))


def _remove_tokens(work: Work, effect: RemoveTokens) -> None:
    work.tokens = tuple(t for t in work.tokens if not (t.kind == effect.token
                                                        and (not effect.spaces or t.space in effect.spaces)))


def _choice(work: Work, effect: Choice) -> None:
    work.choice = effect
    wait(work, PHASE_CHOICE)


def _travel(work: Work, effect: Travel) -> None:
    if effect.pages:
        work.travel = tuple(effect.pages)
    else:  # on the travel map: the spaces orthogonally next to the party marker (seed, "De viaje")
        travel_map = work.book.map
        work.travel = tuple(s.page for s in neighbours(travel_map, work.outing.location)) if travel_map else ()
        if not work.travel:
            say(work, "there is nowhere to travel to")
            return
    wait(work, PHASE_TRAVEL)


def _discover(work: Work, effect: Discover) -> None:
    """Seed, "Cubierta de descubrimiento": the card goes to the bottom of the item deck without
    shuffling; a card already fetched (or not in the discovery deck) is ignored."""
    start = work.options.campaign
    box = start.box if start is not None else work.book.discovery
    if effect.item not in box or effect.item in work.outing.discovered:
        say(work, f"the {effect.item.replace('_', ' ')} was fetched already")
        return
    work.item_deck = (*work.item_deck, ITEM_NAMES.index(effect.item))
    work.outing = replace(work.outing, discovered=(*work.outing.discovered, effect.item))
    say(work, f"discovered: the {ITEMS[ITEM_NAMES.index(effect.item)].title} goes to the bottom of the item deck")


def _goal(work: Work, effect: Goal) -> None:
    start = work.options.campaign
    done = (*(start.goals if start is not None else ()), *work.outing.goals)
    if effect.character in done:
        return  # done stays done
    work.outing = replace(work.outing, goals=(*work.outing.goals, effect.character))
    say(work, f"{effect.character.title()}'s personal goal is done")


def _learn(work: Work, effect: Learn) -> None:
    """An ability card comes out of its character's deck box: the character, in the party, holds it
    (a card held already is ignored)."""
    card = next((a for a in table_of(work).abilities if a.name == effect.ability), None)
    if card is None or card.character not in work.options.characters:
        say(work, f"nobody in the party learns {effect.ability.replace('_', ' ')}")
        return
    c = work.options.characters.index(card.character)
    held = work.outing.abilities
    if effect.ability in held[c]:
        return
    work.outing = replace(work.outing, abilities=tuple((*h, effect.ability) if k == c else h
                                                       for k, h in enumerate(held)))
    say(work, f"{character(work, c).title} learns {card.title}")


def _environment(work: Work, effect: Environment) -> None:
    """An environment card comes into play on the page (a card in play already stays as it is)."""
    if effect.card in work.outing.environment:
        return
    work.outing = replace(work.outing, environment=(*work.outing.environment, effect.card))
    say(work, f"environment: {effect.card.replace('_', ' ')}")


def _clear_environment(work: Work, effect: ClearEnvironment) -> None:
    kept = tuple(e for e in work.outing.environment if effect.card and e != effect.card)
    if kept != work.outing.environment:
        work.outing = replace(work.outing, environment=kept)
        say(work, f"the {effect.card.replace('_', ' ') or 'environment'} clears")


def _exit_page(work: Work, effect: ExitPage) -> None:
    """A way off the page opens on a space: a character standing there may leave alone."""
    work.outing = replace(work.outing, exit_space=effect.space, exit_page=effect.page)
    say(work, f"a way off the page opens on {effect.space}, to page {effect.page}")


def _vehicle(work: Work, effect: Vehicle) -> None:
    """The party takes a vehicle travel card (one it holds already is ignored)."""
    if effect.card in work.outing.vehicles:
        return
    work.outing = replace(work.outing, vehicles=(*work.outing.vehicles, effect.card))
    say(work, f"the party takes the {effect.card.replace('_', ' ')}")


def _lift_cap(work: Work, effect: LiftCap) -> None:
    if not work.outing.lifted:
        work.outing = replace(work.outing, lifted=True)
        say(work, f"{effect.dial} may now pass its cap")


# -- the turn's automatic steps ---------------------------------------------------------------------

def _start_turn(work: Work, effect: StartTurn) -> None:
    c = work.active
    work.this_turn = ()
    work.focus = 0
    if not work.spaces[c]:
        companions = on_map(work)
        if c in work.outing.ahead:  # it has left the page: it waits for the others beyond it
            say(work, f"{character(work, c).title} waits beyond the page")
            work.stack.append(_NEXT_TURN)
            return
        if work.hostile or not companions:
            say(work, f"{character(work, c).title} is out of play this turn")
            work.stack.append(_NEXT_TURN)
            return
        work.fled = put(work.fled, c, False)
        if "seriously_wounded" not in work.statuses[c]:
            work.statuses = put(work.statuses, c, (*work.statuses[c], "seriously_wounded"))
        say(work, f"{character(work, c).title} returns, seriously wounded")
        places = {work.spaces[o] for o in companions}
        if len(places) > 1:  # the player chooses which companion's space (seed: "cualquier espacio")
            wait(work, PHASE_RETURN)
            return
        work.spaces = put(work.spaces, c, work.spaces[companions[0]])
    wait(work, PHASE_DRAW)


def _resume(work: Work, effect: Resume) -> None:
    if work.spaces[work.active]:
        wait(work, PHASE_ACT)
    else:
        work.stack.append(_AFTER_TURN)
        work.stack.append(_CHECK_THREAT)


def _check_threat(work: Work, effect: CheckThreat) -> None:
    threats = len(work.threats) - work.threats.count(NONE)
    if not work.hostile:
        if threats < 4:
            return
        page = page_of(work)
        entry = next((e for e in page.entries if e.trigger is _TRIGGER_THREAT), None) if page else None
        if entry is not None and (not work.revisit or entry.revisit):
            work.reader = work.active
            work.stack.append(Read(entry.id))
        return
    if work.foes and threats >= len(work.foes):
        say(work, "the enemies' turn")
        work.stack.append(Activate(0, 0))


def _discard_threats(work: Work) -> None:
    work.discard = (*work.discard, *(t for t in work.threats if t != NONE))
    work.threats = (NONE,) * TRACK


def _activate(work: Work, effect: Activate) -> None:
    """Seed, "Turno enemigo": each enemy card from the top activates its figures with the action
    the threat card under it gives: move toward the nearest character, target the nearest in
    range and sight, attack; its threat card is discarded; leftovers are discarded at the end.
    Where characters are equally near, the bookkeeper chooses (seed: "you decide")."""
    slot, fig = effect.slot, effect.figure
    if slot >= len(work.foes):
        _discard_threats(work)
        return
    threat = work.threats[slot]
    foe = work.foes[slot]
    if threat == NONE or fig >= len(foe.spaces):
        if threat != NONE:
            work.discard = (*work.discard, threat)
            work.threats = put(work.threats, slot, NONE)
        work.stack.append(Activate(slot + 1, 0))
        return
    info = enemy(work, foe.card)
    action = info.actions[min(3, max(1, ACTION_CARDS[threat].value)) - 1]
    graph = work.graph
    here = foe.spaces[fig]
    targets = on_map(work)
    if effect.stage == 0:
        occupied = {work.spaces[c] for c in targets}
        if here not in occupied and action.speed > 0:
            costs = graph.hop_counts(here, through=_passable)  # = costs_from(here, cost=enemy_cost)
            reach = {c: costs[work.spaces[c]] for c in targets if work.spaces[c] in costs}
            goal = _nearest(work, effect, reach)
            if goal == NONE:
                return  # the bookkeeper chooses first
            if goal >= 0:
                for sp in _enemy_path(graph, here, work.spaces[goal], action.speed, reach[goal]):
                    here = sp
                    if sp in occupied:
                        break
                spaces = list(foe.spaces)
                spaces[fig] = here
                work.foes = put(work.foes, slot, Foe(foe.card, foe.group, tuple(spaces), foe.wounds))
        work.stack.append(Activate(slot, fig, 1))
        return
    sight = graph.hop_counts(here, through=_sees, max_hops=action.range)  # = graph.sight_distances
    who = _nearest(work, effect, {c: sight[work.spaces[c]] for c in targets if work.spaces[c] in sight})
    if who == NONE:
        return
    work.stack.append(Activate(slot, fig + 1))
    if who >= 0:
        say(work, f"the {info.title} attacks {character(work, who).title} (strength {action.strength})")
        work.stack.append(Attack(who, action.strength, action.toxic))


def _passable(kind: BorderKind) -> bool:
    return kind.passable


def _sees(kind: BorderKind) -> bool:
    return not kind.blocks_sight


def _enemy_path(graph: SpaceGraph[str], here: str, goal: str, speed: int, far: int) -> list[str]:
    """The first ``speed`` spaces after ``here`` of ``graph.shortest_path(here, goal,
    cost=enemy_cost)``: every line an enemy crosses costs 1, so the cheapest way is the one of
    fewest crossings (``far`` of them), counted back from the goal; each step goes to the first
    space, in the graph's order, one crossing nearer the goal, as ``shortest_path`` breaks ties."""
    back = graph.hop_counts(goal, through=_passable, max_hops=far)
    spaces = graph.spaces
    out: list[str] = []
    u = here
    if u not in back:
        return out
    while u != goal and len(out) < speed:
        want = back[u] - 1
        for j, kind in graph.links_of(u):
            v = spaces[j]
            if back.get(v) == want and kind.passable:
                u = v
                break
        out.append(u)
    return out


def _nearest(work: Work, effect: Activate, far: dict[int, int]) -> int:
    """The character nearest the enemy (``far``: each character's distance): the one chosen, the
    only nearest one, or NONE after asking the bookkeeper to choose among the nearest (the
    activation waits under the decision); -2 when no character is in reach."""
    if not far:
        return -2
    least = min(far.values())
    nearest = sorted(c for c, d in far.items() if d == least)
    if effect.chosen in nearest:
        return effect.chosen
    if len(nearest) == 1:
        return nearest[0]
    work.stack.append(effect)
    work.candidates = tuple(nearest)
    wait(work, PHASE_CHOOSE)
    return NONE


def _attack(work: Work, effect: Attack) -> None:
    c = effect.who
    if not work.spaces[c]:
        return
    if work.hands[c]:
        work.test = Check(c, "", effect.strength, True, "defend", NONE, toxic=effect.toxic)
        wait(work, PHASE_TEST)
        return
    say(work, f"{character(work, c).title} cannot defend")
    wound(work, c, 1, effect.toxic)


def _after_turn(work: Work, effect: AfterTurn) -> None:
    if not work.hostile and nest_helps(work):
        wait(work, PHASE_NEST)
        return
    work.stack.append(_NEXT_TURN)


def repairable(s: Table) -> list[int]:
    """The broken items the scrap pays for."""
    scrap = s.dials[_SCRAP]
    return sorted(i for i in s.broken if ITEMS[i].repair <= scrap)


def _feed(work: Work, effect: Feed) -> None:
    """Nest, step 1: a character with a normal wound may eat once, while there is food."""
    c = effect.who
    if work.wounds[c] and work.dials[_FOOD] > 0:
        work.stack.append(effect)
        wait(work, PHASE_EAT)


def _settle(work: Work, effect: Settle) -> None:
    """Nest, steps 2-4."""
    for c in range(len(work.options.characters)):
        work.wounds = put(work.wounds, c, work.wounds[c] + work.toxic[c])
        work.toxic = put(work.toxic, c, 0)
        work.statuses = put(work.statuses, c, ())
        work.charge = put(work.charge, c, (0,) * len(SLOTS))


def _mend(work: Work, effect: Mend) -> None:
    """Nest, step 5: while the scrap pays for a broken item, the bookkeeper repairs one (and says
    who gets it) or stops."""
    if repairable(work):
        work.stack.append(effect)
        wait(work, PHASE_REPAIR)


def _rest(work: Work, effect: Rest) -> None:
    """Nest, step 6: +1 time."""
    work.dials = put(work.dials, _TIME, min(99, work.dials[_TIME] + 1))
    say(work, "the party has nested (+1 time)")


def nest_helps(s: Table) -> bool:
    """Whether nesting would change anything but the time dial: a wound, a status, a battery on
    an item, or a broken item the scrap can repair."""
    return (any(s.wounds) or any(s.toxic) or any(s.statuses) or any(any(ch) for ch in s.charge)
            or any(ITEMS[i].repair <= s.dials[DIALS.index("scrap")] for i in s.broken))


def _next_turn(work: Work, effect: NextTurn) -> None:
    n = len(work.options.characters)
    work.discard = (*work.discard, *work.played)
    work.played = ()
    work.phase = PHASE_ACT
    work.turn += 1
    work.active = work.bookkeeper if effect.bookkeeper else (work.active + 1) % n
    if work.turn % n == 0:
        work.round += 1
        _dial(work, "time", 1)
        if work.round >= ROUNDS:
            # the seed sets no time limit (going over costs the colony): the engine's bound cuts
            end_game(work, Ending.CUT, f"the mission reached the engine's bound of {ROUNDS} rounds")
            return
    work.reader = work.active
    work.stack.append(_START_TURN)


def _noop(work: Work, effect: object) -> None:
    return None


HANDLERS: dict[type, Callable[[Work, Any], None]] = {
    Read: _read, GoToPage: _go_to_page, Travel: _travel, Encounter: _encounter,
    RandomEncounter: _random_encounter, EncounterCard: _encounter_card, Hunt: _hunt, PlaceTokens: _place_tokens,
    RemoveTokens: _remove_tokens, Test: _test, GroupTask: _group_task, Dial: _dial_effect, GainItem: _gain_item,
    DrawItems: _draw_items, Batteries: _batteries, Wound: _wound, BookAttack: _book_attack, Status: _status,
    Situation: _situation_effect, EndMission: _end_mission, Choice: _choice, Discover: _discover, Goal: _goal,
    LiftCap: _lift_cap, Learn: _learn, Environment: _environment, ClearEnvironment: _clear_environment,
    Vehicle: _vehicle, ExitPage: _exit_page,
    Leave: _leave, Arrive: _arrive, StartTurn: _start_turn, Resume: _resume, CheckThreat: _check_threat,
    Activate: _activate, Attack: _attack, AfterTurn: _after_turn, NextTurn: _next_turn, Fled: _fled,
    Gain: _gain, Feed: _feed, Settle: _settle, Mend: _mend, Rest: _rest,
}


def calamity(work: Work) -> None:
    """Seed, step 2: the calamity card drawn: the black die plus the time dial against the page's
    calamity value, once a page."""
    page = page_of(work)
    if work.calamity_done or page is None or page.calamity <= 0:
        say(work, "the calamity card: no effect here")
        return
    face, work.rng = roll(BLACK_DIE, work.rng)
    total = face + work.dials[_TIME]
    entry = next((e for e in page.entries if e.trigger is _TRIGGER_CALAMITY), None)
    say(work, f"the calamity card: black die {face} + time {work.dials[_TIME]} = {total} against {page.calamity}")
    if total >= page.calamity and entry is not None:
        work.calamity_done = True
        work.reader = work.active
        work.stack.append(Read(entry.id))


def place_threats(work: Work, cards: list[int]) -> None:
    """Seed, step 3: the threat cards drawn go on the track in random order, in the next slots
    without a threat card (*design*: one the full track has no room for is discarded)."""
    if not cards:
        return  # a shuffle of nothing draws nothing
    order, work.rng = work.rng.shuffle(cards)
    for card in order:
        free = next((k for k in range(TRACK) if work.threats[k] == NONE), None)
        if free is None:
            work.discard = (*work.discard, card)
        else:
            work.threats = put(work.threats, free, card)
    if cards:
        say(work, f"{len(cards)} threat card{'s' * (len(cards) > 1)} on the track")

