"""End-to-end stream worker figures: raw topic → queryable ClickHouse rows, one worker.

For each batch size (events per Kafka record: 100, 10, 1) the realistic mix of
``bench/samples.py`` is produced to a fresh raw topic first, then consumed by a plain
aiokafka loop (the ceiling) and by one ``fixtrace worker streams`` (chdb, filesystem blobs,
redaction on) once per ``--prepare-procs`` value: 1 runs the CPU step (decode, redact, rows)
in the worker's child process, 0 in a thread of the worker (the single-core baseline).
Throughput is counted from the worker's own flush log (events stored between its first and
last flush), never from consumer lag: Tansu's ListOffsets (``end_offsets``) can be one
batch short.
Then a steady load of half the batch-100 rate is produced for ``--steady-s`` seconds and
the worker reports produce→queryable latency per record (record timestamp → its ClickHouse
insert returned), counting records produced after its first flush (the warm-up records
waited for the group join). Peak RSS is the worker's VmHWM and, separately, its child's;
``seconds`` is where the worker's time went, and ``cpu_us_per_event`` the CPU time the
worker process and its child used per event stored after the first flush (start-up
excluded): on a shared machine, the figure that moves least.

    python bench/stream_bench.py            # ~5 minutes
    python bench/stream_bench.py --quick    # smaller, for a smoke run
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import tempfile
import time
from pathlib import Path

from aiokafka import AIOKafkaConsumer, AIOKafkaProducer

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.samples import sample_trace  # noqa: E402
from bench.stream_worker import prepare_children, worker_env  # noqa: E402
from fixtrace.local_services import create_topics, start_broker  # noqa: E402
from fixtrace.local_services.kafka import DURABLE_STORAGE, MEMORY_STORAGE  # noqa: E402
from fixtrace.procs import ManagedProcess, spawn  # noqa: E402
from fixtrace.waiting import wait_until  # noqa: E402
from fixtrace_config import Settings  # noqa: E402
from schemas.codec import encode  # noqa: E402
from schemas.models import EventBatch  # noqa: E402

EVENTS_PER_TRACE = 500


def records_for(n_events: int, batch: int, seed: int) -> list[tuple[bytes, bytes]]:
    """(key, value) records: opened, event batches of ``batch``, finalize per trace."""
    out: list[tuple[bytes, bytes]] = []
    for t in range(max(1, n_events // EVENTS_PER_TRACE)):
        opened, events, fin = sample_trace(EVENTS_PER_TRACE, seed=seed + t)
        key = opened.trace_id.encode()
        out.append((key, encode(opened)))
        for i in range(0, len(events), batch):
            out.append((key, encode(EventBatch(trace_id=opened.trace_id,
                                               events=events[i : i + batch]))))  # fmt: skip
        out.append((key, encode(fin)))
    return out


def flush_records(batch: int, n_records: int) -> int:
    """Records per micro-batch: 20,000 events' worth, but at most a tenth of the topic.

    A topic that fits in one or two micro-batches gives no span between the first and last
    flush (the rate was NaN and ``round`` crashed) and leaves the CPU figure, counted after
    the first flush, resting on a handful of events.
    """
    return max(10, min(20_000 // batch, n_records // 10))


async def produce(settings: Settings, topic: str, records: list[tuple[bytes, bytes]]) -> None:
    producer = AIOKafkaProducer(bootstrap_servers=settings.kafka_bootstrap, linger_ms=20,
                                max_batch_size=1 << 20)  # fmt: skip
    await producer.start()
    try:
        futs = [await producer.send(topic, v, key=k) for k, v in records]
        await asyncio.gather(*futs)
    finally:
        await producer.stop()


async def raw_consume(settings: Settings, topic: str, n_records: int) -> float:
    """Records/s of a bare aiokafka consumer reading the same topic (assigned, no decode)."""
    from aiokafka import TopicPartition

    consumer = AIOKafkaConsumer(
        bootstrap_servers=settings.kafka_bootstrap, enable_auto_commit=False,
        max_partition_fetch_bytes=8 << 20, fetch_max_bytes=64 << 20,
    )  # fmt: skip
    await consumer.start()
    try:
        await consumer.topics()
        tps = [TopicPartition(topic, p) for p in consumer.partitions_for_topic(topic) or ()]
        consumer.assign(tps)
        await consumer.seek_to_beginning(*tps)
        got, t0 = 0, time.perf_counter()
        while got < n_records:
            batch = await consumer.getmany(timeout_ms=1000, max_records=50_000)
            got += sum(len(m) for m in batch.values())
        return got / (time.perf_counter() - t0)
    finally:
        await consumer.stop()


def start_worker(
    settings: Settings, work: Path, name: str, max_records: int, latency: bool = False,
    procs: int = 1, root: Path = ROOT,
) -> ManagedProcess:  # fmt: skip
    """A ``fixtrace worker streams`` process running the code of the tree at ``root``."""
    argv = [
        sys.executable, "-m", "streams.cli", "streams", "--group", f"bench-{name}",
        "--session-timeout", "3", "--max-records", str(max_records), "--flush-interval", "0.1",
        "--stats-path", str(work / f"{name}.json"), "--prepare-procs", str(procs),
        *(["--record-latency"] if latency else []),
    ]  # fmt: skip
    env = {**worker_env(settings), "PYTHONPATH": str(root)}
    return spawn(name, argv, log_path=work / f"{name}.log", env=env, cwd=root)


def stats(work: Path, name: str) -> dict:
    path = work / f"{name}.json"
    try:
        return json.loads(path.read_text())
    except (FileNotFoundError, json.JSONDecodeError):
        return {}


def _hwm_mb(pid: int) -> float:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def cpu_seconds(pid: int) -> float:
    """User + system CPU time a process used so far (from /proc/PID/stat)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def peak_rss_mb(proc: ManagedProcess) -> tuple[float, float]:
    """(the worker's peak RSS, the sum of its child processes' peaks: the prepare child)."""
    return _hwm_mb(proc.pid), sum(_hwm_mb(c) for c in prepare_children(proc.pid))


def run_worker(
    settings: Settings, work: Path, name: str, n_events: int, max_records: int,
    timeout_s: float, procs: int, root: Path = ROOT,
) -> tuple[float | None, tuple[float, float], dict]:  # fmt: skip
    """(events/s between the first and last flush, peak RSS MB, seconds per phase).

    The rate is None when every event was stored by one flush (no span to divide by: a
    topic smaller than one micro-batch); ``cpu_us_per_event`` is None when no event was
    stored after the first flush. ``counted_events`` says how many events each figure
    rests on: a figure over a few hundred events is noise on a shared machine.
    """
    proc = start_worker(settings, work, name, max_records, procs=procs, root=root)

    def cpu() -> dict[str, float]:
        kids = prepare_children(proc.pid)
        return {"worker": cpu_seconds(proc.pid), "child": sum(map(cpu_seconds, kids))}

    try:
        wait_until(lambda: stats(work, name).get("events", 0) > 0, timeout_s=timeout_s,
                   interval_s=0.05, message=f"{name}: first flush")  # fmt: skip
        first, cpu0 = stats(work, name).get("events", 0), cpu()
        wait_until(lambda: stats(work, name).get("events", 0) >= n_events, timeout_s=timeout_s,
                   interval_s=0.2, message=f"{name}: {n_events} events stored")  # fmt: skip
        s, cpu1 = stats(work, name), cpu()
        rss = peak_rss_mb(proc)
    finally:
        proc.stop()
    span = s["last_flush_at"] - s["first_flush_at"]
    eps = (s["events"] - s["first_flush_events"]) / span if span > 0 else None
    counted = s["events"] - first
    per_event = {
        k: round((cpu1[k] - cpu0[k]) / counted * 1e6, 1) if counted > 0 else None for k in cpu1
    }
    phases = {
        "seconds": s.get("seconds", {}),
        "cpu_us_per_event": per_event,
        "counted_events": {"rate": s["events"] - s["first_flush_events"], "cpu": counted},
    }
    return eps, rss, phases


async def steady(settings: Settings, work: Path, topic: str, rate: float, seconds: float,
                 procs: int, batch: int = 100) -> dict:  # fmt: skip
    """Produce ``rate`` events/s for ``seconds``; the worker reports latency percentiles."""
    s = settings.model_copy(update={"topic_raw": topic})
    proc = start_worker(s, work, "steady", max_records=200, latency=True, procs=procs)
    try:
        records = records_for(int(rate * seconds) + EVENTS_PER_TRACE, batch, seed=90_000)
        # warm up: wait for the worker to join and store a first trace
        await produce(s, topic, records[: EVENTS_PER_TRACE // batch + 2])
        wait_until(lambda: stats(work, "steady").get("events", 0) > 0, timeout_s=60,
                   interval_s=0.1, message="steady worker up")  # fmt: skip
        producer = AIOKafkaProducer(bootstrap_servers=s.kafka_bootstrap, linger_ms=5)
        await producer.start()
        try:
            rest = records[EVENTS_PER_TRACE // batch + 2 :]
            per_tick, tick = max(1, int(rate / batch / 20)), 0.05  # 20 sends per second
            t0 = time.perf_counter()
            sent = 0
            for i in range(0, len(rest), per_tick):
                chunk = rest[i : i + per_tick]
                for k, v in chunk:
                    await producer.send(topic, v, key=k)
                sent += len(chunk)
                delay = t0 + (i // per_tick + 1) * tick - time.perf_counter()
                if delay > 0:
                    await asyncio.sleep(delay)  # pacing the load generator, not a test wait
                if time.perf_counter() - t0 > seconds:
                    break
            await producer.flush()
        finally:
            await producer.stop()
        total = EVENTS_PER_TRACE // batch + 2 + sent
        wait_until(lambda: stats(work, "steady").get("records", 0) >= total,
                   timeout_s=30, interval_s=0.1, message="steady drained")  # fmt: skip
        out = stats(work, "steady").get("latency_ms", {})
        out["rss_mb"], out["child_rss_mb"] = peak_rss_mb(proc)
        return out
    finally:
        proc.stop()


async def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--events", type=int, default=200_000, help="events for batch=100")
    ap.add_argument("--steady-s", type=float, default=20.0)
    ap.add_argument("--batches", default="100,10,1", help="events per record, comma-separated")
    ap.add_argument("--no-steady", action="store_true", help="skip the half-load latency run")
    ap.add_argument(
        "--prepare-procs",
        default="1,0",
        help="worker --prepare-procs values to run each batch size with; the first "
        "one is the headline (1: CPU step in a child process, 0: in a thread)",
    )
    ap.add_argument(
        "--broker-storage", choices=["memory", "durable"], default="memory",
        help="the broker's log: in its process, or in a folder (what `fixtrace up` runs)",
    )  # fmt: skip
    args = ap.parse_args()
    scale = 0.2 if args.quick else 1.0
    work = Path(tempfile.mkdtemp(prefix="stream-bench-"))
    durable = args.broker_storage == "durable"
    broker = start_broker(work, storage=DURABLE_STORAGE if durable else MEMORY_STORAGE)
    base = Settings(data_dir=work, kafka_bootstrap=broker.bootstrap,
                    clickhouse_dsn=f"chdb://{work / 'ch'}",
                    blob_url=(work / "blobs").as_uri())  # fmt: skip
    results: dict = {"batches": {}}
    procs_list = [int(p) for p in args.prepare_procs.split(",")]
    try:
        share = {100: 1, 10: 2, 1: 8}
        for batch in (int(b) for b in args.batches.split(",")):
            n = int(args.events // share.get(batch, 1) * scale)
            topic = f"bench.raw.b{batch}"
            create_topics(
                base.kafka_bootstrap,
                {topic: base.partitions_raw, base.topic_finalized: 2, base.topic_dlq: 1},
            )
            recs = records_for(n, batch, seed=batch * 10_000)
            n_events = (len(recs) - 2 * max(1, n // EVENTS_PER_TRACE)) * batch
            await produce(base, topic, recs)
            raw_rps = await raw_consume(base, topic, len(recs))
            s = base.model_copy(update={"topic_raw": topic})
            row: dict = {
                "events": n_events, "raw_aiokafka_records_per_s": round(raw_rps),
                "raw_aiokafka_events_per_s": round(raw_rps * batch),
            }  # fmt: skip
            for procs in procs_list:
                eps, rss, phases = run_worker(
                    s, work, f"b{batch}p{procs}", n_events,
                    max_records=flush_records(batch, len(recs)), timeout_s=600, procs=procs,
                )  # fmt: skip
                row[f"prepare_procs={procs}"] = {
                    "worker_events_per_s": None if eps is None else round(eps),
                    "worker_peak_rss_mb": round(rss[0]),
                    "child_peak_rss_mb": round(rss[1]), **phases,
                }  # fmt: skip
            headline = row[f"prepare_procs={procs_list[0]}"]
            row["worker_events_per_s"] = headline["worker_events_per_s"]
            results["batches"][batch] = row
            print(json.dumps({batch: row}), flush=True)
        rate_100 = results["batches"].get(100, {}).get("worker_events_per_s")
        if not args.no_steady and rate_100 is None:
            print("steady run skipped: no batch-100 rate to take half of", flush=True)
        elif not args.no_steady:
            rate = rate_100 / 2
            topic = "bench.raw.steady"
            create_topics(base.kafka_bootstrap, {topic: base.partitions_raw})
            results["steady"] = {
                "events_per_s": round(rate),
                **await steady(base, work, topic, rate, args.steady_s * scale, procs_list[0]),
            }
            print(json.dumps({"steady": results["steady"]}), flush=True)
    finally:
        broker.stop()
    print(json.dumps(results, indent=2))


if __name__ == "__main__":
    asyncio.run(main())
