"""The shipped books use every rule: every effect kind of the book format and every card family of
the seed's components is in the starter book or the demo campaign, and the heuristic bot meets
each, and every kind of decision, in a set of seeded games (the starter mission at every table
size, and the demo campaign start to end).

``python -m tests.aftermath.test_coverage`` prints what the bot reached, as a fraction.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from tests.aftermath.test_campaign import play_campaign
from wasteland.agents.aftermath import HeuristicBot
from wasteland.aftermath import GAME, view
from wasteland.aftermath.actions import ACTION_TYPES
from wasteland.aftermath.book import (
    EFFECT_NAMES, Book, ClearEnvironment, Discover, Effect, Environment, ExitPage, GainItem, Learn, Vehicle,
    all_effects,
)
from wasteland.aftermath.campaign import _Colony
from wasteland.aftermath.cards import ITEMS, STASH
from wasteland.aftermath.rules import ENGINE
from wasteland.aftermath.setup import demo_campaign_book, the_book, make_options
from wasteland.aftermath.state import Phase

UPGRADES = frozenset(i.name for i in ITEMS if i.slot == STASH)

#: The card families of the seed's components, and how a book brings each into play (the
#: influence cards are each character's from the start: the rule that plays them is the action).
FAMILIES: dict[str, Callable[[Effect], bool]] = {
    "ability cards": lambda e: isinstance(e, Learn),
    "environment cards": lambda e: isinstance(e, (Environment, ClearEnvironment)),
    "vehicle travel cards": lambda e: isinstance(e, Vehicle),
    "colony upgrades": lambda e: isinstance(e, (GainItem, Discover)) and e.item in UPGRADES,
    "ways off a page": lambda e: isinstance(e, ExitPage),
}
#: The decisions each family is played with (the heuristic bot must make each).
FAMILY_ACTIONS = {"Ability", "Influence", "Drive", "Exit"}
#: The rules effects of the engine itself (not the book's), each an automatic step of the rules.
BOOK_EFFECTS = frozenset(EFFECT_NAMES.values())


def book_effects(book: Book) -> Iterator[Effect]:
    """Every effect a book holds: its entries', its missions' and its colony phase's, branches included."""
    yield from all_effects(e for p in book.pages for entry in p.entries for e in entry.effects)
    yield from all_effects(e for m in book.missions for e in (*m.won, *m.lost))
    yield from all_effects((*book.colony, *book.overtime))


def shipped() -> list[Book]:
    return [the_book(make_options()), demo_campaign_book()]


def test_the_shipped_books_use_every_effect_kind() -> None:
    used = {type(e) for book in shipped() for e in book_effects(book)}
    assert used == BOOK_EFFECTS, sorted(t.__name__ for t in BOOK_EFFECTS - used)


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_the_starter_book_and_the_demo_campaign_each_bring_in_every_card_family(family: str) -> None:
    for book in shipped():
        assert any(FAMILIES[family](e) for e in book_effects(book)), (book.title, family)


class Seen:
    """What the rules did in the games played: the book's effects resolved, the decisions made, the
    phases met."""

    def __init__(self) -> None:
        self.effects: set[type] = set()
        self.actions: set[str] = set()
        self.phases: set[Phase] = set()

    def watch(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """Note each book effect the driver resolves (the rules' own handlers, wrapped)."""
        for kind, handler in list(ENGINE.driver.effects.items()):
            if kind in BOOK_EFFECTS:
                monkeypatch.setitem(ENGINE.driver.effects, kind, self._noting(kind, handler))

    def _noting(self, kind: type, handler: Callable[[Any, Any], None]) -> Callable[[Any, Any], None]:
        def noted(work: Any, effect: Any) -> None:
            self.effects.add(kind)
            handler(work, effect)
        return noted

    def play(self, state: Any, seed: int) -> Any:
        bots = [HeuristicBot(seed * 10 + p) for p in range(state.options.players)]
        while (seat := GAME.current_player(state)) is not None:
            self.phases.add(state.phase)
            action = bots[seat].choose(GAME, view(state, seat), GAME.legal_actions(state))
            self.actions.add(type(action).__name__)
            state = GAME.apply(state, action)
        return state


def bot_games(monkeypatch: pytest.MonkeyPatch, seeds: int = 10, campaigns: int = 3) -> Seen:
    """The heuristic bot on every seat: the starter mission at 1 to 4 players, seeds 0 to
    ``seeds``-1; and the demo campaign start to end (seeds 1 to ``campaigns``), its colony phases
    included (the effects of a mission won or lost, of the colony and of overtime)."""
    seen = Seen()
    seen.watch(monkeypatch)
    colony = _Colony.apply

    def applying(self: _Colony, effect: Effect) -> None:
        seen.effects.add(type(effect))
        colony(self, effect)
    monkeypatch.setattr(_Colony, "apply", applying)
    for players in (1, 2, 3, 4):
        for seed in range(seeds):
            seen.play(GAME.new_game(seed, players=players), seed)
    original = HeuristicBot.choose

    def choosing(bot: HeuristicBot, game: Any, state: Any, legal: tuple[Any, ...]) -> Any:
        seen.phases.add(state.phase)
        action = original(bot, game, state, legal)
        seen.actions.add(type(action).__name__)
        return action
    monkeypatch.setattr(HeuristicBot, "choose", choosing)
    for seed in range(1, campaigns + 1):
        play_campaign(seed)
    return seen


def reached(seen: Seen) -> dict[str, tuple[int, int, list[str]]]:
    """Per kind of rule: how many the bot reached, of how many, and those it did not."""
    actions = {t.__name__ for t in ACTION_TYPES}
    phases = set(Phase) - {Phase.OVER}
    return {
        "book effects": (len(seen.effects), len(BOOK_EFFECTS), sorted(t.__name__ for t in BOOK_EFFECTS - seen.effects)),
        "decisions": (len(seen.actions & actions), len(actions), sorted(actions - seen.actions)),
        "phases": (len(seen.phases & phases), len(phases), sorted(p.value for p in phases - seen.phases)),
        "card families": (len(seen.actions & FAMILY_ACTIONS), len(FAMILY_ACTIONS),
                          sorted(FAMILY_ACTIONS - seen.actions)),
    }


#: What the heuristic bot reaches in ``bot_games``, at least (measured: every card family's
#: decision; 26 of 29 book effects, 23 of 32 kinds of decision, 12 of 14 phases). What it does not
#: reach it never chooses (it never communicates or discards before drawing; it cheers only a
#: companion left without cards while hostile, and rarely equips or repairs) or its routes do not
#: pass (a few entries off the way to the mission).
FLOORS = {"card families": 4, "book effects": 26, "decisions": 23, "phases": 12}


def test_the_heuristic_bot_meets_every_card_family_and_most_rules_in_seeded_games(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The fractions reached: ``python -m tests.aftermath.test_coverage``."""
    seen = bot_games(monkeypatch)
    for what, (got, total, missing) in reached(seen).items():
        assert got >= FLOORS[what], (what, got, total, missing)
    assert {"Ability", "Influence", "Drive", "Exit", "Wear"} <= seen.actions
    assert {Learn, Environment, ClearEnvironment, Vehicle, ExitPage, GainItem} <= seen.effects


if __name__ == "__main__":
    with pytest.MonkeyPatch.context() as patch:
        for what, (got, total, missing) in reached(bot_games(patch)).items():
            print(f"{what}: {got} of {total} ({got / total:.0%})" + (f"; not reached: {', '.join(missing)}"
                                                                     if missing else ""))
