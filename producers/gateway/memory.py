"""Bounded per-trace memory of accepted work, so a resent batch is not published twice.

Per trace: the last accepted seq, the accepted event ids (with their seq and a digest of
their content, up to a bound) and whether the trace was finalized; traces are kept LRU.
The memory is per process: after a gateway restart (or on another replica) a resent batch
is published again and the stream's dedupe by ``event_id`` removes the copies, so the
effect stays exactly-once.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from dataclasses import dataclass, field


@dataclass
class TraceMemory:
    last_seq: int = 0
    event_ids: OrderedDict[str, tuple[int, int]] = field(default_factory=OrderedDict)
    """event id → (seq, digest of the event's encoded content)."""
    finalized_seq_last: int | None = None
    known: bool = False
    """Opened through this process, or found in the store: events may be appended."""
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    def remember(self, accepted: list[tuple[str, int, int]], bound: int) -> None:
        """Remember (event id, seq, content digest) of published events."""
        for event_id, seq, digest in accepted:
            self.event_ids[event_id] = (seq, digest)
            self.last_seq = max(self.last_seq, seq)
        while len(self.event_ids) > bound:
            self.event_ids.popitem(last=False)


class Memories:
    """LRU of :class:`TraceMemory` by trace id."""

    def __init__(self, max_traces: int) -> None:
        self._max = max_traces
        self._items: OrderedDict[str, TraceMemory] = OrderedDict()

    def get(self, trace_id: str) -> TraceMemory:
        mem = self._items.get(trace_id)
        if mem is None:
            mem = self._items[trace_id] = TraceMemory()
            while len(self._items) > self._max:
                old_id, old = next(iter(self._items.items()))
                if old.lock.locked():
                    break
                del self._items[old_id]
        else:
            self._items.move_to_end(trace_id)
        return mem
