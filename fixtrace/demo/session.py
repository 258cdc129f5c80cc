"""A real bug-fix session on the shipped sample repository, recorded as trace events.

Nothing here is canned output: the session copies ``sample_repo/`` into a git repository,
runs its tests (they fail on a real bug), applies the fix, runs them again (they pass) and
commits, recording each step's real command, output, exit code and timing as events.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

SAMPLE_REPO = Path(__file__).parent / "sample_repo"
FIX_PATCH = Path(__file__).parent / "fix.patch"
BUG_REPORT = {
    "title": "content_type() raises KeyError when a response has no Content-Type",
    "description": (
        "`content_type()` crashes on a header block without a `Content-Type` line instead "
        "of falling back to the RFC 9110 default. The two functions involved, cut down:\n\n"
        "```python\n"
        "def parse_headers(raw):\n"
        "    headers = {}\n"
        "    for line in raw.splitlines():\n"
        '        name, _, value = line.partition(":")\n'
        "        headers[name.strip().lower()] = value.strip()\n"
        "    return headers\n\n\n"
        "def content_type(raw):\n"
        '    return parse_headers(raw)["content-type"].split(";")[0].strip()\n\n\n'
        'print(content_type("X-Id: 7"))\n'
        "```\n\n"
        "## Expected behavior\n\nIt prints `application/octet-stream`.\n\n"
        "## Actual behavior\n\n"
        '```\nTraceback (most recent call last):\n  File "repro.py", line 13, in <module>\n'
        "KeyError: 'content-type'\n```\n"
    ),
    "repro_steps": "Run `python -m pytest -q` in the repository.",
    "expected": "application/octet-stream",
    "actual": "KeyError: 'content-type'",
    "links": [],
}
_GIT_ENV = {
    "GIT_AUTHOR_NAME": "Demo Developer",
    "GIT_AUTHOR_EMAIL": "demo@fixtrace.invalid",
    "GIT_COMMITTER_NAME": "Demo Developer",
    "GIT_COMMITTER_EMAIL": "demo@fixtrace.invalid",
}


@dataclass
class Session:
    """The events of one session, numbered as a capture client numbers them."""

    repo: Path
    commit_base: str = ""
    events: list[dict[str, Any]] = field(default_factory=list)

    def add(self, type_: str, payload: dict[str, Any], correlation_id: str | None = None) -> str:
        event_id = str(uuid.uuid4())
        self.events.append(
            {
                "event_id": event_id,
                "seq": len(self.events) + 1,
                "ts_ms": time.time_ns() // 1_000_000,
                "type": type_,
                "actor": {"kind": "human", "id": "demo-developer"},
                "context": {"workspace_root": str(self.repo), "correlation_id": correlation_id},
                "payload": payload,
            }
        )
        return event_id


def _git(repo: Path, *args: str) -> str:
    env = {**os.environ, **_GIT_ENV}
    done = subprocess.run(
        ["git", *args], cwd=repo, env=env, check=True, capture_output=True, text=True
    )
    return done.stdout.strip()


def prepare_repository(dest: Path) -> tuple[Path, str]:
    """A fresh git repository holding the sample code at its buggy base commit."""
    if dest.exists():
        shutil.rmtree(dest)
    shutil.copytree(SAMPLE_REPO, dest, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    _git(dest, "init", "-q", "-b", "main")
    _git(dest, "add", "-A")
    _git(dest, "commit", "-q", "-m", "httpparse: header parsing")
    return dest, _git(dest, "rev-parse", "HEAD")


def _sha256(data: bytes) -> str:
    return "sha256:" + hashlib.sha256(data).hexdigest()


def _run_tests(session: Session, python: Path) -> bool:
    """Run the test suite for real and record command, output and a test_run event."""
    command = "python -m pytest -q -p no:cacheprovider"
    cmd_id = session.add(
        "terminal_command", {"cwd": str(session.repo), "command": command, "shell": "bash"}
    )
    start = time.monotonic()
    done = subprocess.run(
        [str(python), "-m", "pytest", "-q", "-p", "no:cacheprovider"],
        cwd=session.repo,
        capture_output=True,
        text=True,
        timeout=120,
        env=_test_env(),
    )
    duration_ms = int((time.monotonic() - start) * 1000)
    session.add(
        "terminal_output",
        {"stream": "stdout", "chunk_text": done.stdout, "exit_code": done.returncode},
        correlation_id=cmd_id,
    )
    passed = done.returncode == 0
    run = {
        "command": "python -m pytest -q",
        "runner": "pytest",
        "exit_code": done.returncode,
        "duration_ms": duration_ms,
        "passed": passed,
    }
    from producers.capture.runner_counts import test_counts

    counts = test_counts("pytest", done.stdout)  # as `fixtrace capture run` records them
    if counts is not None:
        run["tests_total"], run["tests_failed"] = counts
    session.add("test_run", run, correlation_id=cmd_id)
    return passed


def _test_env() -> dict[str, str]:
    """Our environment without what would point the sample's Python at fixtrace's own."""
    drop = {"PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV"}
    return {k: v for k, v in os.environ.items() if k not in drop}


def record_session(workdir: Path, python: Path) -> tuple[Session, str]:
    """Play the whole session, its tests run by ``python``; returns it and the final diff.

    ``python`` must have pytest: the demo passes the QA sandbox's cached pytest env
    (:func:`fixtrace.demo.run.test_python`), not fixtrace's own interpreter, which a plain
    ``pip install -e .`` leaves without pytest.
    """
    repo, base = prepare_repository(workdir / "httpparse")
    session = Session(repo=repo, commit_base=base)
    target = repo / "httpparse" / "headers.py"
    before = target.read_bytes()

    session.add(
        "thought",
        {
            "kind": "plan",
            "content_text": (
                "Reproduce with the test suite first, then read content_type() to see how it "
                "looks the header up."
            ),
        },
    )
    first_passed = _run_tests(session, python)
    session.add("navigation", {"kind": "open", "file_path": "httpparse/headers.py", "line": 18})
    session.add(
        "thought",
        {
            "kind": "hypothesis",
            "content_text": (
                "content_type() indexes headers['content-type'] directly, so a response without "
                "that header raises KeyError instead of using the default media type."
            ),
        },
    )
    session.add(
        "debug_action",
        {
            "action": "inspect",
            "file_path": "httpparse/headers.py",
            "line": 21,
            "expression": "parse_headers('X-Id: 7')",
            "value_text": "{'x-id': '7'}",
        },
    )
    session.add(
        "thought",
        {
            "kind": "decision",
            "content_text": (
                "Fall back to DEFAULT_CONTENT_TYPE with dict.get; the constant already exists and "
                "matches RFC 9110's default, so the fix stays one line."
            ),
        },
    )
    patch = FIX_PATCH.read_text()
    _git(repo, "apply", str(FIX_PATCH))
    after = target.read_bytes()
    session.add(
        "file_edit",
        {
            "file_path": "httpparse/headers.py",
            "edit_kind": "patch",
            "patch_text": patch,
            "pre_hash": _sha256(before),
            "post_hash": _sha256(after),
        },
    )
    session.add(
        "file_snapshot",
        {
            "file_path": "httpparse/headers.py",
            "content_text": after.decode(),
            "snapshot_reason": "pre_test",
        },
    )
    second_passed = _run_tests(session, python)
    session.add(
        "thought",
        {
            "kind": "interpretation",
            "content_text": (
                f"Tests {'passed' if second_passed else 'still fail'} after the fix "
                f"(they {'passed' if first_passed else 'failed'} before): the missing-header case "
                "now returns application/octet-stream."
            ),
        },
    )
    _git(repo, "commit", "-q", "-am", "Default content_type to application/octet-stream")
    head = _git(repo, "rev-parse", "HEAD")
    diff = _git(repo, "diff", base, head) + "\n"
    session.add(
        "commit",
        {
            "sha": head,
            "message": "Default content_type to application/octet-stream",
            "parent_sha": base,
            "files_changed": ["httpparse/headers.py"],
        },
    )
    session.add(
        "thought",
        {
            "kind": "postmortem",
            "content_text": (
                "Root cause: a required-key lookup on optional data. Added the fallback at the "
                "single lookup site; parse_headers itself was correct."
            ),
        },
    )
    return session, diff
