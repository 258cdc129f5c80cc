"""Poison never stops the line: records a worker cannot use are dead-lettered once each.

The fault (issue 28): one record with a null value on the raw topic wedged the stream
worker on every partition (``DeadLetter(value=None)`` failed validation and the batch was
retried for ever), so good events behind it were never stored. Here a real worker gets a
null value, a null key, an empty value, a truncated record and an oversized one among good
traces; each bad record must come out on the dead-letter topic exactly once, with its
reason and its partition/offset, and every good trace must be stored and completed.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from pathlib import Path

from aiokafka import AIOKafkaProducer

from bench.samples import sample_trace
from fixtrace.procs import ManagedProcess
from fixtrace.waiting import wait_until
from fixtrace_config import Settings
from schemas.codec import MAGIC, encode
from schemas.models import DeadLetter, Event, EventBatch
from tests.streams.harness import (
    batches,
    finalized_ids,
    read_topic,
    readback,
    start_worker,
    stats,
)


async def _send(settings: Settings, records: list[tuple[bytes | None, bytes | None]]) -> list:
    """Send (key, value) pairs as they are (None stays null); the broker's record metadata."""
    producer = AIOKafkaProducer(
        bootstrap_servers=settings.kafka_bootstrap, linger_ms=5, max_request_size=8 << 20
    )
    await producer.start()
    try:
        futures = [
            await producer.send(settings.topic_raw, value, key=key, partition=0)
            for key, value in records
        ]
        return list(await asyncio.gather(*futures))
    finally:
        await producer.stop()


async def test_null_empty_truncated_oversized_and_keyless_records_are_dead_lettered_once(
    stream_settings: Settings, group: str, workers: list[ManagedProcess], tmp_path: Path
) -> None:
    traces = [sample_trace(15, seed=2800 + i) for i in range(3)]
    first = traces[0][0].trace_id.encode()
    valid = encode(batches(traces[0][0].trace_id, traces[0][1][:3], 3)[0])
    bad: list[tuple[str, bytes | None, bytes | None]] = [
        ("NullValue", first, None),
        ("MissingKey", None, valid),
        ("TruncatedRecord", first, b""),
        ("TruncatedRecord", first, valid[: len(valid) // 2]),
        ("RecordTooLarge", first, MAGIC + b"\x00" * (1 << 20)),
    ]
    records: list[tuple[bytes | None, bytes | None]] = []
    for i, (opened, events, fin) in enumerate(traces):
        key = opened.trace_id.encode()
        records.append((key, encode(opened)))
        for j, b in enumerate(batches(opened.trace_id, events, 5)):
            records.append((key, encode(b)))
            if j == 0:  # poison in the middle of the good traces, in one partition
                records.extend((k, v) for _, k, v in bad[i::3])
        records.append((key, encode(fin)))
    metadata = await _send(stream_settings, records)
    offsets = {
        (k, v): m.offset for (k, v), m in zip(records, metadata, strict=True)
    }  # the offset each poison record got
    workers.append(start_worker(stream_settings, tmp_path, group=group))

    ids = [t[0].trace_id for t in traces]
    await read_topic(
        stream_settings, stream_settings.topic_finalized,
        until=lambda r: set(finalized_ids(r)) >= set(ids), timeout_s=60,
    )  # fmt: skip
    dead = await read_topic(
        stream_settings, stream_settings.topic_dlq, until=lambda r: len(r) >= len(bad)
    )
    assert workers[0].alive(), "the worker kept running"
    workers[0].stop(grace_s=10)

    assert all(isinstance(d, DeadLetter) for d in dead)
    assert len(dead) == len(bad), "each poison record dead-lettered exactly once"
    by_offset = {d.source_offset: d for d in dead}  # type: ignore[attr-defined]
    assert Counter(d.error_type for d in dead) == Counter(t for t, _, _ in bad)  # type: ignore[attr-defined]
    for error_type, key, value in bad:
        d = by_offset[offsets[(key, value)]]
        assert d.error_type == error_type and d.reason and d.stage == "decode"
        assert (d.source_topic, d.source_partition) == (stream_settings.topic_raw, 0)
        assert d.key == key
    stored = readback(stream_settings, ids)
    for opened, events, _ in traces:
        assert [r[0] for r in stored[opened.trace_id]["rows"]] == [e.seq for e in events]
        assert stored[opened.trace_id]["status"] == "complete"

    # A new consumer group reads the same records again: no second letter for any of them.
    workers.append(start_worker(stream_settings, tmp_path, group=f"{group}-b", name="b"))
    await asyncio.to_thread(
        wait_until, lambda: stats(tmp_path, "b").get("records", 0) >= len(records),
        timeout_s=60, interval_s=0.1, message="the second group read every record",
    )  # fmt: skip
    again = await read_topic(stream_settings, stream_settings.topic_dlq, until=lambda r: True)
    assert len(again) == len(bad), "a new consumer group dead-letters nothing twice"


async def test_a_record_that_fails_past_decode_is_dead_lettered_alone(
    stream_settings: Settings, group: str, workers: list[ManagedProcess], tmp_path: Path
) -> None:
    """A batch whose event passes every decode check but cannot be stored (a seq past the
    ``UInt32`` column) must not be retried for ever: the micro-batch is run record by
    record, that record is dead-lettered (stage ``store``), and the traces around it in the
    same micro-batch are stored."""
    good = [sample_trace(10, seed=2900 + i) for i in range(2)]
    opened, events, _ = sample_trace(3, seed=2950)
    huge = Event.model_validate({**events[0].model_dump(mode="python"), "seq": 2**33})
    bad = encode(EventBatch(trace_id=opened.trace_id, events=[huge]))
    records: list[tuple[bytes | None, bytes | None]] = [(opened.trace_id.encode(), encode(opened))]
    for o, evs, fin in good:
        key = o.trace_id.encode()
        records += [(key, encode(o)), *((key, encode(b)) for b in batches(o.trace_id, evs, 5))]
        if o is good[0][0]:
            records.append((opened.trace_id.encode(), bad))
        records.append((key, encode(fin)))
    await _send(stream_settings, records)
    workers.append(start_worker(stream_settings, tmp_path, group=group))
    ids = [o.trace_id for o, _, _ in good]
    await read_topic(
        stream_settings, stream_settings.topic_finalized,
        until=lambda r: set(finalized_ids(r)) >= set(ids), timeout_s=60,
    )  # fmt: skip
    dead = await read_topic(stream_settings, stream_settings.topic_dlq, until=lambda r: len(r) >= 1)
    workers[0].stop(grace_s=10)
    assert len(dead) == 1 and dead[0].value == bad  # type: ignore[attr-defined]
    assert dead[0].stage in ("prepare", "store") and dead[0].reason  # type: ignore[attr-defined]
    stored = readback(stream_settings, ids)
    for o, evs, _ in good:
        assert [r[0] for r in stored[o.trace_id]["rows"]] == [e.seq for e in evs]
