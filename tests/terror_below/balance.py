"""The measured balance table of Terror Below (docs/rules/terror_below.md, "Balance").

Run ``python -m tests.terror_below.balance [games]`` from the repository's root: the heuristic bot
on every seat, for 2-5 players (win share by seat, mean decisions and turns, how games ended, mean
score) and for each solo scenario (win rate), then the heuristic bot against random bots.
"""

from __future__ import annotations

import sys
from collections import Counter
from typing import Any

from wasteland.agents import RandomBot
from wasteland.agents.terror_below import HeuristicBot
from wasteland.terror_below import GAME, view
from wasteland.terror_below.cards import SCENARIOS
from wasteland.terror_below.rules import score


def play(seed: int, options: dict[str, Any], kinds: tuple[str, ...]) -> tuple[Any, int]:
    bots: list[Any] = [HeuristicBot(seed * 10 + p) if k == "heuristic" else RandomBot(seed * 10 + p)
                       for p, k in enumerate(kinds)]
    state = GAME.new_game(seed, **options)
    decisions = 0
    while GAME.outcome(state) is None:
        seat = GAME.current_player(state)
        assert seat is not None
        state = GAME.apply(state, bots[seat].choose(GAME, view(state, seat), GAME.legal_actions(state)))
        decisions += 1
    return state, decisions


def table(games: int) -> list[str]:
    lines = ["| players | win share by seat | decisions | turns | mean score | endings |", "|---|---|---|---|---|---|"]
    for n in (2, 3, 4, 5):
        wins, ends, length, turns, points = Counter[int](), Counter[str](), 0, 0, 0.0
        for seed in range(games):
            final, decisions = play(seed, {"players": n}, ("heuristic",) * n)
            outcome = GAME.outcome(final)
            assert outcome is not None
            for p in outcome.winners:
                wins[p] += 1
            ends[outcome.code] += 1
            length += decisions
            turns += final.turn
            points += sum(score(final, p) for p in range(n)) / n
        share = " / ".join(f"{100 * wins[p] / games:.0f}%" for p in range(n))
        ended = ", ".join(f"{code} {count}" for code, count in ends.most_common())
        lines.append(f"| {n} | {share} | {length / games:.0f} | {turns / games:.0f} | {points / games:.1f} | {ended} |")
    lines += ["", "| solo scenario | win rate | decisions | endings |", "|---|---|---|---|"]
    for scenario in SCENARIOS:
        won, ends, length = 0, Counter[str](), 0
        for seed in range(games):
            final, decisions = play(seed, {"players": 1, "scenario": scenario}, ("heuristic",))
            outcome = GAME.outcome(final)
            assert outcome is not None
            won += bool(outcome.winners)
            ends[outcome.code] += 1
            length += decisions
        ended = ", ".join(f"{code} {count}" for code, count in ends.most_common())
        lines.append(f"| {scenario} | {100 * won / games:.0f}% | {length / games:.0f} | {ended} |")
    lines += ["", "| heuristic against random | heuristic's win share |", "|---|---|"]
    for n in (2, 4):
        won = 0
        for seed in range(games):
            kinds = tuple("heuristic" if p == seed % n else "random" for p in range(n))
            final, _ = play(seed, {"players": n}, kinds)
            outcome = GAME.outcome(final)
            assert outcome is not None
            won += (seed % n) in outcome.winners
        lines.append(f"| 1 heuristic, {n - 1} random | {100 * won / games:.0f}% |")
    return lines


if __name__ == "__main__":
    print("\n".join(table(int(sys.argv[1]) if len(sys.argv) > 1 else 100)))
