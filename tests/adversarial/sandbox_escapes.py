"""The proofs of concept of issue 30, as programs a sandboxed run executes, each judged on
the host: filling the host disk, writing anywhere but the quota disk, making namespaces
or denied system calls, and reading the host through ``/proc``, ``/sys`` and the root.

Used by ``tests/adversarial/test_sandbox_escapes.py``; each case also runs against a
backend built from settings only (``escape_box``), so on code without the quota the run
proceeds and the judge sees the escape instead of a missing argument.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from qa_agents.sandbox import SandboxResult, SandboxSpec

PY = "/usr/bin/python3"
MiB = 1 << 20
QUOTA_MB = 256
"""The quota the cases run under (small, so filling it takes a second)."""


@dataclass
class Run:
    """What the judge gets: the result, the program's last JSON line, the host workdir."""

    result: SandboxResult
    seen: dict[str, Any]
    workdir: Path
    token: str
    disk_dir: Path


Verdict = tuple[bool, str]


@dataclass
class Escape:
    name: str
    program: str
    judge: Callable[[Run], Verdict]
    env: dict[str, str] = field(default_factory=dict)


def _last_json(text: str) -> dict[str, Any]:
    try:
        return json.loads(text.strip().splitlines()[-1])
    except (ValueError, IndexError):
        return {}


def _tree_bytes(root: Path) -> int:
    total = 0
    for dirpath, _, files in os.walk(root):
        for name in files:
            path = Path(dirpath, name)
            if not path.is_symlink():
                total += path.stat().st_blocks * 512
    return total


# -- 1. the disk ---------------------------------------------------------------------------

FILL_DISK = """
import json, os
written, errors = 0, {}
# The issue's proof: files of 128 MiB until something stops us, in every writable place.
for folder in (".", "/tmp", "/dev/shm"):
    try:
        for i in range(8):
            with open(f"{folder}/fill-{i}.bin", "wb") as fh:
                for _ in range(128):
                    fh.write(b"x" * (1 << 20))
                    fh.flush()
                    written += 1 << 20
            # Progress as we go: the sandbox may stop the run before it reports at the end.
            print(json.dumps({"written": written, "errors": errors}), flush=True)
    except OSError as exc:
        errors[folder] = exc.strerror
print(json.dumps({"written": written, "errors": errors}), flush=True)
"""


def _disk(run: Run) -> Verdict:
    quota = QUOTA_MB * MiB
    # The last progress line; a run stopped before its first one wrote less than 128 MiB.
    written = run.seen.get("written", 0)
    left = _tree_bytes(run.workdir)
    try:
        from qa_agents.sandbox.quota import settle

        settle()  # finished runs' disks are removed in the background
    except ImportError:
        pass  # a backend without a quota leaves no disks
    leftovers = list(run.disk_dir.glob("run-*"))
    ok = (
        written <= quota
        and left <= quota
        and run.result.killed_reason == "disk_quota"
        and not leftovers
    )
    return ok, (
        f"wrote {written >> 20} MiB (quota {QUOTA_MB}); workdir holds {left >> 20} MiB after; "
        f"killed_reason {run.result.killed_reason}; errors {run.seen.get('errors')}; "
        f"images left {leftovers}"
    )


WRITABLE = """
import json, os
places = {"/", "/tmp", "/dev", "/dev/shm", "/var/tmp", "/home", "/root", "/run", "/srv", "/mnt",
          "/media", "/work", "/opt", "/etc", "/usr", "/var", os.getcwd()}
for line in open("/proc/self/mountinfo"):
    point = line.split()[4]
    if not point.startswith(("/proc", "/sys")):
        places.add(point)
writable = {}
for place in sorted(places):
    target = os.path.join(place, ".fixtrace-probe") if os.path.isdir(place) else None
    if target is None:
        continue
    try:
        with open(target, "w") as fh:
            fh.write("x")
        os.unlink(target)
        st = os.statvfs(place)
        writable[place] = [os.stat(place).st_dev, st.f_blocks * st.f_frsize]
    except OSError:
        pass
print(json.dumps({"writable": writable, "cwd": os.getcwd()}))
"""


def _writable(run: Run) -> Verdict:
    writable: dict[str, list[int]] = run.seen.get("writable", {"?": [0, 0]})
    allowed = {run.seen.get("cwd"), "/tmp", "/dev/shm"}
    devices = {dev for dev, _ in writable.values()}
    sizes = {size for _, size in writable.values()}
    ok = (
        set(writable) <= allowed
        and len(devices) == 1
        and all(size <= QUOTA_MB * MiB for size in sizes)
    )
    return ok, f"writable: {writable}"


# -- 2. namespaces and system calls ---------------------------------------------------------

SYSCALLS = """
import ctypes, json, os, subprocess
libc = ctypes.CDLL(None, use_errno=True)
libc.syscall.restype = ctypes.c_long
NR = {numbers}
ARGS = {args}
got = {{}}
for name, nr in NR.items():
    ctypes.set_errno(0)
    ret = libc.syscall(ctypes.c_long(nr), *[ctypes.c_long(a) for a in ARGS.get(name, [0] * 6)])
    if ret == 0 and name == "clone":
        os._exit(0)  # a child made without the filter: leave at once
    if name == "clone" and ret > 0:
        os.waitpid(ret, 0)
    got[name] = "ok" if ret >= 0 else ctypes.get_errno()
status = dict(l.split(":", 1) for l in open("/proc/self/status").read().splitlines())
def tool(*argv):
    try:
        return subprocess.run(argv, capture_output=True, text=True, timeout=20).returncode
    except OSError as exc:
        return exc.strerror
print(json.dumps({{"calls": got, "seccomp": status["Seccomp"].strip(),
    "unshare_r": tool("unshare", "-r", "true"),
    "unshare_Urm": tool("unshare", "-Urm", "sh", "-c", "mount -t tmpfs none /tmp"),
    "unshare_pid": tool("unshare", "-Upf", "true")}}))
"""

#: Arguments that are invalid or harmless, so a call the filter let through changes nothing
#: (clone and unshare get a namespace flag: that is the call being denied).
PROBE_ARGS: dict[str, list[int]] = {
    "unshare": [0x10000000],  # CLONE_NEWUSER
    "clone": [0x10000000 | 17, 0, 0, 0, 0],  # CLONE_NEWUSER | SIGCHLD
    "setns": [-1, 0],
    "ptrace": [0xFFFF, 0, 0, 0],
    "process_vm_readv": [0, 0, 0, 0, 0, 0],
    "process_vm_writev": [0, 0, 0, 0, 0, 0],
    "kexec_load": [0, 0, 0, 0xFFFFFFFF],
    "kexec_file_load": [-1, -1, 0, 0, 0xFFFFFFFF],
    "finit_module": [-1, 0, 0],
    "reboot": [0, 0, 0, 0],
    "acct": [1],
    "syslog": [-1, 0, 0],
    "iopl": [99],
    "ioperm": [0, 0, 0],
    "open_by_handle_at": [-1, 0, 0],
    "clock_settime": [-1, 0],
    "clock_adjtime": [-1, 0],
    "bpf": [-1, 0, 0],
    "perf_event_open": [0, 0, -1, -1, 0],
    "userfaultfd": [0xFFFF],
    "io_uring_enter": [-1, 0, 0, 0, 0, 0],
    "io_uring_register": [-1, 0, 0, 0],
}


#: What the issue names, independent of the implementation's registry: namespace creation,
#: mounts, keyrings, bpf, perf, ptrace, kexec and modules.
ISSUE_DENIED = (
    "unshare", "clone", "setns", "mount", "umount2", "pivot_root", "keyctl", "add_key",
    "request_key", "bpf", "perf_event_open", "ptrace", "kexec_load", "kexec_file_load",
    "init_module", "finit_module", "delete_module",
)  # fmt: skip


def expected_errnos() -> dict[str, int]:
    """Every call to try and the errno it must fail with: the issue's list (EPERM), plus
    every rule of the sandbox's own registry when there is one."""
    import errno

    wanted = dict.fromkeys(ISSUE_DENIED, errno.EPERM)
    try:
        from qa_agents.sandbox.seccomp import DENIED
    except ImportError:
        return wanted
    return wanted | {rule.name: rule.errno for rule in DENIED}


def syscall_program() -> str:
    import pyseccomp

    arch = pyseccomp.system_arch()
    numbers = {name: int(pyseccomp.resolve_syscall(arch, name)) for name in expected_errnos()}
    return SYSCALLS.format(numbers=numbers, args=PROBE_ARGS)


def _syscalls(run: Run) -> Verdict:
    import errno as errnos

    calls = run.seen.get("calls", {})
    wanted = expected_errnos() if calls else {"(program output)": errnos.EPERM}
    through = {name: calls.get(name) for name, code in wanted.items() if calls.get(name) != code}
    tools = {k: run.seen.get(k) for k in ("unshare_r", "unshare_Urm", "unshare_pid")}
    ok = not through and run.seen.get("seccomp") == "2" and all(v != 0 for v in tools.values())
    names = {n: errnos.errorcode.get(v, v) if isinstance(v, int) else v for n, v in through.items()}
    return (
        ok,
        f"not denied as expected: {names or 'none'}; seccomp {run.seen.get('seccomp')}; {tools}",
    )


# -- 3. the host -----------------------------------------------------------------------------

HOST_VIEW = """
import json, os
def read(path):
    try:
        return open(path, "rb").read().decode(errors="replace")
    except OSError as exc:
        return exc.strerror
def listing(path):
    try:
        return sorted(os.listdir(path))
    except OSError:
        return None
print(json.dumps({"pid1_cmdline": read("/proc/1/cmdline"), "pid1_environ": read("/proc/1/environ"),
    "self_environ": read("/proc/self/environ"), "root": listing("/"), "sys": listing("/sys"),
    "sys_net": listing("/sys/class/net"), "opt": listing("/opt"), "passwd": read("/etc/passwd"),
    "pids": [p for p in os.listdir("/proc") if p.isdigit()],
    "shadow": os.path.exists("/etc/shadow"), "cgroup": read("/proc/self/cgroup")}))
"""

#: The root a run may see: system folders and /etc, its own mounts, and the first folder
#: of the paths it was given (the workdir's and the env's parents).
ROOT_ALLOWED = {
    "bin",
    "dev",
    "etc",
    "lib",
    "lib32",
    "lib64",
    "libx32",
    "proc",
    "sbin",
    "tmp",
    "usr",
}


def _host_view(run: Run) -> Verdict:
    seen = run.seen
    host_users = [
        line.split(":", 1)[0]
        for line in Path("/etc/passwd").read_text().splitlines()
        if line and not line.startswith(("root:", "nobody:"))
    ]
    leaked_users = [u for u in host_users if f"\n{u}:" in "\n" + str(seen.get("passwd"))]
    allowed = ROOT_ALLOWED | {run.workdir.parts[1]}
    problems = {
        "token in pid 1's argv": run.token in str(seen.get("pid1_cmdline")),
        "token in pid 1's environment": run.token in str(seen.get("pid1_environ")),
        "host PATH in pid 1's environment": os.environ.get("PATH", "?")
        in str(seen.get("pid1_environ")),
        "host paths in pid 1's argv": "/var/tmp/fixtrace-sandbox-disks"
        in str(seen.get("pid1_cmdline"))
        or "--ro-bind" in str(seen.get("pid1_cmdline")),
        "/sys shows the host": bool(seen.get("sys")) or bool(seen.get("sys_net")),
        "/opt visible": seen.get("opt") is not None,
        "root holds more than the system": not set(seen.get("root") or ["?"]) <= allowed,
        "host accounts in /etc/passwd": bool(leaked_users),
        "/etc/shadow present": bool(seen.get("shadow")),
        "host processes visible": any(int(p) > 50 for p in seen.get("pids", ["999"])),
        "host cgroup paths": any(
            line.split(":", 2)[2] not in ("/", "")
            for line in str(seen.get("cgroup", "x:x:?")).splitlines()
            if line.count(":") >= 2
        ),
    }
    found = [name for name, bad in problems.items() if bad]
    return not found, f"{found or 'nothing of the host'}; root {seen.get('root')}"


ESCAPES: list[Escape] = [
    Escape("disk: 128 MiB files in the workdir, /tmp and /dev/shm", FILL_DISK, _disk),
    Escape("disk: nothing writable outside the quota file system", WRITABLE, _writable),
    Escape("namespaces and denied system calls", "", _syscalls),
    Escape("the host through /proc, /sys, the root and --setenv", HOST_VIEW, _host_view,
           env={"FIXTRACE_ADV_SETENV": "{token}"}),
]  # fmt: skip


def run_escape(box: Any, escape: Escape, disk_dir: Path) -> tuple[bool, str, Run]:
    """Run one case in a fresh /var/tmp workdir and judge it."""
    token = uuid.uuid4().hex
    work = Path(tempfile.mkdtemp(prefix="fixtrace-adv-esc-", dir="/var/tmp"))
    work.chmod(0o755)
    program = escape.program or syscall_program()
    env = {k: v.format(token=token) for k, v in escape.env.items()}
    try:
        spec = SandboxSpec(command=[PY, "-c", program], workdir=work, env=env, timeout_s=120)
        res = box.run(spec)
        run = Run(res, _last_json(res.stdout), work, token, disk_dir)
        ok, detail = escape.judge(run)
        if not run.seen:
            detail += f"; stderr: {res.stderr[-500:]}"
        return ok, detail, run
    finally:
        shutil.rmtree(work, ignore_errors=True)
