"""What the bubblewrap sandbox costs per run: bare, the backend of a baseline git ref, and
this tree's backend, measured in one run.

Each backend lives in its own long-running worker process (``PYTHONPATH`` = that tree), so
imports are paid once and the baseline's code is really the baseline's: the ref is
extracted with ``git archive`` into a temporary folder. Runs are interleaved (bare,
baseline, current, bare, ...) so drift in machine load hits all three alike; wall time is
taken around the whole ``box.run`` call, so sandbox setup (cgroups, quota file system,
copies in and out, namespaces, filter) is included.

    python bench/sandbox_overhead.py --runs 30 --baseline-ref main

Workloads: ``python -c pass`` on an empty workdir, a 3-test pytest run, and
``python -c pass`` on a workdir holding a 100 MiB file (what the quota's copy in and out
costs for a larger checkout).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from qa_agents.sandbox import SandboxSpec  # noqa: E402
from qa_agents.sandbox.common import sandbox_env  # noqa: E402
from qa_agents.sandbox.pyenv import build_env  # noqa: E402

TESTS = """
import json, re

def test_arith():
    assert sum(range(1000)) == 499500

def test_json_roundtrip():
    data = {"k": list(range(100))}
    assert json.loads(json.dumps(data)) == data

def test_regex():
    assert re.findall(r"\\d+", "a1b22c333") == ["1", "22", "333"]
"""

#: Runs in a worker: one JSON request a line ({"command", "workdir", "python_env"}), one
#: line back with the wall milliseconds of ``box.run`` (or the error).
WORKER = """
import json, sys, time
from pathlib import Path
from qa_agents.sandbox import BubblewrapSandbox, SandboxSpec
box = BubblewrapSandbox()
for line in sys.stdin:
    req = json.loads(line)
    spec = SandboxSpec(command=req["command"], workdir=Path(req["workdir"]),
                       python_env=Path(req["python_env"]) if req["python_env"] else None,
                       env={"PYTHONDONTWRITEBYTECODE": "1"})
    started = time.perf_counter()
    res = box.run(spec)
    ms = (time.perf_counter() - started) * 1000
    print(json.dumps({"ms": ms, "exit": res.exit_code, "err": res.stderr[-300:],
                      "disk": res.limits_enforced.get("disk", "(none)")}), flush=True)
"""


class Worker:
    """A backend of one source tree, driven over a pipe."""

    def __init__(self, name: str, tree: Path) -> None:
        self.name = name
        self.proc = subprocess.Popen(
            [sys.executable, "-c", WORKER],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            cwd=tree,
            env={**os.environ, "PYTHONPATH": str(tree)},
        )
        self.disk = ""

    def run(self, spec: SandboxSpec) -> float:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        req = {
            "command": spec.command,
            "workdir": str(spec.workdir),
            "python_env": str(spec.python_env) if spec.python_env else None,
        }
        self.proc.stdin.write(json.dumps(req) + "\n")
        self.proc.stdin.flush()
        reply = json.loads(self.proc.stdout.readline())
        if reply["exit"] != 0:
            raise RuntimeError(f"{self.name}: exit {reply['exit']}: {reply['err']}")
        self.disk = reply["disk"]
        return reply["ms"]

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait(timeout=30)


def _bare(spec: SandboxSpec) -> float:
    started = time.perf_counter()
    proc = subprocess.run(
        spec.command, cwd=spec.workdir, env=sandbox_env(spec), capture_output=True, check=False
    )
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr.decode()[-500:])
    return (time.perf_counter() - started) * 1000


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]


def _row(name: str, values: list[float]) -> str:
    mean, p50, p99 = statistics.fmean(values), _percentile(values, 0.5), _percentile(values, 0.99)
    return f"{name:<34} {mean:>9.1f} {p50:>9.1f} {p99:>9.1f}"


def _baseline_tree(ref: str, into: Path) -> Path:
    archive = subprocess.run(["git", "archive", ref], cwd=ROOT, capture_output=True, check=True)
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive.stdout, check=True)
    return into


def bench(runs: int, baseline_ref: str, cache_dir: Path | None) -> None:
    """Measure and print every workload for bare, the baseline ref and this tree."""
    env = build_env(["pytest"], cache_dir=cache_dir)
    print(f"pytest env: cached={env.cached} at {env.path}")
    scratch = Path(tempfile.mkdtemp(prefix="fixtrace-bench-", dir="/var/tmp"))
    scratch.chmod(0o755)
    tree = Path(tempfile.mkdtemp(prefix="fixtrace-bench-baseline-"))
    workers = [
        Worker(f"bwrap {baseline_ref}", _baseline_tree(baseline_ref, tree)),
        Worker("bwrap this tree", ROOT),
    ]
    try:
        small, large = scratch / "small", scratch / "large"
        for folder in (small, large):
            folder.mkdir(mode=0o755)
            (folder / "test_small.py").write_text(TESTS)
        with (large / "data.bin").open("wb") as fh:
            fh.write(os.urandom(1 << 20) * 100)
        py = "/usr/bin/python3"
        workloads = {
            "python -c pass": SandboxSpec(command=[py, "-c", "pass"], workdir=small),
            "pytest (3 tests)": SandboxSpec(
                command=["python", "-m", "pytest", "-q", "-p", "no:cacheprovider"],
                workdir=small,
                python_env=env.path,
            ),
            "python -c pass, 100 MiB workdir": SandboxSpec(
                command=[py, "-c", "pass"], workdir=large
            ),
        }
        print(f"\n{runs} runs each, wall ms            {'mean':>9} {'p50':>9} {'p99':>9}")
        for name, spec in workloads.items():
            times: dict[str, list[float]] = {"bare": []}
            times.update({w.name: [] for w in workers})
            _bare(spec), [w.run(spec) for w in workers]  # warm page cache everywhere
            for _ in range(runs):
                times["bare"].append(_bare(spec))
                for worker in workers:
                    times[worker.name].append(worker.run(spec))
            print(f"{name}")
            for who, values in times.items():
                print(_row(f"  {who}", values))
            base, now = (statistics.median(times[w.name]) for w in workers)
            bare = statistics.median(times["bare"])
            print(
                f"  p50 over bare: baseline {base - bare:+.1f} ms, this tree {now - bare:+.1f} ms;"
                f" this tree / baseline = {now / base:.2f}x"
            )
        for worker in workers:
            print(f"disk limit, {worker.name}: {worker.disk}")
    finally:
        for worker in workers:
            worker.close()
        shutil.rmtree(scratch, ignore_errors=True)
        shutil.rmtree(tree, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--baseline-ref", default="main", help="git ref of the baseline tree")
    parser.add_argument("--cache-dir", type=Path, default=None)
    args = parser.parse_args()
    bench(args.runs, args.baseline_ref, args.cache_dir)


if __name__ == "__main__":
    main()
