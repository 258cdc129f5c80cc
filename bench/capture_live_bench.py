"""When does a developer see a command's first line under ``fixtrace capture run``?

The command prints a line, works for ``--work`` seconds, prints another. Figures:

- ``capture run``: seconds from starting ``fixtrace capture run -- CMD`` until its first
  line reaches our pipe (a real session in a fresh repository, no stack: records spooled);
- baseline, same run: the old way, ``subprocess.run(capture_output=True)`` then printing,
  which shows the first line only when the command has ended.

Run: ``PYTHONPATH=$PWD python bench/capture_live_bench.py [--work 2] [--rounds 3]``.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BIN = Path(sys.executable).parent


def _repo(root: Path, env: dict[str, str]) -> Path:
    repo = root / "repo"
    repo.mkdir()
    (repo / "a.txt").write_text("a\n")
    who = ["-c", "user.email=b@example.invalid", "-c", "user.name=B"]
    for args in (["init", "-q"], ["add", "-A"], [*who, "commit", "-qm", "a"]):
        subprocess.run(["git", "-C", str(repo), *args], check=True, env=env, capture_output=True)
    return repo


def first_line_after(argv: list[str], cwd: Path, env: dict[str, str]) -> float:
    """Seconds until the first line of ``argv``'s stdout arrives (then waits for the end)."""
    started = time.monotonic()
    proc = subprocess.Popen(argv, cwd=cwd, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL)  # fmt: skip
    assert proc.stdout is not None
    proc.stdout.readline()
    seen = time.monotonic() - started
    proc.stdout.read()
    proc.wait()
    return seen


def old_way(command: str, cwd: Path) -> float:
    started = time.monotonic()
    done = subprocess.run(command, shell=True, capture_output=True, text=True, cwd=cwd)
    sys.stdout.write("")  # the old code printed here, after the command ended
    assert "first" in done.stdout
    return time.monotonic() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--work", type=float, default=2.0)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    command = f"echo first; sleep {args.work}; echo second"
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        env = {k: v for k, v in os.environ.items() if not k.startswith("FIXTRACE_")}
        env.update(HOME=str(root), XDG_DATA_HOME=str(root / "d"), XDG_STATE_HOME=str(root / "s"))
        repo = _repo(root, env)
        subprocess.run([str(BIN / "fixtrace"), "capture", "start", "-q"], cwd=repo, env=env,
                       check=True, capture_output=True)  # fmt: skip
        live, old = [], []
        for _ in range(args.rounds):
            argv = [str(BIN / "fixtrace"), "capture", "run", "--", "sh", "-c", command]
            live.append(first_line_after(argv, repo, env))
            old.append(old_way(command, repo))
    print(f"command: {command!r}, {args.rounds} rounds")
    median = sorted(live)[len(live) // 2]
    print(f"capture run, first line after: {min(live):.2f} s (median {median:.2f} s)")
    print(f"baseline (capture_output, the old way): {min(old):.2f} s")


if __name__ == "__main__":
    main()
