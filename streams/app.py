"""The faust-streaming app: one agent over the raw topic feeding :class:`Pipeline`.

Why faust only as the consumer shell: faust brings the group membership, rebalancing,
offset bookkeeping and the worker lifecycle, but its per-record dispatch (~75 µs,
PLATFORM.md) and its table recovery (lossy on Tansu) must not decide correctness or speed.
So the agent takes records in batches with ``noack_take`` and acks them only after
:meth:`Pipeline.handle` returned, i.e. after ClickHouse stored them and the dead letters and
finalized records were acknowledged by the broker; faust commits only acked offsets. No
faust tables are used: ClickHouse is the state. ``exactly_once`` is off (Tansu has no
transactions); the exactly-once *effect* comes from idempotent sinks.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from dataclasses import dataclass
from typing import Any

import faust
from aiokafka.partitioner import murmur2

from fixtrace.config import Settings
from schemas.codec import decode
from schemas.models import TraceFinalized
from sinks.blobs.factory import open_blob_store
from sinks.clickhouse.store import ClickHouseStore
from streams.decode import Source
from streams.pipeline import Pipeline, PipelineConfig, Prepared
from streams.redact import RedactionConfig, Redactor
from streams.redact.models import Mode

log = logging.getLogger(__name__)


@dataclass
class WorkerOptions:
    """Worker knobs that are not pipeline-wide Settings."""

    group_id: str = "fixtrace-streams"
    max_records: int = 500
    """Raw records per micro-batch (each carries 1..N events)."""
    flush_interval_s: float = 0.2
    session_timeout_s: float = 30.0
    heartbeat_interval_s: float | None = None
    commit_interval_s: float = 1.0
    redaction_mode: Mode = "redacted"
    web_port: int | None = None
    """None disables faust's web server; otherwise it binds 127.0.0.1:web_port."""
    sweep_interval_s: float = 1.0
    recheck_tail: int = 5000
    """Finalized-topic records per partition re-read at start to close the publish window."""
    stats_path: str | None = None
    record_latency: bool = False


def _partition_of(trace_id: str, partitions: int) -> int:
    """The default (murmur2) partition of a key: which raw partition owns a trace."""
    return (murmur2(trace_id.encode()) & 0x7FFFFFFF) % partitions


def build_app(settings: Settings, opts: WorkerOptions) -> tuple[faust.App, Pipeline]:
    """The faust app and its pipeline, wired but not started."""
    hb = opts.heartbeat_interval_s or max(0.1, opts.session_timeout_s / 5)
    app = faust.App(
        opts.group_id,
        broker=f"kafka://{settings.kafka_bootstrap}",
        value_serializer="raw",
        key_serializer="raw",
        web_enabled=opts.web_port is not None,
        web_host="127.0.0.1",
        web_port=opts.web_port or 6066,
        broker_session_timeout=opts.session_timeout_s,
        broker_heartbeat_interval=hb,
        broker_commit_interval=opts.commit_interval_s,
        consumer_auto_offset_reset="earliest",
        topic_allow_declare=False,
        topic_disable_leader=True,
        producer_acks=-1,
        store="memory://",
    )
    store = ClickHouseStore.open(settings.resolved_clickhouse_dsn)
    redactor = Redactor(RedactionConfig(mode=opts.redaction_mode))
    raw = app.topic(settings.topic_raw, value_serializer="raw", key_serializer="raw")

    async def send(topic: str, key: bytes | None, value: bytes) -> None:
        fut = await app.producer.send(
            topic, key, value, partition=None, timestamp=None, headers=None
        )
        await fut

    pipeline = Pipeline(
        PipelineConfig(
            topic_dlq=settings.topic_dlq,
            topic_finalized=settings.topic_finalized,
            inline_limit_bytes=settings.inline_limit_bytes,
            gap_timeout_s=settings.gap_timeout_s,
            record_latency=opts.record_latency,
        ),
        store,
        open_blob_store(settings),
        redactor,
        send,
    )

    @app.agent(raw, concurrency=1)
    async def process(stream: Any) -> None:
        # Two-stage pipeline: batch N+1 is decoded on the loop while batch N is being
        # committed (its ClickHouse insert runs in a thread, mostly outside the GIL).
        # Commits stay strictly sequential, and each batch is acked right after its own.
        inflight: asyncio.Future[None] | None = None

        async def commit_then_ack(prepared: Prepared, events: list[Any]) -> None:
            await pipeline.commit(prepared)
            for e in events:
                await stream.ack(e)
            _write_stats(opts, pipeline)

        try:
            async for events in stream.noack_take(opts.max_records, within=opts.flush_interval_s):
                prepared = pipeline.prepare([_source(e.message) for e in events])
                if inflight is not None:
                    await inflight
                inflight = asyncio.ensure_future(commit_then_ack(prepared, list(events)))
        finally:
            if inflight is not None and not inflight.done():
                inflight.cancel()

    @app.timer(opts.sweep_interval_s)
    async def sweep() -> None:
        await pipeline.sweep()

    @app.on_partitions_assigned.connect
    async def on_assigned(sender: Any, assigned: Any, **_: Any) -> None:
        mine = {tp.partition for tp in assigned if tp.topic == settings.topic_raw}
        log.info("assigned raw partitions %s", sorted(mine))
        pipeline.ready.clear()  # the agent waits: no decisions before the re-checks
        try:
            pipeline.tracker.forget_partitions(mine)
            await asyncio.to_thread(_resume_finalizing, pipeline, settings, mine)
            await _recheck_published(pipeline, settings, opts.recheck_tail)
        finally:
            pipeline.ready.set()

    return app, pipeline


def _source(m: Any) -> Source:
    """Where a faust message came from, with its raw bytes."""
    return Source(m.topic, m.partition, m.offset, m.key, m.value, int((m.timestamp or 0) * 1000))


def _resume_finalizing(pipeline: Pipeline, settings: Settings, mine: set[int]) -> None:
    """Re-arm gap timers of finalized-but-incomplete traces of our partitions after a start.

    Their records may all be committed, so nothing would be redelivered to wake them; the
    timeout counts from now (a restart can only delay a missing_events verdict).
    """
    _, rows = pipeline.store.query(
        "SELECT trace_id, seq_last, finalized_at_ms FROM traces FINAL "
        "WHERE status = 'finalizing' AND seq_last IS NOT NULL"
    )
    for trace_id, seq_last, finalized_at_ms in rows:
        part = _partition_of(trace_id, settings.partitions_raw)
        if part in mine:
            pipeline.tracker.finalize_seen(trace_id, part, seq_last, finalized_at_ms or 0)


async def _recheck_published(pipeline: Pipeline, settings: Settings, tail: int) -> None:
    """Remember completions already on the finalized topic's tail (publish-then-mark window).

    A worker killed after the broker acked a TraceFinalized but before ClickHouse recorded
    the status would publish it again on redelivery; reading the recent tail finds it. The
    start offset comes from ``end_offsets``, which Tansu under-reports: that only makes the
    read longer, never misses a record; the stop is the fetch high-watermark (correct).
    """
    if tail <= 0:
        return
    from aiokafka import AIOKafkaConsumer, TopicPartition

    consumer = AIOKafkaConsumer(
        bootstrap_servers=settings.kafka_bootstrap, enable_auto_commit=False
    )
    await consumer.start()
    try:
        await consumer.topics()  # loads metadata of every topic, so partitions are known
        parts = consumer.partitions_for_topic(settings.topic_finalized) or set()
        tps = [TopicPartition(settings.topic_finalized, p) for p in parts]
        if not tps:
            return
        consumer.assign(tps)
        ends = await consumer.end_offsets(tps)
        for tp in tps:
            consumer.seek(tp, max(0, ends[tp] - tail))
        pending = set(tps)
        deadline = asyncio.get_running_loop().time() + 30
        while pending:
            batch = await consumer.getmany(*pending, timeout_ms=200)
            for msgs in batch.values():
                for m in msgs:
                    with contextlib.suppress(Exception):  # not ours to judge
                        rec = decode(m.value)
                        if isinstance(rec, TraceFinalized) and rec.replay is None:
                            status = "missing_events" if rec.flags else "complete"
                            pipeline.recently_published.add((rec.trace_id, status))
            for tp in list(pending):
                hw = consumer.highwater(tp)  # known after the first fetch response
                if hw is not None and await consumer.position(tp) >= hw:
                    pending.discard(tp)
            if asyncio.get_running_loop().time() > deadline:
                log.warning("finalized-topic tail re-read incomplete for %s", sorted(pending))
                break
    finally:
        await consumer.stop()
    log.info("finalized-topic tail re-read: %d completions known", len(pipeline.recently_published))


def _write_stats(opts: WorkerOptions, pipeline: Pipeline) -> None:
    """Counters (and produce→stored latency percentiles) as JSON, for tests and the bench."""
    if not opts.stats_path:
        return
    import json
    import os

    s = pipeline.stats
    doc: dict[str, Any] = {
        "records": s.records, "events": s.events, "dead": s.dead, "flushes": s.flushes,
        "published": s.published, "skipped_published": s.skipped_published,
        "first_flush_at": s.first_flush_at, "first_flush_events": s.first_flush_events,
        "last_flush_at": s.last_flush_at,
    }  # fmt: skip
    if s.latencies_ms:
        lat = sorted(s.latencies_ms)
        doc["latency_ms"] = {
            "n": len(lat), "p50": lat[len(lat) // 2], "p99": lat[int(len(lat) * 0.99)],
            "max": lat[-1],
        }  # fmt: skip
    tmp = f"{opts.stats_path}.tmp"
    with open(tmp, "w") as fh:
        json.dump(doc, fh)
    os.replace(tmp, opts.stats_path)
