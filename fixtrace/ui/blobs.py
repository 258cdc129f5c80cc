"""Blob text for the pages: small copies from ClickHouse first, else the blob store.

The page decides what to read eagerly (diffs, thoughts, reports: what a reader needs to see
at once) and what to leave for on-demand loading (terminal output, snapshots); this module
only reads, bounded by a size limit, and says why when it cannot.
"""

from __future__ import annotations

from dataclasses import dataclass

from schemas.document import BlobInfo
from sinks.blobs.base import BlobStore, BlobStoreError


@dataclass(frozen=True)
class BlobText:
    """A blob's text, or why it is not here (``missing``, ``too large``, ``not text``)."""

    blob_id: str
    text: str | None
    size: int | None
    problem: str | None = None


class BlobReader:
    """Reads blobs for one page; ``infos`` are the ClickHouse rows the page already has."""

    def __init__(self, store: BlobStore | None, infos: dict[str, BlobInfo] | None = None):
        self.store = store
        self.infos = dict(infos or {})

    def size(self, blob_id: str) -> int | None:
        """The byte length known from ClickHouse or the store, None when unknown."""
        info = self.infos.get(blob_id)
        if info is not None:
            return info.byte_length
        if self.store is None:
            return None
        try:
            return self.store.stat(blob_id).byte_length
        except (BlobStoreError, ValueError):
            return None

    def raw(self, blob_id: str) -> bytes:
        """The stored bytes (raises the store's errors, ``ValueError`` for a bad id)."""
        info = self.infos.get(blob_id)
        if info is not None and info.inline is not None:
            return info.inline.encode()
        if self.store is None:
            raise BlobStoreError("no blob store is configured")
        return self.store.get(blob_id)

    def text(self, blob_id: str, limit: int) -> BlobText:
        """The blob as UTF-8 text if it is at most ``limit`` bytes."""
        size = self.size(blob_id)
        if size is not None and size > limit:
            return BlobText(blob_id, None, size, "too large to show inline")
        try:
            data = self.raw(blob_id)
        except (BlobStoreError, ValueError) as exc:
            return BlobText(blob_id, None, size, f"not readable: {exc}")
        if len(data) > limit:
            return BlobText(blob_id, None, len(data), "too large to show inline")
        return BlobText(blob_id, data.decode("utf-8", errors="replace"), len(data))
