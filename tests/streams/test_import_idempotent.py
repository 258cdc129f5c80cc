"""Importing the same real trajectory twice stores one trace, through the real stream worker.

Both imports go through ``fixtrace import swe-agent`` (its function, with the environment a
user's shell would have) onto a real broker; a real stream worker stores them in chdb. The
derived trace and event ids make the second import collapse onto the first: one trace row,
one row per event, the same count as a single import.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from fixtrace.procs import ManagedProcess
from fixtrace.waiting import wait_until
from fixtrace_config import Settings
from fixtrace_config.deployment import Deployment
from producers.import_cli import import_paths
from schemas.models import TraceOpened
from tests.streams.harness import (
    ROOT,
    finalized_ids,
    read_topic,
    readback,
    start_worker,
    stats,
    worker_env,
)

DATA = ROOT / "bench" / "data" / "swebench"
RUN = DATA / "trajectories" / "swe-agent" / "gpt4__swe-bench-dev-easy_first_only"

_COUNT = r"""
import json, sys
from sinks.clickhouse.store import ClickHouseStore
store = ClickHouseStore.open(sys.argv[1])
_, traces = store.query("SELECT trace_id, task_id, commit_base, labels FROM traces FINAL")
_, events = store.query("SELECT count() FROM events FINAL")
print(json.dumps({"traces": [list(map(str, t)) for t in traces], "events": events[0][0]}))
"""


def stored_counts(settings: Settings) -> dict:
    proc = subprocess.run(
        [sys.executable, "-c", _COUNT, settings.clickhouse_dsn],
        capture_output=True, text=True, cwd=ROOT, env=worker_env(settings), timeout=120,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr[-4000:]
    return json.loads(proc.stdout)


async def test_reimport_stores_one_trace(
    stream_settings: Settings,
    group: str,
    workers: list[ManagedProcess],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    for key, value in worker_env(stream_settings).items():
        if key.startswith("FIXTRACE_"):
            monkeypatch.setenv(key, value)
    monkeypatch.setenv("FIXTRACE_DATA_DIR", str(tmp_path / "data"))  # spool; no stack here

    runs = []
    for _ in range(2):
        code = await import_paths(
            Deployment(), "swe-agent", [RUN], DATA / "records.jsonl", None, True
        )
        assert code == 0
        runs.append(json.loads(capsys.readouterr().out))
    first, second = runs
    assert [o["status"] for o in first] == ["imported"] == [o["status"] for o in second]
    trace_id = first[0]["trace_id"]
    assert second[0]["trace_id"] == trace_id

    raw = await read_topic(stream_settings, stream_settings.topic_raw, until=lambda r: True)
    opened = [r for r in raw if isinstance(r, TraceOpened)]
    assert [r.trace_id for r in opened] == [trace_id, trace_id], "both imports were sent"
    assert opened[0].task.evaluation is not None
    workers.append(start_worker(stream_settings, tmp_path, group=group))
    await read_topic(
        stream_settings,
        stream_settings.topic_finalized,
        until=lambda recs: trace_id in finalized_ids(recs),
    )
    wait_until(
        lambda: stats(tmp_path, "w").get("records", 0) >= len(raw),
        timeout_s=60,
        message="worker consumed both imports",
    )
    workers[0].stop(grace_s=10)

    stored = readback(stream_settings, [trace_id])[trace_id]
    seqs = [row[0] for row in stored["rows"]]
    assert seqs == list(range(1, len(seqs) + 1)), "one row per event, no duplicates"
    assert stored["status"] == "complete"
    counts = stored_counts(stream_settings)
    assert len(counts["traces"]) == 1, counts["traces"]
    assert counts["events"] == len(seqs)
    tid, task_id, commit_base, labels = counts["traces"][0]
    assert (tid, task_id) == (trace_id, "pydicom__pydicom-1458")
    assert commit_base == "8da0b9b215ebfad5756051c891def88e426787e7"
    assert "import-batch:gpt4__swe-bench-dev-easy_first_only" in labels
