"""Record the Raxxon example replays (examples/replays/raxxon_*.json).

Run ``python -m tests.raxxon.make_replays`` from the repository's root after a
change of the rules version: each example is a game found by playing seeds in
order with a fixed policy until the wanted ending comes, and written with
``replay.save``:

* ``raxxon_evacuated``: 2 players, intro, the heuristic bot, a won game;
* ``raxxon_infection``: 2 players, regular, the heuristic bot, lost to the infection supply;
* ``raxxon_power``: 3 players, regular, random legal play, lost to Raxxon power;
* ``raxxon_own_cards``: 1 player, intro, the heuristic bot, with examples/cards/raxxon_calm_city.json.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from wasteland.agents.raxxon import HeuristicBot
from wasteland.agents import RandomBot
from wasteland.raxxon import GAME, view
from wasteland.replay import Recorder, save

ROOT = Path(__file__).resolve().parents[2]
REPLAYS = ROOT / "examples" / "replays"
OWN_CARDS = ROOT / "examples" / "cards" / "raxxon_calm_city.json"


def play(seed: int, options: dict[str, Any], policy: str, title: str) -> Recorder:
    players = options.get("players", 1)
    bots: list[Any] = [HeuristicBot(seed * 10 + p) if policy == "heuristic" else RandomBot(seed * 10 + p)
                       for p in range(players)]
    recorder = Recorder(GAME.key, seed, options, title)
    while GAME.outcome(recorder.state) is None:
        seat = GAME.current_player(recorder.state)
        assert seat is not None
        state = recorder.state
        recorder.play(bots[seat].choose(GAME, view(state, seat), GAME.legal_actions(state)))
    return recorder


def find(code: str, options: dict[str, Any], policy: str, title: str) -> Recorder:
    for seed in range(1, 2000):
        recorder = play(seed, options, policy, title)
        outcome = GAME.outcome(recorder.state)
        if outcome is not None and outcome.code == code:
            return recorder
    raise RuntimeError(f"no seed ended with {code}")


def main() -> int:
    own = json.loads(OWN_CARDS.read_text(encoding="utf-8"))
    wanted = [
        ("raxxon_evacuated", "evacuated", {"players": 2, "difficulty": "intro"}, "heuristic",
         "two players evacuate every healthy card (intro)"),
        ("raxxon_infection", "infection", {"players": 2, "difficulty": "regular"}, "heuristic",
         "the infection supply runs out (regular)"),
        ("raxxon_power", "power", {"players": 3, "difficulty": "regular"}, "random",
         "Raxxon power reaches 8 (random play)"),
        ("raxxon_own_cards", "evacuated", {"players": 1, "difficulty": "intro", "cards": own}, "heuristic",
         "a card set of one's own: the calm city"),
    ]
    for name, code, options, policy, title in wanted:
        recorder = find(code, options, policy, title)
        save(recorder.replay(), REPLAYS / f"{name}.json")
        print(f"{name}: seed {recorder.replay().seed}, {len(recorder.moves)} moves, {code}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
