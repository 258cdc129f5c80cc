"""Flush step: one staged micro-batch into ClickHouse, in an order that keeps rows valid.

Why one flush per faust take-batch and before any ack: offsets are committed only for
acked records, so a record is never committed before its rows are stored (at-least-once),
and ReplacingMergeTree keys turn the redelivery after a crash into a no-op (exactly-once
effect). Blobs first (rows may reference them), then traces' opened rows (consent must be
durable before events that relied on it), events in one insert for all traces, and the
finalize markers last (a stored marker means its batch's events are stored too).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from schemas.models import BlobInfo, Redaction, TraceFinalize, TraceOpened
from sinks.clickhouse.store import ClickHouseStore
from streams.chstate import finalize_change, merge_traces, newest_rows, opened_change


@dataclass
class Staged:
    """What a micro-batch will write: rows and the per-trace seqs they carry."""

    opened: list[tuple[TraceOpened, Redaction]] = field(default_factory=list)
    event_columns: list[tuple[Any, ...]] = field(default_factory=list)
    """``events`` rows column-oriented (``rows.EVENT_COLUMNS`` order); empty: none."""
    finals: list[TraceFinalize] = field(default_factory=list)
    blobs: list[BlobInfo] = field(default_factory=list)
    seqs: dict[str, list[int]] = field(default_factory=dict)
    partitions: dict[str, int] = field(default_factory=dict)
    events: int = 0
    trace_rows: dict[str, dict[str, Any]] = field(default_factory=dict)
    """The ``traces`` rows this flush wrote (newest), so marking them needs no read."""


def flush(store: ClickHouseStore, staged: Staged) -> None:
    """Write ``staged``; raises on failure so nothing gets acked."""
    if staged.blobs:
        store.insert_blobs(staged.blobs)
    # One read for both merges: each chdb round trip costs ~15 ms of batch latency.
    rows = staged.trace_rows = newest_rows(
        store, [o.trace_id for o, _ in staged.opened] + [f.trace_id for f in staged.finals]
    )
    merge_traces(store, [opened_change(o, r) for o, r in staged.opened], rows)
    store.insert_event_columns(staged.event_columns)
    merge_traces(store, [finalize_change(f) for f in staged.finals], rows)
