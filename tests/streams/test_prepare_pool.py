"""The CPU step gives the same batch in a child process as in a thread, and survives a
dead child.

No broker or ClickHouse here: the step is a function of (records, consent flags) and the
blob store, which is a real filesystem store under the test's folder.
"""

from __future__ import annotations

import asyncio
import os
import signal
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any

import pytest

from bench.samples import sample_trace
from bench.stream_worker import prepare_children
from fixtrace_config import Settings
from schemas.codec import encode
from schemas.models import ConsentFlags, EventBatch
from schemas.payloads import TerminalOutput
from sinks.clickhouse import rows as R
from streams.decode import Source
from streams.prepare import Prepared
from streams.prepare_pool import PreparePool, PrepareSetup
from tests.streams.harness import is_gone

_STAMPS = {R.EVENT_COLUMNS.index("ingested_at_ms"), R.EVENT_COLUMNS.index("version")}


def _take_batch() -> tuple[list[Source], dict[str, ConsentFlags | None]]:
    """Two traces: one opened in the batch, one known by consent only; a duplicate
    resend, an oversized output (claim-check), garbage, a finalize."""
    a_open, a_events, a_fin = sample_trace(40, seed=1)
    b_open, b_events, _ = sample_trace(30, seed=2)
    big = a_events[5].model_copy(
        update={"type": "terminal_output",
                "payload": TerminalOutput(stream="stdout", chunk_text="x" * 300_000)}
    )  # fmt: skip
    a_events[5] = big
    a, b = a_open.trace_id, b_open.trace_id
    values: list[tuple[str | None, bytes]] = [
        (a, encode(a_open)),
        (a, encode(EventBatch(trace_id=a, events=a_events[:20]))),
        (b, encode(EventBatch(trace_id=b, events=b_events[:10]))),
        (a, encode(EventBatch(trace_id=a, events=a_events[10:]))),  # overlaps: duplicates
        ("junk", b"\x00not avro"),
        (b, encode(EventBatch(trace_id=b, events=b_events[10:]))),
        (a, encode(a_fin)),
    ]
    sources = [
        Source("raw", i % 3, i, k.encode() if k else None, v, 0) for i, (k, v) in enumerate(values)
    ]
    consents = {b: ConsentFlags(store_raw_code=False, store_terminal_output=False)}
    return sources, consents


def _comparable(p: Prepared) -> dict[str, Any]:
    columns = [c for i, c in enumerate(p.event_columns) if i not in _STAMPS]
    return {
        "dead": [(d.error_type, d.reason, d.source_offset) for d in p.dead],
        "opened": p.opened, "finals": p.finals, "partitions": p.partitions,
        "seqs": p.seqs, "blobs": p.blobs, "columns": columns, "events": p.events,
    }  # fmt: skip


async def test_child_process_and_thread_prepare_the_same_batch(tmp_path: Path) -> None:
    settings = Settings(data_dir=tmp_path, blob_url=(tmp_path / "blobs").as_uri())
    sources, consents = _take_batch()
    in_thread = PreparePool(PrepareSetup(settings, "redacted"), procs=0)
    in_child = PreparePool(PrepareSetup(settings, "redacted"), procs=1)
    try:
        a = await in_thread.submit(sources, consents)
        b = await in_child.submit(sources, consents)
    finally:
        in_child.close()
    assert _comparable(a) == _comparable(b)
    assert a.events == 40 + 30  # the overlap was sent twice and stored once
    assert [d.source_offset for d in a.dead] == [4]
    assert len(a.blobs) == 1 and a.blobs[0].byte_length == 300_000
    assert sorted(a.seqs) == sorted(a.partitions)


async def test_a_dead_child_is_replaced_and_the_batch_prepared(tmp_path: Path) -> None:
    """What the worker's loop does (streams.scheduler): the batch fails with BrokenProcessPool,
    the pool is replaced, and the resubmitted batch gives the same result."""
    settings = Settings(data_dir=tmp_path, blob_url=(tmp_path / "blobs").as_uri())
    sources, consents = _take_batch()
    pool = PreparePool(PrepareSetup(settings, "redacted"), procs=1)
    try:
        first = await pool.submit(sources, consents)
        (child,) = prepare_children(os.getpid())
        os.kill(child, signal.SIGKILL)
        with pytest.raises(BrokenProcessPool):
            await pool.submit(sources, consents)
        pool.replace_broken()
        again = await pool.submit(sources, consents)
        assert is_gone(child)
    finally:
        pool.close()
    assert _comparable(again) == _comparable(first)


async def test_a_warm_up_beside_the_first_batch_starts_one_child(tmp_path: Path) -> None:
    """The worker warms the child up while its first batch may already be submitted: both
    must land in one pool with one child (two children split the ordered CPU step)."""
    settings = Settings(data_dir=tmp_path, blob_url=(tmp_path / "blobs").as_uri())
    sources, consents = _take_batch()
    pool = PreparePool(PrepareSetup(settings, "redacted"), procs=1)
    try:
        await asyncio.gather(pool.warm_up(), pool.submit(sources, consents))
        assert len(prepare_children(os.getpid())) == 1
    finally:
        pool.close()


async def test_a_child_dying_in_the_middle_of_a_result_breaks_the_pool() -> None:
    """A child killed while writing a large result left a partial message: the pool's
    manager thread waited in ``recv`` for ever, since this process held the pipe's write
    end too, and the worker never noticed the death (a full-suite run hung so). With
    :func:`close_parents_result_writer` the death is an EOF and the submit fails."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    from streams.prepare_pool import close_parents_result_writer
    from tests.streams import pool_children

    executor = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"))
    try:
        await asyncio.wrap_future(executor.submit(pool_children.nothing))
        close_parents_result_writer(executor)
        future = asyncio.wrap_future(executor.submit(pool_children.die_mid_result))
        with pytest.raises(BrokenProcessPool):
            await asyncio.wait_for(future, timeout=60)
    finally:
        executor.shutdown(wait=False, cancel_futures=True)


@pytest.mark.parametrize("parent", ["alive", "gone"])
def test_a_child_whose_worker_died_before_its_death_signal_was_set_leaves(parent: str) -> None:
    """The death signal covers only a parent that dies after the child sets it; a worker
    SIGKILLed while its child was still importing left that child (and multiprocessing's
    resource tracker) running for good, which a full-suite run on CI caught. The child
    compares its parent with the worker it was started by and leaves when they differ, as
    they do once the worker is gone and the child was handed to init."""
    import subprocess
    import sys

    code = (
        "import os, sys\n"
        "from streams.prepare_pool import _die_with_parent\n"
        "_die_with_parent(int(sys.argv[1]))\n"
        "print('stayed')\n"
    )
    started_by = os.getpid() if parent == "alive" else 1 << 22  # a pid no process holds
    done = subprocess.run(
        [sys.executable, "-c", code, str(started_by)],
        capture_output=True, text=True, timeout=60, cwd=Path(__file__).parents[2],
    )  # fmt: skip
    if parent == "alive":
        assert (done.returncode, done.stdout) == (0, "stayed\n"), done.stderr
    else:
        assert (done.returncode, done.stdout) == (1, ""), done.stderr
