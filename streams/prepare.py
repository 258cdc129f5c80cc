"""The CPU step of a micro-batch: raw records → rows ready to insert, as one function.

Why one step with plain-data inputs and outputs: decode, redaction, claim-check and row
building are pure CPU under the GIL (together most of a worker's CPU per event),
while faust's dispatch, the ClickHouse insert and the completion decisions run in the main
process. Keeping this step a function of (records, consent flags) → :class:`Prepared`
lets :mod:`streams.prepare_pool` run it in a child process, so one worker uses both cores,
or in a thread of the worker itself (``--prepare-procs 0``). Both give the same rows.

Consent comes from the caller (it owns the ClickHouse lookup and the cache) and from the
TraceOpened records this preparer has seen itself, which take precedence: the worker keeps
the next batch queued while one is being prepared, so its lookup for batch N+1 cannot wait
for what batch N taught. Batches reach a preparer in arrival order, so "seen itself"
always includes every earlier TraceOpened of the stream since the preparer started.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from schemas.base import now_ms
from schemas.document import BlobInfo, Redaction
from schemas.models import ConsentFlags, DeadLetter, TraceFinalize, TraceOpened
from sinks.clickhouse import rows as R
from streams.blob_offload import BlobPutter, move_dicts_to_blobs
from streams.decode import BatchRecord, Decoded, Source, decode_one
from streams.redact import Redactor
from streams.redact_events import DictRedaction, redact_opened, redact_record

_MAX_LEARNED = 200_000


@dataclass
class Prepared:
    """A decoded, redacted take-batch turned into what the flush writes."""

    dead: list[DeadLetter] = field(default_factory=list)
    opened: list[tuple[TraceOpened, Redaction]] = field(default_factory=list)
    finals: list[TraceFinalize] = field(default_factory=list)
    partitions: dict[str, int] = field(default_factory=dict)
    """trace_id → the raw partition its records came from (the tracker's owner)."""
    seqs: dict[str, list[int]] = field(default_factory=dict)
    """trace_id → seqs of the event rows below (deduplicated within the take-batch)."""
    blobs: list[BlobInfo] = field(default_factory=list)
    """Blobs the claim-check stored for oversized inline text (rows reference them)."""
    event_columns: list[tuple[Any, ...]] = field(default_factory=list)
    """The ``events`` rows, column-oriented in ``rows.EVENT_COLUMNS`` order (empty: none)."""
    events: int = 0
    memory: list[tuple[str, int, str]] = field(default_factory=list)
    """New (trace_id, length, fingerprint) rows of the trace redaction memory, to store."""


class Preparer:
    """Runs :meth:`run`; holds what is worth keeping between batches (redaction memo)."""

    def __init__(self, redactor: Redactor, blobs: BlobPutter, inline_limit_bytes: int) -> None:
        self.redactor = redactor
        self.redaction = DictRedaction(redactor)
        self.blobs = blobs
        self.inline_limit_bytes = inline_limit_bytes
        self._pool = ThreadPoolExecutor(4, thread_name_prefix="blob-put")
        self.learned: dict[str, ConsentFlags] = {}
        """trace_id → flags of the TraceOpened records this preparer has prepared."""

    def run(
        self,
        sources: list[Source],
        consents: dict[str, ConsentFlags | None],
        memory: dict[str, list[tuple[int, str]]] | None = None,
    ) -> Prepared:
        """Decode, redact, claim-check and build rows for one take-batch.

        ``memory``: stored redaction-memory pairs of traces the caller had not asked about
        since it started (``streams.redact.memory``), loaded before any of them is redacted.
        Raises only when the blob store fails (a claim-check put), before anything is
        returned, so the caller can simply run it again.
        """
        out = Prepared()
        for trace_id, pairs in (memory or {}).items():
            self.redaction.memory.seed(trace_id, pairs)
        learned = self.learned
        if len(learned) > _MAX_LEARNED:
            learned.clear()  # the caller's consents (from ClickHouse) cover older traces
        trace_ids: list[str] = []
        events: list[dict[str, Any]] = []
        seen: set[tuple[str, str]] = set()
        redact = self.redaction.event
        for outcome in map(decode_one, sources):
            if not isinstance(outcome, Decoded):
                out.dead.append(self._carried(outcome))
                continue
            if outcome.dead is not None:
                out.dead.append(self._carried(outcome.dead))
            rec = outcome.record
            trace_id = rec.trace_id
            out.partitions[trace_id] = outcome.source.partition
            if isinstance(rec, BatchRecord):
                consent = learned.get(trace_id) or consents.get(trace_id)
                for e in rec.events:
                    if (trace_id, e["event_id"]) not in seen:
                        seen.add((trace_id, e["event_id"]))
                        trace_ids.append(trace_id)
                        events.append(redact(e, consent, trace_id))
            elif isinstance(rec, TraceOpened):
                learned[trace_id] = rec.developer.consent_flags
                out.opened.append(redact_opened(rec, self.redactor, self.redaction.memory))
            else:  # the PR title and description are the developer's text too
                consent = learned.get(trace_id) or consents.get(trace_id)
                memory = self.redaction.memory
                out.finals.append(redact_record(rec, consent, self.redactor, memory)[0])
        if events:
            stored, out.blobs = move_dicts_to_blobs(
                events, self.inline_limit_bytes, self.blobs, self._pool
            )
            ingested = now_ms()
            row = R.event_row_dict
            rows = [row(t, e, ingested) for t, e in zip(trace_ids, stored, strict=True)]
            out.event_columns = list(zip(*rows, strict=True))
            for trace_id, e in zip(trace_ids, stored, strict=True):
                out.seqs.setdefault(trace_id, []).append(e["seq"])
            out.events = len(stored)
        out.memory = self.redaction.memory.drain()
        return out

    def _carried(self, dead: DeadLetter) -> DeadLetter:
        """``dead`` with a large value moved to the blob store (its id ends the reason).

        Why: a dead letter is published by this worker, and one past its producer's request
        size (faust's default is 1,000,000 bytes) could never be sent: the batch would be
        retried for ever. The bytes stay recoverable by their content address.
        """
        if len(dead.value) <= DEAD_LETTER_VALUE_MAX_BYTES:
            return dead
        ref = self.blobs.put(dead.value, content_type="application/octet-stream")
        reason = f"{dead.reason[:1500]}; the {len(dead.value)} bytes are kept as blob {ref.blob_id}"
        return dead.model_copy(update={"value": b"", "reason": reason})


DEAD_LETTER_VALUE_MAX_BYTES = 256 << 10
"""A dead letter carries its record's bytes up to this size, larger ones by blob id."""


def trace_id_of(source: Source) -> str | None:
    """The trace a raw record belongs to, for the consent lookup before :meth:`Preparer.run`.

    The Kafka key is the trace_id (the producers key by it; a keyless record or a mismatch
    is dead-lettered, so it needs no consent).
    """
    if source.key is None:
        return None
    try:
        return source.key.decode()
    except UnicodeDecodeError:
        return None
