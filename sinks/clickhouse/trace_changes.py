"""The merge rules of a ``traces`` row: one change for each thing that happens to a trace.

Why changes: a trace's row is rewritten whole on every state change (read the newest row,
apply the change, insert it with a higher version), and the stream applies the changes of
a whole micro-batch with one read and one insert (:meth:`ClickHouseStore.merge_traces`),
while the materializer, the sample data and the tests apply one at a time. Both go through
these functions, so there is one set of rules: what a change keeps, what it overwrites,
and which status moves it may make (``open → finalizing → complete | missing_events``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from schemas.document import Redaction
from schemas.models import FINAL_STATUSES, TraceFinalize, TraceOpened
from sinks.clickhouse import rows as R

Apply = Callable[[dict[str, Any]], None]
"""Changes a ``traces`` row (a dict of ``rows.TRACE_COLUMNS``) in place."""
Change = tuple[str, Apply]
"""(trace_id, what to do to its newest row)."""


def opened(opened: TraceOpened, redaction: Redaction) -> Change:
    """Record the opened metadata; keeps any status already reached (a redelivery)."""
    cols = R.opened_columns(opened, redaction)
    return opened.trace_id, lambda row: row.update(cols)


def finalized(fin: TraceFinalize) -> Change:
    """Record the finalize marker; an ``open`` trace becomes ``finalizing``."""
    cols = R.finalize_columns(fin)

    def apply(row: dict[str, Any]) -> None:
        row.update(cols)
        if row["status"] == "open":
            row["status"] = "finalizing"

    return fin.trace_id, apply


def completed(
    trace_id: str,
    *,
    status: str,
    missing_seqs: Iterable[int],
    event_count: int,
    completed_at_ms: int,
) -> Change:
    """Record the stream's completion verdict (``complete`` or ``missing_events``).

    The caller is authoritative: a late event can turn ``missing_events`` into ``complete``
    by a second verdict.
    """
    if status not in FINAL_STATUSES:
        raise ValueError(f"status must be one of {FINAL_STATUSES}, got {status!r}")
    update = {
        "status": status,
        "missing_seqs": sorted(missing_seqs),
        "event_count": event_count,
        "completed_at_ms": completed_at_ms,
    }
    return trace_id, lambda row: row.update(update)


def final_trace_blob(trace_id: str, blob_id: str) -> Change:
    """Record where the materializer wrote ``final_trace.json``."""
    return trace_id, lambda row: row.update(final_trace_blob_id=blob_id)
