"""Loopback networking and blocking helpers shared by the local services."""

from __future__ import annotations

import asyncio
import concurrent.futures
import socket
from collections.abc import Coroutine
from typing import Any, TypeVar

from fixtrace.procs import ManagedProcess
from fixtrace.waiting import wait_until
from fixtrace_config.discovery import tcp_answers

LOOPBACK = "127.0.0.1"
_T = TypeVar("_T")


class LocalServicesError(RuntimeError):
    """A local service did not start or could not be set up."""


def free_port(host: str = LOOPBACK) -> int:
    """A port that was free a moment ago (callers must tolerate losing the race)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((host, 0))
        return int(sock.getsockname()[1])


def port_open(host: str, port: int) -> bool:
    """Whether ``host:port`` accepts a TCP connection right now (within half a second)."""
    return tcp_answers(host, port, timeout_s=0.5)


def wait_for_port(
    host: str, port: int, *, timeout_s: float = 15.0, proc: ManagedProcess | None = None
) -> None:
    """Poll until ``host:port`` accepts connections; fail fast if ``proc`` dies meanwhile."""

    def ready() -> bool:
        if port_open(host, port):
            return True
        if proc is not None and not proc.alive():
            raise LocalServicesError(
                f"{proc.name} exited with {proc.popen.returncode} before opening "
                f"{host}:{port}:\n{proc.log_tail()}"
            )
        return False

    try:
        wait_until(ready, timeout_s=timeout_s, message=f"{host}:{port} listening")
    except TimeoutError as exc:
        raise LocalServicesError(str(exc)) from None


def run_blocking(coro: Coroutine[Any, Any, _T]) -> _T:
    """Run ``coro`` to completion on a private loop in a worker thread.

    Safe from sync code and from inside a running loop (e.g. a pytest-asyncio test), where
    ``asyncio.run`` would refuse or would replace the caller's current loop.
    """
    with concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="fixtrace-run") as pool:
        return pool.submit(asyncio.run, coro).result()
