"""The stream worker on a full disk: it pauses, says so, and resumes by itself (issue 28).

The blob store of a real worker lives on a 2 MiB tmpfs that is filled until ENOSPC before
a trace arrives whose texts the claim check must put there. The worker must report
``paused`` (in its health record, which `fixtrace status` shows), dead-letter nothing, and
once the space is back store every event of the trace and complete it.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from bench.samples import sample_trace
from fixtrace.procs import ManagedProcess
from fixtrace.waiting import wait_until
from fixtrace_config import Settings
from fixtrace_config.health import read_health
from tests.streams.harness import (
    batches,
    finalized_ids,
    produce,
    read_topic,
    readback,
    start_worker,
)
from tests.tiny_disk import fill, tiny_disk


def _state(data_dir: Path) -> str | None:
    states = [h for h in read_health(data_dir) if h.part == "stream worker"]
    return states[0].state if states else None


async def test_a_full_blob_disk_pauses_the_worker_and_nothing_is_dead_lettered(
    stream_settings: Settings, group: str, workers: list[ManagedProcess], tmp_path: Path
) -> None:
    with tiny_disk(tmp_path / "tiny") as disk:
        (disk / "blobs").mkdir()
        settings = stream_settings.model_copy(
            update={
                "blob_url": (disk / "blobs").as_uri(),
                "inline_limit_bytes": 64,  # most texts go through the claim check
                "data_dir": tmp_path / "data",
            }
        )
        filler = fill(disk)
        opened, events, fin = sample_trace(30, seed=2828)
        await produce(settings, [opened, *batches(opened.trace_id, events, 10), fin])
        workers.append(start_worker(settings, tmp_path, group=group))

        await asyncio.to_thread(
            wait_until, lambda: _state(settings.data_dir) == "paused", timeout_s=60,
            interval_s=0.1, message="the worker reports paused",
        )  # fmt: skip
        assert workers[0].alive()
        dead = await read_topic(settings, settings.topic_dlq, until=lambda r: True)
        assert dead == [], "nothing is dead-lettered for a full disk"

        filler.unlink()
        await read_topic(
            settings, settings.topic_finalized,
            until=lambda r: opened.trace_id in finalized_ids(r), timeout_s=90,
        )  # fmt: skip
        assert _state(settings.data_dir) == "ok"
        dead = await read_topic(settings, settings.topic_dlq, until=lambda r: True)
        workers[0].stop(grace_s=10)
        assert dead == []
        stored = readback(settings, [opened.trace_id])[opened.trace_id]
        assert [r[0] for r in stored["rows"]] == [e.seq for e in events]
        assert stored["status"] == "complete"
