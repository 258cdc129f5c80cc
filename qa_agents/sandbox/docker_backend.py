"""Docker backend (docker SDK): the preferred isolation where an engine answers.

The container settings live in the pure function `container_kwargs` so the exact security
posture is unit-tested without an engine; `DockerSandbox.run` only drives the lifecycle
(create, start, wait with deadline, kill, collect logs, remove).

The limits match the bubblewrap backend's: no network, every capability dropped,
``no-new-privileges``, the engine's default seccomp profile (never ``unconfined``), a pids
limit, a read-only root, and one writable place of bounded size: the run's quota file
system (quota.py, made on the host as for bubblewrap) mounted as the workdir, ``/tmp`` and
``/dev/shm``. No engine runs on this project's CI machines, so only the settings are
tested there (``tests/sandbox/test_sandbox_docker.py``), not a live container.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from qa_agents.sandbox.capture import WATCH_EVERY_S
from qa_agents.sandbox.common import check_spec_paths, sandbox_env, signal_reason
from qa_agents.sandbox.models import (
    BackendName,
    KilledReason,
    SandboxResult,
    SandboxSpec,
    SandboxUnavailable,
)
from qa_agents.sandbox.paths import NOBODY, lent_to
from qa_agents.sandbox.quota import (
    DEFAULT_DISK_DIR,
    DEFAULT_QUOTA_MB,
    QuotaUnavailable,
    RunDisk,
    run_disk,
)

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


def container_kwargs(spec: SandboxSpec, disk: RunDisk | None = None) -> dict[str, Any]:
    """Keyword arguments for `client.containers.create` that isolate `spec`.

    No network, read-only root, memory (no swap), CPU, pids and rlimits, every capability
    dropped, no privilege escalation, the default seccomp profile, uid/gid 65534; the
    interpreter env and extra paths are mounted read-only. With ``disk`` (the run's quota
    file system) the workdir, /tmp and /dev/shm are its folders and nothing else is
    writable; without, the host workdir is mounted and /tmp is a tmpfs of ``memory_mb``.
    """
    from docker.types import Ulimit

    work = str(spec.workdir)
    volumes: dict[str, dict[str, str]]
    tmpfs: dict[str, str] = {}
    if disk is not None:
        volumes = {
            str(disk.work): {"bind": work, "mode": "rw"},
            str(disk.tmp): {"bind": "/tmp", "mode": "rw"},
            str(disk.shm): {"bind": "/dev/shm", "mode": "rw"},
        }
    else:
        volumes = {work: {"bind": work, "mode": "rw"}}
        tmpfs = {"/tmp": f"rw,nosuid,nodev,size={spec.memory_mb}m,mode=1777"}
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
        "tmpfs": tmpfs,
        "volumes": volumes,
        # With the quota disk the container gets no /dev/shm of its own (memory, unbounded
        # by the quota): the disk's shm folder is mounted there instead.
        "ipc_mode": "none" if disk is not None else "private",
        "mem_limit": f"{spec.memory_mb}m",
        "memswap_limit": f"{spec.memory_mb}m",
        "nano_cpus": int(spec.cpus * 1e9),
        "pids_limit": spec.pids,
        "cap_drop": ["ALL"],
        "privileged": False,
        # The engine's default seccomp profile applies (it also refuses unshare/mount/
        # keyctl/bpf/ptrace... to a process without capabilities); never "unconfined".
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

    def __init__(
        self,
        client: Any | None = None,
        disk_quota_mb: int = DEFAULT_QUOTA_MB,
        disk_dir: Path = DEFAULT_DISK_DIR,
    ) -> None:
        self.client = client if client is not None else docker_client()
        if self.client is None:
            raise SandboxUnavailable("no Docker engine answers (docker.from_env().ping())")
        self.disk_quota_mb = disk_quota_mb
        self.disk_dir = disk_dir

    @contextlib.contextmanager
    def _disk(self, spec: SandboxSpec, notes: list[str]) -> Iterator[RunDisk | None]:
        """The run's quota file system, or None (with a note) when it cannot be made."""
        quota = self.disk_quota_mb if spec.disk_quota_mb is None else spec.disk_quota_mb
        if quota <= 0:
            notes.append("disk quota NOT enforced: disk_quota_mb=0")
        else:
            try:
                with run_disk(spec.workdir, quota, NOBODY, NOBODY, self.disk_dir) as disk:
                    yield disk
                    return
            except QuotaUnavailable as exc:
                notes.append(f"disk quota NOT enforced: {exc}")
        with lent_to(spec.workdir, NOBODY, NOBODY):
            yield None

    def _wait(self, container: Any, spec: SandboxSpec, disk: RunDisk | None) -> tuple[int, str]:
        """Exit status and why the run was stopped ("" when it ended by itself)."""
        import requests

        deadline = time.monotonic() + spec.timeout_s
        stays_full = disk.stays_full() if disk is not None else None
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                stop = "timeout"
                break
            try:
                step = min(remaining, WATCH_EVERY_S) if disk is not None else remaining
                status = container.wait(timeout=step)
                return int(status.get("StatusCode", -1)), ""
            except (requests.exceptions.ReadTimeout, requests.exceptions.ConnectionError):
                if stays_full is not None and stays_full():
                    stop = "disk_quota"
                    break
        container.kill()
        return int(container.wait(timeout=30).get("StatusCode", -1)), stop

    def _create(self, kwargs: dict[str, Any]) -> Any:
        import docker.errors

        try:
            return self.client.containers.create(**kwargs)
        except docker.errors.ImageNotFound:
            self.client.images.pull(kwargs["image"])
            return self.client.containers.create(**kwargs)

    def run(self, spec: SandboxSpec) -> SandboxResult:
        """Run `spec` in a fresh container; the container is always removed."""
        check_spec_paths(spec)
        notes: list[str] = []
        with self._disk(spec, notes) as disk:
            container = self._create(container_kwargs(spec, disk))
            try:
                started = time.monotonic()
                container.start()
                exit_code, stop = self._wait(container, spec, disk)
                duration_ms = (time.monotonic() - started) * 1000
                limit = spec.output_limit_bytes
                out, out_cut = _cap(container.logs(stdout=True, stderr=False), limit)
                err, err_cut = _cap(container.logs(stdout=False, stderr=True), limit)
                container.reload()
                oom = bool(container.attrs.get("State", {}).get("OOMKilled"))
            finally:
                container.remove(force=True)
            full = disk is not None and disk.full()
            used = round(disk.used_mb(), 1) if disk is not None else None
        if disk is not None:
            notes.extend(disk.notes)  # what the copy back left out
        reason: KilledReason | None
        if stop == "timeout":
            reason = "timeout"
        elif stop == "disk_quota" or full:
            reason = "disk_quota"
        else:
            reason = "oom" if oom else signal_reason(exit_code)
        if spec.python_env is not None:
            notes.append(
                "python_env is a host venv: it only runs if the image has the same base "
                "interpreter path as the host"
            )
        limits = {name: "docker" for name in _DOCKER_LIMITS}
        limits["disk"] = (
            f"{disk_quota} MiB loop-mounted ext4 (workdir, /tmp, /dev/shm)"
            if (disk_quota := self._quota(spec)) and used is not None
            else "NOT enforced (host workdir; /tmp a tmpfs)"
        )
        return SandboxResult(
            exit_code=exit_code,
            stdout=out,
            stderr=err,
            timed_out=stop == "timeout",
            duration_ms=duration_ms,
            backend=self.name,
            killed_reason=reason,
            stdout_truncated=out_cut,
            stderr_truncated=err_cut,
            limits_enforced=limits,
            notes=notes,
            disk_used_mb=used,
        )

    def _quota(self, spec: SandboxSpec) -> int:
        return self.disk_quota_mb if spec.disk_quota_mb is None else spec.disk_quota_mb


_DOCKER_LIMITS = (
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
    "syscalls",
)
