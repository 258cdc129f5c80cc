"""Encode events once, frame them into ``EventBatch`` records by concatenation.

An Avro array is ``count`` + the items' bytes + ``0``, so a batch record can be built from
events that were each encoded when they were emitted: the bytes the spool holds are the
bytes that go to Kafka, and no event is serialized twice. The envelope fields around the
array are written by writers generated from the current schema
(``schemas/avro_codegen.py``), so schema evolution of the envelope needs no change here;
``tests/producers/test_wire.py`` proves the result decodes and equals ``schemas.codec.encode``.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from fastavro import parse_schema

from schemas.avro_codegen import CodeGen
from schemas.avro_writer import Writer, write_long
from schemas.codec import MAGIC, PAYLOAD_RECORD, encode_dict, schema_for

BATCH = "fixtrace.EventBatch"
# The envelope layout ``encode_fields`` writes by hand; any other schema falls back to the
# generated whole-event writer (same bytes, slower).
_ENVELOPE = ["event_id", "seq", "ts_ms", "type", "actor", "context", "payload"]

DEFAULT_ACTOR: dict[str, Any] = {"kind": "human", "id": None}
EMPTY_CONTEXT: dict[str, Any] = {
    "workspace_root": None,
    "branch": None,
    "commit_head": None,
    "correlation_id": None,
    "parent_event_id": None,
}


class EventTypeBytes(NamedTuple):
    """Per event type: the constant envelope bytes around a payload, and its writer."""

    mid: bytes  # type enum + default actor + empty context + payload branch index
    type: bytes
    branch: bytes
    write: Writer  # the payload record alone


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
                    kind: by_record[name] for kind, name in PAYLOAD_RECORD.items()
                }
                self._fields.append(("events", None))
            else:
                parsed = parse_schema(field["type"], named_schemas=named)
                self._fields.append((field["name"], gen.build(parsed)))
        self.type_bytes = self._build_fast(gen)
        """Per event type: envelope constants and payload writer (None: unusual schema)."""

    def _build_fast(self, gen: CodeGen) -> dict[str, EventTypeBytes] | None:
        """Per event type: the constant bytes between ``ts_ms`` and the payload (type
        enum, default actor, empty context, union branch index) and the payload's writer.

        Why: an SDK event differs from the next only in id, seq, ts and payload, so the
        rest is written once here instead of field by field on every emit.
        """
        fields = self._event_schema["fields"]
        if [f["name"] for f in fields] != _ENVELOPE:
            return None
        by_name = {f["name"]: f["type"] for f in fields}
        write_type = gen.build(by_name["type"])
        self.write_actor = gen.build(by_name["actor"])
        self.write_context = gen.build(by_name["context"])
        defaults = bytearray()
        self.write_actor(defaults, DEFAULT_ACTOR)
        self.write_context(defaults, EMPTY_CONTEXT)
        union = by_name["payload"]
        names = [b if isinstance(b, str) else b["name"] for b in union]
        fast: dict[str, EventTypeBytes] = {}
        for kind, record in PAYLOAD_RECORD.items():
            i = names.index(record)
            head, branch = bytearray(), bytearray()
            write_type(head, kind)
            write_long(branch, i)
            fast[kind] = EventTypeBytes(
                bytes(head + defaults + branch), bytes(head), bytes(branch), gen.build(union[i])
            )
        return fast

    def encode_fields(
        self,
        event_id: str,
        seq: int,
        ts_ms: int,
        kind: str,
        payload: dict[str, Any],
        actor: dict[str, Any] | None = None,
        context: dict[str, Any] | None = None,
    ) -> bytes:
        """Avro body of one event from its parts; equals ``encode_event`` of the same dict.

        ``payload`` is the payload's field dict (a flat model's ``__dict__`` will do).
        Why: the SDK's emit path skips building an envelope dict and the generic writer's
        per-field lookups of the actor and context defaults.
        """
        if self.type_bytes is None:
            event = {
                "event_id": event_id,
                "seq": seq,
                "ts_ms": ts_ms,
                "type": kind,
                "actor": actor or DEFAULT_ACTOR,
                "context": context or EMPTY_CONTEXT,
                "payload": payload,
            }
            return self.encode_event(event)
        f = self.type_bytes[kind]
        b = event_id.encode()
        out = bytearray()
        write_long(out, len(b))
        out += b
        write_long(out, seq)
        write_long(out, ts_ms)
        if actor or context:
            out += f.type
            self.write_actor(out, actor or DEFAULT_ACTOR)
            self.write_context(out, context or EMPTY_CONTEXT)
            out += f.branch
        else:
            out += f.mid
        f.write(out, payload)
        return bytes(out)

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
