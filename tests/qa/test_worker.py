"""The QA worker end to end on the real broker (Tansu), the store (chdb) and a blob folder."""

from __future__ import annotations

import asyncio
import uuid
from typing import Any

import pytest
from aiokafka import AIOKafkaProducer
from typer.testing import CliRunner

from bench.kafka_helpers import read_records
from bench.sample_repo import SampleRepo, sample_fix_trace, write_trace
from fixtrace_config import Settings
from qa_agents.cli import app
from qa_agents.qa_run import QAPipeline, RunReport
from qa_agents.replay import (
    OffsetRange,
    Selection,
    publish_replays,
    select_from_store,
    select_from_topic,
)
from qa_agents.worker import QAWorker
from schemas.codec import decode, encode
from schemas.models import QAResult, ReplayRequest
from sinks.blobs import FilesystemBlobStore
from sinks.clickhouse.store import ClickHouseStore
from tests.qa.conftest import make_runner


async def _read_all(settings: Settings, topic: str, want: int) -> list[Any]:
    records = await read_records(settings.kafka_bootstrap, topic, want, timeout_s=20,
                                 enable_auto_commit=False)  # fmt: skip
    return [decode(r.value) for r in records]


@pytest.mark.slow
async def test_worker_runs_a_finalized_trace_then_ignores_a_same_config_replay(
    worker_settings: Settings,
    chdb_dsn: str,
    blobs: FilesystemBlobStore,
    sample_repo: SampleRepo,
    kafka_group_kwargs: dict[str, Any],
) -> None:
    settings = worker_settings
    store = ClickHouseStore.open(chdb_dsn, database=f"qaw_{uuid.uuid4().hex[:8]}")
    finalized = write_trace(store, *sample_fix_trace(sample_repo, blobs))
    pipeline = QAPipeline(
        settings, store, blobs, tests_runner=make_runner(settings, blobs, sample_repo)
    )

    producer = AIOKafkaProducer(bootstrap_servers=settings.kafka_bootstrap)
    await producer.start()
    try:
        await producer.send_and_wait(settings.topic_finalized, b"not avro", key=b"junk")
        await producer.send_and_wait(
            settings.topic_finalized, encode(finalized), key=finalized.trace_id.encode()
        )
    finally:
        await producer.stop()

    reports: list[RunReport] = []
    worker = QAWorker(
        settings, pipeline, consumer_kwargs=kafka_group_kwargs, on_report=reports.append
    )
    stats = await worker.run(max_records=2)
    assert (stats.runs, stats.dead_lettered, stats.results_published) == (1, 1, 5)
    stored = store.qa_results(finalized.trace_id)
    assert {r.stage: r.status for r in stored} == {
        "schema": "ok",
        "tests": "ok",
        "mre": "ok",
        "judge": "ok",
        "final": "ok",
    }
    assert store.mre_results(finalized.trace_id)[0]["run_id"] == reports[0].run_id
    published = await _read_all(settings, settings.topic_qa, 5)
    assert all(isinstance(r, QAResult) and r.run_id == reports[0].run_id for r in published)
    assert len(await _read_all(settings, settings.topic_dlq, 1)) == 1

    # Replay selection: by id from the store, by offsets from the topic; the CLI counts.
    assert [
        r.trace_id
        for r in select_from_store(store.query, Selection(trace_ids=[finalized.trace_id]))
    ] == [finalized.trace_id]
    ranges = [OffsetRange(partition=p, start=0) for p in range(settings.partitions_finalized)]
    from_topic = await select_from_topic(settings, ranges)
    assert [r.trace_id for r in from_topic] == [finalized.trace_id]
    env = {
        "FIXTRACE_KAFKA_BOOTSTRAP": settings.kafka_bootstrap,
        "FIXTRACE_TOPIC_FINALIZED": settings.topic_finalized,
    }
    args = ["replay", "--dry-run", *[f"--offsets={p}:0" for p in range(2)]]
    out = await asyncio.to_thread(CliRunner().invoke, app, args, env=env)
    assert out.exit_code == 0, out.output
    assert out.stdout.strip().splitlines()[-1] == "1"

    assert await publish_replays(settings, from_topic, ReplayRequest(requested_by="test")) == 1
    stats = await worker.run(max_records=1)
    assert stats.already_done == 1 and stats.results_published == 5  # nothing new
    assert len({r.run_id for r in store.qa_results(finalized.trace_id)}) == 1
