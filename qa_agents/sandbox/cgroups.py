"""Per-run cgroup v1 groups for whole-sandbox memory and process limits.

Why cgroups: RLIMIT_AS and RLIMIT_NPROC are per process / per uid, so a program that forks
can multiply its memory, and every sandbox shares uid 65534's process count. A cgroup
bounds the whole tree of one run. This host has cgroup v1 (memory, pids controllers);
each run gets a child of *our own* group in each hierarchy, so the parent's accounting and
limits still apply. When a hierarchy is missing or not writable the caller is told
(`notes`) and falls back to rlimits only.
"""

from __future__ import annotations

import contextlib
import os
import signal
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path

CGROUP_ROOT = Path("/sys/fs/cgroup")
_EMPTY_WAIT_S = 5.0


def _own_path(controller: str) -> str | None:
    """This process's group path in the v1 hierarchy holding `controller`."""
    for line in Path("/proc/self/cgroup").read_text().splitlines():
        _, controllers, path = line.split(":", 2)
        if controller in controllers.split(","):
            return path
    return None


def _read_kv(path: Path) -> dict[str, int]:
    values: dict[str, int] = {}
    with contextlib.suppress(OSError):
        for line in path.read_text().splitlines():
            key, _, value = line.partition(" ")
            with contextlib.suppress(ValueError):
                values[key] = int(value)
    return values


@dataclass
class RunCgroups:
    """The memory and pids groups of one run (either may be absent)."""

    memory: Path | None = None
    pids: Path | None = None
    notes: list[str] = field(default_factory=list)

    @property
    def procs_files(self) -> list[Path]:
        """`cgroup.procs` files the child must write its pid into before exec."""
        return [g / "cgroup.procs" for g in (self.memory, self.pids) if g is not None]

    def oom_kills(self) -> int:
        """OOM kills inside the memory group (0 if unknown)."""
        if self.memory is None:
            return 0
        return _read_kv(self.memory / "memory.oom_control").get("oom_kill", 0)

    def peak_memory_mb(self) -> float | None:
        """Peak memory of the whole run, if a memory group was used."""
        if self.memory is None:
            return None
        try:
            raw = (self.memory / "memory.max_usage_in_bytes").read_text()
        except OSError:
            return None
        return int(raw) / (1024 * 1024)

    def _pids_in(self) -> set[int]:
        found: set[int] = set()
        for group in (self.memory, self.pids):
            if group is None:
                continue
            with contextlib.suppress(OSError):
                found.update(int(p) for p in (group / "cgroup.procs").read_text().split())
        return found

    def kill_all(self) -> None:
        """SIGKILL every process in the run's groups until they are empty (v1 has no
        `cgroup.kill`, so a forking program is swept repeatedly)."""
        deadline = time.monotonic() + _EMPTY_WAIT_S
        while (pids := self._pids_in()) and time.monotonic() < deadline:
            for pid in pids:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)
            time.sleep(0.002)  # killed tasks leave the group asynchronously

    def remove(self) -> None:
        """Kill leftovers and delete the groups (a group with members cannot be removed)."""
        self.kill_all()
        for group in (self.memory, self.pids):
            if group is None:
                continue
            deadline = time.monotonic() + _EMPTY_WAIT_S
            while True:
                try:
                    group.rmdir()
                    break
                except FileNotFoundError:
                    break
                except OSError:
                    # Killed tasks leave the group only once reaped; retry briefly.
                    if time.monotonic() > deadline:
                        self.notes.append(f"could not remove cgroup {group}")
                        break
                    time.sleep(0.01)


def _make_group(controller: str, settings: dict[str, str], notes: list[str]) -> Path | None:
    own = _own_path(controller)
    hierarchy = CGROUP_ROOT / controller
    if own is None or not hierarchy.is_dir():
        notes.append(f"cgroup v1 '{controller}' controller not mounted; limit not enforced")
        return None
    group = hierarchy / own.lstrip("/") / f"fixtrace-sandbox-{uuid.uuid4().hex[:12]}"
    try:
        group.mkdir()
    except OSError as exc:
        notes.append(f"cannot create cgroup {group} ({exc.strerror}); limit not enforced")
        return None
    try:
        for name, value in settings.items():
            target = group / name
            if target.exists():
                target.write_text(value)
    except OSError as exc:
        notes.append(f"cannot configure cgroup {group} ({exc.strerror}); limit not enforced")
        with contextlib.suppress(OSError):
            group.rmdir()
        return None
    return group


def create_run_cgroups(memory_mb: int, pids: int) -> RunCgroups:
    """Create the per-run memory and pids groups; missing ones are explained in `notes`."""
    notes: list[str] = []
    limit = str(memory_mb * 1024 * 1024)
    # memsw (memory+swap) must be set after memory and be >= it; equal means no swap use.
    memory = _make_group(
        "memory", {"memory.limit_in_bytes": limit, "memory.memsw.limit_in_bytes": limit}, notes
    )
    pid_group = _make_group("pids", {"pids.max": str(pids)}, notes)
    return RunCgroups(memory=memory, pids=pid_group, notes=notes)
