"""Bubblewrap backend: isolation for machines without a Docker engine.

Launch chain (each step execs the next, so one pid is killed on timeout):

    sh (join per-run cgroups) -> prlimit (per-process rlimits)
      -> setpriv (uid/gid 65534, no groups, no_new_privs)
      -> bwrap --args FD (new user/pid/net/ipc/uts/cgroup namespaces, user namespaces
               disabled inside, seccomp filter, a minimal read-only root, the run's own
               quota file system for workdir, /tmp and /dev/shm, no capabilities, clean env)

Why each layer: bwrap alone as root keeps capabilities and root ignores RLIMIT_NPROC, so we
drop to a real unprivileged uid first; rlimits are per process, so whole-run memory and
pids limits come from cgroups (see cgroups.py); the disk quota is a loop-mounted file
system (quota.py); the filter is libseccomp's (seccomp.py); the root is a few binds
(rootfs.py). The pid namespace makes a timeout kill complete: when bwrap dies, its
in-namespace init dies (--die-with-parent) and the kernel kills everything left in it.

Nothing of the host in the sandbox's own process table: bwrap's options (binds, the run's
environment) travel through a memfd (``--args``), so ``/proc/1/cmdline`` inside shows only
``bwrap --args N -- <command>``, and the launcher starts with an empty environment, so
``/proc/1/environ`` is empty.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from qa_agents.sandbox import seccomp
from qa_agents.sandbox.capture import drive
from qa_agents.sandbox.cgroups import RunCgroups, create_run_cgroups
from qa_agents.sandbox.common import check_spec_paths, memfd_with, sandbox_env, signal_reason
from qa_agents.sandbox.models import (
    BackendName,
    KilledReason,
    SandboxResult,
    SandboxSpec,
    SandboxUnavailable,
)
from qa_agents.sandbox.paths import NOBODY, lent_to, require_reachable
from qa_agents.sandbox.quota import (
    DEFAULT_DISK_DIR,
    DEFAULT_QUOTA_MB,
    QuotaUnavailable,
    RunDisk,
    run_disk,
)
from qa_agents.sandbox.rootfs import identity_files, interpreter_prefix, system_binds

_TOOLS = ("bwrap", "prlimit", "setpriv")
_MB = 1024 * 1024


@dataclass
class LaunchFds:
    """The memfds bwrap reads its options, filter and synthetic /etc files from."""

    args: int = -1
    seccomp: int = -1
    files: dict[str, int] = field(default_factory=dict)

    @property
    def all(self) -> list[int]:
        return [fd for fd in (self.args, self.seccomp, *self.files.values()) if fd >= 0]

    def close(self) -> None:
        for fd in self.all:
            with contextlib.suppress(OSError):
                os.close(fd)


class BubblewrapSandbox:
    """Runs specs under bubblewrap as uid 65534 with rlimits, cgroups, a disk quota and a
    syscall filter."""

    name: BackendName = "bwrap"

    def __init__(
        self,
        disk_quota_mb: int = DEFAULT_QUOTA_MB,
        disk_dir: Path = DEFAULT_DISK_DIR,
    ) -> None:
        tools = {tool: shutil.which(tool) for tool in _TOOLS}
        missing = [tool for tool, path in tools.items() if path is None]
        if missing:
            raise SandboxUnavailable(
                f"bubblewrap backend needs {', '.join(missing)} "
                "(apt-get install -y bubblewrap util-linux)"
            )
        self.tools = {tool: str(path) for tool, path in tools.items()}
        seccomp.filter_bpf()  # fail here, not per run, when libseccomp is missing
        self.disk_quota_mb = disk_quota_mb
        self.disk_dir = disk_dir
        self.as_root = os.geteuid() == 0
        self.uid = NOBODY if self.as_root else os.getuid()
        self.gid = NOBODY if self.as_root else os.getgid()

    # -- command construction -------------------------------------------------------

    def _prlimit(self, spec: SandboxSpec, cgroups: RunCgroups) -> list[str]:
        args = [
            self.tools["prlimit"],
            f"--as={spec.address_space_bytes}",
            f"--cpu={spec.cpu_s}:{spec.cpu_s + 1}",
            f"--fsize={spec.file_size_mb * _MB}",
            f"--nofile={spec.open_files}",
            "--core=0",
        ]
        if self.as_root:
            # RLIMIT_NPROC counts every process of uid 65534 on the host, concurrent
            # sandboxes included; with a pids cgroup it is only a loose backstop.
            nproc = spec.pids * 8 if cgroups.pids is not None else spec.pids
            args.append(f"--nproc={nproc}")
        return args

    def _setpriv(self) -> list[str]:
        if not self.as_root:
            return []
        return [
            self.tools["setpriv"],
            f"--reuid={self.uid}",
            f"--regid={self.gid}",
            "--clear-groups",
            "--no-new-privs",
        ]

    def bwrap_options(self, spec: SandboxSpec, disk: RunDisk | None, fds: LaunchFds) -> list[str]:
        """bwrap's options (read from the ``--args`` memfd, never put on a command line)."""
        work = str(spec.workdir)
        args = ["--unshare-all", "--unshare-user", "--disable-userns"]
        if spec.network:
            args += ["--share-net"]
        args += ["--die-with-parent", "--new-session", "--cap-drop", "ALL", "--clearenv"]
        for key, value in sandbox_env(spec).items():
            args += ["--setenv", key, value]
        args += system_binds(spec.network)
        for dest, fd in fds.files.items():
            args += ["--perms", "0444", "--ro-bind-data", str(fd), dest]
        args += ["--dev", "/dev", "--proc", "/proc"]
        # /tmp and /dev/shm first: a workdir or env under /tmp is bound on top of them.
        if disk is not None:
            args += ["--bind", str(disk.tmp), "/tmp", "--bind", str(disk.shm), "/dev/shm"]
        else:
            args += ["--size", str(spec.memory_mb * _MB), "--tmpfs", "/tmp"]
        if spec.python_env is not None:
            args += ["--ro-bind", str(spec.python_env), str(spec.python_env)]
        for path in spec.ro_paths:
            args += ["--ro-bind", str(path), str(path)]
        envs = [p for p in (spec.python_env, *spec.ro_paths) if p is not None]
        for prefix in dict.fromkeys(filter(None, map(interpreter_prefix, envs))):
            args += ["--ro-bind", str(prefix), str(prefix)]  # an env's base interpreter
        args += ["--bind", str(disk.work) if disk is not None else work, work]
        # Nothing else is writable: the root (bwrap's tmpfs) and /dev become read-only.
        args += ["--remount-ro", "/dev", "--remount-ro", "/", "--chdir", work]
        args += ["--seccomp", str(fds.seccomp)]
        return args

    def build_argv(self, spec: SandboxSpec, cgroups: RunCgroups, args_fd: int) -> list[str]:
        """The full launcher argv (public so tests and docs can show the exact recipe)."""
        bwrap = [self.tools["bwrap"], "--args", str(args_fd), "--", *spec.command]
        argv = [*self._prlimit(spec, cgroups), *self._setpriv(), *bwrap]
        procs = cgroups.procs_files
        if procs:
            # Join the cgroups before exec so the very first instruction is accounted;
            # writing from a shell avoids Popen(preexec_fn=...), unsafe with threads.
            joins = " && ".join(f'echo $$ > "${i + 1}"' for i in range(len(procs)))
            script = f'{joins} && shift {len(procs)} && exec "$@"'
            argv = ["/bin/sh", "-c", script, "fixtrace-sandbox", *map(str, procs), *argv]
        return argv

    @contextlib.contextmanager
    def launch_fds(self, spec: SandboxSpec, disk: RunDisk | None) -> Iterator[LaunchFds]:
        """memfds for one launch, closed afterwards."""
        fds = LaunchFds()
        try:
            fds.seccomp = seccomp.filter_fd()
            for dest, data in identity_files(self.uid, self.gid).items():
                fds.files[dest] = memfd_with("fixtrace-etc", data)
            options = self.bwrap_options(spec, disk, fds)
            fds.args = memfd_with(
                "fixtrace-bwrap-args", b"".join(a.encode() + b"\0" for a in options)
            )
            yield fds
        finally:
            fds.close()

    def _quota_mb(self, spec: SandboxSpec) -> int:
        return self.disk_quota_mb if spec.disk_quota_mb is None else spec.disk_quota_mb

    def _limits(
        self, spec: SandboxSpec, cgroups: RunCgroups, disk: RunDisk | None
    ) -> dict[str, str]:
        limits = {
            "memory": "cgroup-v1" if cgroups.memory else "rlimit-as (per process only)",
            "pids": "cgroup-v1" if cgroups.pids else "rlimit-nproc (per uid)",
            "address_space": "rlimit",
            "cpu_time": "rlimit",
            "file_size": "rlimit",
            "open_files": "rlimit",
            "core_dumps": "rlimit (0)",
            "wall_time": "kill process group + pid namespace + cgroup sweep",
            "network": "shared (spec.network=True)" if spec.network else "network namespace",
            "filesystem": "minimal read-only root (system dirs, a few /etc files), rw workdir",
            "disk": (
                f"{disk.quota_mb} MiB loop-mounted ext4 (workdir, /tmp, /dev/shm)"
                if disk is not None
                else "NOT enforced (workdir on the host disk; /tmp a size-limited tmpfs)"
            ),
            "syscalls": f"seccomp ({len(seccomp.DENIED)} calls denied), user namespaces disabled",
        }
        limits["user"] = (
            f"uid {self.uid}, no capabilities, no_new_privs"
            if self.as_root
            else f"invoking uid {self.uid}, no capabilities"
        )
        return limits

    # -- running --------------------------------------------------------------------

    def run(self, spec: SandboxSpec) -> SandboxResult:
        """Run `spec`; always returns a result unless the spec itself is unusable."""
        check_spec_paths(spec)
        if spec.python_env is not None:
            require_reachable(spec.python_env / "bin" / "python", "python_env", self.uid, self.gid)
        for path in spec.ro_paths:
            require_reachable(path, "ro_path", self.uid, self.gid)
        notes: list[str] = []
        quota_mb = self._quota_mb(spec)
        cgroups = (
            create_run_cgroups(spec.memory_mb, spec.pids)
            if self.as_root
            else RunCgroups(notes=["not root: cgroups not used, limits are per-process"])
        )
        try:
            if quota_mb > 0:
                try:
                    with run_disk(
                        spec.workdir, quota_mb, self.uid, self.gid, self.disk_dir
                    ) as disk:
                        result = self._run(spec, cgroups, disk, notes)
                    result.notes.extend(disk.notes)  # what the copy back left out
                    return result
                except QuotaUnavailable as exc:
                    notes.append(f"disk quota NOT enforced: {exc}")
            else:
                notes.append("disk quota NOT enforced: disk_quota_mb=0")
            require_reachable(spec.workdir, "workdir", self.uid, self.gid)
            with lent_to(spec.workdir, self.uid, self.gid):
                return self._run(spec, cgroups, None, notes)
        finally:
            cgroups.remove()

    def _run(
        self, spec: SandboxSpec, cgroups: RunCgroups, disk: RunDisk | None, notes: list[str]
    ) -> SandboxResult:
        with self.launch_fds(spec, disk) as fds:
            argv = self.build_argv(spec, cgroups, fds.args)
            started = time.monotonic()
            proc = subprocess.Popen(
                argv,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                cwd="/",
                env={},  # the sandbox's pid 1 (bwrap) shows its environment: keep it empty
                start_new_session=True,
                pass_fds=fds.all,
            )

        def kill() -> None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
            cgroups.kill_all()

        watch = disk.stays_full() if disk is not None else None
        done = drive(proc, spec.timeout_s, spec.output_limit_bytes, kill, started, watch)
        reason: KilledReason | None
        if done.timed_out:
            reason = "timeout"
        elif done.watch_fired or (disk is not None and disk.full()):
            reason = "disk_quota"
        elif cgroups.oom_kills() > 0:
            reason = "oom"
        else:
            reason = signal_reason(done.returncode)
        return done.result(
            self.name,
            killed_reason=reason,
            limits_enforced=self._limits(spec, cgroups, disk),
            notes=[*cgroups.notes, *notes],
            peak_memory_mb=cgroups.peak_memory_mb(),
            disk_used_mb=round(disk.used_mb(), 1) if disk is not None else None,
        )
