"""A real full disk for tests: a small tmpfs that a test fills until the kernel says ENOSPC.

Why not a simulated error: the code under test must meet ``OSError(ENOSPC)`` where the
kernel raises it (a blob write, a part write, a log line), with whatever wrapping the
libraries in between add. Mounting needs root, as the suite runs here; elsewhere the tests
that need it are skipped with the reason.
"""

from __future__ import annotations

import errno
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest


@contextmanager
def tiny_disk(where: Path, size: str = "2m") -> Iterator[Path]:
    """Mount a ``size`` tmpfs at ``where`` for the block (pytest.skip when refused)."""
    where.mkdir(parents=True, exist_ok=True)
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(where)],
        capture_output=True, text=True,
    )  # fmt: skip
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.strip()}")
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], check=False)


def fill(folder: Path) -> Path:
    """Write into ``folder`` until the kernel refuses with ENOSPC; returns the filler file
    (delete it to give the space back)."""
    filler = folder / "filler"
    with open(filler, "wb") as fh:
        try:
            while True:
                fh.write(b"\0" * 65536)
                fh.flush()
        except OSError as exc:
            assert exc.errno == errno.ENOSPC, exc
    return filler
