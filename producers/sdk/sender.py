"""The SDK's one path to Kafka: records in the order they were made, acks release the spool.

Why one sender task: aiokafka keeps one request in flight per broker, so handing records
over from a single task, in the order they were made, keeps each trace's records in order
through retries.

Offline mode: when a send fails after aiokafka's bounded retries, or the broker is
unreachable at start, the client goes *offline*: the records in memory are dropped (the
spool holds their events), emits keep landing in the spool, and a recovery task probes the
broker with backoff, re-sends every unacknowledged spool entry in append order, and only
then goes live again. Records made before going offline belong to an older generation and
are never sent after it (:class:`producers.sdk.batching.Batcher`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from typing import Any

from aiokafka import AIOKafkaProducer
from aiokafka.errors import KafkaError

from producers.sdk.batching import Batcher, Record
from producers.sdk.config import ProducerConfig
from producers.sdk.spool import Spool

log = logging.getLogger(__name__)


class Sender:
    """Sends the queued records; owns the aiokafka producer and the offline/recovery state."""

    def __init__(
        self,
        cfg: ProducerConfig,
        factory: Callable[[], AIOKafkaProducer],
        spool: Spool,
        batcher: Batcher,
        queue: asyncio.Queue[Record | None],
        stats: dict[str, int],
    ) -> None:
        self.cfg = cfg
        self._factory = factory
        self._spool = spool
        self._batcher = batcher
        self._queue = queue
        self.stats = stats
        self.live = False
        """True while records go straight to Kafka (not waiting for the broker)."""
        self.started = False
        self.drained = asyncio.Event()
        """Set whenever the spool has nothing left unacknowledged."""
        self._producer: AIOKafkaProducer | None = None
        self._task: asyncio.Task[None] | None = None
        self._recovery: asyncio.Task[None] | None = None
        self._closed = False

    async def start(self) -> None:
        """Connect if possible; otherwise (or if the spool holds work) start offline."""
        self._task = asyncio.create_task(self._send_loop())
        self.started = True
        if self._spool.pending == 0:
            producer = self._factory()
            try:
                await producer.start()
            except (KafkaError, OSError) as exc:
                log.warning("broker unreachable at start (%s): spooling", exc)
                await self._stop_quietly(producer)
            else:
                self._producer, self.live = producer, True
                return
        self.go_offline()

    async def close(self) -> None:
        """Stop the sender and recovery tasks and the Kafka client."""
        self._closed = True
        for task in [self._recovery, self._task]:
            if task is not None:
                task.cancel()
        for task in [self._recovery, self._task]:
            if task is not None:
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
        if self._producer is not None:
            await self._stop_quietly(self._producer)

    def go_offline(self) -> None:
        """Drop in-memory batches (the spool has them) and start the recovery task."""
        self.live = False
        self._batcher.drop()
        if self._recovery is None or self._recovery.done():
            self._recovery = asyncio.create_task(self._recover())

    async def _send_loop(self) -> None:
        """The single sender: hands records to aiokafka in the order they were made."""
        while True:
            rec = await self._queue.get()
            if rec is None or rec.generation != self._batcher.generation or self._producer is None:
                continue
            try:
                fut = await self._producer.send(
                    self.cfg.topic, rec.value, key=rec.trace_id.encode()
                )
            except (KafkaError, OSError) as exc:
                self._on_failure(rec, exc)
                continue
            fut.add_done_callback(lambda f, r=rec: self._on_delivery(r, f))

    def _on_delivery(self, rec: Record, fut: asyncio.Future[Any]) -> None:
        if fut.cancelled() or fut.exception() is not None:
            self._on_failure(rec, fut.exception() if not fut.cancelled() else None)
            return
        self._acked(rec)

    def _acked(self, rec: Record) -> None:
        self._spool.ack(rec.idxs)
        self.stats["records"] += 1
        self.stats["events"] += len(rec.idxs)
        if self._spool.pending == 0:
            self.drained.set()

    def _on_failure(self, rec: Record, exc: BaseException | None) -> None:
        self.stats["send_failures"] += 1
        if rec.generation == self._batcher.generation and self.live:
            log.warning("send failed (%r): going offline, spooling", exc)
            self.go_offline()

    async def _stop_quietly(self, producer: AIOKafkaProducer) -> None:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(producer.stop(), self.cfg.request_timeout_ms / 1000 + 1)

    async def _recover(self) -> None:
        """Probe the broker with backoff, then drain the spool in order and go live."""
        delay = self.cfg.reconnect_backoff_s
        while not self._closed:
            old, self._producer = self._producer, None
            if old is not None:
                await self._stop_quietly(old)
            producer = self._factory()
            try:
                await producer.start()
                self._producer = producer
                if await self._drain(producer):
                    self.stats["reconnects"] += 1
                    return
            except (KafkaError, OSError) as exc:
                log.info("broker still unreachable: %s", exc)
                await self._stop_quietly(producer)
            await asyncio.sleep(delay)
            delay = min(delay * 2, self.cfg.reconnect_backoff_max_s)

    async def _drain(self, producer: AIOKafkaProducer) -> bool:
        """Re-send pending spool entries in append order; go live when caught up."""
        start = 0
        while True:
            futures: list[tuple[Record, asyncio.Future[Any]]] = []
            snapshot = self._spool.next_idx  # read and snapshot with no await between
            records = self._batcher.regroup(
                self._spool.read_pending(start), self.cfg.batch_max_events
            )
            for rec in records:
                fut = await producer.send(self.cfg.topic, rec.value, key=rec.trace_id.encode())
                futures.append((rec, fut))
            start = snapshot
            ok = True
            for rec, fut in futures:
                try:
                    await fut
                    self._acked(rec)
                except KafkaError as exc:
                    log.info("drain send failed: %s", exc)
                    ok = False
            if not ok:
                return False
            if self._spool.next_idx == start:  # nothing appended while we awaited
                self.live = True
                if self._spool.pending == 0:
                    self.drained.set()
                return True
