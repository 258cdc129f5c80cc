"""open_clickhouse: one code path for chdb (and HTTP), shared per folder, data persists."""

from __future__ import annotations

import subprocess
import sys
import textwrap
import uuid
from pathlib import Path

import pytest

from sinks.clickhouse.client import (
    ChdbFolderInUse,
    ClickHouseDsnError,
    chdb_path,
    close_clickhouse,
    open_clickhouse,
)


def test_create_insert_query(clickhouse_dsn: str) -> None:
    client = open_clickhouse(clickhouse_dsn)
    db = f"t_{uuid.uuid4().hex[:12]}"
    client.command(f"CREATE DATABASE {db}")
    try:
        client.command(
            f"CREATE TABLE {db}.kv (k String, v UInt64, ver UInt32) "
            "ENGINE = ReplacingMergeTree(ver) ORDER BY k"
        )
        client.insert(f"{db}.kv", [["a", 1, 1], ["b", 2, 1], ["a", 10, 2]], ["k", "v", "ver"])
        rows = client.query(
            f"SELECT k, v FROM {db}.kv FINAL WHERE k = {{k:String}} ORDER BY k",
            parameters={"k": "a"},
        ).result_rows
        assert rows == [("a", 10)]
    finally:
        client.command(f"DROP DATABASE {db}")


def test_chdb_client_is_shared_per_folder(chdb_dsn: str) -> None:
    assert open_clickhouse(chdb_dsn) is open_clickhouse(chdb_dsn + "/")
    private = open_clickhouse(chdb_dsn, shared=False)
    try:
        assert private is not open_clickhouse(chdb_dsn)
        assert private.query("SELECT 1").result_rows == [(1,)]
    finally:
        private.close()


def test_second_chdb_folder_in_one_process_is_refused(chdb_dsn: str, tmp_path: Path) -> None:
    open_clickhouse(chdb_dsn)
    with pytest.raises(ChdbFolderInUse):
        open_clickhouse(f"chdb://{tmp_path}")


def test_close_and_reopen_in_process_keeps_data(chdb_dsn: str) -> None:
    table = f"default.reopen_{uuid.uuid4().hex[:12]}"
    client = open_clickhouse(chdb_dsn)
    client.command(f"CREATE TABLE {table} (x UInt32) ENGINE = MergeTree ORDER BY x")
    client.insert(table, [[7], [8]], ["x"])
    close_clickhouse(chdb_dsn)
    reopened = open_clickhouse(chdb_dsn)
    assert reopened is not client
    assert reopened.query(f"SELECT sum(x) FROM {table}").result_rows == [(15,)]


_WRITE = """
from sinks.clickhouse.client import open_clickhouse, close_clickhouse
c = open_clickhouse(DSN)
c.command("CREATE TABLE t (id UInt32, s String) ENGINE = MergeTree ORDER BY id")
c.insert("t", [[1, "one"], [2, "two"]], ["id", "s"])
close_clickhouse()
"""
_READ = """
from sinks.clickhouse.client import open_clickhouse
print(open_clickhouse(DSN).query("SELECT id, s FROM t ORDER BY id").result_rows)
"""


def _run(code: str, dsn: str) -> str:
    script = f"DSN = {dsn!r}\n" + textwrap.dedent(code)
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_persists_across_processes(tmp_path: Path) -> None:
    """A fresh process (the engine locks a folder per process) reads what another wrote."""
    dsn = f"chdb://{tmp_path / 'ch'}"
    _run(_WRITE, dsn)
    assert _run(_READ, dsn) == "[(1, 'one'), (2, 'two')]"


@pytest.mark.parametrize(
    "dsn", ["chdb://relative/path", "chdb://host/abs", "tcp://localhost:9000", "clickhouse"]
)
def test_bad_dsns_are_refused(dsn: str) -> None:
    with pytest.raises(ClickHouseDsnError):
        open_clickhouse(dsn)


def test_chdb_path_normalizes() -> None:
    assert chdb_path("chdb:///tmp/x/../y/") == "/tmp/y"
    assert chdb_path("http://localhost:8123") is None
