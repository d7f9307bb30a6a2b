"""Balance study: how a change to the cards moves the win rate.

Plays the same seeds with the public card set and with a card set of your own,
and prints both summaries one after the other; with ``--plot out.png`` it also draws them
side by side (win rates by seat with 95% intervals, game lengths, endings; needs matplotlib,
the ``plot`` extra). On a terminal a progress bar on standard error shows the games done, the
rate and the time left (``--quiet`` hides it). The default, 20 games per card set, finishes
within a minute: The Lucky Seven's heuristic thinks about a second a game, so its 40 games cost
about 50 CPU seconds (half that on two cores), and the other games take seconds. Twenty games
only show a large change; ask for more (``-n 200``) for a finer comparison. For example::

    python examples/balance.py lucky_seven examples/cards/lucky_seven_light_machine_guns.json
    python examples/balance.py lucky_seven examples/cards/lucky_seven_light_machine_guns.json -n 200
    python examples/balance.py arctic_scavengers examples/cards/arctic_scavengers_stronger_brawlers.json --players 3
    python examples/balance.py lucky_seven examples/cards/lucky_seven_light_machine_guns.json --plot balance.png
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from wasteland.cli import ProgressBar
from wasteland.core.game import RulesError
from wasteland.simulate import Summary, simulate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("cards", type=Path, help="a JSON card set")
    parser.add_argument("-n", type=int, default=20, help="games per card set (default 20)")
    parser.add_argument("--players", type=int)
    parser.add_argument("--bot", default="heuristic")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--plot", type=Path, metavar="OUT.png", help="also draw the comparison to this file")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    args = parser.parse_args()

    options = {} if args.players is None else {"players": args.players}
    try:
        own = json.loads(args.cards.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        parser.error(f"cannot read the card set {args.cards}: {exc}")
    rows: list[tuple[str, Summary]] = []
    for label, extra in (("public cards", {}), (f"cards of {args.cards.name}", {"cards": own})):
        try:
            with ProgressBar(label, quiet=args.quiet) as bar:
                summary = simulate(args.game, args.n, [args.bot], seed=args.seed, options={**options, **extra},
                                   progress=bar)
        except (RulesError, ValueError) as exc:
            parser.error(str(exc))
        rows.append((label, summary))
        print(f"== {label}")
        print(summary.format(), end="\n\n")
    if args.plot is not None:
        from wasteland.plot import plot_balance

        plot_balance(rows, args.plot)
        print(f"plot written to {args.plot}")


if __name__ == "__main__":
    main()
