"""Gateway events/s with batches of 100 and request latency, beside two baselines.

Starts its own Tansu broker and a uvicorn gateway process on 127.0.0.1, then drives it with
httpx from this process: ``--concurrency`` traces in parallel, each sending its batches in
order (one request in flight per trace), every request answered after the Kafka ack.
Request bodies are JSON-encoded before the clock starts, so the load generator's own
encoding is not charged to the gateway. Measured in the same run, on the same events:

- ``raw_kafka``: aiokafka produce of the same events, framed as ``EventBatch`` records of
  ``--batch``, acks=all, one record in flight per trace: the broker-side ceiling;
- ``empty_http``: the same request bodies POSTed to a route of the same server process that
  only reads the body: the HTTP-stack ceiling (uvicorn + FastAPI + this httpx client);
- ``gateway``: ``POST /traces/{id}/events`` (auth, one-pass validation, idempotency memory,
  claim check, Avro framing, produce and ack).

    python bench/gateway_bench.py --events 100000 --concurrency 16 [--workers 1]
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
import uuid
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import httpx
from aiokafka import AIOKafkaProducer
from fastapi import Request

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # a script: make the bench package importable

from bench.samples import sample_events
from fixtrace.local_services import create_topics, free_port, start_broker, wait_for_port
from fixtrace.local_services.kafka import DURABLE_STORAGE, MEMORY_STORAGE
from producers.wire import EventFramer

TOKEN = "bench-token"
SECRET = "bench-secret-0123456789abcdef0123"


def serve(
    bootstrap: str, topic: str, port: int, data_dir: str, workers: int, stack: str = "auto"
) -> None:
    """The gateway under uvicorn, plus ``POST /bench/empty`` for the HTTP baseline."""
    import uvicorn

    os.environ.update(
        FIXTRACE_KAFKA_BOOTSTRAP=bootstrap,
        FIXTRACE_TOPIC_RAW=topic,
        FIXTRACE_FLEET_TOKENS=json.dumps([TOKEN]),
        FIXTRACE_DATA_DIR=data_dir,
        FIXTRACE_BLOB_URL=Path(data_dir, "blobs").as_uri(),
        FIXTRACE_GATEWAY_SECRET=SECRET,
    )
    uvicorn.run(
        "gateway_bench:bench_app",
        factory=True,
        app_dir=str(Path(__file__).parent),
        host="127.0.0.1",
        port=port,
        workers=workers,
        loop="asyncio" if stack == "plain" else "auto",
        http="h11" if stack == "plain" else "auto",
        log_level="warning",
        access_log=False,
    )


def bench_app() -> Any:
    """App factory for uvicorn (also per worker): the gateway from the environment."""
    from fixtrace_config import Settings
    from fixtrace_config.gc_tuning import GATEWAY_THRESHOLDS, tune_gc
    from producers.gateway import create_app

    app = create_app(Settings())
    if os.environ.get("FIXTRACE_BENCH_GC") != "default":
        tune_gc(GATEWAY_THRESHOLDS)  # as ``fixtrace gateway`` does

    @app.post("/bench/empty", include_in_schema=False)
    async def empty(request: Request) -> dict[str, int]:
        return {"bytes": len(await request.body())}

    return app


def _cpu_seconds(pid: int) -> float:
    """User + system CPU of a process and its children (uvicorn workers), from /proc."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(stat.parent.name) == pid or int(fields[1]) == pid:
            total += (int(fields[11]) + int(fields[12])) / tick
    return total


def _bodies(events: int, batch: int, concurrency: int) -> tuple[list[list[dict]], int]:
    """Per trace, its batches of event dicts (seq 1.., unique ids) as a client sends them."""
    sample = [e.model_dump(mode="json") for e in sample_events(batch * 50, seed=5)]
    per_trace = events // concurrency // batch * batch
    traces = []
    for i in range(concurrency):
        batches = []
        for start in range(0, per_trace, batch):
            batches.append(
                [
                    {
                        **sample[(start + j) % len(sample)],
                        "seq": start + j + 1,
                        "event_id": str(uuid.UUID(int=(i << 64) | (start + j), version=4)),
                    }
                    for j in range(batch)
                ]
            )
        traces.append(batches)
    return traces, per_trace * concurrency


def _summary(total: int, seconds: float, lat: list[float]) -> dict[str, Any]:
    lat.sort()
    return {
        "events_per_s": round(total / seconds),
        "requests": len(lat),
        "seconds": round(seconds, 2),
        "p50_ms": round(lat[len(lat) // 2] * 1000, 1),
        "p99_ms": round(lat[min(len(lat) - 1, int(len(lat) * 0.99))] * 1000, 1),
    }


async def _run(
    concurrency: int, per_trace: Callable[[int, list[float]], Awaitable[None]], total: int
) -> dict[str, Any]:
    lat: list[float] = []
    t0 = time.perf_counter()
    await asyncio.gather(*(per_trace(i, lat) for i in range(concurrency)))
    return _summary(total, time.perf_counter() - t0, lat)


async def raw_kafka(bootstrap: str, topic: str, traces: list[list[dict]], total: int) -> dict:
    """aiokafka produce of the same events as EventBatch records, one in flight per trace."""
    framer = EventFramer()
    info = {"client": "bench-raw", "version": None, "host": None}
    records = [
        [
            framer.frame(
                f"raw-{i}",
                [framer.encode_event(e) for e in b],
                1,
                info,
            )
            for b in batches
        ]
        for i, batches in enumerate(traces)
    ]
    producer = AIOKafkaProducer(
        bootstrap_servers=bootstrap, acks="all", linger_ms=0, max_request_size=1 << 20
    )
    await producer.start()
    try:

        async def one(i: int, lat: list[float]) -> None:
            key = f"raw-{i}".encode()
            for value in records[i]:
                t = time.perf_counter()
                await (await producer.send(topic, value, key=key))
                lat.append(time.perf_counter() - t)

        return await _run(len(traces), one, total)
    finally:
        await producer.stop()


class RawConnection:
    """A minimal HTTP/1.1 keep-alive client: the load generator should cost next to nothing.

    Why: on a 2-core box the client shares the CPU with the server; httpx spends ~1 ms of
    Python per request, which caps what any server can show. ``--client httpx`` keeps it.
    """

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def post(self, path: str, body: bytes, headers: dict[str, str]) -> tuple[int, bytes]:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        assert self.reader is not None
        head = "".join(f"{k}: {v}\r\n" for k, v in headers.items())
        self.writer.write(
            f"POST {path} HTTP/1.1\r\nHost: {self.host}\r\n{head}"
            f"Content-Length: {len(body)}\r\n\r\n".encode()
            + body
        )
        status_line = await self.reader.readline()
        length = 0
        while (line := await self.reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.partition(b":")
            if name.strip().lower() == b"content-length":
                length = int(value)
        return int(status_line.split()[1]), await self.reader.readexactly(length)

    async def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            await self.writer.wait_closed()


async def http(
    base: str, traces: list[list[dict]], total: int, empty: bool, client_kind: str = "raw"
) -> dict:
    """POST every batch (to the gateway, or to the empty route), one in flight per trace."""
    concurrency = len(traces)
    bodies = [[json.dumps({"events": b}).encode() for b in batches] for batches in traces]
    limits = httpx.Limits(max_connections=concurrency, max_keepalive_connections=concurrency)
    host, port = base.removeprefix("http://").split(":")
    raw = [RawConnection(host, int(port)) for _ in range(concurrency)]
    async with httpx.AsyncClient(base_url=base, limits=limits, timeout=60) as client:
        opened = {
            "repo": {"repo_id": "bench", "commit_base": "0" * 40},
            "developer": {"developer_id": "bench"},
        }
        targets = []
        for _ in range(concurrency):
            r = await client.post(
                "/traces", json=opened, headers={"Authorization": f"Bearer {TOKEN}"}
            )
            r.raise_for_status()
            tid, key = r.json()["trace_id"], r.json()["ingest_key"]
            url = "/bench/empty" if empty else f"/traces/{tid}/events"
            targets.append(
                (url, {"Authorization": f"Bearer {key}", "Content-Type": "application/json"})
            )

        async def one(i: int, lat: list[float]) -> None:
            url, headers = targets[i]
            for body in bodies[i]:
                t = time.perf_counter()
                if client_kind == "raw":
                    status, text = await raw[i].post(url, body, headers)
                else:
                    r = await client.post(url, content=body, headers=headers)
                    status, text = r.status_code, r.content
                lat.append(time.perf_counter() - t)
                if status != 200:
                    raise RuntimeError(text.decode())

        try:
            return await _run(concurrency, one, total)
        finally:
            for conn in raw:
                await conn.close()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--events", type=int, default=100_000)
    ap.add_argument("--batch", type=int, default=100)
    ap.add_argument("--concurrency", type=int, default=16)
    ap.add_argument(
        "--workers",
        type=int,
        default=1,
        help="uvicorn worker processes (idempotency memory is per process: see the gateway)",
    )
    ap.add_argument(
        "--client",
        choices=["raw", "httpx"],
        default="raw",
        help="load generator: a minimal keep-alive HTTP/1.1 client (default) or httpx",
    )
    ap.add_argument(
        "--stack",
        choices=["auto", "plain"],
        default="auto",
        help="uvicorn's loop/parser: auto (uvloop + httptools when installed) or asyncio + h11",
    )
    ap.add_argument(
        "--broker-storage",
        choices=["memory", "durable"],
        default="memory",
        help="the broker's log: in its process, or in a folder (what `fixtrace up` runs)",
    )
    ap.add_argument("--serve", nargs=6, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.serve:
        bootstrap, topic, port, data_dir, workers, stack = args.serve
        serve(bootstrap, topic, int(port), data_dir, int(workers), stack)
        return
    tmp = Path(tempfile.mkdtemp(prefix="gwbench-"))
    broker = start_broker(
        tmp, storage=DURABLE_STORAGE if args.broker_storage == "durable" else MEMORY_STORAGE
    )
    port = free_port()
    proc = None
    try:
        create_topics(broker.bootstrap, {"bench.gw": 4, "bench.raw": 4})
        cmd = [sys.executable, __file__, "--serve", broker.bootstrap, "bench.gw", str(port)]
        cmd += [str(tmp), str(args.workers), args.stack]
        proc = subprocess.Popen(cmd, env=os.environ.copy())
        wait_for_port("127.0.0.1", port, timeout_s=30)
        traces, total = _bodies(args.events, args.batch, args.concurrency)
        base = f"http://127.0.0.1:{port}"
        results = {
            "raw_kafka": asyncio.run(raw_kafka(broker.bootstrap, "bench.raw", traces, total))
        }
        for name, empty in (("empty_http", True), ("gateway", False)):
            cpu = _cpu_seconds(proc.pid)
            results[name] = asyncio.run(http(base, traces, total, empty, args.client))
            cpu = _cpu_seconds(proc.pid) - cpu
            results[name]["server_cpu_ms_per_request"] = round(
                cpu * 1000 / results[name]["requests"], 2
            )
        head = {
            "broker_storage": args.broker_storage,
            "batch": args.batch,
            "concurrency": args.concurrency,
            "workers": args.workers,
            "client": args.client,
            "stack": args.stack,
        }
        print(json.dumps({**head, "events": total}))
        print(
            f"{'':<11} {'events/s':>9} {'p50 ms':>8} {'p99 ms':>8} {'requests':>9}"
            f" {'server CPU ms/request':>22}"
        )
        for name, r in results.items():
            print(
                f"{name:<11} {r['events_per_s']:>9,} {r['p50_ms']:>8} {r['p99_ms']:>8}"
                f" {r['requests']:>9} {r.get('server_cpu_ms_per_request', '-'):>22}"
            )
        gw, raw = results["gateway"], results["raw_kafka"]
        print(
            f"gateway/raw_kafka {gw['events_per_s'] / raw['events_per_s']:.2f}, "
            f"gateway/empty_http {gw['events_per_s'] / results['empty_http']['events_per_s']:.2f}"
        )
    finally:
        if proc is not None:
            proc.terminate()
            proc.wait(10)
        broker.stop()
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
