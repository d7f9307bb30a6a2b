"""The ``wasteland`` command: list games, play at the terminal, check replays, simulate, rank bots, bench.

Exit codes: 0 done; 1 a check failed (a replay that does not verify); 2 the
command was used wrongly (an unknown option, a bad value, a file that cannot
be read or written); 130 interrupted (Ctrl-C or SIGTERM). Every error is one
line on standard error, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import math
import secrets
import signal
import sys
from pathlib import Path
from typing import Any, Callable, NoReturn, Sequence, TextIO

from wasteland import replay as replays
from wasteland.agents import BOT_NAMES, Bot, make_bot
from wasteland.bench import bench_game
from wasteland.core.codec import CodecError
from wasteland.core.game import Game, RulesError, short
from wasteland.parallel import BACKENDS
from wasteland.registry import GAME_KEYS, GAMES, get_game
from wasteland.simulate import bot_seed, simulate
from wasteland.tournament import MODES, tournament

__all__ = ["main", "parse_options", "UsageError", "EXIT_FAILED", "EXIT_USAGE"]

EXIT_FAILED = 1
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130


def _cut(text: str, limit: int) -> str:
    """A message, cut short: it may quote what a stranger gave."""
    return text if len(text) <= limit else text[: limit - 3] + "..."


class UsageError(Exception):
    """The command was used wrongly; the message is printed as one line and the exit code is 2."""


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line (and exit code 2), as every other error here."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{self.prog}: {message} (see {self.prog} --help)")


def _parse_value(text: str) -> Any:
    low = text.lower()
    if low in ("true", "yes", "on"):
        return True
    if low in ("false", "no", "off"):
        return False
    if low in ("null", "none"):
        return None
    if text.isascii() and text.lstrip("-").isdigit() and len(text) <= 30:
        return int(text)
    return text


_MAX_OPTION_FILE = 4 * 1024 * 1024


def _read_json(path: str) -> Any:
    data = replays.read_bytes(path, _MAX_OPTION_FILE, UsageError)
    try:
        return json.loads(data.decode("utf-8"), parse_constant=_no_constant)
    except RecursionError:
        raise UsageError(f"cannot read the JSON of {short(path, 80)}: it nests too deeply") from None
    except (ValueError, UnicodeDecodeError) as exc:
        raise UsageError(f"cannot read the JSON of {short(path, 80)}: {_cut(str(exc), 100)}") from None


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def parse_options(pairs: Sequence[str], players: int | None) -> dict[str, Any]:
    """``["variant=competitive", "depot=true"]`` → ``{"variant": "competitive", "depot": True}``.

    A value ``@FILE`` is the JSON read from FILE (a card set, for example).
    """
    options: dict[str, Any] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise UsageError(f"options are NAME=VALUE, got {short(pair)}")
        value = value.strip()
        options[name.strip()] = _read_json(value[1:]) if value.startswith("@") else _parse_value(value)
    if players is not None:
        options["players"] = players
    return options


def cmd_games(args: argparse.Namespace) -> int:
    for key in GAME_KEYS:
        game = GAMES[key]
        counts = ", ".join(str(n) for n in game.player_counts)
        print(f"{key:<20} {game.title}  (players: {counts})")
    return 0


def cmd_demo(args: argparse.Namespace) -> int:
    print("Bots play every game (heuristic bots where a game has one):\n")
    for key in GAME_KEYS:
        game = GAMES[key]
        for players in game.player_counts:
            try:
                make_bot("heuristic", key)
                bot = "heuristic"
            except ValueError:
                bot = "random"
            summary = simulate(
                key, args.games, [bot], seed=args.seed, options={"players": players}, progress=_progress(sys.stderr)
            )
            seats = f"{players} player" + ("s" if players > 1 else "")
            print(summary.format().replace(f"{key}:", f"{game.title} ({seats}):", 1))
            print()
    return 0


def _progress(stream: TextIO) -> Callable[[int, int], None]:
    def show(done: int, total: int) -> None:
        width = 30
        filled = width * done // total
        stream.write(f"\r  [{'#' * filled}{'.' * (width - filled)}] {done}/{total}")
        if done == total:
            stream.write("\n")
        stream.flush()

    return show


def _start_game(game: Game[Any, Any], seed: int, options: dict[str, Any]) -> Any:
    try:
        return game.new_game(seed, **options)
    except RulesError as exc:
        raise UsageError(_cut(str(exc), 300)) from None
    except TypeError as exc:  # a keyword the game's new_game does not take at all
        raise UsageError(_cut(str(exc), 300)) from None


def cmd_simulate(args: argparse.Namespace) -> int:
    options = parse_options(args.option, args.players)
    _start_game(get_game(args.game), args.seed, options)  # a bad option is a usage error, said once
    try:
        summary = simulate(
            args.game,
            args.n,
            args.bot,
            seed=args.seed,
            options=options,
            workers=args.workers,
            progress=None if args.quiet else _progress(sys.stderr),
            backend=args.backend,
            address=args.address,
        )
    except (RulesError, ValueError) as exc:
        raise UsageError(_cut(str(exc), 300)) from None
    print(summary.format())
    return 0


def cmd_tournament(args: argparse.Namespace) -> int:
    options = parse_options(args.option, args.players)
    _start_game(get_game(args.game), args.seed, options)  # a bad option is a usage error, said once
    names = [name.strip() for name in args.bots.split(",")]
    if not all(names):
        raise UsageError(f"--bots is a list of bot names separated by commas, such as "
                         f"ismcts:200,heuristic,random; got {short(args.bots)}")
    try:
        result = tournament(
            args.game,
            names,
            args.n,
            seed=args.seed,
            options=options,
            mode=args.mode,
            workers=args.workers,
            backend=args.backend,
            address=args.address,
            progress=None if args.quiet else _progress(sys.stderr),
        )
    except (RulesError, ValueError) as exc:
        text = str(exc)
        raise UsageError(text if len(text) <= 300 else text[:297] + "...") from None
    print(result.format())
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    keys = args.games or list(GAME_KEYS)
    for key in keys:
        counts = get_game(key).player_counts
        if args.players is not None and args.players not in counts:
            raise UsageError(f"{key} is played by {', '.join(map(str, counts))} players, not {args.players}")
    print(f"One core, random play, about {args.seconds:g} s per game and player count.")
    for key in keys:
        game = get_game(key)
        counts = (args.players,) if args.players else game.player_counts
        for players in counts:
            print(bench_game(key, seconds=args.seconds, players=players, seed=args.seed).format())
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    status = 0
    for path in args.files:
        try:
            replay = replays.load(path)
            game = get_game(replay.game)

            def show(step: replays.Step, game: Game[Any, Any] = game) -> None:
                player = game.current_player(step.before)
                print(f"  {step.index + 1:4d}. seat {player}: {step.move:<14} {game.describe(step.before, step.action)}")
                for line in game.events(step.after):
                    print(f"        · {line}")

            final = replays.verify(replay, show if args.steps else None)
        except replays.ReplayError as exc:
            print(f"FAIL {path}: {exc}")
            status = EXIT_FAILED
            continue
        outcome = game.outcome(final)
        ended = outcome.reason if outcome else "still running"
        print(f"ok   {path}: {replay.game}, {len(replay.moves)} moves, {ended}")
        if args.steps:
            print(game.render(final, None))
    return status


_HELP = ("Type an action's number or its notation (the short word beside the number); "
         "r redraws, s saves, q quits (saving when --save is given), ? shows this.")


class _Table:
    """A game at the terminal: the state, its moves so far, and where to save it."""

    def __init__(self, game: Game[Any, Any], seed: int, options: dict[str, Any], state: Any,
                 moves: list[str], save_path: Path | None, out: TextIO) -> None:
        self.game, self.seed, self.options, self.state = game, seed, options, state
        self.moves, self.save_path, self.out = moves, save_path, out

    def save(self) -> None:
        target = self.save_path or Path("wasteland-save.json")
        draft = replays.Replay(self.game.key, self.seed, self.options, tuple(self.moves), None, None, "saved game",
                               self.game.rules_version)
        try:
            replays.save(draft, target)
        except OSError as exc:
            print(f"Could not save to {target}: {exc.strerror or exc}. The game goes on.", file=self.out)
            return
        print(f"Saved to {target}; resume with: wasteland play --resume {target}", file=self.out)

    def play(self, action: Any) -> None:
        self.moves.append(self.game.notation(self.state, action))
        self.state = self.game.apply(self.state, action)


def _check_save_path(path: str | None) -> Path | None:
    if not path:
        return None
    target = Path(path)
    if target.is_dir():
        raise UsageError(f"--save {short(path, 80)} is a directory; name a file")
    if not target.parent.is_dir():
        raise UsageError(f"--save {short(path, 80)}: the folder {short(str(target.parent), 80)} does not exist")
    return target


def cmd_play(args: argparse.Namespace) -> int:
    out = sys.stdout
    save_path = _check_save_path(args.save)
    if args.resume:
        try:
            saved = replays.load(args.resume)
            game = get_game(saved.game)
            state = replays.final_state(saved)
        except replays.ReplayError as exc:
            raise UsageError(f"cannot resume {short(args.resume, 80)}: {exc}") from None
        seed, options, moves = saved.seed, dict(saved.options), list(saved.moves)
        print(f"Resumed {game.title} after {len(moves)} moves.", file=out)
    else:
        if not args.game:
            raise UsageError("name a game (wasteland games lists them) or --resume FILE")
        game = get_game(args.game)
        # A human game starts from a seed nobody at the terminal sees: anyone who knows the seed
        # can work out every hidden card. The save file keeps it; --seed chooses one openly.
        seed = args.seed if args.seed is not None else secrets.randbelow(2**63)
        options = parse_options(args.option, args.players)
        state = _start_game(game, seed, options)
        moves = []
        shown_seed = f", seed {seed}" if args.seed is not None else ""
        print(f"{game.title}{shown_seed}. {_HELP}", file=out)
    players = game.num_players(state)
    humans = set(args.seat) if args.seat else {0}
    bad = sorted(s for s in humans if not 0 <= s < players)
    if bad:
        raise UsageError(f"seats are 0..{players - 1}, got {bad}")
    bots: dict[int, Bot] = {
        seat: make_bot(args.bot, game.key, bot_seed(seed, seat)) for seat in range(players) if seat not in humans
    }
    watcher = min(humans)  # whose eyes the bots' moves and the events are told through
    table = _Table(game, seed, options, state, moves, save_path, out)
    shown = None
    while True:
        state = table.state
        player = game.current_player(state)
        if player is None:
            outcome = game.outcome(state)
            print(game.render(state, None), file=out)
            assert outcome is not None
            won = ", ".join(f"seat {w}" for w in sorted(outcome.winners)) or "nobody"
            print(f"Game over: {outcome.reason}. Winners: {won}.", file=out)
            return 0
        legal = game.legal_actions(state)
        if player not in humans:
            action = bots[player].choose(game, game.view(state, player), legal)
            seen = game.view(state, watcher)
            print(f"seat {player} ({bots[player].name}): {game.describe(seen, action)}", file=out)
        else:
            if shown is not state:
                print("\n" + game.render(game.view(state, player), player), file=out)
                print(f"\nSeat {player}, choose:", file=out)
                for i, a in enumerate(legal, 1):
                    print(f"  {i:3d}. {game.notation(state, a):<14} {game.describe(state, a)}", file=out)
                shown = state
            try:
                answer = input("> ").strip()
            except EOFError:
                answer = "q"
            word = answer.lower()
            if word in ("q", "quit", "exit"):
                if save_path:
                    table.save()
                print("Bye.", file=out)
                return 0
            if word in ("s", "save"):
                table.save()
                continue
            if word in ("r", "redraw"):
                shown = None
                continue
            if word in ("?", "h", "help", ""):
                print(_HELP, file=out)
                continue
            if answer.isascii() and answer.isdigit() and len(answer) <= 6:
                if not 1 <= int(answer) <= len(legal):
                    print(f"Please type a number from 1 to {len(legal)} (? for help).", file=out)
                    continue
                action = legal[int(answer) - 1]
            else:
                try:
                    action = game.parse(state, answer)
                except RulesError:
                    print(f"{short(answer)} is neither a number from 1 to {len(legal)} nor the notation of a "
                          "legal action (? for help).", file=out)
                    continue
        table.play(action)
        for line in game.events(game.view(table.state, watcher)):
            print(f"  · {line}", file=out)


def _positive_int(text: str) -> int:
    if not (text.isascii() and text.isdigit() and len(text) <= 9) or int(text) < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of at least 1, got {short(text)}")
    return int(text)


def _seed(text: str) -> int:
    if not (text.isascii() and text.isdigit() and len(text) <= 19) or int(text) >= 2**63:
        raise argparse.ArgumentTypeError(f"expected a whole number from 0 to 2**63 - 1, got {short(text)}")
    return int(text)


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, got {short(text)}") from None
    if not math.isfinite(value) or not 0 < value <= 3600:
        raise argparse.ArgumentTypeError(f"expected a number of seconds above 0 and at most 3600, got {short(text)}")
    return value


def _batch_arguments(p: argparse.ArgumentParser) -> None:
    """Where and how the games of ``simulate`` and ``tournament`` run."""
    p.add_argument("--workers", type=_positive_int,
                   help="games at once (default: every core; with --address, every CPU of the cluster)")
    p.add_argument("--backend", choices=BACKENDS, default="process",
                   help="process: this machine's cores; ray: a local Ray, or the cluster at --address")
    p.add_argument("--address", metavar="ADDR",
                   help="join this running Ray cluster (auto, HOST:PORT or ray://HOST:PORT; needs --backend ray)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="wasteland", description="Rules engines for five survival board games.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    p = sub.add_parser("games", help="list the registered games")
    p.set_defaults(run=cmd_games)

    p = sub.add_parser("demo", help="bots play every game; a summary is printed")
    p.add_argument("-n", "--games", type=_positive_int, default=20, help="games per game and player count")
    p.add_argument("--seed", type=_seed, default=1)
    p.set_defaults(run=cmd_demo)

    p = sub.add_parser("play", help="play at the terminal against bots")
    p.add_argument("game", nargs="?", choices=GAME_KEYS)
    p.add_argument("--players", type=_positive_int)
    p.add_argument("--seat", type=int, action="append", help="a seat a human plays (repeatable; default 0)")
    p.add_argument("--bot", choices=BOT_NAMES, default="heuristic", help="bot for the other seats")
    p.add_argument("--seed", type=_seed, help="start from this seed (shown; by default a hidden random one)")
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                   help="a game option (VALUE @FILE reads JSON)")
    p.add_argument("--save", metavar="FILE", help="where s and q save the game")
    p.add_argument("--resume", metavar="FILE", help="continue a saved game")
    p.set_defaults(run=cmd_play)

    p = sub.add_parser("replay", help="verify replay files (and print their steps)")
    p.add_argument("files", nargs="+")
    p.add_argument("--steps", action="store_true", help="print every move, what happened, and the final table")
    p.set_defaults(run=cmd_replay)

    p = sub.add_parser("simulate", help="bots play many games; win rates and lengths")
    p.add_argument("game", choices=GAME_KEYS)
    p.add_argument("-n", type=_positive_int, default=100, help="number of games")
    p.add_argument("--bot", action="append", choices=BOT_NAMES, help="bot name (once for all seats, or once per seat)")
    p.add_argument("--seed", type=_seed, default=0)
    p.add_argument("--players", type=_positive_int)
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                   help="a game option (VALUE @FILE reads JSON)")
    _batch_arguments(p)
    p.set_defaults(run=cmd_simulate)

    p = sub.add_parser("tournament", help="bots play each other in rotated seats; win rates with 95% intervals "
                       "and a rating")
    p.add_argument("game", choices=GAME_KEYS)
    p.add_argument("--bots", required=True, metavar="BOT,BOT,...",
                   help="bot names separated by commas: random, heuristic, flat, ismcts, with settings after "
                        "colons (ismcts:200, ismcts:100:heuristic, flat:50, ismcts:0.5s); repeat a name for more seats")
    p.add_argument("-n", type=_positive_int, default=100,
                   help="games (versus; rounded up to whole rotations) or deals each bot plays (paired)")
    p.add_argument("--players", type=_positive_int)
    p.add_argument("--seed", type=_seed, default=0)
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                   help="a game option (VALUE @FILE reads JSON)")
    p.add_argument("--mode", choices=MODES, default="auto",
                   help="versus: bots share tables; paired: each bot alone on the same deals (auto: paired for "
                        "one seat)")
    _batch_arguments(p)
    p.set_defaults(run=cmd_tournament)

    p = sub.add_parser("bench", help="decisions per second of each game's rules")
    p.add_argument("games", nargs="*", choices=[[], *GAME_KEYS], metavar="GAME")
    p.add_argument("--seconds", type=_seconds, default=2.0)
    p.add_argument("--players", type=_positive_int)
    p.add_argument("--seed", type=_seed, default=0)
    p.set_defaults(run=cmd_bench)
    return parser


def _terminate(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; returns the exit code (see the module's text)."""
    try:  # a stop from `timeout`, CI or a container ends like Ctrl-C: workers and all
        previous: Any = signal.signal(signal.SIGTERM, _terminate)
    except ValueError:  # not the main thread: leave signals alone
        previous = None
    try:
        args = build_parser().parse_args(argv)
        if getattr(args, "command", None) == "simulate" and not args.bot:
            args.bot = ["random"]
        code: int = args.run(args)
    except UsageError as exc:
        print(f"wasteland: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except (CodecError, replays.ReplayError) as exc:
        print(f"wasteland: {_cut(str(exc), 300)}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)
    return code


if __name__ == "__main__":
    sys.exit(main())
