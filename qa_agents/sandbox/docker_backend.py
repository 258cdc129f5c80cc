"""Docker backend (docker SDK): the preferred isolation where an engine answers.

The container settings live in the pure function `container_kwargs` so the exact security
posture is unit-tested without an engine; `DockerSandbox.run` only drives the lifecycle
(create, start, wait with deadline, kill, collect logs, remove).
"""

from __future__ import annotations

import time
from typing import Any

from qa_agents.sandbox.common import check_spec_paths, sandbox_env, signal_reason
from qa_agents.sandbox.models import (
    BackendName,
    KilledReason,
    SandboxResult,
    SandboxSpec,
    SandboxUnavailable,
)
from qa_agents.sandbox.paths import NOBODY, lent_to

_MB = 1024 * 1024


def docker_client(timeout_s: float = 3.0) -> Any | None:
    """A connected docker client, or None when no engine answers (never raises)."""
    try:
        import docker

        client = docker.from_env(timeout=int(max(timeout_s, 1)))
        client.ping()
    except Exception:  # noqa: BLE001 - any failure means "no usable engine"
        return None
    return client


def container_kwargs(spec: SandboxSpec) -> dict[str, Any]:
    """Keyword arguments for `client.containers.create` that isolate `spec`.

    No network, read-only root with a private /tmp, memory (no swap), CPU, pids and rlimits,
    every capability dropped, no privilege escalation, uid/gid 65534, only the workdir
    writable; the interpreter env and extra paths are mounted read-only.
    """
    from docker.types import Ulimit

    work = str(spec.workdir)
    volumes: dict[str, dict[str, str]] = {work: {"bind": work, "mode": "rw"}}
    if spec.python_env is not None:
        volumes[str(spec.python_env)] = {"bind": str(spec.python_env), "mode": "ro"}
    for path in spec.ro_paths:
        volumes[str(path)] = {"bind": str(path), "mode": "ro"}
    return {
        "image": spec.image,
        "command": list(spec.command),
        "working_dir": work,
        "environment": sandbox_env(spec),
        "user": f"{NOBODY}:{NOBODY}",
        "network_mode": "bridge" if spec.network else "none",
        "read_only": True,
        "tmpfs": {"/tmp": f"rw,nosuid,nodev,size={spec.memory_mb}m,mode=1777"},
        "volumes": volumes,
        "mem_limit": f"{spec.memory_mb}m",
        "memswap_limit": f"{spec.memory_mb}m",
        "nano_cpus": int(spec.cpus * 1e9),
        "pids_limit": spec.pids,
        "cap_drop": ["ALL"],
        "security_opt": ["no-new-privileges"],
        "ulimits": [
            Ulimit(name="cpu", soft=spec.cpu_s, hard=spec.cpu_s + 1),
            Ulimit(name="fsize", soft=spec.file_size_mb * _MB, hard=spec.file_size_mb * _MB),
            Ulimit(name="nofile", soft=spec.open_files, hard=spec.open_files),
            Ulimit(name="core", soft=0, hard=0),
        ],
        "init": True,
        "labels": {"fixtrace.sandbox": "1"},
    }


def _cap(data: bytes, limit: int) -> tuple[str, bool]:
    return data[:limit].decode("utf-8", errors="replace"), len(data) > limit


class DockerSandbox:
    """Runs specs in a locked-down, throwaway container."""

    name: BackendName = "docker"

    def __init__(self, client: Any | None = None) -> None:
        self.client = client if client is not None else docker_client()
        if self.client is None:
            raise SandboxUnavailable("no Docker engine answers (docker.from_env().ping())")

    def _create(self, kwargs: dict[str, Any]) -> Any:
        import docker.errors

        try:
            return self.client.containers.create(**kwargs)
        except docker.errors.ImageNotFound:
            self.client.images.pull(kwargs["image"])
            return self.client.containers.create(**kwargs)

    def run(self, spec: SandboxSpec) -> SandboxResult:
        """Run `spec` in a fresh container; the container is always removed."""
        import requests

        check_spec_paths(spec)
        with lent_to(spec.workdir, NOBODY, NOBODY):
            container = self._create(container_kwargs(spec))
            try:
                started = time.monotonic()
                container.start()
                timed_out = False
                try:
                    status = container.wait(timeout=spec.timeout_s)
                    exit_code = int(status.get("StatusCode", -1))
                except (requests.exceptions.ReadTimeout, requests.exceptions.ConnectionError):
                    timed_out = True
                    container.kill()
                    exit_code = int(container.wait(timeout=30).get("StatusCode", -1))
                duration_ms = (time.monotonic() - started) * 1000
                limit = spec.output_limit_bytes
                out, out_cut = _cap(container.logs(stdout=True, stderr=False), limit)
                err, err_cut = _cap(container.logs(stdout=False, stderr=True), limit)
                container.reload()
                oom = bool(container.attrs.get("State", {}).get("OOMKilled"))
            finally:
                container.remove(force=True)
        reason: KilledReason | None = (
            "timeout" if timed_out else "oom" if oom else signal_reason(exit_code)
        )
        return SandboxResult(
            exit_code=exit_code,
            stdout=out,
            stderr=err,
            timed_out=timed_out,
            duration_ms=duration_ms,
            backend=self.name,
            killed_reason=reason,
            stdout_truncated=out_cut,
            stderr_truncated=err_cut,
            limits_enforced={
                name: "docker"
                for name in (
                    "memory",
                    "pids",
                    "cpu_share",
                    "cpu_time",
                    "file_size",
                    "open_files",
                    "core_dumps",
                    "network",
                    "filesystem",
                    "user",
                    "wall_time",
                )
            },
            notes=[]
            if spec.python_env is None
            else [
                "python_env is a host venv: it only runs if the image has the same base "
                "interpreter path as the host"
            ],
        )
