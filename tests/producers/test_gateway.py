"""Gateway against the real broker: idempotency, auth isolation, every bad input."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from bench.samples import sample_events
from fixtrace_config import Settings
from producers.gateway import create_app
from producers.gateway.config import GatewayConfig
from schemas.models import EventBatch, TraceFinalize, TraceOpened
from sinks.blobs import open_blob_store
from tests.producers.helpers import events_of, read_topic

FLEET = "fleet-token-1"
ADMIN = "admin-token-1"
OPEN_BODY = {
    "repo": {"repo_id": "acme/x", "commit_base": "a" * 40},
    "developer": {"developer_id": "dev-1"},
}


class _Store:
    """Stands in for the ClickHouse store: knows one trace."""

    def __init__(self) -> None:
        self.known: dict[str, Any] = {}

    def assemble(self, trace_id: str, *, metadata_only: bool = False) -> Any:
        return self.known.get(trace_id)


@pytest.fixture()
async def gw(unique_topics: Settings, tmp_path: Path) -> AsyncIterator[dict[str, Any]]:
    settings = unique_topics.model_copy(
        update={
            "fleet_tokens": [FLEET],
            "admin_tokens": [ADMIN],
            "data_dir": tmp_path,
            "inline_limit_bytes": 1000,
        }
    )
    store = _Store()
    blobs = open_blob_store((tmp_path / "blobs").as_uri())
    app = create_app(
        settings,
        GatewayConfig(secret=b"s" * 32, max_body_bytes=64 * 1024),
        blob_store=blobs,
        store_factory=lambda: store,
    )
    async with app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://gw") as client:
            yield {"client": client, "settings": settings, "store": store, "blobs": blobs}


async def _open(client: httpx.AsyncClient) -> tuple[str, dict[str, str]]:
    r = await client.post("/traces", json=OPEN_BODY, headers={"Authorization": f"Bearer {FLEET}"})
    assert r.status_code == 201, r.text
    body = r.json()
    return body["trace_id"], {"Authorization": f"Bearer {body['ingest_key']}"}


def _events(n: int, start: int = 1, seed: int = 0) -> list[dict[str, Any]]:
    return [e.model_dump(mode="json") for e in sample_events(n, seed=seed, start_seq=start)]


async def _topic(settings: Settings, **kw: Any) -> list[Any]:
    return await read_topic(settings.kafka_bootstrap, settings.topic_raw, idle_ms=800, **kw)


async def test_idempotent_resend_and_finalize(gw: dict[str, Any]) -> None:
    client = gw["client"]
    tid, auth = await _open(client)
    batch = {"events": _events(100)}
    first = await client.post(f"/traces/{tid}/events", json=batch, headers=auth)
    again = await client.post(f"/traces/{tid}/events", json=batch, headers=auth)
    assert first.json() == {"accepted": 100, "duplicates": 0, "last_seq": 100, "blobs_moved": 0}
    assert again.json()["accepted"] == 0 and again.json()["duplicates"] == 100
    # overlapping resend: 50 old + 50 new -> only the new ones published
    overlap = {"events": _events(100)[50:] + _events(50, start=101, seed=1)}
    r = await client.post(f"/traces/{tid}/events", json=overlap, headers=auth)
    assert r.json()["accepted"] == 50 and r.json()["duplicates"] == 50
    fin = {"seq_last": 150, "final_state": {"commit_head": "b" * 40}}
    assert (await client.post(f"/traces/{tid}/finalize", json=fin, headers=auth)).status_code == 200
    again = await client.post(f"/traces/{tid}/finalize", json=fin, headers=auth)
    assert again.json()["already_finalized"] is True
    late = await client.post(
        f"/traces/{tid}/events", json={"events": _events(1, start=151)}, headers=auth
    )
    assert late.status_code == 409 and late.json()["error"]["code"] == "trace_finalized"
    records = await _topic(gw["settings"])
    assert isinstance(records[0], TraceOpened)
    assert [type(r) for r in records].count(TraceFinalize) == 1
    seqs = [e.seq for e in events_of(records)]
    assert seqs == list(range(1, 151))  # each event exactly once


async def test_inline_large_string_moved_to_blob(gw: dict[str, Any]) -> None:
    client = gw["client"]
    tid, auth = await _open(client)
    ev = {
        "event_id": str(uuid.uuid4()),
        "seq": 1,
        "ts_ms": 1,
        "type": "terminal_output",
        "payload": {"stream": "stdout", "chunk_text": "y" * 5000},
    }
    r = await client.post(f"/traces/{tid}/events", json={"events": [ev]}, headers=auth)
    assert r.json()["blobs_moved"] == 1
    blob = await client.post(
        f"/traces/{tid}/blobs", content=b"hello", headers={**auth, "Content-Type": "text/plain"}
    )
    assert blob.status_code == 201 and blob.json()["blob_id"].startswith("sha256:")
    (event,) = events_of(await _topic(gw["settings"], until_events=1))
    assert event.payload.chunk_text is None
    assert gw["blobs"].get(event.payload.chunk_blob_id) == b"y" * 5000


async def test_auth_isolation(gw: dict[str, Any]) -> None:
    client = gw["client"]
    tid_a, auth_a = await _open(client)
    tid_b, _auth_b = await _open(client)
    body = {"events": _events(3)}
    cases = [
        (f"/traces/{tid_b}/events", auth_a, 403, "ingest_key_mismatch"),
        (f"/traces/{tid_b}/events", {}, 401, "missing_credentials"),
        (
            f"/traces/{tid_b}/events",
            {"Authorization": f"Bearer {FLEET}"},
            403,
            "ingest_key_mismatch",
        ),
        (
            f"/traces/{tid_b}/events",
            {"Authorization": "Basic abc"},
            401,
            "bad_authorization_header",
        ),
        (f"/traces/{tid_b}/finalize", auth_a, 403, "ingest_key_mismatch"),
        (f"/traces/{tid_b}/blobs", auth_a, 403, "ingest_key_mismatch"),
    ]
    for url, headers, status, code in cases:
        payload = {"seq_last": 0} if url.endswith("finalize") else body
        r = await client.post(url, json=payload, headers=headers)
        assert (r.status_code, r.json()["error"]["code"]) == (status, code), url
    for headers, code in [
        ({}, "missing_credentials"),
        ({"Authorization": "Bearer nope"}, "invalid_fleet_token"),
        ({"Authorization": auth_a["Authorization"]}, "invalid_fleet_token"),
    ]:
        r = await client.post("/traces", json=OPEN_BODY, headers=headers)
        assert (r.status_code, r.json()["error"]["code"]) == (401, code)
    get_b = await client.get(f"/traces/{tid_b}", headers=auth_a)
    assert get_b.status_code == 403
    records = await _topic(gw["settings"])
    assert [type(r) for r in records] == [TraceOpened, TraceOpened]  # nothing else written


def _ev(**over: Any) -> dict[str, Any]:
    base = {
        "event_id": str(uuid.uuid4()),
        "seq": 1,
        "ts_ms": 5,
        "type": "thought",
        "payload": {"kind": "plan", "content_text": "x"},
    }
    return {**base, **over}


async def test_bad_input_is_rejected_and_nothing_written(gw: dict[str, Any]) -> None:
    client = gw["client"]
    tid, auth = await _open(client)
    url = f"/traces/{tid}/events"
    json_hdr = {**auth, "Content-Type": "application/json"}
    no_type = _ev()
    del no_type["type"]
    cases: list[tuple[Any, int, str]] = [
        (b"{not json", 400, "malformed_json"),
        (b"[]", 422, "invalid_field"),
        ({"events": []}, 422, "invalid_field"),
        ({"events": [_ev(seq="one")]}, 422, "invalid_field"),
        ({"events": [_ev(seq=0)]}, 422, "invalid_field"),
        ({"events": [_ev(type="keystroke")]}, 422, "unknown_event_type"),
        ({"events": [no_type]}, 422, "missing_field"),
        ({"events": [_ev(payload={"content_text": "no kind"})]}, 422, "missing_field"),
        ({"events": [_ev(payload={"kind": "guess"})]}, 422, "invalid_payload"),
        ({"events": [_ev(payload={"kind": "plan", "extra": 1})]}, 422, "invalid_payload"),
        ({"events": [_ev(seq=2), _ev(seq=2)]}, 422, "seq_not_increasing"),
        ({"events": [_ev(seq=3), _ev(seq=1)]}, 422, "seq_not_increasing"),
        ({"events": [_ev(), _ev(seq=5)], "more": 1}, 422, "invalid_field"),
        (
            {"events": [_ev(payload={"kind": "plan", "content_text": "z" * 70_000})]},
            413,
            "body_too_large",
        ),
    ]
    for body, status, code in cases:
        kw = {"content": body} if isinstance(body, bytes) else {"json": body}
        r = await client.post(url, headers=json_hdr, **kw)
        assert r.status_code == status, (body if isinstance(body, bytes) else code, r.text)
        err = r.json()["error"]
        assert err["code"] == code and err["message"], r.text
    r = await client.post(
        url, headers={**json_hdr, "Transfer-Encoding": "chunked"}, content=_chunks(70_000)
    )
    assert r.status_code == 413 and r.json()["error"]["code"] == "body_too_large"
    details = (await client.post(url, json={"events": [_ev(seq="one")]}, headers=auth)).json()
    assert details["error"]["details"][0]["loc"] == "events.0.seq"
    # seq regression across batches, event id reused with another seq
    ok = _ev(seq=10)
    assert (await client.post(url, json={"events": [ok]}, headers=auth)).status_code == 200
    r = await client.post(url, json={"events": [_ev(seq=4)]}, headers=auth)
    assert r.status_code == 409 and r.json()["error"]["code"] == "seq_conflict"
    r = await client.post(url, json={"events": [{**ok, "seq": 11}]}, headers=auth)
    assert r.status_code == 409 and r.json()["error"]["code"] == "event_id_conflict"
    r = await client.post(f"/traces/{tid}/finalize", json={"seq_last": 3}, headers=auth)
    assert r.status_code == 409 and r.json()["error"]["code"] == "seq_last_too_small"
    # unknown trace
    r = await client.get(f"/traces/{uuid.uuid4()}", headers={"Authorization": f"Bearer {ADMIN}"})
    assert r.status_code == 404 and r.json()["error"]["code"] == "unknown_trace"
    records = await _topic(gw["settings"])
    assert [type(r) for r in records] == [TraceOpened, EventBatch]
    assert [e.event_id for e in events_of(records)] == [ok["event_id"]]


async def _chunks(n: int) -> AsyncIterator[bytes]:
    for _ in range(n // 1000):
        yield b" " * 1000


async def test_get_trace_and_openapi(gw: dict[str, Any]) -> None:
    from bench.samples import sample_opened

    client = gw["client"]
    tid, auth = await _open(client)
    opened = sample_opened(trace_id=tid)
    from schemas.document import TraceDocument

    gw["store"].known[tid] = TraceDocument(
        trace_id=tid, created_at_ms=1, repo=opened.repo, developer=opened.developer
    )
    r = await client.get(f"/traces/{tid}?metadata_only=true", headers=auth)
    assert r.status_code == 200 and r.json()["trace_id"] == tid
    spec = (await client.get("/openapi.json")).json()
    assert "/traces/{trace_id}/events" in spec["paths"]
