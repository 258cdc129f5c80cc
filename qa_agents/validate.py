"""Schema validation of an assembled trace: the ``validate`` QA stage.

The assembled document is lenient (extra keys allowed) so newer writers stay readable; this
stage is where strictness lives: required fields, event types and payloads against the wire
models, ``seq`` contiguity, and every blob reference resolving in the blob store.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from pydantic import BaseModel, Field, ValidationError

from qa_agents.ports import Blobs
from schemas.document import CONSENT_DROPPED_RULE, TraceDocument
from schemas.payloads import PAYLOAD_MODELS, EventType

MAX_PROBLEMS = 200
"""Cap on the problem list so one broken trace cannot produce a huge QA row."""

_TEXT_OR_BLOB = {
    "thought": ("content_text", "content_blob_id"),
    "terminal_output": ("chunk_text", "chunk_blob_id"),
    "file_snapshot": ("content_text", "content_blob_id"),
    "file_edit": ("patch_text", "patch_blob_id"),
}


class ValidationReport(BaseModel):
    """``qa.schema_valid`` plus the problems that made it false, and what was checked."""

    schema_valid: bool
    problems: list[str] = Field(default_factory=list)
    events_checked: int = 0
    blobs_checked: int = 0


def _short(exc: ValidationError) -> str:
    return "; ".join(
        f"{'.'.join(str(p) for p in err['loc']) or '<root>'}: {err['msg']}"
        for err in exc.errors()[:5]
    )


def _required(doc: TraceDocument) -> Iterator[str]:
    if not doc.trace_id:
        yield "trace_id is empty"
    if doc.created_at_ms <= 0:
        yield "created_at_ms is missing"
    if doc.finalized_at_ms is None:
        yield "finalized_at_ms is missing: the trace was never finalized"
    if not doc.repo.repo_id or not doc.repo.commit_base:
        yield "repo.repo_id and repo.commit_base are required"
    if not doc.developer.developer_id:
        yield "developer.developer_id is required"
    if not doc.events:
        yield "trace has no events"


def _events(raw_events: list[dict[str, Any]]) -> Iterator[str]:
    valid_types = {t.value for t in EventType}
    seen_ids: set[str] = set()
    for raw in raw_events:
        seq, kind = raw.get("seq"), str(raw.get("type"))
        where = f"event seq {seq}"
        if kind not in valid_types:
            yield f"{where}: unknown event type {kind!r}"
            continue
        try:
            PAYLOAD_MODELS[kind].model_validate(raw.get("payload") or {})
        except ValidationError as exc:
            yield f"{where} ({kind}): payload invalid: {_short(exc)}"
        event_id = str(raw.get("event_id") or "")
        if not event_id:
            yield f"{where}: event_id is empty"
        elif event_id in seen_ids:
            yield f"{where}: duplicate event_id {event_id}"
        seen_ids.add(event_id)
        pair = _TEXT_OR_BLOB.get(kind)
        payload = raw.get("payload") or {}
        withheld = CONSENT_DROPPED_RULE in ((raw.get("redaction") or {}).get("rules") or [])
        # present means not None: an empty chunk (a command that printed nothing) is data
        if pair and not withheld and all(payload.get(k) is None for k in pair):
            yield f"{where} ({kind}): has neither {pair[0]} nor {pair[1]}"


def _seqs(doc: TraceDocument) -> Iterator[str]:
    seqs = [e.seq for e in doc.events]
    if seqs != sorted(seqs):
        yield "events are not in seq order"
    dupes = sorted({s for s in seqs if seqs.count(s) > 1})
    if dupes:
        yield f"duplicate seqs: {dupes[:20]}"
    last = doc.ingestion.seq_last if doc.ingestion.seq_last is not None else max(seqs, default=0)
    missing = sorted(set(range(1, last + 1)) - set(seqs))
    if missing:
        yield f"seq gaps: {len(missing)} missing of 1..{last}, first {missing[:20]}"
    beyond = [s for s in seqs if s > last]
    if beyond:
        yield f"seqs beyond seq_last {last}: {beyond[:20]}"
    if doc.missing_seqs:
        yield f"trace was finalized with missing events: {doc.missing_seqs[:20]}"


def blob_refs(node: Any, path: str = "") -> Iterator[tuple[str, str]]:
    """Every ``(path, blob_id)`` under keys ending in ``blob_id`` (lists included)."""
    if isinstance(node, dict):
        for key, value in node.items():
            here = f"{path}.{key}" if path else str(key)
            if key.endswith("blob_id") and isinstance(value, str) and value:
                yield here, value
            elif key.endswith("blob_ids") and isinstance(value, list):
                yield from ((f"{here}[{i}]", v) for i, v in enumerate(value) if v)
            else:
                yield from blob_refs(value, here)
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from blob_refs(value, f"{path}[{i}]")


def _blobs(raw: dict[str, Any], blobs: Blobs) -> tuple[list[str], int]:
    # The QA section is this run's own output, not the trace: leave it out.
    body = {k: v for k, v in raw.items() if k != "qa"}
    refs = list(blob_refs(body))
    problems: list[str] = []
    checked: dict[str, bool] = {}
    for where, blob_id in refs:
        if blob_id not in checked:
            try:
                checked[blob_id] = bool(blobs.exists(blob_id))
            except Exception as exc:  # invalid id or backend error: both are problems
                problems.append(f"{where}: blob {blob_id!r} cannot be checked: {exc}")
                checked[blob_id] = True
                continue
        if not checked[blob_id]:
            problems.append(f"{where}: blob {blob_id} does not resolve")
    return problems, len(checked)


def validate_trace(doc: TraceDocument, blobs: Blobs) -> ValidationReport:
    """Check ``doc`` strictly; never raises for a bad trace, it reports."""
    raw = doc.model_dump(mode="json")
    problems: list[str] = []
    try:
        TraceDocument.model_validate(raw)
    except ValidationError as exc:
        problems.append(f"document: {_short(exc)}")
    problems.extend(_required(doc))
    problems.extend(_events(raw.get("events", [])))
    problems.extend(_seqs(doc))
    blob_problems, n_blobs = _blobs(raw, blobs)
    problems.extend(blob_problems)
    if len(problems) > MAX_PROBLEMS:
        extra = len(problems) - MAX_PROBLEMS
        problems = [*problems[:MAX_PROBLEMS], f"... and {extra} more problems"]
    return ValidationReport(
        schema_valid=not problems,
        problems=problems,
        events_checked=len(doc.events),
        blobs_checked=n_blobs,
    )
