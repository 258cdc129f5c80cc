"""What the bubblewrap sandbox costs per run, measured against running bare.

Runs each workload N times bare and N times sandboxed (interleaved, so drift in machine
load hits both alike) and prints mean / p50 / p99 wall milliseconds and the overhead.
Wall time is taken around the whole call on both sides, so sandbox setup (cgroup
creation, workdir hand-over, namespaces) is included.

    python bench/sandbox_overhead.py --runs 30
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from qa_agents.sandbox import BubblewrapSandbox, SandboxSpec
from qa_agents.sandbox.common import sandbox_env
from qa_agents.sandbox.pyenv import build_env

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


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[index]


def _bare(spec: SandboxSpec) -> None:
    proc = subprocess.run(
        spec.command, cwd=spec.workdir, env=sandbox_env(spec), capture_output=True, check=False
    )
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr.decode()[-500:])


def _boxed(box: BubblewrapSandbox) -> Callable[[SandboxSpec], None]:
    def run(spec: SandboxSpec) -> None:
        res = box.run(spec)
        if res.exit_code != 0:
            raise RuntimeError(res.stderr[-500:])

    return run


def _time(fn: Callable[[SandboxSpec], None], spec: SandboxSpec) -> float:
    started = time.perf_counter()
    fn(spec)
    return (time.perf_counter() - started) * 1000


def _row(name: str, values: list[float]) -> str:
    mean = statistics.fmean(values)
    p50, p99 = _percentile(values, 0.5), _percentile(values, 0.99)
    return f"{name:<26} {mean:>9.1f} {p50:>9.1f} {p99:>9.1f}"


def bench(runs: int, cache_dir: Path | None) -> None:
    """Measure and print both workloads."""
    box = BubblewrapSandbox()
    env = build_env(["pytest"], cache_dir=cache_dir)
    print(
        f"pytest env: cached={env.cached} create={env.create_s:.2f}s "
        f"install={env.install_s:.2f}s total={env.total_s:.2f}s at {env.path}"
    )
    workdir = Path(tempfile.mkdtemp(prefix="fixtrace-bench-", dir="/var/tmp"))
    try:
        (workdir / "test_small.py").write_text(TESTS)
        quiet = {"PYTHONDONTWRITEBYTECODE": "1"}
        workloads = {
            "python -c pass": SandboxSpec(
                command=["/usr/bin/python3", "-c", "pass"], workdir=workdir, env=quiet
            ),
            "pytest (3 tests)": SandboxSpec(
                command=["python", "-m", "pytest", "-q", "-p", "no:cacheprovider"],
                workdir=workdir,
                python_env=env.path,
                env=quiet,
            ),
        }
        boxed = _boxed(box)
        print(f"\n{runs} runs each, wall ms    {'mean':>9} {'p50':>9} {'p99':>9}")
        for name, spec in workloads.items():
            bare_ms: list[float] = []
            box_ms: list[float] = []
            _bare(spec), boxed(spec)  # warm page cache on both sides
            for _ in range(runs):
                bare_ms.append(_time(_bare, spec))
                box_ms.append(_time(boxed, spec))
            print(_row(f"{name} bare", bare_ms))
            print(_row(f"{name} bwrap", box_ms))
            diff = statistics.fmean(box_ms) - statistics.fmean(bare_ms)
            p50_diff = _percentile(box_ms, 0.5) - _percentile(bare_ms, 0.5)
            print(f"{'  overhead':<26} {diff:>+9.1f} {p50_diff:>+9.1f}")
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--cache-dir", type=Path, default=None)
    args = parser.parse_args()
    bench(args.runs, args.cache_dir)


if __name__ == "__main__":
    main()
