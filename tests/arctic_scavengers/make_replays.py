"""Regenerate examples/replays/arctic_scavengers_*.json: ``python -m tests.arctic_scavengers.make_replays``.

Each replay is a game of heuristic bots whose seed was chosen so the game shows
the feature it is named after.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from wasteland import replay
from wasteland.agents.arctic_scavengers import HeuristicBot
from wasteland.arctic_scavengers import GAME, Sabotage, Snipe
from wasteland.arctic_scavengers.state import SkirmishResolved

ROOT = Path(__file__).resolve().parents[2] / "examples" / "replays"

#: name -> (players, seed, title)
REPLAYS: dict[str, tuple[int, int, str]] = {}


def bot_game(seed: int, options: dict[str, Any]) -> tuple[Any, ...]:
    players = options["players"]
    bots = [HeuristicBot(seed * 31 + p) for p in range(players)]
    state = GAME.new_game(seed, **options)
    actions = []
    while GAME.current_player(state) is not None:
        p = GAME.current_player(state)
        assert p is not None
        action = bots[p].choose(GAME, GAME.view(state, p), GAME.legal_actions(state))
        actions.append(action)
        state = GAME.apply(state, action)
    return tuple(actions)


def features(rep: replay.Replay) -> set[str]:
    """What the replay shows: a snipe, a disarm, a stalemate (a skirmish event with no winner)."""
    found: set[str] = set()
    for step in replay.steps(rep):
        if isinstance(step.action, Snipe):
            found.add("snipe")
        if isinstance(step.action, Sabotage):
            found.add("disarm")
        if any(isinstance(e, SkirmishResolved) and e.winner is None for e in step.after.events):
            found.add("stalemate")
    return found


def find(options: dict[str, Any], wanted: set[str], title: str, start: int = 0) -> replay.Replay:
    for seed in range(start, start + 200):
        rep = replay.record("arctic_scavengers", seed, options, bot_game(seed, options), title)
        if wanted <= features(rep):
            return rep
    raise LookupError(f"no seed shows {wanted} with the options {options}")


#: A card set of our own for the example: stronger Brawlers, a cheaper Scout, more families and Grenades.
OWN_CARDS: dict[str, Any] = {
    "Brawler": {"fight": 3},
    "Scout": {"cost": {"medicine": 0, "food": 2}},
    "tribe_family_4": {"count": 3},
    "Grenade": {"count": 3},
    "Sniper Team": {"count": 6, "people": 1},
}

PLANS: tuple[tuple[str, dict[str, Any], set[str], str], ...] = (
    ("2p_stalemate", {"players": 2}, {"stalemate"}, "two tribes; a skirmish not won by 2 ends in a stalemate"),
    ("3p_snipe", {"players": 3}, {"snipe", "stalemate"},
     "three tribes; a Sniper Team snipes, and a tie in people stalemates"),
    ("5p_disarm", {"players": 5}, {"disarm", "snipe"},
     "five tribes; a Saboteur disarms a tool and a Sniper Team snipes"),
    ("4p_own_cards", {"players": 4, "cards": OWN_CARDS}, {"snipe"},
     "four tribes with a card set of their own (Brawler fight 3, cheaper Scouts, more families and Grenades)"),
)


def main() -> None:
    for name, options, wanted, title in PLANS:
        rep = find(options, wanted, title)
        path = ROOT / f"arctic_scavengers_{name}.json"
        replay.save(rep, path)
        print(path.name, "seed", rep.seed, len(rep.moves), "moves")


if __name__ == "__main__":
    main()
