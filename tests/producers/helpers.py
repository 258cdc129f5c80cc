"""Reading the raw topic back in tests."""

from __future__ import annotations

from aiokafka import AIOKafkaConsumer

from schemas.base import Wire
from schemas.codec import decode
from schemas.models import EventBatch


async def read_topic(
    bootstrap: str,
    topic: str,
    *,
    until_events: int | None = None,
    until_records: int | None = None,
    idle_ms: int = 1500,
) -> list[Wire]:
    """Every record of ``topic`` from the start, decoded; stops at a count or when idle."""
    consumer = AIOKafkaConsumer(
        topic, bootstrap_servers=bootstrap, auto_offset_reset="earliest", enable_auto_commit=False
    )
    await consumer.start()
    out: list[Wire] = []
    try:
        while True:
            got = await consumer.getmany(timeout_ms=idle_ms)
            if not got:
                return out
            for msgs in got.values():
                out.extend(decode(m.value) for m in msgs)
            events = sum(len(r.events) for r in out if isinstance(r, EventBatch))
            if until_events is not None and events >= until_events:
                return out
            if until_records is not None and len(out) >= until_records:
                return out
    finally:
        await consumer.stop()


def events_of(records: list[Wire]) -> list:
    """All events in record order."""
    return [e for r in records if isinstance(r, EventBatch) for e in r.events]
