"""Environments built outside the sandbox are importable inside it, and cached."""

from __future__ import annotations

import shutil
import subprocess
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


def _older_python() -> Path | None:
    """A CPython 3.9 the sandbox uid can read (SWE-bench's older versions need one): Debian's,
    or the copy `bench/sandbox_python.py` makes of pyenv's."""
    places = (Path("/usr/bin/python3.9"), Path("/opt/fixtrace-python/3.9/bin/python3.9"))
    return next((p for p in places if p.is_file()), None)


@pytest.mark.parametrize("given_as", ["python_env", "ro_paths"])  # the QA stage: ro_paths
def test_an_env_whose_interpreter_lives_outside_usr_runs_in_the_sandbox(
    bwrap_box: BubblewrapSandbox, workdir: Path, cache_dir: Path, given_as: str
) -> None:
    """The root binds only the system folders; an env made from an interpreter installed
    elsewhere (as SWE-bench's Python 3.9 is, under /opt) needs that installation bound too,
    or its bin/python is a dangling link: every SWE-bench case on 3.9 failed its install with
    `python: not found` after the minimal root came in (issue 30)."""
    cache_dir.chmod(0o755)  # the sandbox's uid reads the env and the interpreter
    prefix = cache_dir / "elsewhere"
    (prefix / "bin").mkdir(parents=True)
    base = prefix / "bin" / "python3.11"
    shutil.copy2("/usr/bin/python3.11", base)  # Debian's, its library statically linked
    env = cache_dir / "env"
    subprocess.run([str(base), "-m", "venv", "--without-pip", str(env)], check=True)
    given = (
        {"python_env": env}
        if given_as == "python_env"
        else {"ro_paths": [env], "env": {"PATH": f"{env / 'bin'}:/usr/bin:/bin"}}
    )
    res = bwrap_box.run(
        SandboxSpec(
            command=["python", "-c", "import sys; print(sys.executable)"],
            workdir=workdir,
            **given,  # type: ignore[arg-type]
        )
    )
    assert res.exit_code == 0, res.stderr
    assert res.stdout.strip() == str(env / "bin" / "python")


@pytest.mark.skipif(_older_python() is None, reason="no Python 3.9 on this machine")
def test_env_of_an_older_python_gets_its_own_pip(
    bwrap_box: BubblewrapSandbox, workdir: Path, cache_dir: Path
) -> None:
    """pip 26 refuses to drive Python 3.9 (`pip --python`), which failed every env of the
    SWE-bench versions pinned to 3.9; such an env is seeded with the pip of its own Python."""
    base = _older_python()
    assert base is not None
    env = build_env(["six"], cache_dir=cache_dir, base_python=base)
    probe = "import six, sys; print(sys.version_info[:2] == (3, 9))"
    out = subprocess.run([str(env.python), "-c", probe], capture_output=True, text=True)
    assert out.stdout.strip() == "True", out.stderr
    inside = bwrap_box.run(
        SandboxSpec(command=["python", "-c", probe], workdir=workdir, python_env=env.path)
    )
    assert inside.exit_code == 0 and inside.stdout.strip() == "True", inside.stderr
