"""No secret (gateway secret, fleet and admin tokens, keys, passwords) leaves the process
through responses, logs, ``fixtrace config`` or the OpenAPI page.

The requests below walk every route with good and bad input; every response body and
header, and every log line the process wrote meanwhile (root logger at DEBUG, uvicorn
included), is searched for each secret. A trace's ingest key may appear only in the
response that creates the trace.
"""

from __future__ import annotations

import json

import httpx
from typer.testing import CliRunner

from tests.adversarial.gateway import OPEN_BODY, Credentials, LiveGateway, LogTap
from tests.ids import test_id


def _texts(r: httpx.Response) -> str:
    return r.text + "\n" + "\n".join(f"{k}: {v}" for k, v in r.headers.items())


def test_no_secret_in_responses_logs_or_openapi(
    live: LiveGateway, creds: Credentials, log_tap: LogTap
) -> None:
    seen: list[str] = []
    with live.client() as client:
        tid, key = live.open_trace(client, creds.fleet)
        ok = {"Authorization": f"Bearer {key}"}
        near_miss = {"Authorization": f"Bearer {key[:-1]}x"}
        admin = {"Authorization": f"Bearer {creds.admin}"}
        event = {"event_id": test_id("e1"), "seq": 1, "ts_ms": 1, "type": "thought",
                 "payload": {"kind": "plan", "content_text": "x"}}  # fmt: skip
        calls = [
            ("GET", "/openapi.json", {}),
            ("GET", "/docs", {}),
            ("GET", "/healthz", {}),
            ("POST", "/traces", {"json": OPEN_BODY, "headers": near_miss}),
            ("POST", "/traces", {"json": {"repo": 1}, "headers": {"Authorization": "Bearer x"}}),
            ("POST", f"/traces/{tid}/events", {"json": {"events": [event]}, "headers": ok}),
            ("POST", f"/traces/{tid}/events", {"json": {"events": [event]}, "headers": near_miss}),
            ("POST", f"/traces/{tid}/events", {"content": b"{bad", "headers": ok}),
            ("POST", f"/traces/{tid}/blobs", {"content": b"x", "headers": ok}),
            ("POST", f"/traces/{tid}/finalize", {"json": {"seq_last": 0}, "headers": ok}),
            ("POST", f"/traces/{tid}/finalize", {"json": {"seq_last": 1}, "headers": ok}),
            ("GET", f"/traces/{tid}", {"headers": ok}),
            ("GET", f"/traces/{tid}", {"headers": near_miss}),
            ("POST", "/admin/sql", {"json": {"sql": "SELECT 1"}, "headers": admin}),
            ("POST", "/admin/sql", {"json": {"sql": "SELEC nonsense"}, "headers": admin}),
            ("POST", "/admin/sql", {"json": {"sql": "SHOW SETTINGS LIKE '%'"}, "headers": admin}),
            ("POST", "/admin/sql", {"json": {"sql": "SELECT 1"}, "headers": near_miss}),
        ]
        for method, url, kw in calls:
            seen.append(_texts(client.request(method, url, **kw)))
    logs = "\n".join(log_tap.lines)
    assert "POST /traces" in logs or "/traces" in logs, "the log tap saw the requests"
    for secret in [*creds.all(), key]:
        for i, text in enumerate(seen):
            assert secret not in text, f"secret in the response to {calls[i][:2]}"
        assert secret not in logs, "secret in the logs"


def test_fixtrace_config_hides_every_secret(monkeypatch) -> None:
    from fixtrace.cli import app

    secrets = {
        "FIXTRACE_GATEWAY_SECRET": "gw-secret-value-123",
        "FIXTRACE_FLEET_TOKENS": json.dumps(["fleet-token-value-456"]),
        "FIXTRACE_ADMIN_TOKENS": json.dumps(["admin-token-value-789"]),
        "FIXTRACE_S3_SECRET_KEY": "s3-secret-value-abc",
        "ANTHROPIC_API_KEY": "sk-ant-api03-value-def",
        "FIXTRACE_CLICKHOUSE_DSN": "https://analyst:dsn-password-ghi@ch.example:8443/db",
        "FIXTRACE_BLOB_URL": "s3://bucket",
    }
    for name, value in secrets.items():
        monkeypatch.setenv(name, value)
    runner = CliRunner()
    for args in (["config"], ["config", "--json"]):
        out = runner.invoke(app, args, env={"COLUMNS": "300"})
        assert out.exit_code == 0, out.output
        for name, value in secrets.items():
            hidden = json.loads(value)[0] if value.startswith("[") else value
            if name == "FIXTRACE_CLICKHOUSE_DSN":
                hidden = "dsn-password-ghi"
            if name == "FIXTRACE_BLOB_URL":
                continue
            assert hidden not in out.output, f"{name} shown by fixtrace {' '.join(args)}"
        assert "ch.example" in out.output, "the DSN is shown, its password hidden"
