"""The per-micro-batch pipeline: decode → redact → claim-check → flush → decide → publish.

Why a function of a whole take-batch and not per record: ClickHouse inserts, blob puts and
offset acks are batched anyway, and each step is a plain function over the batch (see the
step modules), so this module only wires them in order and owns the few pieces of state
(consent cache, tracker). The faust agent calls :meth:`Pipeline.prepare` then
:meth:`Pipeline.commit` and acks the records only when the commit returned: that ordering
*is* the at-least-once guarantee.

Publish-once: a completion is published, then marked in ClickHouse (``traces.status``);
redelivered records of a marked trace are skipped by the tracker's status check. The window
between the publish ack and the mark insert is closed on restart by reading the tail of the
finalized topic (``streams.app._recheck_published``); see README.md for what remains.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

from schemas.codec import encode
from schemas.models import (
    DeadLetter,
    EventBatch,
    TraceFinalize,
    TraceFinalized,
    TraceOpened,
    now_ms,
)
from sinks.clickhouse import rows as R
from sinks.clickhouse.store import ClickHouseStore
from streams import chstate
from streams.claimcheck import BlobPutter, move_to_blobs
from streams.consents import ConsentBook
from streams.decode import Decoded, Source, decode_one
from streams.redact import Redactor
from streams.redaction import redact_event, redact_opened
from streams.sink import Staged, flush
from streams.tracker import MISSING_EVENTS, Completion, Tracker

log = logging.getLogger(__name__)

Send = Callable[[str, bytes | None, bytes], Awaitable[None]]
"""(topic, key, value) → resolves once the broker acknowledged the record."""


@dataclass
class Stats:
    """Counters for logs, tests and the bench."""

    records: int = 0
    events: int = 0
    dead: int = 0
    flushes: int = 0
    published: int = 0
    skipped_published: int = 0
    latencies_ms: list[float] = field(default_factory=list)
    first_flush_at: float = 0.0
    first_flush_events: int = 0
    last_flush_at: float = 0.0


@dataclass
class Prepared:
    """A decoded take-batch: valid records and dead letters, with the sources to ack."""

    sources: list[Source]
    decoded: list[Decoded]
    dead: list[DeadLetter]


@dataclass
class PipelineConfig:
    """The knobs of the steps (from Settings and the worker options)."""

    topic_dlq: str
    topic_finalized: str
    inline_limit_bytes: int
    gap_timeout_s: float
    record_latency: bool = False


class Pipeline:
    """Runs the steps over one take-batch of raw records; see the module docstring."""

    def __init__(
        self,
        cfg: PipelineConfig,
        store: ClickHouseStore,
        blobs: BlobPutter,
        redactor: Redactor,
        send: Send,
    ) -> None:
        self.cfg = cfg
        self.store = store
        self.blobs = blobs
        self.redactor = redactor
        self.send = send
        self.stats = Stats()
        self.consents = ConsentBook(lambda ids: chstate.consents(store, ids))
        self.tracker = Tracker(
            lambda ids: chstate.stored_seqs(store, ids),
            lambda ids: chstate.statuses(store, ids),
            cfg.gap_timeout_s,
        )
        self.recently_published: set[tuple[str, str]] = set()
        self._pool = ThreadPoolExecutor(4, thread_name_prefix="blob-put")
        self._lock = asyncio.Lock()
        self.ready = asyncio.Event()
        """Set once the start-up re-checks of an assignment are done (see streams.app)."""

    # --- steps -------------------------------------------------------------------------

    def stage(self, decoded: Iterable[Decoded]) -> Staged:
        """Redact and claim-check valid records into rows (sync: runs in a thread)."""
        staged = Staged()
        ingested = now_ms()
        seen: set[tuple[str, str]] = set()
        decoded = list(decoded)
        opened_here = {d.record.trace_id for d in decoded if isinstance(d.record, TraceOpened)}
        self.consents.prefetch(
            [d.record.trace_id for d in decoded
             if isinstance(d.record, EventBatch) and d.record.trace_id not in opened_here]
        )  # fmt: skip
        for d in decoded:
            rec = d.record
            staged.partitions[rec.trace_id] = d.source.partition
            if isinstance(rec, TraceOpened):
                self.consents.learn(rec.trace_id, rec.developer.consent_flags)
                staged.opened.append(redact_opened(rec, self.redactor))
            elif isinstance(rec, TraceFinalize):
                staged.finals.append(rec)
            elif isinstance(rec, EventBatch):
                consent = self.consents.get(rec.trace_id)
                fresh = [e for e in rec.events if (rec.trace_id, e.event_id) not in seen]
                seen.update((rec.trace_id, e.event_id) for e in fresh)
                stored = [redact_event(e, consent, self.redactor) for e in fresh]
                stored, infos = move_to_blobs(
                    stored, self.cfg.inline_limit_bytes, self.blobs, self._pool
                )
                staged.blobs.extend(infos)
                staged.event_rows.extend(R.event_rows(rec.trace_id, stored, ingested))
                staged.seqs.setdefault(rec.trace_id, set()).update(e.seq for e in stored)
                staged.events += len(stored)
        flush(self.store, staged)
        return staged

    def _decide(self, touched: list[str]) -> list[Completion]:
        """Load what earlier runs stored about newly seen traces, then decide completions.

        A restarted worker does not get the finalize marker of a trace again when it was
        committed; without this load, late events of that trace would never complete it.
        """
        new = self.tracker.unloaded(touched)
        if new:
            self.tracker.load(chstate.progress(self.store, new), new)
        return self.tracker.decide(touched)

    async def dead_letters(self, dead: list[DeadLetter]) -> None:
        """Publish dead letters and wait for the broker's ack (before any offset commit)."""
        await asyncio.gather(*(self.send(self.cfg.topic_dlq, d.key, encode(d)) for d in dead))
        for d in dead:
            log.warning(
                "dead letter %s@%s/%s: %s",
                d.source_topic,
                d.source_partition,
                d.source_offset,
                d.reason,
            )

    async def publish(self, completions: list[Completion]) -> None:
        """Publish each completion, then mark it in ClickHouse (publish-then-mark)."""
        todo = []
        for c in completions:
            if (c.trace_id, c.status) in self.recently_published:
                self.stats.skipped_published += 1
            else:
                todo.append(c)
        records = [
            TraceFinalized(
                trace_id=c.trace_id,
                finalized_at_ms=c.finalized_at_ms,
                seq_last=c.seq_last,
                event_count=c.event_count,
                missing_seqs=list(c.missing_seqs),
                flags=[MISSING_EVENTS] if c.status == MISSING_EVENTS else [],
            )
            for c in todo
        ]
        await asyncio.gather(
            *(self.send(self.cfg.topic_finalized, r.trace_id.encode(), encode(r)) for r in records)
        )
        self.stats.published += len(records)
        # Remembered until marked: a retry after a failed mark must not publish again.
        self.recently_published.update((c.trace_id, c.status) for c in todo)
        await asyncio.to_thread(self._mark, completions)
        self.recently_published.difference_update((c.trace_id, c.status) for c in completions)

    def _mark(self, completions: list[Completion]) -> None:
        at = now_ms()
        chstate.merge_traces(self.store, [chstate.completion_change(c, at) for c in completions])
        for c in completions:
            self.tracker.published(c)

    # --- the whole micro-batch ---------------------------------------------------------

    @staticmethod
    def prepare(sources: list[Source]) -> Prepared:
        """Decode a take-batch (pure CPU; may overlap the previous batch's commit)."""
        outcomes = [decode_one(s) for s in sources]
        return Prepared(
            sources,
            [o for o in outcomes if isinstance(o, Decoded)],
            [o for o in outcomes if isinstance(o, DeadLetter)],
        )

    async def handle(self, sources: list[Source]) -> None:
        """Decode and commit a take-batch; returns once its effects are durable (then ack)."""
        await self.commit(self.prepare(sources))

    async def commit(self, prepared: Prepared) -> None:
        """Store, dead-letter and publish a decoded batch; returns once durable (then ack).

        Failures (ClickHouse, blob store or broker unavailable) are retried with backoff
        instead of crashing the agent: every step is idempotent, so a retry is a redelivery.
        """
        delay = 0.5
        while True:
            try:
                await self._commit(prepared)
                return
            except Exception:
                log.exception("micro-batch of %d records failed; retrying in %.1fs",
                              len(prepared.sources), delay)  # fmt: skip
                await asyncio.sleep(delay)  # backoff before an idempotent retry
                delay = min(delay * 2, 30.0)

    async def _commit(self, prepared: Prepared) -> None:
        sources, decoded, dead = prepared.sources, prepared.decoded, prepared.dead
        await self.ready.wait()
        async with self._lock:
            staged = await asyncio.to_thread(self.stage, decoded)
            done = time.time() * 1000
            if dead:
                await self.dead_letters(dead)
            for trace_id, seqs in staged.seqs.items():
                self.tracker.stored(trace_id, staged.partitions[trace_id], seqs)
            for fin in staged.finals:
                self.tracker.finalize_seen(
                    fin.trace_id,
                    staged.partitions[fin.trace_id],
                    fin.seq_last,
                    fin.finalized_at_ms,
                )
            touched = list(dict.fromkeys([*staged.seqs, *(f.trace_id for f in staged.finals)]))
            completions = await asyncio.to_thread(self._decide, touched)
            if completions:
                await self.publish(completions)
        self.stats.records += len(sources)
        self.stats.events += staged.events
        self.stats.dead += len(dead)
        self.stats.flushes += 1
        self.stats.last_flush_at = time.time()
        if not self.stats.first_flush_at:
            self.stats.first_flush_at = self.stats.last_flush_at
            self.stats.first_flush_events = self.stats.events
        if self.cfg.record_latency:
            self.stats.latencies_ms.extend(done - s.timestamp_ms for s in sources)

    async def sweep(self) -> None:
        """Finalize traces whose gap outlived the timeout (``missing_events``)."""
        if not self.ready.is_set() or not self.tracker.due():
            return
        async with self._lock:
            completions = await asyncio.to_thread(self.tracker.decide, self.tracker.due())
            if completions:
                await self.publish(completions)
