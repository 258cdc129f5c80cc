"""Gateway events/s with batches of 100 and p99 request latency.

Starts its own Tansu broker and a uvicorn gateway process on 127.0.0.1, then drives it with
httpx from this process: ``--concurrency`` traces in parallel, each sending its batches in
order (one request in flight per trace), every request answered after the Kafka ack.

    python bench/gateway_bench.py --events 100000 --concurrency 16
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

from fixtrace.localstack import create_topics, free_port, start_broker, wait_for_port
from schemas.samples import sample_events

TOKEN = "bench-token"


def serve(bootstrap: str, topic: str, port: int, data_dir: str) -> None:
    import uvicorn

    from fixtrace.config import Settings
    from producers.gateway import create_app

    settings = Settings(kafka_bootstrap=bootstrap, topic_raw=topic, fleet_tokens=[TOKEN],
                        data_dir=Path(data_dir), blob_url=Path(data_dir, "blobs").as_uri())
    uvicorn.run(create_app(settings), host="127.0.0.1", port=port, log_level="warning",
                access_log=False)


async def drive(base: str, events: int, batch: int, concurrency: int) -> dict:
    sample = [e.model_dump(mode="json") for e in sample_events(batch * 50, seed=5)]
    per_trace = events // concurrency
    lat: list[float] = []
    limits = httpx.Limits(max_connections=concurrency, max_keepalive_connections=concurrency)
    async with httpx.AsyncClient(base_url=base, limits=limits, timeout=60) as client:
        opened = {"repo": {"repo_id": "bench", "commit_base": "0" * 40},
                  "developer": {"developer_id": "bench"}}

        async def one_trace(i: int) -> None:
            r = await client.post("/traces", json=opened,
                                  headers={"Authorization": f"Bearer {TOKEN}"})
            r.raise_for_status()
            tid, key = r.json()["trace_id"], r.json()["ingest_key"]
            headers = {"Authorization": f"Bearer {key}", "Content-Type": "application/json"}
            for start in range(0, per_trace, batch):
                evs = [{**sample[(start + j) % len(sample)], "seq": start + j + 1,
                        "event_id": f"{i}-{start + j}"} for j in range(batch)]
                body = json.dumps({"events": evs}).encode()
                t = time.perf_counter()
                r = await client.post(f"/traces/{tid}/events", content=body, headers=headers)
                lat.append(time.perf_counter() - t)
                if r.status_code != 200:
                    raise RuntimeError(r.text)

        t0 = time.perf_counter()
        await asyncio.gather(*(one_trace(i) for i in range(concurrency)))
        dt = time.perf_counter() - t0
    lat.sort()
    total = per_trace // batch * batch * concurrency
    return {"events": total, "requests": len(lat), "seconds": round(dt, 2),
            "events_per_s": round(total / dt), "p50_ms": round(lat[len(lat) // 2] * 1000, 1),
            "p99_ms": round(lat[int(len(lat) * 0.99)] * 1000, 1)}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--events", type=int, default=100_000)
    ap.add_argument("--batch", type=int, default=100)
    ap.add_argument("--concurrency", type=int, default=16)
    ap.add_argument("--serve", nargs=4, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.serve:
        serve(args.serve[0], args.serve[1], int(args.serve[2]), args.serve[3])
        return
    tmp = Path(tempfile.mkdtemp(prefix="gwbench-"))
    broker = start_broker(tmp)
    port = free_port()
    proc = None
    try:
        create_topics(broker.bootstrap, {"bench.gw": 4})
        proc = subprocess.Popen([sys.executable, __file__, "--serve", broker.bootstrap,
                                 "bench.gw", str(port), str(tmp)], env=os.environ.copy())
        wait_for_port("127.0.0.1", port, timeout_s=30)
        res = asyncio.run(drive(f"http://127.0.0.1:{port}", args.events, args.batch,
                                args.concurrency))
        print(json.dumps({"batch": args.batch, "concurrency": args.concurrency, **res}, indent=2))
    finally:
        if proc is not None:
            proc.terminate()
            proc.wait(10)
        broker.stop()
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
