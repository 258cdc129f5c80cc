"""Replays: re-publish finalized traces so the QA worker re-scores them under a new config.

Selection is by trace ids, by a finalized-time range (read from the ``traces`` table), or by
offsets of the finalized topic itself. Each selected trace is published again with
``TraceFinalized.replay`` set; the worker derives the run id from the trace and the
*effective* config, so a replay under the same config is a no-op and a new rubric version or
judge model gives a new run stored beside the old one.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any

from pydantic import BaseModel, Field

from fixtrace_config import Settings
from fixtrace_config.deployment import Query
from schemas.codec import CodecError, decode, encode
from schemas.models import FINAL_STATUSES, ReplayRequest, TraceFinalized

_OFFSETS = re.compile(r"^(\d+):(\d+)(?:-(\d+))?$")


class OffsetRange(BaseModel):
    """``partition:start-end`` (end exclusive; no end means up to the high-watermark)."""

    partition: int
    start: int
    end: int | None = None

    @classmethod
    def parse(cls, text: str) -> OffsetRange:
        m = _OFFSETS.match(text.strip())
        if not m:
            raise ValueError(f"offset range must look like 'P:START[-END]', got {text!r}")
        end = int(m.group(3)) if m.group(3) else None
        return cls(partition=int(m.group(1)), start=int(m.group(2)), end=end)


class Selection(BaseModel):
    trace_ids: list[str] = Field(default_factory=list)
    since_ms: int | None = None
    until_ms: int | None = None
    offsets: list[OffsetRange] = Field(default_factory=list)


def _from_meta(meta: dict[str, Any]) -> TraceFinalized | None:
    if meta.get("status") not in FINAL_STATUSES or meta.get("finalized_at_ms") is None:
        return None
    return TraceFinalized(
        trace_id=meta["trace_id"],
        finalized_at_ms=int(meta["finalized_at_ms"]),
        completed_at_ms=int(meta.get("completed_at_ms") or meta["finalized_at_ms"]),
        seq_last=int(meta.get("seq_last") or 0),
        event_count=int(meta.get("event_count") or 0),
        missing_seqs=list(meta.get("missing_seqs") or []),
        flags=["missing_events"] if meta.get("status") == "missing_events" else [],
    )


def select_from_store(query: Query, sel: Selection) -> list[TraceFinalized]:
    """Finalized traces by id and/or finalized-time range, from the ``traces`` table.

    Takes a query function rather than a store so the CLI can go through a running
    stack's gateway, which owns the embedded ClickHouse folder while it is up.
    """
    found: dict[str, TraceFinalized] = {}
    where: list[str] = []
    params: dict[str, Any] = {"final": list(FINAL_STATUSES)}
    if sel.trace_ids:
        where.append("trace_id IN {ids:Array(String)}")
        params["ids"] = list(sel.trace_ids)
    if sel.since_ms is not None or sel.until_ms is not None:
        where.append("finalized_at_ms >= {since:Int64} AND finalized_at_ms < {until:Int64}")
        params.update(since=sel.since_ms or 0, until=sel.until_ms or 2**62)
    if not where:
        return []
    names, rows = query(
        "SELECT * FROM traces FINAL WHERE status IN {final:Array(String)} AND ("
        + " OR ".join(f"({w})" for w in where)
        + ") ORDER BY finalized_at_ms, trace_id",
        params,
    )
    for row in rows:
        rec = _from_meta(dict(zip(names, row, strict=True)))
        if rec is not None:
            found.setdefault(rec.trace_id, rec)
    return list(found.values())


async def select_from_topic(
    settings: Settings, ranges: Iterable[OffsetRange]
) -> list[TraceFinalized]:
    """TraceFinalized records at the given offsets of the finalized topic (no group)."""
    from aiokafka import AIOKafkaConsumer, TopicPartition

    consumer = AIOKafkaConsumer(
        bootstrap_servers=settings.kafka_bootstrap, enable_auto_commit=False
    )
    await consumer.start()
    out: list[TraceFinalized] = []
    try:
        for r in ranges:
            tp = TopicPartition(settings.topic_finalized, r.partition)
            consumer.assign([tp])
            consumer.seek(tp, r.start)
            while True:
                batch = await consumer.getmany(tp, timeout_ms=1000)
                msgs = batch.get(tp, [])
                for m in msgs:
                    if r.end is not None and m.offset >= r.end:
                        break
                    try:
                        rec = decode(m.value)
                    except CodecError:
                        continue
                    if isinstance(rec, TraceFinalized):
                        out.append(rec.model_copy(update={"replay": None}))
                position = await consumer.position(tp)
                hw = consumer.highwater(tp)
                if (
                    (r.end is not None and position >= r.end)
                    or (hw is not None and position >= hw)
                    or (not msgs and hw is None)
                ):
                    break
    finally:
        await consumer.stop()
    return out


async def publish_replays(
    settings: Settings,
    records: list[TraceFinalized],
    request: ReplayRequest,
    progress: Callable[[TraceFinalized], None] | None = None,
) -> int:
    """Publish each record with ``replay=request``, keyed by trace id; returns the count."""
    from aiokafka import AIOKafkaProducer

    producer = AIOKafkaProducer(bootstrap_servers=settings.kafka_bootstrap, acks="all")
    await producer.start()
    try:
        for rec in records:
            replayed = rec.model_copy(update={"replay": request})
            await producer.send_and_wait(
                settings.topic_finalized, encode(replayed), key=rec.trace_id.encode()
            )
            if progress is not None:
                progress(rec)
    finally:
        await producer.stop()
    return len(records)
