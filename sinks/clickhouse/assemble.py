"""Build the assembled trace document (final_trace.json) from deduplicated table rows.

Kept apart from the store so the shape rules (which QA stage fills which section, how a
stage that failed shows up) are readable in one place and testable without a database.
"""

from __future__ import annotations

import json
import re
from typing import Any

from pydantic import BaseModel, ValidationError

from schemas.document import (
    QA,
    Artifacts,
    BlobInfo,
    DocFinalState,
    QAJudge,
    QATests,
    Redaction,
    StoredEvent,
    TraceDocument,
    TraceIngestion,
)
from schemas.models import FinalState, TraceFinalize, TraceOpened
from schemas.payloads import PAYLOAD_MODELS
from schemas.shapes import STORED
from sinks.clickhouse.rows import STAGE_JUDGE, STAGE_MRE, STAGE_SCHEMA, STAGE_TESTS

BLOB_ID = re.compile(r"^sha256:[0-9a-f]{64}$")

_UNKNOWN_OPENED = TraceOpened.model_validate(
    {
        "trace_id": "unknown",  # a placeholder, not a wire id: validated as stored
        "created_at_ms": 0,
        "repo": {"repo_id": "unknown", "commit_base": "unknown"},
        "developer": {"developer_id": "unknown"},
    },
    context=STORED,
)


def blob_refs(value: Any) -> list[str]:
    """Every blob id found anywhere in a JSON-like value, in first-seen order.

    Walking the value rather than naming fields keeps QA sections from newer writers
    (a new ``*_blob_id`` field) listed in the artifacts without a code change here.
    """
    found: dict[str, None] = {}
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if BLOB_ID.match(item):
                found[item] = None
        elif isinstance(item, dict):
            stack.extend(reversed(list(item.values())))
        elif isinstance(item, list | tuple):
            stack.extend(reversed(item))
    return list(found)


def qa_section(rows: list[dict[str, Any]]) -> QA:
    """The ``qa`` section from the newest row of each stage (``rows``: one per stage).

    A stage that did not finish ``ok`` adds a ``<stage>_<status>`` flag; a result that does
    not fit its section adds ``<stage>_result_invalid`` and leaves the section empty,
    so a bad QA row never makes a trace unreadable.
    """
    qa = QA()
    flags: list[str] = []
    newest = max(rows, key=lambda r: (r["finished_at_ms"], r["version"]), default=None)
    if newest is not None:
        qa.run_id = newest["run_id"]
    for row in rows:
        stage, status = row["stage"], row["status"]
        flags.extend(row["flags"])
        if status != "ok":
            flags.append(f"{stage}_{status}")
        try:
            result = json.loads(row["result_json"] or "{}")
            _fill_stage(qa, stage, result)
        except (ValueError, ValidationError, TypeError, AttributeError):
            flags.append(f"{stage}_result_invalid")
    qa.flags = list(dict.fromkeys(flags))
    return qa


def _fill_stage(qa: QA, stage: str, result: dict[str, Any]) -> None:
    if stage == STAGE_SCHEMA:
        qa.schema_valid = result.get("schema_valid")
        qa.schema_problems = list(result.get("problems") or result.get("schema_problems") or [])
    elif stage == STAGE_TESTS:
        qa.tests = QATests.model_validate(result)
    elif stage == STAGE_JUDGE:
        qa.judge = QAJudge.model_validate(result)
    elif stage == STAGE_MRE:
        if not isinstance(result, dict):
            raise TypeError("mre result must be an object")
        qa.mre = result


def build_document(
    meta: dict[str, Any],
    events: list[StoredEvent] | None,
    blobs: list[BlobInfo],
    qa: QA,
) -> TraceDocument:
    """The document of one trace; ``events`` None means metadata only.

    A trace whose opened record never arrived still assembles, with placeholder repo and
    developer and an ``opened_missing`` flag, so an operator can see what did arrive.
    """
    opened = (
        TraceOpened.model_validate_json(meta["opened_json"], context=STORED)
        if meta["opened_json"]
        else _UNKNOWN_OPENED
    )
    if not meta["opened_json"]:
        qa.flags = [*qa.flags, "opened_missing"]
    fin_state = (
        TraceFinalize.model_validate_json(meta["finalize_json"], context=STORED).final_state
        if meta["finalize_json"]
        else FinalState()
    )
    return TraceDocument(
        trace_version=opened.trace_version,
        trace_id=meta["trace_id"],
        created_at_ms=opened.created_at_ms,
        finalized_at_ms=meta["finalized_at_ms"],
        repo=opened.repo,
        task=opened.task,
        developer=opened.developer,
        environment=opened.environment,
        ingestion=TraceIngestion(**opened.ingestion.model_dump(), seq_last=meta["seq_last"]),
        artifacts=Artifacts(blobs=blobs),
        events=events or [],
        final_state=DocFinalState(
            commit_head=fin_state.commit_head,
            pr=fin_state.pr,
            final_trace_blob_id=meta["final_trace_blob_id"],
        ),
        missing_seqs=list(meta["missing_seqs"]),
        qa=qa,
        status=meta["status"],
        event_count=meta["event_count"],
        completed_at_ms=meta["completed_at_ms"],
    )


def document_blob_refs(doc_parts: list[BaseModel | None]) -> list[str]:
    """Blob ids referenced by the final state and QA sections of a document."""
    return blob_refs([p.model_dump(mode="json") for p in doc_parts if p is not None])


def stored_event(row: dict[str, Any]) -> StoredEvent:
    """An ``events`` row (from this process or over HTTP as JSON) back into the wire event."""
    return StoredEvent.model_validate(
        {
            "event_id": row["event_id"],
            "seq": row["seq"],
            "ts_ms": row["ts_ms"],
            "type": row["type"],
            "actor": {"kind": row["actor_kind"], "id": row["actor_id"]},
            "context": {
                "workspace_root": row["workspace_root"],
                "branch": row["branch"],
                "commit_head": row["commit_head"],
                "correlation_id": row["correlation_id"],
                "parent_event_id": row["parent_event_id"],
            },
            # Parsed by its own model from JSON (Rust side): the envelope then skips it.
            "payload": PAYLOAD_MODELS[row["type"]].model_validate_json(
                row["payload_json"], context=STORED
            ),
            "redaction": {
                "applied": bool(row["redaction_applied"]),
                "rules": list(row["redaction_rules"]),
                "counts": dict(row["redaction_counts"]),
            },
        },
        context=STORED,
    )


def blob_info(row: dict[str, Any]) -> BlobInfo:
    """A ``blobs`` row back into the document's blob entry."""
    return BlobInfo(
        blob_id=row["blob_id"],
        content_type=row["content_type"],
        byte_length=row["byte_length"],
        storage_uri=row["storage_uri"],
        redaction=Redaction(
            applied=bool(row["redaction_applied"]),
            rules=list(row["redaction_rules"]),
            counts=dict(row["redaction_counts"]),
        ),
        inline=row["inline"],
    )
