"""``fixtrace up`` + ``fixtrace demo`` as a user runs them: real processes, real services.

Proves: the demo's summary comes from a real QA run (tests fail before and pass after the
fix, the MRE verdict, the judge's labelled mode), the rows are in ClickHouse (queried
through the running stack, since it owns the chdb folder), SIGINT stops every process the
stack started, and a second ``up`` on the same data folder still has the first trace.

The stack and its demo run are the session's shared ``up_stack`` (``tests/up_stack.py``);
the stop-and-restart test runs after every other user of it.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fixtrace.ops.query import HttpBackend
from fixtrace.waiting import wait_until
from tests.sinks.example_queries import EXAMPLES
from tests.up_stack import UpStack

pytestmark = pytest.mark.slow


def test_demo_on_a_running_stack_is_stored_scored_and_queryable(up_stack: UpStack) -> None:
    summary, state = up_stack.demo, up_stack.state
    assert state is not None
    assert summary["tests_before"].startswith("failed")
    assert summary["tests_after"] == "passed"
    assert summary["fail_to_pass"] == [
        "tests/test_headers.py::test_missing_content_type_defaults_to_octet_stream"
    ]
    assert summary["final_passed"] is True
    assert summary["mre_verdict"] == "GREEN"
    assert summary["mre_mode"].startswith("deterministic")
    assert summary["judge_mode"] == "heuristic"
    assert "no_model_key" in summary["qa_flags"]
    assert not [f for f in summary["qa_flags"] if f.startswith("schema_")], summary["qa_flags"]
    assert summary["final_trace_blob_id"].startswith("sha256:")
    assert Path(summary["final_trace_uri"].removeprefix("file://")).is_file()
    trace_id = summary["trace_id"]

    rows = up_stack.fixtrace(
        "sql", "--format", "json",
        "SELECT type, count() AS n FROM events FINAL WHERE trace_id = {t:String} "
        "GROUP BY type ORDER BY type", "--param", f"t={trace_id}",
    )  # fmt: skip
    assert rows.returncode == 0, rows.stderr
    counts = {r["type"]: r["n"] for r in json.loads(rows.stdout)}
    assert sum(counts.values()) == summary["events_sent"]
    assert counts["test_run"] == 2
    stages = up_stack.fixtrace(
        "sql", "--format", "json",
        "SELECT stage, status FROM qa_results FINAL WHERE trace_id = {t:String}",
        "--param", f"t={trace_id}",
    )  # fmt: skip
    assert {r["stage"]: r["status"] for r in json.loads(stages.stdout)} == {
        s: "ok" for s in ("schema", "tests", "mre", "judge", "final")
    }

    # An operator re-scores the trace under another judge model: a second run appears
    # beside the first; replaying the same configuration again adds nothing.
    for _ in range(2):
        replay = up_stack.fixtrace("replay", "--trace-id", trace_id,
                                   "--judge-model", "claude-opus-4-1")  # fmt: skip
        assert replay.returncode == 0, replay.stderr
        assert replay.stdout.strip().splitlines()[-1] == "1"

    def judge_runs() -> list[dict] | None:
        out = up_stack.fixtrace(
            "sql", "--format", "json",
            "SELECT run_id, JSONExtractString(config_json, 'judge_model') AS asked, "
            "judge_model, judge_mode FROM qa_results FINAL "
            "WHERE trace_id = {t:String} AND stage = 'judge' ORDER BY asked",
            "--param", f"t={trace_id}",
        )  # fmt: skip
        rows = json.loads(out.stdout)
        return rows if len(rows) == 2 else None

    runs = wait_until(judge_runs, timeout_s=120,
                      message="the replayed run never reached ClickHouse")  # fmt: skip
    assert [r["asked"] for r in runs] == ["claude-opus-4-1", "claude-sonnet-4-5"]
    assert len({r["run_id"] for r in runs}) == 2
    # No key here: both runs say honestly that the heuristic judge scored them.
    assert all((r["judge_model"], r["judge_mode"]) == ("heuristic-v1", "heuristic")
               for r in runs)  # fmt: skip

    # docs/analysts.md's example queries all run against the demo data, through the stack.
    backend = HttpBackend(state.gateway_url, state.fleet_token)
    values = {"trace_id": trace_id, "since_ms": 0, "rubric_a": "1.0", "rubric_b": "1.1"}
    answered = {}
    for example in EXAMPLES:
        result = backend.query(example.sql, {k: values[k] for k in example.params})
        answered[example.name] = result.rows
    assert answered["timeline"] and len(answered["timeline"]) == summary["events_sent"]
    assert any(trace_id in map(str, row) for row in answered["fail_to_pass"])


@pytest.mark.stops_the_stack
def test_stop_and_restart_keeps_data(up_stack: UpStack) -> None:
    """SIGINT stops every process of the stack (no broker left, no live record); a second
    ``up`` on the same data folder still lists the demo's trace; ``fixtrace stop`` from
    another folder stops it the same way."""
    trace_id = up_stack.demo["trace_id"]
    up_stack.stop()  # asserts: up exited, tansu gone, no live stack record
    up_stack.start()
    listed = up_stack.fixtrace("traces", "list", "--format", "json")
    assert listed.returncode == 0, listed.stderr
    assert trace_id in {row["trace_id"] for row in json.loads(listed.stdout)}
    up_stack.stop(with_command=True)
