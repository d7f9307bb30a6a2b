"""What ISMCTS's tree settings buy: reuse of the tree, and a pool of determinizations.

A few games are played by ISMCTS with ``reuse`` in every seat. At each of its decisions with a
choice, the same view is also given to a fresh search with the same budget, to a search of a
fixed pool of four determinizations (``k4``) with the same budget, and to a reference search
with many more iterations (each seeded by the game and the decision). How often each picks the
reference's action is a cheap proxy for strength (a wider search agrees more with a deeper
one); the paired counts say how often one of two agreed where the other did not. The script
also says at how many decisions reuse found its tree again and how many iterations it carried
over. Reproducible: every bot has a budget in iterations and a fixed seed. For example::

    python examples/search_settings.py lucky_seven --settings random:d8 --budget 20 --reference 400 --seeds 0-3
    python examples/search_settings.py terror_below --players 2 --settings heuristic:d30 --budget 20 \\
        --reference 200 --seeds 5-6 --positions 30
"""

from __future__ import annotations

import argparse

from wasteland.agents import ISMCTS, make_bot
from wasteland.registry import get_game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=1)
    parser.add_argument("--settings", default="random", help="the playout settings of every search (heuristic:d30)")
    parser.add_argument("--budget", type=int, default=20, help="iterations of the searches compared (default 20)")
    parser.add_argument("--reference", type=int, default=400, help="iterations of the reference (default 400)")
    parser.add_argument("--seeds", default="0-3", help="the games' seeds, FIRST-LAST (default 0-3)")
    parser.add_argument("--positions", type=int, help="at most this many decisions of each game")
    args = parser.parse_args()
    first, _, last = args.seeds.partition("-")
    seeds = range(int(first), int(last or first) + 1)
    game = get_game(args.game)
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
            if len(legal) > 1:
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
    for k, name in names.items():
        print(f"  {name:<40} agreed with the reference at {agree[k]:4d} ({agree[k] / max(decisions, 1):.1%})")
    for (a, b), n in only.items():
        print(f"  {a} agreed where {b} did not: {n}")


if __name__ == "__main__":
    main()
