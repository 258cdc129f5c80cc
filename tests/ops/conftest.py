"""Fixtures of the ops tests: a chdb database with two traces, served by the admin route.

The HTTP path is what operators use while ``fixtrace up`` owns the chdb folder, so the
CLI tests go through a real uvicorn server running ``admin_router`` over the store, found
through a ``stack.json`` that names this (live) process.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
import typer
from fastapi import FastAPI
from rich.console import Console

from fixtrace.ops.admin_api import admin_router
from fixtrace_config import Settings
from fixtrace_config.stack_state import STATE_FILE, StackState
from sinks.clickhouse.store import ClickHouseStore
from tests.asgi_server import serve
from tests.ops.sample import store_sample

TOKEN = "ops-test-token"


class Sample:
    """The stored sample: ids, store, blob folder and database name."""

    def __init__(
        self, store: ClickHouseStore, blob_root: Path, database: str, ids: tuple[str, str]
    ):
        self.store, self.blob_root, self.database = store, blob_root, database
        self.fixed, self.broken = ids


@pytest.fixture(scope="module")
def sample(clickhouse_dsn: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Sample]:
    """A fresh database holding the two sample traces and their patch blob."""
    database = f"ops_{uuid.uuid4().hex[:8]}"
    store = ClickHouseStore.open(clickhouse_dsn, database=database)
    blob_root = tmp_path_factory.mktemp("ops-blobs")
    ids = store_sample(store, blob_root, uuid.uuid4().hex[:6])
    yield Sample(store, blob_root, database, ids)
    store.close()


@pytest.fixture(scope="module")
def admin_url(sample: Sample) -> Iterator[str]:
    """A real HTTP server with ``/admin/sql`` over the sample store."""
    app = FastAPI()
    app.include_router(admin_router(lambda: sample.store, [TOKEN]))
    with serve(app) as url:
        yield url


@pytest.fixture()
def stack_env(
    admin_url: str, sample: Sample, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Settings:
    """Environment of a CLI run while a stack is up: stack.json names this live process."""
    data_dir = tmp_path / "data"
    data_dir.mkdir()
    state = StackState(pid=os.getpid(), gateway_url=admin_url, kafka_bootstrap="127.0.0.1:1",
                       fleet_token=TOKEN)  # fmt: skip
    (data_dir / STATE_FILE).write_text(state.model_dump_json())
    monkeypatch.setenv("FIXTRACE_DATA_DIR", str(data_dir))
    monkeypatch.setenv("FIXTRACE_BLOB_URL", sample.blob_root.resolve().as_uri())
    return Settings()


@pytest.fixture(autouse=True)
def wide_consoles(monkeypatch: pytest.MonkeyPatch) -> None:
    """Wide, uncoloured consoles, so table cells are not wrapped in assertions."""
    from fixtrace.ops import dlq_cli, export, sql_cli, traces_cli

    for module in (dlq_cli, sql_cli, traces_cli):
        monkeypatch.setattr(module, "console", Console(width=250, no_color=True))
    monkeypatch.setattr(export, "err", Console(width=250, no_color=True, stderr=True))


@pytest.fixture(scope="session")
def ops_app() -> typer.Typer:
    """The root ``fixtrace`` app (the ops commands are mounted on it)."""
    from fixtrace.cli import app

    return app
