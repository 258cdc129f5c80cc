"""``fixtrace demo``: play a real bug-fix session into a running stack and report its QA.

The demo is an ordinary HTTP capture client: it opens a trace at the gateway, sends the
session's events, uploads the final diff as a blob, finalizes, and then polls
``GET /traces/{id}`` until the QA worker has written ``final_trace.json``.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import httpx
from pydantic import BaseModel
from rich.console import Console

from fixtrace.demo.session import BUG_REPORT, record_session


class DemoError(RuntimeError):
    """The demo could not complete; the message says which step and why."""


class DemoSummary(BaseModel):
    """What the demo prints at the end, also available as JSON.

    Every field is read from the trace as stored (``GET /traces/{id}``: ClickHouse rows and
    the QA results written back), never from what the demo itself ran, so the summary cannot
    disagree with ``fixtrace traces show --json`` or the web UI.
    """

    trace_id: str
    events_sent: int
    status: str | None
    schema_valid: bool | None = None
    schema_problems: list[str] = []
    recorded_tests: list[str] = []
    """The outcome of each test run the session recorded, in order (``failed (exit 1)``…)."""
    recorded_counts: list[str] = []
    """``1 of 2 failed`` per recorded test run that carries the runner's counts."""
    tests_before: str
    tests_after: str
    fail_to_pass: list[str]
    final_passed: bool | None
    sandbox_backend: str | None
    mre_verdict: str | None
    mre_mode: str | None
    judge_mode: str | None
    judge_model: str | None
    judge_overall: float | None
    judge_scores: dict[str, float]
    qa_flags: list[str]
    final_trace_blob_id: str | None
    final_trace_uri: str | None
    trace_url: str | None = None  # the trace's page in the stack's web UI


def _check(response: httpx.Response, step: str) -> dict[str, Any]:
    if response.status_code >= 400:
        raise DemoError(f"{step}: HTTP {response.status_code}: {response.text[:500]}")
    return response.json()


def test_python() -> Path:
    """An interpreter with pytest for the sample's tests: the QA sandbox's cached pytest env.

    Why not fixtrace's own interpreter: the README installs fixtrace without ``[dev]``, so it
    has no pytest, and the recorded session would fail for that reason alone. Why this env:
    it is the one the QA worker builds for a ``python -m pytest`` trace (same builder, same
    requirements, same cache key), so the session and the sandbox re-run use the same pytest
    and the env is built once (pip, ~2 s with network) for both.
    """
    from qa_agents.sandbox.models import SandboxError
    from qa_agents.sandbox.pyenv import build_env

    try:
        return build_env(["pytest"]).python
    except SandboxError as exc:
        first = str(exc).strip().splitlines()[0]
        raise DemoError(f"cannot prepare pytest for the sample's tests: {first}") from exc


def send_session(
    client: httpx.Client, fleet_token: str, workdir: Path, python: Path
) -> tuple[str, int, str]:
    """Record the session and send it; returns (trace_id, events sent, ingest key)."""
    session, diff = record_session(workdir, python)
    opened = _check(
        client.post(
            "/traces",
            headers={"Authorization": f"Bearer {fleet_token}"},
            json={
                "repo": {
                    "repo_id": "fixtrace-demo/httpparse",
                    "remote_url": str(session.repo),
                    "default_branch": "main",
                    "commit_base": session.commit_base,
                },
                "task": {"task_id": "demo-1", "bug_report": BUG_REPORT, "labels": ["demo"]},
                "developer": {
                    "developer_id": "demo-developer",
                    "experience_level": "senior",
                    "consent_flags": {
                        "store_raw_code": True,
                        "store_terminal_output": True,
                        "allow_llm_judge": True,
                    },
                },
                "environment": {"os": "linux", "language": ["python"], "ide": {"name": "demo"}},
                "ingestion": {"mode": "batch"},
            },
        ),
        "open trace",
    )
    trace_id, key = opened["trace_id"], opened["ingest_key"]
    auth = {"Authorization": f"Bearer {key}"}
    _check(client.post(f"/traces/{trace_id}/events", headers=auth, json={"events": session.events}),
           "send events")  # fmt: skip
    blob = _check(
        client.post(
            f"/traces/{trace_id}/blobs",
            headers={**auth, "Content-Type": "text/x-diff"},
            content=diff.encode(),
        ),
        "upload final diff",
    )
    commit = next(e for e in session.events if e["type"] == "commit")["payload"]
    _check(
        client.post(
            f"/traces/{trace_id}/finalize",
            headers=auth,
            json={
                "seq_last": len(session.events),
                "final_state": {
                    "commit_head": commit["sha"],
                    "pr": {
                        "title": commit["message"],
                        "description": "Fall back to the RFC 9110 default media type.",
                        "diff_blob_id": blob["blob_id"],
                    },
                },
            },
        ),
        "finalize",
    )
    return trace_id, len(session.events), key


def wait_for_qa(
    client: httpx.Client, trace_id: str, key: str, timeout_s: float, console: Console
) -> dict[str, Any]:
    """Poll the trace until its final_trace.json exists; show where it is meanwhile."""
    auth = {"Authorization": f"Bearer {key}"}
    deadline = time.monotonic() + timeout_s
    with console.status("waiting for the stream worker to store the trace…") as status:
        while time.monotonic() < deadline:
            response = client.get(f"/traces/{trace_id}", params={"metadata_only": "true"},
                                  headers=auth)  # fmt: skip
            if response.status_code == 200:
                doc = response.json()
                if doc.get("final_state", {}).get("final_trace_blob_id"):
                    return _check(client.get(f"/traces/{trace_id}", headers=auth), "fetch trace")
                stage = doc.get("status") or "stored"
                qa = doc.get("qa") or {}
                done = [k for k in ("schema_valid", "tests", "judge") if qa.get(k) is not None]
                status.update(f"trace {stage}; QA stages done: {', '.join(done) or 'none yet'}…")
            elif response.status_code != 404:
                _check(response, "poll trace")
            time.sleep(0.5)
    raise DemoError(f"QA did not finish within {timeout_s:.0f} s (trace {trace_id})")


def _phase_result(tests: dict[str, Any], phase: str) -> str:
    for inv in tests.get("invocations") or []:
        if inv.get("phase") == phase:
            if inv.get("timed_out"):
                return "timed out"
            return "passed" if inv.get("passed") else f"failed (exit {inv.get('exit_code')})"
    return "not run"


def _recorded_tests(doc: dict[str, Any]) -> list[str]:
    """The outcome of each stored ``test_run`` event, in seq order."""
    out = []
    for event in doc.get("events") or []:
        if event.get("type") == "test_run":
            payload = event.get("payload") or {}
            code = payload.get("exit_code")
            out.append("passed" if payload.get("passed") else f"failed (exit {code})")
    return out


def _recorded_counts(doc: dict[str, Any]) -> list[str]:
    out = []
    for event in doc.get("events") or []:
        payload = event.get("payload") or {}
        if event.get("type") == "test_run" and payload.get("tests_total") is not None:
            out.append(f"{payload.get('tests_failed') or 0} of {payload['tests_total']} failed")
    return out


def summarize(doc: dict[str, Any], events_sent: int, blob_uri: str | None) -> DemoSummary:
    """The summary the user sees, read from the stored trace document and its QA results."""
    qa = doc.get("qa") or {}
    tests = qa.get("tests") or {}
    judge = qa.get("judge") or {}
    mre = qa.get("mre") or {}
    final_id = (doc.get("final_state") or {}).get("final_trace_blob_id")
    return DemoSummary(
        trace_id=doc["trace_id"],
        events_sent=events_sent,
        status=doc.get("status"),
        schema_valid=qa.get("schema_valid"),
        schema_problems=qa.get("schema_problems") or [],
        recorded_tests=_recorded_tests(doc),
        recorded_counts=_recorded_counts(doc),
        tests_before=_phase_result(tests, "before"),
        tests_after=_phase_result(tests, "after"),
        fail_to_pass=tests.get("fail_to_pass") or [],
        final_passed=tests.get("final_passed"),
        sandbox_backend=tests.get("sandbox_backend"),
        mre_verdict=mre.get("verdict"),
        mre_mode=mre.get("mode"),
        judge_mode=judge.get("mode"),
        judge_model=judge.get("model"),
        judge_overall=judge.get("overall"),
        judge_scores=judge.get("scores") or {},
        qa_flags=qa.get("flags") or [],
        final_trace_blob_id=final_id,
        final_trace_uri=blob_uri,
    )
