"""Drive a child process to completion with a wall-time deadline and capped output.

Why not `Popen.communicate(timeout=...)`: it buffers everything (a program printing in a
loop would exhaust our memory) and it cannot kill a whole process tree. Here both pipes
are drained in one thread with `selectors`, bytes past the cap are read and dropped, and a
caller-provided `kill` is invoked at the deadline.
"""

from __future__ import annotations

import os
import selectors
import subprocess
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from qa_agents.sandbox.models import SandboxResult

_CHUNK = 65536
#: How often a backend's `watch` (e.g. "is the disk quota full?") is asked during a run.
WATCH_EVERY_S = 0.2
#: After a kill, how long to keep draining pipes / waiting for the process to be reaped.
KILL_GRACE_S = 5.0


@dataclass
class _Capped:
    limit: int
    data: bytearray = field(default_factory=bytearray)
    truncated: bool = False

    def feed(self, chunk: bytes) -> None:
        room = self.limit - len(self.data)
        if room > 0:
            self.data += chunk[:room]
        if len(chunk) > room:
            self.truncated = True

    def text(self) -> str:
        return self.data.decode("utf-8", errors="replace")


@dataclass
class Completed:
    """Outcome of `drive`: exit status, captured text and whether the deadline hit."""

    returncode: int
    stdout: str
    stderr: str
    stdout_truncated: bool
    stderr_truncated: bool
    timed_out: bool
    duration_ms: float
    watch_fired: bool = False
    """The backend's `watch` asked for the stop (not the deadline)."""

    def result(self, backend: str, **extra: Any) -> SandboxResult:
        """The sandbox result of this run; ``extra`` adds what only the backend knows."""
        return SandboxResult(
            exit_code=self.returncode,
            stdout=self.stdout,
            stderr=self.stderr,
            timed_out=self.timed_out,
            duration_ms=self.duration_ms,
            backend=backend,
            stdout_truncated=self.stdout_truncated,
            stderr_truncated=self.stderr_truncated,
            **extra,
        )


def _pump(
    sel: selectors.BaseSelector, deadline: float, watch: Callable[[], bool] | None = None
) -> bool:
    """Read until both pipes close, `deadline`, or `watch()` says stop; True when the
    pipes closed."""
    while sel.get_map():
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            return False
        if watch is not None:
            if watch():
                return False
            remaining = min(remaining, WATCH_EVERY_S)
        for key, _ in sel.select(timeout=remaining):
            chunk = os.read(key.fd, _CHUNK)
            if chunk:
                key.data.feed(chunk)
            else:
                sel.unregister(key.fileobj)
    return True


def drive(
    proc: subprocess.Popen[bytes],
    timeout_s: float,
    output_limit: int,
    kill: Callable[[], None],
    started: float,
    watch: Callable[[], bool] | None = None,
) -> Completed:
    """Capture `proc`'s stdout/stderr until it exits; call `kill` at the wall-time deadline,
    or as soon as `watch()` (asked every `WATCH_EVERY_S`) returns True."""
    assert proc.stdout is not None and proc.stderr is not None
    out, err = _Capped(output_limit), _Capped(output_limit)
    deadline = started + timeout_s
    timed_out = watch_fired = False
    with selectors.DefaultSelector() as sel:
        sel.register(proc.stdout, selectors.EVENT_READ, out)
        sel.register(proc.stderr, selectors.EVENT_READ, err)
        if not _pump(sel, deadline, watch):
            watch_fired = time.monotonic() < deadline
            timed_out = not watch_fired
            kill()
            _pump(sel, time.monotonic() + KILL_GRACE_S)
    if not timed_out and not watch_fired:
        try:
            proc.wait(timeout=max(deadline - time.monotonic(), 0.0))
        except subprocess.TimeoutExpired:
            # Pipes closed early (e.g. the program closed stdout) but it kept running.
            timed_out = True
            kill()
    proc.wait(timeout=KILL_GRACE_S)
    duration_ms = (time.monotonic() - started) * 1000
    proc.stdout.close()
    proc.stderr.close()
    return Completed(
        returncode=proc.returncode,
        stdout=out.text(),
        stderr=err.text(),
        stdout_truncated=out.truncated,
        stderr_truncated=err.truncated,
        timed_out=timed_out,
        duration_ms=duration_ms,
        watch_fired=watch_fired,
    )
