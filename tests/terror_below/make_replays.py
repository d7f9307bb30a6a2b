"""Record the Terror Below example replays (examples/replays/terror_below_*.json).

Run ``python -m tests.terror_below.make_replays`` from the repository's root after a change of the
rules version: each example is the first seed, in order, whose game (the heuristic bot on every
seat, or random legal play) ends the wanted way, written with ``replay.save``:

* ``terror_below_20vp``: 2 players, the heuristic bot, won by reaching 20 VP;
* ``terror_below_eliminated``: 3 players, random play, a squad wiped out and the last turns played;
* ``terror_below_solo``: 1 player, the egg_hunt scenario, the heuristic bot;
* ``terror_below_queen_hunt``: 3 players, the heuristic bot, a Queen attacks and is killed by a hunt.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, Callable

from wasteland.agents import RandomBot
from wasteland.agents.terror_below import HeuristicBot
from wasteland.replay import Recorder, save
from wasteland.terror_below import GAME, view

ROOT = Path(__file__).resolve().parents[2]
REPLAYS = ROOT / "examples" / "replays"


def play(seed: int, options: dict[str, Any], policy: str, title: str) -> tuple[Recorder, list[str]]:
    players = options.get("players", 2)
    bots: list[Any] = [HeuristicBot(seed * 10 + p) if policy == "heuristic" else RandomBot(seed * 10 + p)
                       for p in range(players)]
    recorder = Recorder(GAME.key, seed, options, title)
    said: list[str] = []
    while GAME.outcome(recorder.state) is None:
        seat = GAME.current_player(recorder.state)
        assert seat is not None
        state = recorder.state
        recorder.play(bots[seat].choose(GAME, view(state, seat), GAME.legal_actions(state)))
        said += GAME.events(recorder.state)
    return recorder, said


def queen_hunted(said: list[str]) -> bool:
    return any("the Queen is defeated" in line for line in said)


def find(code: str, options: dict[str, Any], policy: str, title: str,
         also: Callable[[list[str]], bool] = lambda said: True) -> Recorder:
    for seed in range(1, 3000):
        recorder, said = play(seed, options, policy, title)
        outcome = GAME.outcome(recorder.state)
        if outcome is not None and outcome.code == code and also(said):
            return recorder
    raise RuntimeError(f"no seed ended with {code}")


def main() -> int:
    wanted: list[tuple[str, str, dict[str, Any], str, str, Callable[[list[str]], bool]]] = [
        ("terror_below_20vp", "twenty_vp", {"players": 2}, "heuristic", "two players race to 20 VP",
         lambda said: True),
        ("terror_below_eliminated", "last_turn", {"players": 3}, "random",
         "a squad is wiped out; the others take one last turn", lambda said: True),
        ("terror_below_solo", "objective", {"players": 1, "scenario": "egg_hunt"}, "heuristic",
         "solo: sixteen eggs delivered before fifteen Worms fall", lambda said: True),
        ("terror_below_queen_hunt", "twenty_vp", {"players": 3}, "heuristic",
         "the Queen attacks and the caught hunt her down", queen_hunted),
    ]
    for name, code, options, policy, title, also in wanted:
        recorder = find(code, options, policy, title, also)
        save(recorder.replay(), REPLAYS / f"{name}.json")
        print(f"{name}: seed {recorder.replay().seed}, {len(recorder.moves)} moves, {code}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
