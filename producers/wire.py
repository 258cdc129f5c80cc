"""Encode events once, frame them into ``EventBatch`` records by concatenation.

An Avro array is ``count`` + the items' bytes + ``0``, so a batch record can be built from
events that were each encoded when they were emitted: the bytes the spool holds are the
bytes that go to Kafka, and no event is serialized twice. The envelope fields around the
array are written with fastavro from the current schema, so schema evolution of the
envelope needs no change here; ``tests/producers/test_wire.py`` proves the result decodes
and equals ``schemas.codec.encode``.
"""

from __future__ import annotations

import io
from typing import Any

from fastavro import parse_schema, schemaless_writer

from producers.avro_fast import CodeGen
from schemas.codec import _PAYLOAD_RECORD, MAGIC, encode_dict, schema_for

BATCH = "fixtrace.EventBatch"


def _zigzag(n: int) -> bytes:
    """Avro ``long`` encoding (zig-zag varint)."""
    n = (n << 1) ^ (n >> 63)
    out = bytearray()
    while n & ~0x7F:
        out.append((n & 0x7F) | 0x80)
        n >>= 7
    out.append(n)
    return bytes(out)


class EventFramer:
    """Per-event Avro bodies and batch records built from them."""

    def __init__(self) -> None:
        writer = schema_for(BATCH)
        self._header = MAGIC + writer.fingerprint
        named: dict[str, Any] = {}
        self._fields: list[tuple[str, Any]] = []
        for field in writer.schema["fields"]:
            if field["name"] == "events":
                self._event_schema = parse_schema(field["type"]["items"], named_schemas=named)
                self._write_event = CodeGen().build(self._event_schema)
                self._fields.append(("events", None))
            else:
                parsed = parse_schema(field["type"], named_schemas=named)
                self._fields.append((field["name"], parsed))

    def encode_event(self, event: dict[str, Any]) -> bytes:
        """Avro body of one event dict shaped like ``schemas.models.Event.model_dump()``."""
        payload = event["payload"]
        if type(payload) is not tuple:
            event = {**event, "payload": (_PAYLOAD_RECORD[event["type"]], payload)}
        out = bytearray()
        self._write_event(out, event)
        return bytes(out)

    def frame(
        self,
        trace_id: str,
        events: list[bytes],
        sent_at_ms: int,
        producer: dict[str, Any] | None = None,
    ) -> bytes:
        """A single-object-encoded ``EventBatch`` carrying already-encoded events."""
        envelope = {"trace_id": trace_id, "sent_at_ms": sent_at_ms, "producer": producer}
        out = io.BytesIO()
        out.write(self._header)
        for name, schema in self._fields:
            if schema is None:
                out.write(_zigzag(len(events)))
                for body in events:
                    out.write(body)
                out.write(b"\x00")
            else:
                schemaless_writer(out, schema, envelope[name])
        return out.getvalue()


def encode_record(name: str, record: dict[str, Any]) -> bytes:
    """Encode a non-batch raw-topic record (TraceOpened, TraceFinalize) from a dict."""
    return encode_dict(name, record)
