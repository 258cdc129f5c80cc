"""The faust app of the stream worker: the raw topic, one agent, a timer and two hooks.

Why faust only as the consumer shell: faust brings the group membership, rebalancing,
offset bookkeeping and the worker lifecycle, but its per-record dispatch (several asyncio
tasks per Kafka record) and its table recovery (lossy on Tansu) must not decide
correctness or speed. So the agent
takes records in batches with ``noack_take`` and hands them to a :class:`Scheduler`, which
acks them only after :meth:`Pipeline.commit` returned; faust commits only acked offsets. No
faust tables: ClickHouse is the state. ``exactly_once`` is off (Tansu has no transactions);
the exactly-once *effect* comes from idempotent sinks.
"""

from __future__ import annotations

import logging
import os
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any

import faust

from fixtrace_config import Settings
from fixtrace_config.gc_tuning import STREAM_THRESHOLDS, tune_gc
from fixtrace_config.health import HealthFile
from sinks.clickhouse.store import ClickHouseStore
from streams import recovery
from streams.backoff import Progress
from streams.faust_transport import ShortFetchApp
from streams.micro_batch import Pipeline, PipelineConfig
from streams.prepare_pool import PreparePool, PrepareSetup
from streams.redact.models import Mode
from streams.scheduler import Scheduler

log = logging.getLogger(__name__)


@dataclass
class WorkerOptions:
    """Worker knobs that are not pipeline-wide Settings."""

    group_id: str = "fixtrace-streams"
    max_records: int = 500
    """Raw records per micro-batch (each carries 1..N events)."""
    flush_interval_s: float = 0.1
    session_timeout_s: float = 30.0
    heartbeat_interval_s: float | None = None
    commit_interval_s: float = 1.0
    redaction_mode: Mode = "redacted"
    web_port: int | None = None
    """None disables faust's web server; otherwise it binds 127.0.0.1:web_port."""
    sweep_interval_s: float = 1.0
    recheck_tail: int = 5000
    """Finalized-topic records per partition re-read at start to close the publish window."""
    stats_path: str | None = None
    record_latency: bool = False
    prepare_procs: int | None = None
    """1 runs the CPU step (decode, redact, rows) in a child process, 0 in a thread.
    None: 1 when the machine has two or more cores, else 0 (see streams/prepare_pool.py)."""

    def resolved_prepare_procs(self) -> int:
        if self.prepare_procs is not None:
            return self.prepare_procs
        return 1 if (os.cpu_count() or 1) >= 2 else 0


def build_app(settings: Settings, opts: WorkerOptions) -> tuple[faust.App, Pipeline]:
    """The faust app and its pipeline, wired but not started."""
    faust_dir = settings.data_dir.resolve() / "faust"
    faust_dir.mkdir(parents=True, exist_ok=True)  # faust creates only the last level
    app = ShortFetchApp(
        opts.group_id,
        broker=f"kafka://{settings.kafka_bootstrap}",
        value_serializer="raw",
        key_serializer="raw",
        web_enabled=opts.web_port is not None,
        web_host="127.0.0.1",
        web_port=opts.web_port or 6066,
        broker_session_timeout=opts.session_timeout_s,
        broker_heartbeat_interval=opts.heartbeat_interval_s or max(0.1, opts.session_timeout_s / 5),
        broker_commit_interval=opts.commit_interval_s,
        consumer_auto_offset_reset="earliest",
        topic_allow_declare=False,
        topic_disable_leader=True,
        producer_acks=-1,
        store="memory://",
        datadir=str(faust_dir / opts.group_id),  # under data_dir, not wherever we started
    )
    raw = app.topic(settings.topic_raw, value_serializer="raw", key_serializer="raw")
    preparer = PreparePool(
        PrepareSetup(settings, opts.redaction_mode), opts.resolved_prepare_procs()
    )

    async def send(topic: str, key: bytes | None, value: bytes) -> None:
        """Publish, and return once the broker acknowledged the record (acks=all)."""
        acked = await app.producer.send(
            topic, key, value, partition=None, timestamp=None, headers=None
        )
        await acked

    pipeline = Pipeline(
        PipelineConfig(
            topic_dlq=settings.topic_dlq,
            topic_finalized=settings.topic_finalized,
            gap_timeout_s=settings.gap_timeout_s,
            record_latency=opts.record_latency,
        ),
        ClickHouseStore.open(settings.resolved_clickhouse_dsn),
        preparer,
        send,
        Progress(HealthFile(settings.data_dir.resolve(), "stream worker")),
    )

    @app.agent(raw, concurrency=1)
    async def process(stream: Any) -> None:
        scheduler = Scheduler(pipeline, stream.ack, opts.max_records, opts.stats_path)
        try:
            async for records in stream.noack_take(opts.max_records, within=opts.flush_interval_s):
                scheduler.poll()
                await scheduler.submit(list(records))
        finally:
            await scheduler.join()

    @app.timer(opts.sweep_interval_s)
    async def sweep() -> None:
        await pipeline.sweep()

    @app.on_partitions_assigned.connect
    async def on_assigned(sender: Any, assigned: Any, **_: Any) -> None:
        mine = {tp.partition for tp in assigned if tp.topic == settings.topic_raw}
        await recovery.on_assigned(pipeline, settings, mine, opts.recheck_tail)

    @app.task
    async def start_preparer() -> None:
        log.info("CPU step runs in %s", preparer.where)
        try:
            await preparer.warm_up()
        except BrokenProcessPool:
            # Not replaced here: the scheduler replaces a broken pool when a batch fails on
            # it, and a second replacer could close the fresh pool under its batches.
            log.exception("the prepare child did not start; the first batch starts another")
        tune_gc(STREAM_THRESHOLDS)  # start-up is done: see fixtrace_config/gc_tuning.py

    @app.on_before_shutdown.connect
    async def stop_preparer(app: Any, **_: Any) -> None:
        preparer.close()
        pipeline.progress.health.remove()

    return app, pipeline
