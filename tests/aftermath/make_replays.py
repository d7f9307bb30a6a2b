"""Record the Aftermath example replays (examples/replays/aftermath_*.json).

Run ``python -m tests.aftermath.make_replays`` from the repository's root after a change of the
rules version: each example is the first seed, in order, whose mission (the heuristic bot on every
seat, or random legal play) ends the wanted way, written with ``replay.save``:

* ``aftermath_won``: 2 players, the heuristic bot, the starter mission complete;
* ``aftermath_fled``: 1 player, random play, every character fled at once;
* ``aftermath_hunt``: 2 players, random play, the Drain Cellar's calamity sets the Hunt on the party with
  enemies in the Hunt box;
* ``aftermath_campaign``: the demo campaign played start to end by the heuristic bot, the cast changing
  each mission: the replay of its last mission, whose ``campaign`` option holds the missions played
  before it (``campaign.played_campaign`` plays them again), so verifying it plays the whole campaign.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, Callable

from wasteland.agents import RandomBot
from wasteland.agents.aftermath import HeuristicBot
from wasteland.aftermath import GAME, view
from wasteland.aftermath.campaign import finish_mission, main_mission, new_campaign, won
from wasteland.replay import Recorder, save

ROOT = Path(__file__).resolve().parents[2]
REPLAYS = ROOT / "examples" / "replays"


def play(seed: int, options: dict[str, Any], policy: str, title: str) -> tuple[Recorder, list[str]]:
    players = options.get("players", 1)
    bots: list[Any] = [HeuristicBot(seed * 10 + p) if policy == "heuristic" else RandomBot(seed * 10 + p)
                       for p in range(players)]
    recorder = Recorder(GAME.key, seed, options, title)
    said: list[str] = list(GAME.events(recorder.state))
    while (seat := GAME.current_player(recorder.state)) is not None:
        state = recorder.state
        recorder.play(bots[seat].choose(GAME, view(state, seat), GAME.legal_actions(state)))
        said += GAME.events(recorder.state)
    return recorder, said


def hunted(said: list[str]) -> bool:
    """The Hunt brought an enemy out of the Hunt box (before the calamity's own centipede)."""
    return any(line == "the Hunt!" and "comes into play" in said[k + 1] and "Centipede" not in said[k + 1]
               for k, line in enumerate(said[:-1]))


def find(codes: tuple[str, ...], options: dict[str, Any], policy: str, title: str,
         also: Callable[[list[str]], bool] = lambda said: True) -> Recorder:
    for seed in range(1, 3000):
        recorder, said = play(seed, options, policy, title)
        outcome = GAME.outcome(recorder.state)
        if outcome is not None and outcome.code in codes and also(said):
            return recorder
    raise RuntimeError(f"no seed ended with {codes}")


#: The casts of the campaign's missions, in turn: the number of characters changes between missions.
CASTS: tuple[tuple[str, ...], ...] = (("grumple", "whisper"), ("ringr", "meziah", "whisper"), ("meziah", "ringr"),
                                      ("grumple", "ringr", "whisper", "meziah"))


def record_campaign(seed: int) -> Recorder:
    """The demo campaign played by the heuristic bot until it is won with no main mission left (or
    lost): the recorder of its last mission, the missions before it in its ``campaign`` option."""
    campaign, played = new_campaign(), []
    for k in range(12):
        cast = CASTS[k % len(CASTS)]
        players = 1 if len(cast) == 2 else len(cast)
        options = {"players": players, "characters": list(cast), "book": "campaign",
                   "campaign": {"infinite": False, "missions": list(played)}}
        title = "the demo campaign played start to end by the heuristic bot, the cast changing each mission"
        recorder = Recorder(GAME.key, seed * 100 + k, options, title)
        bots = [HeuristicBot(seed * 1000 + 10 * k + p) for p in range(players)]
        while (seat := GAME.current_player(recorder.state)) is not None:
            state = recorder.state
            recorder.play(bots[seat].choose(GAME, view(state, seat), GAME.legal_actions(state)))
        campaign = finish_mission(campaign, recorder.state)
        if campaign.lost or main_mission(campaign) is None:
            if not won(campaign):
                raise RuntimeError(f"seed {seed}: the campaign was not won")
            return recorder
        played.append({"seed": seed * 100 + k, "players": players, "characters": list(cast),
                       "moves": list(recorder.moves)})
    raise RuntimeError(f"seed {seed}: the campaign did not end in 12 missions")


def main() -> int:
    wanted: list[tuple[str, tuple[str, ...], dict[str, Any], str, str, Callable[[list[str]], bool]]] = [
        ("aftermath_won", ("mission_won",), {"players": 2}, "heuristic",
         "two players bring the copper coil home", lambda said: True),
        ("aftermath_fled", ("all_fled",), {"players": 1}, "random",
         "every character flees at once: the mission fails", lambda said: True),
        ("aftermath_hunt", ("mission_won", "all_fled", "decision_limit", "mission_failed"), {"players": 2}, "random",
         "the Drain Cellar's calamity sets the Hunt on the party", hunted),
    ]
    for name, codes, options, policy, title, also in wanted:
        recorder = find(codes, options, policy, title, also)
        save(recorder.replay(), REPLAYS / f"{name}.json")
        print(f"{name}: seed {recorder.replay().seed}, {len(recorder.moves)} moves")
    recorder = record_campaign(1)
    save(recorder.replay(), REPLAYS / "aftermath_campaign.json")
    missions = len(recorder.replay().options["campaign"]["missions"]) + 1
    print(f"aftermath_campaign: {missions} missions, {len(recorder.moves)} moves in the last")
    return 0


if __name__ == "__main__":
    sys.exit(main())
