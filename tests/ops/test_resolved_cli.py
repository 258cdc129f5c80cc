"""The benchmark verdict where users look: ``traces list/show/report`` and ``export``.

The module's own ``sample`` (the conftest's two traces plus an import batch of benchmark
traces with stored tests-stage results) is served through the real admin route, so the
CLI runs the way it does while ``fixtrace up`` owns the chdb folder.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from fixtrace_config import Settings
from schemas.document import HeldOutTest, QAEvaluation, QATests
from schemas.models import (
    BugReport,
    Developer,
    EvalSpec,
    QAResult,
    Repo,
    Task,
    TraceFinalize,
    TraceOpened,
)
from sinks.blobs.filesystem import FilesystemBlobStore
from sinks.clickhouse.store import ClickHouseStore
from tests.ops.conftest import Sample
from tests.ops.sample import T0, store_sample

runner = CliRunner()
BATCH = "swe-mini"
HARNESS_KEYS = {
    "total_instances", "submitted_instances", "completed_instances", "resolved_instances",
    "unresolved_instances", "empty_patch_instances", "error_instances", "completed_ids",
    "incomplete_ids", "empty_patch_ids", "submitted_ids", "resolved_ids", "unresolved_ids",
    "error_ids", "schema_version",
}  # fmt: skip
# instance → (resolved, tests-stage flags); None flags: the QA worker has not graded it yet.
BATCH_TRACES: dict[str, tuple[bool | None, list[str] | None]] = {
    "acme__lib-1": (True, []),
    "acme__lib-2": (False, []),
    "acme__lib-3": (False, ["patch_does_not_apply"]),
    "acme__lib-4": (False, ["no_final_patch"]),
    "acme__lib-5": (None, ["install_failed"]),
    "acme__lib-6": (None, None),
}


def _tests_result(instance: str, resolved: bool | None) -> dict:
    held = [
        HeldOutTest(test_id="tests/test_lib.py::test_bug", kind="fail_to_pass", before="FAILED",
                    after="PASSED" if resolved else "FAILED", ok=bool(resolved)),
    ]  # fmt: skip
    return QATests(
        runner="pytest",
        final_passed=resolved,
        resolved=resolved,
        evaluation=QAEvaluation(dataset="mini", instance_id=instance, tests=held),
    ).model_dump(mode="json")


def store_batch(store: ClickHouseStore, blobs: FilesystemBlobStore, prefix: str) -> dict[str, str]:
    """The batch's traces (one per instance, one more without a spec); instance → trace id."""
    test_patch = blobs.put(b"diff --git a/t b/t\n", content_type="text/x-diff").blob_id
    ids = {}
    results = []
    for n, (instance, (resolved, flags)) in enumerate(
        [*BATCH_TRACES.items(), ("plain", (None, []))]
    ):
        trace_id = f"{prefix}-{instance}"
        ids[instance] = trace_id
        spec = None if instance == "plain" else EvalSpec(
            dataset="mini", instance_id=instance, test_patch_blob_id=test_patch,
            fail_to_pass=["tests/test_lib.py::test_bug"],
        )  # fmt: skip
        store.upsert_trace_opened(TraceOpened.model_construct(
            trace_id=trace_id, created_at_ms=T0 + n,
            repo=Repo(repo_id="acme/lib", commit_base="b" * 40),
            task=Task(task_id=instance, bug_report=BugReport(title=instance, description="d"),
                      labels=[f"import-batch:{BATCH}"], evaluation=spec),
            developer=Developer(developer_id="swe-agent"),
        ))  # fmt: skip
        store.upsert_trace_finalize(
            TraceFinalize.model_construct(trace_id=trace_id, finalized_at_ms=T0 + 9_000, seq_last=0)
        )
        store.mark_trace_complete(trace_id, status="complete", missing_seqs=[], event_count=0,
                                  completed_at_ms=T0 + 9_500)  # fmt: skip
        if flags is None:
            continue
        results.append(QAResult(
            run_id=f"run-{trace_id}", trace_id=trace_id, stage="tests",
            status="failed" if resolved is None else "ok", started_at_ms=T0 + 10_000,
            finished_at_ms=T0 + 11_000, config_json="{}", flags=flags,
            result_json=json.dumps(_tests_result(instance, resolved) if spec else {}),
        ))  # fmt: skip
    store.insert_qa_results(results)
    return ids


@pytest.fixture(scope="module")
def sample(clickhouse_dsn: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Sample]:
    database = f"opsr_{uuid.uuid4().hex[:8]}"
    store = ClickHouseStore.open(clickhouse_dsn, database=database)
    blob_root = tmp_path_factory.mktemp("ops-resolved-blobs")
    prefix = uuid.uuid4().hex[:6]
    ids = store_sample(store, blob_root, prefix)
    sample = Sample(store, blob_root, database, ids)
    sample.batch = store_batch(store, FilesystemBlobStore(blob_root), prefix)  # type: ignore[attr-defined]
    yield sample
    store.close()


def _list(ops_app, *args: str) -> dict[str, object]:
    out = runner.invoke(ops_app, ["traces", "list", "-f", "json", *args])
    assert out.exit_code == 0, out.output
    return {row["trace_id"]: row["resolved"] for row in json.loads(out.stdout)}


def test_traces_list_shows_and_filters_resolved(ops_app, stack_env: Settings, sample: Sample):
    batch = sample.batch  # type: ignore[attr-defined]
    everything = _list(ops_app, "--limit", "100")
    assert everything[sample.fixed] is None  # no evaluation spec: no claim
    assert everything[batch["plain"]] is None
    assert everything[batch["acme__lib-6"]] is None  # not graded yet
    assert _list(ops_app, "--resolved") == {batch["acme__lib-1"]: True}
    unresolved = {batch[i] for i in ("acme__lib-2", "acme__lib-3", "acme__lib-4")}
    assert set(_list(ops_app, "--unresolved")) == unresolved
    assert set(_list(ops_app, "--unresolved", "--batch", "other")) == set()


def test_traces_report_is_shaped_like_the_harness_run_report(
    ops_app, stack_env: Settings, sample: Sample, tmp_path: Path
):
    out = runner.invoke(ops_app, ["traces", "report", "--batch", BATCH, "--json"])
    assert out.exit_code == 0, out.output
    report = json.loads(out.stdout)
    assert report["resolved_ids"] == ["acme__lib-1"]
    assert report["unresolved_ids"] == ["acme__lib-2"]
    assert report["error_ids"] == ["acme__lib-3", "acme__lib-5"]  # as the harness counts them
    assert report["empty_patch_ids"] == ["acme__lib-4"]
    assert report["incomplete_ids"] == ["acme__lib-6"]
    assert report["completed_ids"] == ["acme__lib-1", "acme__lib-2"]
    assert report["submitted_instances"] == 6 and report["resolved_rate"] == round(1 / 6, 4)
    assert report["without_spec_ids"] == ["plain"]
    harness = tmp_path / "harness.json"
    out = runner.invoke(
        ops_app, ["traces", "report", "--batch", BATCH, "--harness-keys", "--out", str(harness)]
    )
    assert out.exit_code == 0, out.output
    assert "resolved 16.7%" in out.stdout and "acme__lib-3" in out.stdout
    assert set(json.loads(harness.read_text())) == HARNESS_KEYS
    missing = runner.invoke(ops_app, ["traces", "report", "--batch", "no-such-batch"])
    assert (
        missing.exit_code == 1
        and "error: no traces labelled import-batch:no-such-batch" in missing.stderr
    )


def test_show_json_and_export_carry_the_verdict(ops_app, stack_env: Settings, sample: Sample):
    batch = sample.batch  # type: ignore[attr-defined]
    out = runner.invoke(ops_app, ["traces", "show", batch["acme__lib-2"], "--json"])
    assert out.exit_code == 0, out.output
    tests = json.loads(out.stdout)["qa"]["tests"]
    assert tests["resolved"] is False
    assert tests["evaluation"]["tests"][0]["after"] == "FAILED"
    table = runner.invoke(ops_app, ["traces", "show", batch["acme__lib-2"]])
    assert "held-out tests of acme__lib-2: resolved=False" in table.stdout

    res = runner.invoke(ops_app, ["export", "-", "--batch", BATCH, "--unresolved"])
    assert res.exit_code == 0, res.output
    records = [json.loads(line) for line in res.stdout.splitlines() if line.startswith("{")]
    labels = {r["trace_id"]: r["labels"] for r in records}
    assert set(labels) == {batch[i] for i in ("acme__lib-2", "acme__lib-3", "acme__lib-4")}
    two = labels[batch["acme__lib-2"]]
    assert two["resolved"] is False
    assert two["evaluation"] == {
        "dataset": "mini",
        "instance_id": "acme__lib-2",
        "fail_to_pass_failed": ["tests/test_lib.py::test_bug"],
        "pass_to_pass_failed": [],
    }
