"""Containment cases for a sandbox backend: what untrusted test code might try, and how to
tell from the host that it did not get out.

Each :class:`Case` is a Python program run in the sandbox with Debian's interpreter, a
spec override, and a verdict computed on the host from the run's result and the host's
own state (listeners that must not have heard anything, files that must not exist,
processes that must not survive). ``run_matrix`` runs them all for one backend and is
shared by ``tests/adversarial/test_sandbox.py`` and ``bench/adversarial.py sandbox``.
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from qa_agents.sandbox import SandboxResult, SandboxSpec

PY = "/usr/bin/python3"
GiB = 1 << 30


@dataclass
class Host:
    """Host-side bait and witnesses shared by the cases of one matrix run."""

    token: str
    tcp: socket.socket
    udp: socket.socket
    masked_secret: Path
    """World-readable on the host, under a folder the sandbox masks (/var/tmp)."""
    root_secret: Path
    """Readable by root only (the QA worker's uid)."""
    outside: Path
    """Where a write outside the workdir would land on the host."""
    env_secret: str

    @property
    def tcp_port(self) -> int:
        return self.tcp.getsockname()[1]

    @property
    def udp_port(self) -> int:
        return self.udp.getsockname()[1]

    def heard(self) -> list[str]:
        """Connections or datagrams that reached the host listeners."""
        got = []
        self.tcp.setblocking(False)
        with contextlib.suppress(BlockingIOError):
            self.tcp.accept()
            got.append("tcp connection")
        self.udp.setblocking(False)
        with contextlib.suppress(BlockingIOError):
            got.append(f"udp datagram {self.udp.recv(100)!r}")
        return got


@contextlib.contextmanager
def host_bait() -> Iterator[Host]:
    token = uuid.uuid4().hex
    tcp = socket.create_server(("127.0.0.1", 0))
    udp = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    udp.bind(("127.0.0.1", 0))
    masked = Path("/var/tmp") / f"fixtrace-adv-secret-{token}"
    masked.write_text(f"masked-{token}")
    masked.chmod(0o644)
    root_dir = Path(tempfile.mkdtemp(prefix="fixtrace-adv-", dir="/root"))
    root_secret = root_dir / "key"
    root_secret.write_text(f"root-{token}")
    root_secret.chmod(0o600)
    outside = Path("/tmp") / f"fixtrace-adv-outside-{token}"
    env_secret = f"parent-env-{token}"
    os.environ["FIXTRACE_ADV_PARENT_SECRET"] = env_secret
    try:
        yield Host(token, tcp, udp, masked, root_secret, outside, env_secret)
    finally:
        os.environ.pop("FIXTRACE_ADV_PARENT_SECRET", None)
        tcp.close()
        udp.close()
        masked.unlink(missing_ok=True)
        outside.unlink(missing_ok=True)
        root_secret.unlink(missing_ok=True)
        root_dir.rmdir()


Verdict = tuple[bool, str]


@dataclass
class Case:
    """One attempt: ``program`` (formatted with the host's bait) and its verdict."""

    name: str
    program: str
    judge: Callable[[SandboxResult, Host, Path], Verdict]
    spec: dict[str, Any] = field(default_factory=dict)
    slow: bool = False


def _out(res: SandboxResult) -> dict[str, Any]:
    try:
        return json.loads(res.stdout.strip().splitlines()[-1])
    except (ValueError, IndexError):
        return {}


TRY = """
import json, os, socket, sys
out = dict()
def attempt(name, fn):
    try:
        r = fn(); out[name] = "ok" if r is None else r
    except Exception as exc:
        out[name] = type(exc).__name__
"""


def _network(res: SandboxResult, host: Host, _: Path) -> Verdict:
    """TCP, DNS and outbound fail inside; a UDP send may "succeed" into the sandbox's own
    empty loopback, so it is judged by the host listener hearing nothing."""
    out, heard = _out(res), host.heard()
    ok = out and all(out.get(k) not in (None, "ok") for k in ("tcp", "dns", "outbound"))
    return bool(ok) and not heard, f"sandbox saw {out}; host heard {heard or 'nothing'}"


def _no_secret(res: SandboxResult, host: Host, _: Path) -> Verdict:
    leaked = host.token in res.stdout or host.token in res.stderr
    return not leaked, f"{_out(res)}" + (" LEAKED" if leaked else "")


def _writes(res: SandboxResult, host: Host, work: Path) -> Verdict:
    landed = [str(p) for p in (host.outside, Path("/etc/fixtrace-adv"), Path("/usr/fixtrace-adv"))
              if p.exists()]  # fmt: skip
    return not landed, f"sandbox saw {_out(res)}; on the host: {landed or 'nothing'}"


def _bounded(seconds: float) -> Callable[[SandboxResult, Host, Path], Verdict]:
    def judge(res: SandboxResult, host: Host, work: Path) -> Verdict:
        ok = res.duration_ms < seconds * 1000 and not res.ok
        return ok, (
            f"exit {res.exit_code}, killed_reason {res.killed_reason}, timed_out "
            f"{res.timed_out}, {res.duration_ms / 1000:.1f} s, peak {res.peak_memory_mb} MB"
        )

    return judge


def _fork_bomb(res: SandboxResult, host: Host, work: Path) -> Verdict:
    out = _out(res)
    ok = out.get("forked", 10**9) < 64 and res.duration_ms < 15_000
    took = f"{res.duration_ms:.0f} ms"
    return ok, f"forked {out.get('forked')} before {out.get('stopped_by')}; {took}"


def _daemon(res: SandboxResult, host: Host, work: Path) -> Verdict:
    deadline = time.monotonic() + 5
    while (alive := _host_pids_with(host.token)) and time.monotonic() < deadline:
        time.sleep(0.05)  # SIGKILLed processes leave the table asynchronously
    return not alive, f"daemon started: {_out(res)}; alive on the host after return: {alive}"


def _file(res: SandboxResult, host: Host, work: Path) -> Verdict:
    big = work / "big.bin"
    size = big.stat().st_size if big.exists() else 0
    ok = size <= 256 << 20 and not res.ok
    return ok, f"file stopped at {size >> 20} MiB, killed_reason {res.killed_reason}"


def _privileges(res: SandboxResult, host: Host, work: Path) -> Verdict:
    out = _out(res)
    ok = (
        out.get("setuid0") not in (None, "ok")
        and out.get("cap_eff") == "0000000000000000"
        and out.get("no_new_privs") == "1"
        # passwd could not read shadow, or there is no shadow file in the sandbox at all
        and ("-1 -1 -1 -1" in str(out.get("setuid_binary")) or out.get("shadow") is False)
        and out.get("ptrace_parent") in ("PermissionError", "ProcessLookupError", "OSError")
        and all(int(p) < 20 for p in out.get("pids", ["999"]))
    )
    return ok, str(out)


CASES: list[Case] = [
    Case("network: TCP to a host listener, DNS, UDP", TRY + """
attempt("tcp", lambda: socket.create_connection(("127.0.0.1", {tcp}), timeout=2).close())
attempt("dns", lambda: socket.getaddrinfo("pypi.org", 443) and None)
def udp():
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM); s.sendto(b"x", ("127.0.0.1", {udp}))
attempt("udp", udp)
attempt("outbound", lambda: socket.create_connection(("1.1.1.1", 53), timeout=2).close())
print(json.dumps(out))
""", _network),
    Case("host files and the parent's environment", TRY + """
attempt("masked_file", lambda: open("{masked}").read())
attempt("root_file", lambda: open("{root_secret}").read())
attempt("shadow", lambda: open("/etc/shadow").read())
attempt("env", lambda: "{token}" in json.dumps(dict(os.environ)) or None)
def proc_environ():
    seen = []
    for pid in os.listdir("/proc"):
        if pid.isdigit():
            try:
                seen.append(open(f"/proc/{{pid}}/environ", "rb").read().decode(errors="replace"))
            except OSError:
                pass
    return "\\n".join(seen)
attempt("proc_environ", proc_environ)
attempt("symlink", lambda: (os.symlink("{masked}", "link"), open("link").read())[1])
attempt("symlink_root", lambda: (os.symlink("{root_secret}", "link2"), open("link2").read())[1])
print(json.dumps(out))
""", _no_secret),
    Case("writes outside the workdir", TRY + """
for path in ("{outside}", "/etc/fixtrace-adv", "/usr/fixtrace-adv", "/var/tmp/adv"):
    attempt(path, lambda p=path: open(p, "w").write("x") and None)
attempt("symlink_out", lambda: (os.symlink("{outside}", "out"), open("out", "w").write("x"))[0])
print(json.dumps(out))
""", _writes),
    Case("fork bomb", """
import json, os, time
n, why = 0, "limit not reached"
try:
    while n < 100000:
        if os.fork() == 0:
            time.sleep(60); os._exit(0)
        n += 1
except OSError as exc:
    why = type(exc).__name__
print(json.dumps({{"forked": n, "stopped_by": why}}))
""", _fork_bomb, {"pids": 32, "timeout_s": 20}),
    Case("a daemon left running after return", """
import json, os, subprocess
subprocess.Popen(["setsid", "/usr/bin/python3", "-c", "import time; time.sleep(600)", "{token}"],
                 start_new_session=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        os.execv("/usr/bin/python3", ["python3", "-c", "import time; time.sleep(600)", "{token}"])
    os._exit(0)
print(json.dumps({{"daemons": 2}}))
""", _daemon),
    Case("8 GiB allocation", """
data = bytearray(8 << 30)
for i in range(0, len(data), 4096):
    data[i] = 1
print("allocated")
""", _bounded(60), {"memory_mb": 512, "address_space_mb": 16384, "timeout_s": 60}),
    Case("5 GiB file", """
with open("big.bin", "wb") as fh:
    chunk = b"x" * (1 << 20)
    for _ in range(5 << 10):
        fh.write(chunk)
print("written")
""", _file, {"timeout_s": 60}),
    Case("a loop past the timeout", "while True: pass", _bounded(10),
         {"timeout_s": 2, "cpu_s": 600}),
    Case("setuid and ptrace", TRY + """
import ctypes, subprocess
attempt("setuid0", lambda: os.setuid(0))
status = dict(l.split(":", 1) for l in open("/proc/self/status").read().splitlines())
out["cap_eff"] = status["CapEff"].strip()
out["no_new_privs"] = status["NoNewPrivs"].strip()
attempt("setuid_binary", lambda: subprocess.run(["/usr/bin/passwd", "-S"], capture_output=True,
        text=True, stdin=subprocess.DEVNULL).stdout.strip())
out["shadow"] = os.path.exists("/etc/shadow")
libc = ctypes.CDLL(None, use_errno=True)
def ptrace_parent():
    if libc.ptrace(16, {host_pid}, None, None) != 0:  # PTRACE_ATTACH to the host's worker
        raise OSError(ctypes.get_errno(), "ptrace")
attempt("ptrace_parent", ptrace_parent)
out["pids"] = [p for p in os.listdir("/proc") if p.isdigit()]
print(json.dumps(out))
""", _privileges),
]  # fmt: skip


def _host_pids_with(token: str) -> list[int]:
    pids = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                cmdline = (entry / "cmdline").read_bytes()
                state = (entry / "stat").read_text().rsplit(")", 1)[1].split()[0]
            except OSError:
                continue
            if token.encode() in cmdline and state not in ("Z", "X"):
                pids.append(int(entry.name))
    return pids


def program(case: Case, host: Host) -> str:
    return case.program.format(
        tcp=host.tcp_port, udp=host.udp_port, masked=host.masked_secret,
        root_secret=host.root_secret, token=host.token, outside=host.outside,
        host_pid=os.getpid(),
    )  # fmt: skip


def run_case(box: Any, case: Case, host: Host) -> tuple[bool, str, SandboxResult]:
    work = Path(tempfile.mkdtemp(prefix="fixtrace-adv-sbx-", dir="/var/tmp"))
    try:
        spec = SandboxSpec(command=[PY, "-c", program(case, host)], workdir=work, **case.spec)
        res = box.run(spec)
        ok, detail = case.judge(res, host, work)
        return ok, detail, res
    finally:
        subprocess.run(["rm", "-rf", str(work)], check=False)


def run_matrix(box: Any) -> list[tuple[str, bool, str]]:
    """(case, contained, what was seen) for every case against ``box``."""
    rows = []
    with host_bait() as host:
        for case in CASES:
            ok, detail, _ = run_case(box, case, host)
            rows.append((case.name, ok, detail))
    return rows


STDOUT_DRIVER = """
import json, resource, shutil, sys
from pathlib import Path
import tempfile
from qa_agents.sandbox import SandboxSpec, get_sandbox
box = get_sandbox(sys.argv[1])
work = Path(tempfile.mkdtemp(prefix="fixtrace-adv-out-", dir="/var/tmp"))
n = int(sys.argv[2])
code = (f"import sys\\nb = b'y' * (1 << 20)\\nfor _ in range({n >> 20}): sys.stdout.buffer.write(b)"
        f"\\nsys.stdout.flush(); sys.stderr.write(str({n >> 20} << 20))")
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
res = box.run(SandboxSpec(command=["/usr/bin/python3", "-c", code], workdir=work, timeout_s=300))
after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
shutil.rmtree(work, ignore_errors=True)
print(json.dumps({"exit": res.exit_code, "written": int(res.stderr or 0),
                  "kept": len(res.stdout), "truncated": res.stdout_truncated,
                  "seconds": res.duration_ms / 1000, "peak_rss_mb_before": before / 1024,
                  "peak_rss_mb_after": after / 1024}))
"""


def stdout_flood(backend: str, nbytes: int) -> dict[str, Any]:
    """Run a sandbox that writes ``nbytes`` to stdout from a fresh host process and report
    that process's peak RSS before and after (the host must not buffer the output)."""
    root = Path(__file__).resolve().parents[2]
    proc = subprocess.run(
        [sys.executable, "-c", STDOUT_DRIVER, backend, str(nbytes)],
        capture_output=True, text=True, cwd=root, timeout=600,
        env={**os.environ, "PYTHONPATH": str(root)},
    )  # fmt: skip
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr[-2000:])
    return json.loads(proc.stdout.strip().splitlines()[-1])
