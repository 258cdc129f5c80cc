"""What every importer produces, its stable identity, and publishing it through the SDK.

An importer turns a file into :class:`ImportedTrace` values (pure parsing, no I/O beyond the
file); :func:`publish` sends one. Adding a format is one module plus one registry line.

Re-importing must not make a second trace, so ids are derived, not drawn: the trace id is a
UUIDv5 of the format, the instance id and a hash of the source content (plus the task
record's digest when one is attached), and each event id is a UUIDv5 of the trace id and
the event's seq. Storage deduplicates by those ids, so a repeated import converges on the
same rows.
"""

from __future__ import annotations

import difflib
import hashlib
import json
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from producers.blob_upload import BlobStore
from producers.sdk import TraceProducer
from schemas.models import FinalState, PrRef, TraceOpened

#: The namespace of derived import ids (fixed forever: changing it re-keys every import).
IMPORT_NAMESPACE = uuid.UUID("6f1c1f6e-5a8e-4c1b-9a43-3d2f8e0b7a11")


class ImportFormatError(ValueError):
    """The file does not match its format; the message names the step that is wrong."""


@dataclass
class ImportedEvent:
    type: str
    payload: dict[str, Any]
    actor_kind: str = "agent"
    ts_ms: int | None = None


@dataclass
class ImportedTrace:
    opened: TraceOpened
    events: list[ImportedEvent] = field(default_factory=list)
    final_patch: str | None = None
    pr_title: str | None = None
    #: The importer's name, the instance id (SWE-bench id, else the file stem) and the
    #: SHA-256 of the source content: what makes two imports the same trace.
    fmt: str = ""
    instance_id: str = ""
    content_sha256: str = ""
    #: Other ids the trajectory names for its instance, tried when matching task records.
    aliases: list[str] = field(default_factory=list)
    #: The task record the file itself carries (OpenHands' ``instance``), if any.
    embedded_record: dict[str, Any] | None = None
    #: What the import summary should say about this trace beyond where its record came from.
    notes: list[str] = field(default_factory=list)


def validation_message(exc: ValidationError) -> str:
    """``field.path: message`` of a pydantic error's first problem."""
    err = exc.errors()[0]
    return f"{'.'.join(map(str, err['loc']))}: {err['msg']}"


def edit_diff(path: str, old: str, new: str) -> str:
    """The unified diff of replacing ``old`` by ``new`` in ``path`` (an agent's edit)."""
    return "".join(
        difflib.unified_diff(old.splitlines(True), new.splitlines(True), f"a/{path}", f"b/{path}")
    )


def read_json_object(path: Path, expect: str) -> tuple[bytes, dict[str, Any]]:
    """A trajectory file's bytes and its top-level JSON object (which should hold ``expect``).

    Raises :class:`ImportFormatError` naming the file when it is unreadable, not JSON, or
    not an object; the format's model then says which field is wrong.
    """
    try:
        data = Path(path).read_bytes()
        raw = json.loads(data)
    except OSError as exc:
        raise ImportFormatError(f"{path}: cannot read: {exc.strerror or exc}") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise ImportFormatError(f"{path}: not JSON: {exc}") from None
    if not isinstance(raw, dict):
        raise ImportFormatError(f"{path}: top level must be an object with {expect!r}")
    return data, raw


def json_rows(text: str) -> Iterator[tuple[str, int | None, Any]]:
    """``(kind, index, value)`` of a file of rows: a JSON list (``"item"``, i), one JSON
    object (``"object"``, None) or JSON lines (``"line"``, n, blank lines skipped).

    Records and predictions files come in all three shapes. A line that is not JSON gives
    its ``json.JSONDecodeError`` as the value, so the caller decides whether it fails alone.
    """
    if text.lstrip()[:1] in ("[", "{"):
        try:
            doc = json.loads(text)
        except json.JSONDecodeError:
            doc = None  # not one document: read as JSON lines below
        if isinstance(doc, list):
            yield from (("item", i, row) for i, row in enumerate(doc))
            return
        if isinstance(doc, dict):
            yield "object", None, doc
            return
    for n, line in enumerate(text.splitlines(), 1):
        if line.strip():
            try:
                yield "line", n, json.loads(line)
            except json.JSONDecodeError as exc:
                yield "line", n, exc


def content_hash(data: bytes) -> str:
    """Hex SHA-256 of a trajectory's source bytes."""
    return hashlib.sha256(data).hexdigest()


def derive_trace_id(trace: ImportedTrace, record_digest: str | None = None) -> str:
    """Set and return the trace id derived from the import's identity."""
    key = "\n".join((trace.fmt, trace.instance_id, trace.content_sha256, record_digest or ""))
    trace.opened.trace_id = str(uuid.uuid5(IMPORT_NAMESPACE, key))
    return trace.opened.trace_id


def event_id(trace_id: str, seq: int) -> str:
    """The derived id of the event at ``seq`` of ``trace_id``."""
    return str(uuid.uuid5(uuid.UUID(trace_id), str(seq)))


async def publish(
    trace: ImportedTrace, producer: TraceProducer, blobs: BlobStore | None = None
) -> str:
    """Open, emit every event, finalize with the final patch as a blob; returns the trace id."""
    tid = await producer.open_trace(trace.opened)
    seq = 0
    for seq, ev in enumerate(trace.events, 1):
        await producer.emit(
            tid,
            dict(ev.payload),
            type=ev.type,
            actor={"kind": ev.actor_kind, "id": None},
            ts_ms=ev.ts_ms,
            event_id=event_id(tid, seq),
        )
    diff_blob = None
    if trace.final_patch and blobs is not None:
        diff_blob = blobs.put(trace.final_patch.encode(), content_type="text/x-diff").blob_id
    if trace.final_patch:
        await producer.emit(
            tid,
            {"title": trace.pr_title, "diff_blob_id": diff_blob},
            type="pr_metadata",
            actor={"kind": "agent", "id": None},
            event_id=event_id(tid, seq + 1),
        )
    await producer.finalize(tid, FinalState(pr=PrRef(title=trace.pr_title, diff_blob_id=diff_blob)))
    return tid
