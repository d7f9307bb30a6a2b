"""Hypothesis profiles: ``quick`` (the default, for every run) and ``thorough``.

Choose with ``HYPOTHESIS_PROFILE=thorough pytest`` for long local runs.
"""

import os
import sys
from pathlib import Path

from hypothesis import HealthCheck, settings

from wasteland import registry

# The example game of a package of its own (examples/salvage, built with nothing but the engine as
# docs/adding-a-game.md tells) runs through every generic test beside the library's games, from
# the checkout (first on the path, before a copy installed with the README's command): a new game
# needs no wiring anywhere else.
sys.path.insert(0, str(Path(__file__).parent.parent / "examples" / "salvage" / "src"))
registry.register("salvage", "wasteland_salvage")

settings.register_profile(
    "quick",
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "thorough",
    max_examples=1000,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "quick"))

# In CI every optional part is installed (.ci/run): a test skipped for a missing extra there
# would hide a broken adapter, so the run fails instead.
if os.environ.get("CI") == "true":
    import pytest

    _importorskip = pytest.importorskip

    def _required(modname: str, *args: object, **kwargs: object) -> object:
        try:
            return _importorskip(modname, *args, **kwargs)  # type: ignore[arg-type]
        except pytest.skip.Exception:
            raise ImportError(f"{modname} is not installed, but CI installs every extra") from None

    pytest.importorskip = _required  # type: ignore[assignment]
