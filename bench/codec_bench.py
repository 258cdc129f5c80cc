"""Codec speed: Avro single-object encode/decode beside json.dumps/json.loads of the same records.

Run: ``python bench/codec_bench.py [--events 20000] [--batch 100]``. Prints events/s and
records/s for each path, measured in this run, on the realistic event mix of
``bench/samples.py``. The JSON baseline encodes the same dicts, so the ratio is fair;
fastavro's ``schemaless_writer`` (the codec's encoder before ``schemas/avro_writer.py``)
is timed on the same records as a second reference.
"""

from __future__ import annotations

import argparse
import io
import json
import sys
import time
import uuid
from collections.abc import Callable
from pathlib import Path

from fastavro import schemaless_writer

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # a script: make the bench package importable

from bench.samples import sample_events
from schemas import codec
from schemas.models import EventBatch


def _rate(label: str, fn: Callable[[], object], records: int, events: int) -> float:
    fn()  # warm up
    start = time.perf_counter()
    fn()
    took = time.perf_counter() - start
    print(
        f"{label:<38} {events / took:>12,.0f} events/s {records / took:>10,.0f} records/s"
        f" {took * 1e6 / events:>8.2f} µs/event"
    )
    return events / took


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--events", type=int, default=20_000)
    parser.add_argument("--batch", type=int, default=100)
    args = parser.parse_args()

    events = sample_events(args.events, seed=1)
    batches = [
        EventBatch(trace_id=str(uuid.UUID(int=i, version=4)), events=events[i : i + args.batch])
        for i in range(0, len(events), args.batch)
    ]
    dicts = [b.model_dump(mode="json") for b in batches]
    avro = [codec.encode(b) for b in batches]
    js = [json.dumps(d).encode() for d in dicts]
    n_rec, n_ev = len(batches), len(events)
    print(f"{n_ev} events in {n_rec} batch records of {args.batch}")
    print(
        f"mean size per event: avro {sum(map(len, avro)) / n_ev:.0f} B, "
        f"json {sum(map(len, js)) / n_ev:.0f} B"
    )

    name = "fixtrace.EventBatch"
    enc = _rate(
        "avro encode (dict fast path)",
        lambda: [codec.encode_dict(name, d) for d in dicts],
        n_rec,
        n_ev,
    )
    _rate("avro encode (pydantic model)", lambda: [codec.encode(b) for b in batches], n_rec, n_ev)
    writer = codec.schema_for(name)

    def fastavro_encode(record: dict) -> bytes:
        out = io.BytesIO()
        out.write(codec.MAGIC + writer.fingerprint)
        schemaless_writer(out, writer.schema, codec._to_avro(name, dict(record)))
        return out.getvalue()

    assert all(fastavro_encode(d) == a for d, a in zip(dicts, avro, strict=True))
    fa = _rate(
        "fastavro encode (reference)", lambda: [fastavro_encode(d) for d in dicts], n_rec, n_ev
    )
    jenc = _rate(
        "json.dumps baseline", lambda: [json.dumps(d).encode() for d in dicts], n_rec, n_ev
    )
    dec = _rate("avro decode to dict", lambda: [codec.decode_dict(a) for a in avro], n_rec, n_ev)

    def fastavro_decode(data: bytes) -> tuple[str, dict]:
        return codec._decode_with_fastavro(writer, data)

    assert all(fastavro_decode(a) == codec.decode_dict(a) for a in avro)
    fdec = _rate(
        "fastavro decode (reference)", lambda: [fastavro_decode(a) for a in avro], n_rec, n_ev
    )
    _rate("avro decode + pydantic validation", lambda: [codec.decode(a) for a in avro], n_rec, n_ev)
    jdec = _rate("json.loads baseline", lambda: [json.loads(j) for j in js], n_rec, n_ev)
    print(
        f"avro/json encode ratio {enc / jenc:.2f}, decode ratio {dec / jdec:.2f}, "
        f"generated/fastavro encode ratio {enc / fa:.2f}, decode ratio {dec / fdec:.2f}"
    )


if __name__ == "__main__":
    main()
