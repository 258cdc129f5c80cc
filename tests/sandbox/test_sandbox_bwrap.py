"""The bubblewrap backend contains what an untrusted reproduction might do."""

from __future__ import annotations

import contextlib
import json
import os
import socket
import threading
import time
import uuid
from pathlib import Path

import pytest

from fixtrace.waiting import wait_until
from qa_agents.sandbox import BubblewrapSandbox, SandboxError, SandboxResult, SandboxSpec


def py(code: str, workdir: Path, **fields: object) -> SandboxSpec:
    """A spec running `code` with Debian's world-readable interpreter."""
    return SandboxSpec(command=["/usr/bin/python3", "-c", code], workdir=workdir, **fields)


def run_json(box: BubblewrapSandbox, code: str, workdir: Path, **fields: object) -> dict:
    res = box.run(py(code, workdir, **fields))
    assert res.exit_code == 0, res.stderr
    return json.loads(res.stdout)


def test_network_unreachable(bwrap_box: BubblewrapSandbox, workdir: Path) -> None:
    with socket.create_server(("127.0.0.1", 0)) as listener:
        port = listener.getsockname()[1]
        code = f"""
import json, socket
out = {{}}
def attempt(name, fn):
    try:
        fn(); out[name] = "ok"
    except OSError as exc:
        out[name] = type(exc).__name__
attempt("loopback", lambda: socket.create_connection(("127.0.0.1", {port}), timeout=2))
attempt("dns", lambda: socket.getaddrinfo("pypi.org", 443))
attempt("outbound", lambda: socket.create_connection(("1.1.1.1", 53), timeout=2))
print(json.dumps(out))
"""
        out = run_json(bwrap_box, code, workdir)
        listener.setblocking(False)
        with pytest.raises(BlockingIOError):
            listener.accept()
    assert out["loopback"] == "ConnectionRefusedError"  # the sandbox's own empty loopback
    assert out["dns"] != "ok"
    assert out["outbound"] != "ok"


def test_filesystem_confined(bwrap_box: BubblewrapSandbox, workdir: Path) -> None:
    token = uuid.uuid4().hex
    host_tmp = Path("/tmp") / f"fixtrace-host-{token}"
    host_tmp.write_text("host secret")
    leaked = Path("/var/tmp") / f"fixtrace-leak-{token}"
    code = f"""
import json, os
out = {{}}
for target in ("/etc/fixtrace-x", "/usr/fixtrace-x", "{leaked}"):
    try:
        open(target, "w").write("x"); out[target] = "written"
    except OSError as exc:
        out[target] = type(exc).__name__
open("in-workdir.txt", "w").write("ok")
open("/tmp/inside.txt", "w").write("ok")
out["sees_host_tmp"] = os.path.exists("{host_tmp}")
out["work_listing"] = os.listdir("/work") if os.path.isdir("/work") else None
print(json.dumps(out))
"""
    try:
        out = run_json(bwrap_box, code, workdir)
    finally:
        host_tmp.unlink()
    assert out["/etc/fixtrace-x"] == out["/usr/fixtrace-x"] == "OSError"  # read-only
    assert not Path("/etc/fixtrace-x").exists()
    assert not leaked.exists()  # /var/tmp is masked by a throwaway tmpfs
    assert (workdir / "in-workdir.txt").read_text() == "ok"
    assert (workdir / "in-workdir.txt").stat().st_uid == 0  # ownership handed back
    assert not out["sees_host_tmp"]
    assert not Path("/tmp/inside.txt").exists()
    assert out["work_listing"] in ([], None)  # the checkout/data under /work is masked


def test_identity_and_environment(
    bwrap_box: BubblewrapSandbox, workdir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("AWS_SECRET_ACCESS_KEY", "parent-secret")
    code = """
import json, os
status = dict(l.split(":", 1) for l in open("/proc/self/status").read().splitlines())
print(json.dumps({"uid": os.getuid(), "gid": os.getgid(), "groups": os.getgroups(),
    "cap": status["CapEff"].strip(), "nnp": status["NoNewPrivs"].strip(),
    "env": dict(os.environ), "pid": os.getpid()}))
"""
    out = run_json(bwrap_box, code, workdir, env={"PYTHONHASHSEED": "0"})
    assert (out["uid"], out["gid"], out["groups"]) == (65534, 65534, [])
    assert out["cap"] == "0000000000000000" and out["nnp"] == "1"
    assert "AWS_SECRET_ACCESS_KEY" not in out["env"]
    assert "parent-secret" not in json.dumps(out["env"])
    assert out["env"]["PYTHONHASHSEED"] == "0" and out["env"]["HOME"] == str(workdir)
    assert out["pid"] < 10  # own pid namespace


def test_exit_codes_propagate(bwrap_box: BubblewrapSandbox, workdir: Path) -> None:
    assert bwrap_box.run(py("raise SystemExit(7)", workdir)).exit_code == 7
    killed = bwrap_box.run(py("import os; os.kill(os.getpid(), 9)", workdir))
    assert killed.exit_code == 128 + 9 and killed.backend == "bwrap"


def test_fork_bomb_contained(bwrap_box: BubblewrapSandbox, workdir: Path) -> None:
    code = """
import os, time
n = 0
try:
    while n < 10000:
        if os.fork() == 0:
            time.sleep(30); os._exit(0)
        n += 1
except OSError:
    pass
print(n)
"""
    res = bwrap_box.run(py(code, workdir, pids=32, timeout_s=20))
    assert res.exit_code == 0, res.stderr
    assert int(res.stdout) < 32
    assert res.limits_enforced["pids"] == "cgroup-v1"
    assert res.duration_ms < 10_000  # sleeping children died with the namespace


def test_memory_hog_killed_by_cgroup(bwrap_box: BubblewrapSandbox, workdir: Path) -> None:
    hog = "chunks = []\nwhile True: chunks.append(b'x' * (8 << 20))"
    # A large address-space rlimit lets the whole-sandbox cgroup limit do the stopping.
    res = bwrap_box.run(py(hog, workdir, memory_mb=96, address_space_mb=4096))
    assert res.killed_reason == "oom", res
    assert res.exit_code == 128 + 9
    assert res.peak_memory_mb is not None and res.peak_memory_mb <= 97


def test_memory_hog_stopped_by_address_space(bwrap_box: BubblewrapSandbox, workdir: Path) -> None:
    res = bwrap_box.run(py("b'x' * (512 << 20)", workdir, memory_mb=128))
    assert res.exit_code == 1 and "MemoryError" in res.stderr


def test_cpu_limit(bwrap_box: BubblewrapSandbox, workdir: Path) -> None:
    res = bwrap_box.run(py("while True: pass", workdir, cpu_s=1, timeout_s=20))
    assert res.killed_reason == "cpu_time" and not res.timed_out


def test_output_capped(bwrap_box: BubblewrapSandbox, workdir: Path) -> None:
    res = bwrap_box.run(py("print('y' * 100000)", workdir, output_limit_bytes=1000))
    assert res.exit_code == 0 and res.stdout_truncated and len(res.stdout) == 1000


def _host_pids_with(token: str) -> list[int]:
    pids = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if token.encode() in (entry / "cmdline").read_bytes():
                    pids.append(int(entry.name))
            except OSError:
                continue
    return pids


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    stat = Path(f"/proc/{pid}/stat").read_text()
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def test_timeout_kills_whole_tree(bwrap_box: BubblewrapSandbox, workdir: Path) -> None:
    token = f"fixtrace-sleeper-{uuid.uuid4().hex}"
    sleeper = f"['/usr/bin/python3', '-c', 'import time; time.sleep(60)', '{token}']"
    child = (
        "import subprocess, time\n"
        f"ps = [subprocess.Popen({sleeper}) for _ in range(2)]\n"
        "open('pids.txt', 'w').write(' '.join(str(p.pid) for p in ps))\n"
        "time.sleep(60)\n"
    )
    code = (
        "import subprocess, time\n"
        f"subprocess.Popen(['/usr/bin/python3', '-c', {child!r}, '{token}'])\n"
        "time.sleep(60)\n"
    )
    result: list[SandboxResult] = []
    # Stop in 3 s; the test waits for the marker the grandchildren's parent writes.
    runner = threading.Thread(
        target=lambda: result.append(bwrap_box.run(py(code, workdir, timeout_s=3)))
    )
    runner.start()
    marker = workdir / "pids.txt"  # written to the run's copy; back in the workdir after
    # Launcher, namespace init, main, child and both grandchildren all carry the token.
    deadline = time.monotonic() + 3
    while len(_host_pids_with(token)) < 6 and time.monotonic() < deadline:
        time.sleep(0.02)
    host_pids = _host_pids_with(token)
    runner.join(timeout=15)
    assert result and result[0].timed_out and result[0].killed_reason == "timeout"
    assert len(marker.read_text().split()) == 2
    assert len(host_pids) >= 4
    # SIGKILL is delivered at once but a dying process leaves the table asynchronously; on
    # a loaded machine give the kernel a bounded moment before calling a survivor a survivor.
    with contextlib.suppress(TimeoutError):
        wait_until(lambda: not any(_alive(pid) for pid in host_pids), timeout_s=5)
    assert not [pid for pid in host_pids if _alive(pid)]


def test_unreachable_workdir_is_refused(bwrap_box: BubblewrapSandbox, workdir: Path) -> None:
    """Without the disk quota the workdir itself is bound, so the sandbox uid must reach it
    (with the quota it runs from a copy: see test_sandbox_quota.py)."""
    private = workdir / "private"
    (private / "inner").mkdir(parents=True)
    private.chmod(0o700)
    with pytest.raises(SandboxError, match="not reachable"):
        bwrap_box.run(py("pass", private / "inner", disk_quota_mb=0))
