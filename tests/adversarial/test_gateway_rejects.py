"""The gateway refuses what it used to accept and store (issue 28): events, blobs and
finalize markers for a trace nobody opened (with an ingest key computed for it, as anyone
holding the gateway secret could), and JSON routes called without a JSON content type."""

from __future__ import annotations

import json
import uuid
from pathlib import Path

import pytest

from fixtrace_config import Settings
from producers.gateway.auth import ingest_key
from tests.adversarial.gateway import Credentials, LiveGateway, gateway_settings
from tests.ids import test_id

EVENT = {"event_id": test_id("e1"), "seq": 1, "ts_ms": 1, "type": "thought",
         "payload": {"kind": "plan", "content_text": "look at the parser"}}  # fmt: skip


@pytest.fixture(scope="module")
def gateway(settings: Settings, tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    creds = Credentials()
    gw_settings = gateway_settings(settings, tmp_path_factory.mktemp("rejects"), creds)
    with LiveGateway(gw_settings) as live:
        yield live, creds


def test_writes_to_a_trace_nobody_opened_are_404(gateway, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    live, creds = gateway
    trace_id = str(uuid.uuid4())  # a well-formed id nobody opened
    auth = {"Authorization": f"Bearer {ingest_key(creds.gateway_secret.encode(), trace_id)}"}
    with live.client() as client:
        for path, kwargs in [
            (f"/traces/{trace_id}/events", {"json": {"events": [EVENT]}}),
            (f"/traces/{trace_id}/blobs", {"content": b"a blob"}),
            (f"/traces/{trace_id}/finalize", {"json": {"seq_last": 1}}),
        ]:
            r = client.post(path, headers=auth, **kwargs)
            assert r.status_code == 404, (path, r.text)
            assert r.json()["error"]["code"] == "unknown_trace"
        # The control: an opened trace takes the same event.
        opened, key = live.open_trace(client, creds.fleet)
        r = client.post(f"/traces/{opened}/events", json={"events": [EVENT]},
                        headers={"Authorization": f"Bearer {key}"})  # fmt: skip
        assert r.status_code == 200 and r.json()["accepted"] == 1


@pytest.mark.parametrize("content_type", [None, "text/plain", "application/x-www-form-urlencoded"])
def test_json_routes_refuse_a_body_that_is_not_declared_json(gateway, content_type) -> None:  # type: ignore[no-untyped-def]
    live, creds = gateway
    with live.client() as client:
        trace_id, key = live.open_trace(client, creds.fleet)
        ingest = {"Authorization": f"Bearer {key}"}
        fleet = {"Authorization": f"Bearer {creds.fleet}"}
        open_body = {"repo": {"repo_id": "acme/x", "commit_base": "a" * 40},
                     "developer": {"developer_id": "d"}}  # fmt: skip
        for path, headers, body in [
            ("/traces", fleet, open_body),
            (f"/traces/{trace_id}/events", ingest, {"events": [EVENT]}),
            (f"/traces/{trace_id}/finalize", ingest, {"seq_last": 1}),
        ]:
            sent = dict(headers)
            if content_type is not None:
                sent["Content-Type"] = content_type
            r = client.post(path, headers=sent, content=json.dumps(body).encode())
            assert r.status_code == 415, (path, content_type, r.text)
            assert r.json()["error"]["code"] == "unsupported_media_type"
