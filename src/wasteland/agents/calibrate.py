"""How well a game's ``evaluate`` predicts the end: its correlation with the final returns.

``python -m wasteland.agents.calibrate GAME [--players N] [-n GAMES] [--seed S] [--at 0.5]``
plays ``GAMES`` seeded games with the heuristic bot in every seat and, at the decision a
fraction ``--at`` of the way through each game, evaluates a determinization of seat 0's view
(what a search bot would score; seat 0's when the game is over). It prints the Pearson correlation of those values
with the games' returns (every seat of every game one pair), the same on the referee's
table (what the oracle would score), the mean value in won and in lost
games, and how many games were won. docs/agents.md keeps the figures.
"""

from __future__ import annotations

import argparse
import math
from typing import Any, Sequence

from wasteland.agents import make_bot
from wasteland.agents.search import game_evaluate
from wasteland.registry import get_game
from wasteland.simulate import bot_seed

__all__ = ["Calibration", "calibrate", "pearson"]


class Calibration:
    """What :func:`calibrate` measured: the pairs (value, return) and their summary."""

    def __init__(self, key: str, players: int, at: float, pairs: Sequence[tuple[float, float]],
                 referee: Sequence[tuple[float, float]] = ()) -> None:
        self.key = key
        self.players = players
        self.at = at
        self.pairs = tuple(pairs)
        #: The same on the referee's table (what the oracle would score).
        self.referee = tuple(referee)

    @property
    def correlation(self) -> float | None:
        return pearson(self.pairs)

    def mean(self, won: bool) -> float | None:
        values = [v for v, r in self.pairs if (r > 0.5) == won]
        return sum(values) / len(values) if values else None

    def format(self) -> str:
        r = self.correlation
        won, lost = self.mean(True), self.mean(False)
        wins = sum(1 for _, x in self.pairs if x > 0.5)

        def show(x: float | None) -> str:
            return "—" if x is None else f"{x:.3f}"
        return (f"{self.key} ({self.players} players), evaluate at {self.at:.0%} of each game: "
                f"{len(self.pairs)} seat-games, {wins} won; correlation with the return {show(r)} "
                f"(on the referee's table {show(pearson(self.referee))}); "
                f"mean value {show(won)} where won, {show(lost)} where lost")


def pearson(pairs: Sequence[tuple[float, float]]) -> float | None:
    """Pearson's correlation of the pairs; None when either side does not vary."""
    n = len(pairs)
    if n < 2:
        return None
    mx = sum(x for x, _ in pairs) / n
    my = sum(y for _, y in pairs) / n
    sxy = sum((x - mx) * (y - my) for x, y in pairs)
    sxx = sum((x - mx) ** 2 for x, _ in pairs)
    syy = sum((y - my) ** 2 for _, y in pairs)
    if sxx <= 0 or syy <= 0:
        return None
    return sxy / math.sqrt(sxx * syy)


def calibrate(key: str, games: int, *, players: int | None = None, seed: int = 0, at: float = 0.5,
              options: dict[str, Any] | None = None) -> Calibration:
    """Play ``games`` heuristic games of ``key`` and pair the value ``at`` the way through with the returns."""
    game = get_game(key)
    evaluate = game_evaluate(key)
    if evaluate is None:
        raise ValueError(f"{key} has no evaluate")
    opts = dict(options or {})
    if players is not None:
        opts["players"] = players
    pairs: list[tuple[float, float]] = []
    referee: list[tuple[float, float]] = []
    n = 0
    for g in range(games):
        deal = seed + g
        state = game.new_game(deal, **opts)
        n = game.num_players(state)
        bots = [make_bot("heuristic", key, bot_seed(deal, s)) for s in range(n)]
        tables = [state]
        while (player := game.current_player(state)) is not None:
            state = game.apply(state, bots[player].choose(game, game.view(state, player), game.legal_actions(state)))
            tables.append(state)
        returns = game.returns(state)
        middle = tables[min(len(tables) - 1, int(at * (len(tables) - 1)))]
        mover = game.current_player(middle)
        seat = 0 if mover is None else mover
        table = middle if mover is None else game.determinize(game.view(middle, seat), seat, deal)
        values = evaluate(table)
        pairs.extend((float(values[p]), float(returns[p])) for p in range(n))
        whole = evaluate(middle)
        referee.extend((float(whole[p]), float(returns[p])) for p in range(n))
    return Calibration(key, n, at, pairs, referee)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m wasteland.agents.calibrate", description=__doc__.split("\n")[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("-n", "--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--at", type=float, default=0.5)
    parser.add_argument("--option", action="append", default=[], help="NAME=VALUE (text)")
    args = parser.parse_args(argv)
    options = dict(o.split("=", 1) for o in args.option)
    print(calibrate(args.game, args.games, players=args.players, seed=args.seed, at=args.at, options=options).format())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
