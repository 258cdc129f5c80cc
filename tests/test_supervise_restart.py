"""A stop that comes while the supervisor restarts a dead broker stops the restarted one too.

Why this test exists: a whole-stack test that killed the broker and its storage server, then
stopped the stack, left a storage server running after the test (found on a CI machine's
process list): the restart's thread went on starting the broker after the stop had cancelled
its task, and nothing else knew the processes it started. The start here is a fake that waits
until the stop has reached the supervisor's shutdown, so that order is certain, not raced.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from pathlib import Path
from types import SimpleNamespace

import pytest

import fixtrace.supervise as supervise


class FakeBroker:
    """What the supervisor reads of a broker, and whether it was stopped."""

    def __init__(self, alive: bool) -> None:
        self.port, self.storage, self.bootstrap, self.store = 1, "durable", "127.0.0.1:1", None
        self.process = SimpleNamespace(pid=1, popen=SimpleNamespace(poll=lambda: -9))
        self._alive = alive
        self.stopped = threading.Event()

    def alive(self) -> bool:
        return self._alive

    def stop(self, grace_s: float = 5.0) -> None:
        self.stopped.set()


def test_a_broker_still_starting_when_the_stack_stops_is_stopped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    dead, restarted = FakeBroker(alive=False), FakeBroker(alive=True)
    entered, shutting_down = threading.Event(), threading.Event()

    def slow_start(data_dir: Path, *, port: int, storage: str) -> FakeBroker:
        entered.set()
        assert shutting_down.wait(10), "the stop never reached the supervisor's shutdown"
        return restarted

    stop_when_started = supervise._stop_when_started

    def at_shutdown(starting: object) -> None:
        shutting_down.set()  # only now may the start finish: its task is already cancelled
        stop_when_started(starting)  # type: ignore[arg-type]

    monkeypatch.setattr(supervise, "start_broker", slow_start)
    monkeypatch.setattr(supervise, "_stop_when_started", at_shutdown)
    stack = SimpleNamespace(broker=dead)

    supervisor = supervise.BrokerSupervisor(stack, tmp_path)

    async def restart_then_stop() -> None:
        await supervisor.start()
        assert await asyncio.to_thread(entered.wait, 10), "the dead broker was not restarted"
        await supervisor.stop()

    try:
        asyncio.run(restart_then_stop())
    finally:  # its log filter, left on this process's handlers, would mute other tests
        for handler in logging.getLogger().handlers:
            handler.removeFilter(supervisor.quiet)
    assert restarted.stopped.is_set()
    assert stack.broker is dead  # the stopped stack never took the late broker on
