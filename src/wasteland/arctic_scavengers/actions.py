"""The decisions of Arctic Scavengers, each a small step, and their notation.

The seat deciding is ``current_player(state)``; actions do not name it.
Gathering: :class:`Begin` an action, :class:`Commit` a card to it,
:class:`Equip` a tool or Group Leaders to a committed person, :class:`Resolve`
it (Dig, Draw, Hunt, Trash) or :class:`Hire` from a pile; :class:`Keep` one dug
card; :class:`EndGathering` announces the force. Skirmish: :class:`Sabotage`,
:class:`Snipe`, :class:`EndDeclarations`.

Action records are immutable values; the actions that name no card or a pile are shared
instances, and each card set's :class:`ActionSpace` holds one Commit and one Keep per card,
which keeps listing the legal actions cheap.

**Notation** (the table is in docs/rules/arctic_scavengers.md): ``dig``,
``draw``, ``hunt``, ``hire``, ``trash`` begin an action; ``c 17`` commits card
17; ``eq 12>17`` equips modifier 12 on person 17; ``go`` resolves; ``keep 40``
/ ``keep none``; ``hire Brawler`` hires from that pile; ``end`` ends the
gathering; ``disarm 33>71`` and ``snipe 33>71`` declare; ``pass`` declares
nothing more. ``rules.parse`` reads it back (case and spacing do not matter).

**Action ids** (the table is in the rules page too): every action of a game has a
fixed integer id below :func:`action_count`, which depends on the card set only
(see :class:`ActionSpace`). Cards are numbered by their index in the set
(``table.ids``), so a user set's sparse ids give a compact space; an Equip names
its person by its position among the committed cards. :func:`action_id` and
:func:`decode` are arithmetic; ``rules.action_from_id`` decodes and checks the
action with the rules' own checks, on the table or on the view of the seat deciding.
"""

from __future__ import annotations

from typing import Any, Callable

from attrs import frozen

from wasteland.arctic_scavengers.card_set import CardSet, card_table
from wasteland.arctic_scavengers.cards import (
    DIG, DRAW, HIDDEN, HUNT, MERCENARY_PILES, PUBLIC_TABLE, CardTable, card_type,
)
from wasteland.arctic_scavengers.state import HAND_SIZE, TASKS, State, Task
from wasteland.core.codec import register_records
from wasteland.core.data import DerivedCache
from wasteland.core.game import IllegalAction, need_state, short

__all__ = [
    "Begin", "Commit", "Equip", "Resolve", "Keep", "Hire", "EndGathering",
    "Sabotage", "Snipe", "EndDeclarations", "Action", "ACTION_TYPES",
    "begin", "hire", "BEGINS", "HIRES",
    "RESOLVE", "END_GATHERING", "END_DECLARATIONS", "KEEP_NONE", "PILE_NAMES",
    "notation", "ActionSpace", "action_space", "action_count", "action_id", "decode", "max_hand",
    "space_for", "BEGIN_ID", "RESOLVE_ID", "END_GATHERING_ID", "END_DECLARATIONS_ID", "KEEP_NONE_ID", "HIRE_ID",
    "FIRST_CARD_ID", "PUBLIC_SPACE",
]


@frozen(cache_hash=True)
class Begin:
    """Start a gathering action (Dig, Draw, Hunt, Hire or Trash)."""

    task: Task


@frozen(cache_hash=True)
class Commit:
    """Play a hand card into the action under way (a person, a medicine card, or trash)."""

    card: int


@frozen(cache_hash=True)
class Equip:
    """Put a tool or Group Leaders from the hand on a person committed to the action."""

    modifier: int
    person: int


@frozen(cache_hash=True)
class Resolve:
    """Carry out the action under way (Dig, Draw, Hunt or Trash)."""


@frozen(cache_hash=True)
class Keep:
    """Keep one dug card (to the discard); ``None`` keeps none. The rest go to the junkyard bottom."""

    card: int | None


@frozen(cache_hash=True)
class Hire:
    """Hire the top mercenary of pile ``pile`` (0..7, in :data:`cards.MERCENARY_PILES` order)."""

    pile: int


@frozen(cache_hash=True)
class EndGathering:
    """Stop gathering; the cards left in hand are the skirmish force."""


@frozen(cache_hash=True)
class Sabotage:
    """A Saboteur in your force disarms a tool in another player's force."""

    saboteur: int
    target: int


@frozen(cache_hash=True)
class Snipe:
    """A Sniper Team in your force snipes a person in another player's force."""

    sniper: int
    target: int


@frozen(cache_hash=True)
class EndDeclarations:
    """Declare nothing more in this skirmish."""


Action = Begin | Commit | Equip | Resolve | Keep | Hire | EndGathering | Sabotage | Snipe | EndDeclarations
ACTION_TYPES: tuple[type, ...] = (
    Begin, Commit, Equip, Resolve, Keep, Hire, EndGathering, Sabotage, Snipe, EndDeclarations,
)

# --- shared instances ----------------------------------------------------------

RESOLVE = Resolve()
END_GATHERING = EndGathering()
END_DECLARATIONS = EndDeclarations()
KEEP_NONE = Keep(None)
#: Begin each gathering action, in :data:`state.TASKS` order (by Task value).
BEGINS: tuple[Begin, ...] = tuple(Begin(task) for task in TASKS)
#: Hire from each pile, in :data:`cards.MERCENARY_PILES` order.
HIRES: tuple[Hire, ...] = tuple(Hire(i) for i in range(len(MERCENARY_PILES)))


def begin(task: Task) -> Begin:
    return BEGINS[task._value_]


def hire(pile: int) -> Hire:
    return HIRES[pile]


# --- notation -------------------------------------------------------------------

#: The printed name of each mercenary pile, as the notation writes it (``hire Sniper Team``).
PILE_NAMES: tuple[str, ...] = tuple(card_type(key).name for key in MERCENARY_PILES)
_WORDS = {task: task.name.lower() for task in TASKS}


def _pile_name(pile: object) -> str:
    if pile.__class__ is int and 0 <= pile < len(PILE_NAMES):
        return PILE_NAMES[pile]
    return short(pile)


_NOTATION: dict[type, Callable[[Any], str]] = {
    Begin: lambda a: _WORDS.get(a.task, short(a.task)),
    Commit: lambda a: f"c {short(a.card)}",
    Equip: lambda a: f"eq {short(a.modifier)}>{short(a.person)}",
    Resolve: lambda a: "go",
    Keep: lambda a: "keep none" if a.card is None else f"keep {short(a.card)}",
    Hire: lambda a: f"hire {_pile_name(a.pile)}",
    EndGathering: lambda a: "end",
    Sabotage: lambda a: f"disarm {short(a.saboteur)}>{short(a.target)}",
    Snipe: lambda a: f"snipe {short(a.sniper)}>{short(a.target)}",
    EndDeclarations: lambda a: "pass",
}


def notation(state: State, action: Action) -> str:
    """The short text of ``action`` (see the module's text); it needs no state, but the
    contract passes the state the action is taken in (IllegalAction when it is none of this game's)."""
    if type(state) is not State:
        need_state(state, State, "an Arctic Scavengers")
    write = _NOTATION.get(type(action))
    if write is None:
        return short(action)
    try:
        return write(action)
    except Exception:  # noqa: BLE001 - a hand-built action may hold any value (an odd Task, say)
        return short(action)


# --- the fixed action space -----------------------------------------------------------

#: Ids of the actions that name no card: Begin (by Task value), Resolve, EndGathering,
#: EndDeclarations, Keep(None), then Hire by pile. Card actions follow from :data:`FIRST_CARD_ID`.
BEGIN_ID, RESOLVE_ID, END_GATHERING_ID, END_DECLARATIONS_ID, KEEP_NONE_ID, HIRE_ID = 0, 5, 6, 7, 8, 9
FIRST_CARD_ID = HIRE_ID + len(MERCENARY_PILES)


def max_hand(table: CardTable) -> int:
    """The most cards a hand can hold in a round of a game with ``table``'s cards: the five of
    the draw phase, less the cards one Draw takes, plus the most that Draw can draw (hands grow
    only by Draw, once a round)."""
    base, bonus = table.base[DRAW], table.bonus[DRAW]
    ids = table.ids
    persons = sorted((base[c] for c in ids if base[c] >= 0), reverse=True)
    tools = sorted((bonus[c] for c in ids if table.is_tool[c] and bonus[c] > 0), reverse=True)
    leaders = sorted((bonus[c] for c in ids if table.is_leader[c] and bonus[c] > 0), reverse=True)
    best = HAND_SIZE
    for k in range(1, min(HAND_SIZE, len(persons)) + 1):
        drawn = sum(persons[:k])
        for t in range(min(k, HAND_SIZE - k, len(tools)) + 1):
            for g in range(min(k, HAND_SIZE - k - t, len(leaders)) + 1):
                best = max(best, HAND_SIZE - k - t - g + drawn + sum(tools[:t]) + sum(leaders[:g]))
    return best


class ActionSpace:
    """The numbering of every action in a game played with one card set (the rules page,
    "Action ids"); built once per set.

    ``cards`` is the set's ids (``table.ids``) and ``index`` the position of each; an Equip
    is numbered by the modifier's index among ``modifiers`` and the position of its person
    among the committed cards, below ``positions`` (the most persons an action can hold:
    at most the largest hand, :func:`max_hand`, and the cards able to dig, draw or hunt);
    a Sabotage by its Saboteur among ``saboteurs`` and its target among ``tools``; a Snipe
    by its Sniper Team among ``snipers`` and its target among ``persons``. ``commits`` and
    ``keeps`` hold the Commit and the Keep of each card, shared by every list of legal actions.
    """

    __slots__ = (
        "cards", "index", "modifiers", "modifier_index", "positions", "saboteurs", "saboteur_index", "tools",
        "tool_index", "snipers", "sniper_index", "persons", "person_index", "keep_id", "equip_id", "sabotage_id",
        "snipe_id", "count", "commits", "keeps",
    )

    def __init__(self, table: CardTable) -> None:
        ids = table.ids
        self.cards: tuple[int, ...] = ids
        self.index: dict[int, int] = {c: i for i, c in enumerate(ids)}
        self.modifiers = tuple(c for c in ids if table.modifies[c])
        self.saboteurs = tuple(c for c in ids if table.is_saboteur[c])
        self.tools = tuple(c for c in ids if table.is_tool[c])
        self.snipers = tuple(c for c in ids if table.is_sniper[c])
        self.persons = tuple(c for c in ids if table.is_person[c])
        self.modifier_index = {c: i for i, c in enumerate(self.modifiers)}
        self.saboteur_index = {c: i for i, c in enumerate(self.saboteurs)}
        self.tool_index = {c: i for i, c in enumerate(self.tools)}
        self.sniper_index = {c: i for i, c in enumerate(self.snipers)}
        self.person_index = {c: i for i, c in enumerate(self.persons)}
        able = sum(1 for c in ids if max(table.base[DIG][c], table.base[DRAW][c], table.base[HUNT][c]) >= 0)
        self.positions: int = min(max_hand(table), able)
        self.keep_id: int = FIRST_CARD_ID + len(ids)
        self.equip_id: int = self.keep_id + len(ids)
        self.sabotage_id: int = self.equip_id + len(self.modifiers) * self.positions
        self.snipe_id: int = self.sabotage_id + len(self.saboteurs) * len(self.tools)
        self.count: int = self.snipe_id + len(self.snipers) * len(self.persons)
        self.commits: dict[int, Commit] = {c: Commit(c) for c in ids}
        self.keeps: dict[int, Keep] = {c: Keep(c) for c in ids}


#: The numbering of a game with the public set; a set of one's own has its own, built on first use.
PUBLIC_SPACE = ActionSpace(PUBLIC_TABLE)
_SPACES: DerivedCache[CardSet, ActionSpace] = DerivedCache(lambda cards: ActionSpace(card_table(cards)))


def _check_state(state: object) -> State:
    return need_state(state, State, "an Arctic Scavengers")


def space_for(cards: CardSet | None) -> ActionSpace:
    """The numbering of the actions of a game played with the card set ``cards`` (None: the public set)."""
    return PUBLIC_SPACE if cards is None else _SPACES(cards)


def action_space(state: State) -> ActionSpace:
    """The numbering of the actions of ``state``'s game (a table or a view)."""
    return space_for(_check_state(state).options.cards)


def action_count(state: State) -> int:
    """The number of action ids of ``state``'s game: the same for every state of a game (it
    depends on the card set only). Works on a table or a view."""
    return action_space(state).count


def _card_id(base: int, index: dict[int, int], card: object, what: str) -> int:
    if card.__class__ is int:
        i = index.get(card)
        if i is not None:
            return base + i
    raise IllegalAction(f"{what} {short(card)} is not a card of this game's set")


def _equip_id(space: ActionSpace, state: State, action: Equip) -> int:
    m = action.modifier
    mi = space.modifier_index.get(m) if m.__class__ is int else None
    if mi is None:
        raise IllegalAction(f"modifier {short(m)} is not a tool or Group Leaders of this game's set")
    person = action.person
    if person.__class__ is not int or person == HIDDEN or person not in state.committed:
        raise IllegalAction(f"person {short(person)} is not committed to an action now: its equip has no id")
    position = state.committed.index(person)
    if position >= space.positions:
        raise IllegalAction(f"person {person} lies at position {position} of the committed cards, beyond the "
                            f"{space.positions} positions of the action space")
    return space.equip_id + mi * space.positions + position


def _pair_id(base: int, units: dict[int, int], targets: dict[int, int], unit: object, target: object,
             what: tuple[str, str]) -> int:
    u = units.get(unit) if unit.__class__ is int else None
    if u is None:
        raise IllegalAction(f"{short(unit)} is not a {what[0]} of this game's set")
    t = targets.get(target) if target.__class__ is int else None
    if t is None:
        raise IllegalAction(f"{short(target)} is not a {what[1]} of this game's set")
    return base + u * len(targets) + t


def action_id(state: State, action: Action) -> int:
    """The id of ``action`` in ``state``'s game, from 0 to ``action_count(state) - 1``: pure
    arithmetic on the action's fields (an Equip also reads the committed cards). Distinct
    actions legal at the same time have distinct ids. It does not check that ``action`` is
    legal now; an action it cannot number (not an action of this game, a card outside the
    set, an Equip on a person not committed) raises IllegalAction. Works on a table or a view.
    The action types are tried in the order of how often they are legal (Commit, Begin,
    EndGathering, Resolve, ...): the masks of the RL adapters number every legal action.
    """
    if type(state) is not State:
        need_state(state, State, "an Arctic Scavengers")  # raises IllegalAction
    cards = state.options.cards
    space = PUBLIC_SPACE if cards is None else _SPACES(cards)
    if type(action) is Commit:
        return _card_id(FIRST_CARD_ID, space.index, action.card, "card")
    if type(action) is Begin:
        task = action.task
        if task.__class__ is not Task:
            raise IllegalAction(f"the action to begin must be a Task, got {short(task)}")
        return BEGIN_ID + task._value_
    if type(action) is EndGathering:
        return END_GATHERING_ID
    if type(action) is Resolve:
        return RESOLVE_ID
    if type(action) is Keep:
        if action.card is None:
            return KEEP_NONE_ID
        return _card_id(space.keep_id, space.index, action.card, "dug card")
    if type(action) is Equip:
        return _equip_id(space, state, action)
    if type(action) is Hire:
        pile = action.pile
        if pile.__class__ is not int or not 0 <= pile < len(MERCENARY_PILES):
            raise IllegalAction(f"pile must be 0..{len(MERCENARY_PILES) - 1}, got {short(pile)}")
        return HIRE_ID + pile
    if type(action) is EndDeclarations:
        return END_DECLARATIONS_ID
    if type(action) is Sabotage:
        return _pair_id(space.sabotage_id, space.saboteur_index, space.tool_index, action.saboteur,
                        action.target, ("Saboteur", "tool"))
    if type(action) is Snipe:
        return _pair_id(space.snipe_id, space.sniper_index, space.person_index, action.sniper,
                        action.target, ("Sniper Team", "person"))
    raise IllegalAction(f"{short(action)} has no action id in Arctic Scavengers")


def decode(state: State, i: int) -> Action:
    """The action numbered ``i`` (0 <= i < ``action_count(state)``), legal or not; IllegalAction
    for an Equip whose position holds no committed person now."""
    space = action_space(state)
    if i < HIRE_ID:
        if i < RESOLVE_ID:
            return BEGINS[i - BEGIN_ID]
        return (RESOLVE, END_GATHERING, END_DECLARATIONS, KEEP_NONE)[i - RESOLVE_ID]
    if i < FIRST_CARD_ID:
        return HIRES[i - HIRE_ID]
    if i < space.keep_id:
        return space.commits[space.cards[i - FIRST_CARD_ID]]
    if i < space.equip_id:
        return space.keeps[space.cards[i - space.keep_id]]
    if i < space.sabotage_id:
        m, position = divmod(i - space.equip_id, space.positions)
        committed = state.committed
        if position >= len(committed) or committed[position] == HIDDEN:
            raise IllegalAction(f"action {i} equips the person at position {position} of the committed cards, "
                                f"and there is none now")
        return Equip(space.modifiers[m], committed[position])
    if i < space.snipe_id:
        u, t = divmod(i - space.sabotage_id, len(space.tools))
        return Sabotage(space.saboteurs[u], space.tools[t])
    u, t = divmod(i - space.snipe_id, len(space.persons))
    return Snipe(space.snipers[u], space.persons[t])


register_records("arctic_scavengers", *ACTION_TYPES)  # the codec tags: arctic_scavengers.<ClassName>
