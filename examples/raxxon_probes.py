"""Probes of what holds Raxxon's search back: six bots that the library's names do not make.

Each but the last is the game's search (``ismcts:50:best``: ISMCTS, heuristic playouts cut at 12
decisions and scored by the fitted evaluation; ``--iterations`` another budget) changed in one way;
each plays every seat of the deals ``--seed``, ``--seed``+1, ... at the regular difficulty, each
seat's bot seeded as ``wasteland simulate`` seeds it. So with nothing changed (``trees --trees 1``)
the search plays the same games, move for move, as ``wasteland simulate raxxon --bot
ismcts:50:best`` on those seeds.

* ``guard --z Z``: keep the heuristic's choice unless the search's choice (the most visited
  action) has a mean value above it by ``Z`` standard errors (each mean's variance taken at its
  largest for a value in [0, 1], m(1 - m)), as flat Monte Carlo's guard keeps it.
* ``trees --trees K``: K independent trees of the budget each, their root visits summed, the
  most visited action taken: the library's root parallelism (``ismcts:50:best:pK``), its trees
  grown one after another in this process.
* ``knows --part crowd|future``: the oracle (not a fair player) told only part of the hidden
  table. ``crowd``: every card on the table now (the crowd's face-down cards, the infection
  supply), and not what is to come (the draw pile, the Raxxon deck and the generator are drawn
  afresh each iteration). ``future``: the Raxxon deck's order and the generator, and not the
  face-down cards (dealt again from the seat's view, as a fair search deals them).
* ``weights --weights BIAS,DONE,POWER,SUPPLY``: the search with other weights in the evaluation's
  logistic model (``wasteland.agents.raxxon.evaluate``): the constant of the table size played,
  then the weights of the share of the healthy cards evacuated, of Raxxon power and of the cards
  left in the infection supply (write ``--weights=-6.1,3.7,-0.36,0.3``: with the ``=``, a first
  negative number is not read as an option). Given the module's own, it plays the game's search
  move for move.
* ``kinds --search K,K,...`` (or ``--keep K,K,...``): the search at the named kinds of decision
  only (or at every kind but those), and the heuristic at the others (seeded with the seat's
  seed xor ``0x5EED``). A decision's kind is that of its first legal action: ``turn`` (take a
  turn or pass), ``act`` (which of the sheet's actions), ``target`` (which card of the crowd),
  ``line`` (which row or column), ``place`` (where a card goes), ``option`` (which option of a
  Raxxon card), ``take`` (an optional effect, taken or declined). Searching at every kind, it plays
  the game's search move for move. With ``--oracle`` the search is the oracle's (``oracle:50:best``'s
  at the default budget; not a fair player: it sees the whole table), and the heuristic still sees
  only the seat's view. It also counts, at each kind, the decisions it searched and those where the
  search's choice was not the heuristic's.
* ``rollout --rounds R --z Z``: not the tree but a rollout of the heuristic (``--iterations`` is
  not read). At each choice of the turn (to take a turn or pass, and which action) it draws R
  tables from the seat's view; on each it makes every legal choice and lets the heuristic play
  every seat to the end of the game (no cut, no evaluation: the value is the game's result), and
  it keeps the heuristic's choice unless another's mean difference of results over the R tables,
  less ``Z`` standard errors, is above zero (flat Monte Carlo's guard, ``flat:...:heuristic:gZ``,
  with R rounds whatever the number of choices). Every other decision (the targets, the options,
  the optional effects) is the heuristic's.

It writes ``--csv`` in the columns of ``wasteland simulate --csv`` and, given ``--against`` (an
earlier CSV of either, on the same seeds), the paired difference of deals won. For example::

    wasteland simulate raxxon --players 1 --option difficulty=regular --bot ismcts:50:best -n 40 \\
        --seed 4000 --workers 1 --csv base.csv
    python examples/raxxon_probes.py knows --part crowd --players 1 -n 40 --seed 4000 --csv crowd.csv \\
        --against base.csv
"""

from __future__ import annotations

import argparse
import csv
import io
import math
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from attrs import evolve

from wasteland.agents import ISMCTS, Oracle
from wasteland.agents.raxxon import BIAS_BY_PLAYERS, DONE, POWER, SUPPLY, evaluate, win_chance
from wasteland.agents.search import Budget, FlatMonteCarlo, game_evaluate, heuristic_class, mean_and_error
from wasteland.core.files import read_file, writable, write_atomic
from wasteland.core.game import Game
from wasteland.core.rng import Rng
from wasteland.raxxon.actions import TURN, Act
from wasteland.raxxon.rules import pending
from wasteland.raxxon.state import Phase, State
from wasteland.registry import get_game
from wasteland.simulate import bot_seed, play

ITERATIONS = 50
DEPTH = 12
PARTS = ("crowd", "future")


class Guarded(ISMCTS):
    """The search, keeping the heuristic's choice unless its own beats it by ``z`` standard errors."""

    def __init__(self, seed: int, z: float, iterations: int = ITERATIONS) -> None:
        super().__init__(seed, iterations, rollout="heuristic", rollout_depth=DEPTH)
        self.z = z
        guide_seed, self.rng = self.rng.next64()
        self.guide: Any = None
        self.guide_seed = guide_seed
        #: Decisions where the search's choice was not the heuristic's; of those, where the guard kept the heuristic's.
        self.differed = 0
        self.overruled = 0

    def choose(self, game: Game[Any, Any], view: Any, legal: tuple[Any, ...]) -> Any:
        choice = super().choose(game, view, legal)
        root = self.last_root
        if len(legal) == 1 or root is None:
            return choice
        if self.guide is None:
            self.guide = heuristic_class(game.key)(self.guide_seed)
        favourite = self.guide.choose(game, view, legal)
        chosen, kept = root.children.get(choice), root.children.get(favourite)
        if favourite == choice or chosen is None or kept is None or not kept.visits:
            return choice
        self.differed += 1
        m1, m0 = chosen.total / chosen.visits, kept.total / kept.visits
        error = math.sqrt(max(m1 * (1 - m1), 1e-6) / chosen.visits + max(m0 * (1 - m0), 1e-6) / kept.visits)
        if m1 - m0 < self.z * error:
            self.overruled += 1
            return favourite
        return choice


def trees(seed: int, count: int, iterations: int = ITERATIONS) -> ISMCTS:
    """``count`` independent searches a decision, their root statistics summed: the library's root
    parallelism (``p`` and a number). Handed the game's evaluation itself rather than by the game's
    key, the searches run one after another in this process instead of on as many processes."""
    return ISMCTS(seed, iterations, rollout="heuristic", rollout_depth=DEPTH, processes=count,
                  evaluate=game_evaluate("raxxon"))


class Knows(Oracle):
    """The oracle, told only the ``part`` of the hidden table (module's text). Not a fair player."""

    def __init__(self, seed: int, part: str, iterations: int = ITERATIONS) -> None:
        if part not in PARTS:
            raise ValueError(f"part is one of {', '.join(PARTS)}, got {part!r}")
        super().__init__(seed, iterations, rollout="heuristic", rollout_depth=DEPTH)
        self.part = part

    def _tables(self, game: Game[Any, Any]) -> Callable[[Any, int, int], Any]:
        part = self.part

        def table(state: Any, player: int, key: int) -> Any:
            rng = Rng.from_seed(key)
            if part == "crowd":
                draw, rng = rng.shuffle(state.draw)
                deck, rng = rng.shuffle(state.raxxon_draw)
                return evolve(state, draw=draw, raxxon_draw=deck, rng=rng.fork(1))
            fair = game.determinize(game.view(state, player), player, key)
            return evolve(fair, raxxon_draw=state.raxxon_draw, rng=state.rng)
        return table


class Rollout(FlatMonteCarlo):
    """Flat Monte Carlo over heuristic playouts to the end at the turn's choices, guarded, ``rounds``
    tables a choice; the heuristic elsewhere (module's text)."""

    def __init__(self, seed: int, rounds: int, z: float) -> None:
        super().__init__(seed, rounds, rollout="heuristic", evaluate=None, guard=z)
        self.rounds = rounds

    def choose(self, game: Game[Any, Any], view: Any, legal: tuple[Any, ...]) -> Any:
        turn_choice = TURN in legal or any(type(a) is Act for a in legal)
        if len(legal) > 1 and pending(view) is None and turn_choice:
            self.budget = Budget(self.rounds * len(legal), None, self.rounds)  # whole rounds of every choice
            return super().choose(game, view, legal)
        self.last_rounds, self.last_favourite = 0, None
        return self.heuristic_choice(game, view, legal)


#: The kinds of decision, by the class of a decision's first legal action (``kinds``).
KINDS = {"turn": "Turn", "act": "Act", "target": "Target", "line": "Line", "place": "Place", "option": "Option",
         "take": "Take"}


class Selective:
    """The search at the kinds of decision in ``searched``, the heuristic at the others (module's text);
    with ``oracle``, the search is the oracle's (not a fair player) and the heuristic still sees only
    the seat's view."""

    name = "kinds"

    def __init__(self, seed: int, searched: frozenset[str], iterations: int = ITERATIONS,
                 oracle: bool = False) -> None:
        kind = Oracle if oracle else ISMCTS
        self.search = kind(seed, iterations, rollout="heuristic", rollout_depth=DEPTH)
        self.sees_table = oracle
        self.searched = frozenset(KINDS[k] for k in searched)
        self.heuristic = heuristic_class("raxxon")(seed ^ 0x5EED)
        #: Kind to the decisions searched there, and those where the search's choice was not the heuristic's.
        self.asked: Counter[str] = Counter()
        self.differed: Counter[str] = Counter()
        self._shadow = heuristic_class("raxxon")(seed ^ 0x5EED)

    def choose(self, game: Game[Any, Any], view: Any, legal: tuple[Any, ...]) -> Any:
        kind = type(legal[0]).__name__
        me = game.current_player(view)
        assert me is not None, "nobody decides in a finished game"
        seen = game.view(view, me) if self.sees_table else view
        if len(legal) > 1 and kind not in self.searched:
            return self.heuristic.choose(game, seen, legal)
        choice = self.search.choose(game, view, legal)
        if len(legal) > 1:
            self.asked[kind] += 1
            # A heuristic of its own answers too, so the counting leaves the one that plays untouched.
            self.differed[kind] += self._shadow.choose(game, seen, legal) != choice
        return choice


def kinds_of(text: str) -> frozenset[str]:
    """``turn,act``: kinds of decision (``KINDS``), at least one."""
    found = frozenset(part.strip() for part in text.split(",") if part.strip())
    if not found or not found <= KINDS.keys():
        raise argparse.ArgumentTypeError(f"kinds of decision from {', '.join(KINDS)}: {text!r}")
    return found


def weighed(weights: Sequence[float]) -> Callable[[State], tuple[float, ...]]:
    """The game's evaluation with the logistic model's constant and three weights replaced."""
    bias, done_w, power_w, supply_w = weights

    def model(state: State) -> tuple[float, ...]:
        if state.phase is Phase.OVER:  # a finished table is worth its result, as the module says
            return evaluate(state)
        return (win_chance(state, bias, done_w, power_w, supply_w),) * state.options.players
    return model


def weights_of(text: str) -> tuple[float, float, float, float]:
    """``-4.7,3.4,-0.24,0.21``: the constant and the three weights, finite numbers."""
    try:
        found = tuple(float(part) for part in text.split(","))
    except ValueError:
        found = ()
    if len(found) != 4 or not all(math.isfinite(w) and abs(w) <= 100 for w in found):
        raise argparse.ArgumentTypeError(f"four numbers from -100 to 100, BIAS,DONE,POWER,SUPPLY: {text!r}")
    return found[0], found[1], found[2], found[3]


def probe_bot(args: argparse.Namespace, model: Sequence[float], seed: int) -> ISMCTS | Rollout | Selective:
    """The bot of the probe ``args`` names, for one seat; ``model`` the evaluation's weights."""
    if args.probe == "kinds":
        searched = args.search if args.search is not None else frozenset(KINDS) - (args.keep or frozenset())
        return Selective(seed, searched, args.iterations, args.oracle)
    if args.probe == "rollout":
        return Rollout(seed, args.rounds, args.z)
    if args.probe == "guard":
        return Guarded(seed, args.z, args.iterations)
    if args.probe == "trees":
        return trees(seed, args.trees, args.iterations)
    if args.probe == "weights":
        return ISMCTS(seed, args.iterations, rollout="heuristic", rollout_depth=DEPTH, evaluate=weighed(model))
    return Knows(seed, args.part, args.iterations)


def won_by_seed(path: str) -> dict[int, bool]:
    """Seed to won, from a CSV in ``wasteland simulate``'s columns; ValueError saying why not."""
    data = read_file(path)  # a ValueError of its own, in one line, for a file that cannot be read
    try:
        rows = csv.DictReader(io.StringIO(data.decode("utf-8")))
        return {int(row["seed"]): row["winners"] not in ("", None) for row in rows}
    except (UnicodeDecodeError, KeyError, ValueError, csv.Error) as why:
        raise ValueError(f"{path}: not a CSV of wasteland simulate's columns ({why})") from None


def write_results(path: str, players: int, probe: str, results: dict[int, tuple[bool, int]]) -> None:
    """Each deal's result, in the columns of ``wasteland simulate --csv``."""
    text = io.StringIO()
    out = csv.writer(text, lineterminator="\n")
    out.writerow(["index", "seed", "seats", "bots", "winners", "reason", "code", "length"])
    for i, (deal, (w, length)) in enumerate(results.items()):
        out.writerow([i, deal, players, probe, "0" if w else "", "", "", length])
    write_atomic(path, text.getvalue())


def paired(name: str, results: dict[int, tuple[bool, int]], other: dict[int, bool]) -> str:
    """The line of the paired difference of deals won against ``other`` (the CSV ``name``)."""
    seeds = [s for s in results if s in other]
    if len(seeds) < 2:
        return "  fewer than two seeds in common with --against: no paired difference"
    diffs = [int(results[s][0]) - int(other[s]) for s in seeds]
    mean, error = mean_and_error(diffs)
    return (f"  against {name} on {len(seeds)} deals: {diffs.count(1)} won only here, "
            f"{diffs.count(-1)} only there; mean difference {mean:+.3f} "
            f"[{mean - 1.96 * error:+.3f}, {mean + 1.96 * error:+.3f}]")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("probe", choices=("guard", "trees", "knows", "weights", "rollout", "kinds"))
    parser.add_argument("--z", type=float, default=1.0, help="guard and rollout: standard errors (default 1)")
    parser.add_argument("--rounds", type=int, default=8, help="rollout: tables a choice (default 8)")
    parser.add_argument("--trees", type=int, default=4, help="trees: how many (default 4)")
    parser.add_argument("--part", choices=PARTS, default="crowd", help="knows: what it is told")
    parser.add_argument("--weights", type=weights_of, help="weights: BIAS,DONE,POWER,SUPPLY (default the module's)")
    parser.add_argument("--search", type=kinds_of, help="kinds: the kinds of decision searched (default all)")
    parser.add_argument("--keep", type=kinds_of, help="kinds: the kinds where the heuristic decides")
    parser.add_argument("--oracle", action="store_true", help="kinds: the oracle's search (not a fair player)")
    parser.add_argument("--iterations", type=int, default=ITERATIONS, help="of each search (default 50)")
    parser.add_argument("--players", type=int, default=1)
    parser.add_argument("-n", type=int, default=40, help="deals (default 40)")
    parser.add_argument("--seed", type=int, default=4000, help="the first deal's seed (default 4000)")
    parser.add_argument("--csv", help="write each deal's result here")
    parser.add_argument("--against", help="a CSV of another bot on the same seeds: the paired difference")
    args = parser.parse_args(argv)
    try:  # before the games, so a wrong file is refused at once
        against = won_by_seed(args.against) if args.against else None
        if args.csv:
            writable(args.csv)
    except (ValueError, OSError) as why:
        parser.error(str(why))
    if not 1 <= args.iterations <= 10_000 or not 1 <= args.trees <= 64 or not 1 <= args.n <= 100_000 \
            or not 1 <= args.players <= 4 or not 1 <= args.rounds <= 1000 or not 0 <= args.z <= 10:
        parser.error("--iterations 1-10000, --trees 1-64, -n 1-100000, --players 1-4, --rounds 1-1000 and --z 0-10")
    if args.search is not None and args.keep is not None:
        parser.error("kinds: --search or --keep, not both")
    game = get_game("raxxon")
    model = args.weights or (BIAS_BY_PLAYERS[args.players], DONE, POWER, SUPPLY)
    results: dict[int, tuple[bool, int]] = {}
    differed = overruled = 0
    asked: Counter[str] = Counter()
    changed: Counter[str] = Counter()
    for deal in range(args.seed, args.seed + args.n):
        state = game.new_game(deal, players=args.players, difficulty="regular")
        bots = [probe_bot(args, model, bot_seed(deal, seat)) for seat in range(args.players)]
        final, decisions = play(game, state, bots)
        results[deal] = (game.returns(final)[0] == 1.0, decisions)
        for b in bots:
            if isinstance(b, Guarded):
                differed, overruled = differed + b.differed, overruled + b.overruled
            if isinstance(b, Selective):
                asked.update(b.asked)
                changed.update(b.differed)
    won = sum(w for w, _ in results.values())
    print(f"{args.probe}: won {won} of {len(results)} deals (seeds {args.seed}-{args.seed + args.n - 1})")
    if args.probe == "weights":
        print(f"  the evaluation's constant and weights: {', '.join(f'{w:g}' for w in model)}")
    if args.probe == "guard":
        print(f"  the search's choice was not the heuristic's at {differed} decisions; the guard kept the "
              f"heuristic's at {overruled}")
    if args.probe == "kinds":
        names = {cls: name for name, cls in KINDS.items()}
        print("  searched, and not the heuristic's choice: " + ", ".join(
            f"{names[k]} {changed[k]} of {n}" for k, n in sorted(asked.items(), key=lambda kn: -kn[1])))
    if args.csv:
        write_results(args.csv, args.players, args.probe, results)
    if against is not None:
        print(paired(args.against, results, against))

if __name__ == "__main__":
    main()
