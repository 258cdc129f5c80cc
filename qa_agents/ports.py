"""The narrow slices of the store and blob store the QA stages use.

Why protocols: the stages depend only on these few methods, so tests can hand in the real
``sinks`` objects or a small fake, and the stages never import a backend.
"""

from __future__ import annotations

from typing import Any, Protocol

from schemas.document import TraceDocument
from schemas.models import QAResult


class BlobRefLike(Protocol):
    blob_id: str


class Blobs(Protocol):
    """``sinks.blobs.BlobStore``: content-addressed put-if-absent, get, exists."""

    def put(self, data: bytes, *, content_type: str = ...) -> Any: ...

    def get(self, blob_id: str) -> bytes: ...

    def exists(self, blob_id: str) -> bool: ...


class TraceStore(Protocol):
    """``sinks.clickhouse.store.ClickHouseStore``: what QA reads and writes."""

    def assemble(self, trace_id: str, *, metadata_only: bool = False) -> TraceDocument | None: ...

    def insert_qa_results(self, results: list[QAResult]) -> None: ...

    def set_final_trace_blob(self, trace_id: str, blob_id: str) -> None: ...

    def qa_results(self, trace_id: str) -> list[QAResult]: ...

    def traces_owed_qa(
        self, config_json: str, completed_before_ms: int, limit: int = ...
    ) -> list[dict[str, Any]]: ...


def put_text(blobs: Blobs, text: str | bytes, content_type: str = "text/plain") -> str:
    """Store text (or bytes) and return its blob id."""
    data = text.encode("utf-8", "replace") if isinstance(text, str) else text
    return str(blobs.put(data, content_type=content_type).blob_id)


def get_text(blobs: Blobs, blob_id: str, limit: int | None = None) -> str:
    """A blob decoded as UTF-8 (lossy), optionally cut to ``limit`` bytes first."""
    data = blobs.get(blob_id)
    return (data if limit is None else data[:limit]).decode("utf-8", "replace")
