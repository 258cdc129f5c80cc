"""A small committed git repository for the e2e tests that capture a session in one."""

from __future__ import annotations

import subprocess
from pathlib import Path


def committed_repo(path: Path, files: dict[str, str]) -> Path:
    """``files`` (name → text) written under ``path`` and committed on ``main`` as 'initial'."""
    path.mkdir(parents=True)
    for name, text in files.items():
        (path / name).write_text(text)
    for args in (["init", "-q", "-b", "main"], ["add", "-A"],
                 ["-c", "user.email=dev@example.invalid", "-c", "user.name=Dev", "commit", "-qm",
                  "initial"]):  # fmt: skip
        subprocess.run(["git", "-C", str(path), *args], check=True, capture_output=True)
    return path
