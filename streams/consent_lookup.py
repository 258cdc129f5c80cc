"""Consent lookup: a trace's consent flags, from its TraceOpened or from ClickHouse.

Why ClickHouse behind the cache: after a restart the TraceOpened record is usually behind
the committed offset and never redelivered, so the flags persisted in ``traces`` are what
lets a restarted worker keep honouring them. Unknown consent means the strictest handling
(redacted, snapshots dropped), so a missing TraceOpened can only over-redact.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from schemas.models import ConsentFlags

Lookup = Callable[[list[str]], dict[str, dict[str, Any]]]
"""Bulk lookup of the stored ``traces`` rows by trace_id (``ClickHouseStore.trace_rows``)."""


class ConsentBook:
    """An LRU of trace_id → consent flags, filled from records and, on a miss, ClickHouse."""

    def __init__(self, lookup: Lookup, max_traces: int = 200_000) -> None:
        self._lookup = lookup
        self._max = max_traces
        self._known: OrderedDict[str, ConsentFlags | None] = OrderedDict()

    def learn(self, trace_id: str, flags: ConsentFlags) -> None:
        """Remember flags seen in a TraceOpened record."""
        self._put(trace_id, flags)

    def prefetch(self, trace_ids: list[str]) -> None:
        """Load the flags of traces not in the cache with one ClickHouse query."""
        missing = [t for t in dict.fromkeys(trace_ids) if t not in self._known]
        if missing:
            for trace_id, row in self._lookup(missing).items():
                flags = flags_from_meta(row)
                if flags is not None:  # never cache "unknown": the TraceOpened may come
                    self._put(trace_id, flags)

    def get(self, trace_id: str) -> ConsentFlags | None:
        """The trace's flags if known (call :meth:`prefetch` first for a batch)."""
        flags = self._known.get(trace_id)
        if flags is not None:
            self._known.move_to_end(trace_id)
        return flags

    def _put(self, trace_id: str, flags: ConsentFlags | None) -> None:
        self._known[trace_id] = flags
        self._known.move_to_end(trace_id)
        while len(self._known) > self._max:
            self._known.popitem(last=False)


def flags_from_meta(meta: dict | None) -> ConsentFlags | None:
    """Consent flags from a ``traces`` row, or None when no TraceOpened was stored yet."""
    if not meta or not meta.get("created_at_ms"):
        return None
    return ConsentFlags(
        store_raw_code=bool(meta.get("consent_store_raw_code")),
        store_terminal_output=bool(meta.get("consent_store_terminal_output")),
        allow_llm_judge=bool(meta.get("consent_allow_llm_judge")),
    )
