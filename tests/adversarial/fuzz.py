"""Fuzzing the live gateway from its own OpenAPI document (schemathesis + hypothesis).

Every operation of ``/openapi.json`` gets cases drawn from schemathesis's strategies, half
valid for the schema (positive) and half not (negative). Most cases carry the credential
that route accepts and a real trace id, so they reach validation and storage instead of
stopping at authentication; the rest keep whatever was generated. After every fuzz case a
*neighbour* (one valid event on another trace) is sent, and at the end the raw topic must
hold every neighbour exactly once: bad requests around good ones lose nothing.

Also :func:`hostile_requests`: bodies a generator rarely draws (NUL bytes, lone
surrogates, deep nesting, bodies past the limit, numbers past Avro's long, an event id
resent with other content, appends after finalize), each with the status it must get.
"""

from __future__ import annotations

import json
import random
import uuid
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import httpx
import hypothesis
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis.errors import Unsatisfiable
from schemathesis import GenerationMode

from tests.adversarial.gateway import OPEN_BODY, Credentials, LiveGateway


@dataclass
class FuzzReport:
    """What the fuzz run saw."""

    requests: int = 0
    generated: int = 0
    """Requests schemathesis generated (``requests`` also counts the neighbours)."""
    statuses: Counter[int] = field(default_factory=Counter)
    codes: Counter[str] = field(default_factory=Counter)
    server_errors: list[str] = field(default_factory=list)
    unclear_4xx: list[str] = field(default_factory=list)
    neighbours_sent: int = 0
    neighbours_missing: int = 0
    neighbours_duplicated: int = 0
    operations: list[str] = field(default_factory=list)
    not_generated: list[str] = field(default_factory=list)

    def see(self, what: str, status: int, body: bytes) -> None:
        self.requests += 1
        self.statuses[status] += 1
        if status >= 500:
            self.server_errors.append(f"{what}: {status} {body[:200]!r}")
        elif status >= 400:
            try:
                error = json.loads(body)["error"]
                assert error["code"] and error["message"]
                self.codes[error["code"]] += 1
            except (ValueError, KeyError, TypeError, AssertionError):
                self.unclear_4xx.append(f"{what}: {status} {body[:200]!r}")

    def summary(self) -> dict[str, Any]:
        return {
            "generated": self.generated,
            "requests": self.requests,
            "operations": self.operations,
            "modes_without_cases": self.not_generated,
            "statuses": dict(sorted(self.statuses.items())),
            "responses_5xx": len(self.server_errors),
            "unclear_4xx": len(self.unclear_4xx),
            "error_codes": dict(self.codes.most_common()),
            "neighbours_sent": self.neighbours_sent,
            "neighbours_missing": self.neighbours_missing,
            "neighbours_duplicated": self.neighbours_duplicated,
            "first_5xx": self.server_errors[:5],
            "first_unclear_4xx": self.unclear_4xx[:5],
        }


class Neighbours:
    """One valid event after each fuzz case, on a trace of its own."""

    def __init__(self, live: LiveGateway, client: httpx.Client, creds: Credentials) -> None:
        self.trace_id, key = live.open_trace(client, creds.fleet)
        self.auth = {"Authorization": f"Bearer {key}"}
        self.client = client
        self.sent: list[str] = []

    def send(self, report: FuzzReport) -> None:
        event = {
            "event_id": str(uuid.uuid4()), "seq": len(self.sent) + 1, "ts_ms": 1,
            "type": "thought", "payload": {"kind": "plan", "content_text": "neighbour"},
        }  # fmt: skip
        r = self.client.post(
            f"/traces/{self.trace_id}/events", json={"events": [event]}, headers=self.auth
        )
        report.see("neighbour", r.status_code, r.content)
        if r.status_code == 200:
            self.sent.append(event["event_id"])


def _credentials(live: LiveGateway, creds: Credentials, client: httpx.Client) -> dict[str, Any]:
    trace_id, key = live.open_trace(client, creds.fleet)
    return {
        "trace_id": trace_id,
        "by_path": {
            "/traces": f"Bearer {creds.fleet}",
            "/admin/sql": f"Bearer {creds.admin}",
        },
        "ingest": f"Bearer {key}",
    }


def fuzz(live: LiveGateway, creds: Credentials, total: int, seed: int = 0) -> FuzzReport:
    """Send at least ``total`` generated cases, spread over every operation of the OpenAPI
    document and both generation modes; rounds with new seeds until the total is reached."""
    import requests

    report = FuzzReport()
    rng = random.Random(seed)
    with live.client() as client, requests.Session() as session:
        spec = client.get("/openapi.json").json()
        auth = _credentials(live, creds, client)
        neighbours = Neighbours(live, client, creds)

        def call(case: Any) -> None:
            _aim(case, auth, rng)
            report.generated += 1
            label = case.operation.label
            try:
                response = case.call(base_url=live.url, session=session)
                report.see(label, response.status_code, response.content)
            except Exception as exc:  # a dropped connection is a failure too
                report.server_errors.append(f"{label}: {exc!r}")
                report.requests += 1
            neighbours.send(report)

        pairs = [
            (result.ok(), mode)
            for result in schemathesis.openapi.from_dict(spec).get_all_operations()
            for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE)
        ]
        report.operations = list(dict.fromkeys(op.label for op, _ in pairs))
        round_ = 0
        while report.generated < total and pairs:
            each = -(-(total - report.generated) // len(pairs))
            for operation, mode in list(pairs):
                try:
                    _draw(operation, mode, each, call, seed * 1000 + round_)
                except Unsatisfiable:  # e.g. no invalid value exists for this operation
                    report.not_generated.append(f"{operation.label} ({mode.value})")
                    pairs.remove((operation, mode))
            round_ += 1
        report.neighbours_sent = len(neighbours.sent)
        _check_neighbours(live, neighbours, report)
    return report


def _draw(operation: Any, mode: GenerationMode, count: int, call: Any, seed: int) -> None:
    """Hand ``count`` cases schemathesis draws for ``operation`` in ``mode`` to ``call``
    (reproducible: the same seed draws the same cases)."""

    @hypothesis.seed(seed)
    @given(operation.as_strategy(generation_mode=mode))
    @settings(
        max_examples=count, database=None, deadline=None,
        suppress_health_check=list(HealthCheck),
    )  # fmt: skip
    def run(case: Any) -> None:
        call(case)

    run()


def _aim(case: Any, auth: dict[str, Any], rng: random.Random) -> None:
    """Mostly: the route's own credential and a real trace id; sometimes: as generated."""
    if rng.random() < 0.1:
        return
    if case.path_parameters and "trace_id" in case.path_parameters:
        case.path_parameters["trace_id"] = auth["trace_id"]
    token = auth["by_path"].get(case.path, auth["ingest"])
    case.headers = {**(case.headers or {}), "Authorization": token}


def _check_neighbours(live: LiveGateway, neighbours: Neighbours, report: FuzzReport) -> None:
    from fixtrace.local_services import run_blocking
    from tests.producers.helpers import events_of, read_topic

    s = live.settings
    records = run_blocking(read_topic(s.kafka_bootstrap, s.topic_raw, idle_ms=1500))
    ids = [
        e.event_id
        for r in records
        if getattr(r, "trace_id", None) == neighbours.trace_id
        for e in events_of([r])
    ]
    counts = Counter(ids)
    report.neighbours_missing = sum(1 for e in neighbours.sent if counts[e] == 0)
    report.neighbours_duplicated = sum(1 for e in neighbours.sent if counts[e] > 1)


def _event(seq: int, **over: Any) -> dict[str, Any]:
    base = {
        "event_id": str(uuid.uuid4()), "seq": seq, "ts_ms": 1, "type": "thought",
        "payload": {"kind": "plan", "content_text": "x"},
    }  # fmt: skip
    return {**base, **over}


def hostile_requests(
    live: LiveGateway, creds: Credentials
) -> list[tuple[str, int, int, httpx.Response]]:
    """(what, expected status, got status, response) for each hand-made hostile request."""
    out = []
    with live.client() as client:
        tid, key = live.open_trace(client, creds.fleet)
        ingest = {"Authorization": f"Bearer {key}", "Content-Type": "application/json"}
        fleet = {"Authorization": f"Bearer {creds.fleet}", "Content-Type": "application/json"}
        admin = {"Authorization": f"Bearer {creds.admin}", "Content-Type": "application/json"}
        events = f"/traces/{tid}/events"
        deep = b"[" * 100_000 + b"]" * 100_000
        limit = live.app.state.gateway.config.max_body_bytes
        accepted = _event(10)
        cases: list[tuple[str, str, bytes, dict[str, str], int]] = [
            # Refused since issue 29: a NUL cannot be stored or shown safely downstream.
            ("NUL in a string", events,
             json.dumps({"events": [_event(1, payload={"kind": "plan", "content_text": "a\0b"})]})
             .encode(), ingest, 422),
            ("raw NUL byte", events, b'{"events": [\x00]}', ingest, 400),
            ("lone surrogate (events)", events,
             b'{"events": [{"event_id": "s", "seq": 2, "ts_ms": 1, "type": "thought", '
             b'"payload": {"kind": "plan", "content_text": "a\\ud800b"}}]}', ingest, 400),
            ("lone surrogate (open)", "/traces",
             json.dumps({**OPEN_BODY, "developer": {"developer_id": "d\ud800"}}).encode(),
             fleet, 422),
            ("lone surrogate (admin sql)", "/admin/sql", b'{"sql": "SELECT \'\\udc00\'"}', admin,
             422),
            ("invalid UTF-8", events, b'{"events": [{"event_id": "\xff\xfe"}]}', ingest, 400),
            ("deep nesting (events)", events, b'{"events": ' + deep + b"}", ingest, 400),
            ("deep nesting (open)", "/traces", b'{"repo": ' + deep + b"}", fleet, 400),
            ("deep nesting (admin sql)", "/admin/sql", b'{"sql": ' + deep + b"}", admin, 400),
            ("body past the limit", events, b" " * (limit + 1), ingest, 413),
            ("seq past Avro long", events, json.dumps({"events": [_event(2**63)]}).encode(),
             ingest, 422),
            ("ts_ms past Avro long", events,
             json.dumps({"events": [_event(3, ts_ms=2**64)]}).encode(), ingest, 422),
            ("seq_last past Avro long", f"/traces/{tid}/finalize",
             json.dumps({"seq_last": 2**63}).encode(), ingest, 422),
            ("open with a number past Avro long", "/traces",
             json.dumps({**OPEN_BODY, "ingestion": {"clock_skew_ms_est": 2**70}}).encode(),
             fleet, 422),
            ("valid event", events, json.dumps({"events": [accepted]}).encode(), ingest, 200),
            ("same event resent", events, json.dumps({"events": [accepted]}).encode(), ingest,
             200),
            ("same event id, other content", events,
             json.dumps({"events": [{**accepted, "payload": {"kind": "plan",
                                                             "content_text": "other"}}]})
             .encode(), ingest, 409),  # fmt: skip
            ("finalize", f"/traces/{tid}/finalize", json.dumps({"seq_last": 10}).encode(),
             ingest, 200),
            ("append after finalize", events, json.dumps({"events": [_event(11)]}).encode(),
             ingest, 409),
            ("finalize again, other seq_last", f"/traces/{tid}/finalize",
             json.dumps({"seq_last": 5}).encode(), ingest, 409),
        ]  # fmt: skip
        for what, url, body, headers, expected in cases:
            r = client.post(url, content=body, headers=headers)
            out.append((what, expected, r.status_code, r))
    return out
