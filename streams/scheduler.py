"""The worker's processing strategy: take-batches in, acks out, in order.

Why a task of its own: faust's take buffer stops filling while the agent body runs, so a
body that awaited decode and commit serialised faust's per-record dispatch with them, and
a stream of small records crawled. The body only submits; the
scheduler's task prepares batch N+1 (the CPU step, in the prepare child) while batch N
commits (the ClickHouse insert and the publishes, mostly outside the GIL), so the stages
overlap on two cores.

The contract, in the shape of a Kafka processing strategy:

* ``submit(records)``: the agent body calls it with every take-batch, in the order faust
  delivered them, none of them acked. It returns once they are queued, and blocks while
  ``2 × max_records`` records wait (back-pressure: the stream stalls). Queued take-batches
  merge while the pipeline is busy (fewer ClickHouse round trips per event) and go one by
  one when it is idle (latency).
* ``poll()``: the body calls it before each submit. It raises what stopped the scheduler's
  task, so the agent fails loudly instead of queueing into a dead pipeline.
* ``join()``: once, when the body exits. Cancels what is in flight and waits for the task
  to end; nothing in flight is acked, so those records come back to whoever owns their
  partitions next.

What holds in between:

* Order. Batches enter the CPU step in submission order (``PREPARE_DEPTH`` queued there at
  once), commit strictly one after another in the same order, and each batch's records are
  acked right after its own commit returned.
* Ack only after commit. :meth:`Pipeline.commit` returns once the batch is durable (rows in
  ClickHouse, dead letters and ``TraceFinalized`` records acknowledged by the broker), and
  faust commits only acked offsets: a crash anywhere before the ack redelivers the batch,
  and the idempotent sinks make the redelivery harmless.
* Child death. A prepare child that dies fails every batch in flight with it
  (``BrokenProcessPool``): a fresh child is started and those batches are submitted again
  in their order (the CPU step is a pure function of its inputs).
* One backoff. Child deaths, and the failures that prepare and commit retry themselves
  (ClickHouse, blob store or broker unavailable, a full disk), all wait with
  :func:`streams.backoff.with_backoff` (0.5 s doubling to 30 s); a partition waits
  rather than skip data, and says so (``retrying``, ``stuck``, ``paused``) in
  `fixtrace status`.
* Poison never stops the line. A failure that is not an outage
  (:mod:`fixtrace_config.failures`) is never retried: the batch is run record by record
  and each record that fails alone is dead-lettered (:meth:`Pipeline.isolate`), then the
  batch is acked like any other.
"""

from __future__ import annotations

import asyncio
import collections
from collections.abc import Awaitable, Callable
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any

from fixtrace_config.failures import is_poison
from streams.backoff import with_backoff
from streams.decode import Source
from streams.micro_batch import Batch, Pipeline

PREPARE_DEPTH = 2
"""Batches queued for the CPU step at once: while one is prepared the next is already
waiting in its queue, so the child never idles on the main process's hand-over (consent
lookup, pickling, scheduling), as it did with one."""

Ack = Callable[[Any], Awaitable[Any]]
"""Acknowledges one faust event (``stream.ack``)."""


class Scheduler:
    """Runs take-batches through a :class:`Pipeline` and acks them; see the module docstring."""

    def __init__(
        self, pipeline: Pipeline, ack: Ack, max_records: int, stats_path: str | None = None
    ) -> None:
        self.pipeline = pipeline
        self.max_records = max_records
        self._ack = ack
        self._stats_path = stats_path
        self._queue = Handoff(max_pending=2 * max_records)
        self._preparing: collections.deque[tuple[asyncio.Future[Batch], list[Any]]] = (
            collections.deque()
        )
        self._committing: asyncio.Future[None] | None = None
        self._task = asyncio.ensure_future(self._run())

    async def submit(self, records: list[Any]) -> None:
        """Queue a take-batch (faust events, not acked); waits while the queue is full."""
        await self._queue.put(records)

    def poll(self) -> None:
        """Raise what stopped the scheduler's task, if it stopped."""
        if self._task.done():
            self._task.result()

    async def join(self) -> None:
        """Cancel the batches in flight (none of them is acked) and wait for the task."""
        self._task.cancel()
        await asyncio.wait([self._task])

    async def _run(self) -> None:
        stats = self.pipeline.stats
        try:
            while True:
                if not self._preparing:
                    with stats.timed("wait_input"):
                        self._prepare(await self._queue.get(self.max_records))
                while len(self._preparing) < PREPARE_DEPTH and self._queue.pending:
                    self._prepare(await self._queue.get(self.max_records))
                batch, records = await with_backoff(
                    "preparing a micro-batch", self._oldest_prepared,
                    progress=self.pipeline.progress,
                )  # fmt: skip
                if self._committing is not None:
                    with stats.timed("wait_commit"):
                        await self._committing
                self._committing = asyncio.ensure_future(self._commit_then_ack(batch, records))
        finally:
            for future, _ in self._preparing:
                future.cancel()
            if self._committing is not None and not self._committing.done():
                self._committing.cancel()

    def _prepare(self, records: list[Any]) -> None:
        future = asyncio.ensure_future(
            self.pipeline.prepare([source_of(r.message) for r in records])
        )
        self._preparing.append((future, records))

    async def _oldest_prepared(self) -> tuple[Batch | Poisoned, list[Any]]:
        """The oldest batch in the CPU step, once prepared. When the child died with it,
        every batch in flight is submitted again, in order, and ``BrokenProcessPool``
        raised (for the backoff). A batch whose CPU step failed on poison comes back as
        :class:`Poisoned`, to be run record by record."""
        future, records = self._preparing[0]
        try:
            batch = await future
        except BrokenProcessPool:
            self.pipeline.preparer.replace_broken()
            retry = [records for _, records in self._preparing]
            for other, _ in self._preparing:
                other.cancel()
            self._preparing.clear()
            for records in retry:
                self._prepare(records)
            raise
        except Exception as exc:
            if not is_poison(exc):
                raise
            self._preparing.popleft()
            return Poisoned([source_of(r.message) for r in records], exc), records
        self._preparing.popleft()
        return batch, records

    async def _commit_then_ack(self, batch: Batch | Poisoned, records: list[Any]) -> None:
        if isinstance(batch, Poisoned):
            await self.pipeline.isolate(batch.sources, batch.error, "prepare")
        else:
            try:
                await self.pipeline.commit(batch)
            except Exception as exc:
                if not is_poison(exc):
                    raise
                await self.pipeline.isolate(batch.sources, exc, "store")
        for r in records:
            await self._ack(r)
        if self._stats_path:
            self.pipeline.stats.write(self._stats_path)


@dataclass
class Poisoned:
    """A take-batch whose CPU step raised on poison: its sources and the error."""

    sources: list[Source]
    error: BaseException


class Handoff:
    """Take-batches from the agent body to the scheduler's task, merged while it is busy.

    The body only appends here; the task takes everything pending (up to a limit), so a busy
    pipeline gets bigger batches and an idle one each take as it comes. Bounded: the body
    waits while ``max_pending`` records are queued.
    """

    def __init__(self, max_pending: int) -> None:
        self.max_pending = max_pending
        self._items: list[Any] = []
        self._ready = asyncio.Event()
        self._space = asyncio.Event()
        self._space.set()

    async def put(self, events: list[Any]) -> None:
        """Queue a take-batch; waits while the queue is full."""
        while len(self._items) >= self.max_pending:
            self._space.clear()
            await self._space.wait()
        self._items.extend(events)
        self._ready.set()

    @property
    def pending(self) -> int:
        """Records queued and not yet taken."""
        return len(self._items)

    async def get(self, limit: int) -> list[Any]:
        """Up to ``limit`` queued records, oldest first; waits for at least one."""
        while not self._items:
            self._ready.clear()
            await self._ready.wait()
        out, self._items = self._items[:limit], self._items[limit:]
        self._space.set()
        return out


def source_of(m: Any) -> Source:
    """Where a faust message came from, with its raw bytes."""
    return Source(m.topic, m.partition, m.offset, m.key, m.value, int((m.timestamp or 0) * 1000))
