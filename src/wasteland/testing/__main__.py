"""``python -m wasteland.testing KEY [KEY ...] [PYTEST ARGUMENTS]``: the generic suite on those games.

The keys are the games to test (every game when none is given); what follows them goes to
pytest as it is (``-x``, ``-n 2`` with pytest-xdist, ``-k determinize``). The exit status is
pytest's.
"""

from __future__ import annotations

import os
import sys

from wasteland.registry import GAME_KEYS, broken
from wasteland.testing import ENV


def main(argv: list[str]) -> int:
    games = []
    while argv and not argv[0].startswith("-"):
        games.append(argv.pop(0))
    unknown = [key for key in games if key not in GAME_KEYS]
    if unknown:
        why = broken()
        for key in unknown:
            print(f"wasteland.testing: {'game ' + why[key] if key in why else f'no game {key!r}'}", file=sys.stderr)
        print(f"wasteland.testing: known games: {', '.join(GAME_KEYS)}", file=sys.stderr)
        return 2
    try:
        import pytest
    except ImportError:
        print("wasteland.testing needs pytest and hypothesis: pip install 'wasteland[testing]'", file=sys.stderr)
        return 2
    if games:
        os.environ[ENV] = ",".join(games)
    return int(pytest.main(["--pyargs", "wasteland.testing", "-p", "no:cacheprovider", "-q", *argv]))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
