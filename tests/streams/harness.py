"""Drive stream workers as real processes and read back what they stored.

Workers run as subprocesses so they can be SIGKILLed, and because chdb allows one folder per
process: the readback runs in a short-lived subprocess too (``python -m``-style script),
never in the test process.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from aiokafka import AIOKafkaConsumer, AIOKafkaProducer, TopicPartition

from bench.kafka_helpers import FAUST_TEST_SESSION_TIMEOUT_S
from bench.stream_worker import ROOT, worker_env
from fixtrace.procs import ManagedProcess, spawn
from fixtrace.waiting import wait_until
from fixtrace_config import Settings
from schemas.base import Wire
from schemas.codec import decode, encode
from schemas.models import EventBatch, TraceFinalized


def is_gone(pid: int) -> bool:
    """True when ``pid`` exited (a zombie waiting for its reaper counts as gone)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return True
    return state in ("Z", "X")


def _described(pid: int) -> str:
    """``pid``'s state and command line, for a failure's message."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[:2]
        cmd = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()[:160]
    except OSError:
        return f"{pid} (gone)"
    return f"{pid} state {state[0]} ppid {state[1]}: {cmd}"


def sigkill_and_await_children(proc: ManagedProcess, children: list[int]) -> None:
    """SIGKILL a worker; its prepare child (death signal) and multiprocessing's resource
    tracker (EOF on its pipe) must not outlive it. A failure names each survivor's state and
    command line; survivors are then killed so a failing test leaves none."""
    proc.popen.kill()
    proc.popen.wait(10)
    try:
        wait_until(lambda: all(map(is_gone, children)), timeout_s=10,
                   message=f"children {children} of the killed worker exit")  # fmt: skip
    except TimeoutError as e:
        alive = "; ".join(_described(c) for c in children if not is_gone(c))
        raise TimeoutError(f"{e}; still there: {alive}") from None
    finally:
        for child in children:
            if not is_gone(child):
                os.kill(child, signal.SIGKILL)


def kill_parent_and_await_child(parent: subprocess.Popen[str], child: int, what: str) -> None:
    """SIGKILL ``parent``, then wait until ``child`` is gone with it (its death signal); a
    child that outlives the wait is named with its state and killed with its group, so a
    failing test says which process stayed and leaves none."""
    os.kill(parent.pid, signal.SIGKILL)
    parent.wait(30)
    try:
        wait_until(lambda: is_gone(child), timeout_s=10, message=what)
    except TimeoutError as e:
        raise TimeoutError(f"{e}; still there: {_described(child)}") from None
    finally:
        if not is_gone(child):
            os.killpg(child, signal.SIGKILL)


def start_worker(
    settings: Settings,
    log_dir: Path,
    *,
    group: str,
    mode: str = "redacted",
    name: str = "w",
    max_records: int = 500,
    prepare_procs: int = 1,
) -> ManagedProcess:
    """Start ``fixtrace worker streams`` as a subprocess with test-speed group settings.

    ``prepare_procs=1`` (the default on 2+ cores) runs the CPU step in a child process, so
    the crash tests cover the child too; whatever the test machine's core count.
    """
    argv = [
        sys.executable, "-m", "streams.cli", "streams", "--group", group,
        "--session-timeout", str(FAUST_TEST_SESSION_TIMEOUT_S * 2), "--commit-interval", "0.3",
        "--mode", mode, "--loglevel", "info", "--sweep-interval", "0.2",
        "--stats-path", str(log_dir / f"{name}.json"),
        "--max-records", str(max_records), "--prepare-procs", str(prepare_procs),
    ]  # fmt: skip
    return spawn(name, argv, log_path=log_dir / f"{name}.log", env=worker_env(settings), cwd=ROOT)


async def produce(
    settings: Settings, records: Iterable[Wire | bytes], key: str | None = None
) -> int:
    """Send records keyed by trace_id (or ``key`` for raw bytes); returns how many."""
    # Large enough for the oversized records the dead-letter tests send on purpose.
    producer = AIOKafkaProducer(
        bootstrap_servers=settings.kafka_bootstrap, linger_ms=5, max_request_size=8 << 20
    )
    await producer.start()
    n = 0
    try:
        futs = []
        for rec in records:
            if isinstance(rec, bytes):
                value, k = rec, (key or "garbage").encode()
            else:
                value, k = encode(rec), rec.trace_id.encode()  # type: ignore[attr-defined]
            futs.append(await producer.send(settings.topic_raw, value, key=k))
            n += 1
        await asyncio.gather(*futs)
    finally:
        await producer.stop()
    return n


async def produce_to(settings: Settings, topic: str, records: Iterable[Wire]) -> None:
    """Send wire records keyed by trace_id to any topic."""
    producer = AIOKafkaProducer(bootstrap_servers=settings.kafka_bootstrap)
    await producer.start()
    try:
        for rec in records:
            await producer.send_and_wait(topic, encode(rec), key=rec.trace_id.encode())  # type: ignore[attr-defined]
    finally:
        await producer.stop()


async def read_topic(
    settings: Settings, topic: str, *, until: Any, timeout_s: float = 90.0
) -> list[Wire]:
    """Decode ``topic`` from the start until ``until(records)`` is true, then to its end.

    Reading on to the fetch high-watermark (never ``end_offsets``, wrong on Tansu) makes
    duplicates that were already published visible to the caller.
    """
    consumer = AIOKafkaConsumer(
        bootstrap_servers=settings.kafka_bootstrap, enable_auto_commit=False,
        auto_offset_reset="earliest",
    )  # fmt: skip
    await consumer.start()
    out: list[Wire] = []
    try:
        parts = consumer.partitions_for_topic(topic) or set()
        tps = [TopicPartition(topic, p) for p in parts]
        consumer.assign(tps)
        await consumer.seek_to_beginning(*tps)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout_s
        satisfied = False
        while True:
            batch = await consumer.getmany(timeout_ms=300)
            out.extend(decode(m.value) for msgs in batch.values() for m in msgs)
            if not satisfied and until(out):
                satisfied = True
            if satisfied:
                ends = [(consumer.highwater(tp), await consumer.position(tp)) for tp in tps]
                if all(hw is not None and pos >= hw for hw, pos in ends):
                    return out
            if loop.time() > deadline:
                raise TimeoutError(f"{topic}: condition not met, have {len(out)} records")
    finally:
        await consumer.stop()


def stats(log_dir: Path, name: str) -> dict[str, int]:
    """The counters a worker last wrote (empty before its first flush)."""
    path = log_dir / f"{name}.json"
    return json.loads(path.read_text()) if path.exists() else {}


def finalized_ids(records: list[Wire]) -> list[str]:
    """trace_ids of the TraceFinalized records, duplicates kept."""
    return [r.trace_id for r in records if isinstance(r, TraceFinalized)]


_READBACK = r"""
import json, sys
from sinks.clickhouse.store import ClickHouseStore
store = ClickHouseStore.open(sys.argv[1])
ids = json.loads(sys.stdin.read())
out = {}
for tid in ids:
    _, raw = store.query(
        "SELECT seq, event_id, payload_json, redaction_rules FROM events FINAL "
        "WHERE trace_id = {t:String} ORDER BY seq, event_id", {"t": tid})
    meta = store.trace_meta(tid) or {}
    out[tid] = {
        "rows": [[s, e, p, list(r)] for s, e, p, r in raw],
        "events": [e.model_dump(mode="json") for e in store.events(tid)],
        "status": meta.get("status"), "missing_seqs": list(meta.get("missing_seqs") or []),
        "opened_json": meta.get("opened_json", ""),
        "bug_report_description": meta.get("bug_report_description", ""),
    }
_, blobs = store.query("SELECT blob_id, storage_uri FROM blobs FINAL")
out["__blobs__"] = [list(b) for b in blobs]
print(json.dumps(out))
"""


def readback(settings: Settings, trace_ids: Iterable[str]) -> dict[str, Any]:
    """What ClickHouse holds for ``trace_ids`` (read in a subprocess; see module doc)."""
    proc = subprocess.run(
        [sys.executable, "-c", _READBACK, settings.clickhouse_dsn],
        input=json.dumps(list(trace_ids)), capture_output=True, text=True, cwd=ROOT,
        env=worker_env(settings), timeout=120,
    )  # fmt: skip
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr[-4000:])
    return json.loads(proc.stdout)


def batches(trace_id: str, events: list[Any], size: int) -> list[EventBatch]:
    """A trace's events cut into EventBatch records of ``size``."""
    return [
        EventBatch(trace_id=trace_id, events=events[i : i + size])
        for i in range(0, len(events), size)
    ]
