"""One ``fixtrace up`` stack for the session: started, demoed once, shared, stopped at the end.

``fixtrace up`` plus ``fixtrace demo`` cost about 20 s of a 2-core machine; the e2e and UI
tests that only read what a running stack serves share this one (the ``up_stack`` fixture in
``tests/conftest.py``). Each test that writes brings its own trace (fresh trace ids from the
gateway), so they do not see each other's data. The tests that use it are moved to the end
of the run (``tests/conftest.py``), so the stack runs only while they do, and a test marked
``stops_the_stack`` runs last of all: it may stop and restart the stack (``restart``).

The stack's processes get private XDG homes: its pointer in the state home is never found by
the rest of the suite, and clients reach it through ``FIXTRACE_DATA_DIR`` (:meth:`env`).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

from fixtrace.procs import ManagedProcess, spawn
from fixtrace.waiting import wait_until
from fixtrace_config import Settings
from fixtrace_config.stack_state import StackState, running_stack


def processes_mentioning(text: str) -> list[int]:
    """Pids whose command line contains ``text`` (to find a broker that outlived its stack)."""
    pids = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
            except OSError:
                continue
            if text in cmdline:
                pids.append(int(entry.name))
    return pids


class UpStack:
    """A ``fixtrace up`` process on ``data_dir`` and what its demo printed."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.data_dir = root / "stack"
        self.data_dir.mkdir(parents=True, exist_ok=True)
        self.proc: ManagedProcess | None = None
        self.state: StackState | None = None
        self.demo: dict[str, Any] = {}
        self.starts = 0

    def env(self) -> dict[str, str]:
        """A client's environment: this stack's data folder, private homes, no model key."""
        env = {k: v for k, v in os.environ.items() if not k.startswith("FIXTRACE_")}
        env.pop("ANTHROPIC_API_KEY", None)
        env["FIXTRACE_DATA_DIR"] = str(self.data_dir)
        for name in ("XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CONFIG_HOME"):
            env[name] = str(self.root / name.lower())
        return env

    def fixtrace(self, *args: str, timeout: float = 300) -> subprocess.CompletedProcess[str]:
        """``python -m fixtrace.cli ARGS`` as a client of this stack."""
        return subprocess.run(
            [sys.executable, "-m", "fixtrace.cli", *args],
            env=self.env(), capture_output=True, text=True, timeout=timeout,
        )  # fmt: skip

    def start(self) -> StackState:
        """Start ``fixtrace up`` and wait for its state file; the state."""
        self.starts += 1
        proc = spawn(
            "fixtrace-up",
            [sys.executable, "-m", "fixtrace.cli", "up"],
            env=self.env(),
            log_path=self.data_dir / f"up-{self.starts}.log",
        )
        self.proc = proc
        settings = Settings(data_dir=self.data_dir)
        self.state = wait_until(
            lambda: (s := running_stack(settings)) is not None and s.pid == proc.pid and s,
            timeout_s=120,
            message=f"fixtrace up did not write its state file:\n{proc.log_tail()}",
        )
        return self.state

    @property
    def log(self) -> Path:
        """The current ``up`` process's log (its status table is printed there)."""
        return self.data_dir / f"up-{self.starts}.log"

    def run_demo(self) -> dict[str, Any]:
        """``fixtrace demo --json`` against the stack; its summary."""
        demo = self.fixtrace("demo", "--json")
        assert demo.returncode == 0, demo.stderr
        self.demo = json.loads(demo.stdout)
        return self.demo

    def stop(self, *, with_command: bool = False) -> None:
        """SIGINT ``up`` (or ``fixtrace stop`` from another folder, as a user in another
        terminal); it must exit and leave no broker behind (asserted)."""
        proc, state = self.proc, self.state
        if proc is None or state is None:
            return
        self.proc = None
        if with_command:
            stopped = self.fixtrace("stop", timeout=90)
            assert stopped.returncode == 0, stopped.stderr
            assert f"stopped the stack (pid {proc.pid} on " in stopped.stdout, stopped.stdout
            assert not proc.alive()  # the command returns once the stack has exited
        if proc.alive():
            os.kill(proc.pid, signal.SIGINT)
            wait_until(lambda: not proc.alive(), timeout_s=60, message="fixtrace up ignored SIGINT")
        assert proc.popen.returncode is not None
        port = state.kafka_bootstrap.rsplit(":", 1)[1]
        assert processes_mentioning(f"127.0.0.1:{port}") == [], "tansu outlived the stack"
        assert running_stack(Settings(data_dir=self.data_dir)) is None

    def kill_quietly(self) -> None:
        """Stop whatever still runs, asserting nothing (the fixture's last word)."""
        if self.proc is not None and self.proc.alive():
            os.kill(self.proc.pid, signal.SIGINT)
            try:
                wait_until(lambda: not self.proc.alive(), timeout_s=60, message="up stopped")
            finally:
                self.proc.stop()
