"""Trace and event ids for tests: the wire takes only RFC 9562 UUIDs (``schemas.shapes``)."""

from __future__ import annotations

import uuid

_NS = uuid.UUID("6f1c2a4e-5b3d-4c7a-9e8f-0a1b2c3d4e5f")


def test_id(name: str) -> str:
    """A fixed RFC UUID for a name (``test_id("t-1")``), the same in every run."""
    return str(uuid.uuid5(_NS, name))


test_id.__test__ = False  # type: ignore[attr-defined]
