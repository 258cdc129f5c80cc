"""``fixtrace dlq`` against a real Tansu broker: list, show, requeue (dry run and real)."""

from __future__ import annotations

import asyncio

import pytest
from aiokafka import AIOKafkaConsumer, AIOKafkaProducer, TopicPartition
from typer.testing import CliRunner

from fixtrace.ops import dlq
from fixtrace_config import Settings
from schemas.codec import encode
from schemas.models import DeadLetter, Event, EventBatch
from tests.ids import test_id

runner = CliRunner()
TRACE = test_id("dlq-trace")


def _batch_bytes() -> bytes:
    """A fixed batch (ids and clocks pinned), so the requeued bytes can be compared."""
    event = Event(event_id=test_id("e-1"), seq=1, ts_ms=1, type="thought",
                  payload={"kind": "plan", "content_text": "check"})  # fmt: skip
    return encode(EventBatch(trace_id=TRACE, sent_at_ms=1, events=[event]))


async def _produce(bootstrap: str, topic: str, values: list[tuple[bytes | None, bytes]]) -> None:
    producer = AIOKafkaProducer(bootstrap_servers=bootstrap, enable_idempotence=False)
    await producer.start()
    try:
        for key, value in values:
            await producer.send_and_wait(topic, value, key=key)
    finally:
        await producer.stop()


async def _read_all(bootstrap: str, topic: str, partitions: int) -> list[tuple[bytes, bytes]]:
    consumer = AIOKafkaConsumer(bootstrap_servers=bootstrap, group_id=None,
                                auto_offset_reset="earliest")  # fmt: skip
    await consumer.start()
    tps = [TopicPartition(topic, p) for p in range(partitions)]
    consumer.assign(tps)
    await consumer.seek_to_beginning(*tps)
    out = []
    try:
        for _ in range(4):
            for records in (await consumer.getmany(*tps, timeout_ms=500)).values():
                out.extend((r.key, r.value) for r in records)
    finally:
        await consumer.stop()
    return out


@pytest.fixture()
def dlq_env(unique_topics: Settings, tmp_path, monkeypatch: pytest.MonkeyPatch) -> Settings:
    """This test's topics, three dead letters in the DLQ, and the CLI pointed at them."""
    s = unique_topics
    original = _batch_bytes()
    letters = [
        DeadLetter(reason="payload does not match type", error_type="InvalidRecord",
                   stage="decode", source_topic=s.topic_raw, source_partition=2,
                   source_offset=41, key=TRACE.encode(), value=original),
        DeadLetter(reason="unknown fingerprint", error_type="UnknownFingerprint",
                   stage="decode", source_topic="somewhere.else", source_partition=0,
                   source_offset=7, key=None, value=b"\x00\x01garbage"),
    ]  # fmt: skip
    values = [(TRACE.encode(), encode(d)) for d in letters] + [(None, b"not avro at all")]
    asyncio.run(_produce(s.kafka_bootstrap, s.topic_dlq, values))
    for name, value in (
        ("DATA_DIR", str(tmp_path)), ("KAFKA_BOOTSTRAP", s.kafka_bootstrap),
        ("TOPIC_RAW", s.topic_raw), ("TOPIC_FINALIZED", s.topic_finalized),
        ("TOPIC_QA", s.topic_qa), ("TOPIC_DLQ", s.topic_dlq),
    ):  # fmt: skip
        monkeypatch.setenv(f"FIXTRACE_{name}", value)
    return s


def test_read_stops_at_the_high_watermark(dlq_env: Settings):
    entries = asyncio.run(
        dlq.read_dlq(dlq_env.kafka_bootstrap, dlq_env.topic_dlq, max_idle_polls=50)
    )
    assert [e.ref for e in entries] == ["0:0", "0:1", "0:2"]
    assert entries[0].letter is not None and entries[0].letter.source_offset == 41
    assert entries[2].letter is None and "BadMagic" in (entries[2].decode_error or "")
    with pytest.raises(dlq.DlqError, match="does not exist"):
        asyncio.run(dlq.read_dlq(dlq_env.kafka_bootstrap, "no.such.topic.xyz"))


def test_list_and_show(ops_app, dlq_env: Settings):
    out = runner.invoke(ops_app, ["dlq", "list"])
    assert out.exit_code == 0, out.output
    for needle in ("0:0", "InvalidRecord", f"{dlq_env.topic_raw}[2]@41", "undecodable"):
        assert needle in out.stdout, needle
    out = runner.invoke(ops_app, ["dlq", "show", "0"])
    assert out.exit_code == 0, out.output
    for needle in (
        "payload does not match type",
        "original bytes (hex)",
        "00000000  c3 01",
        f"fixtrace.EventBatch (trace {TRACE}, 1 event(s)): valid",
        TRACE,
    ):
        assert needle in out.stdout, needle
    out = runner.invoke(ops_app, ["dlq", "show", "0:1"])
    assert "BadMagic" in out.stdout and "garbage" in out.stdout
    out = runner.invoke(ops_app, ["dlq", "show", "0:9"])
    assert out.exit_code == 1 and "error: no dead letter at 0:9" in out.stderr


def test_requeue_dry_run_then_for_real(ops_app, dlq_env: Settings):
    s = dlq_env
    out = runner.invoke(ops_app, ["dlq", "requeue", "0:0", "--dry-run"])
    assert out.exit_code == 0 and "would send" in out.stdout, out.output
    assert asyncio.run(_read_all(s.kafka_bootstrap, s.topic_raw, s.partitions_raw)) == []
    out = runner.invoke(ops_app, ["dlq", "requeue", "0:0"])
    assert out.exit_code == 0 and "sent" in out.stdout, out.output
    got = asyncio.run(_read_all(s.kafka_bootstrap, s.topic_raw, s.partitions_raw))
    assert got == [(TRACE.encode(), _batch_bytes())]
    out = runner.invoke(ops_app, ["dlq", "requeue", "--all", "--dry-run"])
    assert out.exit_code == 2  # a stranger source topic and an undecodable letter are skipped
    assert "not a pipeline topic" in out.stdout and "undecodable" in out.stdout
    assert runner.invoke(ops_app, ["dlq", "requeue"]).exit_code == 2  # neither refs nor --all


def test_list_fits_80_columns(ops_app, dlq_env: Settings, monkeypatch: pytest.MonkeyPatch):
    from rich.console import Console

    from fixtrace.ops import dlq_cli

    monkeypatch.setattr(dlq_cli, "console", Console(width=80, no_color=True))
    out = runner.invoke(ops_app, ["dlq", "list"])
    assert out.exit_code == 0, out.output
    lines = out.stdout.splitlines()
    assert max(len(line) for line in lines) <= 80 and "…" not in out.stdout
    header = next(line for line in lines if line.startswith("ref "))
    assert header.split()[:3] == ["ref", "error", "reason"]
    assert "payload does not match type" in out.stdout
    assert "UnknownFingerprint" in out.stdout  # error types whole
    wide = runner.invoke(ops_app, ["dlq", "list", "--wide"]).stdout
    assert f"{dlq_env.topic_raw}[2]@41" in wide and "not shown" not in wide
