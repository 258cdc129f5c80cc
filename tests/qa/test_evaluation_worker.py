"""Benchmark verdicts through the real QA worker: broker (Tansu), chdb, blobs, bwrap sandbox.

Two traces of the same instance with equal work and different final patches (right and
subtly wrong), plus a trace without an evaluation spec, go through the worker; the verdict
must reach every place users look: the tests stage, ``trace_summary``, the judge (the
wrong fix scores lower), ``final_trace.json`` and the batch report.
"""

from __future__ import annotations

import json
import uuid
from typing import Any

import pytest
from aiokafka import AIOKafkaProducer

from bench.sample_repo import REPO_ID as SAMPLE_REPO_ID
from bench.sample_repo import SampleRepo, sample_fix_trace, write_trace
from fixtrace.ops.batch_report import batch_report
from fixtrace.ops.query import ClientBackend
from fixtrace_config import Settings
from qa_agents.qa_run import QAPipeline
from qa_agents.repo_tests import ReposConfig, RepoSpec, RepoTestRunner
from qa_agents.worker import QAWorker
from schemas.codec import encode
from sinks.blobs import FilesystemBlobStore
from sinks.clickhouse.store import ClickHouseStore
from tests.qa.bench_instance import INSTALL, REPO_ID, bench_trace, make_bench_instance

BATCH = "import-batch:worker-test"


@pytest.mark.slow
async def test_worker_grades_right_and_wrong_fixes_and_every_view_shows_it(
    worker_settings: Settings,
    chdb_dsn: str,
    blobs: FilesystemBlobStore,
    sample_repo: SampleRepo,
    kafka_group_kwargs: dict[str, Any],
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    settings = worker_settings
    database = f"qae_{uuid.uuid4().hex[:8]}"
    store = ClickHouseStore.open(chdb_dsn, database=database)
    inst = make_bench_instance(tmp_path_factory.mktemp("worker-bench") / "chunky")
    right = bench_trace(inst, blobs, inst.correct, labels=(BATCH,))
    wrong = bench_trace(inst, blobs, inst.wrong, labels=(BATCH,))
    plain = sample_fix_trace(sample_repo, blobs)
    finalized = [write_trace(store, *records, blobs) for records in (right, wrong, plain)]
    repos = ReposConfig(
        repos={
            REPO_ID: RepoSpec(source=str(inst.path), install=INSTALL),
            SAMPLE_REPO_ID: RepoSpec(source=str(sample_repo.path)),
        }
    )
    runner = RepoTestRunner(settings, blobs, repos=repos)
    pipeline = QAPipeline(settings, store, blobs, tests_runner=runner)

    producer = AIOKafkaProducer(bootstrap_servers=settings.kafka_bootstrap)
    await producer.start()
    try:
        for fin in finalized:
            await producer.send_and_wait(
                settings.topic_finalized, encode(fin), key=fin.trace_id.encode()
            )
    finally:
        await producer.stop()
    worker = QAWorker(settings, pipeline, consumer_kwargs=kafka_group_kwargs)
    stats = await worker.run(max_records=3)
    assert stats.runs == 3

    right_id, wrong_id, plain_id = (f.trace_id for f in finalized)
    tests = {
        tid: json.loads(next(r for r in store.qa_results(tid) if r.stage == "tests").result_json)
        for tid in (right_id, wrong_id, plain_id)
    }
    assert tests[right_id]["resolved"] is True
    assert tests[wrong_id]["resolved"] is False
    assert tests[plain_id]["resolved"] is None and tests[plain_id]["final_passed"] is True

    # trace_summary: the column the analysts (and the web UI) filter on.
    _, rows = store.query(
        "SELECT trace_id, resolved, eval_instance_id, judge_overall FROM trace_summary "
        "WHERE trace_id IN {ids:Array(String)}",
        {"ids": [right_id, wrong_id, plain_id]},
    )
    summary = {r[0]: r[1:] for r in rows}
    assert summary[right_id][:2] == (True, "fixtrace-tests__chunky-1")
    assert summary[wrong_id][:2] == (False, "fixtrace-tests__chunky-1")
    assert summary[plain_id][:2] == (None, None)

    # The judge: equal work, but the held-out tests prove one fix wrong.
    judges = {
        tid: next(r for r in store.qa_results(tid) if r.stage == "judge")
        for tid in (right_id, wrong_id)
    }
    right_judge = json.loads(judges[right_id].result_json)
    wrong_judge = json.loads(judges[wrong_id].result_json)
    assert wrong_judge["overall"] < right_judge["overall"]
    assert wrong_judge["rubric_version"] == "1.1"
    assert "fix_fails_held_out_tests" in wrong_judge["flags"]
    assert "fix_fails_held_out_tests" not in right_judge["flags"]
    packet = blobs.get(wrong_judge["packet_blob_id"]).decode()
    assert json.loads(packet)["qa_tests"]["resolved"] is False
    assert "test_remainder_two" in packet  # which held-out test failed
    gold_line = "for i in range(0, len(seq), n)"
    assert gold_line in inst.correct and gold_line not in packet  # never the gold patch

    # final_trace.json carries the verdict and the per-test outcomes.
    final = json.loads(
        next(r for r in store.qa_results(wrong_id) if r.stage == "final").result_json
    )
    document = json.loads(blobs.get(final["final_trace_blob_id"]))
    assert document["qa"]["tests"]["resolved"] is False
    held = {t["test_id"]: t["after"] for t in document["qa"]["tests"]["evaluation"]["tests"]}
    assert held["tests/test_tail.py::test_remainder_two"] == "FAILED"

    # The batch report counts each instance once (the newest trace): here the wrong fix.
    backend = ClientBackend(chdb_dsn, database=database)
    try:
        report = batch_report(backend, "worker-test")
    finally:
        backend.close()
    assert report.submitted_ids == ["fixtrace-tests__chunky-1"]
    assert report.resolved_ids + report.unresolved_ids == ["fixtrace-tests__chunky-1"]
