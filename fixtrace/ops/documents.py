"""Assemble a trace document over any query backend (the store's ``assemble``, by SQL).

``ClickHouseStore.assemble`` needs the store in this process, which the running stack
forbids for chdb; this reads the same deduplicated rows through a :class:`QueryBackend`
and reuses the store's own shape rules (``sinks.clickhouse.assemble``).
"""

from __future__ import annotations

from fixtrace.ops.query import QueryBackend
from schemas.document import BlobInfo, StoredEvent, TraceDocument
from sinks.clickhouse import assemble as asm

EVENTS_SQL = (
    "SELECT event_id, seq, ts_ms, type, actor_kind, actor_id, workspace_root, branch, "
    "commit_head, correlation_id, parent_event_id, payload_json, redaction_applied, "
    "redaction_rules, redaction_counts, blob_ids "
    "FROM events FINAL WHERE trace_id = {t:String} ORDER BY seq, event_id"
)
LATEST_QA_SQL = (
    "SELECT * FROM qa_results FINAL WHERE trace_id = {t:String} "
    "ORDER BY stage, finished_at_ms DESC, version DESC LIMIT 1 BY stage"
)


def fetch_blob_infos(backend: QueryBackend, blob_ids: list[str]) -> dict[str, BlobInfo]:
    """Known blob metadata (including small inline copies) by id."""
    ids = list(dict.fromkeys(blob_ids))
    if not ids:
        return {}
    rows = backend.query(
        "SELECT * FROM blobs FINAL WHERE blob_id IN {ids:Array(String)}", {"ids": ids}
    ).dicts()
    return {r["blob_id"]: asm.blob_info(r) for r in rows}


def fetch_document(backend: QueryBackend, trace_id: str) -> TraceDocument | None:
    """The assembled document of one trace, or None when the trace is unknown."""
    metas = backend.query(
        "SELECT * FROM traces FINAL WHERE trace_id = {t:String}", {"t": trace_id}
    ).dicts()
    if not metas:
        return None
    qa = asm.qa_section(backend.query(LATEST_QA_SQL, {"t": trace_id}).dicts())
    event_rows = backend.query(EVENTS_SQL, {"t": trace_id}).dicts()
    seen: set[str] = set()
    events: list[StoredEvent] = []
    refs: list[str] = []
    for row in event_rows:
        if row["event_id"] in seen:  # one event_id under two seqs: keep the first
            continue
        seen.add(row["event_id"])
        events.append(asm.stored_event(row))
        refs.extend(row["blob_ids"])
    doc = asm.build_document(metas[0], events, [], qa)
    refs += asm.document_blob_refs([doc.final_state, doc.qa])
    infos = fetch_blob_infos(backend, refs)
    doc.artifacts.blobs = [infos[b] for b in dict.fromkeys(refs) if b in infos]
    return doc
