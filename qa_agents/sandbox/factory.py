"""Pick a sandbox backend: Docker when an engine answers, else bubblewrap.

Never falls back to running bare: `none` is only handed out with an explicit opt-in.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from qa_agents.sandbox.bwrap import BubblewrapSandbox
from qa_agents.sandbox.docker_backend import DockerSandbox, docker_client
from qa_agents.sandbox.models import Sandbox, SandboxUnavailable
from qa_agents.sandbox.quota import DEFAULT_DISK_DIR, DEFAULT_QUOTA_MB
from qa_agents.sandbox.unsafe import UnsafeNoSandbox

if TYPE_CHECKING:
    from fixtrace_config import Settings

BACKENDS = ("auto", "docker", "bwrap", "none")


def get_sandbox(
    backend: str = "auto",
    unsafe_no_sandbox: bool = False,
    *,
    disk_quota_mb: int = DEFAULT_QUOTA_MB,
    disk_dir: Path = DEFAULT_DISK_DIR,
) -> Sandbox:
    """The sandbox for `backend` ("auto" | "docker" | "bwrap" | "none").

    ``disk_quota_mb`` is the per-run disk quota a spec gets unless it names its own.

    Raises `SandboxUnavailable` when the backend cannot run here, or for "none" without
    `unsafe_no_sandbox=True`.
    """
    if backend not in BACKENDS:
        raise SandboxUnavailable(f"unknown sandbox backend {backend!r}; choose from {BACKENDS}")
    if backend == "none":
        return UnsafeNoSandbox(unsafe_no_sandbox=unsafe_no_sandbox)
    quota = {"disk_quota_mb": disk_quota_mb, "disk_dir": disk_dir}
    if backend == "docker":
        return DockerSandbox(**quota)
    if backend == "bwrap":
        return BubblewrapSandbox(**quota)
    client = docker_client()
    if client is not None:
        return DockerSandbox(client, **quota)
    try:
        return BubblewrapSandbox(**quota)
    except SandboxUnavailable as exc:
        raise SandboxUnavailable(
            f"no sandbox available: no Docker engine answers and {exc}. "
            "Install bubblewrap, start Docker, or opt in to unsandboxed runs explicitly."
        ) from exc


def sandbox_from_settings(settings: Settings) -> Sandbox:
    """`get_sandbox` driven by `Settings.sandbox_backend` / `unsafe_no_sandbox` /
    `sandbox_disk_quota_mb` / `sandbox_disk_dir`."""
    return get_sandbox(
        settings.sandbox_backend,
        settings.unsafe_no_sandbox,
        disk_quota_mb=settings.sandbox_disk_quota_mb,
        disk_dir=settings.sandbox_disk_dir,
    )
