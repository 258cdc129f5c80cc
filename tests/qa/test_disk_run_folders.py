"""Run folders of the sandbox's disk quota and the sweep of dead runs' folders, when QA runs
start side by side: a folder being made is never swept (``qa_agents.sandbox.quota``).

Seen with four test workers: one run's sweep deleted a folder another run had just made but
not yet locked, and that run failed on its ``disk.img`` ("No such file or directory"). The
test puts a sweep exactly in that window, deterministically, by running it from inside the
new run's lock call."""

from __future__ import annotations

import fcntl
import os
import time
from pathlib import Path

import pytest

from qa_agents.sandbox import quota


def test_a_sweep_between_making_and_locking_a_run_folder_leaves_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    disks = tmp_path / "disks"
    real_flock = fcntl.flock
    swept: list[list[Path]] = []

    def flock_after_a_sweep(fd: int, op: int) -> None:
        if op == fcntl.LOCK_EX:  # the new run's blocking lock (a sweep's is non-blocking)
            swept.append(quota.sweep_stale(disks))
        real_flock(fd, op)

    monkeypatch.setattr(quota.fcntl, "flock", flock_after_a_sweep)
    run_dir, lock = quota._prepare_dir(disks)
    try:
        assert swept == [[]]
        assert run_dir.is_dir() and run_dir.name.startswith("run-")
        (run_dir / "disk.img").write_bytes(b"")  # where the failing run wrote next
        monkeypatch.setattr(quota.fcntl, "flock", real_flock)
        assert quota.sweep_stale(disks) == []  # locked: a live run
    finally:
        os.close(lock)
    assert quota.sweep_stale(disks) == [run_dir]  # its process is gone: swept


def test_a_folder_left_half_made_is_swept_once_old(tmp_path: Path) -> None:
    disks = tmp_path / "disks"
    young = disks / f"{quota.MAKING}young"
    old = disks / f"{quota.MAKING}old"
    for folder in (young, old):
        folder.mkdir(parents=True)
        (folder / quota.LOCK_NAME).write_bytes(b"")
    past = time.time() - quota.MAKING_STALE_S - 1
    os.utime(old, (past, past))
    assert quota.sweep_stale(disks) == [old]
    assert young.is_dir() and not old.exists()
