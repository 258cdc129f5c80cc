"""Trace and event ids for tests: the wire takes only RFC 9562 UUIDs (``schemas.shapes``).

``sample_id("c11ef4", "fixed")`` keeps the caller's random prefix first (so prefix lookups
still have something to look up) and names the trace in the second group.
"""

from __future__ import annotations

import uuid

_NAMES = {"fixed": "f1ed", "broken": "b40e", "hostile": "4057"}
_NS = uuid.UUID("6f1c2a4e-5b3d-4c7a-9e8f-0a1b2c3d4e5f")


def sample_id(prefix: str, name: str) -> str:
    """An RFC UUID that starts with ``prefix`` (hex, up to 8) and then the name's group."""
    group = _NAMES.get(name) or uuid.uuid5(_NS, name).hex[:4]
    return f"{prefix:0<8}-{group}-4000-8000-{uuid.uuid5(_NS, prefix + name).hex[:12]}"


def test_id(name: str) -> str:
    """A fixed RFC UUID for a name (``test_id("t-1")``), the same in every run."""
    return str(uuid.uuid5(_NS, name))


test_id.__test__ = False  # type: ignore[attr-defined]
