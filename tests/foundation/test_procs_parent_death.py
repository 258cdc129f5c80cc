"""A child started from a worker thread dies with its parent too.

The kernel sends ``setpriv --pdeathsig`` when the *thread* that forked exits, so
``fixtrace.procs.spawn`` forks only from threads that last as long as the process. Before,
a start from a worker thread (the stack's supervisor restarting its broker) went without
the signal, and a parent killed or forced to exit left that child running.
"""

from __future__ import annotations

import shutil
import subprocess
import sys

import pytest

from fixtrace.waiting import wait_until
from tests.streams.harness import is_gone, kill_parent_and_await_child

_PARENT = """
import sys, threading
from fixtrace.procs import spawn

def start():
    child = spawn("sleeper", ["sleep", "300"])
    print(child.pid, flush=True)

worker = threading.Thread(target=start)
worker.start()
worker.join()  # the thread that asked for the child is gone before the parent dies
sys.stdin.read()
"""


def _command(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/comm") as fh:
            return fh.read().strip()
    except FileNotFoundError:
        return ""


@pytest.mark.skipif(shutil.which("setpriv") is None, reason="needs util-linux setpriv")
def test_a_child_a_worker_thread_started_dies_with_its_killed_parent() -> None:
    parent = subprocess.Popen(
        [sys.executable, "-c", _PARENT],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert parent.stdout is not None
    child = int(parent.stdout.readline())
    # setpriv sets the death signal, then becomes `sleep`: kill the parent only after that
    wait_until(lambda: _command(child) == "sleep", timeout_s=30, message="the child started")
    assert not is_gone(child)  # alive after the thread that started it ended
    kill_parent_and_await_child(parent, child, "the child gone with its parent")
