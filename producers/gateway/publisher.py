"""Kafka side of the gateway: publish and wait for the acknowledgement (acks=all)."""

from __future__ import annotations

import time
from typing import Any

from aiokafka import AIOKafkaProducer
from aiokafka.errors import KafkaError

from producers.gateway.errors import ApiError
from producers.wire import EventFramer
from schemas.codec import ENCODE_ERRORS


class Publisher:
    """One aiokafka producer; every call returns only once Kafka acknowledged."""

    def __init__(
        self, bootstrap: str, topic: str, *, request_timeout_ms: int, record_max_bytes: int
    ) -> None:
        self.topic = topic
        self.record_max_bytes = record_max_bytes
        self.framer = EventFramer()
        self._kwargs: dict[str, Any] = dict(
            bootstrap_servers=bootstrap,
            acks="all",
            enable_idempotence=False,
            request_timeout_ms=request_timeout_ms,
            linger_ms=0,
            max_request_size=max(2 * record_max_bytes, 1 << 20),
            max_batch_size=max(2 * record_max_bytes, 1 << 20),
        )
        self._producer: AIOKafkaProducer | None = None
        self.info = {"client": "fixtrace-gateway", "version": "0.1.0", "host": None}

    async def start(self) -> None:
        """Create the producer on the serving loop (aiokafka binds to it) and connect."""
        self._producer = AIOKafkaProducer(**self._kwargs)
        await self._producer.start()

    async def stop(self) -> None:
        if self._producer is not None:
            await self._producer.stop()

    async def publish(self, trace_id: str, values: list[bytes]) -> None:
        """Send records for one trace in order and await every ack."""
        key = trace_id.encode()
        if self._producer is None:
            raise ApiError(503, "kafka_unavailable", "the gateway is not connected")
        try:
            futures = [await self._producer.send(self.topic, v, key=key) for v in values]
            for fut in futures:
                await fut
        except KafkaError as exc:
            raise ApiError(
                503,
                "kafka_unavailable",
                "the event log did not acknowledge",
                {"reason": type(exc).__name__},
            ) from exc

    def encode_events(self, events: list[dict[str, Any]]) -> list[bytes]:
        """Each event's Avro body; a value the wire schema cannot hold is a 422 naming it."""
        bodies = []
        for i, event in enumerate(events):
            try:
                bodies.append(self.framer.encode_event(event))
            except ENCODE_ERRORS as exc:
                raise ApiError(
                    422,
                    "invalid_field",
                    "an event holds a value its wire schema cannot carry",
                    {"index": i, "event_id": event["event_id"], "reason": str(exc)[:200]},
                ) from None
        return bodies

    def batch_records(self, trace_id: str, bodies: list[bytes]) -> list[bytes]:
        """Frame encoded events into records of at most ``record_max_bytes``."""
        now = time.time_ns() // 1_000_000
        records: list[bytes] = []
        chunk: list[bytes] = []
        size = 0
        for body in bodies:
            if chunk and size + len(body) > self.record_max_bytes:
                records.append(self.framer.frame(trace_id, chunk, now, self.info))
                chunk, size = [], 0
            chunk.append(body)
            size += len(body)
        if chunk:
            records.append(self.framer.frame(trace_id, chunk, now, self.info))
        return records
