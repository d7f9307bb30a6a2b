"""A rule-of-thumb player for Arctic Scavengers that sees only its own view.

Each gathering turn it draws first, hunts, hires the best mercenary it can pay
for, digs when it has dig value to spare, trashes Junk, and from round 3 on keeps
its fighters (and their weapons) in hand as the skirmish force. In a skirmish it
snipes and disarms the strongest targets. Ties between equal choices are broken
by its own Rng.
"""

from __future__ import annotations

from typing import Any, Callable

from wasteland.arctic_scavengers.actions import (
    Begin, Commit, EndDeclarations, EndGathering, Equip, Hire, Keep, Resolve, Sabotage, Snipe,
)
from wasteland.arctic_scavengers.card_set import table_of
from wasteland.arctic_scavengers.cards import HIDDEN, MERCENARY_PILES, PUBLIC_TABLE, CardTable
from wasteland.arctic_scavengers.end import final_result, tribe_cards
from wasteland.arctic_scavengers.gathering import can_afford
from wasteland.arctic_scavengers.state import FIRST_SKIRMISH_ROUND, Phase, State, Task
from wasteland.core.game import Game
from wasteland.core.rng import Rng
from wasteland.agents.search import share

__all__ = ["HeuristicBot", "card_value", "evaluate", "SEARCH", "PLAYOUT_ON_TABLE"]

DIG, DRAW, HUNT, FIGHT = 0, 1, 2, 3

#: How much the bot wants each mercenary pile (people first, then fight).
_HIRE_WISH = {
    "thugs": 10, "group_leaders": 8, "sniper_team": 7, "scout": 6, "brawler": 5,
    "saboteur": 4, "hunter": 3, "scavenger": 2,
}
#: Task order within a turn.
_ORDER = (Task.DRAW, Task.HUNT, Task.HIRE, Task.DIG, Task.TRASH)


def card_value(card: int, t: CardTable = PUBLIC_TABLE) -> float:
    """A rough worth of owning ``card`` (values from ``t``): its people, then its best ability or bonus."""
    if card == HIDDEN:
        return 0.0
    abilities = max(max(t.base[a][card], 0) + t.bonus[a][card] for a in range(4))
    return 2.0 * t.people[card] + abilities + 0.5 * t.medicine[card]


class HeuristicBot:
    """Hunt and hire sensibly, dig when it pays, keep a force for the skirmish."""

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng.from_seed(seed)
        self.table = PUBLIC_TABLE

    def choose(self, game: Game[Any, Any], view: Any, legal: tuple[Any, ...]) -> Any:
        state: State = view
        self.table = table_of(state)  # the values of the card set this game is played with
        if state.phase is Phase.KEEP:
            return self._keep(legal)
        if state.phase is Phase.SKIRMISH:
            return self._declare(legal)
        if state.task is None:
            return self._next_task(state, legal)
        return self._continue_task(state, legal)

    # --- gathering ---------------------------------------------------------

    def _force(self, state: State) -> set[int]:
        """Cards the bot keeps for the skirmish (round 3 on): its fighters and their weapons."""
        t = self.table
        if state.round < FIRST_SKIRMISH_ROUND or len(state.contested) == 0:
            return set()
        hand = state.hands[state.turn]
        fighters = sorted((c for c in hand if t.base[FIGHT][c] >= 2 or t.is_sniper[c] or t.is_saboteur[c]),
                          key=lambda c: -t.base[FIGHT][c])
        weapons = sorted((c for c in hand if t.is_tool[c] and t.bonus[FIGHT][c] >= 2), key=lambda c: -t.bonus[FIGHT][c])
        persons = [c for c in fighters if t.base[FIGHT][c] >= 0]
        keep = set(fighters) | set(weapons[: max(len(persons), 1)])
        keep |= {c for c in hand if t.is_leader[c]} if persons else set()
        return keep

    def _useful(self, state: State, task: Task, free: list[int]) -> bool:
        t = self.table
        a = task.value
        if task is Task.TRASH:
            return any(t.name[c] == "Junk" for c in free)
        if task is Task.HIRE:
            return True
        persons = [c for c in free if t.base[a][c] >= 0]
        total = sum(t.base[a][c] for c in persons)
        mods = sorted((t.bonus[a][c] for c in free if t.bonus[a][c] and not t.base[a][c] >= 0), reverse=True)
        total += sum(mods[: len(persons) * 2])
        if task is Task.DIG:
            return total >= 1 and bool(persons)
        return total >= 1

    def _next_task(self, state: State, legal: tuple[Any, ...]) -> Any:
        force = self._force(state)
        free = [c for c in state.hands[state.turn] if c not in force]
        begins = {a.task: a for a in legal if isinstance(a, Begin)}
        for task in _ORDER:
            if task in begins and self._useful(state, task, free):
                if task is Task.HIRE and self._hire_target(state, legal, all_meds=True) is None:
                    continue
                return begins[task]
        return next(a for a in legal if isinstance(a, EndGathering))

    def _hire_target(self, state: State, legal: tuple[Any, ...], all_meds: bool) -> int | None:
        t = self.table
        hand = state.hands[state.turn]
        med = sum(t.medicine[c] for c in (hand if all_meds else ())) + sum(t.medicine[c] for c in state.committed)
        best: tuple[int, int] | None = None
        for i, pile in enumerate(state.piles):
            if pile and can_afford(self.table, i, med, state.food):
                wish = _HIRE_WISH[MERCENARY_PILES[i]]
                if best is None or wish > best[0]:
                    best = (wish, i)
        return None if best is None else best[1]

    def _continue_task(self, state: State, legal: tuple[Any, ...]) -> Any:
        t = self.table
        task = state.task
        assert task is not None
        force = self._force(state)
        if task is Task.HIRE:
            target = self._hire_target(state, legal, all_meds=True)
            for a in legal:
                if isinstance(a, Hire) and a.pile == target:
                    return a
            meds = sorted((a for a in legal if isinstance(a, Commit)), key=lambda a: -t.medicine[a.card])
            if meds:
                return meds[-1] if t.medicine[meds[-1].card] else meds[0]
            hires = [a for a in legal if isinstance(a, Hire)]
            return hires[0] if hires else legal[0]
        if task is Task.TRASH:
            for a in legal:
                if isinstance(a, Commit) and t.name[a.card] == "Junk":
                    return a
            return next((a for a in legal if isinstance(a, Resolve)), legal[0])
        ability = task.value
        commits = [a for a in legal if isinstance(a, Commit) and a.card not in force]
        good = [a for a in commits if t.base[ability][a.card] >= 1]
        if good:
            return max(good, key=lambda a: t.base[ability][a.card])
        equips = [a for a in legal if isinstance(a, Equip) and a.modifier not in force]
        if equips:
            return max(equips, key=lambda a: t.bonus[ability][a.modifier])
        zero = [a for a in commits if t.base[ability][a.card] == 0 and self._has_spare_modifier(state, force)]
        if zero:
            return zero[0]
        for a in legal:
            if isinstance(a, Resolve):
                return a
        return commits[0] if commits else legal[0]

    def _has_spare_modifier(self, state: State, force: set[int]) -> bool:
        t = self.table
        task = state.task
        assert task is not None
        a = task.value
        mods = [c for c in state.hands[state.turn] if t.bonus[a][c] and t.base[a][c] < 0 and c not in force]
        return len(mods) > len(state.committed) - sum(1 for c in state.committed if t.base[a][c] >= 1)

    # --- keep and skirmish ---------------------------------------------------

    def _keep(self, legal: tuple[Any, ...]) -> Any:
        best, best_value = None, 0.0
        for a in legal:
            if isinstance(a, Keep) and a.card is not None and card_value(a.card, self.table) > best_value:
                best, best_value = a, card_value(a.card, self.table)
        if best is None:
            return next(a for a in legal if isinstance(a, Keep) and a.card is None)
        return best

    def _declare(self, legal: tuple[Any, ...]) -> Any:
        t = self.table
        snipes = [a for a in legal if isinstance(a, Snipe)]
        if snipes:
            return self._best(snipes, lambda a: (t.is_sniper[a.target] or t.is_saboteur[a.target],
                                                 t.base[FIGHT][a.target], t.people[a.target]))
        sabotages = [a for a in legal if isinstance(a, Sabotage)]
        if sabotages:
            return self._best(sabotages, lambda a: t.bonus[FIGHT][a.target])
        return next(a for a in legal if isinstance(a, EndDeclarations))

    def _best(self, options: list[Any], key: Callable[[Any], Any]) -> Any:
        """The best of ``options`` by ``key``; equal ones are drawn with the bot's Rng."""
        top = max(key(a) for a in options)
        tied = [a for a in options if key(a) == top]
        choice, self.rng = self.rng.choice(tied)
        return choice



#: The settings of ``ismcts:<budget>`` and ``flat:<budget>`` with nothing else given (docs/agents.md).
SEARCH: dict[str, Any] = {"rollout": "heuristic", "depth": 40, "score_weight": 0.5}
#: The heuristic reads nothing that its seat's view hides, so the search's playouts hand it the
#: determinized table itself and build no view (a test checks that it chooses the same on both).
PLAYOUT_ON_TABLE = True
#: The contested resources a game starts with (the game ends when the last is taken).
CONTESTED = 14
#: How many people of lead make a tribe about e (2.7) times likelier to win, early and at the end.
LEAD_EARLY = 4.0
LEAD_LATE = 1.0


def evaluate(state: State) -> tuple[float, ...]:
    """Each tribe's chance in [0, 1]: a soft share of the win by the people on every card it owns
    (the most people win), the sharper the fewer contested resources are left. A finished table is worth its
    returns (a shared win counts 1 for each)."""
    n = state.options.players
    if state.phase is Phase.OVER:
        winners = final_result(state)[1]
        return tuple(1.0 if p in winners else 0.0 for p in range(n))
    t = table_of(state)
    strength = [sum(t.people[c] for c in tribe_cards(state, p) if c != HIDDEN) for p in range(n)]
    left = min(len(state.contested), CONTESTED) / CONTESTED
    return share(strength, LEAD_LATE + (LEAD_EARLY - LEAD_LATE) * left)
