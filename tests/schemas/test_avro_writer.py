"""The generated Avro writer writes fastavro's bytes for every record and event type.

Random valid data is generated from each schema itself (every union branch, long and
short strings, negative and 64-bit longs, empty and full arrays and maps), so a field
added to an ``.avsc`` file is covered without touching this test.
"""

from __future__ import annotations

import io
import random
import string
from typing import Any

import pytest
from fastavro import schemaless_writer

from bench.samples import sample_events, sample_trace
from schemas import codec
from schemas.avro_codegen import CodeGen
from schemas.avro_writer import Compiler
from schemas.models import WIRE_RECORDS, EventBatch
from schemas.payloads import PAYLOAD_MODELS

_TEXT = string.ascii_letters + "é€😀\n\t \"'\\"


def _value(schema: Any, rng: random.Random, named: dict[str, Any], depth: int = 0) -> Any:
    """A random datum valid for a fastavro-parsed schema; unions become (name, value)."""
    if isinstance(schema, str) and schema in named:
        schema = named[schema]
    if isinstance(schema, dict) and schema["type"] in ("record", "enum"):
        named[schema["name"]] = schema
    kind = schema if isinstance(schema, str) else schema if isinstance(schema, list) else None
    if kind is None:
        kind = schema["type"]
    if isinstance(kind, list):
        branch = rng.choice(kind)
        if isinstance(branch, str) and branch in named:
            branch = named[branch]
        value = _value(branch, rng, named, depth + 1)
        name = branch if isinstance(branch, str) else branch.get("name", branch["type"])
        # Tag record branches the way codec/fastavro want; primitives resolve by type.
        return (name, value) if isinstance(value, dict) and len(kind) > 2 else value
    if kind == "null":
        return None
    if kind == "boolean":
        return rng.random() < 0.5
    if kind in ("int", "long"):
        bits = 31 if kind == "int" else 63
        return rng.choice([0, 1, -1, 63, 64, -65, 127, 128, rng.randrange(-(2**bits), 2**bits)])
    if kind in ("float", "double"):
        return rng.choice([0.0, 1.5, -2.25])
    if kind == "string":
        return "".join(rng.choice(_TEXT) for _ in range(rng.choice([0, 1, 63, 64, 200])))
    if kind == "bytes":
        return rng.randbytes(rng.choice([0, 3, 130]))
    if kind == "enum":
        return rng.choice(schema["symbols"])
    if kind == "array":
        n = 0 if depth > 4 else rng.choice([0, 1, 3])
        return [_value(schema["items"], rng, named, depth + 1) for _ in range(n)]
    if kind == "map":
        n = 0 if depth > 4 else rng.choice([0, 2])
        return {f"k{i}": _value(schema["values"], rng, named, depth + 1) for i in range(n)}
    if kind == "record":
        return {f["name"]: _value(f["type"], rng, named, depth + 1) for f in schema["fields"]}
    raise AssertionError(f"unhandled schema {schema!r}")


def _fastavro(schema: Any, record: Any) -> bytes:
    out = io.BytesIO()
    schemaless_writer(out, schema, record)
    return out.getvalue()


def _ours(schema: Any, record: Any) -> bytes:
    out = bytearray()
    CodeGen().build(schema)(out, record)
    return bytes(out)


@pytest.mark.parametrize("name", sorted(WIRE_RECORDS))
def test_random_records_of_every_type_match_fastavro(name: str) -> None:
    schema = codec.schema_for(name).schema
    write, closure = CodeGen().build(schema), Compiler().compile(schema)
    rng = random.Random(name)
    for _ in range(200):
        record = _value(schema, rng, {})
        ours, slow = bytearray(), bytearray()
        write(ours, record)
        closure(slow, record)
        assert bytes(ours) == bytes(slow) == _fastavro(schema, record)


@pytest.mark.parametrize("kind", sorted(PAYLOAD_MODELS))
def test_every_event_type_matches_fastavro(kind: str) -> None:
    """Each payload branch, with every optional field both set and unset."""
    schema = codec.schema_for("fixtrace.EventBatch").schema
    record_name = f"fixtrace.payload.{PAYLOAD_MODELS[kind].__name__}"
    rng = random.Random(kind)
    base = EventBatch(
        trace_id="5e7be1d3-661a-5de8-9d84-69218d199e75", events=sample_events(1)
    ).model_dump()
    event_schema = next(f for f in schema["fields"] if f["name"] == "events")["type"]["items"]
    payload_union = next(f for f in event_schema["fields"] if f["name"] == "payload")["type"]
    branch = next(b for b in payload_union if b["name"] == record_name)
    for _ in range(50):
        payload = _value(branch, rng, {})
        event = {**base["events"][0], "type": kind, "payload": payload}
        record = {**base, "events": [event]}
        ours = codec.encode_dict("fixtrace.EventBatch", record)
        ref = _fastavro(schema, codec._to_avro("fixtrace.EventBatch", dict(record)))
        assert ours == codec.MAGIC + codec.schema_for("fixtrace.EventBatch").fingerprint + ref


def test_sample_traces_match_fastavro() -> None:
    opened, events, finalize = sample_trace(300, seed=11)
    for record in (opened, EventBatch(trace_id=opened.trace_id, events=events), finalize):
        name = codec.record_name(record)
        schema = codec.schema_for(name).schema
        ref = _fastavro(schema, codec._to_avro(name, record.model_dump(mode="python")))
        assert codec.encode(record)[codec.HEADER_LEN :] == ref


@pytest.mark.parametrize(
    ("field", "bad"),
    [
        ("trace_id", None),
        ("trace_id", 5),
        ("sent_at_ms", "1"),
        ("sent_at_ms", 1.5),
        ("sent_at_ms", 2**63),
        ("sent_at_ms", -(2**63) - 1),
        ("events", None),
        ("producer", "x"),
        ("producer", {"client": None}),
    ],
)
def test_records_that_do_not_fit_raise(field: str, bad: Any) -> None:
    """Stricter than or as strict as fastavro: bad values never turn into bytes."""
    record = EventBatch(
        trace_id="5e7be1d3-661a-5de8-9d84-69218d199e75", events=sample_events(2)
    ).model_dump()
    with pytest.raises(codec.InvalidRecord):
        codec.encode_dict("fixtrace.EventBatch", {**record, field: bad})


def test_missing_required_field_and_bad_boolean_raise() -> None:
    record = EventBatch(
        trace_id="5e7be1d3-661a-5de8-9d84-69218d199e75", events=sample_events(1)
    ).model_dump()
    absent = {k: v for k, v in record.items() if k != "trace_id"}
    with pytest.raises(codec.InvalidRecord):
        codec.encode_dict("fixtrace.EventBatch", absent)
    event = {
        **record["events"][0],
        "type": "terminal_output",
        "payload": {"stream": "stdout", "chunk_text": "x", "is_truncated": None},
    }
    with pytest.raises(codec.InvalidRecord):
        codec.encode_dict("fixtrace.EventBatch", {**record, "events": [event]})
