"""The `none` backend: runs the command bare, for users who explicitly opt in.

Kept because some hosts have neither Docker nor bubblewrap (e.g. macOS dev laptops) and a
trusted trace should still be re-runnable there. It still clears the environment, applies
rlimits and kills the process group at the deadline, but offers no isolation at all; every
result says so in `notes`.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import time

from qa_agents.sandbox.capture import drive
from qa_agents.sandbox.common import check_spec_paths, sandbox_env, signal_reason
from qa_agents.sandbox.models import BackendName, SandboxResult, SandboxSpec, SandboxUnavailable

WARNING = "UNSANDBOXED: ran bare on the host (unsafe_no_sandbox=True); no isolation"


class UnsafeNoSandbox:
    """Bare execution; constructing it without the explicit opt-in is refused."""

    name: BackendName = "none"

    def __init__(self, *, unsafe_no_sandbox: bool = False) -> None:
        if not unsafe_no_sandbox:
            raise SandboxUnavailable(
                "backend 'none' runs untrusted code without isolation; it needs an explicit "
                "opt-in: unsafe_no_sandbox=True (FIXTRACE_UNSAFE_NO_SANDBOX=1)"
            )

    def _preexec_free_argv(self, spec: SandboxSpec) -> list[str]:
        mb = 1024 * 1024
        return [
            "prlimit",
            f"--as={spec.address_space_bytes}",
            f"--cpu={spec.cpu_s}:{spec.cpu_s + 1}",
            f"--fsize={spec.file_size_mb * mb}",
            f"--nofile={spec.open_files}",
            "--core=0",
            "--",
            *spec.command,
        ]

    def run(self, spec: SandboxSpec) -> SandboxResult:
        """Run bare with a cleared env, rlimits and a process-group kill at the deadline."""
        check_spec_paths(spec)
        started = time.monotonic()
        proc = subprocess.Popen(
            self._preexec_free_argv(spec),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=spec.workdir,
            env=sandbox_env(spec),
            start_new_session=True,
        )

        def kill() -> None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)

        done = drive(proc, spec.timeout_s, spec.output_limit_bytes, kill, started)
        return done.result(
            self.name,
            killed_reason="timeout" if done.timed_out else signal_reason(done.returncode),
            limits_enforced={
                "address_space": "rlimit",
                "cpu_time": "rlimit",
                "file_size": "rlimit",
                "open_files": "rlimit",
                "wall_time": "kill process group (escapes via setsid are possible)",
            },
            notes=[
                WARNING,
                "memory/pids limits, disk quota, syscall filter, network and filesystem "
                "NOT enforced",
            ],
        )
