"""FastAPI application: create traces, append events, upload blobs, finalize, read.

Every write answers only after Kafka acknowledged it (acks=all). Bad input is rejected
before anything is published, with the error shape of ``producers.gateway.errors``.

Scaling: serve one uvicorn worker per gateway process (``fixtrace gateway`` does). The
per-trace memory (resent event ids, the last accepted seq, the finalized flag) lives in
the process, so several workers or replicas need trace affinity (route on the trace id in
the path). Without it a resent batch can reach the topic twice (the stream's dedupe by
``event_id`` removes the copy) and seq/finalize conflicts across processes go unnoticed
here. On 2 cores one worker measured faster than two (``bench/gateway_bench.py``).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

from fastapi import Depends, FastAPI, Query, Request
from fastapi.responses import JSONResponse

from fixtrace_config import Settings
from producers.blob_upload import BlobStore, move_to_blob, oversized
from producers.gateway import errors
from producers.gateway.auth import ingest_key, require_fleet, require_ingest
from producers.gateway.config import GatewayConfig, load_secret
from producers.gateway.errors import ApiError, ErrorResponse
from producers.gateway.limits import BodyLimit
from producers.gateway.memory import Memories
from producers.gateway.models import (
    BlobOut,
    CreateTraceIn,
    CreateTraceOut,
    EventsIn,
    EventsOut,
    FinalizeIn,
    FinalizeOut,
)
from producers.gateway.publisher import Publisher
from producers.gateway.validation import validate_events
from schemas.codec import CodecError, encode
from schemas.models import TraceFinalize, TraceOpened
from schemas.shapes import SHAPES

_ERRORS: dict[int | str, dict[str, Any]] = {
    code: {"model": ErrorResponse} for code in (400, 401, 403, 404, 409, 413, 415, 422, 503)
}


class Gateway:
    """The gateway's state: publisher, blob store, store, memories, secret."""

    def __init__(
        self,
        settings: Settings,
        config: GatewayConfig,
        blob_store: BlobStore | None,
        store_factory: Callable[[], Any] | None,
    ) -> None:
        self.settings, self.config = settings, config
        self.secret = config.secret.get_secret_value()
        self.blobs = blob_store
        self._store_factory = store_factory
        self._store: Any = None
        self.memories = Memories(config.remembered_traces)
        self.publisher = Publisher(
            settings.kafka_bootstrap,
            settings.topic_raw,
            request_timeout_ms=config.request_timeout_ms,
            record_max_bytes=config.record_max_bytes,
        )

    def store(self) -> Any:
        if self._store is None:
            if self._store_factory is None:
                raise ApiError(503, "store_unavailable", "no trace store is configured")
            try:
                self._store = self._store_factory()
            except Exception as exc:  # noqa: BLE001 - any backend failure is a 503
                raise ApiError(503, "store_unavailable", f"trace store: {exc}") from exc
        return self._store


def _encode_wire(record: TraceOpened | TraceFinalize) -> bytes:
    """The record's Avro bytes; a value its schema cannot carry is the client's 422."""
    try:
        return encode(record)
    except CodecError as exc:
        raise ApiError(
            422,
            "invalid_field",
            "a value does not fit its wire schema",
            {"reason": str(exc)[:200]},
        ) from None


def _check_trace_id(trace_id: str) -> None:
    if SHAPES["uuid"].why_not(trace_id) is not None:
        raise ApiError(404, "unknown_trace", "not a trace id", {"trace_id": trace_id[:140]})


JSON_TYPES = ("application/json",)


async def require_json(request: Request) -> None:
    """Bodies of the JSON routes must say they are JSON: a form post, a text body or a body
    with no content type is refused before it is parsed (415)."""
    given = request.headers.get("content-type", "")
    media = given.split(";", 1)[0].strip().lower()
    if media not in JSON_TYPES and not media.endswith("+json"):
        raise ApiError(
            415, "unsupported_media_type", "the body must be JSON (Content-Type: application/json)",
            {"content_type": given[:100] or None},
        )  # fmt: skip


def _default_store_factory(settings: Settings) -> Callable[[], Any]:
    def make() -> Any:
        from sinks.clickhouse.store import ClickHouseStore

        return ClickHouseStore.open(settings.resolved_clickhouse_dsn)

    return make


def create_app(
    settings: Settings,
    config: GatewayConfig | None = None,
    *,
    blob_store: BlobStore | None = None,
    store_factory: Callable[[], Any] | None = None,
) -> FastAPI:
    """Build the app. ``blob_store``/``store_factory`` default to the settings' backends."""
    if config is None:
        config = GatewayConfig(secret=load_secret(settings.data_dir, settings.gateway_secret))
    if blob_store is None:
        from producers.blob_upload import open_blob_store

        blob_store = open_blob_store(settings)
    gw = Gateway(settings, config, blob_store, store_factory or _default_store_factory(settings))

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        await gw.publisher.start()
        try:
            yield
        finally:
            await gw.publisher.stop()

    app = FastAPI(
        title="fixtrace ingestion gateway", version="0.1.0", lifespan=lifespan, responses=_ERRORS
    )
    app.state.gateway = gw
    errors.install(app)
    app.add_middleware(BodyLimit, default=config.max_body_bytes, blobs=config.max_blob_bytes)

    json_only = [Depends(require_json)]

    @app.post("/traces", status_code=201, response_model=CreateTraceOut, dependencies=json_only)
    async def create_trace(body: CreateTraceIn, request: Request) -> CreateTraceOut:
        """Open a trace (fleet token). Returns its id and its ingest key."""
        require_fleet(request, settings.fleet_tokens)
        opened = TraceOpened(**body.model_dump())
        await gw.publisher.publish(opened.trace_id, [_encode_wire(opened)])
        gw.memories.get(opened.trace_id).known = True
        return CreateTraceOut(
            trace_id=opened.trace_id,
            ingest_key=ingest_key(gw.secret, opened.trace_id),
            created_at_ms=opened.created_at_ms,
        )

    def _auth_write(request: Request, trace_id: str) -> None:
        require_ingest(request, gw.secret, trace_id)
        _check_trace_id(trace_id)

    async def _require_opened(trace_id: str) -> None:
        """Writes go to opened traces only: one opened through this process, else one the
        store has. A valid ingest key for a trace nobody opened is a 404, not stored events
        that belong to nothing."""
        mem = gw.memories.get(trace_id)
        if mem.known:
            return
        store = gw.store()  # 503 when there is none to ask
        try:
            rows = await asyncio.to_thread(store.trace_rows, [trace_id])
        except Exception as exc:  # noqa: BLE001 - any backend failure is a 503
            raise ApiError(503, "store_unavailable", f"trace store: {exc}"[:300]) from exc
        if trace_id not in rows:
            raise ApiError(
                404, "unknown_trace", "no trace was opened with this id (POST /traces first)",
                {"trace_id": trace_id},
            )  # fmt: skip
        mem.known = True

    events_body = {
        "requestBody": {
            "required": True,
            "content": {"application/json": {"schema": EventsIn.model_json_schema()}},
        }
    }

    @app.post(
        "/traces/{trace_id}/events", response_model=EventsOut, openapi_extra=events_body,
        dependencies=json_only,
    )  # fmt: skip
    async def append_events(trace_id: str, request: Request) -> EventsOut:
        """Append a batch (ingest key). Seqs strictly increase; resent event ids are no-ops."""
        _auth_write(request, trace_id)
        await _require_opened(trace_id)
        events = validate_events(await request.body())
        if len(events) > config.max_events_per_request:
            raise ApiError(
                413,
                "too_many_events",
                f"at most {config.max_events_per_request} events per request",
                {"count": len(events)},
            )
        mem = gw.memories.get(trace_id)
        async with mem.lock:
            if mem.finalized_seq_last is not None:
                raise ApiError(
                    409,
                    "trace_finalized",
                    "the trace is already finalized",
                    {"seq_last": mem.finalized_seq_last},
                )
            # An event's identity is its encoded content: a resend must be the same bytes.
            bodies = gw.publisher.encode_events(events)
            new: list[tuple[dict[str, Any], bytes, int]] = []
            dups = 0
            for ev, body in zip(events, bodies, strict=True):
                digest = hash(body)
                seen = mem.event_ids.get(ev["event_id"])
                if seen is None:
                    new.append((ev, body, digest))
                elif seen == (ev["seq"], digest):
                    dups += 1
                else:
                    raise ApiError(
                        409,
                        "event_id_conflict",
                        "event id was accepted earlier with another seq or content",
                        {"event_id": ev["event_id"], "seq": ev["seq"], "accepted_seq": seen[0]},
                    )
            if new and new[0][0]["seq"] <= mem.last_seq:
                raise ApiError(
                    409,
                    "seq_conflict",
                    "new events must continue after the last accepted seq",
                    {"first_new_seq": new[0][0]["seq"], "last_seq": mem.last_seq},
                )
            moved = await _claim_check(gw, new)
            if new:
                records = gw.publisher.batch_records(trace_id, [b for _, b, _ in new])
                await gw.publisher.publish(trace_id, records)
                mem.remember(
                    [(e["event_id"], e["seq"], d) for e, _, d in new], config.remembered_event_ids
                )
            return EventsOut(
                accepted=len(new), duplicates=dups, last_seq=mem.last_seq, blobs_moved=moved
            )

    blob_body = {
        "requestBody": {
            "required": True,
            "content": {
                "application/octet-stream": {"schema": {"type": "string", "format": "binary"}}
            },
        }
    }

    @app.post(
        "/traces/{trace_id}/blobs", status_code=201, response_model=BlobOut, openapi_extra=blob_body
    )
    async def upload_blob(trace_id: str, request: Request) -> BlobOut:
        """Store the raw body as a content-addressed blob (ingest key)."""
        _auth_write(request, trace_id)
        await _require_opened(trace_id)
        if gw.blobs is None:
            raise ApiError(503, "blob_store_unavailable", "no blob store is configured")
        data = await request.body()
        if not data:
            raise ApiError(422, "empty_blob", "the request body is empty")
        content_type = request.headers.get("content-type", "application/octet-stream")
        ref = await asyncio.to_thread(gw.blobs.put, data, content_type=content_type)
        return BlobOut(blob_id=ref.blob_id, byte_length=len(data), content_type=content_type)

    @app.post("/traces/{trace_id}/finalize", response_model=FinalizeOut, dependencies=json_only)
    async def finalize(trace_id: str, body: FinalizeIn, request: Request) -> FinalizeOut:
        """Publish the finalize marker (ingest key); repeating the same one is a no-op."""
        _auth_write(request, trace_id)
        await _require_opened(trace_id)
        mem = gw.memories.get(trace_id)
        async with mem.lock:
            if mem.finalized_seq_last is not None:
                if mem.finalized_seq_last != body.seq_last:
                    raise ApiError(
                        409,
                        "trace_finalized",
                        "finalized with another seq_last",
                        {"seq_last": mem.finalized_seq_last},
                    )
                return FinalizeOut(
                    trace_id=trace_id,
                    seq_last=body.seq_last,
                    finalized_at_ms=0,
                    already_finalized=True,
                )
            if body.seq_last < mem.last_seq:
                raise ApiError(
                    409,
                    "seq_last_too_small",
                    "seq_last is below an accepted event's seq",
                    {"seq_last": body.seq_last, "last_seq": mem.last_seq},
                )
            fin = TraceFinalize(
                trace_id=trace_id, seq_last=body.seq_last, final_state=body.final_state
            )
            await gw.publisher.publish(trace_id, [_encode_wire(fin)])
            mem.finalized_seq_last = body.seq_last
            return FinalizeOut(
                trace_id=trace_id, seq_last=fin.seq_last, finalized_at_ms=fin.finalized_at_ms
            )

    @app.get("/healthz", include_in_schema=False)
    async def healthz() -> dict[str, str]:
        """Liveness for orchestrators (compose health checks): the app answers."""
        return {"status": "ok"}

    @app.get("/traces/{trace_id}")
    async def get_trace(
        trace_id: str, request: Request, metadata_only: bool = Query(False)
    ) -> JSONResponse:
        """The assembled trace from storage (its ingest key, or an admin token).

        Fleet tokens do not read traces: every capture client holds one, and reading any
        developer's trace is an operator's privilege."""
        require_ingest(request, gw.secret, trace_id, settings.admin_tokens)
        _check_trace_id(trace_id)
        store = gw.store()
        doc = await asyncio.to_thread(store.assemble, trace_id, metadata_only=metadata_only)
        if doc is None:
            raise ApiError(
                404, "unknown_trace", "no stored trace has this id", {"trace_id": trace_id}
            )
        return JSONResponse(doc.model_dump(mode="json"))

    return app


async def _claim_check(gw: Gateway, new: list[tuple[dict[str, Any], bytes, int]]) -> int:
    """Move inline strings over the limit to the blob store; returns how many moved.

    A moved event is encoded again in place (its blob reference is what is published); its
    digest stays that of the content the client sent, so a resend still matches.
    """
    if gw.blobs is None:
        return 0
    limit = gw.settings.inline_limit_bytes
    moved = 0
    for i, (event, _, digest) in enumerate(new):
        spec = oversized(event["type"], event["payload"], limit)
        if spec is None:
            continue
        await asyncio.to_thread(move_to_blob, gw.blobs, event["payload"], spec)
        new[i] = (event, gw.publisher.encode_events([event])[0], digest)
        moved += 1
    return moved
