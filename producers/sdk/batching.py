"""A trace's accepted events, gathered into ``EventBatch`` records for the sender.

Why records of many events: the stream worker pays per Kafka record, not per event, so
the SDK sends a trace's events together: a batch closes at ``max_events`` events,
``max_bytes`` of bodies, or ``linger_s`` after its first event. Events are framed by
concatenating the bodies encoded when they were emitted (``producers/wire.py``), so nothing
is serialized twice. Each record names the spool entries it carries, which its broker ack
releases, and the connection generation it was made for, so records made before the client
went offline are never sent after it came back (the spool re-sends them in order).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from producers.sdk.spool import Entry, Kind
from producers.wire import EventFramer


@dataclass(slots=True)
class Record:
    """One Kafka record for the sender: a batch of a trace's events, or one control record."""

    trace_id: str
    value: bytes
    idxs: list[int]
    """The spool entries it carries: released together when the broker acknowledges it."""
    generation: int
    """The connection it was made for (-1: made by a drain of the spool)."""


@dataclass(slots=True)
class _Buffer:
    bodies: list[bytes] = field(default_factory=list)
    idxs: list[int] = field(default_factory=list)
    size: int = 0
    timer: asyncio.TimerHandle | None = None


class Batcher:
    """Per-trace buffers of encoded events; a full (or lingering) buffer becomes a record."""

    def __init__(
        self,
        framer: EventFramer,
        producer_info: dict[str, Any],
        send: Callable[[Record], None],
        *,
        max_events: int,
        max_bytes: int,
        linger_s: float,
    ) -> None:
        self._framer = framer
        self._info = producer_info
        self._send = send
        self._max_events = max_events
        self._max_bytes = max_bytes
        self._linger_s = linger_s
        self._buffers: dict[str, _Buffer] = {}
        self.generation = 0
        """Bumped by :meth:`drop`: records of an older generation are not sent."""
        self.made = False
        """A record was handed to the sender since the caller last cleared this."""

    def add(self, trace_id: str, body: bytes, idx: int) -> None:
        """Add one event to its trace's batch; a full batch becomes a record."""
        buf = self._buffers.get(trace_id)
        size = len(body)
        if buf is None:
            buf = self._new_buffer(trace_id)
        elif buf.size + size > self._max_bytes:
            self.flush(trace_id)
            buf = self._new_buffer(trace_id)
        bodies = buf.bodies
        bodies.append(body)
        buf.idxs.append(idx)
        buf.size += size
        if len(bodies) >= self._max_events:
            self.flush(trace_id)

    def add_many(self, trace_id: str, bodies: list[bytes], first: int) -> None:
        """:meth:`add` for consecutive spool entries, a batch's worth per step."""
        max_bytes = self._max_bytes
        i, n = 0, len(bodies)
        while i < n:
            buf = self._buffers.get(trace_id) or self._new_buffer(trace_id)
            size = buf.size
            j, stop = i, min(n, i + self._max_events - len(buf.bodies))
            while j < stop:
                grown = size + len(bodies[j])
                if grown > max_bytes and (j > i or buf.bodies):
                    break  # event j opens the next batch
                size = grown
                j += 1
            if j == i:
                self.flush(trace_id)
                continue
            buf.bodies += bodies[i:j]
            buf.idxs += range(first + i, first + j)
            buf.size = size
            i = j
            if len(buf.bodies) >= self._max_events or i < n:
                self.flush(trace_id)

    def control(self, trace_id: str, value: bytes, idx: int) -> None:
        """Send a trace-opened or finalize record, after the trace's buffered events."""
        self.flush(trace_id)
        self._send(Record(trace_id, value, [idx], self.generation))

    def flush(self, trace_id: str) -> None:
        """Turn the trace's buffer (if any) into a record now."""
        buf = self._buffers.pop(trace_id, None)
        if buf is None or not buf.bodies:
            return
        if buf.timer is not None:
            buf.timer.cancel()
        value = self._framer.frame(trace_id, buf.bodies, time.time_ns() // 1_000_000, self._info)
        self._send(Record(trace_id, value, buf.idxs, self.generation))
        self.made = True

    def flush_all(self) -> None:
        """Turn every buffer into a record now."""
        for trace_id in list(self._buffers):
            self.flush(trace_id)

    def drop(self) -> None:
        """Forget every buffer (the spool holds their events) and start a new generation."""
        self.generation += 1
        for buf in self._buffers.values():
            if buf.timer is not None:
                buf.timer.cancel()
        self._buffers.clear()

    def regroup(self, entries: Iterable[Entry], max_events: int) -> list[Record]:
        """Spool entries regrouped into records, keeping each trace's order (a drain)."""
        out: list[Record] = []
        open_batches: dict[str, _Buffer] = {}

        def close(trace_id: str) -> None:
            buf = open_batches.pop(trace_id, None)
            if buf:
                value = self._framer.frame(
                    trace_id, buf.bodies, time.time_ns() // 1_000_000, self._info
                )
                out.append(Record(trace_id, value, buf.idxs, -1))

        for e in entries:
            if e.kind is Kind.event:
                buf = open_batches.setdefault(e.trace_id, _Buffer())
                if len(buf.bodies) >= max_events or buf.size + len(e.body) > self._max_bytes:
                    close(e.trace_id)
                    buf = open_batches.setdefault(e.trace_id, _Buffer())
                buf.bodies.append(e.body)
                buf.idxs.append(e.idx)
                buf.size += len(e.body)
            else:
                close(e.trace_id)
                out.append(Record(e.trace_id, e.body, [e.idx], -1))
        for trace_id in list(open_batches):
            close(trace_id)
        return out

    def _new_buffer(self, trace_id: str) -> _Buffer:
        buf = self._buffers[trace_id] = _Buffer()
        if self._linger_s > 0:
            buf.timer = asyncio.get_running_loop().call_later(self._linger_s, self.flush, trace_id)
        return buf
