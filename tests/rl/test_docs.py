"""The examples of docs/rl.md run as they are written."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("pyspiel")

DOC = Path(__file__).resolve().parents[2] / "docs" / "rl.md"
EXAMPLES = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)


def test_the_page_has_an_example_for_each_adapter() -> None:
    for adapter in ("wasteland.rl.pettingzoo", "wasteland.rl.gymnasium", "wasteland.rl.open_spiel"):
        assert sum(adapter in example for example in EXAMPLES) >= 1


@pytest.mark.parametrize("number", range(len(EXAMPLES)))
def test_each_example_runs(number: int, capsys: pytest.CaptureFixture[str]) -> None:
    exec(compile(EXAMPLES[number], f"docs/rl.md example {number + 1}", "exec"), {})
    assert capsys.readouterr().out.strip()
