"""The generic suite's settings when it runs on its own (``python -m wasteland.testing``), as the
library's test suite sets them: hypothesis's ``quick`` profile (25 examples a test, no deadline),
or ``thorough`` (1,000) with ``HYPOTHESIS_PROFILE=thorough``."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

for _name, _examples in (("quick", 25), ("thorough", 1000)):
    settings.register_profile(_name, max_examples=_examples, deadline=None,
                              suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "quick"))
