"""Bad records go to the dead-letter topic with reasons; valid records around them carry on."""

from __future__ import annotations

from pathlib import Path

from bench.samples import sample_trace
from fixtrace.procs import ManagedProcess
from fixtrace_config import Settings
from schemas.codec import MAGIC, encode, encode_dict
from schemas.models import DeadLetter, QAResult
from tests.ids import test_id
from tests.streams.harness import (
    batches,
    finalized_ids,
    produce,
    read_topic,
    readback,
    start_worker,
)


async def test_bad_records_are_dead_lettered_and_valid_ones_stored(
    stream_settings: Settings, group: str, workers: list[ManagedProcess], tmp_path: Path
) -> None:
    traces = [sample_trace(20, seed=300 + i) for i in range(4)]
    opened0 = traces[0][0]
    valid_batch = encode(batches(opened0.trace_id, traces[0][1][:3], 3)[0])
    bad_batch = {  # decodes as Avro, fails the model: seq 0 and seq not increasing
        "trace_id": opened0.trace_id, "sent_at_ms": 1, "producer": None,
        "events": [{**e.model_dump(mode="python"), "seq": 0} for e in traces[1][1][:2]],
    }  # fmt: skip
    qa = QAResult(
        run_id="r", trace_id=opened0.trace_id, stage="judge", status="ok",
        started_at_ms=0, finished_at_ms=1, config_json="{}", result_json="{}",
    )  # fmt: skip
    bad: list[tuple[bytes, str]] = [
        (b"\x00\x01garbage that is not avro at all", "BadMagic"),
        (MAGIC + b"\xde\xad\xbe\xef\x00\x11\x22\x33" + b"\x02xx", "UnknownFingerprint"),
        (valid_batch[:14], "TruncatedRecord"),
        (encode_dict("fixtrace.EventBatch", bad_batch), "InvalidRecord"),
        (encode(qa), "UnexpectedRecord"),
        (b"", "TruncatedRecord"),
    ]
    records: list = []
    for i, (opened, events, fin) in enumerate(traces):
        records += [opened, *batches(opened.trace_id, events, 5)]
        records.append(bad[i][0])  # a bad record in the middle of each trace's records
        records.append(fin)
    records += [b for b, _ in bad[len(traces) :]]
    await produce(stream_settings, records, key=opened0.trace_id)
    workers.append(start_worker(stream_settings, tmp_path, group=group))

    ids = [t[0].trace_id for t in traces]
    await read_topic(
        stream_settings, stream_settings.topic_finalized,
        until=lambda r: set(finalized_ids(r)) >= set(ids),
    )  # fmt: skip
    dead = await read_topic(
        stream_settings, stream_settings.topic_dlq, until=lambda r: len(r) >= len(bad)
    )
    workers[0].stop(grace_s=10)

    assert all(isinstance(d, DeadLetter) for d in dead)
    assert sorted(d.error_type for d in dead) == sorted(t for _, t in bad)  # type: ignore[attr-defined]
    by_value = {d.value: d for d in dead}  # type: ignore[attr-defined]
    for value, error_type in bad:
        d = by_value[value]
        assert d.error_type == error_type and d.reason and d.stage == "decode"
        assert d.source_topic == stream_settings.topic_raw and d.source_offset >= 0
    stored = readback(stream_settings, ids)
    for opened, events, _ in traces:
        assert [r[0] for r in stored[opened.trace_id]["rows"]] == [e.seq for e in events]


async def test_corrupt_event_in_a_batch_random_bytes_and_oversized_records(
    stream_settings: Settings, group: str, workers: list[ManagedProcess], tmp_path: Path
) -> None:
    """What the test above does not cover: one corrupt event among good ones in a batch
    (the good ones are stored, the bad one dead-lettered), random and truncated bytes at
    many cut points, and records past the size a producer may send (dead-lettered with
    the bytes kept in the blob store, since a dead letter that big could not be published).
    """
    import random

    from schemas.models import Event
    from sinks.blobs import open_blob_store

    rng = random.Random(13)
    good = [sample_trace(12, seed=900 + i) for i in range(3)]
    mixed_opened, mixed_events, mixed_fin = sample_trace(6, seed=950)
    bad_event = {**mixed_events[2].model_dump(mode="python"), "seq": 0}  # fails the model
    mixed_batch = {
        "trace_id": mixed_opened.trace_id, "sent_at_ms": 1, "producer": None,
        "events": [e.model_dump(mode="python") for e in mixed_events[:2]] + [bad_event]
        + [e.model_dump(mode="python") for e in mixed_events[3:]],
    }  # fmt: skip
    valid = encode(batches(good[0][0].trace_id, good[0][1][:4], 4)[0])
    garbage = [bytes(rng.randrange(256) for _ in range(rng.randrange(1, 300))) for _ in range(8)]
    truncated = [valid[:cut] for cut in (2, 9, 10, 11, len(valid) // 2, len(valid) - 1)]
    huge_text = "x" * (3 << 20)
    oversized_valid = encode(
        batches(good[1][0].trace_id, [Event.model_validate({
            **good[1][1][0].model_dump(mode="python"), "event_id": test_id("big"), "seq": 99,
            "type": "thought", "payload": {"kind": "plan", "content_text": huge_text}})], 1)[0]
    )  # fmt: skip
    oversized_garbage = MAGIC + bytes(rng.randrange(256) for _ in range(2 << 20))
    records: list = [mixed_opened]
    for opened, events, fin in good:
        records += [opened, *batches(opened.trace_id, events, 4), fin]
    bad = [*garbage, *truncated, oversized_garbage]
    mixed = encode_dict("fixtrace.EventBatch", mixed_batch)
    await produce(stream_settings, records)
    await produce(stream_settings, [mixed], key=mixed_opened.trace_id)
    await produce(stream_settings, [mixed_fin, *bad], key=good[0][0].trace_id)
    await produce(stream_settings, [oversized_valid], key=good[1][0].trace_id)
    workers.append(start_worker(stream_settings, tmp_path, group=group))

    ids = [t[0].trace_id for t in good]
    await read_topic(
        stream_settings, stream_settings.topic_finalized,
        until=lambda r: set(finalized_ids(r)) >= set(ids),
    )  # fmt: skip
    expected_dead = len(bad) + 2  # + the corrupt event, + the oversized valid record
    dead = await read_topic(
        stream_settings, stream_settings.topic_dlq, until=lambda r: len(r) >= expected_dead
    )
    assert workers[0].popen.poll() is None, "the worker kept running"
    workers[0].stop(grace_s=10)

    assert len(dead) == expected_dead and all(d.reason and d.error_type for d in dead)
    by_type: dict[str, list] = {}
    for d in dead:
        by_type.setdefault(d.error_type, []).append(d)
    assert {d.value for d in dead if d.error_type != "RecordTooLarge"} >= set(garbage + truncated)
    (corrupt,) = by_type["InvalidEvent"]
    assert "seq" in corrupt.reason and bad_event["event_id"] in corrupt.reason
    too_large = by_type["RecordTooLarge"]
    assert len(too_large) == 2
    blobs = open_blob_store(stream_settings.resolved_blob_url)
    kept = {blobs.get(d.reason.rsplit(" ", 1)[1]) for d in too_large}
    assert kept == {oversized_garbage, oversized_valid}, "the oversized bytes are kept"
    stored = readback(stream_settings, [*ids, mixed_opened.trace_id])
    for opened, events, _ in good:
        assert [r[0] for r in stored[opened.trace_id]["rows"]] == [e.seq for e in events]
    mixed = [r[1] for r in stored[mixed_opened.trace_id]["rows"]]
    assert mixed == [e.event_id for e in mixed_events if e.event_id != bad_event["event_id"]]
