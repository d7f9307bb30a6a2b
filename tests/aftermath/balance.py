"""The measured balance table of the starter mission (docs/rules/aftermath.md, "Balance").

Run ``python -m tests.aftermath.balance [games]`` from the repository's root: the heuristic bot on
every seat for 1-4 players (success rate, rounds, decisions, how missions ended), then the random
bot the same way.
"""

from __future__ import annotations

import sys
from collections import Counter
from typing import Any

from wasteland.agents import RandomBot
from wasteland.agents.aftermath import HeuristicBot
from wasteland.aftermath import GAME, view
from wasteland.aftermath.state import State


def play(seed: int, players: int, kind: str = "heuristic", **options: Any) -> tuple[State, int]:
    """A mission of ``players`` bots of ``kind``, seeded ``seed``: the final table and its decisions."""
    bots: list[Any] = [HeuristicBot(seed * 10 + p) if kind == "heuristic" else RandomBot(seed * 10 + p)
                       for p in range(players)]
    state = GAME.new_game(seed, players=players, **options)
    decisions = 0
    while (seat := GAME.current_player(state)) is not None:
        state = GAME.apply(state, bots[seat].choose(GAME, view(state, seat), GAME.legal_actions(state)))
        decisions += 1
    return state, decisions


def row(players: int, games: int, kind: str) -> str:
    endings: Counter[str] = Counter()
    rounds = decisions = won = 0
    for seed in range(games):
        final, n = play(seed, players, kind)
        result = GAME.outcome(final)
        assert result is not None
        endings[result.code] += 1
        won += bool(result.winners)
        rounds += final.round + 1
        decisions += n
    ends = ", ".join(f"{code} {count}" for code, count in endings.most_common())
    return (f"| {players} | {kind} | {100 * won / games:.0f} % | {rounds / games:.1f} | {decisions / games:.0f} | "
            f"{ends} |")


def main(games: int) -> None:
    print("| players | bots | success | rounds | decisions | endings |")
    print("|---|---|---|---|---|---|")
    for kind in ("heuristic", "random"):
        for players in (1, 2, 3, 4):
            print(row(players, games, kind))


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 100)
