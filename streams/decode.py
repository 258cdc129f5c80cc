"""Decode step: raw bytes → a raw-topic model, or a ``DeadLetter`` saying why not.

Why a value and not an exception: a bad record must never stop the records around it, so
the step returns either outcome and the caller routes each (valid ones on, dead ones to the
dead-letter topic) without try/except at every call site.

Why event batches stay dicts: pydantic validation of a batch cost ~2x its Avro decode and
was the largest per-event cost of the worker. ``schemas.codec.decode_checked`` checks what
Avro cannot (the models' constraints) and hands any batch that fails that check to the model,
so which records are dead-lettered, and with which error type and reason, is unchanged.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from schemas.codec import CodecError, decode_checked
from schemas.models import RAW_TOPIC_RECORDS, DeadLetter, EventBatch, TraceFinalize, TraceOpened


@dataclass(frozen=True, slots=True)
class BatchRecord:
    """An ``EventBatch`` that passed the models' checks, its events as decoded dicts."""

    trace_id: str
    events: list[dict[str, Any]]


RawRecord = TraceOpened | BatchRecord | TraceFinalize


@dataclass(frozen=True, slots=True)
class Source:
    """Where a record came from: enough to find it again and to commit past it."""

    topic: str
    partition: int
    offset: int
    key: bytes | None
    value: bytes
    timestamp_ms: int = 0


@dataclass(frozen=True, slots=True)
class Decoded:
    """A valid raw-topic record with its source."""

    record: RawRecord
    source: Source


def dead_letter(source: Source, exc: BaseException, stage: str) -> DeadLetter:
    """The dead-letter record for ``source`` failing at ``stage`` with ``exc``."""
    return DeadLetter(
        reason=str(exc)[:2000] or type(exc).__name__,
        error_type=type(exc).__name__,
        stage=stage,
        source_topic=source.topic,
        source_partition=source.partition,
        source_offset=source.offset,
        key=source.key,
        value=source.value,
    )


class UnexpectedRecord(CodecError):
    """A well-formed record of a type the raw topic does not carry (e.g. a QAResult)."""


class KeyMismatch(CodecError):
    """The record's trace_id differs from its Kafka key, so it sits on the wrong partition."""


def decode_one(source: Source) -> Decoded | DeadLetter:
    """Decode and validate one record; every failure becomes a dead letter, never a raise."""
    record: RawRecord
    try:
        _, value = decode_checked(source.value)
        if isinstance(value, dict):
            record = BatchRecord(value["trace_id"], value["events"])
        elif isinstance(value, EventBatch):  # the model accepted what the cheap check did not
            record = BatchRecord(value.trace_id, [e.model_dump() for e in value.events])
        elif isinstance(value, RAW_TOPIC_RECORDS):
            record = value
        else:
            raise UnexpectedRecord(f"{type(value).__name__} does not belong on the raw topic")
        if source.key is not None and source.key != record.trace_id.encode():
            raise KeyMismatch(f"key {source.key[:80]!r} differs from trace_id {record.trace_id!r}")
    except CodecError as exc:
        return dead_letter(source, exc, "decode")
    except (ValueError, TypeError) as exc:  # validators raising outside the codec's net
        return dead_letter(source, exc, "decode")
    return Decoded(record, source)
