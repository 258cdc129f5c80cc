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

    python bench/prepare_ab.py                       # prepare step, batches 100 and 10
    python bench/prepare_ab.py --stream              # and bench/stream_bench.py per side
"""

from __future__ import annotations

import argparse
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


def base_tree(ref: str, into: Path) -> Path:
    """``ref``'s files (``git archive``) under ``into``."""
    data = subprocess.run(["git", "archive", ref], cwd=ROOT, capture_output=True, check=True)
    path = into / "base"
    path.mkdir()
    tar = into / "base.tar"
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


def stream_figures(text: str) -> dict[str, tuple[float, float]]:
    """batch → (worker CPU µs/event, worker events/s) from stream_bench's per-batch lines."""
    out = {}
    for line in text.splitlines():
        if not line.startswith('{"'):
            continue
        for batch, fig in json.loads(line).items():
            if isinstance(fig, dict) and "prepare_procs=0" in fig:
                w = fig["prepare_procs=0"]
                out[batch] = (w["cpu_us_per_event"]["worker"], w["worker_events_per_s"])
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--base", default="main")
    ap.add_argument("--rounds", type=int, default=3, help="interleaved rounds per batch size")
    ap.add_argument("--batches", default="100,10")
    ap.add_argument("--stream", action="store_true", help="also run bench/stream_bench.py")
    ap.add_argument("--stream-args", default="--events 20000 --batches 100,10 --no-steady")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="fixtrace-ab-") as tmp:
        base = base_tree(args.base, Path(tmp))
        script = Path(tmp) / "measure.py"
        script.write_text(MEASURE)
        sides = {"base": base, "after": ROOT}
        for batch in args.batches.split(","):
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
        if args.stream:
            xdg = Path(tmp) / "xdg"
            os.environ.update({f"XDG_{k}_HOME": str(xdg / k) for k in ("DATA", "STATE", "CACHE")})
            extra = [*args.stream_args.split(), "--prepare-procs", "0"]
            for rnd in range(2):
                for side, root in sides.items():
                    text = run_side(root, root / "bench" / "stream_bench.py", *extra)
                    for batch, (cpu, rate) in stream_figures(text).items():
                        print(
                            f"stream_bench round {rnd + 1} {side:5s} batch {batch}: "
                            f"worker CPU {cpu:.1f} µs/event, {rate:.0f} events/s"
                        )


if __name__ == "__main__":
    main()
