"""The sandbox contract: what to run (`SandboxSpec`), what came back (`SandboxResult`).

These are the boundary shared by the QA worker and the MRE executor, so they are pydantic
models: a bad spec fails loudly before anything is started.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal, Protocol, runtime_checkable

from pydantic import BaseModel, ConfigDict, Field, field_validator

BackendName = Literal["docker", "bwrap", "none"]

#: Why a run was stopped by the sandbox rather than by the program itself.
KilledReason = Literal["timeout", "oom", "cpu_time", "file_size", "disk_quota"]


class SandboxError(RuntimeError):
    """A sandbox could not be prepared (bad workdir, unreadable env, ...)."""


class SandboxUnavailable(SandboxError):
    """The requested backend cannot run on this machine, or needs an explicit opt-in."""


class SandboxSpec(BaseModel):
    """One command to run in isolation; the workdir is its only writable place."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    command: list[str] = Field(min_length=1, description="argv, run with cwd=workdir.")
    workdir: Path = Field(description="Absolute folder bound read-write; the only writable place.")
    timeout_s: float = Field(30.0, gt=0, description="Wall time; the whole tree is killed after.")
    memory_mb: int = Field(1024, gt=0, description="Whole-sandbox memory (cgroup / container).")
    pids: int = Field(256, gt=0, description="Whole-sandbox process/thread count.")
    cpu_s: int = Field(60, gt=0, description="CPU seconds per process (RLIMIT_CPU).")
    file_size_mb: int = Field(256, gt=0, description="Largest file a process may write.")
    env: dict[str, str] = Field(
        default_factory=dict, description="Cleared environment plus these (PATH/HOME defaulted)."
    )
    python_env: Path | None = Field(
        None, description="Read-only interpreter env (see pyenv.py); its bin/ goes first on PATH."
    )
    image: str = Field("python:3.11-slim", description="Container image (docker backend only).")
    network: bool = Field(False, description="Allow network access (off by default).")
    # Optional additions beyond the first contract.
    cpus: float = Field(1.0, gt=0, description="CPU share (docker nano_cpus).")
    open_files: int = Field(256, gt=0, description="RLIMIT_NOFILE per process.")
    address_space_mb: int | None = Field(
        None, gt=0, description="RLIMIT_AS per process; defaults to memory_mb."
    )
    output_limit_bytes: int = Field(
        1_048_576, gt=0, description="Cap on each of stdout/stderr kept; the rest is dropped."
    )
    ro_paths: list[Path] = Field(
        default_factory=list, description="Extra host paths bound read-only (e.g. a data set)."
    )
    disk_quota_mb: int | None = Field(
        None,
        ge=0,
        description="Everything the run can write (workdir, /tmp, /dev/shm), in MiB. None: "
        "the backend's default (Settings.sandbox_disk_quota_mb); 0: no quota (noted).",
    )

    @field_validator("workdir", "python_env")
    @classmethod
    def _absolute(cls, value: Path | None) -> Path | None:
        if value is not None and not value.is_absolute():
            raise ValueError(f"must be an absolute path: {value}")
        return value

    @field_validator("ro_paths")
    @classmethod
    def _all_absolute(cls, value: list[Path]) -> list[Path]:
        for path in value:
            if not path.is_absolute():
                raise ValueError(f"must be an absolute path: {path}")
        return value

    @property
    def address_space_bytes(self) -> int:
        """RLIMIT_AS in bytes (per process, so a backstop next to the cgroup limit)."""
        return (self.address_space_mb or self.memory_mb) * 1024 * 1024


class SandboxResult(BaseModel):
    """What a run produced; `backend` always says what actually isolated it."""

    exit_code: int = Field(
        description="Exit status. bwrap reports a signal death as 128+N; bare/docker as -N/128+N."
    )
    stdout: str
    stderr: str
    timed_out: bool
    duration_ms: float
    backend: BackendName
    killed_reason: KilledReason | None = None
    stdout_truncated: bool = False
    stderr_truncated: bool = False
    limits_enforced: dict[str, str] = Field(
        default_factory=dict, description="limit name -> mechanism that enforced it."
    )
    notes: list[str] = Field(
        default_factory=list, description="Degradations and warnings a user should see."
    )
    peak_memory_mb: float | None = None
    disk_used_mb: float | None = Field(
        None, description="What the run's quota file system held at the end (MiB)."
    )

    @property
    def ok(self) -> bool:
        """True when the program exited 0 on its own."""
        return self.exit_code == 0 and not self.timed_out and self.killed_reason is None


@runtime_checkable
class Sandbox(Protocol):
    """A backend that runs a `SandboxSpec` in isolation."""

    name: BackendName

    def run(self, spec: SandboxSpec) -> SandboxResult:
        """Run the spec to completion (or timeout) and report."""
        ...
