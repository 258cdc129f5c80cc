"""The ClickHouse store of CONTRACT.md: idempotent batched writes, deduplicated reads.

Writes never update in place: every table is a ReplacingMergeTree, so a re-delivered
event or a re-run QA stage is just another insert of the same key, and reads use FINAL.
A trace's row is rewritten whole (read, merge, insert with a higher version) on each
state change; that read-modify-write is safe because one trace's records are handled by
one stream worker (its Kafka partition).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from clickhouse_connect.driver.binding import quote_identifier
from clickhouse_connect.driver.client import Client

from schemas.models import (
    BlobInfo,
    Event,
    QAResult,
    Redaction,
    StoredEvent,
    TraceDocument,
    TraceFinalize,
    TraceOpened,
    now_ms,
)
from sinks.clickhouse import assemble as asm
from sinks.clickhouse import rows as R
from sinks.clickhouse.client import open_clickhouse
from sinks.clickhouse.migrate import applied_migrations, migrate

FINAL_STATUSES = ("complete", "missing_events")

_EVENT_READ = (
    "SELECT event_id, seq, ts_ms, type, actor_kind, actor_id, workspace_root, branch, "
    "commit_head, correlation_id, parent_event_id, payload_json, redaction_applied, "
    "redaction_rules, redaction_counts, blob_ids "
    "FROM events FINAL WHERE trace_id = {trace_id:String} ORDER BY seq, event_id"
)


def _micros() -> int:
    return time.time_ns() // 1000


class ClickHouseStore:
    """Tables ``traces``, ``events``, ``blobs``, ``qa_results``, ``mre_results`` and views."""

    def __init__(
        self,
        client: Client,
        *,
        owns_client: bool = False,
        version_clock: Callable[[], int] = _micros,
    ) -> None:
        """Wrap an open client; ``version_clock`` orders trace-row versions (µs by default)."""
        self.client = client
        self._owns_client = owns_client
        self._version_clock = version_clock

    @classmethod
    def open(
        cls, dsn: str, *, database: str | None = None, run_migrations: bool = True
    ) -> ClickHouseStore:
        """Open ``dsn`` (``chdb:///abs`` or ``http(s)://…``) and apply pending migrations.

        ``database`` selects (and creates) a database other than the DSN's; tests use it
        to share one chdb folder per process, since chdb allows one folder per process.
        """
        client = open_clickhouse(dsn)
        owns = not dsn.startswith("chdb:")
        if database:
            client.command(f"CREATE DATABASE IF NOT EXISTS {quote_identifier(database)}")
            if owns:
                client.close()
            client = open_clickhouse(dsn, shared=False, database=database)
            owns = True
        store = cls(client, owns_client=owns)
        if run_migrations:
            store.migrate()
        return store

    def close(self) -> None:
        """Close the client if this store opened a private one (shared chdb ones stay)."""
        if self._owns_client:
            self.client.close()

    def migrate(self) -> list[str]:
        """Apply pending migrations; returns the ids applied now ([] when up to date)."""
        return migrate(self.client)

    def applied_migrations(self) -> set[str]:
        """Every migration id recorded in ``schema_migrations``."""
        return applied_migrations(self.client)

    # --- writes ------------------------------------------------------------------------

    def insert_events(self, trace_id: str, events: Sequence[Event], *, ingested_at_ms: int) -> None:
        """Insert one trace's events (``StoredEvent`` carries its redaction)."""
        self.insert_event_rows(R.event_rows(trace_id, list(events), ingested_at_ms))

    def insert_event_rows(self, rows: list[list[Any]]) -> None:
        """Insert rows made by ``rows.event_rows`` (possibly of many traces) in one batch."""
        if rows:
            self.client.insert("events", rows, column_names=R.EVENT_COLUMNS)

    def insert_event_columns(self, columns: Sequence[Sequence[Any]]) -> None:
        """:meth:`insert_event_rows`, already column-oriented (the stream worker's hot path).

        Why: clickhouse-connect transposes rows to columns in Python while holding the GIL;
        the stream's CPU step does it with ``zip`` (in C, and in its own process).
        """
        if columns and len(columns[0]):
            self.client.insert(
                "events", columns, column_names=R.EVENT_COLUMNS, column_oriented=True
            )

    def upsert_trace_opened(self, opened: TraceOpened, redaction: Redaction | None = None) -> None:
        """Record the opened metadata; keeps any status already reached (re-delivery)."""
        cols = R.opened_columns(opened, redaction or Redaction())
        self._merge_trace(opened.trace_id, lambda row: row.update(cols))

    def upsert_trace_finalize(self, fin: TraceFinalize) -> None:
        """Record the finalize marker; an ``open`` trace becomes ``finalizing``."""
        cols = R.finalize_columns(fin)

        def apply(row: dict[str, Any]) -> None:
            row.update(cols)
            if row["status"] == "open":
                row["status"] = "finalizing"

        self._merge_trace(fin.trace_id, apply)

    def mark_trace_complete(
        self,
        trace_id: str,
        *,
        status: str,
        missing_seqs: list[int],
        event_count: int,
        completed_at_ms: int,
    ) -> None:
        """Record the stream's completion verdict (``complete`` or ``missing_events``).

        The caller is authoritative: a late event can turn ``missing_events`` into
        ``complete`` by calling this again.
        """
        if status not in FINAL_STATUSES:
            raise ValueError(f"status must be one of {FINAL_STATUSES}, got {status!r}")
        update = {
            "status": status,
            "missing_seqs": sorted(missing_seqs),
            "event_count": event_count,
            "completed_at_ms": completed_at_ms,
        }
        self._merge_trace(trace_id, lambda row: row.update(update))

    def set_final_trace_blob(self, trace_id: str, blob_id: str) -> None:
        """Record where the materializer wrote ``final_trace.json``."""
        self._merge_trace(trace_id, lambda row: row.update(final_trace_blob_id=blob_id))

    def _merge_trace(self, trace_id: str, apply: Callable[[dict[str, Any]], None]) -> None:
        current = self.trace_meta(trace_id)
        row = current if current is not None else R.empty_trace(trace_id)
        apply(row)
        row["updated_at_ms"] = now_ms()
        row["version"] = max(row["version"] + 1, self._version_clock())
        self.client.insert(
            "traces", [[row[c] for c in R.TRACE_COLUMNS]], column_names=R.TRACE_COLUMNS
        )

    def insert_blobs(self, blobs: Iterable[BlobInfo]) -> None:
        """Insert blob metadata rows (content-addressed: duplicates are harmless)."""
        at = now_ms()
        rows = [R.blob_row(b, at) for b in blobs]
        if rows:
            self.client.insert("blobs", rows, column_names=R.BLOB_COLUMNS)

    def insert_qa_results(self, results: Iterable[QAResult]) -> None:
        """Insert QA stage rows; an ``mre`` stage with a verdict also fills ``mre_results``."""
        at = now_ms()
        results = list(results)
        qa_rows = [R.qa_row(r, at) for r in results]
        mre_rows = [m for m in (R.mre_row(r, at) for r in results) if m is not None]
        if qa_rows:
            self.client.insert("qa_results", qa_rows, column_names=R.QA_COLUMNS)
        if mre_rows:
            self.client.insert("mre_results", mre_rows, column_names=R.MRE_COLUMNS)

    # --- reads -------------------------------------------------------------------------

    def query(
        self,
        sql: str,
        parameters: dict[str, Any] | None = None,
        settings: dict[str, Any] | None = None,
    ) -> tuple[list[str], list[tuple[Any, ...]]]:
        """Run any SELECT; returns (column names, rows). Use ``{name:Type}`` parameters;
        ``settings`` are ClickHouse settings of this query alone (e.g. ``readonly``)."""
        result = self.client.query(sql, parameters=parameters, settings=settings)
        return list(result.column_names), list(result.result_rows)

    def _dicts(self, sql: str, parameters: dict[str, Any]) -> list[dict[str, Any]]:
        names, rows = self.query(sql, parameters)
        return [dict(zip(names, row, strict=True)) for row in rows]

    def stored_seqs(self, trace_id: str) -> set[int]:
        """The distinct seqs stored for a trace (what gap detection compares with)."""
        _, rows = self.query(
            "SELECT DISTINCT seq FROM events WHERE trace_id = {t:String}", {"t": trace_id}
        )
        return {r[0] for r in rows}

    def trace_meta(self, trace_id: str) -> dict[str, Any] | None:
        """The newest ``traces`` row as a dict (opened, finalize and status columns)."""
        rows = self._dicts(
            "SELECT * FROM traces FINAL WHERE trace_id = {t:String}", {"t": trace_id}
        )
        return rows[0] if rows else None

    def events(self, trace_id: str) -> list[StoredEvent]:
        """A trace's events in seq order, one per event_id."""
        return [ev for ev, _ in self._event_rows(trace_id)]

    def _event_rows(self, trace_id: str) -> list[tuple[StoredEvent, list[str]]]:
        out: list[tuple[StoredEvent, list[str]]] = []
        seen: set[str] = set()
        for row in self._dicts(_EVENT_READ, {"trace_id": trace_id}):
            if row["event_id"] in seen:  # same event_id under two seqs: keep the first
                continue
            seen.add(row["event_id"])
            out.append((asm.stored_event(row), row["blob_ids"]))
        return out

    def blobs(self, blob_ids: Iterable[str]) -> list[BlobInfo]:
        """Metadata of the given blobs that are known, in the order asked."""
        ids = list(dict.fromkeys(blob_ids))
        if not ids:
            return []
        rows = self._dicts(
            "SELECT * FROM blobs FINAL WHERE blob_id IN {ids:Array(String)}", {"ids": ids}
        )
        by_id = {r["blob_id"]: asm.blob_info(r) for r in rows}
        return [by_id[b] for b in ids if b in by_id]

    def qa_results(self, trace_id: str) -> list[QAResult]:
        """Every QA stage row of a trace (all runs), oldest first."""
        rows = self._dicts(
            "SELECT * FROM qa_results FINAL WHERE trace_id = {t:String} "
            "ORDER BY finished_at_ms, run_id, stage",
            {"t": trace_id},
        )
        return [
            QAResult(
                run_id=r["run_id"],
                trace_id=r["trace_id"],
                stage=r["stage"],
                status=r["status"],
                started_at_ms=r["started_at_ms"],
                finished_at_ms=r["finished_at_ms"],
                config_json=r["config_json"],
                result_json=r["result_json"],
                flags=list(r["flags"]),
                error=r["error"],
            )  # fmt: skip
            for r in rows
        ]

    def mre_results(self, trace_id: str) -> list[dict[str, Any]]:
        """The MRE verdict rows of a trace, oldest first."""
        return self._dicts(
            "SELECT * FROM mre_results FINAL WHERE trace_id = {t:String} ORDER BY created_at_ms",
            {"t": trace_id},
        )

    def latest_qa_rows(self, trace_id: str) -> list[dict[str, Any]]:
        """The newest QA row of each stage of a trace, across runs and configurations."""
        return self._dicts(
            "SELECT * FROM qa_results FINAL WHERE trace_id = {t:String} "
            "ORDER BY stage, finished_at_ms DESC, version DESC LIMIT 1 BY stage",
            {"t": trace_id},
        )

    def assemble(self, trace_id: str, *, metadata_only: bool = False) -> TraceDocument | None:
        """The full trace document, or None when the trace is unknown.

        Events come in seq order; ``artifacts.blobs`` lists the known blobs that the
        included events, final state and QA sections reference; ``qa`` holds the newest
        result of each QA stage.
        """
        meta = self.trace_meta(trace_id)
        if meta is None:
            return None
        qa = asm.qa_section(self.latest_qa_rows(trace_id))
        events: list[StoredEvent] | None = None
        refs: list[str] = []
        if not metadata_only:
            pairs = self._event_rows(trace_id)
            events = [ev for ev, _ in pairs]
            refs = [b for _, ids in pairs for b in ids]
        doc = asm.build_document(meta, events, [], qa)
        refs += asm.document_blob_refs([doc.final_state, doc.qa])
        doc.artifacts.blobs = self.blobs(refs)
        return doc
