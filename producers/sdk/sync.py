"""Thin blocking facade over :class:`TraceProducer` for code without an event loop.

Why a background loop thread: the async client owns its aiokafka producer, timers and
sender task; running them on one private loop lets plain functions call ``emit`` and get
the same guarantees (the event is in the spool when ``emit`` returns).
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Coroutine, Sequence
from typing import Any, TypeVar

from producers.blob_upload import BlobStore
from producers.sdk.client import EmittedEvent, TraceProducer
from producers.sdk.config import ProducerConfig
from schemas.base import Wire
from schemas.models import FinalState, TraceFinalize, TraceOpened

T = TypeVar("T")


class SyncTraceProducer:
    """Blocking client: ``with SyncTraceProducer(cfg) as p: tid = p.open_trace(...)``."""

    def __init__(self, config: ProducerConfig, *, blob_store: BlobStore | None = None) -> None:
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(
            target=self._loop.run_forever, daemon=True, name="fixtrace-sdk"
        )
        self._thread.start()
        self._client: TraceProducer = self._run(self._make(config, blob_store))

    async def _make(self, config: ProducerConfig, blob_store: BlobStore | None) -> TraceProducer:
        return await TraceProducer(config, blob_store=blob_store).start()

    def _run(self, coro: Coroutine[Any, Any, T], timeout: float | None = None) -> T:
        return asyncio.run_coroutine_threadsafe(coro, self._loop).result(timeout)

    @property
    def client(self) -> TraceProducer:
        return self._client

    def open_trace(self, opened: TraceOpened) -> str:
        return self._run(self._client.open_trace(opened))

    def resume_trace(self, trace_id: str, last_seq: int) -> None:
        self._loop.call_soon_threadsafe(self._client.resume_trace, trace_id, last_seq)

    def last_seq(self, trace_id: str) -> int:
        return self._run(self._last_seq(trace_id))

    async def _last_seq(self, trace_id: str) -> int:
        return self._client.last_seq(trace_id)

    def emit(self, trace_id: str, payload: Wire | dict[str, Any], **kw: Any) -> EmittedEvent:
        return self._run(self._client.emit(trace_id, payload, **kw))

    def emit_many(
        self,
        trace_id: str,
        payloads: Sequence[Wire | tuple[str, dict[str, Any]]],
        **kw: Any,
    ) -> list[EmittedEvent]:
        """Like ``TraceProducer.emit_many``; one thread hop for many events.

        Why: each facade call crosses to the loop thread and back (tens of µs), which
        dwarfs an event's own cost; batching the calls amortizes it.
        """
        return self._run(self._client.emit_many(trace_id, payloads, **kw))

    def finalize(self, trace_id: str, final_state: FinalState | None = None) -> TraceFinalize:
        return self._run(self._client.finalize(trace_id, final_state))

    def flush(self, timeout: float | None = None) -> None:
        self._run(self._client.flush(timeout))

    def close(self, timeout: float | None = 30.0) -> None:
        """Flush and stop; the loop thread ends too."""
        try:
            self._run(self._client.close(timeout))
        finally:
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join(5)
            self._loop.close()

    def __enter__(self) -> SyncTraceProducer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
