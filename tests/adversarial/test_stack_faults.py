"""Faults of the whole embedded stack (issue 28): `fixtrace up` killed outright.

Each test runs the real `fixtrace up` in a subprocess on its own data folder and XDG homes,
with the gateway as client, and SIGKILLs the `fixtrace up` process (its broker and the
broker's storage server die with it by the parent-death signal), then starts it again on
the same folder and reads ClickHouse through the new stack's `POST /admin/sql`.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from bench.stack_crash import (
    Acked,
    Stack,
    crash_rounds,
    send_trace,
    settle,
    stack_env,
    start_up,
)
from fixtrace.local_services.net import port_open
from fixtrace.waiting import wait_until
from fixtrace_config.health import read_health

pytestmark = pytest.mark.slow


def test_events_acknowledged_just_before_a_sigkill_of_the_whole_stack_survive(
    tmp_path: Path,
) -> None:
    """The fault: SIGKILL 0.15–0.4 s after the gateway answered 200 for 16 events and the
    finalize lost the whole trace (the broker kept its log in memory)."""
    env = stack_env(tmp_path)
    data_dir = tmp_path / "stack"
    stack = start_up(data_dir, env)
    acked = Acked()
    try:
        with httpx.Client(timeout=30) as client:
            trace_id = send_trace(client, stack, acked, events=16, per_request=16)
        time.sleep(0.2)  # the moment of the crash, as in the run
    finally:
        stack.kill()
    stack = start_up(data_dir, env)
    try:
        counts = settle(stack, acked, timeout_s=90)
    finally:
        stack.stop()
    assert acked.event_count == 16 and trace_id in acked.finalized
    assert counts.lost == 0, counts.line()
    assert counts.duplicates == 0, counts.line()
    assert counts.complete == 1, counts.line()
    assert counts.qa_not_once == 0, counts.line()


def _children(pid: int, name: str) -> list[int]:
    """Live child processes of ``pid`` whose command line contains ``name``."""
    out = []
    for status in Path("/proc").glob("[0-9]*/status"):
        try:
            fields = dict(
                line.split(":\t", 1) for line in status.read_text().splitlines() if ":\t" in line
            )
            cmdline = (status.parent / "cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError:
            continue
        if int(fields["PPid"]) == pid and name in cmdline and fields["State"][0] not in "ZX":
            out.append(int(status.parent.name))
    return out


def _stop_seconds(stack: Stack, sig: signal.Signals) -> float:
    started = time.monotonic()
    os.kill(stack.proc.pid, sig)
    try:
        stack.proc.popen.wait(30)
    finally:
        stack.proc.stop()
    return time.monotonic() - started


def test_a_killed_broker_comes_back_on_its_port_with_its_data_and_clients_carry_on(
    tmp_path: Path,
) -> None:
    """The fault: the broker killed under `fixtrace up` stayed dead (status still healthy,
    ~65 error lines a second, SIGTERM ignored for 70 s); a restarted one took a new port."""
    env = stack_env(tmp_path)
    data_dir = tmp_path / "stack"
    stack = start_up(data_dir, env)
    acked = Acked()
    try:
        with httpx.Client(timeout=30) as client:
            send_trace(client, stack, acked, events=8, per_request=4, seed=1)
            (broker,) = _children(stack.proc.pid, "tansu broker")
            os.kill(broker, signal.SIGKILL)
            reborn = wait_until(
                lambda: [p for p in _children(stack.proc.pid, "tansu broker") if p != broker],
                timeout_s=30, interval_s=0.05, message="a new broker process",
            )  # fmt: skip
            host, port = stack.state.kafka_bootstrap.rsplit(":", 1)
            wait_until(lambda: port_open(host, int(port)), timeout_s=30, message="its port")
            assert len(reborn) == 1
            send_trace(client, stack, acked, events=8, per_request=4, seed=2)
        health = {h.part: h for h in read_health(data_dir)}
        assert health["broker"].state == "ok" and "restarted 1x" in health["broker"].detail
        counts = settle(stack, acked, timeout_s=90)
        assert (counts.lost, counts.duplicates, counts.incomplete) == (0, 0, 0), counts.line()
        assert counts.qa_not_once == 0, counts.line()
        log = stack.proc.log_path.read_text() if stack.proc.log_path else ""
        assert log.count("the broker stopped") == 1 and log.count("the broker is back") == 1
        assert _stop_seconds(stack, signal.SIGTERM) < 15
    finally:
        stack.proc.stop()


def test_a_second_stream_worker_finds_the_stack_and_the_stack_stops_with_its_broker_down(
    tmp_path: Path,
) -> None:
    """Two faults of one stack: `fixtrace worker streams` started beside `fixtrace up` (the
    README said: start more to scale) was refused without finding the stack's broker; and
    SIGINT (Ctrl-C) with the broker and its storage server dead did not stop the stack."""
    env = stack_env(tmp_path)
    stack = start_up(tmp_path / "stack", env)
    try:
        other = subprocess.run(
            [sys.executable, "-m", "fixtrace.cli", "worker", "streams"], env=env,
            capture_output=True, text=True, timeout=60, cwd=tmp_path,
        )  # fmt: skip
        lines = other.stderr.strip().splitlines()
        assert other.returncode == 1 and len(lines) == 1, other.stderr
        assert stack.state.kafka_bootstrap in lines[0] and "ClickHouse server" in lines[0]
        for pid in _children(stack.proc.pid, "tansu broker") + _children(
            stack.proc.pid, "local_services.objstore"
        ):
            os.kill(pid, signal.SIGKILL)
        assert _stop_seconds(stack, signal.SIGINT) < 15
    finally:
        stack.proc.stop()


def test_three_random_sigkills_of_the_whole_stack_lose_and_duplicate_nothing(
    tmp_path: Path,
) -> None:
    """The short version of `python bench/stack_crash.py --kills 20`: clients stream traces
    through the gateway, the stack is SIGKILLed at a random moment, three times, then runs
    until it settles. Every acknowledged event is stored once, every finalized trace is
    complete, and every complete trace has exactly one QA run."""
    counts = crash_rounds(tmp_path, kills=3, seed=2803, storage="durable", settle_s=120)
    assert counts.acked_events > 0
    assert (counts.lost, counts.duplicates, counts.incomplete) == (0, 0, 0), counts.line()
    assert counts.qa_not_once == 0, counts.line()
