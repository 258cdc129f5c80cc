"""Wire models → ClickHouse rows, one function per table, column lists beside them.

Row building runs on the stream worker's hot path while holding the GIL, so the event
converter does a fixed handful of attribute reads plus one Rust-side JSON dump per event,
and nothing else.
"""

from __future__ import annotations

import json
from typing import Any, get_args, get_origin

from pydantic import BaseModel
from pydantic_core import to_json

from schemas.document import BlobInfo, Redaction
from schemas.models import Event, QAResult, TraceFinalize, TraceOpened
from schemas.payloads import PAYLOAD_MODELS

EVENT_COLUMNS = [
    "trace_id", "seq", "event_id", "ts_ms", "type", "subtype", "actor_kind", "actor_id",
    "workspace_root", "branch", "commit_head", "correlation_id", "parent_event_id",
    "command", "exit_code", "passed", "file_path", "duration_ms", "blob_ids", "payload_json",
    "redaction_applied", "redaction_rules", "redaction_counts", "ingested_at_ms", "version",
]  # fmt: skip

_BLOB_FIELDS = (
    "patch_blob_id", "content_blob_id", "chunk_blob_id", "report_blob_id", "diff_blob_id",
)  # fmt: skip

# The payload field that says "what kind of <type>" for each event type, lifted to `subtype`.
_SUBTYPE_FIELD = {
    "file_edit": "edit_kind",
    "file_snapshot": "snapshot_reason",
    "terminal_output": "stream",
    "test_run": "runner",
    "debug_action": "action",
    "navigation": "kind",
    "thought": "kind",
    "error": "kind",
}

_NO_REDACTION = Redaction()


def event_row(trace_id: str, event: Event, ingested_at_ms: int) -> list[Any]:
    """One ``events`` row; ``version`` is the ingest time, so a re-processed event wins.

    Payload fields are read from ``__dict__``: ``getattr`` with a default on a pydantic
    model that lacks the field costs ~10 µs (it raises inside pydantic's ``__getattr__``).
    """
    p = event.payload
    f = p.__dict__
    actor, ctx = event.actor, event.context
    red = event.__dict__.get("redaction") or _NO_REDACTION
    sub = _SUBTYPE_FIELD.get(event.type)
    blob_ids = [b for b in map(f.get, _BLOB_FIELDS) if b]
    return [
        trace_id, event.seq, event.event_id, event.ts_ms, event.type,
        f.get(sub) if sub else None,
        actor.kind, actor.id,
        ctx.workspace_root, ctx.branch, ctx.commit_head, ctx.correlation_id, ctx.parent_event_id,
        f.get("command"), f.get("exit_code"), f.get("passed"), f.get("file_path"),
        f.get("duration_ms"), blob_ids, p.model_dump_json(exclude_none=True),
        red.applied, red.rules, red.counts, ingested_at_ms, ingested_at_ms,
    ]  # fmt: skip


def event_rows(trace_id: str, events: list[Event], ingested_at_ms: int) -> list[list[Any]]:
    """Rows of one trace's events (a micro-batch inserts many traces' rows at once)."""
    return [event_row(trace_id, e, ingested_at_ms) for e in events]


def _without_none(d: dict[str, Any]) -> dict[str, Any]:
    """``d`` minus None values, nested dicts too (``exclude_none`` of the models)."""
    return {
        k: _without_none(v) if isinstance(v, dict) else v for k, v in d.items() if v is not None
    }


def _has_nested(annotation: Any) -> bool:
    if isinstance(annotation, type) and (issubclass(annotation, BaseModel) or annotation is dict):
        return True
    return get_origin(annotation) is dict or any(map(_has_nested, get_args(annotation)))


_FLAT_PAYLOAD = {
    kind: not any(_has_nested(f.annotation) for f in model.model_fields.values())
    for kind, model in PAYLOAD_MODELS.items()
}
"""Payload types without nested records or dicts: one comprehension drops their Nones."""
_BLOB_KEYS = {
    kind: tuple(f for f in _BLOB_FIELDS if f in model.model_fields)
    for kind, model in PAYLOAD_MODELS.items()
}


def event_row_dict(trace_id: str, e: dict[str, Any], ingested_at_ms: int) -> list[Any]:
    """:func:`event_row` for an event as a decoded dict (the stream's hot path).

    Same row, cell for cell: dict keys come in schema order, which is the models' field
    order, so ``payload_json`` is byte-identical to ``model_dump_json(exclude_none=True)``
    (tests/streams/test_fast_path.py checks it). ``redaction`` is set only when applied.
    Per-type lookups are precomputed: this runs once per stored event.
    """
    f = e["payload"]
    kind = e["type"]
    actor, ctx = e["actor"], e["context"]
    red = e.get("redaction") or _NO_REDACTION
    sub = _SUBTYPE_FIELD.get(kind)
    blob_keys = _BLOB_KEYS[kind]
    payload = (
        {k: v for k, v in f.items() if v is not None} if _FLAT_PAYLOAD[kind] else _without_none(f)
    )
    return [
        trace_id, e["seq"], e["event_id"], e["ts_ms"], kind,
        f.get(sub) if sub else None,
        actor["kind"], actor["id"],
        ctx["workspace_root"], ctx["branch"], ctx["commit_head"], ctx["correlation_id"],
        ctx["parent_event_id"],
        f.get("command"), f.get("exit_code"), f.get("passed"), f.get("file_path"),
        f.get("duration_ms"), [b for b in map(f.get, blob_keys) if b] if blob_keys else [],
        to_json(payload).decode(),
        red.applied, red.rules, red.counts, ingested_at_ms, ingested_at_ms,
    ]  # fmt: skip


# --- traces ----------------------------------------------------------------------------

TRACE_STATUSES = ("open", "finalizing", "complete", "missing_events")


def opened_columns(opened: TraceOpened, redaction: Redaction) -> dict[str, Any]:
    """The ``traces`` columns that come from the trace-opened record."""
    bug = opened.task.bug_report
    env, dev = opened.environment, opened.developer
    return {
        "trace_version": opened.trace_version,
        "created_at_ms": opened.created_at_ms,
        "repo_id": opened.repo.repo_id,
        "remote_url": opened.repo.remote_url,
        "default_branch": opened.repo.default_branch,
        "commit_base": opened.repo.commit_base,
        "task_id": opened.task.task_id,
        "bug_report_title": bug.title if bug else "",
        "bug_report_description": bug.description if bug else "",
        "labels": list(opened.task.labels),
        "developer_id": dev.developer_id,
        "experience_level": dev.experience_level,
        "consent_store_raw_code": dev.consent_flags.store_raw_code,
        "consent_store_terminal_output": dev.consent_flags.store_terminal_output,
        "consent_allow_llm_judge": dev.consent_flags.allow_llm_judge,
        "env_os": env.os,
        "env_ide": env.ide.name if env.ide else None,
        "env_ide_version": env.ide.version if env.ide else None,
        "env_languages": list(env.language),
        "env_containerized": env.containerized,
        "env_timezone": env.timezone,
        "ingestion_mode": opened.ingestion.mode,
        "client_session_id": opened.ingestion.client_session_id,
        "opened_redaction_applied": redaction.applied,
        "opened_redaction_rules": list(redaction.rules),
        "opened_redaction_counts": dict(redaction.counts),
        "opened_json": opened.model_dump_json(),
    }


def finalize_columns(fin: TraceFinalize) -> dict[str, Any]:
    """The ``traces`` columns that come from the client's finalize marker."""
    pr = fin.final_state.pr
    return {
        "finalized_at_ms": fin.finalized_at_ms,
        "seq_last": fin.seq_last,
        "final_commit_head": fin.final_state.commit_head,
        "pr_title": pr.title if pr else None,
        "pr_diff_blob_id": pr.diff_blob_id if pr else None,
        "finalize_json": fin.model_dump_json(),
    }


def empty_trace(trace_id: str) -> dict[str, Any]:
    """A ``traces`` row before anything is known: what a merge starts from."""
    return {
        "trace_id": trace_id, "trace_version": "", "created_at_ms": 0, "repo_id": "",
        "remote_url": None, "default_branch": None, "commit_base": "", "task_id": None,
        "bug_report_title": "", "bug_report_description": "", "labels": [],
        "developer_id": "", "experience_level": "unknown", "consent_store_raw_code": False,
        "consent_store_terminal_output": False, "consent_allow_llm_judge": False,
        "env_os": None, "env_ide": None, "env_ide_version": None, "env_languages": [],
        "env_containerized": False, "env_timezone": None, "ingestion_mode": "",
        "client_session_id": "", "opened_redaction_applied": False,
        "opened_redaction_rules": [], "opened_redaction_counts": {}, "opened_json": "",
        "finalized_at_ms": None, "seq_last": None, "final_commit_head": None,
        "pr_title": None, "pr_diff_blob_id": None, "finalize_json": "", "status": "open",
        "missing_seqs": [], "event_count": 0, "completed_at_ms": None,
        "final_trace_blob_id": None, "updated_at_ms": 0, "version": 0,
    }  # fmt: skip


TRACE_COLUMNS = list(empty_trace(""))


# --- blobs -----------------------------------------------------------------------------

BLOB_COLUMNS = [
    "blob_id", "content_type", "byte_length", "storage_uri", "redaction_applied",
    "redaction_rules", "redaction_counts", "inline", "inserted_at_ms", "version",
]  # fmt: skip


def blob_row(blob: BlobInfo, inserted_at_ms: int) -> list[Any]:
    """One ``blobs`` row."""
    red = blob.redaction
    return [
        blob.blob_id, blob.content_type, blob.byte_length, blob.storage_uri, red.applied,
        list(red.rules), dict(red.counts), blob.inline, inserted_at_ms, inserted_at_ms,
    ]  # fmt: skip


# --- QA --------------------------------------------------------------------------------

STAGE_SCHEMA, STAGE_TESTS, STAGE_JUDGE, STAGE_MRE = "schema", "tests", "judge", "mre"

# config_id is left to the table's DEFAULT (a hash of config_json), so every writer agrees.
QA_COLUMNS = [
    "trace_id", "run_id", "stage", "status", "started_at_ms", "finished_at_ms",
    "config_json", "result_json", "flags", "error", "judge_overall",
    "judge_model", "judge_mode", "rubric_version", "final_passed", "schema_valid",
    "mre_verdict", "inserted_at_ms", "version", "resolved",
]  # fmt: skip


def _loads(text: str) -> dict[str, Any]:
    """A JSON object, or {} for anything else: extraction must never fail an insert."""
    try:
        value = json.loads(text) if text else {}
    except ValueError:
        return {}
    return value if isinstance(value, dict) else {}


def qa_row(res: QAResult, inserted_at_ms: int) -> list[Any]:
    """One ``qa_results`` row with the analyst columns lifted out of result/config JSON."""
    result, config = _loads(res.result_json), _loads(res.config_json)
    judge = result if res.stage == STAGE_JUDGE else {}
    overall = judge.get("overall")
    schema_valid = result.get("schema_valid") if res.stage == STAGE_SCHEMA else None
    final_passed = result.get("final_passed") if res.stage == STAGE_TESTS else None
    resolved = result.get("resolved") if res.stage == STAGE_TESTS else None
    verdict = result.get("verdict") if res.stage == STAGE_MRE else None
    return [
        res.trace_id, res.run_id, res.stage, res.status, res.started_at_ms,
        res.finished_at_ms, res.config_json, res.result_json,
        list(res.flags), res.error,
        float(overall) if isinstance(overall, int | float) else None,
        judge.get("model") or config.get("judge_model"),
        judge.get("mode") or config.get("judge_mode"),
        judge.get("rubric_version") or config.get("rubric_version"),
        final_passed if isinstance(final_passed, bool) else None,
        schema_valid if isinstance(schema_valid, bool) else None,
        str(verdict) if verdict else None,
        inserted_at_ms, inserted_at_ms,
        resolved if isinstance(resolved, bool) else None,
    ]  # fmt: skip


MRE_COLUMNS = [
    "trace_id", "run_id", "verdict", "mode", "report_blob_id", "artifacts", "errors_json",
    "summary", "created_at_ms", "version",
]  # fmt: skip


def mre_row(res: QAResult, inserted_at_ms: int) -> list[Any] | None:
    """The ``mre_results`` row of an ``mre`` QA stage, or None when it has no verdict."""
    result = _loads(res.result_json)
    if res.stage != STAGE_MRE or not result.get("verdict"):
        return None
    artifacts = result.get("artifacts") or {}
    return [
        res.trace_id, res.run_id, str(result["verdict"]), str(result.get("mode") or ""),
        result.get("report_blob_id"),
        {str(k): str(v) for k, v in artifacts.items() if v is not None}
        if isinstance(artifacts, dict) else {},
        json.dumps(result.get("errors") or []), str(result.get("summary") or ""),
        res.finished_at_ms, inserted_at_ms,
    ]  # fmt: skip
