"""SDK against a real broker: round trip, claim check, spooling through an outage."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from pydantic import ValidationError

from fixtrace.config import Settings
from fixtrace.localstack import create_topics, free_port, start_broker
from producers.sdk import ProducerConfig, SyncTraceProducer, TraceProducer
from producers.sdk.spool import Kind, Spool
from schemas.models import (
    EventBatch,
    FinalState,
    TerminalOutput,
    Thought,
    TraceFinalize,
    TraceOpened,
)
from schemas.samples import sample_events, sample_opened
from sinks.blobs import open_blob_store
from tests.producers.helpers import events_of, read_topic


def _cfg(settings: Settings, tmp_path: Path, **kw: object) -> ProducerConfig:
    return ProducerConfig(
        bootstrap=settings.kafka_bootstrap,
        topic=settings.topic_raw,
        spool_dir=tmp_path / "spool",
        **kw,
    )


async def test_round_trip(unique_topics: Settings, tmp_path: Path) -> None:
    samples = sample_events(250, seed=7)
    async with TraceProducer(_cfg(unique_topics, tmp_path, batch_max_events=100)) as p:
        tid = await p.open_trace(sample_opened(seed=7))
        sent = [await p.emit(tid, e.payload, ts_ms=e.ts_ms, event_id=e.event_id) for e in samples]
        fin = await p.finalize(tid, FinalState(commit_head="ab" * 20))
        await p.flush(10)
    assert [s.seq for s in sent] == list(range(1, 251))
    records = await read_topic(
        unique_topics.kafka_bootstrap, unique_topics.topic_raw, until_records=5
    )
    assert isinstance(records[0], TraceOpened) and records[0].trace_id == tid
    assert isinstance(records[-1], TraceFinalize) and records[-1] == fin
    assert fin.seq_last == 250
    batches = [r for r in records if isinstance(r, EventBatch)]
    assert [len(b.events) for b in batches] == [100, 100, 50]
    assert events_of(records) == samples  # same ids, seqs, ts, payloads


async def test_large_strings_become_blobs(unique_topics: Settings, tmp_path: Path) -> None:
    store = open_blob_store(Settings(blob_url=(tmp_path / "blobs").as_uri()))
    big = "x" * 20_000
    async with TraceProducer(
        _cfg(unique_topics, tmp_path, blob_threshold_bytes=1000), blob_store=store
    ) as p:
        tid = await p.open_trace(sample_opened(seed=8))
        await p.emit(tid, TerminalOutput(stream="stdout", chunk_text=big))
        await p.emit(tid, Thought(kind="plan", content_text="small"))
        await p.flush(10)
    (ev_big, ev_small) = events_of(
        await read_topic(unique_topics.kafka_bootstrap, unique_topics.topic_raw, until_events=2)
    )
    assert ev_big.payload.chunk_text is None
    assert store.get(ev_big.payload.chunk_blob_id) == big.encode()
    assert ev_small.payload.content_text == "small"


def test_sync_facade(unique_topics: Settings, tmp_path: Path) -> None:
    with SyncTraceProducer(_cfg(unique_topics, tmp_path)) as p:
        tid = p.open_trace(sample_opened(seed=9))
        ev = p.emit(tid, {"kind": "hypothesis", "content_text": "h"}, type="thought")
        p.finalize(tid)
        p.flush(10)
    assert ev.seq == 1
    records = asyncio.run(
        read_topic(unique_topics.kafka_bootstrap, unique_topics.topic_raw, until_records=3)
    )
    assert [type(r).__name__ for r in records] == ["TraceOpened", "EventBatch", "TraceFinalize"]


@pytest.mark.slow
async def test_spool_through_outage_then_drain_in_order(tmp_path: Path) -> None:
    """Broker down at start, up, down mid-stream, up again: every event once, in order."""
    port = free_port()
    topics = {"spool.test": 1}
    cfg = ProducerConfig(
        bootstrap=f"127.0.0.1:{port}",
        topic="spool.test",
        spool_dir=tmp_path / "spool",
        request_timeout_ms=1500,
        reconnect_backoff_s=0.1,
        reconnect_backoff_max_s=0.3,
        linger_ms=5,
    )
    samples = sample_events(300, seed=11)
    async with TraceProducer(cfg) as p:  # nothing listens yet: starts offline
        assert not p.online
        tid = await p.open_trace(sample_opened(seed=11))
        for e in samples[:100]:
            await p.emit(tid, e.payload, event_id=e.event_id)
        assert p.pending == 101
        broker = start_broker(tmp_path, port=port)
        try:
            create_topics(broker.bootstrap, topics)
            await p.flush(30)  # drained once the broker is back
            assert p.online and p.pending == 0
            for e in samples[100:200]:
                await p.emit(tid, e.payload, event_id=e.event_id)
            await p.flush(10)
            broker.stop()  # memory storage: what was on the topic is gone with it
            for e in samples[200:]:
                await p.emit(tid, e.payload, event_id=e.event_id)
            await p.finalize(tid)
            with pytest.raises(TimeoutError):
                await p.flush(0.5)
            broker = start_broker(tmp_path, port=port)
            create_topics(broker.bootstrap, topics)
            await p.flush(30)
            records = await read_topic(broker.bootstrap, "spool.test", until_records=1)
        finally:
            broker.stop()
    events = events_of(records)
    assert [e.seq for e in events] == list(range(201, 301))
    assert [e.event_id for e in events] == [e.event_id for e in samples[200:]]
    assert isinstance(records[-1], TraceFinalize) and records[-1].seq_last == 300


async def test_crash_leaves_spool_that_next_client_sends(
    unique_topics: Settings, tmp_path: Path
) -> None:
    """A client that dies before sending: its spool is sent by the next one."""
    dead = ProducerConfig(
        bootstrap=f"127.0.0.1:{free_port()}",
        topic=unique_topics.topic_raw,
        spool_dir=tmp_path / "spool",
        request_timeout_ms=500,
    )
    p = await TraceProducer(dead).start()
    tid = await p.open_trace(sample_opened(seed=12))
    samples = sample_events(20, seed=12)
    for e in samples:
        await p.emit(tid, e.payload, event_id=e.event_id)
    # simulate a crash: no flush, no close; only the spool file descriptor is dropped
    for t in [p._recovery, p._sender]:
        assert t is not None
        t.cancel()
    p._spool.close()
    async with TraceProducer(_cfg(unique_topics, tmp_path)) as q:
        await q.flush(15)
    records = await read_topic(
        unique_topics.kafka_bootstrap, unique_topics.topic_raw, until_events=20
    )
    assert isinstance(records[0], TraceOpened)
    assert [e.event_id for e in events_of(records)] == [e.event_id for e in samples]


async def test_emit_many_round_trip_and_all_or_nothing(
    unique_topics: Settings, tmp_path: Path
) -> None:
    """emit_many keeps order and seqs across calls and emits; a bad item accepts nothing."""
    samples = sample_events(120, seed=13)
    async with TraceProducer(_cfg(unique_topics, tmp_path, batch_max_events=50)) as p:
        tid = await p.open_trace(sample_opened(seed=13))
        first = await p.emit_many(tid, [e.payload for e in samples[:70]])
        one = await p.emit(tid, samples[70].payload)
        dicts = [(e.type, e.payload.model_dump()) for e in samples[71:]]
        rest = await p.emit_many(tid, dicts)
        pending = p.pending
        with pytest.raises(ValidationError):
            await p.emit_many(tid, [samples[0].payload, ("thought", {"kind": "nope"})])
        assert p.pending == pending and p.last_seq(tid) == 120
        await p.flush(10)
    sent = [*first, one, *rest]
    assert [s.seq for s in sent] == list(range(1, 121))
    assert len({s.event_id for s in sent}) == 120
    events = events_of(
        await read_topic(unique_topics.kafka_bootstrap, unique_topics.topic_raw, until_events=120)
    )
    assert [e.seq for e in events] == list(range(1, 121))
    assert [e.event_id for e in events] == [s.event_id for s in sent]
    assert [e.payload for e in events] == [e.payload for e in samples]


async def test_emit_is_in_spool_when_it_returns(tmp_path: Path) -> None:
    """Durability of the lean path: accepted events are on disk before any send."""
    cfg = ProducerConfig(
        bootstrap=f"127.0.0.1:{free_port()}",
        topic="t",
        spool_dir=tmp_path / "spool",
        request_timeout_ms=500,
    )
    p = await TraceProducer(cfg).start()
    tid = await p.open_trace(sample_opened(seed=14))
    samples = sample_events(30, seed=14)
    await p.emit(tid, samples[0].payload)
    await p.emit_many(tid, [e.payload for e in samples[1:]])
    entries = list(Spool(tmp_path / "spool").read_pending())  # a second reader, from disk
    assert [e.kind for e in entries] == [Kind.opened] + [Kind.event] * 30
    for t in [p._recovery, p._sender]:
        assert t is not None
        t.cancel()
    p._spool.close()


async def test_blob_move_leaves_callers_model_alone(
    unique_topics: Settings, tmp_path: Path
) -> None:
    store = open_blob_store(Settings(blob_url=(tmp_path / "blobs").as_uri()))
    out = TerminalOutput(stream="stdout", chunk_text="y" * 5000)
    async with TraceProducer(
        _cfg(unique_topics, tmp_path, blob_threshold_bytes=1000), blob_store=store
    ) as p:
        tid = await p.open_trace(sample_opened(seed=15))
        await p.emit_many(tid, [out, out])
        await p.flush(10)
    assert out.chunk_text == "y" * 5000 and out.chunk_blob_id is None
    events = events_of(
        await read_topic(unique_topics.kafka_bootstrap, unique_topics.topic_raw, until_events=2)
    )
    assert [e.payload.chunk_text for e in events] == [None, None]
    assert store.get(events[0].payload.chunk_blob_id) == out.chunk_text.encode()
