"""A small analyst dataset: three finished traces with test runs, QA results and MRE rows.

Shared by the view and example-query tests so both see the same, known shape.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from bench.samples import sample_trace
from schemas.document import BlobInfo, StoredEvent
from schemas.models import EvalSpec, Event, QAResult, TraceFinalize, TraceOpened
from sinks.clickhouse.store import ClickHouseStore

BLOB_A = "sha256:" + "a" * 64
BLOB_R = "sha256:" + "b" * 64


def run_event(seq: int, ts_ms: int, passed: bool) -> Event:
    """A pytest run event with a known outcome."""
    return Event(
        seq=seq,
        ts_ms=ts_ms,
        type="test_run",
        payload={
            "command": "pytest -q",
            "runner": "pytest",
            "exit_code": 0 if passed else 1,
            "duration_ms": 900,
            "passed": passed,
            "report_blob_id": BLOB_A if passed else None,
        },
    )


def judge_result(overall: float, rubric: str, model: str = "heuristic-v1") -> str:
    """A judge stage result document (QAJudge shape)."""
    scores = dict.fromkeys(
        [
            "root_cause_identification", "plan_quality", "experiment_iterate_loop",
            "use_of_signals_tests_logs", "minimality_of_fix", "clarity",
        ],
        overall,
    )  # fmt: skip
    return json.dumps(
        {
            "model": model,
            "mode": "heuristic",
            "rubric_version": rubric,
            "scores": scores,
            "overall": overall,
            "rationale_blob_id": BLOB_R,
        }
    )


def qa(trace_id: str, run_id: str, stage: str, result: str, at: int, config: dict) -> QAResult:
    """One ok QA stage row."""
    return QAResult(
        run_id=run_id,
        trace_id=trace_id,
        stage=stage,
        status="ok",
        started_at_ms=at - 100,
        finished_at_ms=at,
        config_json=json.dumps(config, sort_keys=True),
        result_json=result,
    )


@dataclass
class Dataset:
    """Ids of the loaded traces by role."""

    fixed: str  # a failing test run, then a passing one: fail→pass
    unfixed: str  # only failing runs
    gappy: str  # finalized with missing events
    traces: dict[str, tuple[TraceOpened, list[Event], TraceFinalize]]


def _with_tests(seed: int, outcomes: list[bool]) -> tuple[TraceOpened, list[Event], TraceFinalize]:
    opened, events, fin = sample_trace(30, seed=seed)
    # Replace the sample's random test runs by a known sequence.
    events = [e for e in events if e.type != "test_run"]
    for i, e in enumerate(events, start=1):
        e.seq = i
    base = events[-1].ts_ms
    for k, passed in enumerate(outcomes, start=1):
        events.append(run_event(len(events) + 1, base + k * 1000, passed))
    fin = fin.model_copy(update={"seq_last": len(events), "finalized_at_ms": base + 60_000})
    return opened, events, fin


def _benchmark(
    records: tuple[TraceOpened, list[Event], TraceFinalize], instance: str
) -> tuple[TraceOpened, list[Event], TraceFinalize]:
    """The trace as an import of benchmark ``instance`` (evaluation spec, batch label)."""
    opened, events, fin = records
    spec = EvalSpec(dataset="mini", instance_id=instance, test_patch_blob_id=BLOB_A,
                    fail_to_pass=["t.py::test_bug"])  # fmt: skip
    task = opened.task.model_copy(
        update={"evaluation": spec, "labels": [*opened.task.labels, "import-batch:sample"]}
    )
    return opened.model_copy(update={"task": task}), events, fin


def load_dataset(store: ClickHouseStore) -> Dataset:
    """Write the dataset (twice, shuffled, to prove idempotence) and return its ids."""
    traces = {
        "fixed": _benchmark(_with_tests(101, [False, False, True]), "acme__lib-1"),
        "unfixed": _benchmark(_with_tests(102, [False, False]), "acme__lib-2"),
        "gappy": _with_tests(103, [True]),
    }
    for role, (opened, events, fin) in traces.items():
        store.upsert_trace_opened(opened)
        stored = [StoredEvent.model_validate(e.model_dump()) for e in events]
        keep = stored if role != "gappy" else [e for e in stored if e.seq != 5]
        store.insert_events(opened.trace_id, keep, ingested_at_ms=1)
        store.insert_events(opened.trace_id, list(reversed(keep)), ingested_at_ms=2)
        store.upsert_trace_finalize(fin)
        missing = [] if role != "gappy" else [5]
        store.mark_trace_complete(
            opened.trace_id,
            status="missing_events" if missing else "complete",
            missing_seqs=missing,
            event_count=len(keep),
            completed_at_ms=fin.finalized_at_ms + 10,
        )
    store.insert_blobs(
        [
            BlobInfo(blob_id=BLOB_A, byte_length=10, storage_uri="file:///b/a"),
            BlobInfo(blob_id=BLOB_R, byte_length=20, storage_uri="file:///b/r"),
        ]
    )
    fixed = traces["fixed"][0].trace_id
    unfixed = traces["unfixed"][0].trace_id
    t0 = 1_800_000_000_000
    cfg_a = {"rubric_version": "1.0", "judge_model": "heuristic-v1"}
    cfg_b = {"rubric_version": "1.1", "judge_model": "heuristic-v1"}
    store.insert_qa_results(
        [
            qa(fixed, "run-a", "schema", json.dumps({"schema_valid": True}), t0, cfg_a),
            qa(
                fixed,
                "run-a",
                "tests",
                json.dumps({"runner": "pytest", "final_passed": True, "resolved": True}),
                t0 + 1,
                cfg_a,
            ),
            qa(fixed, "run-a", "judge", judge_result(3.5, "1.0"), t0 + 2, cfg_a),
            qa(
                fixed,
                "run-a",
                "mre",
                json.dumps(
                    {
                        "verdict": "GREEN",
                        "mode": "pipeline",
                        "report_blob_id": BLOB_R,
                        "artifacts": {"report": BLOB_R},
                    }
                ),
                t0 + 3,
                cfg_a,
            ),
            qa(fixed, "run-b", "judge", judge_result(4.0, "1.1"), t0 + 50, cfg_b),
            qa(
                unfixed,
                "run-c",
                "tests",
                json.dumps({"runner": "pytest", "final_passed": False, "resolved": False}),
                t0 + 5,
                cfg_a,
            ),
            qa(unfixed, "run-c", "judge", judge_result(1.5, "1.0"), t0 + 6, cfg_a),
            qa(
                unfixed,
                "run-c",
                "mre",
                json.dumps({"verdict": "RED", "mode": "pipeline"}),
                t0 + 7,
                cfg_a,
            ),
        ]  # fmt: skip
    )
    return Dataset(fixed=fixed, unfixed=unfixed, gappy=traces["gappy"][0].trace_id, traces=traces)
