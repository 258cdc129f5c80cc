"""A size/time batcher: accumulate rows, hand them to a sink in big batches.

ClickHouse wants few large inserts (PLATFORM.md: ~107k rows/s at 5k-row batches, ~132k at
20k), while the stream worker receives small Kafka records. The worker adds rows as they
come and calls ``poll()`` on its timer; a batch goes out when it reaches ``max_rows`` or
its oldest row is ``max_age_s`` old. The clock is injected so tests never sleep.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from typing import Generic, TypeVar

T = TypeVar("T")


class Batcher(Generic[T]):
    """Buffers rows for one sink; not thread-safe (one per worker task)."""

    def __init__(
        self,
        sink: Callable[[list[T]], None],
        *,
        max_rows: int = 20_000,
        max_age_s: float = 1.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if max_rows < 1 or max_age_s < 0:
            raise ValueError("max_rows must be >= 1 and max_age_s >= 0")
        self._sink = sink
        self.max_rows = max_rows
        self.max_age_s = max_age_s
        self._clock = clock
        self._rows: list[T] = []
        self._first_at: float | None = None
        self.flushed_rows = 0
        self.flushes = 0

    def __len__(self) -> int:
        return len(self._rows)

    @property
    def age_s(self) -> float:
        """Seconds since the oldest buffered row was added (0 when empty)."""
        return 0.0 if self._first_at is None else self._clock() - self._first_at

    def due(self) -> bool:
        """Whether a flush is owed: full, or non-empty and old enough."""
        if not self._rows:
            return False
        return len(self._rows) >= self.max_rows or self.age_s >= self.max_age_s

    def add(self, rows: Iterable[T]) -> int:
        """Buffer rows; flushes (possibly several full batches) when full. Returns rows sent."""
        if self._first_at is None:
            self._first_at = self._clock()
        self._rows.extend(rows)
        if not self._rows:
            self._first_at = None
            return 0
        sent = 0
        while len(self._rows) >= self.max_rows:
            sent += self._send(self._rows[: self.max_rows])  # slice first: a raise keeps rows
            del self._rows[: self.max_rows]
        if sent:  # what is left came with this call
            self._first_at = self._clock() if self._rows else None
        return sent

    def poll(self) -> int:
        """Flush if due (call from the worker's timer); returns the rows sent."""
        return self.flush() if self.due() else 0

    def flush(self) -> int:
        """Send everything buffered now (e.g. before committing offsets or on shutdown).

        If the sink raises, the rows stay buffered so a retry sends them again.
        """
        if not self._rows:
            return 0
        sent = self._send(self._rows)
        self._rows = []
        self._first_at = None
        return sent

    def _send(self, batch: list[T]) -> int:
        self._sink(batch)
        self.flushed_rows += len(batch)
        self.flushes += 1
        return len(batch)
