"""SIGKILL the stream worker again and again under a steady stream, then count.

A producer task keeps sending traces (open, batches, finalize) at a steady pace while the
worker is started and SIGKILLed after a random delay, ``kills`` times (some kills land in
start-up, some mid-batch, some while completions are published); a last worker then runs
to the end. The verdict is counted, never inferred from lag: events produced vs stored in
the deduplicated view (``events FINAL``), rows per event there, raw rows written (the
redeliveries the idempotent sink absorbed), completions published per trace.
``test_crashes.py`` runs a few kills; ``bench/adversarial.py crashes`` runs it with 20.
"""

from __future__ import annotations

import asyncio
import json
import random
import subprocess
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.samples import sample_trace
from bench.stream_worker import ROOT, descendants, worker_env
from fixtrace.procs import ManagedProcess
from fixtrace_config import Settings
from tests.streams.harness import (
    batches,
    finalized_ids,
    produce,
    read_topic,
    sigkill_and_await_children,
    start_worker,
    stats,
)


@dataclass
class CrashReport:
    kills: int = 0
    kills_mid_stream: int = 0
    kill_delays_s: list[float] = field(default_factory=list)
    traces: int = 0
    events_produced: int = 0
    events_stored: int = 0
    events_lost: int = 0
    events_duplicated: int = 0
    raw_rows: int = 0
    records_produced: int = 0
    records_processed: int = 0
    """Raw records the workers stored, summed over all of them: more than produced means
    kills landed between a store and the offset commit (redelivered, absorbed by dedupe)."""
    completions_published: int = 0
    traces_published_twice: int = 0
    seconds: float = 0.0

    def summary(self) -> dict[str, Any]:
        return {k: v for k, v in self.__dict__.items() if k != "kill_delays_s"} | {
            "kill_delay_s": [round(min(self.kill_delays_s), 2), round(max(self.kill_delays_s), 2)]
        }


async def _first_flush(
    log_dir: Path, name: str, proc: ManagedProcess, producer: asyncio.Future[None]
) -> bool:
    """Wait (on the loop, so the producer keeps going) until the worker stored a batch;
    False when the stream ended with nothing left for it (all committed before)."""
    idle_since: float | None = None
    while not stats(log_dir, name).get("flushes"):
        if proc.popen.poll() is not None:
            raise RuntimeError(f"worker {name} exited by itself")
        if producer.done():
            idle_since = idle_since or time.monotonic()
            if time.monotonic() - idle_since > 10:
                return False
        await asyncio.sleep(0.05)
    return True


def sigkill(proc: ManagedProcess) -> None:
    """SIGKILL the worker; its prepare child must not outlive it."""
    sigkill_and_await_children(proc, descendants(proc.pid))


_COUNT = r"""
import json, sys
from sinks.clickhouse.store import ClickHouseStore
store = ClickHouseStore.open(sys.argv[1])
ids = json.loads(sys.stdin.read())
_, final = store.query(
    "SELECT trace_id, event_id, count() FROM events FINAL WHERE trace_id IN {t:Array(String)} "
    "GROUP BY trace_id, event_id", {"t": ids})
_, raw = store.query("SELECT count() FROM events WHERE trace_id IN {t:Array(String)}", {"t": ids})
print(json.dumps({"final": [list(r) for r in final], "raw": raw[0][0]}))
"""


def stored_counts(settings: Settings, trace_ids: list[str]) -> dict[str, Any]:
    """Rows per (trace, event) in the deduplicated view, and raw rows (a subprocess: chdb
    allows one process per folder)."""
    proc = subprocess.run(
        [sys.executable, "-c", _COUNT, settings.clickhouse_dsn], input=json.dumps(trace_ids),
        capture_output=True, text=True, cwd=ROOT, env=worker_env(settings), timeout=120,
    )  # fmt: skip
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr[-3000:])
    return json.loads(proc.stdout)


async def kill_soak(
    settings: Settings,
    log_dir: Path,
    group: str,
    workers: list[ManagedProcess],
    *,
    kills: int,
    traces: int,
    events_per_trace: int = 30,
    seed: int = 0,
    max_delay_s: float = 4.0,
) -> CrashReport:
    rng = random.Random(seed)
    report = CrashReport(traces=traces)
    expected: dict[str, set[str]] = {}
    records: list[Any] = []
    for i in range(traces):
        opened, events, fin = sample_trace(events_per_trace, seed=20_000 + seed * 1000 + i)
        expected[opened.trace_id] = {e.event_id for e in events}
        records.append([opened, *batches(opened.trace_id, events, 5), fin])
    report.events_produced = traces * events_per_trace
    started = time.monotonic()

    async def steady() -> None:
        # Traces interleave: each tick sends the next record of up to 8 live traces, paced
        # to last about as long as the kills (a worker start takes ~3 s).
        ticks = sum(map(len, records)) / 8
        pace = kills * (3.0 + max_delay_s / 2) / ticks
        live = [list(r) for r in records]
        while any(live):
            tick = []
            for recs in live[:8]:
                if recs:
                    tick.append(recs.pop(0))
            live = [r for r in live if r]
            await produce(settings, tick)
            await asyncio.sleep(pace)

    producer = asyncio.ensure_future(steady())
    try:
        for k in range(kills):
            name = f"k{k}"
            w = start_worker(settings, log_dir, group=group, name=name, max_records=20)
            workers.append(w)
            if rng.random() < 1 / 3:  # during start-up or the group join
                delay = rng.uniform(0.1, 2.0)
            elif await _first_flush(log_dir, name, w, producer):  # mid-stream
                delay = rng.uniform(0.0, max_delay_s)
                report.kills_mid_stream += 1
            else:  # nothing was left for it: an idle worker
                delay = 0.0
            report.kill_delays_s.append(delay)
            await asyncio.sleep(delay)
            sigkill(w)
            report.kills += 1
        await producer
    finally:
        producer.cancel()
    last = start_worker(settings, log_dir, group=group, name="last", max_records=20)
    workers.append(last)
    finalized = await read_topic(
        settings, settings.topic_finalized,
        until=lambda recs: set(finalized_ids(recs)) >= set(expected), timeout_s=300,
    )  # fmt: skip
    last.stop(grace_s=10)
    report.seconds = round(time.monotonic() - started, 1)
    report.records_produced = sum(map(len, records))
    names = [f"k{k}" for k in range(kills)] + ["last"]
    report.records_processed = sum(stats(log_dir, n).get("records", 0) for n in names)
    published = Counter(finalized_ids(finalized))
    report.completions_published = sum(published.values())
    report.traces_published_twice = sum(1 for n in published.values() if n > 1)
    counts = stored_counts(settings, list(expected))
    stored: dict[str, Counter[str]] = {t: Counter() for t in expected}
    for trace_id, event_id, n in counts["final"]:
        stored[trace_id][event_id] += n
    report.raw_rows = counts["raw"]
    for trace_id, want in expected.items():
        got = stored[trace_id]
        report.events_stored += len(set(got) & want)
        report.events_lost += len(want - set(got))
        report.events_duplicated += sum(n - 1 for n in got.values() if n > 1)
    return report
