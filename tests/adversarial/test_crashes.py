"""SIGKILL the stream worker at random points under a steady stream: nothing lost, nothing
doubled in the deduplicated view, each completion published once. CI kills 4 times;
``bench/adversarial.py crashes`` kills 20 times and prints the figures."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fixtrace.procs import ManagedProcess
from fixtrace_config import Settings
from tests.adversarial.conftest import scale
from tests.adversarial.crashes import kill_soak


async def test_random_sigkills_under_a_steady_stream(
    stream_settings: Settings,
    group: str,
    workers: list[ManagedProcess],
    tmp_path: Path,
    figures: Any,
) -> None:
    kills, traces, events = scale("KILLS", 4), scale("TRACES", 24), scale("EVENTS", 30)
    report = await kill_soak(
        stream_settings, tmp_path, group, workers, kills=kills, traces=traces,
        events_per_trace=events, seed=scale("SEED", 1), max_delay_s=1.0,
    )  # fmt: skip
    figures("crashes", report.summary())
    assert report.kills == kills
    assert report.events_lost == 0 and report.events_duplicated == 0
    assert report.events_stored == report.events_produced == traces * events
    assert report.completions_published == traces and report.traces_published_twice == 0
