"""The system calls a sandboxed run may not make, as a registry of named rules.

Why a filter at all: the sandbox already drops to an unprivileged uid without
capabilities, but many kernel interfaces are reachable without privileges (user
namespaces, keyrings, io_uring, perf, userfaultfd) and each is kernel attack surface
that a test run never needs. Denying them with a seccomp filter leaves the rest of the
kernel as it was.

Why libseccomp (through PyPI ``pyseccomp``, a ctypes binding of the system library):
hand-written BPF gets architecture checks and argument offsets wrong; libseccomp builds
the program (native architecture only, so 32-bit ``int 0x80`` calls hit its
kill-on-bad-architecture default) and exports it as the BPF that ``bwrap --seccomp FD``
loads after the sandbox is set up.

Each rule answers ``EPERM`` (``clone3`` answers ``ENOSYS``: its flags sit behind a
pointer that seccomp cannot read, and C libraries fall back to ``clone`` on ENOSYS, whose
flags the filter does check). ``clone``/``unshare`` are denied only with a namespace flag
set, so fork and threads work as before.
"""

from __future__ import annotations

import errno
import functools
import tempfile
from dataclasses import dataclass

from qa_agents.sandbox.common import memfd_with
from qa_agents.sandbox.models import SandboxUnavailable

#: Namespace flags of clone(2)/unshare(2); CLONE_NEWTIME (0x80) overlaps clone's exit
#: signal byte, so it is checked for unshare only.
NAMESPACE_FLAGS = {
    "CLONE_NEWNS": 0x00020000,
    "CLONE_NEWCGROUP": 0x02000000,
    "CLONE_NEWUTS": 0x04000000,
    "CLONE_NEWIPC": 0x08000000,
    "CLONE_NEWUSER": 0x10000000,
    "CLONE_NEWPID": 0x20000000,
    "CLONE_NEWNET": 0x40000000,
}
CLONE_NEWTIME = 0x00000080


@dataclass(frozen=True)
class DeniedCall:
    """One system call the filter refuses, and why a test run never needs it."""

    name: str
    group: str
    why: str
    errno: int = errno.EPERM
    namespace_flags_only: bool = False
    """Deny only when argument 0 carries a namespace flag (clone, unshare)."""


def _rules() -> list[DeniedCall]:
    ns = "namespaces"
    mnt = "mounts"
    keys = "kernel keyrings"
    prog = "kernel programs and async I/O"
    trace = "other processes' memory"
    kern = "kernel and machine state"
    rows = [
        DeniedCall("unshare", ns, "new namespaces", namespace_flags_only=True),
        DeniedCall("clone", ns, "new namespaces", namespace_flags_only=True),
        DeniedCall("clone3", ns, "flags unreadable by seccomp; libc falls back", errno.ENOSYS),
        DeniedCall("setns", ns, "joining other namespaces"),
        DeniedCall("mount", mnt, "mounting file systems"),
        DeniedCall("umount2", mnt, "unmounting the sandbox's own binds"),
        DeniedCall("pivot_root", mnt, "changing the root"),
        DeniedCall("chroot", mnt, "changing the root"),
        DeniedCall("move_mount", mnt, "new mount API"),
        DeniedCall("open_tree", mnt, "new mount API"),
        DeniedCall("fsopen", mnt, "new mount API"),
        DeniedCall("fsconfig", mnt, "new mount API"),
        DeniedCall("fsmount", mnt, "new mount API"),
        DeniedCall("fspick", mnt, "new mount API"),
        DeniedCall("mount_setattr", mnt, "new mount API"),
        DeniedCall("keyctl", keys, "keys are not namespaced"),
        DeniedCall("add_key", keys, "keys are not namespaced"),
        DeniedCall("request_key", keys, "keys are not namespaced"),
        DeniedCall("bpf", prog, "loading programs into the kernel"),
        DeniedCall("perf_event_open", prog, "performance counters, kernel pointers"),
        DeniedCall("userfaultfd", prog, "a classic exploit primitive"),
        DeniedCall("io_uring_setup", prog, "io_uring bypasses per-syscall filtering"),
        DeniedCall("io_uring_enter", prog, "io_uring bypasses per-syscall filtering"),
        DeniedCall("io_uring_register", prog, "io_uring bypasses per-syscall filtering"),
        DeniedCall("ptrace", trace, "tracing processes"),
        DeniedCall("process_vm_readv", trace, "reading another process's memory"),
        DeniedCall("process_vm_writev", trace, "writing another process's memory"),
        DeniedCall("kexec_load", kern, "loading a new kernel"),
        DeniedCall("kexec_file_load", kern, "loading a new kernel"),
        DeniedCall("init_module", kern, "loading kernel modules"),
        DeniedCall("finit_module", kern, "loading kernel modules"),
        DeniedCall("delete_module", kern, "unloading kernel modules"),
        DeniedCall("reboot", kern, "rebooting"),
        DeniedCall("swapon", kern, "swap devices"),
        DeniedCall("swapoff", kern, "swap devices"),
        DeniedCall("acct", kern, "process accounting"),
        DeniedCall("syslog", kern, "the kernel log"),
        DeniedCall("quotactl", kern, "disk quotas"),
        DeniedCall("iopl", kern, "I/O port access"),
        DeniedCall("ioperm", kern, "I/O port access"),
        DeniedCall("open_by_handle_at", kern, "opening files by handle bypasses paths"),
        DeniedCall("settimeofday", kern, "the machine's clock"),
        DeniedCall("clock_settime", kern, "the machine's clock"),
        DeniedCall("clock_adjtime", kern, "the machine's clock"),
        DeniedCall("uselib", kern, "obsolete loader call"),
        DeniedCall("vhangup", kern, "hanging up terminals"),
        DeniedCall("lookup_dcookie", kern, "profiling interface"),
    ]
    return rows


DENIED: list[DeniedCall] = _rules()
"""Every denied call; ``docs/operators.md`` and the adversarial tests read this list."""


def _binding():  # noqa: ANN202 - the module, imported late so a missing lib is a clear error
    try:
        import pyseccomp
    except (ImportError, OSError) as exc:
        raise SandboxUnavailable(
            f"the seccomp filter needs libseccomp and PyPI pyseccomp ({exc}); "
            "apt-get install -y libseccomp2 && pip install pyseccomp"
        ) from exc
    return pyseccomp


def build_filter():  # noqa: ANN201 - a pyseccomp.SyscallFilter
    """The libseccomp filter of `DENIED` (export it, or ``load()`` it into this process)."""
    sc = _binding()
    flt = sc.SyscallFilter(sc.ALLOW)
    for rule in DENIED:
        action = sc.ERRNO(rule.errno)
        if not rule.namespace_flags_only:
            flt.add_rule(action, rule.name)
            continue
        flags = list(NAMESPACE_FLAGS.values())
        if rule.name == "unshare":
            flags.append(CLONE_NEWTIME)
        for flag in flags:
            flt.add_rule(action, rule.name, sc.Arg(0, sc.MASKED_EQ, flag, flag))
    return flt


@functools.cache
def filter_bpf() -> bytes:
    """The filter as the BPF program ``bwrap --seccomp FD`` loads (built once per process)."""
    with tempfile.TemporaryFile() as fh:
        build_filter().export_bpf(fh)
        fh.seek(0)
        return fh.read()


def syscall_numbers() -> dict[str, int]:
    """Native syscall numbers of the denied calls (the probes call them by number)."""
    sc = _binding()
    arch = sc.system_arch()
    return {rule.name: int(sc.resolve_syscall(arch, rule.name)) for rule in DENIED}


def filter_fd() -> int:
    """A memfd holding the BPF program, for ``bwrap --seccomp FD``."""
    return memfd_with("fixtrace-seccomp", filter_bpf())
