"""Environments built outside the sandbox are importable inside it, and cached."""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from qa_agents.sandbox import BubblewrapSandbox, SandboxSpec
from qa_agents.sandbox.pyenv import build_env, env_key, normalize_requirements


@pytest.fixture
def cache_dir() -> Iterator[Path]:
    path = Path(tempfile.mkdtemp(prefix="fixtrace-pyenv-test-", dir="/var/tmp"))
    try:
        yield path
    finally:
        shutil.rmtree(path, ignore_errors=True)


def test_requirements_are_normalized_for_the_key() -> None:
    reqs = normalize_requirements(["six", "", "# comment", "packaging  # pinned later", "six"])
    assert reqs == ["packaging", "six"]
    base = Path("/usr/bin/python3")
    assert env_key(reqs, base) == env_key(normalize_requirements(["six", "packaging"]), base)
    assert env_key(reqs, base) != env_key(["six"], base)


def test_env_installs_and_is_importable_in_sandbox(
    bwrap_box: BubblewrapSandbox, workdir: Path, cache_dir: Path
) -> None:
    env = build_env(["six"], cache_dir=cache_dir)
    assert not env.cached and env.install_s > 0
    assert env.python.resolve().is_relative_to("/usr")  # Debian's interpreter, not pyenv's
    again = build_env(["six"], cache_dir=cache_dir)
    assert again.cached and again.path == env.path and again.install_s == 0
    res = bwrap_box.run(
        SandboxSpec(
            command=["python", "-c", "import six, sys; print(six.__name__, sys.prefix)"],
            workdir=workdir,
            python_env=env.path,
        )
    )
    assert res.exit_code == 0, res.stderr
    assert res.stdout.split() == ["six", str(env.path)]
