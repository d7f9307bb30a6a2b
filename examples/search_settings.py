"""What ISMCTS's tree settings buy: reuse of the tree, and a pool of determinizations.

A few games are played by ISMCTS with ``reuse`` in every seat. At each of its decisions with a
choice, the same view is also given to a fresh search with the same budget, to a search of a
fixed pool of four determinizations (``k4``) with the same budget, and to a reference search
with many more iterations (each seeded by the game and the decision). How often each picks the
reference's action is a cheap proxy for strength (a wider search agrees more with a deeper
one); the paired counts say how often one of two agreed where the other did not. The script
also says at how many decisions reuse found its tree again and how many iterations it carried
over (``--reference 0``: that alone, without the other searches). Reproducible: every bot has
a budget in iterations and a fixed seed.

With ``--time-processes``, it instead times root parallelism: at the decisions of a game
played by the heuristic bot (one in seven with a choice, ``--positions`` of them), a search of
twice the budget in this process against ``p2`` (the budget on each of two processes: the same
iterations in all), alternating which goes first, and prints the median ratio of their wall
times (below 1: ``p2`` answered sooner). That depends on how idle the machine's cores are. For
example::

    python examples/search_settings.py lucky_seven --settings random:d8 --budget 20 --reference 400 --seeds 0-3
    python examples/search_settings.py terror_below --players 2 --settings heuristic:d30 --budget 20 \\
        --reference 200 --seeds 5-6 --positions 30
    python examples/search_settings.py raxxon --settings heuristic:d12 --budget 20 --seeds 7 --positions 4 \
        --time-processes
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

from wasteland.agents import ISMCTS, make_bot
from wasteland.registry import get_game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=1)
    parser.add_argument("--settings", default="random", help="the playout settings of every search (heuristic:d30)")
    parser.add_argument("--budget", type=int, default=20, help="iterations of the searches compared (default 20)")
    parser.add_argument("--reference", type=int, default=400,
                        help="iterations of the reference (default 400; 0: only how often reuse finds its tree)")
    parser.add_argument("--seeds", default="0-3", help="the games' seeds, FIRST-LAST (default 0-3)")
    parser.add_argument("--positions", type=int, help="at most this many decisions of each game")
    parser.add_argument("--time-processes", action="store_true", help="time p2 against one process instead")
    args = parser.parse_args()
    first, _, last = args.seeds.partition("-")
    seeds = range(int(first), int(last or first) + 1)
    game = get_game(args.game)
    if args.time_processes:
        time_processes(args.game, args.players, args.settings, args.budget, seeds[0], args.positions or 4)
        return
    names = {"reuse": f"ismcts:{args.budget}:{args.settings}:reuse", "fresh": f"ismcts:{args.budget}:{args.settings}",
             "k4": f"ismcts:{args.budget}:{args.settings}:k4"}
    agree = {k: 0 for k in names}
    only = {("reuse", "fresh"): 0, ("fresh", "reuse"): 0, ("k4", "fresh"): 0, ("fresh", "k4"): 0}
    decisions = found = carried = 0
    for seed in seeds:
        state = game.new_game(seed, players=args.players)
        bots = [make_bot(names["reuse"], args.game, 100 + seat) for seat in range(args.players)]
        i = 0
        while (player := game.current_player(state)) is not None and (args.positions is None or i < args.positions):
            legal = game.legal_actions(state)
            view = game.view(state, player)
            bot = bots[player]
            assert isinstance(bot, ISMCTS)
            action = bot.choose(game, view, legal)
            if len(legal) > 1 and not args.reference:
                i += 1
                decisions += 1
                found += bot.last_reused > 0
                carried += bot.last_reused
            elif len(legal) > 1:
                i += 1
                reference = make_bot(f"ismcts:{args.reference}:{args.settings}", args.game, 7 * seed + i).choose(
                    game, view, legal)
                picks = {"reuse": action,
                         "fresh": make_bot(names["fresh"], args.game, 100 + player + i).choose(game, view, legal),
                         "k4": make_bot(names["k4"], args.game, 100 + player + i).choose(game, view, legal)}
                hit = {k: a == reference for k, a in picks.items()}
                for k in agree:
                    agree[k] += hit[k]
                for a, b in only:
                    only[a, b] += hit[a] and not hit[b]
                decisions += 1
                found += bot.last_reused > 0
                carried += bot.last_reused
            state = game.apply(state, action)
        print(f"game {seed}: {decisions} decisions so far", flush=True)
    print(f"{game.title}, {args.players} player(s), playouts {args.settings}, {args.budget} iterations against a "
          f"reference of {args.reference}: {decisions} decisions")
    print(f"  reuse found its tree at {found} ({found / max(decisions, 1):.0%}), carrying "
          f"{carried / max(found, 1):.1f} iterations on average")
    for k, name in names.items() if args.reference else ():
        print(f"  {name:<40} agreed with the reference at {agree[k]:4d} ({agree[k] / max(decisions, 1):.1%})")
    for (a, b), n in only.items() if args.reference else ():
        print(f"  {a} agreed where {b} did not: {n}")


def time_processes(key: str, players: int, settings: str, budget: int, seed: int, positions: int) -> None:
    game = get_game(key)
    state = game.new_game(seed, players=players)
    guide = make_bot("heuristic", key, 1)
    found: list[Any] = []
    step = 0
    while (player := game.current_player(state)) is not None and len(found) < positions:
        legal = game.legal_actions(state)
        if len(legal) > 1:
            step += 1
            if step % 7 == 0:
                found.append(state)
        state = game.apply(state, guide.choose(game, game.view(state, player), legal))
    one = make_bot(f"ismcts:{2 * budget}:{settings}", key, 3)
    two = make_bot(f"ismcts:{budget}:{settings}:p2", key, 3)
    ratios = []
    for rep in range(2):
        for table in found:
            player = game.current_player(table)
            assert player is not None
            view, legal = game.view(table, player), game.legal_actions(table)
            spent = {}
            for name, bot in ([("one", one), ("p2", two)] if rep == 0 else [("p2", two), ("one", one)]):
                started = time.perf_counter()
                bot.choose(game, view, legal)
                spent[name] = time.perf_counter() - started
            ratios.append(spent["p2"] / spent["one"])
            print(f"  {spent['one']:.3f} s in one process, {spent['p2']:.3f} s with p2", flush=True)
    print(f"{game.title}: ismcts:{budget}:{settings}:p2 against ismcts:{2 * budget}:{settings} at {len(found)} "
          f"decisions, twice each: median wall-time ratio {statistics.median(ratios):.2f}")


if __name__ == "__main__":
    main()
