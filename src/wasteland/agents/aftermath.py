"""A heuristic player for Aftermath.

It sees only its seat's view (the page as the page shows it, the entries it has read) and plays
one small decision at a time:

* **fight** when hostile: melee an enemy in its space, else shoot one in range and sight, the most
  wounded first;
* **contribute** to an open group task the cards that match it, the biggest first;
* **recover** from a status, **scavenge** a token in its space when its cards can reach the
  difficulty;
* **move** toward the nearest space whose unread entry the page shows (a token's entry while its
  token is there first: objectives), adding cards of the colour of the lines on the way, and
  keeping 2 cards to defend with while the situation is hostile;
* in a **test** it plays the cards that follow until cards and bonuses reach the difficulty plus
  one (the dice are even on average), the biggest first;
* it never communicates (a failure turns the page hostile);
* with nowhere to head for it reads how to leave the page; while hostile, with 4 cards or more, it
  **cheers** a companion holding 1 card or none (to defend with) with its lowest card;
* where characters are equally near an enemy, it sends the enemy at the one with the most life left;
* in a **choice** it takes an option that goes to a page not yet visited, never one that goes
  back, and prefers the options without a test or a wound; it **nests** when a character is hurt,
  and each hurt character **eats** (never a campaign's last food); it repairs the cheapest broken
  item for a character with a free slot for it;
* a character who fled **returns** beside the most companions; an **ability** it pays with the
  smallest white card that completes the cost;
* an **item gained** it equips (itself first, else a companion in its space), else packs, else
  discards for its value; it starts an **Equip/Trade** with its lowest card when a packed item has
  a free slot (and its hand holds more than 2 cards), equips it and puts its batteries on its items;
* it **leaves a page** alone by a way off it as soon as it stands there, and a character whose
  companion has left heads for that way;
* on the **travel map** it travels toward the space where the main mission is completed, driving
  when it holds a vehicle card whose road costs no dial;
* it plays an **ability card** or its **influence card** when it helps now (a focus or an item
  always, a throw while hostile, a heal when someone in its space is hurt, a rally with 2 cards or
  fewer, a calm when the threat builds up).
"""

from __future__ import annotations

import math
from typing import Any

from wasteland.core.game import Game
from wasteland.core.rng import Rng
from wasteland.aftermath.actions import (
    Ability, Card, Charge, Cheer, Choose, Consult, Contribute, Discard, Done, Draw, Drive, Eat, End, Equip, Exit, Go,
    Influence, Melee, Move, Nest, Pass, Pick, Ranged, Recover, Repair, Scavenge, Scrap, Stand, Step, Stow, Wear,
)
from wasteland.aftermath.book import Choice, Effect, GoToPage, Test, Trigger, Wound
from wasteland.aftermath.card_set import table_of
from wasteland.aftermath.cards import ACTION_CARDS, ITEMS, MAX_FIGURES, NONE, STATUSES
from wasteland.aftermath.mission import character, decider, free_slot, mission_of, page_of
from wasteland.aftermath.state import Pay, Phase, State
from wasteland.aftermath.turn import line_cost, bonus_of
from wasteland.aftermath.state import Ending

__all__ = ["HeuristicBot", "goal_of", "evaluate", "SEARCH"]

#: The decisions of where items go: an item gained, an Equip/Trade, the nest's repairs.
_PLACING = (Phase.GAIN, Phase.EQUIP, Phase.REPAIR)


def goal_of(s: State) -> str | None:
    """The space the party heads for: the nearest (from the active character) whose unread entry
    the page shows, a token's entry while its token is there before a space's entry."""
    page = page_of(s)
    here = s.spaces[s.active]
    if page is None or not here:
        return None
    if s.outing.ahead and s.outing.exit_space:
        return s.outing.exit_space  # a companion has left the page: follow it
    costs = s.graph.costs_from(here)
    best: tuple[int, int, str] | None = None
    for e in page.entries:
        if e.id in s.read or e.space not in costs or (s.revisit and not e.revisit):
            continue
        if e.trigger is Trigger.TOKEN and any(t.space == e.space and t.kind == e.token for t in s.tokens):
            rank = 0
        elif e.trigger is Trigger.SPACE:
            rank = 1
        else:
            continue
        key = (rank, costs[e.space], e.space)
        if best is None or key < best:
            best = key
    return best[2] if best else None


def _distance(s: State, page: int) -> int:
    """Steps on the travel map from the space naming ``page`` to where the main mission is
    completed (0 without a travel map or a location)."""
    where = mission_of(s).location
    if s.book.map is None or not where:
        return 0
    spots = {sp.page: sp for sp in s.book.map.spaces}
    goal = next((sp for sp in s.book.map.spaces if sp.name == where), None)
    if page not in spots or goal is None:
        return 0
    return abs(spots[page].x - goal.x) + abs(spots[page].y - goal.y)


def _value(card: int) -> int:
    return ACTION_CARDS[card].value


def _option_worth(s: State, effects: tuple[Effect, ...]) -> float:
    worth = 0.0
    for e in effects:
        if isinstance(e, GoToPage):
            worth += -10.0 if e.page in s.visited else 10.0
        elif isinstance(e, Test):
            worth -= 1.0
        elif isinstance(e, Wound):
            worth -= 2.0
        elif isinstance(e, Choice):
            worth += max(_option_worth(s, o.effects) for o in e.options)
    return worth


def _worth_it(s: State, kind: str) -> bool:
    """Whether an ability or influence card of ``kind`` helps now: a focus or an item always; a
    throw while hostile; a heal when the character or a companion in its space is hurt; a rally
    with 2 cards or fewer in hand; a calm with 3 threat cards or more on the track (or hostile)."""
    c = s.active
    if kind in ("team_focus", "focus", "finder"):
        return True
    if kind == "throw":
        return s.hostile
    if kind == "heal":
        return any(s.wounds[o] for o in range(len(s.spaces)) if s.spaces[o] and s.spaces[o] == s.spaces[c])
    if kind == "rally":
        return len(s.hands[c]) <= 2
    if kind == "calm":
        threats = sum(1 for t in s.threats if t != NONE)
        return threats >= 3 or s.hostile and threats >= 1
    return False


def _card_to_play(s: State, legal: tuple[Any, ...]) -> Any:
    """An ability card that helps now (a throw last), else the influence card if it helps."""
    useful = [a for a in legal if isinstance(a, Ability) and _worth_it(s, table_of(s).abilities[a.card].kind)]
    if useful:
        return min(useful, key=lambda a: (table_of(s).abilities[a.card].kind == "throw", a.card, a.target))
    if Influence() in legal:
        card = next(x for x in table_of(s).influences if x.character == s.options.characters[s.active])
        if _worth_it(s, card.kind):
            return Influence()
    return None


def _at_last(s: State, legal: tuple[Any, ...], goal: str | None) -> Any:
    """Nothing better to do: with nowhere to head for, read how to leave the page; while hostile
    with 4 cards or more, cheer a companion holding 1 card or none (to defend with); else end."""
    consult = [a for a in legal if isinstance(a, Consult)]
    if goal is None and consult:
        return consult[0]
    hand = s.hands[s.active]
    cheers = [a for a in legal if isinstance(a, Cheer) and s.hostile and len(hand) >= 4 and len(s.hands[a.to]) <= 1]
    if cheers:
        return min(cheers, key=lambda a: (_value(a.card), a.to, a.card))
    return next(a for a in legal if isinstance(a, End))


class HeuristicBot:
    """Plays Aftermath greedily from its seat's view (see the module's text)."""

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng.from_seed(seed)

    def choose(self, game: Game[Any, Any], view: Any, legal: tuple[Any, ...]) -> Any:
        s: State = view
        if len(legal) == 1:
            return legal[0]
        if s.phase is Phase.DRAW:
            return next(a for a in legal if isinstance(a, Draw)) if any(isinstance(a, Draw) for a in legal) \
                else next(a for a in legal if isinstance(a, Discard))
        if s.phase is Phase.TEST:
            return self._test(s, legal)
        if s.phase is Phase.CHOICE and s.choice is not None:
            picks = [a for a in legal if isinstance(a, Pick)]
            return max(picks, key=lambda a: (_option_worth(s, s.choice.options[a.option].effects)
                                             if s.choice else 0.0, -a.option))
        if s.phase is Phase.TRAVEL:  # toward the mission; driving there when a vehicle card can (no day)
            trips = [a for a in legal if isinstance(a, (Go, Drive))]
            vehicles = table_of(s).vehicles
            return max(trips, key=lambda a: (-_distance(s, s.travel[a.option]), s.travel[a.option] not in s.visited,
                                             s.travel[a.option],
                                             isinstance(a, Drive) and vehicles[a.vehicle].amount >= 0,
                                             -a.vehicle if isinstance(a, Drive) else 0))
        if s.phase is Phase.CHOOSE:  # toward, or at, the character with the most life left
            chooses = [a for a in legal if isinstance(a, Choose)]
            return max(chooses, key=lambda a: (character(s, a.character).life - s.wounds[a.character]
                                               - s.toxic[a.character], len(s.hands[a.character]), -a.character))
        if s.phase is Phase.NEST:
            hurt = any(s.wounds) or any(s.toxic) or any(s.statuses)
            return next(a for a in legal if isinstance(a, Nest if hurt else Pass))
        if s.phase in _PLACING:
            return self._place(s, legal)
        if s.phase is Phase.PAY:  # the smallest white card that completes the cost, else the biggest
            pay = s.stack[-2] if len(s.stack) >= 2 else None
            cost = table_of(s).abilities[pay.card].cost if isinstance(pay, Pay) else 0
            due = cost - sum(_value(k) for k in s.played)
            cards = [a for a in legal if isinstance(a, Card)]
            enough = [a for a in cards if _value(a.card) >= due]
            return min(enough, key=lambda a: (_value(a.card), a.card)) if enough else max(
                cards, key=lambda a: (_value(a.card), a.card))
        if s.phase is Phase.RETURN:  # back beside the most companions
            page = page_of(s)
            names = [sp.name for sp in page.spaces] if page else []
            stands = [a for a in legal if isinstance(a, Stand)]
            return max(stands, key=lambda a: (sum(1 for sp in s.spaces if names and sp == names[a.space]), -a.space))
        if s.phase is Phase.EAT:  # eat, but never a campaign's last food (food at 0 loses it)
            keep = 1 if s.options.campaign is not None else 0
            eat = [a for a in legal if isinstance(a, Eat)]
            return eat[0] if eat and s.dials[0] > keep else next(a for a in legal if isinstance(a, Pass))
        if s.phase is Phase.MOVE:
            return self._move(s, legal)
        return self._act(s, legal)

    def _place(self, s: State, legal: tuple[Any, ...]) -> Any:
        """An item gained, an Equip/Trade, a repair: equip what it can (on the one who decides
        first), put batteries on its items, pack what has no free slot, repair the cheapest item
        for whoever has a free slot for it; discard an item gained only when nobody can hold it."""
        me = decider(s)
        wear = [a for a in legal if isinstance(a, Wear) and (s.phase is not Phase.EQUIP or a.to == me)]
        if wear:
            return min(wear, key=lambda a: (a.to != me, a.to, a.item))
        charge = [a for a in legal if isinstance(a, Charge)]
        if charge:
            return charge[0]
        repairs = [a for a in legal if isinstance(a, Repair)]
        if repairs:
            return min(repairs, key=lambda a: (ITEMS[a.item].repair, free_slot(s, a.to, a.item) == NONE,
                                               len(s.pack[a.to]), a.item, a.to))
        if s.phase is Phase.GAIN:
            stow = [a for a in legal if isinstance(a, Stow)]
            return stow[0] if stow else next(a for a in legal if isinstance(a, Scrap))
        return next(a for a in legal if isinstance(a, Done))

    def _test(self, s: State, legal: tuple[Any, ...]) -> Any:
        test = s.test
        cards = [a for a in legal if isinstance(a, Card)]
        if test is None or not cards:
            return next(a for a in legal if isinstance(a, Done))
        first = ACTION_CARDS[s.played[0]].colour if s.played else ""
        attribute = test.attribute if "/" not in test.attribute else first or "yellow"
        attribute = attribute or first or "blue"
        have = sum(_value(k) for k in s.played) + bonus_of(s, test.who, attribute, test.kind)
        if s.played and have >= test.difficulty + 1 or (test.kind == "defend" and s.played
                                                          and len(s.hands[test.who]) <= 1):
            done = [a for a in legal if isinstance(a, Done)]
            if done:
                return done[0]
        return max(cards, key=lambda a: (_value(a.card), a.card))

    def _move(self, s: State, legal: tuple[Any, ...]) -> Any:
        page = page_of(s)
        goal = goal_of(s)
        steps = [a for a in legal if isinstance(a, Step)]
        done = next(a for a in legal if isinstance(a, Done))
        if page is None:
            return done
        here = s.spaces[s.active]
        names = [sp.name for sp in page.spaces]
        graph = s.graph
        if goal is None or goal == here:
            if goal == here and steps:
                return steps[0]  # step out, to come back in
            return done
        played = tuple(s.played)
        costs = graph.costs_from(goal, cost=lambda kind: line_cost(kind.name, played))
        if here in costs and costs[here] > s.mp and not s.stepped:
            adds = [a for a in legal if isinstance(a, Card)]
            if adds and not (s.hostile and len(s.hands[s.active]) <= 2):
                colour = ACTION_CARDS[s.played[0]].colour if s.played else ""
                return max(adds, key=lambda a: (ACTION_CARDS[a.card].colour == colour, _value(a.card)))
        best = [(costs[names[a.space]], a.space, a) for a in steps if names[a.space] in costs]
        if best and here in costs and min(best)[0] < costs[here]:
            return min(best, key=lambda x: (x[0], x[1]))[2]
        return done

    def _act(self, s: State, legal: tuple[Any, ...]) -> Any:
        c = s.active
        hand = s.hands[c]

        def pick(kind: type) -> list[Any]:
            return [a for a in legal if isinstance(a, kind)]

        def weakest(actions: list[Any]) -> Any:
            def left(a: Any) -> int:
                slot, fig = divmod(int(a.target), MAX_FIGURES)
                wounds: int = s.foes[slot].wounds[fig]
                return -wounds
            return min(actions, key=lambda a: (left(a), a.target))

        if pick(Exit):  # the way on: leave the page (the others follow)
            return pick(Exit)[0]
        if s.hostile and pick(Melee):
            return weakest(pick(Melee))
        if s.hostile and pick(Ranged):
            return weakest(pick(Ranged))
        if pick(Contribute):
            return max(pick(Contribute), key=lambda a: (_value(a.card), a.card))
        card = _card_to_play(s, legal)
        if card is not None:
            return card
        for a in pick(Recover):
            status = STATUSES[a.status]
            if sum(_value(k) for k in hand) + bonus_of(s, c, status.remove, "recover") >= status.difficulty:
                return a
        for a in pick(Scavenge):
            best = max(("yellow", "green"), key=lambda colour: sum(
                _value(k) for k in hand if ACTION_CARDS[k].colour in (colour, "white"))
                + bonus_of(s, c, colour, "scavenge"))
            if sum(_value(k) for k in hand if ACTION_CARDS[k].colour in (best, "white")) \
                    + bonus_of(s, c, best, "scavenge") >= s.caches[a.cache].difficulty:
                return a
        equips = pick(Equip)
        if equips and len(hand) > 2 and any(i != NONE and free_slot(s, c, i) != NONE for i in s.pack[c]):
            return min(equips, key=lambda a: (_value(a.card), a.card))  # a packed item to equip
        moves = pick(Move)
        goal = goal_of(s)
        keep = 2 if s.hostile else 0
        if moves and goal is not None and len(hand) > keep:
            return max(moves, key=lambda a: (_value(a.card), a.card))
        return _at_last(s, legal, goal)



# -- the evaluation of a table, for the search bots --------------------------------------------

#: The settings of ``ismcts:<budget>`` and ``flat:<budget>`` with nothing else given (docs/agents.md):
#: heuristic playouts to the mission's end. Cut at 20 decisions and scored by ``evaluate`` (the
#: setting before), the search stalled (the model has no term for time) and won 5 solo missions of
#: 20 where the heuristic won 19; played to the end it won the heuristic's missions, deal for deal.
SEARCH: dict[str, Any] = {"rollout": "heuristic"}
#: The weights of ``evaluate``'s logistic model, fitted by logistic regression on the tables of
#: 312 starter missions played by the heuristic bot (1 and 2 players, seeds 1000-1161 and
#: 2000-2149, each table at 10 %, 20 % ... 90 % of its mission paired with the mission's result):
#: the life the best-off character has left (a share of its life), the characters' mean life
#: left, the entries read, the pages visited, the cards in hand a character, a hostile page,
#: the enemy cards on the threat track; and the constant.
BEST_LIFE = 1.18
MEAN_LIFE = 2.77
READ = 0.15
VISITED = 1.41
HAND = 0.17
HOSTILE = -0.91
FOES = -0.33
BIAS = -3.51


def evaluate(s: State) -> tuple[float, ...]:
    """The team's chance in [0, 1], the same for every seat: a logistic model of the mission's
    result (the weights above). A mission fails when every character has fled at once, so the
    life the best-off character has left weighs beside the party's mean; progress (entries read,
    pages visited) and cards in hand to defend with help; a hostile page and enemies on the
    threat track hold it back. A character who fled counts no life. A finished mission is worth
    its result."""
    n = s.options.players
    if s.phase is Phase.OVER:
        return (1.0 if s.ending == Ending.WON else 0.0,) * n
    characters = len(s.wounds)
    lives = [0.0 if s.fled[c] else max(0.0, 1.0 - (s.wounds[c] + s.toxic[c]) / max(character(s, c).life, 1))
             for c in range(characters)]
    x = (BIAS + BEST_LIFE * max(lives, default=0.0) + MEAN_LIFE * sum(lives) / max(characters, 1)
         + READ * len(s.read) + VISITED * len(set(s.visited))
         + HAND * sum(len(h) for h in s.hands) / max(characters, 1)
         + HOSTILE * s.hostile + FOES * len(s.foes))
    return (1.0 / (1.0 + math.exp(-x)),) * n
