"""The ``wasteland`` command: list games, play at the terminal, check replays, simulate, bench."""

from __future__ import annotations

import argparse
import json
import secrets
import sys
from pathlib import Path
from typing import Any, Callable, Sequence, TextIO

from wasteland import replay as replays
from wasteland.agents import BOT_NAMES, Bot, make_bot
from wasteland.bench import bench_game
from wasteland.core.codec import CodecError
from wasteland.core.game import Game, RulesError
from wasteland.registry import GAME_KEYS, GAMES, get_game
from wasteland.simulate import bot_seed, simulate

__all__ = ["main"]


def _parse_value(text: str) -> Any:
    low = text.lower()
    if low in ("true", "yes", "on"):
        return True
    if low in ("false", "no", "off"):
        return False
    try:
        return int(text)
    except ValueError:
        return text


def _read_json(path: str) -> Any:
    try:
        return json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise SystemExit(f"wasteland: cannot read the JSON of {path}: {exc}") from None


def parse_options(pairs: Sequence[str], players: int | None) -> dict[str, Any]:
    """``["variant=competitive", "depot=true"]`` → ``{"variant": "competitive", "depot": True}``.

    A value ``@FILE`` is the JSON read from FILE (a card set, for example).
    """
    options: dict[str, Any] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name:
            raise SystemExit(f"wasteland: options are NAME=VALUE, got {pair!r}")
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


def cmd_simulate(args: argparse.Namespace) -> int:
    options = parse_options(args.option, args.players)
    try:
        summary = simulate(
            args.game,
            args.n,
            args.bot,
            seed=args.seed,
            options=options,
            workers=args.workers,
            progress=None if args.quiet else _progress(sys.stderr),
        )
    except (RulesError, ValueError) as exc:
        print(f"wasteland: {exc}", file=sys.stderr)
        return 2
    print(summary.format())
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    keys = args.games or list(GAME_KEYS)
    print(f"One core, random play, about {args.seconds:g} s per game and player count.")
    for key in keys:
        game = get_game(key)
        counts = [args.players] if args.players else list(game.player_counts)
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
                print(f"  {step.index:4d}. seat {player}: {game.describe(step.action)}")

            final = replays.verify(replay, show if args.steps else None)
        except (OSError, ValueError, replays.ReplayError) as exc:
            print(f"FAIL {path}: {exc}")
            status = 1
            continue
        outcome = game.outcome(final)
        ended = outcome.reason if outcome else "still running"
        print(f"ok   {path}: {replay.game}, {len(replay.actions)} actions, {ended}")
        if args.steps:
            print(game.render(final, None))
    return status


_HELP = "Type an action's number; r redraws, s saves, q quits (saving when --save is given), ? shows this."


def cmd_play(args: argparse.Namespace) -> int:
    out = sys.stdout
    if args.resume:
        try:
            saved = replays.load(args.resume)
            game = get_game(saved.game)
            state = replays.final_state(saved)
        except (OSError, ValueError, replays.ReplayError) as exc:
            print(f"wasteland: cannot resume {args.resume}: {exc}", file=sys.stderr)
            return 2
        seed, options, actions = saved.seed, dict(saved.options), list(saved.actions)
        print(f"Resumed {game.title} after {len(actions)} actions.", file=out)
    else:
        if not args.game:
            print("wasteland: name a game (wasteland games lists them) or --resume FILE", file=sys.stderr)
            return 2
        game = get_game(args.game)
        seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
        options = parse_options(args.option, args.players)
        try:
            state = game.new_game(seed, **options)
        except RulesError as exc:
            print(f"wasteland: {exc}", file=sys.stderr)
            return 2
        actions = []
        print(f"{game.title}, seed {seed}. {_HELP}", file=out)
    players = game.num_players(state)
    humans = set(args.seat) if args.seat else {0}
    bad = [s for s in humans if not 0 <= s < players]
    if bad:
        print(f"wasteland: seats are 0..{players - 1}, got {bad}", file=sys.stderr)
        return 2
    bots: dict[int, Bot] = {
        seat: make_bot(args.bot, game.key, bot_seed(seed, seat)) for seat in range(players) if seat not in humans
    }
    save_path = Path(args.save) if args.save else None

    def save() -> None:
        target = save_path or Path("wasteland-save.json")
        draft = replays.Replay(game.key, seed, options, tuple(actions), None, None, "saved game")
        replays.save(draft, target)
        print(f"Saved to {target}; resume with: wasteland play --resume {target}", file=out)

    shown = None
    while True:
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
            print(f"seat {player} ({bots[player].name}): {game.describe(action)}", file=out)
        else:
            if shown is not state:
                print("\n" + game.render(game.view(state, player), player), file=out)
                print(f"\nSeat {player}, choose:", file=out)
                for i, a in enumerate(legal, 1):
                    print(f"  {i:3d}. {game.describe(a)}", file=out)
                shown = state
            try:
                answer = input("> ").strip().lower()
            except EOFError:
                answer = "q"
            if answer in ("q", "quit", "exit"):
                if save_path:
                    save()
                print("Bye.", file=out)
                return 0
            if answer in ("s", "save"):
                save()
                continue
            if answer in ("r", "redraw"):
                shown = None
                continue
            if answer in ("?", "h", "help", ""):
                print(_HELP, file=out)
                continue
            if not answer.isdigit() or not 1 <= int(answer) <= len(legal):
                print(f"Please type a number from 1 to {len(legal)} (? for help).", file=out)
                continue
            action = legal[int(answer) - 1]
        state = game.apply(state, action)
        actions.append(action)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="wasteland", description="Rules engines for five survival board games.")
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("games", help="list the registered games")
    p.set_defaults(run=cmd_games)

    p = sub.add_parser("demo", help="bots play every game; a summary is printed")
    p.add_argument("-n", "--games", type=int, default=20, help="games per game and player count")
    p.add_argument("--seed", type=int, default=1)
    p.set_defaults(run=cmd_demo)

    p = sub.add_parser("play", help="play at the terminal against bots")
    p.add_argument("game", nargs="?", choices=GAME_KEYS)
    p.add_argument("--players", type=int)
    p.add_argument("--seat", type=int, action="append", help="a seat a human plays (repeatable; default 0)")
    p.add_argument("--bot", choices=BOT_NAMES, default="heuristic", help="bot for the other seats")
    p.add_argument("--seed", type=int)
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="a game option (VALUE @FILE reads JSON)")
    p.add_argument("--save", metavar="FILE", help="where s and q save the game")
    p.add_argument("--resume", metavar="FILE", help="continue a saved game")
    p.set_defaults(run=cmd_play)

    p = sub.add_parser("replay", help="verify replay files (and print their steps)")
    p.add_argument("files", nargs="+")
    p.add_argument("--steps", action="store_true", help="print every step and the final table")
    p.set_defaults(run=cmd_replay)

    p = sub.add_parser("simulate", help="bots play many games; win rates and lengths")
    p.add_argument("game", choices=GAME_KEYS)
    p.add_argument("-n", type=int, default=100, help="number of games")
    p.add_argument("--bot", action="append", choices=BOT_NAMES, help="bot name (once for all seats, or once per seat)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--players", type=int)
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="a game option (VALUE @FILE reads JSON)")
    p.add_argument("--workers", type=int, help="processes (default: every core)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(run=cmd_simulate)

    p = sub.add_parser("bench", help="decisions per second of each game's rules")
    p.add_argument("games", nargs="*", choices=[[], *GAME_KEYS], metavar="GAME")
    p.add_argument("--seconds", type=float, default=2.0)
    p.add_argument("--players", type=int)
    p.add_argument("--seed", type=int, default=0)
    p.set_defaults(run=cmd_bench)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if getattr(args, "command", None) == "simulate" and not args.bot:
        args.bot = ["random"]
    try:
        code: int = args.run(args)
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130
    except CodecError as exc:
        print(f"wasteland: {exc}", file=sys.stderr)
        return 2
    return code


if __name__ == "__main__":
    sys.exit(main())
