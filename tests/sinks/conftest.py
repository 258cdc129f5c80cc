"""ClickHouse store fixtures: one database per test module in the session's chdb folder.

chdb opens one folder per process (tests/conftest.py owns it), so modules isolate by
database instead of by folder.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator

import pytest

from sinks.clickhouse.store import ClickHouseStore


@pytest.fixture(scope="module")
def ch_store(clickhouse_dsn: str, request: pytest.FixtureRequest) -> Iterator[ClickHouseStore]:
    """A migrated store on a fresh database, shared by the tests of one module."""
    module = request.module.__name__.rsplit(".", 1)[-1]
    database = f"t_{module}_{uuid.uuid4().hex[:8]}"
    store = ClickHouseStore.open(clickhouse_dsn, database=database)
    yield store
    store.client.command(f"DROP DATABASE IF EXISTS {database}")
    store.close()
