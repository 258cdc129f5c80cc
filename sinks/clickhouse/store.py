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
from typing import Any, NamedTuple

from clickhouse_connect.driver.binding import quote_identifier
from clickhouse_connect.driver.client import Client

from schemas.base import now_ms
from schemas.document import BlobInfo, Redaction, StoredEvent, TraceDocument
from schemas.models import FINAL_STATUSES, Event, QAResult, TraceFinalize, TraceOpened
from sinks.clickhouse import assemble as asm
from sinks.clickhouse import rows as R
from sinks.clickhouse import trace_changes as TC
from sinks.clickhouse.client import open_clickhouse
from sinks.clickhouse.migrate import applied_migrations, migrate
from sinks.clickhouse.trace_changes import Change

_EVENT_READ = (
    "SELECT event_id, seq, ts_ms, type, actor_kind, actor_id, workspace_root, branch, "
    "commit_head, correlation_id, parent_event_id, payload_json, redaction_applied, "
    "redaction_rules, redaction_counts, blob_ids "
    "FROM events FINAL WHERE trace_id = {trace_id:String} ORDER BY seq, event_id"
)


class TraceProgress(NamedTuple):
    """What a restarted stream worker needs of a trace it meets again."""

    seq_last: int | None = None
    finalized_at_ms: int | None = None
    final_status: str | None = None
    """``complete`` or ``missing_events``; None while the trace is not final."""


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

    def write_batch(
        self,
        *,
        blobs: Sequence[BlobInfo],
        opened: Sequence[tuple[TraceOpened, Redaction]],
        event_columns: Sequence[Sequence[Any]],
        finals: Sequence[TraceFinalize],
        memory: Sequence[tuple[str, int, str]] = (),
    ) -> dict[str, dict[str, Any]]:
        """Store one micro-batch of the stream; raises on failure (then nothing is acked).

        The order keeps every stored row valid wherever a crash cuts it: blobs first
        (events reference them), then the traces' opened rows (consent must be durable
        before the events that relied on it), the events in one insert for all traces, and
        the finalize markers last (a stored marker means its batch's events are stored
        too). One read of the ``traces`` rows serves both merges. Returns the rows written
        (newest), so marking the completions that follow needs no read. ``memory``: new
        trace-redaction-memory rows, stored first (a restarted worker reads them).
        """
        if memory:
            self.insert_redaction_memory(memory)
        if blobs:
            self.insert_blobs(blobs)
        ids = [o.trace_id for o, _ in opened] + [f.trace_id for f in finals]
        rows = self._newest_trace_rows(ids)
        self.merge_traces([TC.opened(o, r) for o, r in opened], rows)
        self.insert_event_columns(event_columns)
        self.merge_traces([TC.finalized(f) for f in finals], rows)
        return rows

    def merge_traces(
        self, changes: Iterable[Change], rows: dict[str, dict[str, Any]] | None = None
    ) -> None:
        """Apply each (trace_id, change) of :mod:`.trace_changes` to the trace's newest row;
        insert the merged rows in one batch.

        Changes to one trace apply in order, so opened → finalize → complete in one call
        give the same row as three calls. ``rows`` (trace_id → newest row, e.g. what an
        earlier merge of the same micro-batch wrote) saves the read for the traces it holds;
        the others are read and added to it, and it holds the merged rows afterwards.
        """
        changes = list(changes)
        if not changes:
            return
        rows = {} if rows is None else rows
        rows.update(self._newest_trace_rows(t for t, _ in changes if t not in rows))
        merged: dict[str, dict[str, Any]] = {}
        for trace_id, apply in changes:
            apply(rows[trace_id])
            merged[trace_id] = rows[trace_id]
        at, version = now_ms(), self._version_clock()
        for row in merged.values():
            row["updated_at_ms"] = at
            row["version"] = max(row["version"] + 1, version)
        self.client.insert(
            "traces",
            [[row[c] for c in R.TRACE_COLUMNS] for row in merged.values()],
            column_names=R.TRACE_COLUMNS,
        )

    def upsert_trace_opened(self, opened: TraceOpened, redaction: Redaction | None = None) -> None:
        """One trace's :func:`.trace_changes.opened` (no redaction applied by default)."""
        self.merge_traces([TC.opened(opened, redaction or Redaction())])

    def upsert_trace_finalize(self, fin: TraceFinalize) -> None:
        """One trace's :func:`.trace_changes.finalized`."""
        self.merge_traces([TC.finalized(fin)])

    def mark_trace_complete(
        self,
        trace_id: str,
        *,
        status: str,
        missing_seqs: list[int],
        event_count: int,
        completed_at_ms: int,
    ) -> None:
        """One trace's :func:`.trace_changes.completed`."""
        change = TC.completed(
            trace_id,
            status=status,
            missing_seqs=missing_seqs,
            event_count=event_count,
            completed_at_ms=completed_at_ms,
        )
        self.merge_traces([change])

    def set_final_trace_blob(self, trace_id: str, blob_id: str) -> None:
        """Record where the materializer wrote ``final_trace.json``."""
        self.merge_traces([TC.final_trace_blob(trace_id, blob_id)])

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

    def trace_rows(self, trace_ids: Iterable[str]) -> dict[str, dict[str, Any]]:
        """The newest ``traces`` row of each of ``trace_ids`` that has one."""
        ids = list(dict.fromkeys(trace_ids))
        if not ids:
            return {}
        rows = self._dicts(
            "SELECT * FROM traces FINAL WHERE trace_id IN {ids:Array(String)}", {"ids": ids}
        )
        return {r["trace_id"]: r for r in rows}

    def insert_redaction_memory(self, rows: Sequence[tuple[str, int, str]]) -> None:
        """(trace_id, length, fingerprint) of redacted values (``streams.redact.memory``)."""
        at = now_ms()
        self.client.insert(
            "trace_redaction_memory",
            [[t, n, p, at] for t, n, p in rows],
            column_names=["trace_id", "length", "fingerprint", "learned_at_ms"],
        )

    def redaction_memory(self, trace_ids: list[str]) -> dict[str, list[tuple[int, str]]]:
        """The stored (length, fingerprint) pairs of each trace that has any (ids: not empty)."""
        sql = "SELECT DISTINCT trace_id, length, fingerprint FROM trace_redaction_memory"
        _, rows = self.query(f"{sql} WHERE trace_id IN {{ids:Array(String)}}", {"ids": trace_ids})
        out: dict[str, list[tuple[int, str]]] = {}
        for trace_id, length, fp in rows:
            out.setdefault(trace_id, []).append((int(length), fp))
        return out

    def _newest_trace_rows(self, trace_ids: Iterable[str]) -> dict[str, dict[str, Any]]:
        """:meth:`trace_rows`, with an empty row (``rows.empty_trace``) for traces not stored."""
        ids = list(dict.fromkeys(trace_ids))
        current = self.trace_rows(ids)
        return {t: current.get(t) or R.empty_trace(t) for t in ids}

    def trace_meta(self, trace_id: str) -> dict[str, Any] | None:
        """The newest ``traces`` row as a dict (opened, finalize and status columns)."""
        return self.trace_rows([trace_id]).get(trace_id)

    def seqs_by_trace(self, trace_ids: Iterable[str]) -> dict[str, set[int]]:
        """Distinct stored seqs of each trace (every id present, empty when none)."""
        ids = list(dict.fromkeys(trace_ids))
        out: dict[str, set[int]] = {t: set() for t in ids}
        if ids:
            _, rows = self.query(
                "SELECT trace_id, groupUniqArray(seq) FROM events "
                "WHERE trace_id IN {ids:Array(String)} GROUP BY trace_id",
                {"ids": ids},
            )
            for trace_id, seqs in rows:
                out[trace_id] = set(seqs)
        return out

    def stored_seqs(self, trace_id: str) -> set[int]:
        """The distinct seqs stored for a trace (what gap detection compares with)."""
        return self.seqs_by_trace([trace_id])[trace_id]

    def trace_progress(self, trace_ids: Iterable[str]) -> dict[str, TraceProgress]:
        """Finalize marker and final status of each trace (every id present)."""
        ids = list(dict.fromkeys(trace_ids))
        out = dict.fromkeys(ids, TraceProgress())
        if ids:
            _, rows = self.query(
                "SELECT trace_id, seq_last, finalized_at_ms, status FROM traces FINAL "
                "WHERE trace_id IN {ids:Array(String)}",
                {"ids": ids},
            )
            for trace_id, seq_last, at, status in rows:
                final = status if status in FINAL_STATUSES else None
                out[trace_id] = TraceProgress(seq_last, at, final)
        return out

    def traces_owed_qa(
        self, config_json: str, completed_before_ms: int, limit: int = 500
    ) -> list[dict[str, Any]]:
        """Finished traces (``complete`` or ``missing_events``, done before the given time)
        without a successful ``final`` QA stage under ``config_json``: what a QA worker still
        owes, whatever happened to their ``TraceFinalized`` records (oldest first)."""
        return self._dicts(
            "SELECT trace_id, seq_last, finalized_at_ms, completed_at_ms, status, "
            "missing_seqs, event_count FROM traces FINAL "
            "WHERE status IN ('complete', 'missing_events') "
            "AND ifNull(completed_at_ms, 0) < {before:Int64} "
            "AND trace_id NOT IN (SELECT trace_id FROM qa_results "
            "WHERE stage = 'final' AND status = 'ok' AND config_json = {cfg:String}) "
            "ORDER BY ifNull(completed_at_ms, 0) LIMIT {limit:UInt32}",
            {"cfg": config_json, "before": completed_before_ms, "limit": limit},
        )

    def finalizing_traces(self) -> list[tuple[str, int, int]]:
        """(trace_id, seq_last, finalized_at_ms) of every trace finalized, not yet final."""
        _, rows = self.query(
            "SELECT trace_id, seq_last, finalized_at_ms FROM traces FINAL "
            "WHERE status = 'finalizing' AND seq_last IS NOT NULL"
        )
        return [(t, seq_last, at or 0) for t, seq_last, at in rows]

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
        return [QAResult(**{f: r[f] for f in QAResult.model_fields}) for r in rows]

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
