"""Pieces every backend shares: the child's environment and spec checks."""

from __future__ import annotations

import os
import signal

from qa_agents.sandbox.models import KilledReason, SandboxError, SandboxSpec

DEFAULT_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"


def sandbox_env(spec: SandboxSpec) -> dict[str, str]:
    """The complete environment of the sandboxed command.

    Starts empty (nothing of the parent leaks, e.g. cloud keys), adds PATH/HOME/LANG
    defaults, then the spec's variables; an interpreter env's bin/ goes first on PATH.
    """
    env = {"PATH": DEFAULT_PATH, "HOME": str(spec.workdir), "LANG": "C.UTF-8"}
    env.update(spec.env)
    if spec.python_env is not None:
        env["PATH"] = f"{spec.python_env / 'bin'}:{env['PATH']}"
        env["VIRTUAL_ENV"] = str(spec.python_env)
    return env


def check_spec_paths(spec: SandboxSpec) -> None:
    """Fail early on a missing workdir / env instead of an obscure launcher error."""
    if not spec.workdir.is_dir():
        raise SandboxError(f"workdir is not a directory: {spec.workdir}")
    if spec.python_env is not None and not (spec.python_env / "bin").is_dir():
        raise SandboxError(f"python_env has no bin/ folder: {spec.python_env}")
    for path in spec.ro_paths:
        if not path.exists():
            raise SandboxError(f"ro_path does not exist: {path}")


def signal_reason(exit_code: int) -> KilledReason | None:
    """Map a 128+N (or -N) exit status from a resource-limit signal to a reason."""
    signum = exit_code - 128 if exit_code > 128 else -exit_code
    if signum == signal.SIGXCPU:
        return "cpu_time"
    if signum == signal.SIGXFSZ:
        return "file_size"
    return None


def memfd_with(name: str, data: bytes) -> int:
    """An anonymous in-memory file holding ``data``, positioned at its start (for bwrap's
    ``--args``/``--seccomp``/``--ro-bind-data`` FD options; close-on-exec unless passed)."""
    fd = os.memfd_create(name, os.MFD_CLOEXEC)
    os.write(fd, data)
    os.lseek(fd, 0, os.SEEK_SET)
    return fd
