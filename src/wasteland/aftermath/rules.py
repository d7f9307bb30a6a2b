"""The contract's rules: the engine's table of reasons and rules, the driver's effects, the end.

Everything passes through the engine (``wasteland.core.engine``): ``RULES`` says for each action
when it is legal and what it does (``turn.py``); the book's effects and the turn's automatic steps
are effects on the stack (``mission.py``); a ``Wait`` on top of the stack is a pending decision.
"""

from __future__ import annotations

from typing import Any

from wasteland.core.bounds import check_loaded
from wasteland.core.driver import Driver
from wasteland.core.engine import Engine, Rule
from wasteland.core.game import Outcome
from wasteland.aftermath.actions import ACTION_TYPES, Action, action_count, decode, notation
from wasteland.aftermath.book import Book, BookAttack, Choice, Effect as BookEffect, Test, Travel
from wasteland.aftermath.card_set import CardSet, card_table
from wasteland.aftermath.cards import CHARACTER_NAMES, HAND, ITEMS, PACK, ROUNDS, SLOTS
from wasteland.aftermath.loaded import check_options, check_state
from wasteland.aftermath.mission import HANDLERS, decider, owner
from wasteland.aftermath.setup import initial_state, make_options
from wasteland.aftermath.state import PHASE_OVER, Ending, State, Wait, Work
from wasteland.aftermath.turn import DOS, REASONS, legal

__all__ = [
    "ENGINE", "RULES", "new_game", "current_player", "legal_actions", "moves", "apply", "outcome", "returns",
    "num_players",
    "parse", "action_from_id", "max_decisions", "per_turn",
]

RULES: dict[type, Rule[State, Work, Any]] = {t: Rule(REASONS[t], DOS[t]) for t in ACTION_TYPES}


def ready(state: State) -> bool:
    return state.phase is PHASE_OVER or bool(state.stack) and type(state.stack[-1]) is Wait


def over(state: State) -> bool:
    return state.phase is PHASE_OVER


def _advance(work: Work) -> bool:
    return False  # every automatic step is an effect on the stack


_REASONS = {
    Ending.WON: "the mission is complete", Ending.FAILED: "the mission has failed",
    Ending.FLED: "every character fled at once: the mission fails",
    Ending.CUT: f"the mission reached the engine's bound of {ROUNDS} rounds (a truncation: the seed sets no "
                "time limit)",
    Ending.LOST: "a dial of the colony reached 0: the campaign is lost",
}


def ending(state: State) -> Outcome | None:
    """How the mission ended, None while it runs: the team wins or loses together."""
    if state.phase is not PHASE_OVER:
        return None
    code = Ending(state.ending)
    winners = range(state.options.players) if code is Ending.WON else ()
    # the round in the reason: ``wasteland simulate`` counts the endings by reason, so it shows
    # how many rounds the missions took
    when = "" if code is Ending.CUT else f" in round {state.round + 1}"
    return Outcome(winners=winners, reason=_REASONS[code] + when, code=code)


ENGINE: Engine[State, Action, Work, Any] = Engine(
    title="Aftermath", state_type=State, work_type=Work, rules=RULES, actions_of=legal, ready=ready,
    driver=Driver(effects=HANDLERS, advance=_advance), make_options=make_options, setup=initial_state,
    notation=notation, over=over, ending=ending, action_count=action_count, decode=decode,
)

new_game = ENGINE.new_game
legal_actions = ENGINE.legal_actions
moves = ENGINE.moves
apply = ENGINE.apply
parse = ENGINE.parse
outcome = ENGINE.outcome
returns = ENGINE.returns
action_from_id = ENGINE.action_from_id
num_players = ENGINE.num_players


def current_player(state: State) -> int | None:
    if type(state) is not State:
        ENGINE.state(state)  # refused: not an Aftermath state
    return None if state.phase is PHASE_OVER else owner(state, decider(state))


def _weight(effects: tuple[BookEffect, ...]) -> int:
    """The most decisions the effects of an entry can ask for: a test is at most 5 cards and a
    roll, a book attack a defence of each of 4 characters, a choice or travel 1 and its options."""
    total = 0
    for e in effects:
        if isinstance(e, Test):
            total += HAND + 1 + _weight(e.success) + _weight(e.failure)
        elif isinstance(e, BookAttack):
            total += 4 * (HAND + 1)
        elif isinstance(e, Choice):
            total += 1 + sum(_weight(o.effects) for o in e.options)
        elif isinstance(e, Travel):
            total += 1
    return total


#: The most moves of one Equip/Trade: each item the party holds in the space moves once (4
#: characters of 5 slots and a pack of 2), a battery placed for each of the box's 8, and the stop.
EQUIP_MOVES = 4 * (len(SLOTS) + PACK) + 8 + 1


def per_turn(book: Book, cards: CardSet | None = None) -> int:
    """The most decisions of one turn: the draw step (5 discards and the draw); at most 5 cards to
    act with, each starting an action of at most 4 more cards, 24 steps and a stop or roll, or an
    Equip/Trade of at most ``EQUIP_MOVES``; every entry of the book read at most once a turn; an
    enemy turn of at most 40 figures (5 cards of 8), each with a bookkeeper's choice of where it
    goes and of whom it attacks, each attack defended by a stop and by cards, of which the hands
    hold at most 20; an item gained is placed once (each item at most once a turn); the nest, its
    meals (4) and its repairs (each broken item repaired, then placed), and the stop; where a
    character who fled returns. And the character's cards beyond the hand (each ability card once a
    turn): an ability activated is a decision and a card that pays for it (so within the cards'
    budget), but for one that costs nothing; the influence card; an action started with each action
    card a ``rally`` draws (the most the cards of any one character of ``cards`` draw in a turn)."""
    entries = sum(_weight(e.effects) for p in book.pages for e in p.entries)
    items = len(ITEMS)
    action = max(30, EQUIP_MOVES)
    return ((HAND + 1) + HAND * action + 1 + entries + 40 + 20 + 2 * 40 + 2
            + items + 4 + 2 * items + 1 + 1 + _beyond_the_hand(cards, action))


def _beyond_the_hand(cards: CardSet | None, action: int) -> int:
    """The decisions a character's ability and influence cards may add to a turn (see ``per_turn``)."""
    table = card_table(cards)
    most = 0
    for name in CHARACTER_NAMES:
        own = [a for a in table.abilities if a.character == name]
        influence = [x for x in table.influences if x.character == name]
        free = sum(1 for a in own if a.cost == 0)
        drawn = sum(a.amount for a in own if a.kind == "rally") + sum(x.amount for x in influence if x.kind == "rally")
        most = max(most, free + len(influence) + drawn * action)
    return most


def max_decisions(state: State) -> int:
    """A bound on the decisions left: the mission ends after ``ROUNDS`` rounds of one turn per
    character (*design*), and each turn takes at most ``per_turn`` decisions."""
    s = ENGINE.state(state)
    if s.phase is PHASE_OVER:
        return 0
    n = len(s.options.characters)
    turns = (ROUNDS - s.round) * n
    return (turns + 1) * per_turn(s.book, s.options.cards)


# -- what a file may hold ---------------------------------------------------------------------------

check_loaded(ENGINE, check_state, options=check_options)  # and a running game has a legal action
