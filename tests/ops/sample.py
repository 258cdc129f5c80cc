"""Two small traces stored through the real store: one fixed (fail→pass), one not."""

from __future__ import annotations

import json
from pathlib import Path

from schemas.document import BlobInfo, QAJudge, QATests, StoredEvent
from schemas.models import (
    BugReport,
    Developer,
    Event,
    QAResult,
    Repo,
    Task,
    TraceFinalize,
    TraceOpened,
)
from sinks.blobs.filesystem import FilesystemBlobStore
from sinks.clickhouse.store import ClickHouseStore

PATCH = (
    "--- a/httpparse/headers.py\n+++ b/httpparse/headers.py\n@@ -1 +1 @@\n"
    "-    name, value = line.split(':')\n+    name, value = line.split(':', 1)\n"
)
T0 = 1_760_000_000_000


def _ev(seq: int, type_: str, payload: dict, **ctx: str) -> StoredEvent:
    return StoredEvent.model_validate(
        Event.model_validate(
            {
                "seq": seq,
                "ts_ms": T0 + seq * 1000,
                "type": type_,
                "payload": payload,
                "context": ctx,
            }  # fmt: skip
        ).model_dump()
    )


def fixed_trace_events(patch_blob: str) -> list[StoredEvent]:
    """A hypothesis, a failing test run with output, an edit by blob, a passing run."""
    return [
        _ev(1, "thought", {"kind": "hypothesis", "content_text": "split(':') breaks on ports"}),
        _ev(2, "terminal_command", {"cwd": "/w", "command": "pytest -q"}, correlation_id="c1"),
        _ev(3, "terminal_output", {"stream": "stdout", "chunk_text": "F.\n"}, correlation_id="c1"),
        _ev(
            4,
            "terminal_output",
            {"stream": "stderr", "chunk_text": "ValueError\n", "exit_code": 1},
            correlation_id="c1",
        ),  # fmt: skip
        _ev(
            5,
            "test_run",
            {
                "command": "pytest -q",
                "runner": "pytest",
                "exit_code": 1,
                "duration_ms": 40,
                "passed": False,
                "tests_total": 2,
                "tests_failed": 1,
            },
            correlation_id="c1",
        ),  # fmt: skip
        _ev(6, "file_edit", {"file_path": "httpparse/headers.py", "patch_blob_id": patch_blob}),
        _ev(7, "terminal_command", {"cwd": "/w", "command": "pytest -q"}),
        _ev(8, "terminal_output", {"stream": "stdout", "chunk_text": "..\n", "exit_code": 0}),
        _ev(
            9,
            "test_run",
            {
                "command": "pytest -q",
                "runner": "pytest",
                "exit_code": 0,
                "duration_ms": 35,
                "passed": True,
                "tests_total": 2,
                "tests_failed": 0,
            },
        ),  # fmt: skip
        _ev(10, "thought", {"kind": "postmortem", "content_text": "maxsplit=1 fixes it"}),
    ]


def _qa(trace_id: str, stage: str, result: dict, status: str = "ok") -> QAResult:
    return QAResult(
        run_id=f"run-{trace_id}", trace_id=trace_id, stage=stage, status=status,
        started_at_ms=T0 + 60_000, finished_at_ms=T0 + 61_000,
        config_json=json.dumps({"rubric_version": "1.0"}), result_json=json.dumps(result),
    )  # fmt: skip


def _judge(overall: float) -> dict:
    scores = dict.fromkeys(
        ["root_cause_identification", "plan_quality", "experiment_iterate_loop",
         "use_of_signals_tests_logs", "minimality_of_fix", "clarity"], overall,
    )  # fmt: skip
    return QAJudge(
        model="heuristic-v1", mode="heuristic", rubric_version="1.0", scores=scores,
        overall=overall,
    ).model_dump(mode="json")  # fmt: skip


def store_sample(store: ClickHouseStore, blob_root: Path, prefix: str) -> tuple[str, str]:
    """Store the two traces; returns (fixed trace id, unfixed trace id)."""
    blobs = FilesystemBlobStore(blob_root)
    ref = blobs.put(PATCH.encode(), content_type="text/x-diff")
    store.insert_blobs(
        [
            BlobInfo(
                blob_id=ref.blob_id,
                byte_length=ref.byte_length,
                storage_uri=ref.storage_uri,
                content_type="text/x-diff",
            )
        ]
    )
    fixed, broken = f"{prefix}-fixed", f"{prefix}-broken"
    for trace_id, repo, events in (
        (fixed, "httpparse", fixed_trace_events(ref.blob_id)),
        (broken, "other", fixed_trace_events(ref.blob_id)[:5]),
    ):
        # stored rows, not wire records: older rows have ids of any form (the wire now takes
        # only UUIDs), and the views must show them whole
        store.upsert_trace_opened(TraceOpened.model_construct(
            trace_id=trace_id, created_at_ms=T0, repo=Repo(repo_id=repo, commit_base="abc1234"),
            task=Task(bug_report=BugReport(title="Header values with ':' are cut",
                                           description="Host: a:8080 parses as 'a'")),
            developer=Developer(developer_id="dev-1", experience_level="senior"),
        ))  # fmt: skip
        store.insert_events(trace_id, events, ingested_at_ms=T0 + 50_000)
        store.upsert_trace_finalize(
            TraceFinalize.model_construct(
                trace_id=trace_id, finalized_at_ms=T0 + 55_000, seq_last=len(events)
            )
        )
        store.mark_trace_complete(trace_id, status="complete", missing_seqs=[],
                                  event_count=len(events), completed_at_ms=T0 + 56_000)  # fmt: skip
    store.insert_qa_results([
        _qa(fixed, "schema", {"schema_valid": True, "problems": []}),
        _qa(fixed, "tests", QATests(runner="pytest", final_passed=True,
                                    fail_to_pass=["tests/test_headers.py::test_port"]
                                    ).model_dump(mode="json")),
        _qa(fixed, "mre", {"verdict": "GREEN", "mode": "pipeline", "summary": "reproduced"}),
        _qa(fixed, "judge", _judge(4.5)),
        _qa(broken, "tests", QATests(runner="pytest", final_passed=False).model_dump(mode="json")),
        _qa(broken, "mre", {"verdict": "RED", "mode": "pipeline", "summary": "no repro"}),
        _qa(broken, "judge", _judge(2.0)),
    ])  # fmt: skip
    return fixed, broken
