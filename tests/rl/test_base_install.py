"""Without the rl extra, wasteland imports and works: the adapters' libraries are imported by
the adapter modules only, and those say what to install."""

from __future__ import annotations

import subprocess
import sys

PROGRAM = """
import sys
import wasteland, wasteland.rl
from wasteland.rl import encoding
encoding("lucky_seven", {"players": 2})
heavy = sorted(m for m in ("numpy", "gymnasium", "pettingzoo", "pyspiel") if m in sys.modules)
print(",".join(heavy) or "none")
"""


def test_wasteland_and_its_rl_package_import_none_of_the_rl_libraries() -> None:
    out = subprocess.run([sys.executable, "-c", PROGRAM], capture_output=True, text=True, timeout=120, check=True)
    assert out.stdout.strip() == "none"


def test_an_adapter_without_its_library_says_what_to_install() -> None:
    program = (
        "import sys\n"
        "sys.modules['pyspiel'] = None\n"  # as if it were not installed
        "sys.modules['pettingzoo'] = None\n"
        "sys.modules['gymnasium'] = None\n"
        "sys.modules['numpy'] = None\n"
        "for name in ('wasteland.rl.open_spiel', 'wasteland.rl.pettingzoo', 'wasteland.rl.gymnasium',\n"
        "             'wasteland.rl.table'):\n"
        "    try:\n"
        "        __import__(name)\n"
        "    except ImportError as exc:\n"
        "        print(exc)\n"
    )
    out = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, timeout=120, check=True)
    assert out.stdout.splitlines() == ['the RL adapters need the "rl" extra: pip install -e ".[rl]"'] * 4
