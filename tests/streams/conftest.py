"""Fixtures for stream tests: a private chdb folder and blob folder per test, own topics."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from fixtrace.procs import ManagedProcess
from fixtrace_config import Settings


@pytest.fixture()
def stream_settings(unique_topics: Settings, tmp_path: Path) -> Settings:
    """Fresh topics, a chdb folder only the worker processes open, a blob folder."""
    return unique_topics.model_copy(
        update={
            "clickhouse_dsn": f"chdb://{(tmp_path / 'ch').resolve()}",
            "blob_url": (tmp_path / "blobs").resolve().as_uri(),
            "gap_timeout_s": 3.0,
        }
    )


@pytest.fixture()
def group() -> str:
    """A consumer group of this test alone."""
    return f"streams-test-{uuid.uuid4().hex[:8]}"


@pytest.fixture()
def workers() -> Iterator[list[ManagedProcess]]:
    """Worker processes a test started; stopped (SIGTERM, then SIGKILL) afterwards.

    Each worker's log tail is printed at teardown: pytest shows it only when the test
    failed, which is when it is needed (the test's tmp dir may be gone by the time
    someone looks)."""
    procs: list[ManagedProcess] = []
    yield procs
    for p in procs:
        p.stop(grace_s=10)
        print(f"--- {p.name} log tail ---\n{p.log_tail(8000)}")
