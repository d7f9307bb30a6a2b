"""The state-file fuzzer of the generic suite (:mod:`wasteland.testing.test_loaded_states`) on every
registered game: whatever the loader accepts, every contract function answers.
``python -m wasteland.testing.mutation SECONDS`` runs the fuzzer for that long and prints what it
found."""

from __future__ import annotations

from wasteland.testing.test_loaded_states import *  # noqa: F403 - pytest collects the suite's tests here
