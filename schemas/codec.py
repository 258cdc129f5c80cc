"""Avro single-object encoding without a registry server.

A record on the wire is ``C3 01`` + the 8-byte CRC-64-AVRO fingerprint of its writer
schema + the Avro binary body. Writer schemas are found by fingerprint among the
``.avsc`` files in ``schemas/avro/`` (current) and ``schemas/avro/history/`` (older
versions kept so old records stay readable); a record is always read into the *current*
schema of its name, which is what makes evolution work.
"""

from __future__ import annotations

import io
import json
import re
import struct
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from fastavro import schemaless_reader
from fastavro.schema import fingerprint as avro_fingerprint
from fastavro.schema import load_schema, to_parsing_canonical_form
from pydantic import BaseModel, ValidationError

from schemas.avro_codegen import CodeGen
from schemas.avro_reader import Reader, ReaderGen
from schemas.avro_writer import Writer
from schemas.base import Wire
from schemas.fields import event_check, event_ids_fit
from schemas.models import WIRE_RECORDS
from schemas.payloads import PAYLOAD_MODELS
from schemas.shapes import SHAPES

MAGIC = b"\xc3\x01"
HEADER_LEN = 10
AVRO_DIR = Path(__file__).parent / "avro"
PAYLOAD_NAMESPACE = "fixtrace.payload"
PAYLOAD_RECORD = {
    kind: f"{PAYLOAD_NAMESPACE}.{model.__name__}" for kind, model in PAYLOAD_MODELS.items()
}
"""Event type → the Avro record name of its payload branch (the producers encode with it)."""
PAYLOAD_KIND = {name: kind for kind, name in PAYLOAD_RECORD.items()}
_BLOB_ID = re.compile(r"sha256:[0-9a-f]{64}\Z")


class CodecError(ValueError):
    """Any record that cannot be turned into bytes or back. Subclasses say why."""


class BadMagic(CodecError):
    """The bytes do not start with the single-object marker ``C3 01``."""


class TruncatedRecord(CodecError):
    """The bytes end before the header or the body does."""


class UnknownFingerprint(CodecError):
    """No schema in ``schemas/avro`` (or its history) has this fingerprint."""


class InvalidRecord(CodecError):
    """The body decoded, or was about to be encoded, but does not fit the schema or model."""


@dataclass(frozen=True)
class WriterSchema:
    """One known schema version: its full name, parsed form and fingerprint."""

    name: str
    schema: Any
    fingerprint: bytes
    current: bool


def _load(path: Path, current: bool) -> WriterSchema:
    schema = load_schema(str(path))
    fp = bytes.fromhex(avro_fingerprint(to_parsing_canonical_form(schema), "CRC-64-AVRO"))
    return WriterSchema(schema["name"], schema, fp, current)


@cache
def registry() -> tuple[dict[str, WriterSchema], dict[bytes, WriterSchema]]:
    """(current schema by record name, every known schema by fingerprint)."""
    current = {s.name: s for s in (_load(AVRO_DIR / f"{name}.avsc", True) for name in WIRE_RECORDS)}
    by_fp = {s.fingerprint: s for s in current.values()}
    for path in sorted((AVRO_DIR / "history").glob("*.avsc")):
        old = _load(path, False)
        if old.name not in current:
            raise CodecError(f"{path.name}: history schema for unknown record {old.name}")
        by_fp.setdefault(old.fingerprint, old)
    return current, by_fp


def schema_for(name: str) -> WriterSchema:
    """The current schema of a record name such as ``fixtrace.EventBatch``."""
    try:
        return registry()[0][name]
    except KeyError:
        raise CodecError(f"no schema named {name!r}") from None


def record_name(model: type[BaseModel] | BaseModel) -> str:
    """The Avro full name of a wire model class or instance."""
    cls = model if isinstance(model, type) else type(model)
    return f"fixtrace.{cls.__name__}"


# --- payload unions: fastavro wants (record name, dict) for an explicit union branch ----


def _to_avro(name: str, record: dict[str, Any]) -> dict[str, Any]:
    if name == "fixtrace.EventBatch":
        record["events"] = [
            {**e, "payload": (PAYLOAD_RECORD[e["type"]], e["payload"])} for e in record["events"]
        ]
    return record


def _from_avro(name: str, record: dict[str, Any]) -> dict[str, Any]:
    if name == "fixtrace.EventBatch":
        for event in record["events"]:
            branch, payload = event["payload"]
            if PAYLOAD_KIND.get(branch) != event["type"]:
                raise InvalidRecord(
                    f"event {event.get('event_id')}: payload {branch} does not match "
                    f"type {event['type']}"
                )
            event["payload"] = payload
    return record


# --- encode / decode -------------------------------------------------------------------


_BODY_WRITERS: dict[bytes, Writer] = {}
ENCODE_ERRORS = (ValueError, TypeError, KeyError, AttributeError, OverflowError, struct.error)
"""What the Avro writers raise for a value that does not fit the schema."""


def body_writer(writer: WriterSchema) -> Writer:
    """The generated Avro body writer of a schema version, built once per fingerprint.

    Why not fastavro: its writer costs ~4x more per event (it validates every branch of
    the nullable record unions); ``schemas/avro_codegen.py`` writes the same bytes.
    """
    write = _BODY_WRITERS.get(writer.fingerprint)
    if write is None:
        write = _BODY_WRITERS[writer.fingerprint] = CodeGen().build(writer.schema)
    return write


def encode_dict(name: str, record: dict[str, Any], writer: WriterSchema | None = None) -> bytes:
    """Encode a plain dict already shaped like the schema (the fast path for producers)."""
    writer = writer or schema_for(name)
    out = bytearray(MAGIC)
    out += writer.fingerprint
    try:
        body_writer(writer)(out, _to_avro(name, dict(record)))
    except ENCODE_ERRORS as exc:
        raise InvalidRecord(f"{name}: does not fit the schema: {exc!r}") from exc
    return bytes(out)


def encode(record: Wire) -> bytes:
    """Encode a wire model with its current schema."""
    return encode_dict(record_name(record), record.model_dump(mode="python"))


def read_header(data: bytes) -> WriterSchema:
    """The writer schema a record names in its header, or a typed error."""
    if len(data) < HEADER_LEN:
        if data[: len(MAGIC)] != MAGIC[: len(data)]:
            raise BadMagic(f"not a single-object Avro record (starts {data[:2].hex() or 'empty'})")
        raise TruncatedRecord(f"record of {len(data)} bytes is shorter than the 10-byte header")
    if data[:2] != MAGIC:
        raise BadMagic(f"not a single-object Avro record (starts {data[:2].hex()})")
    fp = bytes(data[2:HEADER_LEN])
    writer = registry()[1].get(fp)
    if writer is None:
        raise UnknownFingerprint(f"no known schema has fingerprint {fp.hex()}")
    return writer


_BODY_READERS: dict[bytes, Reader] = {}


def body_reader(writer: WriterSchema) -> Reader:
    """The generated body reader of a current schema, built once per fingerprint."""
    read = _BODY_READERS.get(writer.fingerprint)
    if read is None:
        read = _BODY_READERS[writer.fingerprint] = ReaderGen().build(writer.schema)
    return read


def decode_dict(data: bytes) -> tuple[str, dict[str, Any]]:
    """Decode to (record name, dict in the current schema's shape).

    Bodies written with the current schema take the generated reader
    (``schemas/avro_reader.py``, ~3.5x faster than fastavro); anything it does not read
    the common way, and every older schema version, goes through fastavro, whose verdict
    stands (value or error), so the fast path changes speed only.
    """
    writer = read_header(data)
    if writer.current:
        try:
            record, end = body_reader(writer)(data, HEADER_LEN)
        except (ValueError, EOFError, IndexError, struct.error):
            pass  # fastavro below decides what is wrong, with its own message
        else:
            if end == len(data) and isinstance(record, dict):
                return writer.name, _from_avro(writer.name, record)
    return _decode_with_fastavro(writer, data)


def _decode_with_fastavro(writer: WriterSchema, data: bytes) -> tuple[str, dict[str, Any]]:
    """Decode (and resolve to the current schema) with fastavro; the reference path."""
    reader = schema_for(writer.name)
    body = io.BytesIO(memoryview(data)[HEADER_LEN:])
    try:
        record = schemaless_reader(
            body,
            writer.schema,
            None if writer.current else reader.schema,
            return_record_name=True,
            return_record_name_override=True,
        )
    except (EOFError, StopIteration) as exc:
        raise TruncatedRecord(f"{writer.name}: body ends early") from exc
    except (ValueError, TypeError, IndexError, KeyError, UnicodeDecodeError) as exc:
        raise InvalidRecord(f"{writer.name}: body does not decode: {exc}") from exc
    if body.tell() != len(data) - HEADER_LEN:
        raise InvalidRecord(
            f"{writer.name}: {len(data) - HEADER_LEN - body.tell()} trailing bytes after the body"
        )
    if not isinstance(record, dict):
        raise InvalidRecord(f"{writer.name}: body is not a record")
    return writer.name, _from_avro(writer.name, record)


def decode(data: bytes) -> Wire:
    """Decode and validate into the wire model of the record's type."""
    name, record = decode_dict(data)
    try:
        return WIRE_RECORDS[name].model_validate(record)
    except ValidationError as exc:
        raise InvalidRecord(f"{name}: {_short(exc)}") from exc


def _short(exc: ValidationError) -> str:
    """A one-line summary of a validation error, for dead-letter reasons."""
    parts = [f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors()[:5]]
    more = exc.error_count() - len(parts)
    return "; ".join(parts) + (f" (+{more} more)" if more > 0 else "")


def describe_schemas() -> list[dict[str, str]]:
    """Every known schema version, for ``fixtrace schemas``."""
    return [
        {"name": s.name, "fingerprint": s.fingerprint.hex(), "current": str(s.current)}
        for s in registry()[1].values()
    ]


def canonical_json(name: str) -> str:
    """The parsing canonical form of a current schema, e.g. to publish it elsewhere."""
    return json.dumps(json.loads(to_parsing_canonical_form(schema_for(name).schema)))


_BLOB_KEYS = {
    kind: tuple(name for name in model.model_fields if name.endswith("_blob_id"))
    for kind, model in PAYLOAD_MODELS.items()
}
"""Per event type, the payload fields that hold blob ids (checked for their shape)."""
_EVENT_CHECKS = {kind: event_check(model.__name__) for kind, model in PAYLOAD_MODELS.items()}
"""Per event type, the generated check of an event dict's field shapes (``schemas.fields``)."""


def check_event_batch(record: dict[str, Any], strict: bool = False) -> None:
    """The invariants the pydantic models add beyond Avro's own typing, checked cheaply.

    Full model validation costs ~2x the decode itself (bench/codec_bench.py), so the stream's
    hot path decodes to dicts and checks only what Avro cannot: ids present, seqs >= 1 and
    strictly increasing within the batch, blob ids well formed; with ``strict`` also the
    numeric bounds (see :func:`check_event_batch_strict`). One pass over the events.
    """
    if not record.get("trace_id"):
        raise InvalidRecord("fixtrace.EventBatch: trace_id is empty")
    if (why := SHAPES["uuid"].why_not(record["trace_id"])) is not None:
        raise InvalidRecord(f"fixtrace.EventBatch: trace_id: {why}")
    events = record.get("events") or []
    if not events:
        raise InvalidRecord("fixtrace.EventBatch: a batch needs at least one event")
    ids_fit = event_ids_fit([e["event_id"] or "" for e in events])
    last = 0
    for event in events:
        seq = event["seq"]
        if seq <= last:
            raise InvalidRecord(
                f"fixtrace.EventBatch: seq must strictly increase and start at 1 or more, "
                f"got {seq} after {last}"
            )
        last = seq
        if not event["event_id"]:
            raise InvalidRecord(f"fixtrace.EventBatch: event at seq {seq} has no event_id")
        payload = event["payload"]
        if not ids_fit and (why := SHAPES["uuid"].why_not(event["event_id"])) is not None:
            raise InvalidRecord(f"fixtrace.EventBatch: seq {seq}: event_id: {why}")
        problem = _EVENT_CHECKS[event["type"]](event)
        if problem is not None:
            raise InvalidRecord(f"fixtrace.EventBatch: seq {seq}: {problem}")
        for key in _BLOB_KEYS[event["type"]]:
            value = payload.get(key)
            if value is not None and not _BLOB_ID.match(value):
                raise InvalidRecord(f"fixtrace.EventBatch: seq {seq}: {key} {value!r} is malformed")
        if strict:
            if event["ts_ms"] < 0:
                raise InvalidRecord(f"fixtrace.EventBatch: seq {seq}: ts_ms is negative")
            duration = payload.get("duration_ms")
            if duration is not None and duration < 0:
                raise InvalidRecord(f"fixtrace.EventBatch: seq {seq}: duration_ms < 0")


def check_event_batch_strict(record: dict[str, Any]) -> None:
    """:func:`check_event_batch` plus the numeric bounds the models add (ts_ms, duration_ms).

    Why a separate check: the stream keeps a dict only when the models would accept it, so
    this must never be laxer than ``EventBatch`` validation (enums, branch/type agreement
    and field types are Avro's job; everything else is here).
    """
    check_event_batch(record, strict=True)


def decode_checked(data: bytes) -> tuple[str, dict[str, Any] | Wire]:
    """Decode like :func:`decode`, but an ``EventBatch`` that passes the cheap check stays a dict.

    Why: model validation of a batch costs ~2x its Avro decode; the stream only needs the
    guarantees. A batch the cheap check rejects is handed to the model, so the error type and
    reason are exactly :func:`decode`'s (and a batch the model accepts is returned as a model).
    """
    name, record = decode_dict(data)
    if name == "fixtrace.EventBatch":
        try:
            check_event_batch_strict(record)
        except (InvalidRecord, KeyError, TypeError):
            pass  # the model below states the reason, as decode() would
        else:
            return name, record
    try:
        return name, WIRE_RECORDS[name].model_validate(record)
    except ValidationError as exc:
        raise InvalidRecord(f"{name}: {_short(exc)}") from exc
