"""Turn a trace's test command into sandbox argv, adding a JUnit report for pytest."""

from __future__ import annotations

import shlex

from pydantic import BaseModel

from qa_agents.ports import Blobs, put_text
from qa_agents.sandbox import SandboxResult
from schemas.document import TestInvocation

SHELL_CHARS = set("|&;<>()$`*?[]{}~\n")


class TestCommand(BaseModel):
    __test__ = False

    text: str
    argv: list[str]
    runner: str
    report_path: str | None = None


def is_pytest(tokens: list[str]) -> bool:
    """Whether argv ``tokens`` run pytest (``pytest``, ``py.test``, ``python -m pytest``)."""
    if not tokens:
        return False
    head = tokens[0].rsplit("/", 1)[-1]
    if head in ("pytest", "py.test"):
        return True
    return head.startswith("python") and tokens[1:3] == ["-m", "pytest"]


def build_command(text: str, report_path: str) -> TestCommand:
    """argv for ``text``; pytest gets ``--junitxml``, no cache and ``-rA`` last (its summary
    of every test, on the output the host captures, is what the stage trusts; a later
    ``-r`` wins over the command's own); shell syntax runs in sh."""
    try:
        tokens = shlex.split(text)
    except ValueError:
        tokens = []
    if tokens and is_pytest(tokens) and not (SHELL_CHARS & set(text)):
        extra = [f"--junitxml={report_path}", "-p", "no:cacheprovider", "-rA"]
        return TestCommand(
            text=text, argv=[*tokens, *extra], runner="pytest", report_path=report_path
        )
    if tokens and not (SHELL_CHARS & set(text)):
        return TestCommand(text=text, argv=tokens, runner="custom")
    return TestCommand(text=text, argv=["sh", "-c", text], runner="custom")


def record_invocation(
    blobs: Blobs, command: str, phase: str, result: SandboxResult, **extra: object
) -> TestInvocation:
    """What one sandboxed command did, its output kept as blobs."""
    return TestInvocation(
        command=command,
        phase=phase,
        exit_code=result.exit_code,
        duration_ms=int(result.duration_ms),
        passed=result.ok,
        timed_out=result.timed_out,
        stdout_blob_id=put_text(blobs, result.stdout),
        stderr_blob_id=put_text(blobs, result.stderr),
        **extra,
    )
