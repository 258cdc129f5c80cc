"""QA is owed to every finished trace, not to every ``TraceFinalized`` record (issue 28).

The fault: `fixtrace up` was SIGKILLed while a trace's sandboxed tests ran; after the
restart the trace stayed ``complete`` with no QA row for good, because recovery read the
finalized topic, which had lost its records. Here the topic never gets the record at all
(the worst case of a lost topic): the worker must find the trace in ClickHouse and run its
QA once, and a second worker start must not run it again.
"""

from __future__ import annotations

import asyncio
import uuid
from typing import Any

import pytest

from bench.sample_repo import SampleRepo, sample_fix_trace, write_trace
from fixtrace_config import Settings
from qa_agents.qa_run import QAPipeline, RunReport
from qa_agents.worker import QAWorker
from sinks.blobs import FilesystemBlobStore
from sinks.clickhouse.store import ClickHouseStore
from tests.qa.conftest import make_runner


@pytest.mark.slow
async def test_a_complete_trace_whose_finalized_record_was_lost_gets_exactly_one_qa_run(
    worker_settings: Settings,
    chdb_dsn: str,
    blobs: FilesystemBlobStore,
    sample_repo: SampleRepo,
    kafka_group_kwargs: dict[str, Any],
) -> None:
    store = ClickHouseStore.open(chdb_dsn, database=f"qaowed_{uuid.uuid4().hex[:8]}")
    finalized = write_trace(store, *sample_fix_trace(sample_repo, blobs))
    runner = make_runner(worker_settings, blobs, sample_repo)

    async def one_start() -> tuple[list[RunReport], int]:
        """Start a worker, let its start-up check (and the runs it finds) finish, stop it."""
        reports: list[RunReport] = []
        pipeline = QAPipeline(worker_settings, store, blobs, tests_runner=runner)
        worker = QAWorker(
            worker_settings, pipeline, consumer_kwargs=kafka_group_kwargs,
            on_report=reports.append, owed_check_s=3600.0,
        )  # fmt: skip
        running = asyncio.ensure_future(worker.run())
        await asyncio.wait_for(worker.owed_checked.wait(), timeout=120)
        worker.stop()
        stats = await asyncio.wait_for(running, timeout=30)
        return reports, stats.owed_runs

    reports, owed_runs = await one_start()
    assert owed_runs == 1 and [r.trace_id for r in reports] == [finalized.trace_id]
    runs = {r.run_id for r in store.qa_results(finalized.trace_id) if r.stage == "final"}
    assert len(runs) == 1

    reports, owed_runs = await one_start()  # a restart: the trace is no longer owed
    assert (reports, owed_runs) == ([], 0)
    assert {r.run_id for r in store.qa_results(finalized.trace_id)} == runs
