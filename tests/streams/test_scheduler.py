"""The scheduler's contract (streams/scheduler.py): commits in submission order, acks a
batch only once its rows are stored, and survives a prepare child that dies mid-stream.

Real parts: a real pipeline on the session's chdb (a database of this module), a real
prepare child process, a real blob folder. Only faust is absent: its events are records
with a ``message``, its ``ack`` a function that checks ClickHouse at the moment of the ack,
and the broker's send collects what the pipeline publishes.
"""

from __future__ import annotations

import asyncio
import os
import signal
import uuid
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from bench.samples import sample_trace
from bench.stream_worker import prepare_children
from fixtrace_config import Settings
from schemas.codec import decode, encode
from schemas.models import EventBatch, TraceFinalized
from sinks.clickhouse.store import ClickHouseStore
from streams.micro_batch import Pipeline, PipelineConfig
from streams.prepare_pool import PreparePool, PrepareSetup
from streams.scheduler import Scheduler
from tests.streams.harness import is_gone


@pytest.fixture()
def store(clickhouse_dsn: str) -> Iterator[ClickHouseStore]:
    database = f"t_scheduler_{uuid.uuid4().hex[:8]}"
    store = ClickHouseStore.open(clickhouse_dsn, database=database)
    yield store
    store.client.command(f"DROP DATABASE IF EXISTS {database}")
    store.close()


class Broker:
    """What the pipeline publishes, by topic."""

    def __init__(self) -> None:
        self.sent: dict[str, list[bytes]] = {}

    async def send(self, topic: str, key: bytes | None, value: bytes) -> None:
        self.sent.setdefault(topic, []).append(value)


@pytest.fixture()
def broker() -> Broker:
    return Broker()


@pytest.fixture()
async def pipeline(
    store: ClickHouseStore, broker: Broker, tmp_path: Path
) -> AsyncIterator[Pipeline]:
    settings = Settings(data_dir=tmp_path, blob_url=(tmp_path / "blobs").as_uri())
    preparer = PreparePool(PrepareSetup(settings, "redacted"), procs=1)
    cfg = PipelineConfig(topic_dlq="dlq", topic_finalized="finalized", gap_timeout_s=60)
    pipeline = Pipeline(cfg, store, preparer, broker.send)
    pipeline.ready.set()  # no partition assignment to recover from
    yield pipeline
    preparer.close()


def _take_batches(traces: int, events: int, per_take: int) -> tuple[list[list[Any]], dict]:
    """faust-like events (``.message``) of whole traces, cut into take-batches."""
    records: list[tuple[str, bytes]] = []
    expected: dict[str, set[int]] = {}
    for seed in range(traces):
        opened, evs, fin = sample_trace(events, seed=300 + seed)
        t = opened.trace_id
        records += [(t, encode(opened))]
        records += [(t, encode(EventBatch(trace_id=t, events=evs[i : i + 5])))
                    for i in range(0, events, 5)]  # fmt: skip
        records += [(t, encode(fin))]
        expected[t] = set(range(1, events + 1))
    events_ = [
        SimpleNamespace(message=SimpleNamespace(
            topic="raw", partition=0, offset=i, key=k.encode(), value=v, timestamp=0.0))
        for i, (k, v) in enumerate(records)
    ]  # fmt: skip
    return [events_[i : i + per_take] for i in range(0, len(events_), per_take)], expected


class Acks:
    """Records each ack with what ClickHouse held at that moment."""

    def __init__(self, store: ClickHouseStore, total: int) -> None:
        self.store, self.total = store, total
        self.offsets: list[int] = []
        self.stored_when_acked: list[bool] = []
        self.all = asyncio.Event()

    async def ack(self, event: Any) -> None:
        m = event.message
        trace_id = m.key.decode()
        stored = self.store.seqs_by_trace([trace_id])[trace_id]
        rec = decode(m.value)
        if isinstance(rec, EventBatch):
            self.stored_when_acked.append({e.seq for e in rec.events} <= stored)
        self.offsets.append(m.offset)
        if len(self.offsets) == self.total:
            self.all.set()


async def _run(pipeline: Pipeline, acks: Acks, takes: list[list[Any]]) -> None:
    scheduler = Scheduler(pipeline, acks.ack, max_records=7)
    try:
        for take in takes:
            scheduler.poll()
            await scheduler.submit(take)
        await asyncio.wait_for(acks.all.wait(), timeout=120)
        scheduler.poll()
    finally:
        await scheduler.join()


def _published(broker: Broker) -> list[str]:
    records = map(decode, broker.sent.get("finalized", []))
    return sorted(r.trace_id for r in records if isinstance(r, TraceFinalized))


async def test_batches_commit_in_order_and_are_acked_after_their_rows_are_stored(
    pipeline: Pipeline, broker: Broker
) -> None:
    takes, expected = _take_batches(traces=3, events=20, per_take=3)
    acks = Acks(pipeline.store, sum(map(len, takes)))
    await _run(pipeline, acks, takes)
    assert acks.offsets == list(range(acks.total))  # submission order, each once
    assert acks.stored_when_acked and all(acks.stored_when_acked)
    assert pipeline.store.seqs_by_trace(expected) == expected
    assert _published(broker) == sorted(expected)  # every trace completed once


async def test_a_dead_child_fails_its_batches_and_they_are_prepared_again_in_order(
    pipeline: Pipeline, broker: Broker
) -> None:
    takes, expected = _take_batches(traces=2, events=30, per_take=4)
    await asyncio.to_thread(pipeline.preparer.warm_up)
    (child,) = prepare_children(os.getpid())
    os.kill(child, signal.SIGKILL)  # the batches about to be submitted fail with it
    acks = Acks(pipeline.store, sum(map(len, takes)))
    await _run(pipeline, acks, takes)
    assert acks.offsets == list(range(acks.total))
    assert all(acks.stored_when_acked)
    assert pipeline.store.seqs_by_trace(expected) == expected
    assert _published(broker) == sorted(expected)
    assert is_gone(child) and prepare_children(os.getpid()) != [child]  # a new child
    assert pipeline.stats.events == 60  # every batch committed once
