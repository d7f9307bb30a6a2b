"""Record the Lucky Seven example replays again (examples/replays/lucky_seven_*.json).

Run ``python -m tests.lucky_seven.make_replays`` from the repository's root
after a change of the rules version (or of the replay format): every file is
played again move by move with the current rules and written anew, so the
games stay the same and only the file changes. A file of the first replay
format (actions as tagged JSON records) is read too, so that the games
recorded then carry over. A game whose ending changes is reported and its
file left alone: a rule change that alters a recorded game deserves a look.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from wasteland.core.game import RulesError
from wasteland.lucky_seven import ACTION_TYPES, GAME, Action
from wasteland.replay import Recorder, save

REPLAYS = Path(__file__).resolve().parents[2] / "examples" / "replays"
_CLASSES = {cls.__name__: cls for cls in ACTION_TYPES}


def _first_format(doc: dict[str, Any]) -> list[Action]:
    """The actions of a file of the first format: ``{"$r": "lucky_seven.actions.Move", "cell": 9}``."""
    actions = []
    for entry in doc["actions"]:
        fields = dict(entry)
        name = fields.pop("$r").rsplit(".", 1)[-1]
        actions.append(_CLASSES[name](**fields))
    return actions


def record_again(path: Path) -> str:
    """Play the replay at ``path`` again and save it; a line saying what became of it."""
    doc = json.loads(path.read_text(encoding="utf-8"))
    recorder = Recorder(GAME.key, doc["seed"], doc.get("options", {}), doc.get("title", ""))
    if doc.get("version") == 1:
        before = doc.get("expect", {}).get("outcome") or {}
        for action in _first_format(doc):
            recorder.play(action)
    else:
        before = doc["expect"].get("outcome") or {}
        for move in doc["moves"]:  # read as text: a file of an older rules version does not load
            recorder.play(GAME.parse(recorder.state, move))
    ending = GAME.outcome(recorder.state)
    if ending is None or ending.reason != before.get("reason"):
        return f"{path.name}: the ending changed ({before.get('reason')!r} -> {ending and ending.reason!r}); not saved"
    save(recorder.replay(), path)
    return f"{path.name}: {len(recorder.moves)} moves, {ending.code}"


def main() -> int:
    failed = False
    for path in sorted(REPLAYS.glob("lucky_seven_*.json")):
        try:
            print(record_again(path))
        except (RulesError, KeyError, TypeError, ValueError) as exc:
            failed = True
            print(f"{path.name}: {exc}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
