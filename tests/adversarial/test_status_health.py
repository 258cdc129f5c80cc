"""`fixtrace status` shows a worker that makes no progress (issue 28: a wedged worker and a
dead broker left the status all green)."""

from __future__ import annotations

import os
from pathlib import Path

from fixtrace.status import health_checks
from fixtrace_config import Settings
from fixtrace_config.discovery import discover
from fixtrace_config.health import HealthFile


def test_stuck_paused_and_down_parts_are_rows_that_do_not_answer(tmp_path: Path) -> None:
    found = discover(Settings(data_dir=tmp_path))
    stream = HealthFile(tmp_path, "stream worker")
    stream.set("stuck", "storing a micro-batch: OperationalError: connection refused", 7)
    qa = HealthFile(tmp_path, "qa worker")
    qa.set("ok")
    rows = {c.part: c for c in health_checks(found)}
    assert rows["stream worker"].answers is False
    assert "stuck" in rows["stream worker"].detail and "7 failures" in rows["stream worker"].detail
    assert rows["stream worker"].value == f"pid {os.getpid()}"
    assert rows["qa worker"].answers is True

    stream.set("ok")
    broker = HealthFile(tmp_path, "broker")
    broker.set("down", "restarting on 127.0.0.1:9092 (exit -9)")
    rows = {c.part: c for c in health_checks(found)}
    assert rows["stream worker"].answers is True
    assert rows["broker"].answers is False and "down" in rows["broker"].detail

    broker.remove()
    stream.remove()
    qa.remove()
    assert health_checks(found) == []
