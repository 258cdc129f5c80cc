"""Host-side git steps: clone at a commit, apply a patch.

Git runs on the host (trusted tool, untrusted data): ``git apply`` refuses paths outside
the tree, and the clone never uses hardlinks, because the workdir is lent (chowned) to the
sandbox uid and hardlinked objects would change owner in the mirror too.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

GIT_TIMEOUT_S = 300.0


class GitError(RuntimeError):
    """A git step failed; ``stderr`` says why."""

    def __init__(self, message: str, stderr: str = "") -> None:
        super().__init__(message)
        self.stderr = stderr


def _env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("GIT_")}
    env.update(GIT_TERMINAL_PROMPT="0", GIT_CONFIG_NOSYSTEM="1", GIT_ADVICE="0")
    return env


def git(args: list[str], cwd: Path | None = None, *, stdin: str | None = None) -> str:
    """Run ``git args``; raise :class:`GitError` on a non-zero exit."""
    proc = subprocess.run(
        ["git", "-c", "core.hooksPath=/dev/null", "-c", "advice.detachedHead=false", *args],
        cwd=cwd,
        input=stdin,
        capture_output=True,
        text=True,
        env=_env(),
        timeout=GIT_TIMEOUT_S,
    )
    if proc.returncode != 0:
        raise GitError(f"git {' '.join(args[:2])} failed: {proc.stderr.strip()[:500]}", proc.stderr)
    return proc.stdout


def clone_at(source: str, commit: str, dest: Path) -> None:
    """Clone ``source`` (path, bundle or URL) into ``dest`` and check out ``commit``."""
    git(["clone", "--quiet", "--no-hardlinks", "--no-checkout", source, str(dest)])
    git(["checkout", "--quiet", "--force", commit], cwd=dest)


def apply_patch(dest: Path, patch: str) -> tuple[bool, str]:
    """Apply ``patch``; (applied, stderr). A failed check leaves the tree untouched."""
    if not patch.endswith("\n"):
        patch += "\n"
    try:
        git(["apply", "--check", "--whitespace=nowarn", "-"], cwd=dest, stdin=patch)
        git(["apply", "--whitespace=nowarn", "-"], cwd=dest, stdin=patch)
    except GitError as exc:
        return False, exc.stderr
    return True, ""


def restore_paths(dest: Path, commit: str, modified: list[str], created: list[str]) -> None:
    """Put ``modified`` files back as they are at ``commit`` and delete ``created`` ones.

    Why: a benchmark's test patch must land on the original test files, whatever the fix
    did to them (the SWE-bench harness resets them the same way before applying it).
    """
    if modified:
        git(["checkout", "--quiet", commit, "--", *modified], cwd=dest)
    for path in created:
        target = (dest / path).resolve()
        if target.is_relative_to(dest.resolve()) and (target.is_file() or target.is_symlink()):
            target.unlink()
