"""Importing real SWE-bench predictions files (the harness's own input) with their records.

The predictions are the published submissions under ``bench/data/swebench/predictions``
(Daemon, CodeR, glm-5.3; sources in that folder's README), the records the published SWE-bench
Lite rows of ``records.jsonl``. Parsing, matching and ids need no broker; the CLI test sends to
the test broker and reads back what a stream worker would receive.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from fixtrace.cli import app
from fixtrace_config import Settings
from producers.importers.base import ImportFormatError
from producers.importers.batch import predictions_items, prepare
from producers.importers.predictions import EMPTY_PATCH_NOTE, iter_predictions, parse
from producers.importers.run import collect
from producers.importers.swebench import apply_record, load_records
from schemas.models import EventBatch, TraceFinalize, TraceOpened
from sinks.blobs import FilesystemBlobStore
from tests.producers.helpers import read_topic
from tests.producers.test_import_swebench import memory_blobs

DATA = Path(__file__).resolve().parents[2] / "bench" / "data" / "swebench"
PREDICTIONS = DATA / "predictions"
DAEMON = PREDICTIONS / "20260923_Daemon" / "all_preds.jsonl"
CODER = PREDICTIONS / "20240604_CodeR" / "all_preds.jsonl"
GLM = PREDICTIONS / "glm-5.3-zcode-campaign" / "predictions_swebench.jsonl"
RECORDS = DATA / "records.jsonl"


def lines(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def prepared(path: Path, batch: str | None = None) -> list:
    records = load_records(RECORDS)
    out = []
    for item in predictions_items([path], batch):
        ready, outcome = prepare(item, records)
        assert outcome is None and ready is not None, outcome
        out.append(ready)
    return out


@pytest.mark.parametrize("path", [DAEMON, CODER, GLM], ids=["daemon", "coder", "glm"])
def test_every_prediction_becomes_a_trace_with_its_record(path: Path) -> None:
    raw = lines(path)
    traces = prepared(path)
    assert [p.trace.instance_id for p in traces] == [r["instance_id"] for r in raw]
    for ready, line in zip(traces, raw, strict=True):
        trace, record = ready.trace, ready.record
        blobs, put = memory_blobs()
        apply_record(trace, record, put)
        opened = trace.opened
        assert (opened.repo.repo_id, opened.repo.commit_base) == (record.repo, record.base_commit)
        assert opened.task.task_id == line["instance_id"]
        assert opened.task.bug_report.description == record.problem_statement.strip()
        spec = opened.task.evaluation
        assert spec.fail_to_pass == record.fail_to_pass
        assert blobs[spec.test_patch_blob_id] == record.test_patch
        assert trace.final_patch == line["model_patch"]
        model = line["model_name_or_path"]
        assert opened.task.labels == [
            "import:predictions",
            "no-trajectory",
            f"model:{model}",
            f"import-batch:{model}",  # the harness names a run by its model
        ]
        assert trace.events == [] and trace.notes == []


def test_ids_are_derived_from_the_prediction_not_the_file_layout(tmp_path: Path) -> None:
    """The same predictions as JSONL, a JSON list, and SWE-agent's {instance_id: pred} object
    are the same traces; another submission's patch for the same instance is another."""
    raw = lines(DAEMON)
    as_list = tmp_path / "preds.json"
    as_list.write_text(json.dumps(raw))
    as_dict = tmp_path / "preds_by_id.json"
    as_dict.write_text(json.dumps({r["instance_id"]: r for r in raw}))
    ids = [[p.trace.opened.trace_id for p in prepared(f)] for f in (DAEMON, as_list, as_dict)]
    assert ids[0] == ids[1] == ids[2] and len(set(ids[0])) == len(raw)
    assert ids[0] == [p.trace.opened.trace_id for p in prepared(DAEMON)]  # stable
    daemon = {p.trace.instance_id: p.trace.opened.trace_id for p in prepared(DAEMON)}
    coder = {p.trace.instance_id: p.trace.opened.trace_id for p in prepared(CODER)}
    shared = daemon.keys() & coder.keys()
    assert shared and all(daemon[i] != coder[i] for i in shared)


def test_empty_duplicate_and_bad_predictions(tmp_path: Path) -> None:
    """Harness rules: an empty patch is graded (unresolved), the last prediction of an
    instance wins; a bad line fails alone with its line number."""
    first, second, *_ = lines(DAEMON)
    preds = tmp_path / "mixed.jsonl"
    preds.write_text(
        "\n".join(
            [
                json.dumps(first),
                json.dumps({**second, "model_patch": ""}),
                "{not json",
                json.dumps({"model_patch": "x"}),
                json.dumps({**first, "model_patch": first["model_patch"] + "\n"}),
            ]
        )
        + "\n"
    )
    records = load_records(RECORDS)
    outcomes = {}
    for item in collect("predictions", [preds], None):
        ready, outcome = prepare(item, records)
        outcomes[item.where.rsplit(":", 1)[1]] = ready or outcome
    assert outcomes["1"].status == "skipped"
    assert outcomes["1"].reason == f"a later prediction for {first['instance_id']} ({preds}:5)"
    assert outcomes["2"].trace.final_patch is None
    assert outcomes["2"].trace.notes == [EMPTY_PATCH_NOTE]
    assert outcomes["3"].status == "failed" and outcomes["3"].reason.startswith(
        f"{preds}:3: not JSON"
    )
    assert outcomes["4"].reason == f"{preds}:4: instance_id: Field required"
    assert outcomes["5"].trace.final_patch.endswith("\n\n")


def test_unreadable_or_empty_files_are_one_clear_error(tmp_path: Path) -> None:
    empty = tmp_path / "empty.jsonl"
    empty.write_text("\n")
    with pytest.raises(ImportFormatError, match="no predictions"):
        list(iter_predictions(empty))
    items = collect("predictions", [tmp_path / "missing.jsonl"], None)
    _, outcome = prepare(items[0], None)
    assert outcome.status == "failed" and "cannot read" in outcome.reason
    assert parse(GLM).instance_id == "pytest-dev__pytest-5103"


@pytest.fixture()
def env(unique_topics: Settings, tmp_path: Path) -> dict[str, str]:
    return {
        "FIXTRACE_KAFKA_BOOTSTRAP": unique_topics.kafka_bootstrap,
        "FIXTRACE_TOPIC_RAW": unique_topics.topic_raw,
        "FIXTRACE_DATA_DIR": str(tmp_path / "data"),
        "FIXTRACE_BLOB_URL": (tmp_path / "blobs").as_uri(),
    }


def test_cli_sends_patch_only_traces(
    env: dict[str, str], unique_topics: Settings, tmp_path: Path
) -> None:
    raw = lines(GLM)
    preds = tmp_path / "preds.jsonl"
    empty = {**lines(DAEMON)[0], "model_patch": None}
    preds.write_text("\n".join(json.dumps(r) for r in [*raw, empty]) + "\n")
    args = ["import", "predictions", str(preds), "--instances", str(RECORDS), "--json"]
    result = CliRunner().invoke(app, args, env=env)
    assert result.exit_code == 0, result.output
    assert "2 imported, 0 skipped, 0 failed" in result.output
    outcomes = json.loads(result.stdout[result.stdout.index("[") :])
    assert outcomes[0]["reason"] == "record from records file"
    assert outcomes[1]["reason"] == f"record from records file; {EMPTY_PATCH_NOTE}"
    sent = asyncio.run(read_topic(unique_topics.kafka_bootstrap, unique_topics.topic_raw))
    glm_tid = outcomes[0]["trace_id"]
    opened = {r.trace_id: r for r in sent if isinstance(r, TraceOpened)}
    assert opened[glm_tid].task.evaluation.instance_id == "pytest-dev__pytest-5103"
    events = [e for r in sent if isinstance(r, EventBatch) and r.trace_id == glm_tid
              for e in r.events]  # fmt: skip
    assert [e.type for e in events] == ["pr_metadata"]  # the patch, and no agent steps
    finals = {r.trace_id: r.final_state for r in sent if isinstance(r, TraceFinalize)}
    diff_blob = finals[glm_tid].pr.diff_blob_id
    assert diff_blob == events[0].payload.diff_blob_id
    stored = FilesystemBlobStore(tmp_path / "blobs").get(diff_blob).decode()
    assert stored == raw[0]["model_patch"]
    assert finals[outcomes[1]["trace_id"]].pr.diff_blob_id is None  # the empty patch
