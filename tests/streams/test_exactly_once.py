"""Exactly-once effect across SIGKILLs: every event stored once, every trace published once.

The worker is killed outright at several points (during start-up, mid-stream with
micro-batches in flight, right after a restart) while more records keep arriving; the run
is judged by counting what was stored and published, never by consumer lag.
"""

from __future__ import annotations

import os
import signal
from pathlib import Path

from bench.samples import sample_trace
from bench.stream_worker import descendants, prepare_children
from fixtrace.procs import ManagedProcess
from fixtrace.waiting import wait_until
from fixtrace_config import Settings
from tests.streams.harness import (
    batches,
    finalized_ids,
    produce,
    produce_to,
    read_topic,
    readback,
    sigkill_and_await_children,
    start_worker,
    stats,
)

TRACES = 60
EVENTS_PER_TRACE = 50  # 3000 events


def _kill(proc: ManagedProcess) -> None:
    """SIGKILL the worker; its prepare child process must not outlive it."""
    sigkill_and_await_children(proc, descendants(proc.pid))


async def test_sigkill_mid_stream_keeps_exactly_once_effect(
    stream_settings: Settings, group: str, workers: list[ManagedProcess], tmp_path: Path
) -> None:
    expected: dict[str, list[tuple[int, str]]] = {}
    waves: list[list] = [[], [], []]
    for i in range(TRACES):
        opened, events, fin = sample_trace(EVENTS_PER_TRACE, seed=5000 + i)
        expected[opened.trace_id] = [(e.seq, e.event_id) for e in events]
        recs = [opened, *batches(opened.trace_id, events, 5), fin]
        # A trace's life spreads over the waves, so kills land inside traces.
        third = len(recs) // 3
        waves[0] += recs[:third]
        waves[1] += recs[third : 2 * third]
        waves[2] += recs[2 * third :]

    def start(name: str) -> ManagedProcess:
        w = start_worker(stream_settings, tmp_path, group=group, name=name, max_records=20)
        workers.append(w)
        return w

    def progressed(name: str, at_least: int, counter: str = "records") -> bool:
        return stats(tmp_path, name).get(counter, 0) >= at_least

    await produce(stream_settings, waves[0])
    # 1: killed mid-stream after a few micro-batches.
    w = start("w1")
    wait_until(lambda: progressed("w1", 60), timeout_s=60, message="w1 progress")
    assert prepare_children(w.pid), "the CPU step runs in a child process"
    _kill(w)
    await produce(stream_settings, waves[1])
    # 2: killed during start-up, before or while joining the group.
    w = start("w2")
    wait_until(lambda: (tmp_path / "w2.log").exists(), timeout_s=10, message="w2 started")
    _kill(w)
    # 3: killed after it published some completions, with the last wave still arriving.
    w = start("w3")
    await produce(stream_settings, waves[2])
    wait_until(lambda: progressed("w3", 10, "published"), timeout_s=60, message="w3 published")
    _kill(w)
    # 4: runs to the end.
    w = start("w4")
    records = await read_topic(
        stream_settings,
        stream_settings.topic_finalized,
        until=lambda recs: set(finalized_ids(recs)) >= set(expected),
        timeout_s=150,
    )
    w.stop(grace_s=10)
    _assert_each_once(stream_settings, expected, records)
    assert sum(map(len, expected.values())) == TRACES * EVENTS_PER_TRACE


def _assert_each_once(
    settings: Settings, expected: dict[str, list[tuple[int, str]]], finalized: list
) -> None:
    """Every trace published once, and every event stored once, in seq order."""
    ids = finalized_ids(finalized)
    dupes = sorted({t for t in ids if ids.count(t) > 1})
    assert not dupes, f"published more than once: {dupes}"
    assert sorted(ids) == sorted(expected)
    stored = readback(settings, expected)
    for trace_id, want in expected.items():
        got = [(s, e) for s, e, _, _ in stored[trace_id]["rows"]]
        assert got == want, f"{trace_id}: stored {len(got)} of {len(want)} (or out of order)"
        assert stored[trace_id]["status"] == "complete"


async def test_a_dead_prepare_child_is_replaced_and_nothing_lost_or_doubled(
    stream_settings: Settings, group: str, workers: list[ManagedProcess], tmp_path: Path
) -> None:
    """SIGKILL the worker's prepare child mid-stream: the batches it held (two may be
    queued) are prepared again, in order, by a fresh child; the worker itself goes on."""
    expected: dict[str, list[tuple[int, str]]] = {}
    recs: list = []
    for i in range(20):
        opened, events, fin = sample_trace(EVENTS_PER_TRACE, seed=7000 + i)
        expected[opened.trace_id] = [(e.seq, e.event_id) for e in events]
        recs += [opened, *batches(opened.trace_id, events, 5), fin]
    w = start_worker(stream_settings, tmp_path, group=group, name="w", max_records=20)
    workers.append(w)
    await produce(stream_settings, recs[: len(recs) // 2])
    wait_until(lambda: stats(tmp_path, "w").get("records", 0) >= 40, timeout_s=60,
               message="worker progress")  # fmt: skip
    (child,) = prepare_children(w.pid)
    os.kill(child, signal.SIGKILL)
    await produce(stream_settings, recs[len(recs) // 2 :])
    records = await read_topic(
        stream_settings,
        stream_settings.topic_finalized,
        until=lambda recs: set(finalized_ids(recs)) >= set(expected),
        timeout_s=120,
    )
    assert w.popen.poll() is None, "the worker itself kept running"
    w.stop(grace_s=10)
    _assert_each_once(stream_settings, expected, records)
    assert "prepare child process died" in (tmp_path / "w.log").read_text()


async def test_completion_published_before_a_crash_is_not_published_again(
    stream_settings: Settings, group: str, workers: list[ManagedProcess], tmp_path: Path
) -> None:
    """The publish-then-mark window: TraceFinalized on the topic, status not yet stored.

    A worker killed between the broker's ack and the ClickHouse mark leaves exactly this
    state; the restarted worker must find the record on the finalized topic's tail.
    """
    from schemas.models import TraceFinalized

    opened, events, fin = sample_trace(12, seed=777)
    crashed = TraceFinalized(
        trace_id=opened.trace_id, finalized_at_ms=fin.finalized_at_ms, seq_last=12,
        event_count=12,
    )  # fmt: skip
    other_opened, other_events, other_fin = sample_trace(5, seed=778)
    await produce_to(stream_settings, stream_settings.topic_finalized, [crashed])
    await produce(
        stream_settings,
        [opened, *batches(opened.trace_id, events, 4), fin,
         other_opened, *batches(other_opened.trace_id, other_events, 5), other_fin],
    )  # fmt: skip
    workers.append(start_worker(stream_settings, tmp_path, group=group))
    records = await read_topic(
        stream_settings,
        stream_settings.topic_finalized,
        until=lambda recs: other_opened.trace_id in finalized_ids(recs),
    )
    workers[0].stop(grace_s=10)
    assert sorted(finalized_ids(records)) == sorted([opened.trace_id, other_opened.trace_id])
    stored = readback(stream_settings, [opened.trace_id])
    assert stored[opened.trace_id]["status"] == "complete", "the skipped publish is marked"
