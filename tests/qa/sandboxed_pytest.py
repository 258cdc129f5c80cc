"""Run pytest on one test module in the bubblewrap sandbox, as the tests stage does (the
grading and observed-outcome tests read its real output)."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import pytest

from qa_agents.sandbox import BubblewrapSandbox, SandboxResult, SandboxSpec
from qa_agents.sandbox.pyenv import build_env


def run_pytest(
    name: str, module: str, *args: str, read: str | None = None
) -> tuple[SandboxResult, str | None]:
    """pytest ``args`` on ``module`` saved as ``name``; ``read``: a file the run wrote."""
    if shutil.which("bwrap") is None:
        pytest.skip("needs bwrap")
    env = build_env(["pytest"])
    work = Path(tempfile.mkdtemp(prefix="fixtrace-qa-pytest-", dir="/var/tmp"))
    try:
        (work / name).write_text(module)
        spec = SandboxSpec(
            command=["python", "-m", "pytest", "-p", "no:cacheprovider", *args],
            workdir=work,
            python_env=env.path,
            env={"PYTHONDONTWRITEBYTECODE": "1"},
            timeout_s=120,
        )
        res = BubblewrapSandbox().run(spec)
        return res, (work / read).read_text() if read else None
    finally:
        shutil.rmtree(work, ignore_errors=True)
