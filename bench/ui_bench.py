"""Latency of the UI's list page with many traces stored, beside the same query run bare.

Stores N traces (default 10,000, ~30 events each, three QA stages each) in a fresh chdb
folder, then serves, in this process as ``fixtrace up`` does, the gateway's ``/admin/sql``
route and the UI over the same engine. For each list page it times, in the same run:

- ``page``: ``GET /ui/traces?…`` (query + counts + HTML rendering + HTTP);
- ``sql``: the page's own SQL through ``POST /admin/sql``, which is what ``fixtrace sql``
  sends to a running stack (without the CLI's interpreter start-up);
- ``sql (direct)``: the same SQL on the engine client, no HTTP.

It also times the whole ``fixtrace sql`` command a few times (a new Python process per
call) for scale. Target: the list page answers in ≤ 300 ms at 10,000 traces.

    python bench/ui_bench.py [--traces 10000] [--events 30] [--requests 30]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path

import httpx
import uvicorn
from fastapi import FastAPI
from starlette.datastructures import QueryParams

from fixtrace.local_services import free_port
from fixtrace.ops.admin_api import admin_router
from fixtrace.ops.query import ClientBackend, HttpBackend
from fixtrace.ui.app import UiSources, create_ui_app
from fixtrace.ui.listing import parse_list_query
from fixtrace.ui.queries import list_sql
from fixtrace.ui.security import Access
from fixtrace_config.stack_state import STATE_FILE, StackState
from schemas.document import QAJudge, Redaction
from schemas.models import Event, QAResult, Repo, TraceOpened
from sinks.blobs.filesystem import FilesystemBlobStore
from sinks.clickhouse import rows as R
from sinks.clickhouse.store import ClickHouseStore

TOKEN = "bench-token"
T0 = 1_760_000_000_000
CRITERIA = ("root_cause_identification", "plan_quality", "experiment_iterate_loop",
            "use_of_signals_tests_logs", "minimality_of_fix", "clarity")  # fmt: skip
PAGES = {
    "newest first, page 1": "",
    "page 100 (offset 4,950)": "page=100",
    "MRE GREEN, judge ≥ 3, by judge": "mre=GREEN&min_judge=3&sort=judge&dir=desc",
    "one repo, fail → pass": "repo=repo-7&tests=fail_to_pass",
    "status + time window": "status=complete&since=2025-10-12T00:00&until=2025-10-14T00:00",
}


def _payload(rng: random.Random, kind: str) -> dict:
    return {
        "terminal_command": {"cwd": "/w", "command": "python -m pytest -q tests/"},
        "terminal_output": {"stream": "stdout", "chunk_text": "collected 12 items\n" * 6},
        "thought": {"kind": rng.choice(["hypothesis", "plan", "interpretation"]),
                    "content_text": "The parser splits on every colon; maxsplit would fix it."},
        "file_edit": {"file_path": "pkg/module.py",
                      "patch_text": "--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n"},
        "test_run": {"command": "pytest -q", "exit_code": 0, "duration_ms": 800,
                     "passed": rng.random() < 0.5, "tests_total": 12, "tests_failed": 1},
    }[kind]  # fmt: skip


def store_traces(store: ClickHouseStore, n: int, events_per_trace: int) -> int:
    """Insert ``n`` traces with events and QA rows in large batches; returns events stored."""
    rng = random.Random(7)
    kinds = ["terminal_command", "terminal_output", "thought", "file_edit", "test_run"]
    trace_rows, event_rows, qa = [], [], []
    for i in range(n):
        trace_id = str(uuid.UUID(int=i, version=4))
        created = T0 + i * 60_000
        opened = TraceOpened(trace_id=trace_id, created_at_ms=created,
                             repo=Repo(repo_id=f"repo-{i % 40}", commit_base="abc1234"),
                             developer={"developer_id": f"dev-{i % 90}"})  # fmt: skip
        row = R.empty_trace(trace_id)
        row.update(R.opened_columns(opened, Redaction()))
        status = rng.choices(["complete", "missing_events", "open"], [90, 6, 4])[0]
        row.update(status=status, event_count=events_per_trace, version=1, updated_at_ms=created)
        trace_rows.append([row[c] for c in R.TRACE_COLUMNS])
        for seq in range(1, events_per_trace + 1):
            kind = rng.choice(kinds)
            event = Event.model_validate(
                {"seq": seq, "ts_ms": created + seq * 1000, "type": kind,
                 "payload": _payload(rng, kind)}
            )  # fmt: skip
            event_rows.append(R.event_row(trace_id, event, created + seq * 1000))
        overall = round(rng.uniform(0, 5), 2)
        judge = QAJudge(model="heuristic-v1", mode="heuristic", rubric_version="1.0",
                        scores=dict.fromkeys(CRITERIA, overall), overall=overall)  # fmt: skip
        for stage, result in (
            ("tests", {"runner": "pytest", "final_passed": rng.random() < 0.6}),
            ("mre", {"verdict": rng.choice(["GREEN", "YELLOW", "RED"]), "mode": "deterministic",
                     "summary": "bench"}),
            ("judge", judge.model_dump(mode="json")),
        ):  # fmt: skip
            qa.append(QAResult(run_id=f"run-{trace_id}", trace_id=trace_id, stage=stage,
                               status="ok", started_at_ms=created, finished_at_ms=created + 1,
                               config_json="{}", result_json=json.dumps(result)))  # fmt: skip
    store.client.insert("traces", trace_rows, column_names=R.TRACE_COLUMNS)
    for start in range(0, len(event_rows), 50_000):
        store.insert_event_rows(event_rows[start : start + 50_000])
    store.insert_qa_results(qa)
    return len(event_rows)


def _serve(app: FastAPI) -> tuple[uvicorn.Server, str]:
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    threading.Thread(target=server.run, daemon=True).start()
    while not server.started:
        time.sleep(0.02)
    return server, f"http://127.0.0.1:{port}"


def _stats(samples: list[float]) -> str:
    ms = sorted(s * 1000 for s in samples)
    p95 = ms[min(len(ms) - 1, int(round(0.95 * (len(ms) - 1))))]
    return f"p50 {statistics.median(ms):7.1f} ms   p95 {p95:7.1f} ms   max {ms[-1]:7.1f} ms"


def _time(call, requests: int, warmup: int = 3) -> list[float]:
    for _ in range(warmup):
        call()
    out = []
    for _ in range(requests):
        start = time.perf_counter()
        call()
        out.append(time.perf_counter() - start)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--traces", type=int, default=10_000)
    ap.add_argument("--events", type=int, default=30, help="Events per trace.")
    ap.add_argument("--requests", type=int, default=30, help="Timed requests per case.")
    ap.add_argument("--cli-runs", type=int, default=3, help="Whole `fixtrace sql` runs.")
    args = ap.parse_args()

    root = Path(tempfile.mkdtemp(prefix="ui-bench-"))
    dsn = f"chdb://{root / 'clickhouse'}"
    store = ClickHouseStore.open(dsn)
    started = time.perf_counter()
    events = store_traces(store, args.traces, args.events)
    print(f"stored {args.traces:,} traces, {events:,} events in "
          f"{time.perf_counter() - started:.1f} s ({dsn})")  # fmt: skip

    direct = ClientBackend(dsn)
    app = FastAPI()
    app.include_router(admin_router(lambda: store, [TOKEN]))
    sources = UiSources(backend=direct, blobs=FilesystemBlobStore(root / "blobs"),
                        access=Access(lambda: [TOKEN], required=False), label="bench")  # fmt: skip
    app.mount("/ui", create_ui_app(sources))
    server, url = _serve(app)
    http = httpx.Client(base_url=url, timeout=60)
    admin = HttpBackend(url, TOKEN)
    worst_page = 0.0
    print(f"\n{args.requests} requests per case after 3 warm-ups; 2 cores, "
          f"{os.cpu_count()} visible\n")  # fmt: skip
    for name, query_string in PAGES.items():
        q, errors = parse_list_query(QueryParams(query_string), frozenset())
        assert not errors, errors
        sql, params = list_sql(q, frozenset())

        def page(qs: str = query_string) -> None:
            response = http.get(f"/ui/traces?{qs}")
            assert response.status_code == 200, response.text[:300]

        page_t = _time(page, args.requests)
        sql_t = _time(lambda s=sql, p=params: admin.query(s, p), args.requests)
        direct_t = _time(lambda s=sql, p=params: direct.query(s, p), args.requests)
        worst_page = max(worst_page, sorted(page_t)[int(round(0.95 * (len(page_t) - 1)))])
        print(f"{name}")
        print(f"  page  GET /ui/traces      {_stats(page_t)}")
        print(f"  sql   POST /admin/sql     {_stats(sql_t)}   (what `fixtrace sql` sends)")
        print(f"  sql   engine, no HTTP     {_stats(direct_t)}")
    one = f"/ui/traces/{uuid.UUID(int=4242, version=4)}"
    trace_t = _time(lambda: http.get(one).raise_for_status(), 10)
    overview_t = _time(lambda: http.get("/ui/overview").raise_for_status(), 10)
    print(f"\none trace page (30 events)   {_stats(trace_t)}")
    print(f"overview page                {_stats(overview_t)}")

    if args.cli_runs:
        data_dir = root / "data"
        data_dir.mkdir()
        state = StackState(pid=os.getpid(), gateway_url=url, kafka_bootstrap="127.0.0.1:1",
                           fleet_token=TOKEN)  # fmt: skip
        (data_dir / STATE_FILE).write_text(state.model_dump_json())
        env = {**os.environ, "FIXTRACE_DATA_DIR": str(data_dir)}
        sql, params = list_sql(parse_list_query(QueryParams(""), frozenset())[0], frozenset())
        runs = []
        for _ in range(args.cli_runs):
            start = time.perf_counter()
            done = subprocess.run([sys.executable, "-m", "fixtrace.cli", "sql", sql, "-f", "json"],
                                  env=env, capture_output=True, text=True)  # fmt: skip
            runs.append(time.perf_counter() - start)
            assert done.returncode == 0, done.stderr
        print(f"whole `fixtrace sql` command (new process, page 1 SQL): {_stats(runs)}")
    print(f"\nlist page, worst p95 over the cases: {worst_page * 1000:.1f} ms (target ≤ 300 ms: "
          f"{'met' if worst_page <= 0.3 else 'NOT met'})")  # fmt: skip
    server.should_exit = True


if __name__ == "__main__":
    main()
