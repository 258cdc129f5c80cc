"""The quota watch stops a run only once its disk has stayed full for the grace period,
so a run that meets ENOSPC can still print why (or free space and carry on)."""

from __future__ import annotations

from pathlib import Path

import pytest

from qa_agents.sandbox import quota
from qa_agents.sandbox.quota import RunDisk


def _disk(monkeypatch: pytest.MonkeyPatch, readings: list[bool]) -> RunDisk:
    disk = RunDisk(image=Path("/nonexistent.img"), mount=Path("/nonexistent"), quota_mb=64)
    answers = iter(readings)
    monkeypatch.setattr(RunDisk, "full", lambda self: next(answers))
    return disk


def test_a_disk_full_for_the_whole_grace_fires(monkeypatch: pytest.MonkeyPatch) -> None:
    watch = _disk(monkeypatch, [False, True, True]).stays_full(grace_s=0.0)
    assert [watch(), watch(), watch()] == [False, True, True]


def test_a_disk_full_for_less_than_the_grace_does_not_fire(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    watch = _disk(monkeypatch, [True] * 5).stays_full(grace_s=3600.0)
    assert not any(watch() for _ in range(5))


def test_freeing_space_restarts_the_grace(monkeypatch: pytest.MonkeyPatch) -> None:
    clock = iter([0.0, 0.5, 0.9, 1.5, 2.0])  # the times of the full readings below
    monkeypatch.setattr(quota.time, "monotonic", lambda: next(clock))
    readings = [True, True, False, True, True, True]
    watch = _disk(monkeypatch, readings).stays_full(grace_s=1.0)
    # full at 0.0 and 0.5, free, then full again from 0.9: 1.5 is 0.6 s in, 2.0 is 1.1 s in
    assert [watch() for _ in readings[:-1]] == [False, False, False, False, False]
    assert watch() is True
