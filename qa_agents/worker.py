"""The QA worker: consumes ``traces.finalized``, runs a QA run per record, publishes results.

One writer: the worker writes ``qa_results`` through the store itself *before* it commits
the offset, so a committed offset always means stored results. The ``qa.results`` topic is
a feed for other consumers (dashboards, alerting, a remote sink); the stream sink must not
also write it into ClickHouse. Both paths are idempotent anyway (deterministic run ids,
ReplacingMergeTree keys), so a second writer would be harmless, only wasteful.

A record that cannot be decoded, or whose run fails on the record itself (poison, see
:mod:`fixtrace_config.failures`), goes to the dead-letter topic and is committed: the
consumer never stops on one bad trace. A run that fails on infrastructure (ClickHouse or
the blob store down, a full disk) is never dead-lettered: the worker waits, retrying with
backoff, says ``paused``/``retrying``/``stuck`` in `fixtrace status`, and goes on by itself
when the failure ends.

QA is owed to every finished trace, not to every record: with ``owed_check_s`` set, the
worker asks ClickHouse at start and then periodically for finished traces without a QA run
under its configuration and runs them (a crash can lose a ``TraceFinalized`` record, never
the ``traces`` row). Run ids are deterministic, so a trace found both ways runs once.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from typing import Any

from aiokafka import AIOKafkaConsumer, AIOKafkaProducer, ConsumerRecord
from pydantic import BaseModel

from fixtrace_config import Settings
from fixtrace_config.failures import classify, disk_full
from fixtrace_config.health import HealthFile
from qa_agents.qa_run import QAPipeline, RunReport
from schemas.codec import CodecError, decode, encode
from schemas.models import DeadLetter, TraceFinalized

log = logging.getLogger(__name__)

STUCK_AFTER = 5
"""Failed attempts of one run in a row after which the worker reports ``stuck``."""
OWED_GRACE_S = 60.0
"""A trace finished this recently is left to its ``TraceFinalized`` record (in flight)."""


class _Stopping(Exception):
    """Stop was asked while a run waited out an outage: leave the record uncommitted."""


class WorkerStats(BaseModel):
    records: int = 0
    runs: int = 0
    already_done: int = 0
    dead_lettered: int = 0
    results_published: int = 0
    owed_runs: int = 0
    """Runs of finished traces found in ClickHouse without a QA run (not from the topic)."""


class QAWorker:
    """Consumer-group member of ``topic_finalized``; one record at a time per worker."""

    def __init__(
        self,
        settings: Settings,
        pipeline: QAPipeline,
        *,
        consumer_kwargs: dict[str, Any] | None = None,
        on_report: Callable[[RunReport], None] | None = None,
        owed_check_s: float | None = None,
        first_delay_s: float = 0.5,
    ) -> None:
        self.settings = settings
        self.pipeline = pipeline
        self.consumer_kwargs = consumer_kwargs or {}
        self.on_report = on_report
        self.owed_check_s = owed_check_s
        self.first_delay_s = first_delay_s
        self.stats = WorkerStats()
        self.health = HealthFile(settings.data_dir.resolve(), "qa worker")
        self._stop = asyncio.Event()
        self.owed_checked = asyncio.Event()
        """Set after each check for owed traces (and their runs) is done."""

    def stop(self) -> None:
        """Ask the loop to finish the current record and return."""
        self._stop.set()

    async def run(self, *, max_records: int | None = None) -> WorkerStats:
        """Consume until :meth:`stop` or ``max_records`` records were handled."""
        s = self.settings
        consumer = AIOKafkaConsumer(
            s.topic_finalized,
            bootstrap_servers=s.kafka_bootstrap,
            group_id=s.qa_consumer_group,
            enable_auto_commit=False,
            auto_offset_reset="earliest",
            max_poll_interval_ms=max(300_000, int(s.qa_test_timeout_s * 4 * 1000)),
            **self.consumer_kwargs,
        )
        producer = AIOKafkaProducer(bootstrap_servers=s.kafka_bootstrap, acks="all")
        await producer.start()
        await consumer.start()
        self.health.set("ok")
        handled = 0
        next_owed = 0.0 if self.owed_check_s is not None else float("inf")
        first_check = True
        try:
            while not self._stop.is_set():
                if time.monotonic() >= next_owed:
                    # At start everything finished is owed; later, recent completions are
                    # left to their records, which are on their way.
                    grace = 0.0 if first_check else OWED_GRACE_S
                    await self._run_owed(producer, grace)
                    first_check = False
                    next_owed = time.monotonic() + (self.owed_check_s or 0.0)
                batch = await consumer.getmany(timeout_ms=500, max_records=1)
                for tp, records in batch.items():
                    for record in records:
                        try:
                            await self._handle(record, producer)
                        except _Stopping:
                            return self.stats
                        await consumer.commit({tp: record.offset + 1})
                        self.stats.records += 1
                        handled += 1
                        if max_records is not None and handled >= max_records:
                            return self.stats
        except _Stopping:
            return self.stats
        finally:
            self.health.remove()
            await consumer.stop()
            await producer.stop()
        return self.stats

    async def _run_owed(self, producer: AIOKafkaProducer, grace_s: float) -> None:
        """Run QA for finished traces ClickHouse knows have none under this configuration."""
        before = time.time_ns() // 1_000_000 - int(grace_s * 1000)
        owed = await self._until_done(
            "finding traces owed a QA run",
            lambda: asyncio.to_thread(self.pipeline.owed, before),
        )
        if owed:
            log.warning("%d finished trace(s) have no QA run yet; running them", len(owed))
        for finalized in owed:
            if self._stop.is_set():
                raise _Stopping
            report = await self._process(finalized, None, producer)
            if report is not None and not report.already_done:
                self.stats.owed_runs += 1
        self.owed_checked.set()

    async def _until_done(self, what: str, attempt: Callable[[], Any]) -> Any:
        """``attempt()`` until it succeeds; poison is raised, infrastructure waited out
        (with backoff, reported in the worker's health), a stop request raises _Stopping."""
        delay, failures = self.first_delay_s, 0
        while True:
            try:
                result = await attempt()
            except Exception as exc:
                kind, rule = classify(exc)
                if kind == "poison":
                    raise
                failures += 1
                log.warning("%s failed (%s, %d in a row): %s; retrying in %.1fs",
                            what, rule, failures, exc, delay)  # fmt: skip
                full = disk_full(exc)
                state = "paused" if full else "stuck" if failures >= STUCK_AFTER else "retrying"
                detail = f"{what}: {type(exc).__name__}: {exc}"
                self.health.set(state, f"waiting for disk space ({detail})" if full else detail,
                                failures)  # fmt: skip
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._stop.wait(), delay)
                if self._stop.is_set():
                    raise _Stopping from exc
                delay = min(delay * 2, 30.0)
            else:
                if failures:
                    log.warning("%s succeeded after %d failures", what, failures)
                self.health.set("ok")
                return result

    async def _handle(self, record: ConsumerRecord, producer: AIOKafkaProducer) -> None:
        try:
            finalized = decode(record.value)
            if not isinstance(finalized, TraceFinalized):
                raise CodecError(f"expected TraceFinalized, got {type(finalized).__name__}")
        except (CodecError, ValueError, TypeError) as exc:  # also a null value
            await self._dead_letter(producer, record, exc, "decode")
            return
        await self._process(finalized, record, producer)

    async def _process(
        self, finalized: TraceFinalized, record: ConsumerRecord | None, producer: AIOKafkaProducer
    ) -> RunReport | None:
        """One QA run: waited out on outages, dead-lettered (when it came from a record) on
        poison; publishes its results. None when it was dead-lettered or skipped."""
        try:
            report: RunReport = await self._until_done(
                f"QA run of {finalized.trace_id}",
                lambda: asyncio.to_thread(self.pipeline.process, finalized),
            )
        except _Stopping:
            raise
        except Exception as exc:  # poison: the record (or trace) itself is the problem
            if record is not None:
                await self._dead_letter(producer, record, exc, "qa_run")
            else:
                log.error("QA run of owed trace %s failed on the trace itself: %s",
                          finalized.trace_id, exc)  # fmt: skip
            return None
        if report.already_done:
            self.stats.already_done += 1
        else:
            self.stats.runs += 1
            futures = [
                await producer.send(self.settings.topic_qa, encode(r), key=r.trace_id.encode())
                for r in report.results
            ]
            await asyncio.gather(*futures)
            self.stats.results_published += len(futures)
        if self.on_report is not None:
            self.on_report(report)
        return report

    async def _dead_letter(
        self, producer: AIOKafkaProducer, record: ConsumerRecord, exc: Exception, stage: str
    ) -> None:
        self.stats.dead_lettered += 1
        log.error("dead-lettering %s:%s@%s: %s", record.topic, record.partition, record.offset, exc)
        letter = DeadLetter(
            reason=str(exc)[:2000],
            error_type=type(exc).__name__,
            stage=f"qa.{stage}",
            source_topic=record.topic,
            source_partition=record.partition,
            source_offset=record.offset,
            key=record.key,
            value=record.value or b"",
        )
        await producer.send_and_wait(self.settings.topic_dlq, encode(letter), key=record.key)


def open_pipeline(settings: Settings) -> QAPipeline:
    """The pipeline on the configured store and blob store."""
    from sinks.blobs import S3Endpoint, open_blob_store
    from sinks.clickhouse.store import ClickHouseStore

    store = ClickHouseStore.open(settings.resolved_clickhouse_dsn)
    blobs = open_blob_store(settings.resolved_blob_url, S3Endpoint.from_settings(settings))
    return QAPipeline(settings, store, blobs)


__all__ = ["QAWorker", "WorkerStats", "open_pipeline"]
