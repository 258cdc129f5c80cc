"""Faults of the whole embedded stack (issue 28): `fixtrace up` killed outright.

Each test runs the real `fixtrace up` in a subprocess on its own data folder and XDG homes,
with the gateway as client, and SIGKILLs the `fixtrace up` process (its broker and the
broker's storage server die with it by the parent-death signal), then starts it again on
the same folder and reads ClickHouse through the new stack's `POST /admin/sql`.
"""

from __future__ import annotations

import time
from pathlib import Path

import httpx
import pytest

from bench.stack_crash import Acked, send_trace, settle, stack_env, start_up

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
