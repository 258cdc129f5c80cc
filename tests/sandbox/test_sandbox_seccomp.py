"""The syscall filter denies every call of its registry, even to a process holding every
capability, and leaves fork, threads and subprocesses alone."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from qa_agents.sandbox import BubblewrapSandbox, SandboxSpec
from qa_agents.sandbox.seccomp import DENIED, filter_bpf
from tests.adversarial.sandbox_escapes import expected_errnos, syscall_program

ROOT = Path(__file__).resolve().parents[2]


def test_registry_covers_what_the_issue_names() -> None:
    names = {rule.name for rule in DENIED}
    assert set(expected_errnos()) == names
    assert len(names) == len(DENIED)  # no duplicates
    assert filter_bpf()[:8]  # libseccomp built and exported a program


def test_denied_even_with_every_capability() -> None:
    """As root (all capabilities) most of these calls would reach the kernel's own checks;
    with the filter loaded each one fails with the filter's errno instead, so it is the
    filter, not a missing privilege, that denies them. The arguments are invalid or
    harmless, so a call let through would change nothing."""
    if os.geteuid() != 0:
        pytest.skip("needs root: the point is a process with every capability")
    loader = (
        "from qa_agents.sandbox.seccomp import build_filter\n"
        "build_filter().load()\n"
        f"exec(compile({syscall_program()!r}, 'probe', 'exec'))\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", loader],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        start_new_session=True,  # no controlling terminal for vhangup to hang up
        stdin=subprocess.DEVNULL,
    )
    assert proc.returncode == 0, proc.stderr
    seen = json.loads(proc.stdout.strip().splitlines()[-1])
    wrong = {
        n: seen["calls"].get(n) for n, e in expected_errnos().items() if seen["calls"].get(n) != e
    }
    assert not wrong, wrong
    assert seen["seccomp"] == "2"


def test_fork_threads_and_subprocesses_still_work(
    bwrap_box: BubblewrapSandbox, workdir: Path
) -> None:
    code = """
import json, multiprocessing, os, subprocess, threading
pid = os.fork()
if pid == 0:
    os._exit(3)
forked = os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1])
box = []
t = threading.Thread(target=lambda: box.append(1)); t.start(); t.join()
with multiprocessing.Pool(2) as pool:
    squares = pool.map(abs, [-1, -2])
print(json.dumps({"fork": forked, "thread": box, "sub": subprocess.run(["true"]).returncode,
                  "pool": squares}))
"""
    res = bwrap_box.run(SandboxSpec(command=["/usr/bin/python3", "-c", code], workdir=workdir))
    assert res.exit_code == 0, res.stderr
    assert json.loads(res.stdout) == {"fork": 3, "thread": [1], "sub": 0, "pool": [1, 2]}
    assert "seccomp" in res.limits_enforced["syscalls"]
