"""Hypothesis profiles: ``quick`` (the default, for every run) and ``thorough``.

Choose with ``HYPOTHESIS_PROFILE=thorough pytest`` for long local runs.
"""

import os

from hypothesis import HealthCheck, settings

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
