"""A writable venv inside the checkout, layered on the read-only env built on the host.

Why: a benchmark repository must be installed (``pip install -e .``) before its tests run,
and installing runs the repository's own code (setup.py, build backends), which must never
run unsandboxed on the host. The sandbox has no network and sees the shared env read-only.
So the work is split:

1. host, with network: third-party requirements go into the cached env (``pyenv.build_env``);
   no repository code runs there;
2. host, trusted code only: an empty venv is created inside the checkout, a ``.pth`` file
   puts the env's site-packages on its path, and the env's console scripts are copied with
   their ``#!`` line pointing at the layered interpreter (so ``pytest`` sees the install);
3. sandbox, offline: the repository's install step writes into the layered venv only.
"""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Protocol

from qa_agents.sandbox.common import DEFAULT_PATH

OVERLAY_DIR = ".fixtrace-venv"
"""Inside the checkout (the sandbox's only writable folder); dot-named, so pytest skips it."""

INSTALL_ENV = {
    "PIP_NO_INDEX": "1",  # no network in the sandbox: fail at once instead of retrying
    "PIP_NO_BUILD_ISOLATION": "0",  # (sic) "0" turns isolation off: build with the env's tools
    "PIP_DISABLE_PIP_VERSION_CHECK": "1",
    "PIP_NO_INPUT": "1",
}
"""pip settings of the install step, so a harness-style ``pip install -e .`` works offline."""


class BaseEnv(Protocol):
    """What the overlay needs of the env built on the host (``pyenv.PyEnv`` has it)."""

    @property
    def path(self) -> Path: ...

    @property
    def python(self) -> Path: ...


def _site_packages(venv: Path) -> Path:
    found = sorted((venv / "lib").glob("python3*/site-packages"))
    if not found:
        raise FileNotFoundError(f"no site-packages under {venv}/lib")
    return found[0]


def make_overlay(checkout: Path, env: BaseEnv) -> Path:
    """Create the layered venv in ``checkout`` and return its folder."""
    venv = checkout / OVERLAY_DIR
    subprocess.run(
        [str(env.python), "-m", "venv", "--without-pip", str(venv)],
        check=True,
        capture_output=True,
        timeout=120,
    )
    (_site_packages(venv) / "_fixtrace_base_env.pth").write_text(f"{_site_packages(env.path)}\n")
    base_shebang = f"#!{env.path / 'bin' / 'python'}".encode()
    for script in sorted((env.path / "bin").iterdir()):
        target = venv / "bin" / script.name
        if target.exists() or script.is_symlink() or not script.is_file():
            continue
        head, _, rest = script.read_bytes().partition(b"\n")
        if head.strip() != base_shebang:
            continue
        target.write_bytes(f"#!{venv / 'bin' / 'python'}\n".encode() + rest)
        target.chmod(0o755)
    return venv


def overlay_env(venv: Path, env: BaseEnv, extra: dict[str, str]) -> dict[str, str]:
    """The sandbox environment: the layered venv first on PATH, then the env's tools."""
    return {
        "PATH": f"{venv / 'bin'}:{env.path / 'bin'}:{DEFAULT_PATH}",
        "VIRTUAL_ENV": str(venv),
        "PYTHONDONTWRITEBYTECODE": "1",
        **extra,
    }
