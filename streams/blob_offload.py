"""Claim-check step: inline strings over ``inline_limit_bytes`` move to the blob store.

Why after redaction: the blob gets the same redacted text the row would have had, and the
blob's ``redaction`` metadata is the event's. Why before the ClickHouse flush: a row must
never reference a blob that is not stored yet; content addressing makes a re-put after a
crash a no-op, so this step needs no bookkeeping of its own.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from typing import Any, Protocol

from schemas.claimable import CLAIMABLE
from schemas.document import BlobInfo, Redaction

CONTENT_TYPE = "text/plain; charset=utf-8"
"""The stream labels every text it moves alike (the table's per-type types are the producers')."""


class BlobRefLike(Protocol):
    blob_id: str
    byte_length: int
    storage_uri: str


class BlobPutter(Protocol):
    def put(self, data: bytes, *, content_type: str = ...) -> BlobRefLike: ...


def oversized_dict(event: dict[str, Any], limit: int) -> bytes | None:
    """The UTF-8 bytes of the event's movable text when it exceeds ``limit``, else None."""
    spec = CLAIMABLE.get(event["type"])
    if spec is None:
        return None
    text = event["payload"].get(spec.text_field)
    if not text or len(text) * 4 <= limit:
        return None
    data = text.encode()
    return data if len(data) > limit else None


def move_dicts_to_blobs(
    events: list[dict[str, Any]], limit: int, store: BlobPutter, pool: ThreadPoolExecutor
) -> tuple[list[dict[str, Any]], list[BlobInfo]]:
    """Events with oversized text replaced by blob ids, and the blob rows to insert.

    The inputs are not modified: a retried commit runs this again on the same events and
    must put and record the same blobs.
    """
    jobs = [(i, d) for i, e in enumerate(events) if (d := oversized_dict(e, limit)) is not None]
    if not jobs:
        return events, []
    refs = list(pool.map(lambda job: store.put(job[1], content_type=CONTENT_TYPE), jobs))
    out = list(events)
    infos: list[BlobInfo] = []
    for (i, _), ref in zip(jobs, refs, strict=True):
        e = events[i]
        text_field, blob_field, _ = CLAIMABLE[e["type"]]
        out[i] = {**e, "payload": {**e["payload"], text_field: None, blob_field: ref.blob_id}}
        infos.append(
            BlobInfo(
                blob_id=ref.blob_id,
                content_type=CONTENT_TYPE,
                byte_length=ref.byte_length,
                storage_uri=ref.storage_uri,
                redaction=e.get("redaction") or Redaction(),
            )
        )
    return out, infos
