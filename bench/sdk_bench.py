"""SDK events/s into the broker beside raw aiokafka producing the same bytes, same run.

Raw baselines get pre-encoded records (no encoding, no spool, no batching logic):
  raw-batched: the exact EventBatch records the SDK's batching makes (same bytes);
  raw-per-event: one single-event record per event (what a naive producer sends).
The SDK runs emit() for every event (payload fields, seq/id/ts, Avro encode, one spool
write, batching) with each durability mode, and emit_many() with --many events of one
trace per call (one spool write per call). Every SDK figure includes the final flush
(all events acknowledged by the broker), and is printed beside raw-batched as a ratio.

    python bench/sdk_bench.py --events 200000 --traces 50
"""

from __future__ import annotations

import argparse
import asyncio
import json
import shutil
import tempfile
import time
from pathlib import Path

from aiokafka import AIOKafkaProducer

from fixtrace.localstack import create_topics, start_broker
from producers.sdk import ProducerConfig, TraceProducer
from producers.wire import EventFramer
from schemas.samples import sample_events, sample_opened


async def raw(bootstrap: str, topic: str, records: list[tuple[bytes, bytes]]) -> float:
    p = AIOKafkaProducer(
        bootstrap_servers=bootstrap,
        acks="all",
        enable_idempotence=False,
        linger_ms=5,
        max_batch_size=1 << 20,
        max_request_size=1 << 21,
    )
    await p.start()
    t = time.perf_counter()
    futs = [await p.send(topic, v, key=k) for k, v in records]
    await asyncio.gather(*futs)
    dt = time.perf_counter() - t
    await p.stop()
    return dt


async def sdk(
    bootstrap: str,
    topic: str,
    traces: list[str],
    payloads: list,
    spool: Path,
    durability: str,
    batch: int,
    many: int = 0,
) -> float:
    cfg = ProducerConfig(
        bootstrap=bootstrap,
        topic=topic,
        spool_dir=spool,
        durability=durability,
        batch_max_events=batch,
        linger_ms=20,
    )
    async with TraceProducer(cfg) as p:
        for tid in traces:
            await p.open_trace(sample_opened(trace_id=tid))
        await p.flush(60)
        n = len(traces)
        if many:  # the same events per trace, in the same order, `many` per call
            chunks = [
                (tid, payloads[k + j * n : k + (j + many) * n : n])
                for j in range(0, -(-len(payloads) // n), many)
                for k, tid in enumerate(traces)
            ]
            t = time.perf_counter()
            for tid, chunk in chunks:
                if chunk:
                    await p.emit_many(tid, chunk)
            await p.flush(120)
            return time.perf_counter() - t
        t = time.perf_counter()
        for i, payload in enumerate(payloads):
            await p.emit(traces[i % n], payload)
        await p.flush(120)
        return time.perf_counter() - t


async def main(args: argparse.Namespace) -> dict:
    tmp = Path(tempfile.mkdtemp(prefix="sdkbench-"))
    broker = start_broker(tmp)
    try:
        names = ("raw1", "raw2", "sdk_write", "sdk_fsync", "sdk_many")
        topics = {f"bench.{k}": 4 for k in names}
        create_topics(broker.bootstrap, topics)
        events = sample_events(args.events, seed=1)
        payloads = [e.payload for e in events]
        traces = [f"trace-{i}" for i in range(args.traces)]
        framer = EventFramer()
        info = {"client": "fixtrace-sdk", "version": "0.1.0", "host": "bench"}
        per_trace: dict[str, list[bytes]] = {t: [] for t in traces}
        singles: list[tuple[bytes, bytes]] = []
        for i, e in enumerate(events):
            tid = traces[i % len(traces)]
            body = framer.encode_event(e.model_dump())
            per_trace[tid].append(body)
            singles.append((tid.encode(), framer.frame(tid, [body], 0, info)))
        batched = [
            (t.encode(), framer.frame(t, b[j : j + args.batch], 0, info))
            for t, b in per_trace.items()
            for j in range(0, len(b), args.batch)
        ]
        out: dict = {
            "events": args.events,
            "traces": args.traces,
            "batch": args.batch,
            "bytes": sum(len(v) for _, v in batched),
        }
        out["raw_batched_eps"] = args.events / await raw(broker.bootstrap, "bench.raw1", batched)
        out["raw_per_event_eps"] = args.events / await raw(broker.bootstrap, "bench.raw2", singles)
        for mode in ("write", "fsync"):
            n = args.events if mode == "write" else min(args.events, args.fsync_events)
            dt = await sdk(
                broker.bootstrap,
                f"bench.sdk_{mode}",
                traces,
                payloads[:n],
                tmp / f"spool-{mode}",
                mode,
                args.batch,
            )
            out[f"sdk_{mode}_eps"] = n / dt
        dt = await sdk(
            broker.bootstrap,
            "bench.sdk_many",
            traces,
            payloads,
            tmp / "spool-many",
            "write",
            args.batch,
            args.many,
        )
        out["sdk_emit_many_eps"] = args.events / dt
        out["sdk_vs_raw_batched"] = out["sdk_write_eps"] / out["raw_batched_eps"]
        out["sdk_emit_many_vs_raw_batched"] = out["sdk_emit_many_eps"] / out["raw_batched_eps"]
        out["sdk_vs_raw_per_event"] = out["sdk_write_eps"] / out["raw_per_event_eps"]
        return out
    finally:
        broker.stop()
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--events", type=int, default=100_000)
    ap.add_argument("--fsync-events", type=int, default=5_000)
    ap.add_argument("--traces", type=int, default=50)
    ap.add_argument("--batch", type=int, default=200)
    ap.add_argument("--many", type=int, default=100, help="events per emit_many call")
    res = asyncio.run(main(ap.parse_args()))
    print(
        json.dumps(
            {k: round(v, 3) if isinstance(v, float) else v for k, v in res.items()}, indent=2
        )
    )
