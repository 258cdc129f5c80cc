"""What a worker does when raw partitions are assigned to it, before it processes them.

Why: the worker keeps nothing on disk (faust tables recover lossily on Tansu, so none are
used); everything it needs to stay correct after a start or a rebalance is in ClickHouse or
on the finalized topic, and two things cannot wait for redelivered records to bring it:

* a trace that was finalized but still had gaps may have all its records committed, so
  nothing wakes it again: its gap timer is re-armed from ``traces`` (the timeout counts
  from now; a restart can only delay a ``missing_events`` verdict);
* a completion published just before a crash, but not yet marked in ``traces``, would be
  published again: the recent tail of the finalized topic is read, and what is there is
  remembered as published (the publish-then-mark window, see ``streams/README.md``);
* a bad record is dead-lettered once: the recent tail of the dead-letter topic is read, and
  a record already there (same source topic, partition, offset and error type) is not
  dead-lettered again by a redelivery, a restart or a new consumer group.

The pipeline makes no decision until both are done (:attr:`Pipeline.ready`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable

from aiokafka import AIOKafkaConsumer, TopicPartition
from aiokafka.partitioner import murmur2

from fixtrace_config import Settings
from schemas.codec import decode
from schemas.models import COMPLETE, MISSING_EVENTS, DeadLetter, TraceFinalized
from streams.micro_batch import Pipeline, letter_identity

log = logging.getLogger(__name__)


async def on_assigned(
    pipeline: Pipeline, settings: Settings, partitions: set[int], recheck_tail: int
) -> None:
    """Forget traces of partitions no longer ours, re-arm gap timers, re-read the tail."""
    log.info("assigned raw partitions %s", sorted(partitions))
    pipeline.ready.clear()  # the agent waits: no decisions before the re-checks
    try:
        pipeline.tracker.forget_partitions(partitions)
        await asyncio.to_thread(resume_finalizing, pipeline, settings.partitions_raw, partitions)
        await recheck_published(
            pipeline, settings.kafka_bootstrap, settings.topic_finalized, recheck_tail
        )
        await recheck_dead_letters(
            pipeline, settings.kafka_bootstrap, settings.topic_dlq, recheck_tail * 4
        )
    finally:
        pipeline.ready.set()


def partition_of(trace_id: str, partitions: int) -> int:
    """The default (murmur2) partition of a key: which raw partition owns a trace."""
    return (murmur2(trace_id.encode()) & 0x7FFFFFFF) % partitions


def resume_finalizing(pipeline: Pipeline, partitions_raw: int, mine: set[int]) -> None:
    """Re-arm the gap timers of finalized-but-incomplete traces of our partitions."""
    for trace_id, seq_last, finalized_at_ms in pipeline.store.finalizing_traces():
        part = partition_of(trace_id, partitions_raw)
        if part in mine:
            pipeline.tracker.finalize_seen(trace_id, part, seq_last, finalized_at_ms)


async def recheck_published(pipeline: Pipeline, bootstrap: str, topic: str, tail: int) -> None:
    """Remember the completions on the last ``tail`` records of each finalized partition."""

    def seen(rec: object) -> None:
        if isinstance(rec, TraceFinalized) and rec.replay is None:
            status = MISSING_EVENTS if rec.flags else COMPLETE
            pipeline.recently_published.add((rec.trace_id, status))

    await read_tail(bootstrap, topic, tail, seen)
    log.info("finalized-topic tail re-read: %d completions known", len(pipeline.recently_published))


async def recheck_dead_letters(pipeline: Pipeline, bootstrap: str, topic: str, tail: int) -> None:
    """Remember the records the last ``tail`` dead letters of each partition stand for."""

    def seen(rec: object) -> None:
        if isinstance(rec, DeadLetter):
            pipeline.lettered.add(letter_identity(rec))

    await read_tail(bootstrap, topic, tail, seen)
    log.info("dead-letter tail re-read: %d bad records known", len(pipeline.lettered))


async def read_tail(bootstrap: str, topic: str, tail: int, seen: Callable[[object], None]) -> None:
    """Decode the last ``tail`` records of each partition of ``topic`` into ``seen``.

    The start offset comes from ``end_offsets``, which Tansu's ListOffsets under-reports
    (the last batch's base offset + 1): that only makes the read longer, never misses a
    record. The stop is the fetch high-watermark, which is right.
    """
    if tail <= 0:
        return
    consumer = AIOKafkaConsumer(bootstrap_servers=bootstrap, enable_auto_commit=False)
    await consumer.start()
    try:
        await consumer.topics()  # loads metadata of every topic, so partitions are known
        tps = [TopicPartition(topic, p) for p in consumer.partitions_for_topic(topic) or ()]
        if not tps:
            return
        consumer.assign(tps)
        ends = await consumer.end_offsets(tps)
        for tp in tps:
            consumer.seek(tp, max(0, ends[tp] - tail))
        pending = set(tps)
        deadline = asyncio.get_running_loop().time() + 30
        while pending:
            batch = await consumer.getmany(*pending, timeout_ms=200)
            for msgs in batch.values():
                for m in msgs:
                    with contextlib.suppress(Exception):  # not ours to judge
                        seen(decode(m.value))
            for tp in list(pending):
                hw = consumer.highwater(tp)  # known after the first fetch response
                if hw is not None and await consumer.position(tp) >= hw:
                    pending.discard(tp)
            if asyncio.get_running_loop().time() > deadline:
                log.warning("%s tail re-read incomplete for %s", topic, sorted(pending))
                break
    finally:
        await consumer.stop()
