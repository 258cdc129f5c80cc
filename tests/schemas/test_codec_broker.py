"""Every record type through a real broker: Avro bytes produced keyed by trace_id come back
byte-identical, in produce order per trace, and decode to the models that were sent."""

from __future__ import annotations

from typing import Any

from aiokafka import AIOKafkaProducer

from bench.kafka_helpers import read_records
from bench.samples import FULL_PAYLOADS, sample_opened
from fixtrace_config import Settings
from schemas import codec
from schemas.base import Wire
from schemas.models import Event, EventBatch, TraceFinalize, TraceOpened


def _records() -> list[Wire]:
    records: list[Wire] = []
    for n in range(3):
        opened: TraceOpened = sample_opened(seed=n)
        events = [
            Event(seq=i + 1, type=kind, payload=payload)
            for i, (kind, payload) in enumerate(sorted(FULL_PAYLOADS.items()))
        ]
        records += [
            opened,
            EventBatch(trace_id=opened.trace_id, events=events[:5]),
            EventBatch(trace_id=opened.trace_id, events=events[5:]),
            TraceFinalize(trace_id=opened.trace_id, seq_last=len(events)),
        ]
    return records


async def test_every_record_type_round_trips_through_the_broker(
    unique_topics: Settings, kafka_group_kwargs: dict[str, Any]
) -> None:
    topic = unique_topics.topic_raw
    records = _records()
    sent = [(r.trace_id.encode(), codec.encode(r)) for r in records]
    producer = AIOKafkaProducer(
        bootstrap_servers=unique_topics.kafka_bootstrap, acks="all", enable_idempotence=False
    )
    await producer.start()
    try:
        for key, value in sent:
            await producer.send_and_wait(topic, value, key=key)
    finally:
        await producer.stop()

    consumed = await read_records(
        unique_topics.kafka_bootstrap, topic, len(sent), group_id=f"codec-{topic}",
        **kafka_group_kwargs,
    )  # fmt: skip
    received = [(r.key, r.value) for r in consumed]

    for key in {k for k, _ in sent}:  # byte-identical, in produce order per trace
        assert [v for k, v in received if k == key] == [v for k, v in sent if k == key]
    by_bytes = {value: record for (_, value), record in zip(sent, records, strict=True)}
    assert all(codec.decode(value) == by_bytes[value] for _, value in received)
