"""A stop request ends ``fixtrace up`` within its deadline, whatever the worker is doing.

Why a subprocess each: the deadline ends its process with ``os._exit``. The child is a mode
worker with :class:`~fixtrace.supervise.DeadlineOnStop` (as ``fixtrace up``'s faust worker)
whose start is held back the way a slow faust start under load holds it: an ``on_start``
that never returns (waiting on the loop), or one that blocks the loop itself. Its stop hangs
too, as faust's consumer stop did on CI. Without the deadline armed at the signal neither
child would ever exit; the proof is that each exits with 1 after ``on_force`` ran.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from fixtrace.waiting import wait_until

pytestmark = pytest.mark.integration

CHILD = textwrap.dedent(
    """
    import asyncio, sys, time
    from pathlib import Path
    import mode
    from fixtrace.supervise import DeadlineOnStop, StopDeadline

    marker, hold = Path(sys.argv[1]), sys.argv[2]

    class HeldBackStart(mode.Service):
        async def on_start(self):
            marker.with_suffix(".started").write_text("")
            if hold == "loop":
                await asyncio.Event().wait()   # a start that waits forever on the loop
            else:
                time.sleep(3600)               # a start that blocks the loop itself

        async def on_stop(self):
            await asyncio.Event().wait()       # a stop that hangs, as faust's did

    class Worker(DeadlineOnStop, mode.Worker):
        pass

    worker = Worker(HeldBackStart(), loglevel="warning", quiet=True)
    worker.stop_deadline = StopDeadline(lambda: marker.write_text("forced"), deadline_s=0.5)
    worker.execute_from_commandline()
    """
)


@pytest.mark.parametrize("hold", ["loop", "blocked-loop"])
def test_sigint_during_a_held_back_start_ends_the_process_by_force(
    tmp_path: Path, hold: str
) -> None:
    marker = tmp_path / "forced"
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, str(marker), hold],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        wait_until(
            lambda: marker.with_suffix(".started").exists() or child.poll() is not None,
            timeout_s=60, message="the child's start began",
        )  # fmt: skip
        assert child.poll() is None, child.stderr.read() if child.stderr else ""
        os.kill(child.pid, signal.SIGINT)
        code = child.wait(timeout=60)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    assert code == 1, child.stderr.read() if child.stderr else ""
    assert marker.read_text() == "forced"


def test_the_deadline_is_armed_once_and_keeps_the_first_countdown() -> None:
    from fixtrace.supervise import StopDeadline

    deadline = StopDeadline(lambda: None, deadline_s=3600)
    assert not deadline.armed
    deadline.arm()
    first = deadline._timer
    deadline.arm()
    assert deadline._timer is first
    first.cancel()
