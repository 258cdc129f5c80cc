"""``fixtrace stop``: stop the running stack from any terminal, as Ctrl-C in its own would.

Why a signal and not an API call: the stack's stop path (services in order, the broker last,
a deadline that ends it by force) is the one Ctrl-C takes, already tested under load; a
second path would be a second thing to keep right. The record found is checked to belong to
the same process (boot id and start time), so a pid reused since is never signalled.
"""

from __future__ import annotations

import os
import signal
import time

from pydantic import BaseModel

from fixtrace.waiting import wait_until
from fixtrace_config import Settings
from fixtrace_config.stack_state import StackState, find_stack, is_live

STOP_WAIT_S = 30.0
"""How long ``stop`` waits; the stack ends itself by force 12 s after the signal."""


class StopError(RuntimeError):
    """The stack did not stop; the message says what to do."""


class Stopped(BaseModel):
    """What ``fixtrace stop`` did."""

    pid: int | None = None
    data_dir: str | None = None
    seconds: float = 0.0

    @property
    def found(self) -> bool:
        return self.pid is not None


def stop_stack(settings: Settings, timeout_s: float = STOP_WAIT_S) -> Stopped:
    """SIGINT the stack ``settings`` finds (as clients find it) and wait until it exits."""
    state: StackState | None = find_stack(settings)
    if state is None:
        return Stopped()
    started = time.monotonic()
    try:
        os.kill(state.pid, signal.SIGINT)
    except ProcessLookupError:  # it ended between the lookup and the signal
        pass
    except PermissionError as exc:
        raise StopError(f"the stack (pid {state.pid}) belongs to another user") from exc
    try:
        wait_until(lambda: not is_live(state), timeout_s=timeout_s, message="stack stopped")
    except TimeoutError as exc:
        raise StopError(
            f"the stack (pid {state.pid}) did not stop within {timeout_s:.0f} s; "
            f"end it with: kill -KILL {state.pid}"
        ) from exc
    return Stopped(
        pid=state.pid,
        data_dir=str(state.data_dir) if state.data_dir else None,
        seconds=round(time.monotonic() - started, 1),
    )
