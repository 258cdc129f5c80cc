"""The worker's counters, for logs, tests and the bench (``--stats-path`` writes them).

Why a file and not faust's web views: the tests and ``bench/stream_bench.py`` watch a worker
in another process, and a JSON file replaced atomically after every commit is what they can
read at any moment without a port or a client.
"""

from __future__ import annotations

import contextlib
import json
import os
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any


@dataclass
class Stats:
    """What the worker has stored and published since it started, and where its time went."""

    records: int = 0
    events: int = 0
    dead: int = 0
    flushes: int = 0
    published: int = 0
    skipped_published: int = 0
    latencies_ms: list[float] = field(default_factory=list)
    seconds: dict[str, float] = field(default_factory=dict)
    """Wall time per pipeline phase (prepare, stage, decide, publish, wait_*): where it goes."""
    first_flush_at: float = 0.0
    first_flush_events: int = 0
    last_flush_at: float = 0.0

    @contextlib.contextmanager
    def timed(self, phase: str) -> Iterator[None]:
        """Add the wall time of the block to ``seconds[phase]``."""
        start = time.perf_counter()
        try:
            yield
        finally:
            self.seconds[phase] = self.seconds.get(phase, 0.0) + time.perf_counter() - start

    def flushed(
        self,
        records: int,
        events: int,
        dead: int,
        stored_at_ms: float,
        produced_at_ms: Iterable[int] | None = None,
    ) -> None:
        """Count a stored micro-batch; with ``produced_at_ms`` (its records' timestamps), also
        their produce → stored latency."""
        self.records += records
        self.events += events
        self.dead += dead
        self.flushes += 1
        self.last_flush_at = time.time()
        if not self.first_flush_at:
            self.first_flush_at = self.last_flush_at
            self.first_flush_events = self.events
        if produced_at_ms is not None:
            # Steady-state latency: records produced before the first flush waited for the
            # worker to start and join its group, which is not what the figure is about.
            since = self.first_flush_at * 1000
            self.latencies_ms.extend(stored_at_ms - t for t in produced_at_ms if t >= since)

    def to_json(self) -> dict[str, Any]:
        """The counters, the seconds per phase and latency percentiles (when tracked)."""
        doc: dict[str, Any] = {
            "records": self.records, "events": self.events, "dead": self.dead,
            "flushes": self.flushes, "published": self.published,
            "skipped_published": self.skipped_published,
            "first_flush_at": self.first_flush_at, "first_flush_events": self.first_flush_events,
            "last_flush_at": self.last_flush_at,
            "seconds": {k: round(v, 3) for k, v in self.seconds.items()},
        }  # fmt: skip
        if self.latencies_ms:
            lat = sorted(self.latencies_ms)
            doc["latency_ms"] = {
                "n": len(lat), "p50": lat[len(lat) // 2], "p99": lat[int(len(lat) * 0.99)],
                "max": lat[-1],
            }  # fmt: skip
        return doc

    def write(self, path: str) -> None:
        """Replace ``path`` with :meth:`to_json` atomically (readers never see half a file)."""
        tmp = f"{path}.tmp"
        with open(tmp, "w") as fh:
            json.dump(self.to_json(), fh)
        os.replace(tmp, path)
