"""Fit the weights of Raxxon's evaluation (``wasteland.agents.raxxon.evaluate``) to games.

The heuristic bot plays seeded games of Raxxon at the regular difficulty at each table size. At
one decision in six of each game (which ones depends on the deal), the deciding seat's view is
determinized, as a search bot's is, and the drawn table's features are paired with the game's
result: the share of the healthy cards evacuated, Raxxon power and the infection supply left.
A logistic regression (Newton's method, a small ridge) fits one weight for each feature, shared
by every table size, and a constant for each table size (the heuristic wins about a quarter of
its solo and three-player games and half of its two- and four-player ones). It prints the
weights as the module's constants, then how well the model and the evaluation the module has
now predict the results of solo games it was not fitted on (correlation, area under the ROC
curve, log loss). Needs numpy (``pip install -e ".[rl]"``). The module's weights came from::

    python examples/fit_raxxon_evaluation.py

(about four minutes on one core: 3,800 games to fit on, 2,000 to check on). Smaller, to try
another sample::

    python examples/fit_raxxon_evaluation.py --games 1=200,2=100 --check 100
"""

from __future__ import annotations

import argparse
import math
from typing import Any

import numpy as np
from numpy.typing import NDArray

from wasteland.agents import make_bot
from wasteland.agents.raxxon import evaluate, features
from wasteland.registry import get_game
from wasteland.simulate import bot_seed

#: Games to fit on by table size, and the first deal of each.
GAMES = {1: 2000, 2: 1000, 3: 400, 4: 400}
FIRST = {1: 10000, 2: 20000, 3: 25000, 4: 30000}
#: The solo games the fit is checked on (deals not fitted on).
CHECK_FIRST = 12000
EVERY = 6


def sample(players: int, first: int, games: int) -> tuple[list[tuple[float, ...]], list[float], list[float]]:
    """Features of drawn tables of ``games`` heuristic games from deal ``first``, each game's result
    for each of them, and the module's evaluation of each."""
    game = get_game("raxxon")
    rows: list[tuple[float, ...]] = []
    results: list[float] = []
    now: list[float] = []
    for deal in range(first, first + games):
        state: Any = game.new_game(deal, players=players, difficulty="regular")
        bots = [make_bot("heuristic", "raxxon", bot_seed(deal, seat)) for seat in range(players)]
        picked: list[Any] = []
        decision = 0
        while (seat := game.current_player(state)) is not None:
            if decision % EVERY == deal % EVERY:
                picked.append(game.determinize(game.view(state, seat), seat, deal * 1000 + decision))
            state = game.apply(state, bots[seat].choose(game, game.view(state, seat), game.legal_actions(state)))
            decision += 1
        won = game.returns(state)[0]
        rows.extend(features(table) for table in picked)
        now.extend(evaluate(table)[0] for table in picked)
        results.extend(won for _ in picked)
    return rows, results, now


def fit(design: NDArray[np.float64], y: NDArray[np.float64], ridge: float = 1e-3) -> NDArray[np.float64]:
    """Logistic regression by Newton's method: the weights that best predict ``y`` from ``design``."""
    w = np.zeros(design.shape[1])
    for _ in range(100):
        p = 1.0 / (1.0 + np.exp(-design @ w))
        hessian = design.T @ (design * (p * (1.0 - p))[:, None]) + ridge * np.eye(len(w))
        step = np.linalg.solve(hessian, design.T @ (p - y) + ridge * w)
        w -= step
        if float(np.abs(step).max()) < 1e-10:
            break
    return w


def auc(score: NDArray[np.float64], y: NDArray[np.float64]) -> float:
    """The chance that a table of a won game scores above one of a lost game."""
    ranks = np.empty(len(score))
    ranks[np.argsort(score, kind="stable")] = np.arange(1, len(score) + 1)
    won = y == 1
    n1, n0 = int(won.sum()), int(len(y) - won.sum())
    return float((ranks[won].sum() - n1 * (n1 + 1) / 2) / (n1 * n0)) if n1 and n0 else math.nan


def log_loss(p: NDArray[np.float64], y: NDArray[np.float64]) -> float:
    p = np.clip(p, 1e-6, 1 - 1e-6)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def counts(text: str) -> dict[int, int]:
    """``1=2000,2=1000``: games by table size, from 1 to 4 players."""
    try:
        found = {int(players): int(games) for players, games in (part.split("=") for part in text.split(","))}
    except ValueError:
        raise argparse.ArgumentTypeError(f"not table sizes and games like 1=200,2=100: {text!r}") from None
    if not found or any(players not in FIRST or games < 1 for players, games in found.items()):
        raise argparse.ArgumentTypeError(f"table sizes from 1 to 4, at least one game each: {text!r}")
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=counts, default=GAMES, help="games to fit on by table size: 1=2000,2=1000")
    parser.add_argument("--check", type=int, default=2000, help="solo games to check the fit on")
    args = parser.parse_args()
    sizes = sorted(args.games)
    rows: list[list[float]] = []
    ys: list[float] = []
    for players in sizes:
        found, results, _ = sample(players, FIRST[players], args.games[players])
        rows.extend([*(1.0 if players == k else 0.0 for k in sizes), *f] for f in found)
        ys.extend(results)
    w = fit(np.array(rows), np.array(ys))
    biases, (done, power, supply) = w[:len(sizes)], w[len(sizes):]
    print(f"# fitted on {len(ys)} tables of {sum(args.games.values())} games")
    print("BIAS_BY_PLAYERS = {" + ", ".join(f"{k}: {b:.3f}" for k, b in zip(sizes, biases)) + "}")
    print(f"DONE = {done:.3f}\nPOWER = {power:.3f}\nSUPPLY = {supply:.3f}")
    if 1 not in sizes or args.check <= 0:
        return
    found, results, now = sample(1, CHECK_FIRST, args.check)
    y = np.array(results)
    model = 1.0 / (1.0 + np.exp(-(biases[sizes.index(1)] + np.array(found) @ np.array([done, power, supply]))))
    print(f"# checked on {len(y)} tables of {args.check} solo games not fitted on (won: {y.mean():.2f})")
    for name, p in (("fitted", model), ("module's evaluate", np.array(now))):
        print(f"{name:>18}: correlation {np.corrcoef(p, y)[0, 1]:.3f}, AUC {auc(p, y):.3f}, "
              f"log loss {log_loss(p, y):.4f}")


if __name__ == "__main__":
    main()
