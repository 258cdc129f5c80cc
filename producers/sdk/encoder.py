"""The SDK's event encoder: Avro event bodies written from their parts, per event type.

Why not ``EventFramer.encode_fields`` alone: it writes the id, seq and ts with a generic
varint call each, a large share of the encode. Here the id's length and the seq varint are
written inline and the ts varint is reused while the clock stays in one millisecond;
``encode_many`` also shares the ts and the envelope constants across a call. The payload
is written by the schema's generated branch writer, so the result is byte-for-byte
``EventFramer.encode_fields`` (``tests/producers/test_sdk.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from producers.wire import DEFAULT_ACTOR, EMPTY_CONTEXT, EventFramer
from schemas.avro_writer import write_long


def varint(n: int) -> bytes:
    """Avro zig-zag varint of ``n`` as bytes."""
    out = bytearray()
    write_long(out, n)
    return bytes(out)


def _id_and_seq(event_id: str, seq: int) -> bytearray:
    """A new event body holding its id and seq (short lengths and seqs inline)."""
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
    return out


class EventEncoder:
    """``encode(event_id, seq, ts_ms, kind, payload, actor, context) -> bytes``.

    Stateless but for a (ts, varint) cache replaced as one tuple, so clients on several
    threads (``SyncTraceProducer``) can share one (:func:`shared`).
    """

    def __init__(self, framer: EventFramer) -> None:
        self.framer = framer
        self._ts: tuple[int, bytes] = (-1, b"")
        self._types = framer.type_bytes  # None: an unusual schema, the framer encodes
        self._write_actor = getattr(framer, "write_actor", None)
        self._write_context = getattr(framer, "write_context", None)

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
        out = _id_and_seq(event_id, seq)
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
            out = _id_and_seq(event_id, seq)
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
