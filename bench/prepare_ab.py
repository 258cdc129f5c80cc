"""A/B of the stream's prepare step (and optionally the whole worker) against another commit.

Why: on 2 shared cores one run's figures move by ±10 % or more, so "after" is only worth
reading beside a baseline measured in the same run, rounds interleaved. The base is a
``git archive`` of ``--base`` (default ``main``) in a temporary folder; both sides run the
same measuring code (below) in their own subprocess with their own tree first on the path.

The prepare step is :class:`streams.prepare.Preparer`'s ``run`` (decode, field-shape checks,
redaction, rows) on 8 traces of ``bench.samples`` (500 events each, opened + batches +
finalize), measured as process CPU µs per event (the figure that moves least here). The
redactor is built once per side and kept across rounds, as a worker keeps it (its cache of
pattern plans stays warm); each round gets a fresh ``Preparer`` (empty memo and trace
memory), and the first round is dropped.

The whole worker (``--worker``): one broker, one topic per batch size produced once, and
``fixtrace worker streams`` processes (``--prepare-procs 0``, a fresh consumer group and a
fresh chdb folder each) run from each side's tree, rounds interleaved and the order
rotated every round. Three sides: ``base``, ``after`` and ``after again`` (the same tree a
second time: the A/A control, read beside the A/B). Figures are the worker's CPU µs per
event stored after its first flush (the figure that moves least on shared cores) and its
events/s; medians with [min–max].

    python bench/prepare_ab.py                       # prepare step, batches 100 and 10
    python bench/prepare_ab.py --worker --base 2f4e400 --batches none   # whole worker only
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

MEASURE = r"""
import json, sys, time
from bench.samples import sample_trace
from schemas.codec import encode
from schemas.models import EventBatch
from streams.decode import Source
from streams.prepare import Preparer
from streams.redact import Redactor

batch, rounds = int(sys.argv[1]), int(sys.argv[2])
sources, off, n_events = [], 0, 0
for seed in range(8):
    opened, events, fin = sample_trace(500, seed=seed)
    key = opened.trace_id.encode()
    batches = [EventBatch(trace_id=opened.trace_id, events=events[i : i + batch])
               for i in range(0, len(events), batch)]
    n_events += len(events)
    for rec in [opened, *batches, fin]:
        sources.append(Source("raw", 0, off, key, encode(rec)))
        off += 1


class NoBlobs:
    def put(self, *a, **k):
        raise AssertionError("the samples need no claim-check")


out = []
redactor = Redactor()  # built once, as a worker does: its plan cache stays warm
for _ in range(rounds + 1):
    prep = Preparer(redactor, NoBlobs(), 1 << 30)  # a fresh memo and trace memory
    t = time.process_time()
    for i in range(0, len(sources), 200):
        prep.run(sources[i : i + 200], {})
    out.append((time.process_time() - t) / n_events * 1e6)
print(json.dumps(out[1:]))
"""


def base_tree(ref: str, into: Path, name: str = "base") -> Path:
    """``ref``'s files (``git archive``) under ``into``."""
    data = subprocess.run(["git", "archive", ref], cwd=ROOT, capture_output=True, check=True)
    path = into / name
    path.mkdir()
    tar = into / f"{name}.tar"
    tar.write_bytes(data.stdout)
    with tarfile.open(tar) as t:
        t.extractall(path)  # our own repository's archive
    return path


def run_side(root: Path, script: Path, *args: str) -> str:
    env = {**os.environ, "PYTHONPATH": str(root)}
    done = subprocess.run(
        [sys.executable, str(script), *args], cwd=root, env=env, capture_output=True, text=True
    )
    if done.returncode != 0:
        raise SystemExit(f"{root}: {done.stderr[-2000:]}")
    return done.stdout


def worker_ab(
    base: Path, after: Path, tmp: Path, batches: list[int], events: int, rounds: int
) -> None:
    """Interleaved whole-worker rounds: base, after and after again (A/A) on the same topics."""
    sys.path.insert(0, str(ROOT))
    from bench.stream_bench import (
        EVENTS_PER_TRACE,
        flush_records,
        produce,
        records_for,
        run_worker,
    )
    from fixtrace.local_services import create_topics, start_broker
    from fixtrace.local_services.kafka import MEMORY_STORAGE
    from fixtrace_config import Settings

    work = tmp / "worker-ab"
    work.mkdir()
    broker = start_broker(work, storage=MEMORY_STORAGE)
    try:
        settings = Settings(data_dir=work, kafka_bootstrap=broker.bootstrap)
        sides = {"base": base, "after": after, "after again": after}
        for batch in batches:
            n = events if batch >= 100 else events // 3
            topic = f"ab.raw.b{batch}"
            create_topics(settings.kafka_bootstrap, {topic: settings.partitions_raw,
                          settings.topic_finalized: 2, settings.topic_dlq: 1})  # fmt: skip
            recs = records_for(n, batch, seed=batch * 10_000)
            n_events = (len(recs) - 2 * max(1, n // EVENTS_PER_TRACE)) * batch
            asyncio.run(produce(settings, topic, recs))
            cpu: dict[str, list[float]] = {s: [] for s in sides}
            rate: dict[str, list[float]] = {s: [] for s in sides}
            names = list(sides)
            for rnd in range(rounds):
                for side in names[rnd % 3 :] + names[: rnd % 3]:
                    name = f"b{batch}r{rnd}{side.replace(' ', '_')}"
                    s = settings.model_copy(update={
                        "topic_raw": topic, "clickhouse_dsn": f"chdb://{work / name / 'ch'}",
                        "blob_url": (work / name / "blobs").as_uri(),
                    })  # fmt: skip
                    eps, _, phases = run_worker(
                        s, work, name, n_events, max_records=flush_records(batch, len(recs)),
                        timeout_s=600, procs=0, root=sides[side],
                    )  # fmt: skip
                    us = sum(v or 0.0 for v in phases["cpu_us_per_event"].values())
                    cpu[side].append(us)
                    if eps is not None:
                        rate[side].append(eps)
                    print(f"  batch {batch} round {rnd + 1} {side:11s} CPU {us:6.1f} µs/event,"
                          f" {eps or 0:7.0f} events/s, {phases['counted_events']['cpu']}"
                          " events counted", flush=True)  # fmt: skip
            print(f"whole worker, batch {batch}, {n_events} events, {rounds} rounds:")
            for label, figs, unit in (("CPU µs/event", cpu, ".1f"), ("events/s", rate, ".0f")):
                med = {k: statistics.median(v) for k, v in figs.items() if v}
                if len(med) < 3:
                    print(f"  {label}: not measured on every side")
                    continue
                ab = (med["after"] / med["base"] - 1) * 100
                aa = (med["after again"] / med["after"] - 1) * 100
                ranges = ", ".join(
                    f"{k} {med[k]:{unit}} [{min(v):{unit}}–{max(v):{unit}}]"
                    for k, v in figs.items()
                )
                print(f"  {label}: {ranges}; A/B after vs base {ab:+.1f} %,"
                      f" A/A after again vs after {aa:+.1f} %")  # fmt: skip
    finally:
        broker.stop()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--base", default="main")
    ap.add_argument("--rounds", type=int, default=3, help="interleaved rounds per batch size")
    ap.add_argument("--batches", default="100,10")
    ap.add_argument("--after", help="a commit to measure instead of this working tree")
    ap.add_argument("--worker", action="store_true", help="also the whole-worker A/B")
    ap.add_argument("--worker-batches", default="100,10")
    ap.add_argument("--worker-events", type=int, default=60_000, help="at batch 100")
    ap.add_argument("--worker-rounds", type=int, default=5)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="fixtrace-ab-") as tmp:
        base = base_tree(args.base, Path(tmp))
        script = Path(tmp) / "measure.py"
        script.write_text(MEASURE)
        after = base_tree(args.after, Path(tmp), "after") if args.after else ROOT
        sides = {"base": base, "after": after}
        for batch in [b for b in args.batches.split(",") if b.isdigit()]:
            got: dict[str, list[float]] = {s: [] for s in sides}
            for _ in range(args.rounds):
                for side, root in sides.items():
                    got[side] += json.loads(run_side(root, script, batch, "3"))
            med = {s: statistics.median(v) for s, v in got.items()}
            print(
                f"prepare step, batch {batch}: CPU µs/event base {med['base']:.2f} "
                f"after {med['after']:.2f} ({(med['after'] / med['base'] - 1) * 100:+.1f} %)"
                f"  [base {min(got['base']):.2f}–{max(got['base']):.2f},"
                f" after {min(got['after']):.2f}–{max(got['after']):.2f}]"
            )
        if args.worker:
            xdg = Path(tmp) / "xdg"
            os.environ.update({f"XDG_{k}_HOME": str(xdg / k) for k in ("DATA", "STATE", "CACHE")})
            batches = [int(b) for b in args.worker_batches.split(",")]
            worker_ab(base, after, Path(tmp), batches, args.worker_events, args.worker_rounds)


if __name__ == "__main__":
    main()
