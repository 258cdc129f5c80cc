"""Bubblewrap backend: isolation for machines without a Docker engine.

Launch chain (each step execs the next, so one pid is killed on timeout):

    sh (join per-run cgroups) -> prlimit (per-process rlimits)
      -> setpriv (uid/gid 65534, no groups, no_new_privs)
      -> bwrap (new user/pid/net/ipc/uts/cgroup namespaces, read-only /, rw workdir,
                private /tmp, sensitive host folders masked, no capabilities, clean env)

Why each layer: bwrap alone as root keeps capabilities and root ignores RLIMIT_NPROC, so we
drop to a real unprivileged uid first; rlimits are per process, so whole-run memory and
pids limits come from cgroups (see cgroups.py). The pid namespace makes a timeout kill
complete: when bwrap dies, its in-namespace init dies (--die-with-parent) and the kernel
kills everything left in the namespace.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
import time
from collections.abc import Sequence

from qa_agents.sandbox.capture import drive
from qa_agents.sandbox.cgroups import RunCgroups, create_run_cgroups
from qa_agents.sandbox.common import check_spec_paths, sandbox_env, signal_reason
from qa_agents.sandbox.models import (
    BackendName,
    KilledReason,
    SandboxResult,
    SandboxSpec,
    SandboxUnavailable,
)
from qa_agents.sandbox.paths import NOBODY, lent_to, require_reachable

#: Host folders replaced by empty tmpfs inside the sandbox. / is bound read-only, so
#: without this a run could read everything world-readable: other runs' workdirs in
#: /var/tmp, the checkout and embedded data under /work, users' homes.
DEFAULT_HIDDEN = ("/home", "/root", "/var/tmp", "/srv", "/mnt", "/media", "/work")
_TOOLS = ("bwrap", "prlimit", "setpriv")
_MB = 1024 * 1024


class BubblewrapSandbox:
    """Runs specs under bubblewrap as uid 65534 with rlimits and per-run cgroups."""

    name: BackendName = "bwrap"

    def __init__(self, hidden_paths: Sequence[str] = DEFAULT_HIDDEN) -> None:
        missing = [tool for tool in _TOOLS if shutil.which(tool) is None]
        if missing:
            raise SandboxUnavailable(
                f"bubblewrap backend needs {', '.join(missing)} "
                "(apt-get install -y bubblewrap util-linux)"
            )
        self.hidden_paths = tuple(hidden_paths)
        self.as_root = os.geteuid() == 0
        self.uid = NOBODY if self.as_root else os.getuid()
        self.gid = NOBODY if self.as_root else os.getgid()

    # -- command construction -------------------------------------------------------

    def _prlimit(self, spec: SandboxSpec, cgroups: RunCgroups) -> list[str]:
        args = [
            "prlimit",
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
            "setpriv",
            f"--reuid={self.uid}",
            f"--regid={self.gid}",
            "--clear-groups",
            "--no-new-privs",
        ]

    def _bwrap(self, spec: SandboxSpec) -> list[str]:
        work = str(spec.workdir)
        args = ["bwrap", "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc"]
        args += ["--size", str(spec.memory_mb * _MB), "--tmpfs", "/tmp"]
        hidden = list(self.hidden_paths)
        if not spec.network:
            # Unix sockets in /run (dbus, daemons) are reachable across network namespaces.
            hidden.append("/run")
        for path in hidden:
            if os.path.isdir(path) and not os.path.islink(path):
                args += ["--tmpfs", path]
        # Re-expose what the run needs from masked folders, after the masks.
        if spec.python_env is not None:
            args += ["--ro-bind", str(spec.python_env), str(spec.python_env)]
        for path in spec.ro_paths:
            args += ["--ro-bind", str(path), str(path)]
        args += ["--bind", work, work, "--chdir", work]
        args += ["--unshare-all"]
        if spec.network:
            args += ["--share-net"]
        args += ["--die-with-parent", "--new-session", "--cap-drop", "ALL", "--clearenv"]
        for key, value in sandbox_env(spec).items():
            args += ["--setenv", key, value]
        return [*args, "--", *spec.command]

    def build_argv(self, spec: SandboxSpec, cgroups: RunCgroups) -> list[str]:
        """The full launcher argv (public so tests and docs can show the exact recipe)."""
        argv = [*self._prlimit(spec, cgroups), *self._setpriv(), *self._bwrap(spec)]
        procs = cgroups.procs_files
        if procs:
            # Join the cgroups before exec so the very first instruction is accounted;
            # writing from a shell avoids Popen(preexec_fn=...), unsafe with threads.
            joins = " && ".join(f'echo $$ > "${i + 1}"' for i in range(len(procs)))
            script = f'{joins} && shift {len(procs)} && exec "$@"'
            argv = ["/bin/sh", "-c", script, "fixtrace-sandbox", *map(str, procs), *argv]
        return argv

    def _limits(self, spec: SandboxSpec, cgroups: RunCgroups) -> dict[str, str]:
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
            "filesystem": "read-only root, rw workdir, private /tmp, masked host folders",
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
        require_reachable(spec.workdir, "workdir", self.uid, self.gid)
        if spec.python_env is not None:
            require_reachable(spec.python_env / "bin" / "python", "python_env", self.uid, self.gid)
        cgroups = (
            create_run_cgroups(spec.memory_mb, spec.pids)
            if self.as_root
            else RunCgroups(notes=["not root: cgroups not used, limits are per-process"])
        )
        try:
            with lent_to(spec.workdir, self.uid, self.gid):
                return self._run(spec, cgroups)
        finally:
            cgroups.remove()

    def _run(self, spec: SandboxSpec, cgroups: RunCgroups) -> SandboxResult:
        argv = self.build_argv(spec, cgroups)
        started = time.monotonic()
        proc = subprocess.Popen(
            argv,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=spec.workdir,
            env={"PATH": os.environ.get("PATH", "/usr/bin:/bin")},
            start_new_session=True,
        )

        def kill() -> None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
            cgroups.kill_all()

        done = drive(proc, spec.timeout_s, spec.output_limit_bytes, kill, started)
        reason: KilledReason | None
        if done.timed_out:
            reason = "timeout"
        elif cgroups.oom_kills() > 0:
            reason = "oom"
        else:
            reason = signal_reason(done.returncode)
        return done.result(
            self.name,
            killed_reason=reason,
            limits_enforced=self._limits(spec, cgroups),
            notes=list(cgroups.notes),
            peak_memory_mb=cgroups.peak_memory_mb(),
        )
