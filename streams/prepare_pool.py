"""Where the CPU step runs: a child process (the default on 2+ cores) or a worker thread.

Why a child process: the GIL lets a Python worker use one core, and the CPU step
(:mod:`streams.prepare`) is most of its CPU. With it in a child, the main process keeps
faust's dispatch, the ClickHouse insert and the decisions, and the two overlap on two
cores (bench/stream_bench.py shows both figures). Batches go through one child (or one
thread) strictly in submission order, so the redaction memo stays warm and the consent
flags it learned from TraceOpened records apply to every later batch.

A child that dies (OOM killer, a bug) breaks the pool: every batch submitted to it fails
with ``BrokenProcessPool``, :meth:`PreparePool.replace_broken` starts a fresh child, and
the caller resubmits those batches in their original order (the step is a pure function
of its inputs). The child dies with the worker: it asks the kernel for SIGKILL when its
parent goes (PDEATHSIG), so a SIGKILLed worker leaves nothing behind.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import functools
import inspect
import logging
import multiprocessing
import os
import signal
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass

from fixtrace_config import Settings
from fixtrace_config.gc_tuning import STREAM_THRESHOLDS, tune_gc
from schemas.models import ConsentFlags
from sinks.blobs import S3Endpoint, open_blob_store
from streams.decode import Source
from streams.prepare import Prepared, Preparer
from streams.redact import RedactionConfig, Redactor
from streams.redact.models import Mode

log = logging.getLogger(__name__)

_PR_SET_PDEATHSIG = 1


@dataclass(frozen=True)
class PrepareSetup:
    """Everything a :class:`Preparer` is built from (picklable: it crosses to the child)."""

    settings: Settings
    redaction_mode: Mode

    def build(self) -> Preparer:
        return Preparer(
            Redactor(RedactionConfig(mode=self.redaction_mode)),
            open_blob_store(
                self.settings.resolved_blob_url, S3Endpoint.from_settings(self.settings)
            ),
            self.settings.inline_limit_bytes,
        )


_CHILD: Preparer | None = None


def _die_with_parent(parent_pid: int) -> None:
    """Linux: SIGKILL this process when the parent exits (no-op elsewhere).

    The death signal only covers a parent that dies after it is set. A worker killed while
    this child was still importing has already gone, so the child checks its parent once
    more afterwards and leaves at once if it is an orphan (it would otherwise sit on the
    pool's queue, and keep multiprocessing's resource tracker alive, for good)."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
    except (OSError, AttributeError):  # not Linux: the pool's own EOF handling remains
        return
    if os.getppid() != parent_pid:
        os._exit(1)


def _init_child(setup: PrepareSetup, parent_pid: int) -> None:
    global _CHILD
    _die_with_parent(parent_pid)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    _CHILD = setup.build()
    tune_gc(STREAM_THRESHOLDS)


def _run_in_child(
    sources: list[Source],
    consents: dict[str, ConsentFlags | None],
    memory: dict[str, list[tuple[int, str]]] | None = None,
) -> Prepared:
    assert _CHILD is not None, "child not initialised"
    return _CHILD.run(sources, consents, memory)


class PreparePool:
    """Runs :meth:`Preparer.run` in ``procs`` child processes (1 is enough) or, with 0, in
    one thread of this process; either way one batch at a time, in submission order."""

    def __init__(self, setup: PrepareSetup, procs: int) -> None:
        if procs > 1:
            raise ValueError("one child prepares every batch (its consent memory is ordered)")
        self.setup = setup
        self.procs = procs
        self._local = setup.build() if procs == 0 else None
        self._thread = ThreadPoolExecutor(1, thread_name_prefix="prepare") if procs == 0 else None
        self._executor: ProcessPoolExecutor | None = None
        self.generation = 0
        """Bumped when a dead child is replaced: what the old child remembered is gone."""

    @property
    def where(self) -> str:
        """For logs and stats: where the CPU step runs."""
        return "a thread" if self.procs == 0 else "a child process"

    def _pool(self) -> ProcessPoolExecutor:
        if self._executor is None:
            self._executor = ProcessPoolExecutor(
                self.procs,
                mp_context=multiprocessing.get_context("spawn"),  # no fork of faust's threads
                initializer=_init_child,
                initargs=(self.setup, os.getpid()),
            )
        return self._executor

    def submit(
        self,
        sources: list[Source],
        consents: dict[str, ConsentFlags | None],
        memory: dict[str, list[tuple[int, str]]] | None = None,
    ) -> asyncio.Future[Prepared]:
        """Queue a batch (call from the event loop); batches run in the order submitted."""
        if self._local is not None and self._thread is not None:
            run = self._local.run
            return asyncio.wrap_future(self._thread.submit(run, sources, consents, memory))
        executor = self._pool()
        future = executor.submit(_run_in_child, sources, consents, memory)
        close_parents_result_writer(executor)
        return asyncio.wrap_future(future)

    def replace_broken(self) -> None:
        """Drop a pool whose child died; the next :meth:`submit` starts a fresh child."""
        log.error("the prepare child process died; starting a new one")
        self.generation += 1
        self.close()

    async def warm_up(self) -> None:
        """Start the child now (its imports take a second, far longer on a busy machine)
        instead of on the first batch.

        On the event loop, like :meth:`submit`, never in a helper thread: the pool is made
        lazily by whoever submits first, and a warm-up in a thread racing the first batch
        made two pools with a child each. The child's parent-death signal also follows the
        thread that started it, so the loop's thread is the one to start it.
        """
        if self.procs:
            await self.submit([], {})

    def close(self) -> None:
        if self._executor is not None:
            if getattr(self._executor, "_broken", False):
                _release_dead_childs_pipe(self._executor)
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None


def close_parents_result_writer(executor: ProcessPoolExecutor) -> None:
    """Close this process's copy of the result pipe's write end once the child has it.

    Why: ``ProcessPoolExecutor``'s result queue is a pipe made here, and this process kept
    its write end though only the child writes. A child killed while writing a result
    larger than the pipe's buffer left a partial message: the pool's manager thread then
    waited in ``recv`` for bytes no one would send (this process could still have sent
    them), so the death was never noticed and the worker stopped for good
    (``test_a_dead_prepare_child_is_replaced…`` hung in a loaded full-suite run). With
    only the child holding it, its death is an EOF there, and the pool breaks as it should.
    Called after a submit: the spawned child has inherited its copy by then; one child
    per pool, never respawned (a dead child breaks the pool, which is replaced whole).
    """
    writer = getattr(getattr(executor, "_result_queue", None), "_writer", None)
    if writer is not None and not writer.closed and getattr(executor, "_processes", None):
        writer.close()


@functools.cache
def _pool_closes_its_reader() -> bool:
    """Whether this Python's process pool closes the call pipe's read end when it breaks."""
    from concurrent.futures.process import _ExecutorManagerThread

    return "_reader.close" in inspect.getsource(_ExecutorManagerThread.terminate_broken)


def _release_dead_childs_pipe(executor: ProcessPoolExecutor) -> None:
    """Fail the write of a batch to a child that died instead of blocking on it forever.

    CPython before 3.12 (gh-94777): this process holds the call pipe's read end too, so a
    batch larger than the pipe's buffer, sent as the child died, blocks the pool's feeder
    thread for good, and with it the pool's shutdown and this interpreter's exit (the test
    process hung at exit after ``test_a_dead_child_is_replaced_and_the_batch_prepared``).
    Closing our read end makes that write fail, as CPython 3.12's ``terminate_broken`` does.
    Skipped where the pool's own manager thread already closes it (the fix is backported to
    3.11.7 but not to Debian's 3.11.2): closing it twice from two threads raced, and the
    loser's close hit a closed, possibly reused, descriptor (EBADF in the manager thread).
    """
    if _pool_closes_its_reader():
        return
    reader = getattr(getattr(executor, "_call_queue", None), "_reader", None)
    if reader is not None:
        with contextlib.suppress(OSError):
            reader.close()
