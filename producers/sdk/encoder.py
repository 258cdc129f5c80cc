"""The SDK's event encoder: Avro event bodies written from their parts, per event type.

Why not ``EventFramer.encode_fields`` alone: it writes the id, seq and ts with a generic
varint call each (~1 µs of a ~3.5 µs encode). Here the id's length and the seq varint are
written inline and the ts varint is reused while the clock stays in one millisecond;
``encode_many`` also shares the ts and the envelope constants across a call. The payload
is written by the schema's generated branch writer, so the result is byte-for-byte
``EventFramer.encode_fields`` (``tests/producers/test_sdk.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any, NamedTuple

from fastavro import parse_schema

from producers.wire import BATCH, DEFAULT_ACTOR, EMPTY_CONTEXT, EventFramer
from schemas.avro_writer import CodeGen, Writer, write_long
from schemas.codec import PAYLOAD_RECORD, schema_for

# The envelope layout written by hand; any other schema falls back to the framer.
_ENVELOPE = ["event_id", "seq", "ts_ms", "type", "actor", "context", "payload"]


class _Type(NamedTuple):
    mid: bytes  # type enum + default actor + empty context + payload branch index
    type: bytes
    branch: bytes
    write: Writer  # the payload record alone


def varint(n: int) -> bytes:
    """Avro zig-zag varint of ``n`` as bytes."""
    out = bytearray()
    write_long(out, n)
    return bytes(out)


class EventEncoder:
    """``encode(event_id, seq, ts_ms, kind, payload, actor, context) -> bytes``.

    Stateless but for a (ts, varint) cache replaced as one tuple, so clients on several
    threads (``SyncTraceProducer``) can share one (:func:`shared`).
    """

    def __init__(self, framer: EventFramer) -> None:
        self.framer = framer
        self._ts: tuple[int, bytes] = (-1, b"")
        self._types = self._build()

    def _build(self) -> dict[str, _Type] | None:
        named: dict[str, Any] = {}
        event: dict[str, Any] | None = None
        for f in schema_for(BATCH).schema["fields"]:
            parsed = parse_schema(f["type"], named_schemas=named)
            if f["name"] == "events":
                event = parsed["items"]
        if event is None or [f["name"] for f in event["fields"]] != _ENVELOPE:
            return None
        gen = CodeGen()
        by_name = {f["name"]: f["type"] for f in event["fields"]}
        write_type = gen.build(by_name["type"])
        self._write_actor = gen.build(by_name["actor"])
        self._write_context = gen.build(by_name["context"])
        defaults = bytearray()
        self._write_actor(defaults, DEFAULT_ACTOR)
        self._write_context(defaults, EMPTY_CONTEXT)
        union = by_name["payload"]
        names = [b if isinstance(b, str) else b["name"] for b in union]
        types: dict[str, _Type] = {}
        for kind, record in PAYLOAD_RECORD.items():
            i = names.index(record)
            head, branch = bytearray(), bytearray()
            write_type(head, kind)
            write_long(branch, i)
            types[kind] = _Type(
                bytes(head + defaults + branch), bytes(head), bytes(branch), gen.build(union[i])
            )
        return types

    def encode(
        self,
        event_id: str,
        seq: int,
        ts_ms: int,
        kind: str,
        payload: dict[str, Any],
        actor: dict[str, Any] | None = None,
        context: dict[str, Any] | None = None,
    ) -> bytes:
        """One event's Avro body; ``payload`` is its field dict (read, never changed)."""
        if self._types is None:
            return self.framer.encode_fields(event_id, seq, ts_ms, kind, payload, actor, context)
        t = self._types[kind]  # KeyError for an unknown type, like the framer
        b = event_id.encode()
        out = bytearray()
        if len(b) < 64:
            out.append(len(b) << 1)
        else:
            write_long(out, len(b))
        out += b
        n = (seq << 1) ^ (seq >> 63)
        if n < 128:
            out.append(n)
        elif n < 16384:
            out.append((n & 127) | 128)
            out.append(n >> 7)
        else:
            write_long(out, seq)
        ts = self._ts
        if ts[0] != ts_ms:
            ts = self._ts = (ts_ms, varint(ts_ms))
        out += ts[1]
        if actor or context:
            out += t.type
            self._write_actor(out, actor or DEFAULT_ACTOR)
            self._write_context(out, context or EMPTY_CONTEXT)
            out += t.branch
        else:
            out += t.mid
        t.write(out, payload)
        return bytes(out)

    def encode_many(
        self,
        event_ids: Sequence[str],
        first_seq: int,
        ts_ms: int,
        items: Sequence[tuple[str, dict[str, Any]]],
        actor: dict[str, Any] | None = None,
        context: dict[str, Any] | None = None,
    ) -> list[bytes]:
        """Bodies of consecutive events sharing ts, actor and context (``emit_many``).

        Why: the shared parts are written once, and one call replaces one per event.
        """
        types = self._types
        if types is None or actor or context:
            enc = self.encode
            return [
                enc(i, first_seq + k, ts_ms, kind, data, actor, context)
                for k, (i, (kind, data)) in enumerate(zip(event_ids, items, strict=True))
            ]
        ts = varint(ts_ms)
        bodies: list[bytes] = []
        add = bodies.append
        seq = first_seq
        for event_id, (kind, data) in zip(event_ids, items, strict=True):
            t = types[kind]
            b = event_id.encode()
            out = bytearray()
            if len(b) < 64:
                out.append(len(b) << 1)
            else:
                write_long(out, len(b))
            out += b
            n = (seq << 1) ^ (seq >> 63)
            if n < 128:
                out.append(n)
            elif n < 16384:
                out.append((n & 127) | 128)
                out.append(n >> 7)
            else:
                write_long(out, seq)
            out += ts
            out += t.mid
            t.write(out, data)
            add(bytes(out))
            seq += 1
        return bodies


@cache
def shared() -> EventEncoder:
    """The process's encoder; building one generates ~50 ms of writer code."""
    return EventEncoder(EventFramer())
