"""Encode events once, frame them into ``EventBatch`` records by concatenation.

An Avro array is ``count`` + the items' bytes + ``0``, so a batch record can be built from
events that were each encoded when they were emitted: the bytes the spool holds are the
bytes that go to Kafka, and no event is serialized twice. The envelope fields around the
array are written by writers generated from the current schema
(``schemas/avro_writer.py``), so schema evolution of the envelope needs no change here;
``tests/producers/test_wire.py`` proves the result decodes and equals ``schemas.codec.encode``.
"""

from __future__ import annotations

from typing import Any

from fastavro import parse_schema

from schemas.avro_writer import CodeGen, Writer, write_long
from schemas.codec import _PAYLOAD_RECORD, MAGIC, encode_dict, schema_for

BATCH = "fixtrace.EventBatch"


class EventFramer:
    """Per-event Avro bodies and batch records built from them."""

    def __init__(self) -> None:
        writer = schema_for(BATCH)
        self._header = MAGIC + writer.fingerprint
        named: dict[str, Any] = {}
        gen = CodeGen()
        self._fields: list[tuple[str, Writer | None]] = []
        for field in writer.schema["fields"]:
            if field["name"] == "events":
                self._event_schema = parse_schema(field["type"]["items"], named_schemas=named)
                self._write_event = gen.build(self._event_schema)
                by_record = gen.build_branches(self._event_schema, "payload")
                self._write_by_type = {
                    kind: by_record[name] for kind, name in _PAYLOAD_RECORD.items()
                }
                self._fields.append(("events", None))
            else:
                parsed = parse_schema(field["type"], named_schemas=named)
                self._fields.append((field["name"], gen.build(parsed)))

    def encode_event(self, event: dict[str, Any]) -> bytes:
        """Avro body of one event dict shaped like ``schemas.models.Event.model_dump()``."""
        out = bytearray()
        if type(event["payload"]) is tuple:  # already tagged with its record name
            self._write_event(out, event)
        else:
            self._write_by_type[event["type"]](out, event)
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
        out = bytearray(self._header)
        for name, write in self._fields:
            if write is None:
                if events:
                    write_long(out, len(events))
                    for body in events:
                        out += body
                out.append(0)
            else:
                write(out, envelope[name])
        return bytes(out)


def encode_record(name: str, record: dict[str, Any]) -> bytes:
    """Encode a non-batch raw-topic record (TraceOpened, TraceFinalize) from a dict."""
    return encode_dict(name, record)
