"""Git facts of a repository for a capture session (subprocess `git`, no library)."""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

LOCK_FILES = (
    "uv.lock",
    "poetry.lock",
    "Pipfile.lock",
    "requirements.txt",
    "package-lock.json",
    "yarn.lock",
    "pnpm-lock.yaml",
    "go.sum",
    "Cargo.lock",
    "Gemfile.lock",
    "composer.lock",
)


class CaptureError(RuntimeError):
    """A capture command cannot proceed (no repository, no session, one already running)."""


def git(repo: Path, *args: str, check: bool = True, env: dict[str, str] | None = None) -> str:
    res = subprocess.run(
        ["git", "-C", str(repo), *args], capture_output=True, text=True, check=False, env=env
    )
    if check and res.returncode != 0:
        raise CaptureError(f"git {' '.join(args)}: {res.stderr.strip()}")
    return res.stdout.strip()


def toplevel(folder: Path) -> Path:
    """The repository ``folder`` is in, or a one-line CaptureError (not git's own text)."""
    folder = folder.resolve()
    if not folder.is_dir():
        raise CaptureError(f"{folder} is not a folder")
    done = subprocess.run(
        ["git", "-C", str(folder), "rev-parse", "--show-toplevel"],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    if done.returncode != 0:
        raise CaptureError(
            f"{folder} is not in a git repository: run fixtrace capture in one (or pass --repo)"
        )
    return Path(done.stdout.strip())


def git_dir(repo: Path) -> Path:
    """The repository's .git folder; outside a repository one line saying so."""
    found = git(repo, "rev-parse", "--git-dir", check=False)
    if not found:
        toplevel(repo)  # raises the one-line reason
    return Path(repo, found).resolve()


def head(repo: Path) -> str:
    return git(repo, "rev-parse", "HEAD")


def tree(repo: Path) -> str:
    """The tree id of HEAD: identifies the starting content regardless of history."""
    return git(repo, "rev-parse", "HEAD^{tree}")


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
    """Working tree (including untracked, not ignored files) against ``base``.

    New files are marked intent-to-add in a scratch copy of the index, so the diff shows
    them without touching the developer's own index.
    """
    index = git_dir(repo) / "index"
    with tempfile.TemporaryDirectory(prefix="fixtrace-index-") as tmp:
        scratch = Path(tmp, "index")
        if index.exists():
            shutil.copyfile(index, scratch)
        env = {**os.environ, "GIT_INDEX_FILE": str(scratch)}
        git(repo, "add", "-A", "-N", env=env)
        res = subprocess.run(
            ["git", "-C", str(repo), "diff", base],
            capture_output=True,
            text=True,
            check=False,
            env=env,
        )
    return res.stdout
