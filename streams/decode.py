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

from pydantic import ValidationError

from schemas.codec import CodecError, InvalidRecord, decode_checked, decode_dict
from schemas.models import (
    RAW_TOPIC_RECORDS,
    DeadLetter,
    Event,
    EventBatch,
    TraceFinalize,
    TraceOpened,
)
from schemas.shapes import SHAPES

RAW_RECORD_MAX_BYTES = 1 << 20
"""Largest raw record a producer of ours sends (the SDK's and the gateway's request size);
a larger one is dead-lettered as ``RecordTooLarge``."""


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
    value: bytes | None
    """None for a record with a null value (a tombstone): dead-lettered as ``NullValue``."""
    timestamp_ms: int = 0


@dataclass(frozen=True, slots=True)
class Decoded:
    """A valid raw-topic record with its source, and the dead letter of the events that
    were cut out of it (a batch with some invalid events keeps its valid ones)."""

    record: RawRecord
    source: Source
    dead: DeadLetter | None = None


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
        value=source.value or b"",
    )


class UnexpectedRecord(CodecError):
    """A well-formed record of a type the raw topic does not carry (e.g. a QAResult)."""


class KeyMismatch(CodecError):
    """The record's trace_id differs from its Kafka key, so it sits on the wrong partition."""


class NullValue(CodecError):
    """The record has no value at all (a tombstone or a client bug): nothing to decode."""


class MissingKey(CodecError):
    """The record has no key: it landed on an arbitrary partition, away from its trace."""


class RecordTooLarge(CodecError):
    """The record is larger than any producer of the raw topic may send."""


class InvalidEvent(CodecError):
    """Some events of a batch fail the model; the batch's valid events were kept."""


def _event_name(event: dict) -> str:
    """The event's id for a dead letter's reason, or its seq when the id is out of shape
    (an id that is a secret must not reach the dead-letter topic's reason)."""
    event_id = event.get("event_id")
    if isinstance(event_id, str) and SHAPES["uuid"].why_not(event_id) is None:
        return repr(event_id)
    return f"seq {event.get('seq')}, event_id out of shape"


def salvage_batch(data: bytes) -> tuple[EventBatch, list[str]] | None:
    """The valid events of an ``EventBatch`` that failed as a whole, and why the others
    failed; None when no event, or the batch of the valid ones, passes the model."""
    try:
        name, record = decode_dict(data)
    except CodecError:
        return None
    if name != "fixtrace.EventBatch":
        return None
    kept, why = [], []
    for i, event in enumerate(record.get("events") or []):
        try:
            kept.append(Event.model_validate(event))
        except ValidationError as exc:
            first = exc.errors(include_url=False)[0]
            where = ".".join(str(p) for p in first["loc"])
            why.append(f"events[{i}] ({_event_name(event)}): {where}: {first['msg']}")
    if not kept or not why:
        return None
    try:
        batch = EventBatch.model_validate({**record, "events": kept})
    except ValidationError:
        return None
    return batch, why


def decode_one(source: Source) -> Decoded | DeadLetter:
    """Decode and validate one record; every failure becomes a dead letter, never a raise."""
    record: RawRecord
    dead: DeadLetter | None = None
    try:
        if source.value is None:
            raise NullValue("null value: a raw record always carries an Avro record")
        if source.key is None:
            raise MissingKey("no key: raw records are keyed by trace_id (one trace, one partition)")
        if len(source.value) > RAW_RECORD_MAX_BYTES:
            raise RecordTooLarge(
                f"{len(source.value)} bytes; raw records are at most {RAW_RECORD_MAX_BYTES}"
            )
        try:
            _, value = decode_checked(source.value)
        except InvalidRecord:
            salvaged = salvage_batch(source.value)
            if salvaged is None:
                raise
            value, why = salvaged
            reason = f"{len(why)} of {len(why) + len(value.events)} events invalid: "
            dead = dead_letter(source, InvalidEvent(reason + "; ".join(why)), "decode")
        if isinstance(value, dict):
            record = BatchRecord(value["trace_id"], value["events"])
        elif isinstance(value, EventBatch):  # the model accepted what the cheap check did not
            record = BatchRecord(value.trace_id, [e.model_dump() for e in value.events])
        elif isinstance(value, RAW_TOPIC_RECORDS):
            record = value
        else:
            raise UnexpectedRecord(f"{type(value).__name__} does not belong on the raw topic")
        if source.key != record.trace_id.encode():
            raise KeyMismatch(f"key {source.key[:80]!r} differs from trace_id {record.trace_id!r}")
    except CodecError as exc:
        return dead_letter(source, exc, "decode")
    except (ValueError, TypeError) as exc:  # validators raising outside the codec's net
        return dead_letter(source, exc, "decode")
    return Decoded(record, source, dead)
