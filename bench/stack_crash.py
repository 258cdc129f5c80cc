"""Kill the whole embedded stack (`fixtrace up`) at random moments while clients stream.

Each round starts `fixtrace up` on one data folder, streams traces through the gateway
(open, events, finalize; each acknowledged request noted), SIGKILLs the `fixtrace up`
process at a random moment (its broker and storage server die with it: parent-death
signal), and starts it again. At the end it waits for the stack to settle and counts, from
ClickHouse: acknowledged events missing, duplicate event rows, complete traces without
exactly one QA run. The baseline in the same run is the same rounds against a stack whose
broker keeps its log in memory (``FIXTRACE_BROKER_STORAGE=memory``, the old default).

    python bench/stack_crash.py --kills 20           # durable broker, then the baseline
    python bench/stack_crash.py --kills 5 --no-baseline

The helpers are shared with ``tests/adversarial/test_stack_faults.py``.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import signal
import subprocess
import sys
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import httpx

from bench.samples import sample_events
from fixtrace.procs import ManagedProcess, spawn
from fixtrace_config.stack_state import StackState

ROOT = Path(__file__).resolve().parents[1]


def stack_env(home: Path, **extra: str) -> dict[str, str]:
    """An environment of private XDG folders (no other stack is found) plus ``extra``."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("FIXTRACE_", "XDG_"))}
    env.update(
        XDG_DATA_HOME=str(home / "data"), XDG_STATE_HOME=str(home / "state"),
        XDG_CACHE_HOME=str(home / "cache"), PYTHONPATH=str(ROOT),
        FIXTRACE_GATEWAY_PORT="0", FIXTRACE_SANDBOX_BACKEND="none",
        FIXTRACE_UNSAFE_NO_SANDBOX="true", FIXTRACE_GAP_TIMEOUT_S="5",
    )  # fmt: skip
    env.update(extra)
    return env


def start_up(data_dir: Path, env: dict[str, str], timeout_s: float = 120.0) -> Stack:
    """Start `fixtrace up --data-dir` and wait until its gateway answers."""
    argv = [sys.executable, "-m", "fixtrace.cli", "up", "--data-dir", str(data_dir)]
    log = data_dir.parent / f"up-{data_dir.name}.log"
    proc = spawn("fixtrace-up", argv, log_path=log, env=env, cwd=ROOT)
    deadline = time.monotonic() + timeout_s
    state_file = data_dir / "stack.json"
    while time.monotonic() < deadline:
        if not proc.alive():
            raise RuntimeError(f"fixtrace up exited: {proc.log_tail(3000)}")
        if state_file.exists():
            try:
                state = StackState.model_validate_json(state_file.read_text())
            except ValueError:
                state = None
            if state is not None and state.pid == proc.pid:
                try:
                    ok = httpx.get(f"{state.gateway_url}/healthz", timeout=2).status_code == 200
                except httpx.HTTPError:
                    ok = False
                if ok:
                    return Stack(proc, state)
        time.sleep(0.1)  # polling a process we do not own; no event to await
    proc.stop()
    raise RuntimeError(f"fixtrace up did not come up: {proc.log_tail(3000)}")


@dataclass
class Stack:
    """A running `fixtrace up` and its record."""

    proc: ManagedProcess
    state: StackState

    @property
    def url(self) -> str:
        return self.state.gateway_url

    def sql(self, sql: str, **params: Any) -> list[list[Any]]:
        """Rows of a read-only statement through the stack's `POST /admin/sql`."""
        r = httpx.post(
            f"{self.url}/admin/sql", json={"sql": sql, "parameters": params},
            headers={"Authorization": f"Bearer {self.state.fleet_token}"}, timeout=30,
        )  # fmt: skip
        r.raise_for_status()
        return r.json()["rows"]

    def kill(self) -> None:
        """SIGKILL `fixtrace up` alone, as a crash would; its children die by the parent-death
        signal. Waits until the whole process group is gone."""
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.popen.wait(30)
        deadline = time.monotonic() + 30
        while _group_alive(self.proc.pid) and time.monotonic() < deadline:
            time.sleep(0.05)  # the kernel delivers the parent-death signals asynchronously
        self.proc.stop()

    def stop(self) -> None:
        if self.proc.alive():
            os.kill(self.proc.pid, signal.SIGINT)
            with contextlib.suppress(subprocess.TimeoutExpired):  # escalated below
                self.proc.popen.wait(30)
        self.proc.stop()


def _group_alive(pgid: int) -> bool:
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[2]) == pgid and fields[0] not in ("Z", "X"):
            return True
    return False


OPEN_BODY: dict[str, Any] = {
    "repo": {"repo_id": "acme/crash", "commit_base": "a" * 40},
    "developer": {"developer_id": "dev-crash"},
}


@dataclass
class Acked:
    """What the gateway acknowledged: event ids per trace, and the traces finalized."""

    events: dict[str, set[str]] = field(default_factory=dict)
    finalized: set[str] = field(default_factory=set)

    @property
    def event_count(self) -> int:
        return sum(len(v) for v in self.events.values())


def send_trace(
    client: httpx.Client, stack: Stack, acked: Acked, events: int = 16, per_request: int = 4,
    seed: int = 0,
) -> str:  # fmt: skip
    """Open a trace, send its events and finalize it; every 2xx is noted in ``acked``."""
    r = client.post(
        f"{stack.url}/traces", json=OPEN_BODY,
        headers={"Authorization": f"Bearer {stack.state.fleet_token}"},
    )  # fmt: skip
    r.raise_for_status()
    trace_id, key = r.json()["trace_id"], r.json()["ingest_key"]
    auth = {"Authorization": f"Bearer {key}"}
    sample = [e.model_dump(mode="json") for e in sample_events(events, seed=seed)]
    ns = uuid.UUID(trace_id)
    body = [
        {**e, "seq": i + 1, "event_id": str(uuid.uuid5(ns, str(i)))} for i, e in enumerate(sample)
    ]
    acked.events.setdefault(trace_id, set())
    for start in range(0, events, per_request):
        chunk = body[start : start + per_request]
        r = client.post(f"{stack.url}/traces/{trace_id}/events", json={"events": chunk},
                        headers=auth)  # fmt: skip
        r.raise_for_status()
        acked.events[trace_id].update(e["event_id"] for e in chunk)
    r = client.post(f"{stack.url}/traces/{trace_id}/finalize", json={"seq_last": events},
                    headers=auth)  # fmt: skip
    r.raise_for_status()
    acked.finalized.add(trace_id)
    return trace_id


@dataclass
class Counts:
    """What ClickHouse holds against what was acknowledged."""

    acked_events: int
    lost: int
    duplicates: int
    complete: int
    finalized_acked: int
    incomplete: int
    qa_not_once: int

    def line(self) -> str:
        return (
            f"acknowledged events {self.acked_events}, lost {self.lost}, duplicate rows "
            f"{self.duplicates}; finalized traces {self.finalized_acked}, complete "
            f"{self.complete}, not complete {self.incomplete}; complete traces without "
            f"exactly one QA run {self.qa_not_once}"
        )


def count(stack: Stack, acked: Acked) -> Counts:
    """Compare ClickHouse with ``acked`` (events FINAL: what an analyst sees)."""
    stored: dict[str, set[str]] = {}
    rows = stack.sql(
        "SELECT trace_id, event_id, count() FROM events FINAL "
        "WHERE trace_id IN {ids:Array(String)} GROUP BY trace_id, event_id",
        ids=sorted(acked.events),
    )
    duplicates = 0
    for trace_id, event_id, n in rows:
        stored.setdefault(trace_id, set()).add(event_id)
        duplicates += int(n) - 1
    lost = sum(len(ids - stored.get(t, set())) for t, ids in acked.events.items())
    status = dict(
        (t, s) for t, s in stack.sql(
            "SELECT trace_id, status FROM traces FINAL WHERE trace_id IN {ids:Array(String)}",
            ids=sorted(acked.finalized),
        )
    )  # fmt: skip
    complete = sorted(t for t in acked.finalized if status.get(t) == "complete")
    runs = dict(
        (t, int(n)) for t, n in stack.sql(
            "SELECT trace_id, uniqExact(run_id) FROM qa_results "
            "WHERE trace_id IN {ids:Array(String)} GROUP BY trace_id",
            ids=complete,
        )
    )  # fmt: skip
    return Counts(
        acked_events=acked.event_count, lost=lost, duplicates=duplicates,
        complete=len(complete), finalized_acked=len(acked.finalized),
        incomplete=len(acked.finalized) - len(complete),
        qa_not_once=sum(1 for t in complete if runs.get(t, 0) != 1),
    )  # fmt: skip


def settle(stack: Stack, acked: Acked, timeout_s: float) -> Counts:
    """Counts once nothing is missing, or when ``timeout_s`` ran out (then as they are)."""
    deadline = time.monotonic() + timeout_s
    while True:
        counts = count(stack, acked)
        done = counts.lost == 0 and counts.incomplete == 0 and counts.qa_not_once == 0
        if done or time.monotonic() > deadline:
            return counts
        time.sleep(0.5)  # polling another process's progress


def crash_rounds(
    home: Path, kills: int, seed: int, storage: str, settle_s: float = 120.0
) -> Counts:
    """``kills`` rounds of stream-then-SIGKILL on one data folder, then a last start."""
    rng = random.Random(seed)
    env = stack_env(home, FIXTRACE_BROKER_STORAGE=storage)
    data_dir = home / f"stack-{storage}"
    acked = Acked()
    with httpx.Client(timeout=30) as client:
        for round_ in range(kills):
            stack = start_up(data_dir, env)
            deadline = time.monotonic() + rng.uniform(0.3, 3.0)
            i = 0
            while time.monotonic() < deadline:
                try:
                    send_trace(client, stack, acked, seed=round_ * 100 + i)
                except httpx.HTTPError:
                    break
                i += 1
            time.sleep(rng.uniform(0.0, 0.4))  # the crash lands at a random moment
            stack.kill()
            print(f"round {round_ + 1}/{kills}: {i} traces sent, killed", flush=True)
        stack = start_up(data_dir, env)
        try:
            return settle(stack, acked, settle_s)
        finally:
            stack.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--kills", type=int, default=20)
    parser.add_argument("--seed", type=int, default=28)
    default_home = Path(f"/tmp/fixtrace-crash-{uuid.uuid4().hex[:6]}")
    parser.add_argument("--home", type=Path, default=default_home)
    parser.add_argument("--no-baseline", action="store_true")
    args = parser.parse_args()
    started = time.monotonic()
    durable = crash_rounds(args.home, args.kills, args.seed, "durable")
    print(f"durable broker ({time.monotonic() - started:.0f} s): {durable.line()}")
    if not args.no_baseline:
        started = time.monotonic()
        memory = crash_rounds(args.home, args.kills, args.seed, "memory")
        print(f"baseline, memory broker ({time.monotonic() - started:.0f} s): {memory.line()}")


if __name__ == "__main__":
    main()
