"""The stream's former model path, kept as the oracle of ``test_fast_path``.

The worker now redacts and claim-checks events as decoded dicts (``streams.redact_events.
DictRedaction``, ``streams.blob_offload.move_dicts_to_blobs``); these functions do the same on
pydantic models, the way the worker first did, so a test can prove the two agree.
"""

from __future__ import annotations

from collections import Counter
from concurrent.futures import ThreadPoolExecutor

from schemas.claimable import CLAIMABLE
from schemas.document import BlobInfo, Redaction, StoredEvent
from schemas.models import ConsentFlags, Event
from streams.blob_offload import CONTENT_TYPE, BlobPutter
from streams.redact import Redactor, kind_for_event_type
from streams.redact.consent import effective_mode
from streams.redact_events import _CONSENT_GATED, DROPPED_RULE, Outcome, _redaction, _scrub


def _drop_by_consent(event: Event, consent: ConsentFlags, counts: Counter[str]) -> Event:
    """Apply the keep-patches-only and no-terminal-output consent flags."""
    gate = _CONSENT_GATED.get(event.type)
    if gate is None or getattr(consent, gate[0]):
        return event
    p = event.payload
    if not any(getattr(p, f, None) for f in gate[1]):
        return event
    counts[DROPPED_RULE] += 1
    payload = p.model_copy(update=dict.fromkeys(gate[1]))
    return event.model_copy(update={"payload": payload})


def redact_event(event: Event, consent: ConsentFlags | None, redactor: Redactor) -> StoredEvent:
    """The event as it may be stored, with its ``redaction`` metadata (when any).

    ``consent`` None (no TraceOpened known) means the strictest handling.
    """
    counts: Counter[str] = Counter()
    event = _drop_by_consent(event, consent or ConsentFlags(), counts)
    kind = kind_for_event_type(event.type)

    def redact(text: str) -> Outcome:
        return redactor.redact(text, kind=kind, consent=consent)

    names = effective_mode(redactor.config.mode, kind, consent) == "redacted"
    event = _scrub(event, redact, counts, names=names)  # type: ignore[assignment]
    if not counts:
        # Nothing found (the usual case): the event itself; its rows read as "no redaction".
        return event  # type: ignore[return-value]
    return StoredEvent.model_construct(**event.__dict__, redaction=_redaction(counts))


def oversized(event: StoredEvent, limit: int) -> bytes | None:
    """The UTF-8 bytes of the event's movable text when it exceeds ``limit``, else None."""
    spec = CLAIMABLE.get(event.type)
    if spec is None:
        return None
    text = getattr(event.payload, spec.text_field, None)
    if not text or len(text) * 4 <= limit:  # a char is at most 4 UTF-8 bytes: skip encoding
        return None
    data = text.encode()
    return data if len(data) > limit else None


def move_to_blobs(
    events: list[StoredEvent], limit: int, store: BlobPutter, pool: ThreadPoolExecutor
) -> tuple[list[StoredEvent], list[BlobInfo]]:
    """Events with oversized text replaced by blob ids, and the blob rows to insert."""
    jobs = [(i, data) for i, e in enumerate(events) if (data := oversized(e, limit)) is not None]
    if not jobs:
        return events, []
    refs = list(pool.map(lambda job: store.put(job[1], content_type=CONTENT_TYPE), jobs))
    out = list(events)
    infos: list[BlobInfo] = []
    for (i, _), ref in zip(jobs, refs, strict=True):
        e = events[i]
        text_field, blob_field, _ = CLAIMABLE[e.type]
        payload = e.payload.model_copy(update={text_field: None, blob_field: ref.blob_id})
        out[i] = e.model_copy(update={"payload": payload})
        infos.append(
            BlobInfo(
                blob_id=ref.blob_id,
                content_type=CONTENT_TYPE,
                byte_length=ref.byte_length,
                storage_uri=ref.storage_uri,
                redaction=getattr(e, "redaction", None) or Redaction(),
            )
        )
    return out, infos
