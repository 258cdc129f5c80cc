"""The per-micro-batch pipeline: consents → prepare → flush → decide → publish.

Why a function of a whole take-batch and not per record: ClickHouse inserts, blob puts and
offset acks are batched anyway, and each step is a plain function over the batch (see the
step modules), so this module only wires them in order and owns the few pieces of state
(consent cache, tracker). The scheduler (:mod:`streams.scheduler`) calls
:meth:`Pipeline.prepare` then :meth:`Pipeline.commit` and acks the records only when the
commit returned: that ordering *is* the at-least-once guarantee.

Why the CPU step (:mod:`streams.prepare`: decode, redact, claim-check, rows) sits in
``prepare``: it runs in a child process (:mod:`streams.prepare_pool`) for batch N+1 while
batch N's commit (ClickHouse insert, publish: I/O and chdb's engine outside the GIL) is in
flight, so the two overlap on two cores. Prepare runs once per batch; a retried commit
reuses its rows and never redacts twice.

Publish-once: a completion is published, then marked in ClickHouse (``traces.status``);
redelivered records of a marked trace are skipped by the tracker's status check. The window
between the publish ack and the mark insert is closed on restart by reading the tail of the
finalized topic (:mod:`streams.recovery`); see README.md for what remains.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any

from fixtrace_config.failures import classify
from schemas.base import now_ms
from schemas.codec import encode
from schemas.models import MISSING_EVENTS, ConsentFlags, DeadLetter, TraceFinalized
from sinks.clickhouse import trace_changes
from sinks.clickhouse.store import ClickHouseStore
from streams.backoff import Progress, with_backoff
from streams.consent_lookup import ConsentBook
from streams.decode import Source, dead_letter
from streams.prepare import Prepared, trace_id_of
from streams.prepare_pool import PreparePool
from streams.stats import Stats
from streams.tracker import Completion, Tracker

log = logging.getLogger(__name__)

Send = Callable[[str, bytes | None, bytes], Awaitable[None]]
"""(topic, key, value) → resolves once the broker acknowledged the record."""


@dataclass
class Batch:
    """A take-batch's records and what the CPU step made of them."""

    sources: list[Source]
    prepared: Prepared


@dataclass
class PipelineConfig:
    """The knobs of the steps (from Settings and the worker options)."""

    topic_dlq: str
    topic_finalized: str
    gap_timeout_s: float
    record_latency: bool = False


_MEMORY_ASKED_MAX = 200_000
"""Traces remembered as given their stored redaction memory (older ones are asked again)."""


class Pipeline:
    """Runs the steps over one take-batch of raw records; see the module docstring."""

    def __init__(
        self,
        cfg: PipelineConfig,
        store: ClickHouseStore,
        preparer: PreparePool,
        send: Send,
        progress: Progress | None = None,
    ) -> None:
        self.cfg = cfg
        self.progress = progress or Progress()
        self.store = store
        self.preparer = preparer
        self.send = send
        self.stats = Stats()
        self.consents = ConsentBook(store.trace_rows)
        self.tracker = Tracker(
            store.seqs_by_trace,
            lambda ids: {t: p.final_status for t, p in store.trace_progress(ids).items()},
            cfg.gap_timeout_s,
        )
        self.recently_published: set[tuple[str, str]] = set()
        self.lettered: set[tuple[str, int, int, str]] = set()
        """Records already on the dead-letter topic (:func:`letter_identity`): each bad
        record is dead-lettered once, also across restarts and consumer groups."""
        self._lock = asyncio.Lock()
        self._in_order = asyncio.Lock()
        """Held from a batch's consent lookup to its submission: the CPU step sees batches in
        arrival order (asyncio.Lock wakes waiters first come, first served)."""
        self.memory_asked: OrderedDict[str, None] = OrderedDict()
        """Traces whose stored redaction memory the CPU step has been given (bounded)."""
        self._memory_generation = preparer.generation
        self.ready = asyncio.Event()
        """Set once the start-up re-checks of an assignment are done (see streams.recovery)."""

    # --- steps -------------------------------------------------------------------------

    def _consents(
        self, sources: list[Source]
    ) -> tuple[dict[str, ConsentFlags | None], dict[str, list[tuple[int, str]]]]:
        """Consent flags of the batch's traces (cache, else one ClickHouse query), and the
        stored redaction memory of the traces the CPU step has not been given yet (run in a
        thread).

        Why the memory here: a worker restarted in the middle of a trace must redact the
        values an earlier run redacted in that trace; one query per trace per worker life.
        Raises when ClickHouse cannot be asked, before anything is redacted.
        """
        ids = list(dict.fromkeys(t for t in map(trace_id_of, sources) if t is not None))
        self.consents.prefetch(ids)
        if self.preparer.generation != self._memory_generation:
            self.memory_asked.clear()  # a new child process remembers nothing
            self._memory_generation = self.preparer.generation
        new = [t for t in ids if t not in self.memory_asked]
        memory = self.store.redaction_memory(new) if new else {}
        for t in new:
            self.memory_asked[t] = None
        while len(self.memory_asked) > _MEMORY_ASKED_MAX:
            self.memory_asked.popitem(last=False)
        return {t: self.consents.get(t) for t in ids}, memory

    def _decide(self, touched: list[str]) -> list[Completion]:
        """Load what earlier runs stored about newly seen traces, then decide completions.

        A restarted worker does not get the finalize marker of a trace again when it was
        committed; without this load, late events of that trace would never complete it.
        """
        new = self.tracker.unloaded(touched)
        if new:
            self.tracker.load(self.store.trace_progress(new), new)
        return self.tracker.decide(touched)

    async def dead_letters(self, dead: list[DeadLetter]) -> None:
        """Publish dead letters and wait for the broker's ack (before any offset commit);
        a record already dead-lettered (by an earlier run or another group) is skipped."""
        dead = [d for d in dead if letter_identity(d) not in self.lettered]
        await asyncio.gather(*(self.send(self.cfg.topic_dlq, d.key, encode(d)) for d in dead))
        self.lettered.update(letter_identity(d) for d in dead)
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
        changes = [
            trace_changes.completed(
                c.trace_id,
                status=c.status,
                missing_seqs=c.missing_seqs,
                event_count=c.event_count,
                completed_at_ms=at,
            )
            for c in completions
        ]
        self.store.merge_traces(changes, rows)
        for c in completions:
            self.tracker.published(c)

    # --- the whole micro-batch ---------------------------------------------------------

    async def prepare(self, sources: list[Source]) -> Batch:
        """Look up consents, then run the CPU step (a child process or a thread) on a
        take-batch. Several may be pending: they enter the CPU step in call order.

        A failed consent lookup (ClickHouse unavailable) is retried with backoff while
        holding that order (later batches wait, so none is redacted without the consent a
        TraceOpened before it carries); a failed claim-check put (blob store unavailable) is
        retried the same way. A dead child raises ``BrokenProcessPool``: the caller owns
        every batch in flight and resubmits them in order.
        """
        what = f"preparing a micro-batch of {len(sources)} records"
        prepared = await with_backoff(
            what, lambda: self._prepare_once(sources), fatal=BrokenProcessPool,
            progress=self.progress,
        )  # fmt: skip
        for opened, _ in prepared.opened:
            self.consents.learn(opened.trace_id, opened.developer.consent_flags)
        return Batch(sources, prepared)

    async def _prepare_once(self, sources: list[Source]) -> Prepared:
        async with self._in_order:
            with self.stats.timed("consents"):
                consents, memory = await with_backoff(
                    "consent lookup",
                    lambda: asyncio.to_thread(self._consents, sources),
                    progress=self.progress,
                )
            future = self.preparer.submit(sources, consents, memory)
        with self.stats.timed("prepare"):
            return await future

    async def commit(self, batch: Batch) -> None:
        """Store, dead-letter and publish a decoded batch; returns once durable (then ack).

        Failures (ClickHouse, blob store or broker unavailable) are retried with backoff
        instead of crashing the agent: every step is idempotent, so a retry is a redelivery.
        """
        store = lambda: self._commit(batch)  # noqa: E731
        await with_backoff("storing a micro-batch", store, progress=self.progress)

    async def isolate(self, sources: list[Source], exc: BaseException, stage: str) -> None:
        """Process a batch that failed on poison (``exc``, not an outage) record by record,
        in order; dead-letter each record that fails alone, with ``stage`` and its reason.

        Why: retrying the whole batch would fail the same way for ever and stop every
        partition behind it. A record that passes alone is stored as usual (its
        partition/offset order is kept), and outages met on the way are still waited out.
        """
        log.warning(
            "a micro-batch of %d records failed at %s on %s: %s; isolating the bad record(s)",
            len(sources), stage, type(exc).__name__, str(exc)[:300],
        )  # fmt: skip
        if len(sources) == 1:
            await self.dead_letters([_poison_letter(sources[0], exc, stage)])
            self.stats.flushed(1, 0, 1, time.time() * 1000, None)
            return
        for source in sources:
            where = "prepare"
            try:
                batch = await self.prepare([source])
                where = "store"
                await self.commit(batch)
            except BrokenProcessPool:
                raise
            except Exception as one:
                if classify(one)[0] != "poison":
                    raise
                await self.dead_letters([_poison_letter(source, one, where)])
                self.stats.flushed(1, 0, 1, time.time() * 1000, None)

    async def _commit(self, batch: Batch) -> None:
        sources, p = batch.sources, batch.prepared
        await self.ready.wait()
        async with self._lock:
            with self.stats.timed("stage"):
                trace_rows = await asyncio.to_thread(
                    self.store.write_batch,
                    blobs=p.blobs,
                    opened=p.opened,
                    event_columns=p.event_columns,
                    finals=p.finals,
                    memory=p.memory,
                )
            done = time.time() * 1000
            if p.dead:
                await self.dead_letters(p.dead)
            for trace_id, seqs in p.seqs.items():
                self.tracker.stored(trace_id, p.partitions[trace_id], seqs)
            for fin in p.finals:
                self.tracker.finalize_seen(
                    fin.trace_id,
                    p.partitions[fin.trace_id],
                    fin.seq_last,
                    fin.finalized_at_ms,
                )
            touched = list(dict.fromkeys([*p.seqs, *(f.trace_id for f in p.finals)]))
            with self.stats.timed("decide"):
                completions = await asyncio.to_thread(self._decide, touched)
            if completions:
                with self.stats.timed("publish"):
                    await self.publish(completions, trace_rows)
        self.stats.flushed(
            len(sources), p.events, len(p.dead), done,
            (s.timestamp_ms for s in sources) if self.cfg.record_latency else None,
        )  # fmt: skip

    async def sweep(self) -> None:
        """Finalize traces whose gap outlived the timeout (``missing_events``)."""
        if not self.ready.is_set() or not self.tracker.due():
            return
        async with self._lock:
            completions = await asyncio.to_thread(self.tracker.decide, self.tracker.due())
            if completions:
                await self.publish(completions)


def letter_identity(d: DeadLetter) -> tuple[str, int, int, str]:
    """Which record a dead letter stands for, and why: its source position and error type."""
    return (d.source_topic, d.source_partition, d.source_offset, d.error_type)


POISON_LETTER_VALUE_MAX_BYTES = 900_000
"""Under the worker's producer request size (faust: 1,000,000 bytes) with room for the rest."""


def _poison_letter(source: Source, exc: BaseException, stage: str) -> DeadLetter:
    """The dead letter of a record that failed alone past decode (rare: a code path the
    decode checks did not foresee). Bytes too large to publish are dropped from the letter
    and the reason says so (decode already sends records past 1 MiB to the blob store)."""
    letter = dead_letter(source, exc, stage)
    if len(letter.value) > POISON_LETTER_VALUE_MAX_BYTES:
        reason = f"{letter.reason[:1500]}; the record's {len(letter.value)} bytes are not kept"
        letter = letter.model_copy(update={"value": b"", "reason": reason})
    return letter
