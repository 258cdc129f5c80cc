"""Git facts of a repository for a capture session (subprocess `git`, no library)."""

from __future__ import annotations

import hashlib
import subprocess
from pathlib import Path

LOCK_FILES = ("uv.lock", "poetry.lock", "Pipfile.lock", "requirements.txt",
              "package-lock.json", "yarn.lock", "pnpm-lock.yaml", "go.sum", "Cargo.lock",
              "Gemfile.lock", "composer.lock")


def git(repo: Path, *args: str, check: bool = True) -> str:
    res = subprocess.run(["git", "-C", str(repo), *args], capture_output=True, text=True,
                         check=False)
    if check and res.returncode != 0:
        raise RuntimeError(f"git {' '.join(args)}: {res.stderr.strip()}")
    return res.stdout.strip()


def git_dir(repo: Path) -> Path:
    return Path(repo, git(repo, "rev-parse", "--git-dir")).resolve()


def head(repo: Path) -> str:
    return git(repo, "rev-parse", "HEAD")


def remote(repo: Path) -> str | None:
    return git(repo, "remote", "get-url", "origin", check=False) or None


def lock_hash(repo: Path) -> str | None:
    """sha256 over the dependency lock files present (name + content), or None."""
    h = hashlib.sha256()
    found = False
    for name in LOCK_FILES:
        p = repo / name
        if p.is_file():
            found = True
            h.update(name.encode() + b"\0" + p.read_bytes())
    return "sha256:" + h.hexdigest() if found else None


def files(repo: Path) -> list[str]:
    """Tracked and untracked-but-not-ignored files."""
    out = git(repo, "ls-files", "-co", "--exclude-standard")
    return [line for line in out.splitlines() if line]


def diff_from(repo: Path, base: str) -> str:
    """Working tree (including untracked files) against ``base``."""
    git(repo, "add", "-A", "-N")  # intent-to-add so new files appear in the diff
    return subprocess.run(["git", "-C", str(repo), "diff", base], capture_output=True,
                          text=True, check=False).stdout
