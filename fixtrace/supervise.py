"""What `fixtrace up` does about its own children and its own stop.

Why here and not in the faust worker: the broker is a child process the stack started, so
the stack owns its life. A dead broker is restarted on the same port with its data (running
clients reconnect to the address they know; with durable storage nothing is lost), the
state change is logged once and written where `fixtrace status` reads it, and the Kafka
clients' own reconnect errors (dozens a second while the broker is gone) are held back
until it is back. A stop request must end the process within a bound in every state: the
clients' shutdown can wait on a broker that is gone, so a deadline ends it by force, which
loses nothing (acknowledged records are durable, offsets are committed only after storing).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import os
import signal
import threading
from collections.abc import Callable
from typing import Any

import mode

from fixtrace.local_services.kafka import Broker, start_broker
from fixtrace.local_services.net import LocalServicesError
from fixtrace_config.health import HealthFile

log = logging.getLogger("fixtrace.up")

CHECK_S = 0.2
"""How often the broker's process is looked at."""
STOP_DEADLINE_S = 12.0
"""After a stop request, the process ends by force once this much time has passed."""
QUIET_LOGGERS = ("aiokafka", "faust", "mode", "kafka")
STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)


class BrokerDownFilter(logging.Filter):
    """Drops the Kafka clients' warnings and errors while the broker is known to be down:
    the supervisor says it once, and they would repeat it many times a second."""

    def __init__(self) -> None:
        super().__init__()
        self.broker_down = False
        self.dropped = 0

    def filter(self, record: logging.LogRecord) -> bool:
        if self.broker_down and record.name.startswith(QUIET_LOGGERS):
            self.dropped += 1
            return False
        return True


class BrokerSupervisor(mode.Service):
    """Restarts the stack's broker when its process (or its storage server) dies."""

    def __init__(self, stack: Any, data_dir: Any, **kwargs: Any) -> None:
        self.stack = stack
        self.data_dir = data_dir
        self.health = HealthFile(data_dir, "broker")
        self.quiet = BrokerDownFilter()
        self.restarts = 0
        self._starting: concurrent.futures.Future[Broker] | None = None
        super().__init__(**kwargs)

    async def on_start(self) -> None:
        for handler in logging.getLogger().handlers:
            handler.addFilter(self.quiet)
        self.health.set("ok", self._describe(self.stack.broker))

    async def on_stop(self) -> None:
        self.health.remove()

    async def on_shutdown(self) -> None:
        """Stop a broker a restart was still starting when the stack stopped: its task was
        cancelled, its thread was not, and nothing else knows the processes it started (a
        storage server outlived the stack a test had stopped during a restart)."""
        starting, self._starting = self._starting, None
        if starting is not None:
            await asyncio.to_thread(_stop_when_started, starting)

    def _describe(self, broker: Broker | None) -> str:
        if broker is None:
            return ""
        store = f", storage pid {broker.store.pid}" if broker.store is not None else ""
        return f"{broker.bootstrap}, pid {broker.process.pid}{store} ({broker.storage})"

    @mode.Service.task
    async def _watch(self) -> None:
        while not self.should_stop:
            await self.sleep(CHECK_S)
            broker: Broker | None = self.stack.broker
            if broker is None or broker.alive() or self.should_stop:
                continue
            await self._restart(broker)

    async def _restart(self, dead: Broker) -> None:
        code = dead.process.popen.poll()
        log.error(
            "the broker stopped (pid %s, exit %s); restarting it on %s with its data",
            dead.process.pid, code, dead.bootstrap,
        )  # fmt: skip
        self.quiet.broker_down = True
        self.health.set("down", f"restarting on {dead.bootstrap} (exit {code})")
        delay = 0.5
        while not self.should_stop:
            dead.stop()  # whatever half of it still runs (broker or its storage server)
            starting = self._starting = _STARTER.submit(
                start_broker, self.data_dir, port=dead.port, storage=dead.storage
            )
            try:
                broker = await asyncio.wrap_future(starting)
            except LocalServicesError as exc:
                self._starting = None
                self.health.set("down", f"restart on {dead.bootstrap} failed: {exc}"[:300])
                await self.sleep(delay)
                delay = min(delay * 2, 10.0)
                continue
            self._starting = None
            if self.should_stop:
                broker.stop(grace_s=1.0)  # the stack stopped while it started: not ours to run
                return
            self.stack.broker = broker
            self.restarts += 1
            self.quiet.broker_down = False
            self.health.set("ok", self._describe(broker) + f"; restarted {self.restarts}x")
            log.warning(
                "the broker is back on %s (pid %s; %d Kafka client messages held back)",
                broker.bootstrap, broker.process.pid, self.quiet.dropped,
            )  # fmt: skip
            self.quiet.dropped = 0
            return


_STARTER = concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="broker-restart")
"""Where a restart starts the broker (it blocks until the broker listens): a future of its
own, so a stop can wait for one in flight and stop what it started."""


def _stop_when_started(starting: concurrent.futures.Future[Broker]) -> None:
    """Wait for a restart in flight, then stop the broker it started (nothing if it failed)."""
    try:
        broker = starting.result(timeout=STOP_DEADLINE_S)
    except Exception:  # it failed or is still starting: nothing of it runs that we can reach
        return
    broker.stop(grace_s=1.0)


class StopDeadline:
    """Ends the process by force :attr:`deadline_s` after the first stop request, having
    stopped the children (``on_force``).

    Why armed at the signal and not when the services stop: a stop requested while faust
    is still starting (slow under load) waits for the start, and faust's own stop of its
    consumer can hang on a broker that is gone; a timer armed later than the request
    bounds nothing. The timer runs in a thread, so a busy event loop cannot hold it up.
    """

    def __init__(self, on_force: Callable[[], None], deadline_s: float = STOP_DEADLINE_S) -> None:
        self.on_force = on_force
        self.deadline_s = deadline_s
        self._timer: threading.Timer | None = None
        self._lock = threading.Lock()

    @property
    def armed(self) -> bool:
        return self._timer is not None

    def arm(self) -> None:
        """Start the countdown (once; later calls keep the first deadline)."""
        with self._lock:
            if self._timer is None:
                self._timer = threading.Timer(self.deadline_s, self._force)
                self._timer.daemon = True
                self._timer.start()

    def arm_on_signals(self, signals: tuple[int, ...] = STOP_SIGNALS) -> None:
        """Arm the deadline the moment SIGINT or SIGTERM arrives, whoever handles it.

        The event loop's handlers (faust's) still run: the kernel wakes the loop through
        its wakeup fd whichever Python-level handler is set; this handler only adds the
        timer, and then calls the previous Python-level handler, if any.
        """
        if threading.current_thread() is not threading.main_thread():
            return
        for sig in signals:
            previous = signal.getsignal(sig)

            def on_signal(signum: int, frame: Any, previous: Any = previous) -> None:
                self.arm()
                if callable(previous):
                    previous(signum, frame)

            signal.signal(sig, on_signal)

    def _force(self) -> None:
        log.error("stopping took more than %.0f s; ending the stack by force", self.deadline_s)
        try:
            self.on_force()
        finally:
            os._exit(1)


class DeadlineOnStop:
    """A mode/faust worker whose every stop has a deadline: armed by SIGINT/SIGTERM as they
    arrive (even mid-start), and by any other stop when it begins. Mix in before the
    worker class."""

    stop_deadline: StopDeadline

    def install_signal_handlers(self) -> None:
        super().install_signal_handlers()  # type: ignore[misc]
        self.stop_deadline.arm_on_signals()

    async def on_stop(self) -> None:
        self.stop_deadline.arm()
        await super().on_stop()  # type: ignore[misc]
