"""Serve an ASGI app on a free loopback port in a thread: real HTTP for the tests."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import uvicorn

from fixtrace.local_services import free_port


@contextmanager
def serve(app: Any, *, start_timeout_s: float = 15.0, **config: Any) -> Iterator[str]:
    """Run ``app`` with uvicorn until the block ends; yields its base URL. ``config`` goes
    to ``uvicorn.Config`` (e.g. ``log_config=None`` to leave logging to the caller)."""
    port = free_port()
    config = {"log_level": "warning", **config}
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, **config))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + start_timeout_s
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.02)
    assert server.started, "test server did not start"
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(10)
