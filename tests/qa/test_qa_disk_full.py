"""The QA worker on a full disk waits instead of dead-lettering (issue 28).

The fault: with the data disk full the QA worker dead-lettered 14 finalized traces on a
storage error (three quick attempts, then the dead-letter topic), and their QA stayed
missing after space came back. Here the pipeline's blob store lives on a real 2 MiB tmpfs
filled to ENOSPC: the worker must say ``paused``, dead-letter nothing, and finish the run
by itself once the space is back.
"""

from __future__ import annotations

import asyncio
import uuid
from pathlib import Path
from typing import Any

import pytest
from aiokafka import AIOKafkaProducer

from bench.sample_repo import SampleRepo, sample_fix_trace, write_trace
from fixtrace_config import Settings
from qa_agents.qa_run import QAPipeline, RunReport
from qa_agents.worker import QAWorker
from schemas.codec import encode
from sinks.blobs import FilesystemBlobStore
from sinks.clickhouse.store import ClickHouseStore
from tests.qa.conftest import make_runner
from tests.tiny_disk import fill, tiny_disk


@pytest.mark.slow
async def test_a_full_disk_pauses_qa_and_nothing_is_dead_lettered(
    worker_settings: Settings,
    chdb_dsn: str,
    sample_repo: SampleRepo,
    kafka_group_kwargs: dict[str, Any],
    tmp_path: Path,
) -> None:
    with tiny_disk(tmp_path / "tiny", size="4m") as disk:
        blobs = FilesystemBlobStore(disk / "blobs", fsync=False)
        store = ClickHouseStore.open(chdb_dsn, database=f"qadisk_{uuid.uuid4().hex[:8]}")
        finalized = write_trace(store, *sample_fix_trace(sample_repo, blobs))
        pipeline = QAPipeline(
            worker_settings, store, blobs,
            tests_runner=make_runner(worker_settings, blobs, sample_repo),
        )  # fmt: skip
        producer = AIOKafkaProducer(bootstrap_servers=worker_settings.kafka_bootstrap)
        await producer.start()
        try:
            await producer.send_and_wait(
                worker_settings.topic_finalized, encode(finalized),
                key=finalized.trace_id.encode(),
            )  # fmt: skip
        finally:
            await producer.stop()
        filler = fill(disk)

        reports: list[RunReport] = []
        done = asyncio.Event()

        def seen(report: RunReport) -> None:
            reports.append(report)
            done.set()

        worker = QAWorker(
            worker_settings, pipeline, consumer_kwargs=kafka_group_kwargs, on_report=seen,
            first_delay_s=0.2,
        )  # fmt: skip
        running = asyncio.ensure_future(worker.run())
        try:
            for _ in range(600):  # the worker's own state, written as it changes
                current = worker.health.current
                if current is not None and current.state == "paused" or running.done():
                    break
                await asyncio.sleep(0.1)
            assert worker.health.current is not None
            assert worker.health.current.state == "paused", worker.health.current
            assert "disk space" in worker.health.current.detail
            assert worker.stats.dead_lettered == 0 and not reports

            filler.unlink()
            await asyncio.wait_for(done.wait(), timeout=120)
        finally:
            worker.stop()
            stats = await asyncio.wait_for(running, timeout=30)
        assert stats.dead_lettered == 0
        assert [r.trace_id for r in reports] == [finalized.trace_id]
        final = [r for r in store.qa_results(finalized.trace_id) if r.stage == "final"]
        assert [r.status for r in final] == ["ok"]
