"""pyrsistent silently falls back to pure Python (2-14x slower) without its C extension."""

from __future__ import annotations

import pyrsistent
from pyrsistent import pvector


def test_pvector_is_the_c_extension_type() -> None:
    kind = type(pvector())
    assert kind.__module__ == "pvectorc", (
        f"pyrsistent is using {kind.__module__}.{kind.__qualname__}: its C extension "
        "(pvectorc) is missing; reinstall pyrsistent from a wheel for this platform"
    )
    import pvectorc  # noqa: F401  (the extension module itself must import)

    assert isinstance(pvector([1, 2]), pyrsistent.PVector)
