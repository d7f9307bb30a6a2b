"""Every game's random play against python-chess's, side by side in one process.

Each table (a game at a player count) is timed in reps; a rep plays, in turn and for about
``--seconds`` of CPU time each (``time.process_time``, so that other work on the machine counts
less):

* python-chess's random play, as lean as a random player can write it: ``legal =
  list(board.legal_moves)``, ``board.push(random.choice(legal))``, a new board when nothing is
  legal, the 75-move rule ends the game or the material cannot mate (``board.is_game_over()``
  instead would cost python-chess a quarter of its speed: the harder target is kept);
* the game's random play through the loop our README teaches (the *checked* path):
  ``legal = game.legal_actions(state)``, a random choice, ``state = game.apply(state, action)``
  (which checks the action as it would one typed by a user), a new game when one ends;
* the bots' path: ``listed = game.moves(state)``, a random index, ``listed.play_at(i)``.

The decisions (moves) per second of each, over python-chess's moves per second, are the
ratios; each table prints the median over the reps, and the checked path over the bots' path.
The reps alternate, so a machine whose load changes slows all three alike::

    python examples/chess_speed.py                          # every table, 5 reps of 0.4 s each
    python examples/chess_speed.py terror_below aftermath --reps 7 --seconds 0.5
    python examples/chess_speed.py aftermath --players 2 --json

Needs python-chess (``pip install chess``); the games' setup counts (a new game is part of
random play, as a new board is).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from typing import Any, Callable

import chess  # type: ignore[import-not-found, unused-ignore]  # python-chess: pip install chess

from wasteland import GAMES
from wasteland.core.game import Game


def chess_rep(seconds: float, seed: int) -> float:
    """python-chess's random moves per CPU second, over about ``seconds``."""
    choose = random.Random(seed).choice
    clock = time.process_time
    board = chess.Board()
    moves = 0
    start = clock()
    while True:
        for _ in range(50):
            legal = list(board.legal_moves)
            if not legal or board.is_seventyfive_moves() or board.is_insufficient_material():
                board = chess.Board()
                legal = list(board.legal_moves)
            board.push(choose(legal))
        moves += 50
        spent = clock() - start
        if spent >= seconds:
            return moves / spent


def checked_rep(game: Game[Any, Any], options: dict[str, Any], seconds: float, seed: int) -> float:
    """Decisions per CPU second of ``legal_actions`` + a random choice + ``apply``."""
    choose = random.Random(seed).choice
    legal_actions, apply, current = game.legal_actions, game.apply, game.current_player
    clock = time.process_time
    decisions = 0
    start = clock()
    while True:
        state = game.new_game(seed + decisions, **options)
        while current(state) is not None:
            state = apply(state, choose(legal_actions(state)))
            decisions += 1
        spent = clock() - start
        if spent >= seconds:
            return decisions / spent


def moves_rep(game: Game[Any, Any], options: dict[str, Any], seconds: float, seed: int) -> float:
    """Decisions per CPU second of ``moves`` + a random index + ``play_at``."""
    below = random.Random(seed).randrange
    moves, current = game.moves, game.current_player
    clock = time.process_time
    decisions = 0
    start = clock()
    while True:
        state = game.new_game(seed + decisions, **options)
        while current(state) is not None:
            listed = moves(state)
            state = listed.play_at(below(len(listed.actions)))
            decisions += 1
        spent = clock() - start
        if spent >= seconds:
            return decisions / spent


def table(key: str, players: int, reps: int, seconds: float) -> dict[str, Any]:
    """The median ratios of one table over ``reps`` alternating reps."""
    game = GAMES[key]
    options = {"players": players}
    runs: dict[str, list[float]] = {"chess": [], "checked": [], "moves": []}
    timed: dict[str, Callable[[int], float]] = {
        "chess": lambda seed: chess_rep(seconds, seed),
        "checked": lambda seed: checked_rep(game, options, seconds, seed),
        "moves": lambda seed: moves_rep(game, options, seconds, seed),
    }
    for rep in range(reps):
        order = list(timed) if rep % 2 == 0 else list(reversed(timed))
        for name in order:
            runs[name].append(timed[name](rep))
    checked = [c / h for c, h in zip(runs["checked"], runs["chess"])]
    moved = [m / h for m, h in zip(runs["moves"], runs["chess"])]
    return {
        "game": key, "players": players,
        "chess_per_s": statistics.median(runs["chess"]),
        "checked_per_s": statistics.median(runs["checked"]),
        "moves_per_s": statistics.median(runs["moves"]),
        "checked_vs_chess": statistics.median(checked),
        "moves_vs_chess": statistics.median(moved),
        "checked_vs_moves": statistics.median(c / m for c, m in zip(runs["checked"], runs["moves"])),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("games", nargs="*", default=sorted(GAMES), help="game keys (default: all)")
    parser.add_argument("--players", type=int, help="only this player count")
    parser.add_argument("--reps", type=int, default=5, help="alternating reps per table (default 5)")
    parser.add_argument("--seconds", type=float, default=0.4, help="CPU seconds of each loop in a rep")
    parser.add_argument("--json", action="store_true", help="one JSON line per table")
    args = parser.parse_args(argv)
    unknown = [k for k in args.games if k not in GAMES]
    if unknown:
        print(f"unknown game {unknown[0]!r}; the games are {', '.join(sorted(GAMES))}", file=sys.stderr)
        return 2
    if not args.json:
        print(f"{'table':<24}{'chess/s':>9}{'checked/s':>11}{'moves/s':>9}"
              f"{'checked':>9}{'moves':>7}{'checked/moves':>15}")
    for key in args.games:
        for n in GAMES[key].player_counts:
            if args.players is not None and n != args.players:
                continue
            row = table(key, n, args.reps, args.seconds)
            if args.json:
                print(json.dumps(row), flush=True)
            else:
                print(f"{f'{key} {n}p':<24}{row['chess_per_s']:>9,.0f}{row['checked_per_s']:>11,.0f}"
                      f"{row['moves_per_s']:>9,.0f}{row['checked_vs_chess']:>8.2f}x{row['moves_vs_chess']:>6.2f}x"
                      f"{row['checked_vs_moves']:>14.2f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
