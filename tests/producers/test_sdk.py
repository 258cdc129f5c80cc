"""SDK against a real broker: round trip, claim check, spooling through an outage."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from bench.samples import sample_events, sample_opened
from fixtrace.local_services import create_topics, free_port, start_broker
from fixtrace_config import Settings
from producers.sdk import ProducerConfig, SyncTraceProducer, TraceProducer
from producers.sdk.encoder import EventEncoder
from producers.sdk.orphans import backlogs, send_leftovers
from producers.sdk.spool import Kind, Spool, SpoolBusy, read_entries
from producers.wire import EventFramer
from schemas.codec import decode
from schemas.models import EventBatch, FinalState, TraceFinalize, TraceOpened
from schemas.payloads import TerminalOutput, Thought
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
    store = open_blob_store((tmp_path / "blobs").as_uri())
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
    for t in [p._sender._recovery, p._sender._task]:
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
    entries = list(read_entries(tmp_path / "spool"))  # a second reader, from disk
    assert [e.kind for e in entries] == [Kind.opened] + [Kind.event] * 30
    with pytest.raises(SpoolBusy):  # one writer at a time
        Spool(tmp_path / "spool")
    for t in [p._sender._recovery, p._sender._task]:
        assert t is not None
        t.cancel()
    p._spool.close()


async def test_blob_move_leaves_callers_model_alone(
    unique_topics: Settings, tmp_path: Path
) -> None:
    store = open_blob_store((tmp_path / "blobs").as_uri())
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


# --- the fast paths against their references --------------------------------------------


def test_encoder_writes_the_framers_bytes() -> None:
    """EventEncoder (inlined id/seq/ts) equals EventFramer.encode_fields, bytes for bytes."""
    framer = EventFramer()
    enc = EventEncoder(framer)
    actor = {"kind": "agent", "id": "swe-1"}
    context = {**dict.fromkeys(["workspace_root", "branch", "commit_head"]), "branch": "main"}
    context |= {"correlation_id": "c", "parent_event_id": None}
    events = sample_events(300, seed=21)
    for i, e in enumerate(events):
        d = e.model_dump()
        for seq in (d["seq"], 63, 64, 8191, 8192, 1 << 40, -5):
            for ts in (d["ts_ms"], 0, 1 << 45):
                for a, c in ((None, None), (actor, context)) if i % 50 == 0 else ((None, None),):
                    want = framer.encode_fields(
                        d["event_id"], seq, ts, d["type"], d["payload"], a, c
                    )
                    assert enc.encode(d["event_id"], seq, ts, d["type"], d["payload"], a, c) == want
    items = [(e.type, e.payload.model_dump()) for e in events]
    ids = [e.event_id for e in events]
    for a, c in ((None, None), (actor, context)):
        many = enc.encode_many(ids, 8000, 1234, items, a, c)
        assert many == [
            framer.encode_fields(i, 8000 + k, 1234, kind, data, a, c)
            for k, (i, (kind, data)) in enumerate(zip(ids, items, strict=True))
        ]


class _Capture:
    """A stand-in aiokafka producer that acknowledges at once and keeps what it got."""

    def __init__(self, sent: list[bytes]) -> None:
        self.sent = sent

    async def start(self) -> None:
        pass

    async def stop(self) -> None:
        pass

    async def send(self, topic: str, value: bytes, key: bytes | None = None) -> Any:
        self.sent.append(value)
        fut = asyncio.get_running_loop().create_future()
        fut.set_result(None)
        return fut


@pytest.mark.parametrize(
    "limits", [{"batch_max_events": 7}, {"batch_max_bytes": 1500}, {"linger_ms": 0}]
)
async def test_emit_many_batches_like_emit(tmp_path: Path, limits: dict[str, Any]) -> None:
    """emit_many's slice-at-a-time batching makes the same records as one emit per event."""
    samples = [e.payload for e in sample_events(130, seed=22)]
    chunked: list[list[object]] = [samples[:1], samples[1:40], samples[40:41], samples[41:]]

    async def records(many: bool) -> list[list[tuple[int, str]]]:
        sent: list[bytes] = []
        settings = {"linger_ms": 60_000, **limits}
        cfg = ProducerConfig(spool_dir=tmp_path / f"spool-{many}", **settings)
        async with TraceProducer(cfg, producer_factory=lambda: _Capture(sent)) as p:
            tid = await p.open_trace(sample_opened(trace_id="216bdfec-fe65-55b9-aae4-e540c0a4ec96"))
            if many:
                for chunk in chunked:
                    await p.emit_many(tid, chunk)  # type: ignore[arg-type]
            else:
                for payload in samples:
                    await p.emit(tid, payload)
            await p.flush(5)
        batches = [decode(v) for v in sent[1:]]
        return [[(e.seq, e.type) for e in b.events] for b in batches]  # type: ignore[attr-defined]

    one, many = await records(False), await records(True)
    assert many == one
    assert [s for b in one for s, _ in b] == list(range(1, 131))
    assert len(one) > 5


def test_spool_recovers_across_growth_and_segments(tmp_path: Path) -> None:
    """Entries larger than a growth step, several segments, acks, reopen: nothing lost."""
    sp = Spool(tmp_path / "s", segment_bytes=20_000, grow_bytes=4096)
    bodies = [os.urandom(n) for n in [10, 5000, 9000, 3, 20_000, 100] * 5]
    idxs = [sp.append(Kind.event, f"t{i % 3}", b) for i, b in enumerate(bodies)]
    first = sp.append_many(Kind.event, "t9", bodies[:4])
    assert idxs == list(range(30)) and first == 30
    assert len(list((tmp_path / "s").glob("seg-*.wal"))) > 3
    assert [e.body for e in sp.read_pending()] == bodies + bodies[:4]
    sp.ack(list(range(10)))
    sp.close()  # 24 pending: the segments stay, cut to their entries
    assert all(p.stat().st_size <= 40_000 for p in (tmp_path / "s").glob("seg-*.wal"))
    again = Spool(tmp_path / "s")
    entries = list(again.read_pending())
    # acks are not persisted: a restart resends from the oldest segment still on disk
    assert 0 < entries[0].idx <= 10
    assert [e.body for e in entries] == (bodies + bodies[:4])[entries[0].idx :]
    assert [e.trace_id for e in entries[-5:]] == ["t2", "t9", "t9", "t9", "t9"]
    again.ack([e.idx for e in entries])
    again.rotate_if_idle()
    assert again.pending == 0
    again.close()
    assert list((tmp_path / "s").glob("seg-*.wal")) == []


@pytest.mark.parametrize("durability", ["write", "fsync"])
def test_spool_truncates_a_torn_tail(tmp_path: Path, durability: str) -> None:
    """A half-copied last entry (crash mid-append) is cut; the entries before it stay."""
    sp = Spool(tmp_path / "s", durability=durability)  # type: ignore[arg-type]
    for i in range(5):
        sp.append(Kind.event, "t", bytes([i + 1]) * 300)
    seg = sp._segments[-1]
    good = seg.size
    sp.close()
    with seg.path.open("r+b") as fh:  # a torn sixth entry, then the reserved zeros
        fh.seek(good)
        fh.write((300).to_bytes(4, "little") + b"\x01\x02\x03\x04" + b"\x07" * 100)
        fh.write(bytes(5000))
    again = Spool(tmp_path / "s")
    assert [e.body for e in again.read_pending()] == [bytes([i + 1]) * 300 for i in range(5)]
    assert seg.path.stat().st_size == good
    again.append(Kind.event, "t", b"next")  # appends go to a new segment
    assert [e.body for e in again.read_pending()][-1] == b"next"
    again.close()


_CRASHER = """
import asyncio, os, signal, sys
from pathlib import Path
from producers.sdk import ProducerConfig, TraceProducer
from bench.samples import sample_events, sample_opened

async def main() -> None:
    cfg = ProducerConfig(
        bootstrap=sys.argv[2], topic="t", spool_dir=Path(sys.argv[1]), request_timeout_ms=500
    )
    p = await TraceProducer(cfg).start()
    tid = await p.open_trace(sample_opened(seed=23))
    samples = sample_events(60, seed=23)
    for e in samples[:30]:
        await p.emit(tid, e.payload, event_id=e.event_id)
    await p.emit_many(tid, [e.payload for e in samples[30:]])
    print("accepted", flush=True)
    os.kill(os.getpid(), signal.SIGKILL)  # no flush, no close, no atexit

asyncio.run(main())
"""


async def test_killed_client_loses_nothing_it_accepted(
    unique_topics: Settings, tmp_path: Path
) -> None:
    """SIGKILL right after emit returned: the mapped spool pages survive; next client sends."""
    spool = tmp_path / "spool"
    proc = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(_CRASHER), str(spool), f"127.0.0.1:{free_port()}"],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=Path(__file__).resolve().parents[2],  # the repo root: its packages import
    )
    assert proc.returncode == -signal.SIGKILL and "accepted" in proc.stdout, proc.stderr
    async with TraceProducer(_cfg(unique_topics, tmp_path)) as q:
        await q.flush(15)
    records = await read_topic(
        unique_topics.kafka_bootstrap, unique_topics.topic_raw, until_events=60
    )
    assert isinstance(records[0], TraceOpened)
    events = events_of(records)
    assert [e.seq for e in events] == list(range(1, 61))
    assert [e.payload for e in events] == [e.payload for e in sample_events(60, seed=23)]


async def test_leftovers_are_sent_by_a_later_command(
    unique_topics: Settings, tmp_path: Path
) -> None:
    """A client with no broker leaves its spool under the root; a later command that reaches
    one sends it to the topic the spool names, in order, and removes it. A spool whose
    client still runs is left alone."""
    root = tmp_path / "spools"
    nowhere = f"127.0.0.1:{free_port()}"
    gone = await TraceProducer(
        ProducerConfig(bootstrap=nowhere, topic=unique_topics.topic_raw, spool_dir=root / "a")
    ).start()
    assert not gone.online
    tid = await gone.open_trace(sample_opened(seed=31))
    samples = sample_events(10, seed=31)
    for e in samples:
        await gone.emit(tid, e.payload, event_id=e.event_id)
    await gone.close(timeout=0)  # offline: nothing waited for, all kept
    running = await TraceProducer(
        ProducerConfig(bootstrap=nowhere, topic="other.topic", spool_dir=root / "b")
    ).start()
    await running.open_trace(sample_opened(seed=32))
    try:
        waiting = {b.path.name: b for b in backlogs(root)}
        assert (waiting["a"].entries, waiting["a"].topic, waiting["a"].in_use) == (
            11, unique_topics.topic_raw, False,
        )  # fmt: skip
        assert waiting["b"].in_use
        sent = await send_leftovers(root, unique_topics.kafka_bootstrap, "unused", budget_s=20)
        assert (sent.entries, sent.spools, sent.left) == (11, 1, 1)
        assert not (root / "a").exists(), "an emptied spool is removed"
    finally:
        await running.close(timeout=0)
    records = await read_topic(
        unique_topics.kafka_bootstrap, unique_topics.topic_raw, until_events=10
    )
    assert isinstance(records[0], TraceOpened)
    assert [e.event_id for e in events_of(records)] == [e.event_id for e in samples]


async def test_no_broker_means_no_kafka_client_and_no_wait(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With nothing listening, start, emit, recovery and close(timeout=0) never build an
    aiokafka client (whose connect and metadata timeouts are what took seconds): the TCP
    probe says no first. Counted, not timed."""
    from producers.sdk import client as sdk_client

    built: list[ProducerConfig] = []
    real = sdk_client.kafka_producer
    monkeypatch.setattr(sdk_client, "kafka_producer", lambda cfg: built.append(cfg) or real(cfg))
    cfg = ProducerConfig(
        bootstrap=f"127.0.0.1:{free_port()}", topic="t", spool_dir=tmp_path / "spool",
        reconnect_backoff_s=0.01, reconnect_backoff_max_s=0.02,
    )  # fmt: skip
    p = await TraceProducer(cfg).start()
    tid = await p.open_trace(sample_opened(seed=41))
    await p.emit(tid, sample_events(1, seed=41)[0].payload)
    for _ in range(5):  # let the recovery task probe a few times
        await asyncio.sleep(0.05)
    assert not p.online and p.stats["reconnects"] == 0
    await p.close(timeout=0)
    assert built == [], "no aiokafka client while nothing listens"
    assert len(list(read_entries(cfg.spool_dir))) == 2, "the records stay in the spool"
