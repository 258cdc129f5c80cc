"""Build (and cache) Python environments that sandboxed runs can use.

Why this exists: the sandbox has no network and runs as uid 65534, so dependencies must be
installed *before* entering it, into a folder that uid can read. The default `python3` of
these hosts is pyenv's under /root (mode 700, unreadable by 65534), so environments are
built from Debian's world-readable /usr/bin/python3 (with python3-venv).

Where: /var/tmp/fixtrace-pyenvs by default (world-traversable, survives reboots, not a
tmpfs). /work happened to be traversable by 65534 on the probed host, but it holds the
checkout and embedded data that the bubblewrap backend masks, and a cache there would
depend on each deployment's permissions; /var/tmp is world-traversable (1777) by design.
The bubblewrap backend masks /var/tmp too and re-binds only the env in use, read-only.

Envs are keyed by the base interpreter and the sorted requirement set, built in place
under a file lock (venv scripts embed their absolute path, so build-then-rename is not
an option), and marked complete by a manifest written last, so a crashed build is redone.
"""

from __future__ import annotations

import fcntl
import functools
import hashlib
import importlib.util
import json
import os
import shutil
import stat
import subprocess
import sys
import time
from collections.abc import Iterable
from pathlib import Path

from pydantic import BaseModel, Field

from qa_agents.sandbox.models import SandboxError
from qa_agents.sandbox.paths import require_reachable

DEFAULT_BASE_PYTHON = Path("/usr/bin/python3")
DEFAULT_CACHE_DIR = Path("/var/tmp/fixtrace-pyenvs")
MANIFEST = ".fixtrace-env.json"


class PyEnvError(SandboxError):
    """Creating the environment or installing its requirements failed."""


class PyEnv(BaseModel):
    """A ready environment; pass `path` as `SandboxSpec.python_env`."""

    path: Path
    python: Path
    requirements: list[str]
    key: str
    cached: bool = Field(description="True when an existing env was reused (no install).")
    create_s: float = Field(description="Seconds spent creating the venv in this call.")
    install_s: float = Field(description="Seconds spent in pip in this call.")
    total_s: float = Field(description="Wall seconds of this call, lock wait included.")


def normalize_requirements(requirements: Iterable[str]) -> list[str]:
    """Sorted, de-duplicated requirement lines without blanks or comments."""
    lines = {r.split("#", 1)[0].strip() for r in requirements}
    return sorted(line for line in lines if line)


def env_key(requirements: list[str], base_python: Path) -> str:
    """Cache key: resolved base interpreter + normalized requirement set."""
    payload = json.dumps({"python": str(base_python.resolve()), "requirements": requirements})
    return hashlib.sha256(payload.encode()).hexdigest()[:24]


def _clean_env() -> dict[str, str]:
    drop = {"PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "PIP_USER", "PIP_TARGET", "PIP_PREFIX"}
    return {k: v for k, v in os.environ.items() if k not in drop}


def _run(argv: list[str], what: str, timeout_s: float) -> None:
    try:
        proc = subprocess.run(
            argv, capture_output=True, text=True, env=_clean_env(), timeout=timeout_s
        )
    except subprocess.TimeoutExpired as exc:
        raise PyEnvError(f"{what} timed out after {timeout_s:.0f}s") from exc
    if proc.returncode != 0:
        tail = (proc.stderr or proc.stdout)[-2000:]
        raise PyEnvError(f"{what} failed (exit {proc.returncode}):\n{tail}")


def make_world_readable(root: Path) -> None:
    """a+rX on the whole tree, whatever the umask was during the build."""
    for dirpath, dirnames, filenames in os.walk(root):
        for name in (".", *dirnames, *filenames):
            path = Path(dirpath, name)
            mode = path.lstat().st_mode
            if stat.S_ISLNK(mode):
                continue
            extra = stat.S_IRGRP | stat.S_IROTH
            if stat.S_ISDIR(mode) or mode & stat.S_IXUSR:
                extra |= stat.S_IXGRP | stat.S_IXOTH
            if mode & extra != extra:
                path.chmod(stat.S_IMODE(mode) | extra)


def _pip_argv(env_python: Path, base_python: Path) -> list[str] | None:
    """Our own pip driving the env (`pip --python`, pip>=22.3) or None to seed the env's own.

    Why: it saves seeding pip into every env (ensurepip costs seconds per cold build). Only
    for an env of our own Python version: a current pip refuses to drive an older
    interpreter (pip 26 requires Python 3.10, SWE-bench's older versions run on 3.9).
    """
    if importlib.util.find_spec("pip") is None or _minor_version(base_python) != _OWN_MINOR:
        return None
    return [sys.executable, "-m", "pip", "--python", str(env_python)]


_OWN_MINOR = f"{sys.version_info[0]}.{sys.version_info[1]}"


def _minor_version(python: Path) -> str:
    """``3.9`` for an interpreter (ours without a subprocess; "" if it cannot say)."""
    if Path(python).resolve() == Path(sys.executable).resolve():
        return _OWN_MINOR
    try:
        return ".".join(python_version(python).split(".")[:2])
    except subprocess.CalledProcessError:
        return ""


@functools.cache
def python_version(python: Path) -> str:
    """``3.11.2``: what an interpreter says it is, asked once per process."""
    probe = "import platform; print(platform.python_version())"
    out = subprocess.run(
        [str(python), "-c", probe], capture_output=True, text=True, timeout=30, check=True
    )
    return out.stdout.strip()


def _build(
    path: Path, requirements: list[str], base_python: Path, timeout_s: float
) -> tuple[float, float]:
    if path.exists():
        shutil.rmtree(path)  # an incomplete earlier build
    env_python = path / "bin" / "python"
    pip = _pip_argv(env_python, base_python)
    venv_argv = [str(base_python), "-m", "venv", str(path)]
    if pip is not None:
        venv_argv.insert(3, "--without-pip")
    t0 = time.monotonic()
    _run(venv_argv, f"creating venv from {base_python}", timeout_s)
    t1 = time.monotonic()
    if requirements:
        pip = pip or [str(env_python), "-m", "pip"]
        _run(
            [*pip, "install", "--no-input", "--disable-pip-version-check", *requirements],
            f"pip install {' '.join(requirements)}",
            timeout_s,
        )
    t2 = time.monotonic()
    make_world_readable(path)
    return t1 - t0, t2 - t1


def build_env(
    requirements: Iterable[str] = (),
    cache_dir: Path | None = None,
    base_python: Path = DEFAULT_BASE_PYTHON,
    timeout_s: float = 900.0,
) -> PyEnv:
    """An environment with `requirements` installed, reused from the cache when present.

    Runs on the host with network access; raises `PyEnvError` when the build fails and
    `SandboxError` when the result would not be reachable by the sandbox uid.
    """
    started = time.monotonic()
    reqs = normalize_requirements(requirements)
    cache = (cache_dir or DEFAULT_CACHE_DIR).absolute()
    if not base_python.exists():
        raise PyEnvError(
            f"base interpreter not found: {base_python} (apt-get install python3-venv)"
        )
    require_reachable(base_python.resolve(), "base interpreter")
    cache.mkdir(parents=True, exist_ok=True)
    cache.chmod(0o755)
    require_reachable(cache, "environment cache")
    key = env_key(reqs, base_python)
    path = cache / key
    with open(cache / f"{key}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # concurrent builders of one key wait here
        manifest = path / MANIFEST
        cached = manifest.exists()
        create_s = install_s = 0.0
        if not cached:
            create_s, install_s = _build(path, reqs, base_python, timeout_s)
            tmp = manifest.with_suffix(".tmp")
            tmp.write_text(
                json.dumps({"requirements": reqs, "create_s": create_s, "install_s": install_s})
            )
            tmp.chmod(0o644)
            os.replace(tmp, manifest)
    return PyEnv(
        path=path,
        python=path / "bin" / "python",
        requirements=reqs,
        key=key,
        cached=cached,
        create_s=create_s,
        install_s=install_s,
        total_s=time.monotonic() - started,
    )
