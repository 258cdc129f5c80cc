"""The per-micro-batch pipeline: decode → redact → claim-check → flush → decide → publish.

Why a function of a whole take-batch and not per record: ClickHouse inserts, blob puts and
offset acks are batched anyway, and each step is a plain function over the batch (see the
step modules), so this module only wires them in order and owns the few pieces of state
(consent cache, tracker). The faust agent calls :meth:`Pipeline.prepare` then
:meth:`Pipeline.commit` and acks the records only when the commit returned: that ordering
*is* the at-least-once guarantee.

Why redaction sits in ``prepare``: prepare (decode, consent, redact: pure CPU) of batch N+1
runs while batch N's commit (blob puts, ClickHouse insert, publish: mostly I/O and chdb's
engine outside the GIL) is in flight, so the two overlap. Prepare runs once per batch; a
retried commit reuses its redacted events and never redacts twice.

Publish-once: a completion is published, then marked in ClickHouse (``traces.status``);
redelivered records of a marked trace are skipped by the tracker's status check. The window
between the publish ack and the mark insert is closed on restart by reading the tail of the
finalized topic (``streams.app._recheck_published``); see README.md for what remains.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from schemas.codec import encode
from schemas.models import (
    DeadLetter,
    Redaction,
    TraceFinalize,
    TraceFinalized,
    TraceOpened,
    now_ms,
)
from sinks.clickhouse import rows as R
from sinks.clickhouse.store import ClickHouseStore
from streams import chstate
from streams.claimcheck import BlobPutter, move_dicts_to_blobs
from streams.consents import ConsentBook
from streams.decode import BatchRecord, Decoded, Source, decode_one
from streams.redact import Redactor
from streams.redaction import DictRedaction, redact_opened
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
    """A decoded, redacted take-batch: what to store, dead letters, the sources to ack."""

    sources: list[Source]
    dead: list[DeadLetter]
    opened: list[tuple[TraceOpened, Redaction]] = field(default_factory=list)
    finals: list[TraceFinalize] = field(default_factory=list)
    batches: list[tuple[str, list[dict[str, Any]]]] = field(default_factory=list)
    """(trace_id, redacted events deduplicated by event_id within the take-batch)."""
    partitions: dict[str, int] = field(default_factory=dict)


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
        self.redaction = DictRedaction(redactor)
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

    def _prepare(self, sources: list[Source]) -> Prepared:
        """Decode, look up consents and redact a take-batch (sync: runs in a thread).

        Raises only when the consent lookup in ClickHouse fails, before anything is
        redacted or learned, so :meth:`prepare` can simply run it again.
        """
        outcomes = [decode_one(s) for s in sources]
        decoded = [o for o in outcomes if isinstance(o, Decoded)]
        out = Prepared(sources, [o for o in outcomes if isinstance(o, DeadLetter)])
        opened_here = {d.record.trace_id for d in decoded if isinstance(d.record, TraceOpened)}
        self.consents.prefetch(
            [d.record.trace_id for d in decoded
             if isinstance(d.record, BatchRecord) and d.record.trace_id not in opened_here]
        )  # fmt: skip
        seen: set[tuple[str, str]] = set()
        redact = self.redaction.event
        for d in decoded:
            rec = d.record
            out.partitions[rec.trace_id] = d.source.partition
            if isinstance(rec, TraceOpened):
                self.consents.learn(rec.trace_id, rec.developer.consent_flags)
                out.opened.append(redact_opened(rec, self.redactor))
            elif isinstance(rec, TraceFinalize):
                out.finals.append(rec)
            else:
                consent = self.consents.get(rec.trace_id)
                trace_id = rec.trace_id
                fresh = [e for e in rec.events if (trace_id, e["event_id"]) not in seen]
                seen.update((trace_id, e["event_id"]) for e in fresh)
                out.batches.append((trace_id, [redact(e, consent) for e in fresh]))
        return out

    def stage(self, prepared: Prepared) -> Staged:
        """Claim-check and flush a prepared batch into ClickHouse (sync: runs in a thread).

        Idempotent: a retry puts the same content-addressed blobs and inserts the same rows.
        """
        staged = Staged(opened=prepared.opened, finals=prepared.finals,
                        partitions=prepared.partitions)  # fmt: skip
        ingested = now_ms()
        trace_ids = [t for t, events in prepared.batches for _ in events]
        events = [e for _, events in prepared.batches for e in events]
        stored, staged.blobs = move_dicts_to_blobs(
            events, self.cfg.inline_limit_bytes, self.blobs, self._pool
        )
        row = R.event_row_dict
        staged.event_rows = [row(t, e, ingested) for t, e in zip(trace_ids, stored, strict=True)]
        for trace_id, e in zip(trace_ids, stored, strict=True):
            staged.seqs.setdefault(trace_id, set()).add(e["seq"])
        staged.events = len(stored)
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

    async def publish(
        self, completions: list[Completion], rows: dict[str, dict[str, Any]] | None = None
    ) -> None:
        """Publish each completion, then mark it in ClickHouse (publish-then-mark).

        ``rows``: ``traces`` rows this micro-batch's flush just wrote (saves their read).
        """
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
        await asyncio.to_thread(self._mark, completions, rows)
        self.recently_published.difference_update((c.trace_id, c.status) for c in completions)

    def _mark(
        self, completions: list[Completion], rows: dict[str, dict[str, Any]] | None = None
    ) -> None:
        at = now_ms()
        changes = [chstate.completion_change(c, at) for c in completions]
        chstate.merge_traces(self.store, changes, rows)
        for c in completions:
            self.tracker.published(c)

    # --- the whole micro-batch ---------------------------------------------------------

    async def prepare(self, sources: list[Source]) -> Prepared:
        """Decode and redact a take-batch in a thread (overlaps the previous batch's commit).

        A failed consent lookup (ClickHouse unavailable) is retried with backoff, like a
        commit: the partition waits rather than redacting without consent.
        """
        delay = 0.5
        while True:
            try:
                return await asyncio.to_thread(self._prepare, sources)
            except Exception:
                log.exception("preparing a micro-batch of %d records failed; retrying in %.1fs",
                              len(sources), delay)  # fmt: skip
                await asyncio.sleep(delay)  # backoff before retrying the lookup
                delay = min(delay * 2, 30.0)

    async def handle(self, sources: list[Source]) -> None:
        """Decode and commit a take-batch; returns once its effects are durable (then ack)."""
        await self.commit(await self.prepare(sources))

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
        sources, dead = prepared.sources, prepared.dead
        await self.ready.wait()
        async with self._lock:
            staged = await asyncio.to_thread(self.stage, prepared)
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
                await self.publish(completions, staged.trace_rows)
        self.stats.records += len(sources)
        self.stats.events += staged.events
        self.stats.dead += len(dead)
        self.stats.flushes += 1
        self.stats.last_flush_at = time.time()
        if not self.stats.first_flush_at:
            self.stats.first_flush_at = self.stats.last_flush_at
            self.stats.first_flush_events = self.stats.events
        if self.cfg.record_latency:
            # Steady-state latency: records produced before the first flush waited for the
            # worker to start and join its group, which is not what the figure is about.
            since = self.stats.first_flush_at * 1000
            self.stats.latencies_ms.extend(
                done - s.timestamp_ms for s in sources if s.timestamp_ms >= since
            )

    async def sweep(self) -> None:
        """Finalize traces whose gap outlived the timeout (``missing_events``)."""
        if not self.ready.is_set() or not self.tracker.due():
            return
        async with self._lock:
            completions = await asyncio.to_thread(self.tracker.decide, self.tracker.due())
            if completions:
                await self.publish(completions)
