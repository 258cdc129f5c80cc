"""``fixtrace export``: trajectory building rules and the CLI over the stack's admin route."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from fixtrace.ops.trajectory import build_trajectory
from fixtrace.ops.trajectory_model import StepKind, TrajectoryRecord
from fixtrace_config import Settings
from schemas.document import TraceDocument
from schemas.models import Developer, Repo
from tests.ops.conftest import Sample
from tests.ops.sample import PATCH, fixed_trace_events

runner = CliRunner()
BLOB = "sha256:" + "ab" * 32


def _doc(events) -> TraceDocument:
    return TraceDocument(
        trace_id="t1", created_at_ms=0, repo=Repo(repo_id="r", commit_base="c" * 40),
        developer=Developer(developer_id="d"), events=events,
    )  # fmt: skip


def test_steps_pair_commands_outputs_and_tests():
    rec = build_trajectory(_doc(fixed_trace_events(BLOB)), {BLOB: PATCH}.get)
    shape = [(s.kind.value, s.tool, s.responds_to) for s in rec.steps]
    assert shape == [
        ("thought", None, None),
        ("action", "terminal", None),  # 1: pytest (correlated outputs and test run)
        ("observation", "terminal", 1),
        ("action", "edit", None),
        ("action", "terminal", None),  # 4: pytest (outputs and test run by adjacency)
        ("observation", "terminal", 4),
        ("thought", None, None),
    ]
    first, second = rec.steps[2], rec.steps[5]
    assert first.text == "F.\nValueError\n" and first.exit_code == 1
    assert first.test is not None and not first.test.passed and first.test.tests_failed == 1
    assert len(first.event_ids) == 3  # two output chunks and the test run
    assert second.test is not None and second.test.passed and second.exit_code == 0
    assert rec.steps[3].patch == PATCH and rec.steps[3].file_path == "httpparse/headers.py"
    assert rec.final_patch == PATCH and rec.final_patch_source == "edits"
    assert rec.tests.fail_to_pass and rec.tests.last_passed
    assert rec.labels.final_passed and rec.labels.final_passed_source == "trace"


def test_missing_blob_and_standalone_test_run_and_clipping():
    events = fixed_trace_events(BLOB)
    events = [events[0], events[8], events[5]]  # thought, test_run alone, edit
    rec = build_trajectory(_doc(events), lambda _b: None, max_text=100)
    assert [(s.kind.value, s.tool) for s in rec.steps] == [
        ("thought", None), ("action", "test"), ("observation", "test"), ("action", "edit"),
    ]  # fmt: skip
    assert rec.steps[2].text == "tests PASSED (0 of 2 failed), exit code 0"
    assert rec.steps[3].patch is None and rec.steps[3].missing_blobs == [BLOB]
    assert rec.final_patch is None and rec.final_patch_source is None
    long = fixed_trace_events(BLOB)[:3]
    long[2].payload.chunk_text = "x" * 500  # type: ignore[union-attr]
    clipped = build_trajectory(_doc(long), lambda _b: None, max_text=100).steps[2]
    assert clipped.truncated and len(clipped.text or "") == 100


def test_export_cli_writes_records_with_labels(ops_app, stack_env: Settings, sample: Sample,
                                               tmp_path: Path):  # fmt: skip
    out = tmp_path / "out" / "train.jsonl"
    res = runner.invoke(ops_app, ["export", "--format", "jsonl", str(out)])
    assert res.exit_code == 0, res.output
    records = [TrajectoryRecord.model_validate_json(line) for line in out.read_text().splitlines()]
    by_id = {r.trace_id: r for r in records}
    assert set(by_id) == {sample.fixed, sample.broken}
    fixed = by_id[sample.fixed]
    assert fixed.final_patch == PATCH  # resolved from the filesystem blob store
    assert fixed.labels.mre_verdict == "GREEN" and fixed.labels.final_passed is True
    assert fixed.labels.final_passed_source == "qa"
    assert fixed.labels.qa_fail_to_pass == ["tests/test_headers.py::test_port"]
    assert fixed.labels.judge is not None and fixed.labels.judge.overall == 4.5
    assert fixed.labels.judge.mode == "heuristic" and fixed.labels.schema_valid is True
    assert fixed.task.title == "Header values with ':' are cut"
    assert sum(s.kind is StepKind.thought for s in fixed.steps) == 2
    assert by_id[sample.broken].labels.final_passed is False


def test_export_cli_filters(ops_app, stack_env: Settings, sample: Sample, tmp_path: Path):
    def ids(*args: str) -> set[str]:
        res = runner.invoke(ops_app, ["export", "-", *args])
        assert res.exit_code == 0, res.output
        return {json.loads(line)["trace_id"] for line in res.stdout.splitlines()
                if line.startswith("{")}  # fmt: skip

    assert ids("--tests", "fail_to_pass") == {sample.fixed}
    assert ids("--mre", "RED") == {sample.broken}
    assert ids("--min-judge", "4") == {sample.fixed}
    assert ids("--max-judge", "2.5", "--tests", "failed") == {sample.broken}
    assert ids("--status", "open") == set()
    assert ids("--trace-id", sample.broken) == {sample.broken}
