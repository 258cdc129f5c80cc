"""The wire contract: records round-trip, old writers stay readable, bad bytes fail clearly."""

from __future__ import annotations

import io
import json

import pytest
from fastavro import schemaless_writer
from fastavro.schema import load_schema

from bench.samples import FULL_PAYLOADS, sample_events, sample_trace
from schemas import codec
from schemas.models import (
    DeadLetter,
    EvalSpec,
    Event,
    EventBatch,
    QAResult,
    ReplayRequest,
    TraceFinalized,
)
from schemas.payloads import PAYLOAD_MODELS


def test_every_payload_type_is_covered() -> None:
    assert set(FULL_PAYLOADS) == set(PAYLOAD_MODELS)


@pytest.mark.parametrize("kind", sorted(FULL_PAYLOADS))
def test_each_event_type_round_trips_model_avro_bytes_model(kind: str) -> None:
    event = Event(seq=1, type=kind, payload=FULL_PAYLOADS[kind], context={"branch": "fix/x"})
    batch = EventBatch(
        trace_id="216bdfec-fe65-55b9-aae4-e540c0a4ec96",
        events=[event],
        producer={"client": "test", "version": "1"},
    )
    data = codec.encode(batch)
    assert data[:2] == codec.MAGIC
    back = codec.decode(data)
    assert back == batch
    assert type(back.events[0].payload) is PAYLOAD_MODELS[kind]
    assert codec.encode(back) == data


def test_every_top_level_record_round_trips() -> None:
    opened, events, finalize = sample_trace(30, seed=7)
    records = [
        opened,
        EventBatch(trace_id=opened.trace_id, events=events),
        finalize,
        TraceFinalized(
            trace_id=opened.trace_id,
            finalized_at_ms=1,
            seq_last=30,
            event_count=29,
            missing_seqs=[4],
            flags=["missing_events"],
            replay=ReplayRequest(rubric_version="2.0"),
        ),
        QAResult(
            run_id="r",
            trace_id=opened.trace_id,
            stage="judge",
            status="degraded",
            started_at_ms=1,
            finished_at_ms=2,
            config_json="{}",
            result_json="{}",
            flags=["no_model_key"],
        ),
        DeadLetter(
            reason="bad",
            error_type="BadMagic",
            stage="decode",
            source_topic="t",
            source_partition=0,
            source_offset=9,
            key=b"k",
            value=b"\x00\x01",
        ),
    ]
    for record in records:
        assert codec.decode(codec.encode(record)) == record


def test_record_type_is_told_by_fingerprint() -> None:
    opened, events, finalize = sample_trace(3)
    names = [codec.decode_dict(codec.encode(r))[0] for r in (opened, finalize)]
    assert names == ["fixtrace.TraceOpened", "fixtrace.TraceFinalize"]


def test_schema_evolution_old_writer_read_by_new_reader() -> None:
    """A v1 EventBatch (no ``producer`` field) decodes with the current schema's default."""
    v1 = load_schema(str(codec.AVRO_DIR / "history" / "fixtrace.EventBatch.v1.avsc"))
    old = next(s for s in codec.registry()[1].values() if not s.current)
    assert old.name == "fixtrace.EventBatch"
    assert old.fingerprint != codec.schema_for("fixtrace.EventBatch").fingerprint
    events = sample_events(5, seed=1)
    record = EventBatch(trace_id="de277672-a1d9-5b73-b165-d11f87e2bd5f", events=events).model_dump()
    record.pop("producer")
    body = io.BytesIO()
    schemaless_writer(body, v1, codec._to_avro("fixtrace.EventBatch", record))
    data = codec.MAGIC + old.fingerprint + body.getvalue()
    back = codec.decode(data)
    assert back.producer is None
    assert back.events == events


def test_trace_opened_v1_reads_with_no_evaluation_and_v2_carries_one() -> None:
    """A TraceOpened written before ``task.evaluation`` existed reads as ``evaluation=None``."""
    v1 = load_schema(str(codec.AVRO_DIR / "history" / "fixtrace.TraceOpened.v1.avsc"))
    old = next(
        s for s in codec.registry()[1].values()
        if s.name == "fixtrace.TraceOpened" and not s.current
    )  # fmt: skip
    opened, _, _ = sample_trace(1)
    record = opened.model_dump()
    record["task"].pop("evaluation")
    body = io.BytesIO()
    schemaless_writer(body, v1, codec._to_avro("fixtrace.TraceOpened", record))
    back = codec.decode(codec.MAGIC + old.fingerprint + body.getvalue())
    assert back.task.evaluation is None
    assert back.task.task_id == opened.task.task_id

    spec = EvalSpec(
        instance_id="psf__requests-1234",
        test_patch_blob_id="sha256:" + "ab" * 32,
        fail_to_pass=["tests/test_x.py::test_a"],
        pass_to_pass=["tests/test_x.py::test_b", "tests/test_x.py::test_c"],
    )
    current = opened.model_copy(
        update={"task": opened.task.model_copy(update={"evaluation": spec})}
    )
    assert codec.decode(codec.encode(current)).task.evaluation == spec


def test_wire_models_and_avro_schemas_agree_on_fields() -> None:
    for name, model in codec.WIRE_RECORDS.items():
        avro_fields = {f["name"] for f in codec.schema_for(name).schema["fields"]}
        assert avro_fields == set(model.model_fields), name
    for kind, model in PAYLOAD_MODELS.items():
        schema = json.loads(
            (codec.AVRO_DIR / f"fixtrace.payload.{model.__name__}.avsc").read_text()
        )
        assert {f["name"] for f in schema["fields"]} == set(model.model_fields), kind


@pytest.mark.parametrize(
    ("data", "error"),
    [
        (b"", codec.TruncatedRecord),
        (b"garbage bytes that are not avro", codec.BadMagic),
        (b"\x00\x01" + bytes(8) + b"x", codec.BadMagic),
        (b"\xc3\x01\x01\x02", codec.TruncatedRecord),
        (b"\xc3\x01" + bytes(8) + b"body", codec.UnknownFingerprint),
    ],
)
def test_bad_bytes_get_typed_errors(data: bytes, error: type[codec.CodecError]) -> None:
    with pytest.raises(error):
        codec.decode(data)


def test_truncated_body_is_a_typed_error() -> None:
    data = codec.encode(
        EventBatch(trace_id="5e7be1d3-661a-5de8-9d84-69218d199e75", events=sample_events(3))
    )
    for cut in (11, len(data) // 2, len(data) - 1):
        with pytest.raises(codec.CodecError):
            codec.decode(data[:cut])


def test_trailing_bytes_are_rejected() -> None:
    data = codec.encode(
        EventBatch(trace_id="5e7be1d3-661a-5de8-9d84-69218d199e75", events=sample_events(1))
    )
    with pytest.raises(codec.InvalidRecord, match="trailing"):
        codec.decode(data + b"\x00")


def test_payload_that_does_not_match_its_type_is_rejected() -> None:
    """A thought payload written under type "error" must not decode as either."""
    event = EventBatch(
        trace_id="5e7be1d3-661a-5de8-9d84-69218d199e75", events=sample_events(1)
    ).model_dump()["events"][0]
    event = {**event, "type": "error", "payload": ("fixtrace.payload.Thought", {"kind": "plan"})}
    writer = codec.schema_for("fixtrace.EventBatch")
    body = io.BytesIO()
    record = {
        "trace_id": "5e7be1d3-661a-5de8-9d84-69218d199e75",
        "sent_at_ms": 1,
        "events": [event],
        "producer": None,
    }
    schemaless_writer(body, writer.schema, record)
    with pytest.raises(codec.InvalidRecord, match="does not match"):
        codec.decode(codec.MAGIC + writer.fingerprint + body.getvalue())


def test_model_validation_failure_is_invalid_record() -> None:
    batch = EventBatch(
        trace_id="5e7be1d3-661a-5de8-9d84-69218d199e75", events=sample_events(2)
    ).model_dump()
    batch["events"][1]["seq"] = batch["events"][0]["seq"]
    data = codec.encode_dict("fixtrace.EventBatch", batch)
    with pytest.raises(codec.InvalidRecord, match="strictly increase"):
        codec.decode(data)


def test_encoding_a_record_that_does_not_fit_is_invalid_record() -> None:
    with pytest.raises(codec.InvalidRecord):
        codec.encode_dict(
            "fixtrace.TraceFinalize", {"trace_id": "5e7be1d3-661a-5de8-9d84-69218d199e75"}
        )


def test_cheap_batch_check_agrees_with_the_models() -> None:
    good = EventBatch(
        trace_id="5e7be1d3-661a-5de8-9d84-69218d199e75", events=sample_events(20, seed=2)
    ).model_dump()
    codec.check_event_batch(good)
    bad_seq = {**good, "events": [good["events"][1], good["events"][0]]}
    output = {"stream": "stdout", "chunk_text": None, "chunk_blob_id": "sha256:x"}
    bad_event = {**good["events"][0], "type": "terminal_output", "payload": output}
    bad_blob = {**good, "events": [bad_event]}
    for bad in (bad_seq, bad_blob, {**good, "trace_id": ""}, {**good, "events": []}):
        with pytest.raises(codec.InvalidRecord):
            codec.check_event_batch(bad)
        with pytest.raises(ValueError):
            EventBatch.model_validate(bad)
