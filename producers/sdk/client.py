"""Async producer SDK: open a trace, emit events, finalize; batched, spooled, ordered.

Data path: ``emit`` fills seq/event_id/ts_ms, moves large strings to the blob store,
encodes the event once (Avro), appends it to the spool (write-ahead log) and buffers it
per trace. A trace's buffer becomes one ``EventBatch`` record when it reaches
``batch_max_events``/``batch_max_bytes`` or ``linger_ms`` after its first event
(``batching.py``). One sender task hands records to aiokafka in order; acks release spool
entries (``sender.py``).

Cost: the Avro encode and the spool append (a copy into a shared mapping, no syscall) are
most of ``emit``'s CPU; ``emit_many`` pays the per-call part once for many events, and
``durability="fsync"`` adds an ``fdatasync`` per call, so batch with ``emit_many`` if you
need it. The measured breakdown is in ``producers/sdk/README.md`` (``bench/sdk_bench.py``).

When a send fails after aiokafka's bounded retries, or the broker is unreachable at start,
the client goes *offline*: emits still land in the spool, and the sender re-sends every
unacknowledged spool entry in append order once the broker answers again.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import socket
import time
import uuid
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from aiokafka import AIOKafkaProducer
from pydantic import ValidationError

from producers.blob_upload import BlobStore, move_to_blob, oversized
from producers.sdk import encoder
from producers.sdk.batching import Batcher, Record
from producers.sdk.config import ProducerConfig
from producers.sdk.errors import SdkError
from producers.sdk.payloads import FLAT, TYPE_OF, fields_of, payload_fields
from producers.sdk.sender import Sender
from producers.sdk.spool import Kind, Spool
from schemas.base import Wire
from schemas.codec import encode
from schemas.models import Actor, EventContext, FinalState, TraceFinalize, TraceOpened
from schemas.shapes import SHAPES

log = logging.getLogger(__name__)
_EVENT = Kind.event  # an enum member lookup costs ~0.1 µs; emit pays it per event
_time_ns = time.time_ns

__all__ = ["EmittedEvent", "SdkError", "TraceProducer", "kafka_producer"]


def kafka_producer(cfg: ProducerConfig) -> AIOKafkaProducer:
    """The aiokafka producer the SDK sends with (public so a benchmark can match it)."""
    return AIOKafkaProducer(
        bootstrap_servers=cfg.bootstrap,
        acks="all",
        enable_idempotence=False,  # Tansu's InitProducerId fails: no idempotent producer
        linger_ms=0,  # batching is ours: records already carry many events
        request_timeout_ms=cfg.request_timeout_ms,
        retry_backoff_ms=cfg.retry_backoff_ms,
        max_request_size=cfg.max_request_size,
        max_batch_size=max(cfg.batch_max_bytes * 2, 16384),
    )


class EmittedEvent(NamedTuple):
    """What ``emit`` filled in, for linking (``links_to``, ``parent_event_id``).

    A named tuple (immutable, fields by name) rather than a frozen dataclass: building
    one is ~0.3 µs instead of ~0.7 µs, once per event.
    """

    trace_id: str
    seq: int
    event_id: str
    ts_ms: int


_emitted = functools.partial(tuple.__new__, EmittedEvent)  # skips NamedTuple's __new__


class TraceProducer:
    """The async SDK client. Use as ``async with TraceProducer(cfg) as p: ...``."""

    def __init__(
        self,
        config: ProducerConfig,
        *,
        blob_store: BlobStore | None = None,
        producer_factory: Callable[[], AIOKafkaProducer] | None = None,
    ) -> None:
        self.cfg = config
        self.blobs = blob_store
        codec = encoder.shared()
        self._encode = codec.encode
        self._encode_many = codec.encode_many
        self._spool = Spool(
            config.spool_dir,
            durability=config.durability,
            topic=config.topic,
            wait_s=config.spool_wait_s,
        )
        self._seq: dict[str, int] = {}
        queue: asyncio.Queue[Record | None] = asyncio.Queue()
        self._closed = False
        info = {"client": config.client_name, "version": "0.1.0", "host": socket.gethostname()}
        # event ids: a random 80-bit client prefix + a 48-bit counter, in UUID form; unique
        # without a urandom syscall per event (uuid4 was ~8 µs of a ~30 µs emit).
        h = uuid.uuid4().hex
        self._id_format = f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-%012x"  # % beats f"" here
        self._id_counter = 0
        self._max_event = config.max_request_size - 1024
        self._batcher = Batcher(
            codec.framer,
            info,
            queue.put_nowait,
            # linger 0 means a record per event
            max_events=config.batch_max_events if config.linger_ms > 0 else 1,
            max_bytes=config.batch_max_bytes,
            linger_s=config.linger_ms / 1000,
        )
        self.stats = {"records": 0, "events": 0, "send_failures": 0, "reconnects": 0}
        self._sender = Sender(
            config,
            producer_factory or self._default_producer,
            self._spool,
            self._batcher,
            queue,
            self.stats,
            probe=producer_factory is None,  # a custom factory may not use cfg.bootstrap
        )

    def _default_producer(self) -> AIOKafkaProducer:
        return kafka_producer(self.cfg)

    # --- lifecycle ----------------------------------------------------------------

    async def start(self) -> TraceProducer:
        """Connect if possible; otherwise (or if the spool holds work) start offline."""
        await self._sender.start()
        return self

    async def __aenter__(self) -> TraceProducer:
        return await self.start()

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def flush(self, timeout: float | None = None) -> None:
        """Send every buffered event and wait until Kafka acknowledged all accepted work."""
        self._batcher.flush_all()
        async with asyncio.timeout(timeout):
            while self._spool.pending:
                self._sender.drained.clear()
                await self._sender.drained.wait()
        self._spool.rotate_if_idle()

    async def close(self, timeout: float | None = 30.0) -> None:
        """Flush (bounded by ``timeout``), stop background tasks and the Kafka client.

        Whatever is still unacknowledged stays in the spool and is sent by the next client
        opened on the same spool directory.
        """
        if self._closed:
            return
        try:
            await self.flush(timeout)
        except TimeoutError:
            log.warning(
                "close: %d spooled entries not acknowledged; the next client on %s re-sends "
                "the %d entries left on disk (acknowledged ones again too: the stream drops "
                "duplicates by event_id)",
                self._spool.pending, self._spool.dir, self._spool.resend_count,
            )  # fmt: skip
        finally:
            self._closed = True
            await self._sender.close()
            self._spool.close()

    @property
    def online(self) -> bool:
        """True while records go straight to Kafka (not waiting for the broker)."""
        return self._sender.live

    @property
    def pending(self) -> int:
        """Accepted entries not yet acknowledged by Kafka."""
        return self._spool.pending

    @property
    def resend_count(self) -> int:
        """Entries the next client on this spool will send (≥ :attr:`pending`: the
        acknowledged entries of a segment still on disk go again)."""
        return self._spool.resend_count

    # --- the API ------------------------------------------------------------------

    async def open_trace(self, opened: TraceOpened) -> str:
        """Publish the trace-opened record; returns the trace id."""
        self._check_open()
        self._seq.setdefault(opened.trace_id, 0)
        self._append_record(Kind.opened, opened.trace_id, encode(opened))
        return opened.trace_id

    def resume_trace(self, trace_id: str, last_seq: int) -> None:
        """Continue a trace another process opened; the next event gets ``last_seq + 1``."""
        self._seq[trace_id] = last_seq

    def last_seq(self, trace_id: str) -> int:
        """The seq of the trace's last emitted event (0 if none)."""
        return self._seq[trace_id]

    async def emit(
        self,
        trace_id: str,
        payload: Wire | dict[str, Any],
        *,
        type: str | None = None,  # noqa: A002 - the wire field's name
        actor: dict[str, Any] | None = None,
        context: dict[str, Any] | None = None,
        ts_ms: int | None = None,
        event_id: str | None = None,
    ) -> EmittedEvent:
        """Accept one event: it is in the spool (durable) when this returns.

        ``payload`` is a payload model (its class names the type; it was validated when
        it was built) or a dict validated by the model ``type`` names.

        Durability cost: one spool append per call, a copy into the page cache (plus an
        ``fdatasync`` with ``durability="fsync"``); ``emit_many`` pays it once for many
        events.
        """
        if self._closed or not self._sender.started:
            raise SdkError("client is not started or already closed")
        if trace_id not in self._seq:
            raise SdkError(f"trace {trace_id} was not opened or resumed by this client")
        if event_id is not None or actor or context:
            _check_envelope(event_id, actor, context)
        kind = FLAT.get(payload.__class__)
        if kind is not None and type is None:  # a flat payload model: read as validated
            data = payload.__dict__
        else:
            kind, data = payload_fields(payload, type)
        if self.blobs is not None:
            data = await self._claim(kind, data)
            self._check_open()  # the upload awaited: close() may have run meanwhile
        seq = self._seq[trace_id] + 1  # read after any await: emits may interleave
        if event_id is None:
            self._id_counter = n = self._id_counter + 1
            event_id = self._id_format % n
        if ts_ms is None:
            ts_ms = _time_ns() // 1_000_000
        body = self._encode(event_id, seq, ts_ms, kind, data, actor, context)
        if len(body) > self._max_event:
            raise SdkError(f"event of {len(body)} bytes exceeds the record size limit")
        idx = self._spool.append(_EVENT, trace_id, body)
        self._seq[trace_id] = seq
        if self._sender.live:
            batcher = self._batcher
            batcher.add(trace_id, body, idx)
            if batcher.made:  # let the sender hand the new record to aiokafka meanwhile
                batcher.made = False
                await asyncio.sleep(0)
        return _emitted((trace_id, seq, event_id, ts_ms))

    async def emit_many(
        self,
        trace_id: str,
        payloads: Sequence[Wire | tuple[str, dict[str, Any]]],
        *,
        actor: dict[str, Any] | None = None,
        context: dict[str, Any] | None = None,
    ) -> list[EmittedEvent]:
        """Accept several events of one trace, in order, with one spool write.

        Each item is a payload model or a ``(type, dict)`` pair. All are validated and
        encoded before anything is written, so a bad item rejects the whole call and
        nothing is accepted. When this returns every event is in the spool; they share
        one ``ts_ms`` (the moment they were accepted) and ``actor``/``context``.

        Why: part of the per-event cost of ``emit`` is fixed overhead (a coroutine, the
        spool append and its fsync if any, the batching step); a capture client that
        already holds several events (an importer, a buffered terminal) pays it once per
        call instead.
        """
        self._check_open()
        seq = self._seq.get(trace_id)
        if seq is None:
            raise SdkError(f"trace {trace_id} was not opened or resumed by this client")
        if actor or context:
            _check_envelope(None, actor, context)
        # every item validated before any is written; flat payload models read as they are
        flat, item = FLAT, self._item
        items = [
            (flat[x.__class__], x.__dict__) if x.__class__ in flat else item(x) for x in payloads
        ]
        if self.blobs is not None:
            items = [(kind, await self._claim(kind, data)) for kind, data in items]
        if not items:
            return []
        first = self._id_counter + 1
        self._id_counter += len(items)
        fmt = self._id_format
        ids = [fmt % n for n in range(first, first + len(items))]
        ts_ms = _time_ns() // 1_000_000
        bodies = self._encode_many(ids, seq + 1, ts_ms, items, actor, context)
        big = max(map(len, bodies))
        if big > self._max_event:
            raise SdkError(f"event of {big} bytes exceeds the record size limit")
        out = [_emitted((trace_id, seq + k, i, ts_ms)) for k, i in enumerate(ids, 1)]
        seq += len(items)
        self._check_open()  # a blob upload may have awaited across close()
        if self._seq[trace_id] != out[0].seq - 1:
            raise SdkError(f"trace {trace_id}: concurrent emits during emit_many")
        first = self._spool.append_many(_EVENT, trace_id, bodies)
        self._seq[trace_id] = seq
        if self._sender.live:
            self._batcher.add_many(trace_id, bodies, first)
            if self._batcher.made:
                self._batcher.made = False
                await asyncio.sleep(0)
        return out

    @staticmethod
    def _item(item: Wire | tuple[str, dict[str, Any]]) -> tuple[str, dict[str, Any]]:
        """(event type, fields) of one ``emit_many`` item."""
        kind = TYPE_OF.get(item.__class__)
        if kind is not None:
            return kind, fields_of(item)  # type: ignore[arg-type]
        if type(item) is tuple:
            return payload_fields(item[1], item[0])
        return payload_fields(item, None)  # type: ignore[arg-type]

    async def _claim(self, kind: str, data: dict[str, Any]) -> dict[str, Any]:
        """Move an oversized string to the blob store; returns a copy, never the model's."""
        spec = oversized(kind, data, self.cfg.blob_threshold_bytes)
        if spec is None:
            return data
        data = dict(data)
        await asyncio.to_thread(move_to_blob, self.blobs, data, spec)  # type: ignore[arg-type]
        return data

    async def finalize(
        self,
        trace_id: str,
        final_state: FinalState | None = None,
    ) -> TraceFinalize:
        """Send the finalize marker after all of the trace's events; ``seq_last`` is filled."""
        self._check_open()
        if trace_id not in self._seq:
            raise SdkError(f"trace {trace_id} was not opened or resumed by this client")
        fin = TraceFinalize(
            trace_id=trace_id, seq_last=self._seq[trace_id], final_state=final_state or FinalState()
        )
        self._append_record(Kind.finalize, trace_id, encode(fin))
        return fin

    # --- records -----------------------------------------------------------------

    def _check_open(self) -> None:
        if self._closed or not self._sender.started:
            raise SdkError("client is not started or already closed")

    def _append_record(self, kind: Kind, trace_id: str, value: bytes) -> None:
        idx = self._spool.append(kind, trace_id, value)
        if self._sender.live:
            self._batcher.control(trace_id, value, idx)  # after the trace's earlier events


def _check_envelope(
    event_id: str | None, actor: dict[str, Any] | None, context: dict[str, Any] | None
) -> None:
    """The envelope fields a caller passes, against the wire shapes (``schemas.shapes``).

    Payloads are checked by their models; without this, an id or context value out of
    shape (a key pasted as a correlation id) would only be refused by the stream, as a
    dead letter, after the client had accepted it.
    """
    if event_id is not None and (why := SHAPES["uuid"].why_not(event_id)) is not None:
        raise SdkError(f"event_id: {why}")
    try:
        if actor:
            Actor.model_validate(actor)
        if context:
            EventContext.model_validate(context)
    except ValidationError as exc:
        first = exc.errors(include_url=False, include_input=False)[0]
        where = ".".join(str(p) for p in first["loc"])
        raise SdkError(f"event envelope out of shape: {where}: {first['msg']}") from None
