"""QA runs against the real store (chdb): deterministic run ids, replays side by side."""

from __future__ import annotations

import json
import uuid
from pathlib import Path

import pytest

from bench.sample_repo import SampleRepo, sample_fix_trace, write_trace
from fixtrace_config import Settings
from qa_agents.judge.rubric import RUBRIC_DIR
from qa_agents.qa_run import QAPipeline
from qa_agents.runconfig import qa_config
from qa_agents.validate import validate_trace
from schemas.document import CONSENT_DROPPED_RULE, Redaction
from schemas.models import ReplayRequest, Task
from sinks.blobs import FilesystemBlobStore
from sinks.clickhouse.store import ClickHouseStore
from tests.qa.conftest import make_runner


@pytest.fixture()
def store(chdb_dsn: str) -> ClickHouseStore:
    return ClickHouseStore.open(chdb_dsn, database=f"qa_{uuid.uuid4().hex[:8]}")


@pytest.fixture()
def rubric_dir(tmp_path: Path) -> Path:
    """A folder with rubric 1.9 (a test-only version): v1.0 with minimality weighted double."""
    data = json.loads((RUBRIC_DIR / "v1.0.json").read_text())
    data["version"] = "1.9"
    for c in data["criteria"]:
        if c["name"] == "minimality_of_fix":
            c["weight"] = 2.0
    (tmp_path / "rubrics").mkdir()
    (tmp_path / "rubrics" / "v1.9.json").write_text(json.dumps(data))
    return tmp_path / "rubrics"


def test_run_id_is_deterministic_and_config_sensitive(qa_settings: Settings) -> None:
    a = qa_config(qa_settings).run_id("t1")
    assert a == qa_config(qa_settings).run_id("t1")
    assert a != qa_config(qa_settings).run_id("t2")
    assert a != qa_config(qa_settings, ReplayRequest(rubric_version="1.9")).run_id("t1")
    assert a == qa_config(qa_settings, ReplayRequest()).run_id("t1")  # nothing overridden


def test_replay_same_config_adds_no_run_new_rubric_adds_one(
    qa_settings: Settings,
    blobs: FilesystemBlobStore,
    sample_repo: SampleRepo,
    store: ClickHouseStore,
    rubric_dir: Path,
) -> None:
    settings = qa_settings.model_copy(
        update={"rubric_dir": rubric_dir, "final_inline_max_bytes": 4096}
    )
    opened, events, fin = sample_fix_trace(sample_repo, blobs)
    opened = opened.model_copy(update={"task": Task()})  # no bug report: MRE skipped
    finalized = write_trace(store, opened, events, fin, blobs)
    pipeline = QAPipeline(
        settings, store, blobs, tests_runner=make_runner(settings, blobs, sample_repo)
    )

    first = pipeline.process(finalized)
    assert [r.stage for r in first.results] == ["schema", "tests", "mre", "judge", "final"]
    by_stage = {r.stage: r for r in first.results}
    assert by_stage["mre"].status == "skipped" and "no_bug_report" in by_stage["mre"].flags
    assert by_stage["tests"].status == "ok"

    again = pipeline.process(finalized.model_copy(update={"replay": ReplayRequest()}))
    assert again.already_done and again.run_id == first.run_id

    rescored = pipeline.process(
        finalized.model_copy(update={"replay": ReplayRequest(rubric_version="1.9")})
    )
    assert not rescored.already_done and rescored.run_id != first.run_id

    names, rows = store.query(
        "SELECT run_id, rubric_version, judge_mode, judge_overall FROM qa_results FINAL "
        "WHERE trace_id = {t:String} AND stage = 'judge' ORDER BY rubric_version",
        {"t": finalized.trace_id},
    )
    assert [(r[0], r[1], r[2]) for r in rows] == [
        (first.run_id, "1.1", "heuristic"),
        (rescored.run_id, "1.9", "heuristic"),
    ]
    _, runs = store.query(
        "SELECT uniqExact(run_id), count() FROM qa_results FINAL WHERE trace_id = {t:String}",
        {"t": finalized.trace_id},
    )
    assert runs == [(2, 10)]
    final = json.loads(by_stage["final"].result_json)
    document = json.loads(blobs.get(final["final_trace_blob_id"]))
    assert document["qa"]["run_id"] == first.run_id
    assert document["qa"]["tests"]["final_passed"] is True
    assert document["qa"]["judge"]["mode"] == "heuristic"
    inlined = {b["blob_id"]: b["inline"] for b in document["artifacts"]["blobs"]}
    assert inlined[fin.final_state.pr.diff_blob_id].startswith("diff --git")
    # The trace row points at the newest run's final_trace.json (the re-scored one).
    stored = store.assemble(finalized.trace_id, metadata_only=True)
    rescored_final = json.loads(rescored.results[-1].result_json)["final_trace_blob_id"]
    assert stored.final_state.final_trace_blob_id == rescored_final


def test_unknown_trace_and_unknown_rubric_are_recorded_not_raised(
    qa_settings: Settings,
    blobs: FilesystemBlobStore,
    sample_repo: SampleRepo,
    store: ClickHouseStore,
) -> None:
    pipeline = QAPipeline(
        qa_settings, store, blobs, tests_runner=make_runner(qa_settings, blobs, sample_repo)
    )
    opened, events, fin = sample_fix_trace(sample_repo, blobs)
    finalized = write_trace(store, opened, events, fin)
    ghost = pipeline.process(finalized.model_copy(update={"trace_id": "no-such-trace"}))
    assert ghost.results[0].flags == ["trace_not_found"]
    bad = pipeline.process(
        finalized.model_copy(update={"replay": ReplayRequest(rubric_version="9.9")})
    )
    judge = next(r for r in bad.results if r.stage == "judge")
    assert judge.status == "failed" and "rubric_not_found" in judge.flags
    assert next(r for r in bad.results if r.stage == "final").status == "ok"


def test_validation_reports_gaps_bad_payloads_and_missing_blobs(
    blobs: FilesystemBlobStore, sample_repo: SampleRepo, store: ClickHouseStore
) -> None:
    opened, events, fin = sample_fix_trace(sample_repo, blobs)
    finalized = write_trace(store, opened, events, fin)
    doc = store.assemble(finalized.trace_id)
    assert doc is not None
    assert validate_trace(doc, blobs).schema_valid

    broken = doc.model_copy(deep=True)
    del broken.events[3]  # a gap at seq 4
    broken.events[0].payload.content_text = None  # a thought with no text
    broken.final_state.pr.diff_blob_id = "sha256:" + "0" * 64  # never stored
    report = validate_trace(broken, blobs)
    assert not report.schema_valid
    text = "\n".join(report.problems)
    assert "seq gaps: 1 missing" in text
    assert "neither content_text nor content_blob_id" in text
    assert "final_state.pr.diff_blob_id: blob sha256:000" in text


def test_content_withheld_by_consent_is_not_a_schema_problem(
    blobs: FilesystemBlobStore, sample_repo: SampleRepo, store: ClickHouseStore
) -> None:
    """A capture without raw-code consent stores its snapshots without text (the stream
    drops it and records why): that trace is valid. Before, every `fixtrace capture` session
    with default consent came out schema_invalid."""
    opened, events, fin = sample_fix_trace(sample_repo, blobs)
    doc = store.assemble(write_trace(store, opened, events, fin).trace_id)
    assert doc is not None
    withheld = doc.model_copy(deep=True)
    withheld.events[0].payload.content_text = None
    withheld.events[0].redaction = Redaction(
        applied=True, rules=[CONSENT_DROPPED_RULE], counts={CONSENT_DROPPED_RULE: 1}
    )
    assert validate_trace(withheld, blobs).schema_valid
